"""Good-Turing: the count-of-counts table and Katz's discounts.

N_r is the number of distinct n-grams seen exactly r times.  Good-Turing replaces a count r by

    r* = (r + 1) N_{r+1} / N_r,

so the n-grams seen once give their mass to the unseen: P(unseen, all together) = N_1 / N.
Katz (1987) keeps counts above k (5) as they are and discounts r ≤ k by

    d_r = (r*/r − (k+1) N_{k+1}/N_1) / (1 − (k+1) N_{k+1}/N_1),

chosen so that the mass taken from the seen n-grams is exactly N_1 / N.  On a small corpus the
N_r are ragged (N_{r+1} = 0 gives r* = 0) and some d_r leave (0, 1]; then k is lowered until
every d_r fits (k = 1 always gives d_1 = 0, so it never does).  With no k left (``k`` = 0) the
plain Good-Turing ratio d_r = r*/r is used for r ≤ 5 where it lies in (0, 1], and 1 elsewhere:
then the mass freed is less than N_1/N, but unseen words still get some.
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
    k: int  # Katz's cut-off actually used (0: none fits, plain r*/r where it is in (0, 1])
    total: int  # N, the sum of the counts

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
    r = np.arange(1, len(n_r) + 1, dtype=float)
    n_next = np.concatenate([n_r[1:], [0]]).astype(float)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(n_r > 0, (r + 1) * n_next / np.where(n_r > 0, n_r, 1) / r, 1.0)
    for cut in range(min(k, len(n_r)), 0, -1):
        n_cut_next = float(n_r[cut]) if cut < len(n_r) else 0.0
        common = (cut + 1) * n_cut_next / float(n_r[0]) if n_r[0] else 1.0
        if common >= 1.0:
            continue
        d = (ratio[:cut] - common) / (1.0 - common)
        if np.all((d > 0) & (d <= 1)):
            return np.concatenate([d, np.ones(len(n_r) - cut)]), cut
    plain = ratio.copy()
    plain[k:] = 1.0
    return np.where((plain > 0) & (plain <= 1), plain, 1.0), 0


def count_of_counts(counts, k: int = KATZ_K) -> CountOfCounts:
    """The table for these counts (zeros are ignored: they are the unseen)."""
    counts = np.asarray(counts, dtype=np.int64)
    counts = counts[counts > 0]
    n_r = np.bincount(counts)[1:] if len(counts) else np.zeros(0, np.int64)
    r = np.arange(1, len(n_r) + 1)
    n_next = np.concatenate([n_r[1:], [0]])
    with np.errstate(divide="ignore", invalid="ignore"):
        r_star = np.where(n_r > 0, (r + 1) * n_next / np.where(n_r > 0, n_r, 1), 0.0)
    discount, used = katz_discounts(n_r, k)
    return CountOfCounts(r, n_r, r_star, discount, used, int(counts.sum()))
