"""An n-gram language model: fit on a corpus, score (context, word) pairs in batches, the full
distribution after a context, sentence probabilities, perplexity, sampling, and λs by EM.

    from engine.ngram import fit, corpus_from_lines
    lm = fit(corpus_from_lines(["a b a", "b a"]), order=2, estimator="kneser-ney")
    lm.score("a", ("b",))              # P(a | b)
    lm.sentence(["a", "b"]).perplexity

Perplexity is 2 to the cross-entropy in bits per predicted token (the sentence's words and
its ``</s>``): PP = 2^(−(1/N) Σ log2 P(w_i | h_i)) = (Π P(w_i | h_i))^(−1/N), the inverse
geometric mean of the probabilities.  A zero probability makes it infinite.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from engine.ngram import counts as count_tables
from engine.ngram.counts import NgramCounts, count_blocks
from engine.ngram.estimators import MLE, Estimator, Interpolated, Lookup, Statistics, make_estimator
from engine.ngram.progress import QUIET, Progress
from engine.ngram.tokens import Corpus
from engine.ngram.vocabulary import (NLTK, Conventions, Vocabulary, build_vocabulary, index_dtype, pad_corpus,
                                    pads)


@dataclass(frozen=True)
class SentenceScore:
    tokens: tuple[str, ...]  # the predicted tokens as typed, </s> last
    model_tokens: tuple[str, ...]  # as the model saw them (unknown -> <UNK>)
    probabilities: np.ndarray
    contexts: tuple[tuple[str, ...], ...]  # the n−1 tokens before each (as the model saw them)

    @property
    def log2_probability(self) -> float:
        with np.errstate(divide="ignore"):
            return float(np.sum(np.log2(self.probabilities)))

    @property
    def cross_entropy(self) -> float:
        """Bits per predicted token."""
        return -self.log2_probability / len(self.probabilities)

    @property
    def perplexity(self) -> float:
        return perplexity_of(self.probabilities)


def cross_entropy_of(probabilities) -> float:
    """−(1/N) Σ log2 p, in bits (infinite when a p is 0)."""
    p = np.asarray(probabilities, dtype=float)
    if np.any(p <= 0):
        return math.inf
    return float(-np.mean(np.log2(p)))


def perplexity_of(probabilities) -> float:
    """2^(cross-entropy in bits): infinite when a p is 0, or when their geometric mean is below
    2^−1024 (Python's 2.0 ** h raised OverflowError there)."""
    with np.errstate(over="ignore"):
        return float(np.exp2(cross_entropy_of(probabilities)))


@dataclass(frozen=True)
class Evaluation:
    tokens: int  # predicted tokens (words and </s>)
    sentences: int
    unknown: int  # running tokens that were not in the vocabulary
    cross_entropy: float  # bits per token
    perplexity: float
    zero_probabilities: int


#: EM's defaults (fit_interpolation's too): at most this many steps, stopping once no λ moves
#: by the tolerance
EM_ITERATIONS = 500
EM_TOLERANCE = 1e-10


class NgramModel:
    def __init__(self, vocabulary: Vocabulary, counts: NgramCounts, estimator: Estimator,
                 conventions: Conventions, statistics: Statistics):
        self.vocabulary = vocabulary
        self.counts = counts
        self.estimator = estimator
        self.conventions = conventions
        self.order = counts.order
        self.statistics = statistics
        estimator.fit(self.statistics, vocabulary.outcome_count, vocabulary.bos_id)

    def with_estimator(self, estimator: str | Estimator, **parameters) -> "NgramModel":
        """The same counts under another estimator (nothing is counted again)."""
        if isinstance(estimator, str):
            estimator = make_estimator(estimator, **parameters)
        return NgramModel(self.vocabulary, self.counts, estimator, self.conventions, self.statistics)

    # ---- batches of (context, word) ids ----------------------------------------------------
    def lookup(self, contexts: np.ndarray, words: np.ndarray) -> Lookup:
        """contexts (B, n−1) and words (B,) as model ids -> the rows of every order."""
        n = self.order
        context_rows, gram_rows = [], []
        for k in range(1, n + 1):
            ctx = self.counts.rows(contexts[:, n - k:])  # the last k−1 ids (order 1: none, row 0)
            context_rows.append(ctx)
            gram_rows.append(np.where(ctx >= 0, self.counts.table(k).find(np.maximum(ctx, 0), words), -1))
        return Lookup(tuple(context_rows), tuple(gram_rows))

    def probabilities(self, contexts: np.ndarray, words: np.ndarray) -> np.ndarray:
        # the tables' find converts the ids to int64
        contexts = np.asarray(contexts).reshape(len(words), self.order - 1)
        return self.estimator.probabilities(self.lookup(contexts, np.asarray(words)))

    # ---- strings -----------------------------------------------------------------------
    def context_ids(self, context) -> np.ndarray:
        """The last n−1 tokens of ``context`` as ids, <s> in front when it is shorter."""
        context = tuple(context or ())[-(self.order - 1):] if self.order > 1 else ()
        ids = [self.vocabulary.bos_id] * (self.order - 1 - len(context)) + [self.vocabulary.id(t) for t in context]
        return np.asarray(ids, dtype=np.int64)

    def score(self, word: str, context=()) -> float:
        """P(word | the last n−1 tokens of context); a shorter context is padded with <s>."""
        ids = self.context_ids(context)[None, :]
        return float(self.probabilities(ids, np.asarray([self.vocabulary.id(word)]))[0])

    def distribution(self, context=()) -> np.ndarray:
        """P(w | context) for every outcome id (``vocabulary.tokens[:outcome_count]``)."""
        outcomes = self.vocabulary.outcome_count
        ids = np.repeat(self.context_ids(context)[None, :], outcomes, axis=0)
        return self.probabilities(ids, np.arange(outcomes))

    def sentence(self, tokens) -> SentenceScore:
        """Each token and the final </s> given its n−1 predecessors (<s> before the start)."""
        tokens = list(tokens)
        left, _ = pads(self.conventions, self.order)
        ids = self.vocabulary.ids(tokens)
        padded = np.concatenate([np.full(left, self.vocabulary.bos_id), ids,
                                 [self.vocabulary.eos_id]])
        m = self.order - 1
        windows = np.lib.stride_tricks.sliding_window_view(padded, m + 1)
        contexts, words = windows[:, :m], windows[:, m]
        names = self.vocabulary.tokens
        return SentenceScore(tuple(tokens) + (self.conventions.eos,), tuple(names[i] for i in words),
                             self.probabilities(contexts, words),
                             tuple(tuple(names[i] for i in c) for c in contexts))

    # ---- corpora -------------------------------------------------------------------------
    def type_ids(self, types: tuple[str, ...]) -> np.ndarray:
        """Model id of each of a corpus's types; the last answer is kept, since a long corpus is
        scored a block at a time and its blocks share one tuple of types (a million of them)."""
        kept = self.__dict__.get("_type_ids")
        if kept is None or kept[0] is not types:
            # int32: a 200 MB text's 825 000 types, kept for the model's life, in 3 MB less
            kept = (types, self.vocabulary.ids(types).astype(index_dtype(len(self.vocabulary))))
            self._type_ids = kept
        return kept[1]

    def corpus_pairs(self, corpus: Corpus) -> tuple[np.ndarray, np.ndarray, int]:
        """(contexts (N, n−1), words (N,), unknown running tokens): every predicted token of
        every sentence with its context, as ``sentence`` builds them, for all sentences at once."""
        type_ids = self.type_ids(corpus.types)
        ids = type_ids[corpus.ids]
        left, _ = pads(self.conventions, self.order)
        lengths = np.diff(corpus.offsets)
        sizes = lengths + left + 1  # <s> * left, the words, one </s>
        starts = np.zeros(len(lengths) + 1, np.int64)
        np.cumsum(sizes, out=starts[1:])
        sentence = np.repeat(np.arange(len(lengths)), sizes)
        position = np.arange(starts[-1]) - starts[sentence]
        padded = np.full(starts[-1], self.vocabulary.bos_id)
        word_sentence = np.repeat(np.arange(len(lengths)), lengths)
        padded[np.arange(len(ids)) - corpus.offsets[word_sentence] + starts[word_sentence] + left] = ids
        padded[starts[1:] - 1] = self.vocabulary.eos_id
        targets = np.flatnonzero(position >= left)
        m = self.order - 1
        contexts = padded[targets[:, None] + np.arange(-m, 0)[None, :]]  # (N, 0) when m = 0
        return contexts, padded[targets], int(np.count_nonzero(ids == self.vocabulary.unk_id))

    def corpus_probabilities(self, corpus: Corpus) -> tuple[np.ndarray, int]:
        """P of every predicted token of every sentence, and the number of unknown tokens."""
        contexts, words, unknown = self.corpus_pairs(corpus)
        return self.probabilities(contexts, words), unknown

    def evaluate(self, corpus: Corpus) -> Evaluation:
        p, unknown = self.corpus_probabilities(corpus)
        return Evaluation(len(p), corpus.sentence_count, unknown, cross_entropy_of(p), perplexity_of(p),
                          int(np.count_nonzero(p <= 0)))

    # ---- sampling ------------------------------------------------------------------------
    def sample(self, seed: int = 0, max_tokens: int = 50) -> list[str]:
        """One sentence drawn token by token from P(·|context) until </s> (or max_tokens).

        Under nltk's convention <s> is an outcome like a word (it is counted as one); a sentence
        cannot hold it, so its probability is removed and the rest renormalised.  Under nltk's
        convention with n = 1 there is no </s> at all: the sentence ends at max_tokens.
        """
        rng = random.Random(seed)
        out: list[str] = []
        names = self.vocabulary.tokens
        bos = self.vocabulary.bos_id
        # nltk's n = 1 counts no </s>: its eos_id is <UNK>'s, which is then a word like any other
        ends = pads(self.conventions, self.order)[1] > 0
        for _ in range(max_tokens):
            p = self.distribution(out)
            if 0 <= bos < len(p) and bos != self.vocabulary.unk_id:
                p[bos] = 0.0
            total = p.sum()
            if not total > 0:
                raise ValueError("the model gives this context no probability at all (MLE, unseen context)")
            # the last outcome also takes what rounding leaves between the sum and 1
            cumulative = np.cumsum(p / total)[:-1]
            i = int(np.searchsorted(cumulative, rng.random(), side="right"))
            if ends and i == self.vocabulary.eos_id:
                break
            out.append(names[i])
        return out

    def fit_interpolation(self, heldout: Corpus, iterations: int = EM_ITERATIONS,
                          tolerance: float = EM_TOLERANCE) -> np.ndarray:
        """λs maximising the held-out likelihood (EM); only for the interpolation estimator."""
        if not isinstance(self.estimator, Interpolated):
            raise ValueError("λs are fitted for linear interpolation only")
        contexts, words, _ = self.corpus_pairs(heldout)
        parts = self.estimator.components(self.lookup(contexts, words))
        self.estimator.weights = em_weights(parts, iterations, tolerance)
        return self.estimator.weights


def em_weights(parts: np.ndarray, iterations: int = EM_ITERATIONS, tolerance: float = EM_TOLERANCE) -> np.ndarray:
    """Mixture weights λ maximising Σ_i log Σ_k λ_k parts[i, k] (EM: λ_k <- mean of the
    responsibilities λ_k p_ik / Σ_j λ_j p_ij)."""
    weights = np.full(parts.shape[1], 1.0 / parts.shape[1])
    for _ in range(iterations):
        mix = parts @ weights
        responsibilities = parts * weights / mix[:, None]
        new = responsibilities.mean(axis=0)
        if np.max(np.abs(new - weights)) < tolerance:
            return new
        weights = new
    return weights


#: running tokens per block of sentences counted at once (a few arrays of this length are what
#: counting adds to the corpus and the tables, however long the text)
BLOCK_TOKENS = 1 << 18


def padded_blocks(corpus: Corpus, type_to_model: np.ndarray, vocabulary: Vocabulary, order: int,
                  conventions: Conventions):
    """The padded text of the corpus in blocks of whole sentences, about BLOCK_TOKENS each."""
    for block in corpus.blocks(BLOCK_TOKENS):
        yield pad_corpus(type_to_model[block.ids], block.offsets, vocabulary, order, conventions)


def fit(corpus: Corpus, order: int, estimator: str | Estimator = "mle", *, conventions: Conventions = NLTK,
        cutoff: int = 1, progress: Progress = QUIET, **parameters) -> NgramModel:
    """Count the corpus and set up the estimator (by name: see engine.ngram.estimators).
    ``progress`` (engine.ngram.progress) hears each block counted and each order's statistics,
    and stops the fit (Cancelled) when its job is cancelled."""
    if not 1 <= order <= 10:
        raise ValueError(f"the order n must be between 1 and 10, not {order}")
    if corpus.token_count == 0:
        raise ValueError("the training text has no tokens")
    vocabulary, type_to_model = build_vocabulary(corpus, order, conventions, cutoff)
    positions = corpus.token_count + corpus.sentence_count * sum(pads(conventions, order))
    def blocks():
        return padded_blocks(corpus, type_to_model, vocabulary, order, conventions)

    if corpus.token_count <= BLOCK_TOKENS:  # a single block: padded once, not once per order
        padded = list(blocks())
        blocks = lambda: padded  # noqa: E731
    counts = count_blocks(blocks, order, len(vocabulary), positions, progress)
    statistics = Statistics(counts, progress)
    if isinstance(estimator, str):
        estimator = make_estimator(estimator, **parameters)
    return NgramModel(vocabulary, counts, estimator, conventions, statistics)


def fewer_orders(model: NgramModel, order: int, corpus: Corpus, progress: Progress = QUIET) -> NgramModel | None:
    """The MLE model of a lower ``order`` of ``corpus`` (the text ``model`` was fitted on), made
    from ``model``'s tables instead of counting the text again (a 200 MB file's minutes); None
    when that cannot be done (the lower order's vocabulary differs: nltk's unigram has no pads).

    Padding for order n puts n−1 <s> in front (and n−1 </s> or one after): every k-gram (k ≤ the
    lower order m) that mixes pads and words has at most k−1 ≤ m−1 pads in a row, so it occurs as
    often under either padding.  Only the k-grams of pads alone differ: <s>^k occurs
    max(0, n−k) times a sentence (counted when <s> is an outcome), </s>^k max(0, r−k+1) for r
    right pads; the surplus is subtracted (engine.ngram.counts.fewer_orders)."""
    if not 1 <= order < model.order:
        raise ValueError(f"fewer orders than {model.order} are 1 to {model.order - 1}, not {order}")
    conventions = model.conventions
    if np.any(np.diff(corpus.offsets) == 0):
        return None  # an empty sentence's n-grams are pads alone, of both kinds at once
    vocabulary, _ = build_vocabulary(corpus, order, conventions, model.vocabulary.cutoff)
    if vocabulary != model.vocabulary:
        return None
    vocabulary = model.vocabulary  # the same; its token index, if made, is kept
    high, low = pads(conventions, model.order), pads(conventions, order)
    pad_tokens = ((vocabulary.bos_id, high[0], low[0], conventions.bos_is_outcome),
                  (vocabulary.eos_id, high[1], low[1], True))
    corrections = []
    for k in range(1, order + 1):
        for token, many, few, counted in pad_tokens:
            surplus = corpus.sentence_count * (max(0, many - k + 1) - max(0, few - k + 1))
            if counted and surplus:
                corrections.append(([token] * k, surplus))
    counts = count_tables.fewer_orders(model.counts, order, corrections)
    return NgramModel(vocabulary, counts, MLE(), conventions, Statistics(counts, progress))
