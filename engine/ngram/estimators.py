"""The estimators of P(w | h): each turns the count tables into probabilities for a batch of
(context, word) pairs at once (numpy, no loop over pairs).

``Lookup`` holds, for each order k = 1 … n, the row of the pair's context (the last k−1 words;
row 0 of the one empty context for k = 1) and of the k-gram itself (−1 where unseen).  ``O`` is
the number of outcomes (vocabulary, ``<UNK>`` and ``</s>``; under nltk's convention ``<s>`` too).

Formulas (c = count, c(h·) = Σ_w c(h w), N1+(h·) = number of distinct w after h):

* MLE:        c(h w) / c(h·)                       (0 when h was never seen, as nltk)
* add-δ:      (c(h w) + δ) / (c(h·) + δ·O)          (add-one: δ = 1; nltk's Lidstone(γ = δ))
* Good-Turing: d_c·c(h w) / c(h·) for seen w, d_r = min(1, p_r N / r) from Simple Good-Turing
  over the order's count-of-counts (engine.ngram.goodturing); the mass left, 1 − Σ_seen, shared
  equally by the words unseen after h (none left: they get 0); unseen h: uniform.
* Katz back-off: seen: d_c·c(h w)/c(h·) with Katz's d_r (k = 5; Simple Good-Turing's where
  no cut-off fits); unseen: α(h)·P_Katz(w | h′), h′ = h without its first
  word, α(h) = (1 − Σ_seen d·c/c(h·)) / (1 − Σ_seen P_Katz(w | h′)); the unigram level is the
  Good-Turing one above.  Unseen h: P_Katz(w | h′).
* naive back-off (the notes): c(h w)/c(h·) if c(h w) > 0, else the same one order lower, down to
  the unigram MLE.  Not a distribution: its sum over w is shown, not fixed.
* linear interpolation: Σ_k λ_k P_k(w | last k−1 words), P_0 = 1/O and P_k the MLE of order k;
  where the order-k context was never seen, P_k is taken one order lower (its λ moves down).
* interpolated Kneser-Ney (Chen & Goodman 1998):
      P_k(w | h) = max(a(h w) − D_k, 0)/a(h·) + D_k·N1+(h·)/a(h·) · P_{k−1}(w | h′),  P_0 = 1/O,
  with a = the raw count at the highest order and for n-grams that start with <s>, else the
  continuation count N1+(· h w) (distinct words seen before it); unseen h: P_{k−1}.
  D_k = n1/(n1 + 2 n2) of order k's a-counts unless one D is given.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.ngram.counts import NgramCounts
from engine.ngram.goodturing import count_of_counts
from engine.ngram.progress import QUIET, STATISTICS, Progress


@dataclass(frozen=True)
class Lookup:
    contexts: tuple[np.ndarray, ...]  # contexts[k - 1]: row in order k−1 (−1: unseen)
    grams: tuple[np.ndarray, ...]  # grams[k - 1]: row in order k (−1: unseen)


def gather(values: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """values[rows], 0 where the row is −1."""
    if not len(values):
        return np.zeros(len(rows))
    return np.where(rows >= 0, values[np.maximum(rows, 0)], 0)


def ratio(numerator, denominator) -> np.ndarray:
    """numerator / denominator, 0 where the denominator is 0 (no warning)."""
    numerator, denominator = np.asarray(numerator), np.asarray(denominator)
    out = np.zeros(np.broadcast(numerator, denominator).shape)  # true division: float64 whatever they are
    return np.divide(numerator, denominator, out=out, where=denominator != 0)


class Statistics:
    """Per order: c(h·) and N1+(h·) for every context row."""

    def __init__(self, counts: NgramCounts, progress: Progress = QUIET):
        self.counts = counts
        self.totals = []
        for k in range(1, counts.order + 1):
            progress(STATISTICS, k - 1, counts.order)
            table = counts.table(k)
            # integers (int32 below 2^31 positions): exact, and half a float64's bytes
            self.totals.append(table.per_context(table.count, counts.contexts(k), table.count.dtype))
        progress(STATISTICS, counts.order, counts.order)

    @cached_property
    def types(self) -> list[np.ndarray]:
        """N1+(h·) per order, made when an estimator first needs it (Good-Turing, Katz): MLE and
        add-δ never do, and a big text's top order has millions of contexts."""
        return [table.per_context(table.count > 0, self.counts.contexts(table.order), table.count.dtype)
                for table in self.counts.tables]

    def at(self, k: int, lookup: Lookup):
        """(c(h w), c(h·)) of each pair at order k."""
        table = self.counts.table(k)
        return gather(table.count, lookup.grams[k - 1]), gather(self.totals[k - 1], lookup.contexts[k - 1])

    def types_at(self, k: int, lookup: Lookup) -> np.ndarray:
        """N1+(h·) of each pair's context at order k."""
        return gather(self.types[k - 1], lookup.contexts[k - 1])


