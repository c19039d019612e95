"""Good-Turing: the count-of-counts table and Katz's discounts.

N_r is the number of distinct n-grams seen exactly r times.  Good-Turing replaces a count r by

    r* = (r + 1) N_{r+1} / N_r,

so the n-grams seen once give their mass to the unseen: P(unseen, all together) = N_1 / N.
Katz (1987) keeps counts above k (5) as they are and discounts r ≤ k by

    d_r = (r*/r − (k+1) N_{k+1}/N_1) / (1 − (k+1) N_{k+1}/N_1),

chosen so that the mass taken from the seen n-grams is exactly N_1 / N.  On a small corpus the
N_r are ragged (N_{r+1} = 0 gives r* = 0) and some d_r leave (0, 1]; then k is lowered until
every d_r fits (k = 1 always gives d_1 = 0, so it never does).  With no k left (``k`` = 0)
``discount`` is all ones and the estimators use the Simple Good-Turing discounts below.

The raw r* are ragged wherever N_r is small or not falling (the zh-en grammar's n-grams have
N_2 > N_1, so r* > r for r = 1).  Simple Good-Turing (Gale & Sampson 1995) smooths them: with
q < r < t the neighbouring non-zero counts, Z_r = N_r / (½(t − q)) (t = 2r − q for the last r),
a least-squares line log Z_r = a + b log r, and

    r* = (r + 1) N_{r+1}/N_r   while it differs from y = r (1 + 1/r)^(b+1) by more than
         1.96 √((r + 1)² N_{r+1}/N_r² (1 + N_{r+1}/N_r)), then y for every larger r;
    P(unseen, all together) = N_1/N,   p_r = (1 − N_1/N) r* / Σ_r N_r r*.

``sgt_discount`` is p_r·N/r, the factor the estimators apply to a count r, capped at 1 so that
no context can give out more than it has (engine.ngram.estimators); 1 when every n-gram was
seen once (p_r = 0).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

KATZ_K = 5


@dataclass(frozen=True)
class CountOfCounts:
    """Rows r = 1 … max count: N_r, r* (Good-Turing), d_r (Katz, 1 above k)."""

    r: np.ndarray
    n_r: np.ndarray
    r_star: np.ndarray
    discount: np.ndarray
    k: int  # Katz's cut-off actually used (0: none fits; then ``discount`` is all ones)
    total: int  # N, the sum of the counts
    sgt_r_star: np.ndarray  # Simple Good-Turing r* (0 where N_r = 0)
    sgt_probability: np.ndarray  # p_r of one n-gram seen r times
    slope: float  # b of log Z_r = a + b log r
    intercept: float

    @property
    def sgt_discount(self) -> np.ndarray:
        """min(1, p_r N / r) for r = 1 … max."""
        if not len(self.r):
            return np.zeros(0)
        d = self.sgt_probability * self.total / self.r
        # Every n-gram seen once (N_1 = N): p_r is 0; keep the counts rather than drop them all.
        return np.where(d > 0, np.minimum(1.0, d), 1.0)

    def sgt_discount_of(self, counts: np.ndarray) -> np.ndarray:
        """Simple Good-Turing's discount of each count."""
        table = np.concatenate([[1.0], self.sgt_discount, [1.0]])
        return table[np.minimum(counts, len(table) - 1)]

    def katz_discount_of(self, counts: np.ndarray) -> np.ndarray:
        """Katz's d_r when a cut-off fits, else Simple Good-Turing's for every r (counts above 5
        kept whole would leave a context of frequent words nothing to give its unseen ones)."""
        return self.discount_of(counts) if self.k else self.sgt_discount_of(counts)

    @property
    def unseen_mass(self) -> float:
        """N_1 / N: Good-Turing's probability of all unseen n-grams together."""
        return float(self.n_r[0] / self.total) if self.total and len(self.n_r) else 0.0

    def discount_of(self, counts: np.ndarray) -> np.ndarray:
        """d_r for each count (1 for counts above the table or 0)."""
        table = np.concatenate([[1.0], self.discount, [1.0]])
        return table[np.minimum(counts, len(table) - 1)]


