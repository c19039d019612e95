"""What the language-model view shows about the model itself, whatever sentence is typed:
perplexity against n on the training and held-out text, the Good-Turing count-of-counts table
of the order-n counts, the zero-count moment (the first held-out sentence MLE gives probability
0, scored again by a smoothed estimator) and sentences sampled from the model.

``model_report`` is one pure function the app runs on its background worker when a model
setting changes (never per keystroke); each part is cached on the settings it depends on, so
"Generate again" draws new samples without refitting five orders.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.ngram.analysis import first_zero_sentence
from engine.ngram.goodturing import averaged_counts, count_of_counts
from engine.ngram.lesson import (SentenceReport, corpora, corpus_key, corpus_tokeniser, fit_on,
                                 fitted, sentence_report)
from engine.ngram.tokens import CHARACTERS, CHINESE_CHARACTERS, CHINESE_WORDS, Corpus
from engine.ngram.vocabulary import NLTK

ORDERS = (1, 2, 3, 4, 5)
#: perplexity against n fits five models: on a larger text (a user's file) it uses the first
#: sentences up to these sizes, and says so
ORDER_CURVE_TRAIN_TOKENS = 2_000_000
ORDER_CURVE_HELDOUT_TOKENS = 200_000
SAMPLES = 8
SAMPLE_TOKENS = 30
#: the estimator that rescues the zero-count sentence when the chosen one is MLE
RESCUER = "add-one"


@dataclass(frozen=True)
class OrderCurve:
    """Perplexity of one estimator for n = 1 … 5 (∞ where a probability is 0)."""

    orders: tuple[int, ...]
    train: tuple[float, ...]
    heldout: tuple[float, ...]
    heldout_is_train: bool
    train_tokens: int  # the training tokens the curve used (all, or the first ORDER_CURVE_TRAIN_TOKENS)
    train_tokens_total: int


@dataclass(frozen=True)
class GoodTuringTable:
    """The order-n count-of-counts, one row per count r with N_r > 0."""

    order: int
    r: np.ndarray
    n_r: np.ndarray
    z_r: np.ndarray  # N_r averaged over the gap to its non-zero neighbours (Gale & Sampson)
    line: np.ndarray  # S(r) = exp(a + b log r): the least-squares line through log Z_r
    turing_r_star: np.ndarray  # (r + 1) N_{r+1} / N_r
    sgt_r_star: np.ndarray  # Simple Good-Turing's r*, the one the estimators use
    total: int  # N = Σ r N_r
    unseen_mass: float  # P0 = N_1 / N
    slope: float
    intercept: float


@dataclass(frozen=True)
class ZeroCountMoment:
    """A held-out sentence whose MLE probability is 0, scored by MLE and by a smoothed estimator."""

    sentence: str  # as the sentence box takes it
    index: int  # among the held-out sentences
    mle: SentenceReport
    smoothed: SentenceReport
    smoothed_estimator: str


@dataclass(frozen=True)
class ModelReport:
    estimator: str
    order: int
    conventions: str  # "nltk" or "textbook" (engine.ngram.vocabulary)
    orders: OrderCurve
    good_turing: GoodTuringTable
    zero: ZeroCountMoment | None  # None: MLE gives every held-out sentence a probability above 0
    samples: tuple[str, ...]
    sample_seed: int
    cannot_sample: bool = False  # a context on the way has no probability at all (MLE, unseen context)


def sentence_text(tokens, tokeniser: str) -> str:
    """Tokens back into the text the sentence box takes (tokenised the same way again)."""
    if tokeniser in (CHARACTERS, CHINESE_CHARACTERS, CHINESE_WORDS):
        return "".join(tokens)
    return " ".join(tokens)


@lru_cache(maxsize=8)
def order_curve(kind: str, words: int, pasted: str, file: str, conventions: str, estimator: str, delta: float,
                discount: float) -> OrderCurve:
    full_train, heldout, same = corpora(kind, words, pasted, file)
    train = first_sentences(full_train, ORDER_CURVE_TRAIN_TOKENS)
    heldout = train if same else first_sentences(heldout, ORDER_CURVE_HELDOUT_TOKENS)
    train_pp, heldout_pp = [], []
    for n in ORDERS:
        model = fit_on(train, heldout, n, estimator, delta, discount, conventions)
        train_pp.append(model.evaluate(train).perplexity)
        heldout_pp.append(model.evaluate(heldout).perplexity)
    return OrderCurve(ORDERS, tuple(train_pp), tuple(heldout_pp), same, train.token_count, full_train.token_count)


def first_sentences(corpus: Corpus, tokens: int) -> Corpus:
    """The corpus's first whole sentences holding at most ``tokens`` tokens (at least one)."""
    if corpus.token_count <= tokens:
        return corpus
    keep = max(1, int(np.searchsorted(corpus.offsets, tokens, side="right")) - 1)
    return Corpus(corpus.types, corpus.ids[:corpus.offsets[keep]], corpus.offsets[:keep + 1])