class Estimator:
    name = ""
    sums_to_one = True

    def fit(self, stats: Statistics, outcomes: int, bos_id: int) -> None:
        self.stats, self.outcomes, self.order = stats, outcomes, stats.counts.order

    def probabilities(self, lookup: Lookup) -> np.ndarray:
        raise NotImplementedError


class MLE(Estimator):
    name = "mle"

    def probabilities(self, lookup):
        c, total = self.stats.at(self.order, lookup)
        return ratio(c, total)


class Lidstone(Estimator):
    name = "lidstone"

    def __init__(self, delta: float):
        if not delta > 0:
            raise ValueError(f"add-δ needs δ > 0, not {delta}")
        self.delta = float(delta)

    def probabilities(self, lookup):
        c, total = self.stats.at(self.order, lookup)
        return (c + self.delta) / (total + self.delta * self.outcomes)


class Laplace(Lidstone):
    name = "laplace"

    def __init__(self):
        super().__init__(1.0)


class _Discounted(Estimator):
    """Good-Turing discounted counts d_c·c per order, and what each context has left."""

    def fit(self, stats, outcomes, bos_id):
        super().fit(stats, outcomes, bos_id)
        self.tables, self.seen, self.left = [], [], []
        for k in range(1, self.order + 1):
            table = stats.counts.table(k)
            coc = count_of_counts(table.count)
            seen = self.discount(coc, table.count) * ratio(table.count, stats.totals[k - 1][table.prefix])
            self.tables.append(coc)
            self.seen.append(seen)
            # max: 1 − Σ d·c/c(h·) with every d = 1 is 0 give or take a rounding error (a context
            # never seen keeps 1, which nothing reads: its words take the lower order's estimate)
            self.left.append(np.maximum(1.0 - table.per_context(seen, stats.counts.contexts(k)), 0.0))

    def _good_turing(self, k, lookup):
        """Order k's discounted probabilities, the left mass shared by the unseen outcomes."""
        stats = self.stats
        c, total = stats.at(k, lookup)
        types = stats.types_at(k, lookup)
        seen = gather(self.seen[k - 1], lookup.grams[k - 1])
        left = gather(self.left[k - 1], lookup.contexts[k - 1])
        unseen_outcomes = self.outcomes - types
        # No unseen outcome to give the mass to: the seen ones share it in proportion.
        renormalised = ratio(seen, 1.0 - left)
        p = np.where(c > 0, np.where(unseen_outcomes > 0, seen, renormalised), ratio(left, unseen_outcomes))
        return np.where(total > 0, p, 1.0 / self.outcomes)


class GoodTuring(_Discounted):
    name = "good-turing"

    def discount(self, table, counts):
        return table.sgt_discount_of(counts)

    def probabilities(self, lookup):
        return self._good_turing(self.order, lookup)


class Katz(_Discounted):
    name = "katz"

    def discount(self, table, counts):
        return table.katz_discount_of(counts)

    def fit(self, stats, outcomes, bos_id):
        super().fit(stats, outcomes, bos_id)
        counts = stats.counts
        # P_Katz of each seen n-gram, order by order (a seen n-gram's suffix is seen too).  A row
        # of count 0 (a context never predicted, which fewer_orders' tables keep) adds nothing.
        unseen_outcomes = self.outcomes - stats.types[0][0]
        katz_seen = [self.seen[0] if unseen_outcomes > 0 else ratio(self.seen[0], 1.0 - self.left[0][0])]
        self.alpha = [None]
        for k in range(2, self.order + 1):
            table = counts.table(k)
            lower = katz_seen[k - 2][table.suffix] * (table.count > 0)
            lower_sum = table.per_context(lower, counts.contexts(k))
            room = 1.0 - lower_sum
            ok = room > 1e-12
            alpha = np.where(ok, ratio(self.left[k - 1], room), 0.0)
            # Nothing unseen has any lower-order probability: the seen share the mass left.
            seen = np.where(ok[table.prefix], self.seen[k - 1],
                            ratio(self.seen[k - 1], 1.0 - self.left[k - 1][table.prefix]))
            self.seen[k - 1] = seen
            self.alpha.append(alpha)
            katz_seen.append(seen)

    def probabilities(self, lookup):
        p = self._good_turing(1, lookup)
        for k in range(2, self.order + 1):
            c, total = self.stats.at(k, lookup)
            seen = gather(self.seen[k - 1], lookup.grams[k - 1])
            alpha = gather(self.alpha[k - 1], lookup.contexts[k - 1])
            p = np.where(total > 0, np.where(c > 0, seen, alpha * p), p)
        return p


