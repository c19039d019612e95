"""The comparison table: held-out perplexity of the unigram, bigram and trigram (interpolated
Kneser-Ney, engine.ngram), the MLP and the LSTM, and the grammar's true floor
(engine.ngram.floor), each model's distance to it in bits per token.

Every row is measured on the same held-out sentences (the built-in English corpus's
"validation" part) with the same predicted tokens: each word and one </s> per sentence (the
textbook convention; <s> is never predicted).  The floor is the generating grammar's own
cross-entropy on those sentences: no model can be expected below it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.ngram.corpora import built_in_corpus, heldout_examples
from engine.ngram.floor import entropy_rate, true_floor
from engine.ngram.model import NgramModel, fit
from engine.ngram.tokens import Corpus
from engine.ngram.vocabulary import TEXTBOOK

NGRAM_ORDERS = {1: "unigram", 2: "bigram", 3: "trigram"}
NEURAL = ("mlp-lm", "lstm-lm")
FLOOR = "floor"


@dataclass(frozen=True)
class ComparisonRow:
    model: str  # "unigram", …, "mlp-lm", "lstm-lm", "floor"
    family: str  # "n-gram", "neural" or "floor"
    cross_entropy: float  # bits per predicted token on the held-out text
    perplexity: float
    bits_above_floor: float  # cross_entropy − the floor's (0 for the floor)
    parameters: int  # n-grams: distinct n-grams of the top order; neural: weights; floor: 0


@dataclass(frozen=True)
class Comparison:
    rows: tuple[ComparisonRow, ...]
    words: int
    seed: int
    heldout_tokens: int  # predicted tokens: words and </s>
    heldout_sentences: int
    entropy_rate: float  # bits per token of the grammar on an endless text (its perplexity 2^this)

    def row(self, model: str) -> ComparisonRow:
        return next(r for r in self.rows if r.model == model)


@lru_cache(maxsize=2)
def english_corpora(words: int, seed: int) -> tuple[Corpus, Corpus]:
    return built_in_corpus("en", words, seed)


@lru_cache(maxsize=8)
def kneser_ney(words: int, seed: int, order: int) -> NgramModel:
    """The interpolated Kneser-Ney model of this order, textbook convention (as `lm compare`)."""
    train, _ = english_corpora(words, seed)
    return fit(train, order, "kneser-ney", conventions=TEXTBOOK)


def floor_cross_entropy(words: int, seed: int) -> float:
    """The grammar's bits per predicted token on the held-out sentences."""
    _, heldout = english_corpora(words, seed)
    examples = heldout_examples("en", seed, heldout.sentence_count)
    return true_floor("en", examples, heldout.token_count + heldout.sentence_count).cross_entropy


def distance(cross_entropy: float, floor: float) -> float:
    """Bits per token above the floor (the log of the perplexity ratio: PP / PP_floor = 2^this)."""
    return cross_entropy - floor


def compare_models(words: int = 100_000, seed: int = 0, neural: tuple[str, ...] = NEURAL) -> Comparison:
    """The table for the built-in English corpus of ``words`` training words and ``seed``."""
    return _compare_models(words, seed, tuple(neural))  # one cache key however it is called


@lru_cache(maxsize=2)
def _compare_models(words: int, seed: int, neural: tuple[str, ...]) -> Comparison:
    from engine.neural_lm.lm import load_lm

    _, heldout = english_corpora(words, seed)
    floor = floor_cross_entropy(words, seed)
    rows = []
    for order, name in NGRAM_ORDERS.items():
        model = kneser_ney(words, seed, order)
        e = model.evaluate(heldout)
        size = int((model.counts.table(order).count > 0).sum())
        rows.append(ComparisonRow(name, "n-gram", e.cross_entropy, e.perplexity, distance(e.cross_entropy, floor), size))
    for name in neural:
        lm = load_lm(name)
        e = lm.evaluate(heldout)
        rows.append(ComparisonRow(name, "neural", e.cross_entropy, e.perplexity, distance(e.cross_entropy, floor),
                                  int(lm.config["parameters"])))
    rows.append(ComparisonRow(FLOOR, "floor", floor, 2.0 ** floor, 0.0, 0))
    return Comparison(tuple(rows), words, seed, heldout.token_count + heldout.sentence_count, heldout.sentence_count,
                      entropy_rate("en").cross_entropy)