def good_turing_table(counts, order: int) -> GoodTuringTable:
    table = count_of_counts(counts)
    rs, z = averaged_counts(table.n_r)
    rows = rs - 1
    line = np.exp(table.intercept + table.slope * np.log(rs)) if len(rs) else np.zeros(0)
    return GoodTuringTable(order, rs, table.n_r[rows], z, line, table.r_star[rows], table.sgt_r_star[rows],
                           table.total, table.unseen_mass, table.slope, table.intercept)


@lru_cache(maxsize=8)
def zero_count_moment(kind: str, words: int, pasted: str, file: str, conventions: str, order: int, estimator: str,
                      delta: float, discount: float) -> ZeroCountMoment | None:
    mle = fitted(kind, words, pasted, order, "mle", delta, discount, file, conventions)
    heldout = corpora(kind, words, pasted, file)[1]
    index = first_zero_sentence(mle, heldout)
    if index is None:
        return None
    text = sentence_text(heldout.sentence(index), corpus_tokeniser(kind, file))
    rescuer = RESCUER if estimator == "mle" else estimator
    options = dict(corpus=kind, words=words, pasted=pasted, file=file, order=order, delta=delta, discount=discount,
                   conventions=conventions)
    return ZeroCountMoment(text, index, sentence_report(text, estimator="mle", **options),
                           sentence_report(text, estimator=rescuer, **options), rescuer)


def samples(kind: str, words: int, pasted: str, file: str, conventions: str, order: int, estimator: str,
            delta: float, discount: float, seed: int) -> tuple[tuple[str, ...], bool]:
    """SAMPLES sentences drawn with seeds seed·SAMPLES … (seed+1)·SAMPLES − 1, and whether a
    context on the way had no probability at all (then none is drawn)."""
    model = fitted(kind, words, pasted, order, estimator, delta, discount, file, conventions)
    tokeniser = corpus_tokeniser(kind, file)
    try:
        drawn = [model.sample(seed * SAMPLES + i, SAMPLE_TOKENS) for i in range(SAMPLES)]
    except ValueError:
        return (), True
    return tuple(sentence_text(tokens, tokeniser) for tokens in drawn), False


def model_report(*, corpus: str = "en", words: int = 10_000, pasted: str = "", order: int = 2,
                 estimator: str = "add-one", delta: float = 0.1, discount: float = 0.75, file: str = "",
                 sample_seed: int = 0, conventions: str = NLTK.name) -> ModelReport:
    """Everything the view shows of the model of these settings (not of the typed sentence)."""
    pasted, file = corpus_key(corpus, pasted, file)
    settings = (corpus, words, pasted, file, conventions)
    model = fitted(corpus, words, pasted, order, estimator, delta, discount, file, conventions)
    drawn, problem = samples(*settings, order, estimator, delta, discount, sample_seed)
    return ModelReport(estimator, order, conventions, order_curve(*settings, estimator, delta, discount),
                       good_turing_table(model.counts.table(order).count, order),
                       zero_count_moment(*settings, order, estimator, delta, discount), drawn, sample_seed, problem)