class NaiveBackoff(Estimator):
    name = "backoff"
    sums_to_one = False

    def probabilities(self, lookup):
        p = None
        for k in range(1, self.order + 1):
            c, total = self.stats.at(k, lookup)
            mle = ratio(c, total)
            p = mle if p is None else np.where(c > 0, mle, p)
        return p


class Interpolated(Estimator):
    """Linear interpolation; ``weights`` = (λ_0 uniform, λ_1 unigram, …, λ_n)."""

    name = "interpolation"

    def __init__(self, weights=None):
        self.weights = None if weights is None else np.asarray(weights, dtype=float)

    def fit(self, stats, outcomes, bos_id):
        super().fit(stats, outcomes, bos_id)
        if self.weights is None:
            self.weights = np.full(self.order + 1, 1.0 / (self.order + 1))
        check_weights(self.weights, self.order)

    def components(self, lookup) -> np.ndarray:
        """(B, n + 1): P_0 … P_n of each pair (an unseen context's P_k is P_{k−1})."""
        parts = [np.full(len(lookup.grams[0]), 1.0 / self.outcomes)]
        for k in range(1, self.order + 1):
            c, total = self.stats.at(k, lookup)
            parts.append(np.where(total > 0, ratio(c, total), parts[-1]))
        return np.stack(parts, axis=1)

    def probabilities(self, lookup):
        return self.components(lookup) @ self.weights


def check_weights(weights, order: int) -> None:
    if len(weights) != order + 1:
        raise ValueError(f"interpolation needs {order + 1} weights (uniform, then orders 1 to {order}), "
                         f"not {len(weights)}")
    if np.any(weights < 0) or abs(weights.sum() - 1.0) > 1e-9:
        raise ValueError("interpolation weights must be non-negative and sum to 1")


class KneserNey(Estimator):
    name = "kneser-ney"

    def __init__(self, discount: float | None = None):
        if discount is not None and not 0 < discount <= 1:
            raise ValueError(f"the Kneser-Ney discount D must be in (0, 1], not {discount}")
        self.discount = discount

    def fit(self, stats, outcomes, bos_id):
        super().fit(stats, outcomes, bos_id)
        counts = stats.counts
        self.adjusted, self.totals, self.types, self.discounts = [], [], [], []
        for k in range(1, self.order + 1):
            table = counts.table(k)
            if k == self.order:
                a = table.count
            else:
                longer = counts.table(k + 1)
                # rows of count 0 (contexts never predicted, which a model made from a higher
                # order's tables keeps: engine.ngram.model.fewer_orders) precede nothing
                continuation = np.bincount(longer.suffix[longer.count > 0], minlength=len(table))
                a = np.where(table.first == bos_id, table.count, continuation)
            self.adjusted.append(a)
            self.totals.append(table.per_context(a, counts.contexts(k)))
            self.types.append(table.per_context(a > 0, counts.contexts(k)))
            self.discounts.append(self.discount if self.discount is not None else ney_discount(a))

    def probabilities(self, lookup):
        p = np.full(len(lookup.grams[0]), 1.0 / self.outcomes)
        for k in range(1, self.order + 1):
            d = self.discounts[k - 1]
            a = gather(self.adjusted[k - 1], lookup.grams[k - 1])
            total = gather(self.totals[k - 1], lookup.contexts[k - 1])
            types = gather(self.types[k - 1], lookup.contexts[k - 1])
            p = np.where(total > 0, ratio(np.maximum(a - d, 0.0) + d * types * p, total), p)
        return p


def ney_discount(adjusted: np.ndarray) -> float:
    """D = n1 / (n1 + 2 n2) (Ney, Essen & Kneser 1994); 0.5 when there is no n1 (a D of 0
    would leave nothing for unseen words) and 1 at most."""
    n1 = int(np.count_nonzero(adjusted == 1))
    n2 = int(np.count_nonzero(adjusted == 2))
    if n1 == 0:
        return 0.5
    return n1 / (n1 + 2 * n2)


def make_estimator(name: str, *, delta: float | None = None, discount: float | None = None, weights=None):
    """An estimator by its CLI name."""
    if name == "mle":
        return MLE()
    if name == "laplace":
        return Laplace()
    if name == "lidstone":
        return Lidstone(0.5 if delta is None else delta)
    if name == "good-turing":
        return GoodTuring()
    if name == "katz":
        return Katz()
    if name == "backoff":
        return NaiveBackoff()
    if name == "interpolation":
        return Interpolated(weights)
    if name == "kneser-ney":
        return KneserNey(discount)
    raise ValueError(f"unknown estimator {name!r}; one of {', '.join(ESTIMATORS)}")


ESTIMATORS = ("mle", "laplace", "lidstone", "good-turing", "katz", "backoff", "interpolation", "kneser-ney")
