"""What the language-model lesson shows about a fitted model: the continuations of a context
(MLE next to the smoothed estimate: the mass moved to unseen words), the counts behind one
probability, held-out perplexity against δ (add-δ's δ "chosen by perplexity") and against n.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine.ngram.estimators import ratio
from engine.ngram.model import NgramModel, fit
from engine.ngram.progress import HELDOUT, QUIET, Progress
from engine.ngram.tokens import Corpus


@dataclass(frozen=True)
class Continuations:
    context: tuple[str, ...]  # as the model sees it (n−1 tokens, <s> in front, unknown -> <UNK>)
    context_count: int  # c(h·); 0: never seen
    tokens: tuple[str, ...]  # every outcome, most probable (smoothed) first
    counts: np.ndarray  # c(h w)
    mle: np.ndarray  # c(h w) / c(h·) (0 when h was never seen)
    smoothed: np.ndarray  # the model's P(w | h)

    @property
    def total(self) -> float:
        """Σ_w P(w | h): 1 for every estimator but the naive back-off, whose excess this shows."""
        return float(self.smoothed.sum())

    @property
    def unseen_mass(self) -> float:
        """Σ P(w | h) over the w never seen after h: what smoothing gave them."""
        return float(self.smoothed[self.counts == 0].sum())


#: outcomes looked up at once for the continuations, and held-out tokens scored at once for the δ
#: curve: a lookup makes about ten int64 arrays per pair, so a 200 MB text's 825 000 outcomes at
#: once were 80 MB above what its model keeps (the load's peak), its held-out blocks of 2^18
#: tokens 46 MB
LOOKUP_ROWS = 1 << 16


def continuations(model: NgramModel, context=()) -> Continuations:
    ids, c, smoothed, context_count = _scored_outcomes(model, context)
    return _ranked(model, ids, c, smoothed, context_count, np.lexsort((-c, -smoothed)))


def top_continuations(model: NgramModel, context, rows: int) -> tuple[Continuations, float, float]:
    """(the ``rows`` most probable continuations, Σ_w P(w | h) and the unseen mass over every
    outcome): what the view shows, without the whole table's arrays (seven arrays of a 200 MB
    text's 825 000 outcomes were 69 MB above its model, the peak of its first sentence)."""
    ids, c, smoothed, context_count = _scored_outcomes(model, context)
    total, unseen = float(smoothed.sum()), float(smoothed[c == 0].sum())
    return _ranked(model, ids, c, smoothed, context_count, np.lexsort((-c, -smoothed))[:rows]), total, unseen


def _scored_outcomes(model: NgramModel, context):
    """(context ids, c(h w) and P(w | h) of every outcome w, c(h·)), looked up LOOKUP_ROWS at a time."""
    ids = model.context_ids(context)
    outcomes = model.vocabulary.outcome_count
    c, smoothed = np.zeros(outcomes, np.int64), np.zeros(outcomes)
    for start in range(0, outcomes, LOOKUP_ROWS):  # at least once: <unk> is always an outcome
        words = np.arange(start, min(outcomes, start + LOOKUP_ROWS))
        lookup = model.lookup(np.repeat(ids[None, :], len(words), axis=0), words)
        c[words], total = model.statistics.at(model.order, lookup)
        smoothed[words] = model.estimator.probabilities(lookup)
    return ids, c, smoothed, int(total[0])  # the same context for every outcome


def _ranked(model: NgramModel, ids, c, smoothed, context_count: int, order) -> Continuations:
    names = model.vocabulary.tokens
    return Continuations(tuple(names[i] for i in ids), context_count, tuple(names[i] for i in order),
                         c[order], ratio(c[order], context_count), smoothed[order])


@dataclass(frozen=True)
class Evidence:
    """The counts behind P(word | context) at every order k = n … 1: c(h_k w) and c(h_k ·) with
    h_k the last k−1 tokens of the context."""

    word: str
    contexts: tuple[tuple[str, ...], ...]  # h_n, h_{n-1}, …, h_1 = ()
    counts: tuple[int, ...]
    context_counts: tuple[int, ...]
    mle: float  # the order-n MLE (0 when h_n was never seen)
    probability: float  # the model's
    backoff_order: int  # the highest order k with c(h_k w) > 0 (0: none): where a back-off lands

    @property
    def mle_is_defined(self) -> bool:
        return self.context_counts[0] > 0