def katz_discounts(n_r: np.ndarray, k: int = KATZ_K) -> tuple[np.ndarray, int]:
    """d_1 … d_max from N_1 … N_max (n_r[0] is N_1), and the k used."""
    if not len(n_r) or n_r[0] == 0:  # nothing seen, or no singletons: no mass to move
        return np.ones(len(n_r)), 0
    r = np.arange(1, len(n_r))
    # r*/r below the largest count; a row with N_r = 0 only needs a non-zero denominator: it
    # never fits (d_{r−1} ≤ 0)
    ratio = (r + 1) * n_r[1:] / (np.maximum(n_r[:-1], 1) * r)
    # k = the largest count would give it d = 0 (no N_{k+1}), and k = 1 always d_1 = 0: neither fits
    for cut in range(min(k, len(n_r) - 1), 1, -1):
        common = (cut + 1) * n_r[cut] / n_r[0]
        if common >= 1.0:
            continue
        d = (ratio[:cut] - common) / (1.0 - common)
        if np.all((d > 0) & (d <= 1)):
            return np.concatenate([d, np.ones(len(n_r) - cut)]), cut
    return np.ones(len(n_r)), 0


def count_of_counts(counts, k: int = KATZ_K) -> CountOfCounts:
    """The table for these counts (zeros are ignored: they are the unseen)."""
    counts = np.asarray(counts, dtype=np.int64)
    n_r = np.bincount(counts)[1:]  # bin 0, the unseen, dropped
    r = np.arange(1, len(n_r) + 1)
    n_next = np.concatenate([n_r[1:], [0]])
    r_star = np.where(n_r > 0, (r + 1) * n_next / np.maximum(n_r, 1), 0.0)
    discount, used = katz_discounts(n_r, k)
    sgt, slope, intercept = simple_good_turing(n_r)
    total = int(counts.sum())
    # p_r = (1 − N_1/N) r* / Σ N_r r*; Σ N_r r* > 0 whenever something was seen (every r* > 0)
    probability = (1 - n_r[0] / total) * sgt / np.sum(n_r * sgt) if total else np.zeros(0)
    return CountOfCounts(r, n_r, r_star, discount, used, total, sgt, probability, slope, intercept)


def simple_good_turing(n_r: np.ndarray) -> tuple[np.ndarray, float, float]:
    """(r* for r = 1 … max, slope b, intercept a) by Gale & Sampson's rule; with fewer than two
    distinct counts there is no line: r* = r."""
    rs = np.flatnonzero(n_r) + 1
    r_star = np.zeros(len(n_r))
    if len(rs) < 2:
        r_star[rs - 1] = rs
        return r_star, -1.0, 0.0
    _, z = averaged_counts(n_r)
    slope, intercept = np.polyfit(np.log(rs), np.log(z), 1)
    turing = True
    for r in rs:
        n = float(n_r[r - 1])
        y = r * (1 + 1 / r) ** (slope + 1)
        n_next = float(n_r[r]) if r < len(n_r) else 0.0
        if turing and n_next > 0:
            x = (r + 1) * n_next / n
            spread = 1.96 * np.sqrt((r + 1) ** 2 * n_next / n ** 2 * (1 + n_next / n))
            if abs(x - y) > spread:
                r_star[r - 1] = x
                continue
        turing = False
        r_star[r - 1] = y
    return r_star, float(slope), float(intercept)


def averaged_counts(n_r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(the r with N_r > 0, Z_r = N_r / (½(t − q))): N_r spread over the gap around r, q and t
    the neighbouring non-zero counts (q = 0 before the first, t = 2r − q after the last); at
    least one N_r > 0."""
    rs = np.flatnonzero(n_r) + 1
    q = np.concatenate([[0], rs[:-1]])
    t = np.concatenate([rs[1:], [2 * rs[-1] - q[-1]]])
    return rs, n_r[rs - 1] / (0.5 * (t - q))