def evidence(model: NgramModel, word: str, context=()) -> Evidence:
    ids = model.context_ids(context)
    w = np.asarray([model.vocabulary.id(word)])
    lookup = model.lookup(ids[None, :], w)
    names = model.vocabulary.tokens
    counts, totals, contexts = [], [], []
    for k in range(model.order, 0, -1):
        c, total = model.statistics.at(k, lookup)
        counts.append(int(c[0]))
        totals.append(int(total[0]))
        contexts.append(tuple(names[i] for i in ids[len(ids) - (k - 1):]))  # k = 1: ids[len(ids):], ()
    landing = next((model.order - i for i, c in enumerate(counts) if c > 0), 0)
    return Evidence(names[w[0]], tuple(contexts), tuple(counts), tuple(totals),
                    float(ratio(counts[0], totals[0])), float(model.estimator.probabilities(lookup)[0]), landing)


@dataclass(frozen=True)
class Curve:
    x: np.ndarray
    heldout: np.ndarray  # perplexity on the held-out text
    train: np.ndarray | None = None  # perplexity on the training text

    @property
    def best(self) -> int:
        """Index of the lowest held-out perplexity."""
        return int(np.argmin(self.heldout))


def delta_curve(model: NgramModel, heldout: Corpus, deltas, progress: Progress = QUIET) -> Curve:
    """Held-out perplexity of add-δ for each δ, from the model's counts (its estimator does not
    matter).  −Σ log2((c + δ)/(c(h·) + δ·O)) splits into a sum over the counts c and one over
    the context totals c(h·), so only how often each value occurs is kept: the held-out text is
    looked up a block at a time, and a long one never needs arrays per token.  ``progress(HELDOUT,
    tokens done, tokens)`` after each block (engine.ngram.progress: it may cancel)."""
    deltas = np.asarray(deltas, dtype=float)
    if np.any(deltas <= 0):
        raise ValueError("add-δ needs every δ > 0")
    counts, totals, tokens, read = [], [], 0, 0
    progress(HELDOUT, 0, heldout.token_count)
    for block in heldout.blocks(LOOKUP_ROWS):
        contexts, words, _ = model.corpus_pairs(block)
        c, total = model.statistics.at(model.order, model.lookup(contexts, words))
        counts.append(np.unique(c, return_counts=True))
        totals.append(np.unique(total, return_counts=True))
        tokens += len(words)
        read += block.token_count
        progress(HELDOUT, read, heldout.token_count)
    outcomes = model.vocabulary.outcome_count
    c, c_times = _merged_histogram(counts)
    total, total_times = _merged_histogram(totals)
    bits = np.array([(total_times @ np.log2(total + d * outcomes) - c_times @ np.log2(c + d)) / tokens
                     for d in deltas])
    return Curve(deltas, 2.0 ** bits)


def _merged_histogram(parts) -> tuple[np.ndarray, np.ndarray]:
    """(values, how often) of several blocks' np.unique(…, return_counts=True) together."""
    values, inverse = np.unique(np.concatenate([v for v, _ in parts]), return_inverse=True)
    return values, np.bincount(inverse, weights=np.concatenate([n for _, n in parts]))


def order_curve(train: Corpus, heldout: Corpus, orders, estimator: str = "mle", **options) -> Curve:
    """Train and held-out perplexity of the estimator for each order n (infinite where a
    probability is 0, as MLE's on held-out text)."""
    orders = np.asarray(list(orders))
    train_pp, heldout_pp = [], []
    for n in orders:
        model = fit(train, int(n), estimator, **options)
        train_pp.append(model.evaluate(train).perplexity)
        heldout_pp.append(model.evaluate(heldout).perplexity)
    return Curve(orders, np.array(heldout_pp), np.array(train_pp))


def log_spaced(low: float = 1e-4, high: float = 10.0, points: int = 41) -> np.ndarray:
    """δ values for the curve's log axis."""
    return np.logspace(math.log10(low), math.log10(high), points)



def first_zero_sentence(model: NgramModel, heldout: Corpus) -> int | None:
    """Index of the first held-out sentence to which the model gives probability 0 (under MLE:
    one n-gram never seen in training, perplexity ∞ — the moment smoothing is for), or None."""
    p, _ = model.corpus_probabilities(heldout)
    sentence_of = np.repeat(np.arange(heldout.sentence_count), np.diff(heldout.offsets) + 1)
    zeros = sentence_of[p <= 0]
    return int(zeros[0]) if len(zeros) else None
