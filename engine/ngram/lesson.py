"""What the "Language model" view shows, as one pure function the app runs in its worker:
``sentence_report`` scores a typed sentence token by token (with the counts behind each
probability), lists the continuations of the sentence so far and the held-out perplexity of
add-δ against δ.

Fitting is the slow part (counting a corpus, generating a built-in one), scoring a sentence the
fast one: the corpora and fitted models are kept in small caches here, keyed by everything that
makes them, so a keystroke in the sentence only scores (the view's worker runs requests one at a
time, so the caches need no lock).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.ngram.analysis import Continuations, Curve, Evidence, continuations, delta_curve, evidence, log_spaced
from engine.ngram.corpora import CORPUS_TOKENISERS, built_in_corpus
from engine.ngram.file_corpus import read_file_corpus
from engine.ngram.model import NgramModel, SentenceScore, fit
from engine.ngram.tokens import WHITESPACE, Corpus, corpus_from_lines, tokenise
from engine.ngram.vocabulary import CONVENTIONS, NLTK

PASTED = "pasted"
FILE = "file"
CORPORA = ("en", "zh-words", "zh-chars", "dates", PASTED, FILE)
#: the view's estimator names -> engine.ngram.estimators' (add-one is Laplace, add-δ Lidstone)
ESTIMATORS = {"mle": "mle", "add-one": "laplace", "add-delta": "lidstone", "good-turing": "good-turing",
              "katz": "katz", "backoff": "backoff", "interpolation": "interpolation", "kneser-ney": "kneser-ney"}
#: rows of the continuation table (the rest is summed in Continuations' totals)
CONTINUATION_ROWS = 40
DELTAS = log_spaced(1e-4, 10.0, 41)


@dataclass(frozen=True)
class SentenceReport:
    score: SentenceScore
    evidence: tuple[Evidence, ...]  # one per predicted token, </s> last
    continuations: Continuations  # after the whole typed sentence: its CONTINUATION_ROWS most probable
    continuation_total: float  # Σ_w P(w | h) over every outcome (1 but for the naive back-off)
    unseen_mass: float  # Σ P(w | h) over every w never seen after h: what smoothing gave them
    curve: Curve  # held-out perplexity of add-δ against δ
    heldout_is_train: bool  # pasted text of one line: the curve is measured on the training text
    train_tokens: int
    heldout_tokens: int
    vocabulary_size: int  # outcomes: the vocabulary, <UNK> and </s>
    conventions: str  # "nltk" or "textbook" (engine.ngram.vocabulary)


def corpus_tokeniser(kind: str, file: str = "") -> str:
    if kind == FILE:
        return read_file_corpus(file).tokeniser
    return WHITESPACE if kind == PASTED else CORPUS_TOKENISERS[kind]


@lru_cache(maxsize=4)
def corpora(kind: str, words: int, pasted: str, file: str = "") -> tuple[Corpus, Corpus, bool]:
    """(train, held-out, held-out is the training text).  Pasted text: every tenth line is held
    out (the last line when there are fewer than ten); a single line is both.  A text file:
    the same rule (engine.ngram.file_corpus, which keeps what it read)."""
    if kind == FILE:
        loaded = read_file_corpus(file)
        return loaded.train, loaded.heldout, loaded.heldout_is_train
    if kind != PASTED:
        train, heldout = built_in_corpus(kind, words)
        return train, heldout, False
    lines = [line for line in pasted.splitlines() if line.split()]
    if not lines:
        raise ValueError("the pasted text has no words")
    if len(lines) == 1:
        corpus = corpus_from_lines(lines)
        return corpus, corpus, True
    held = set(range(9, len(lines), 10)) or {len(lines) - 1}
    return (corpus_from_lines([line for i, line in enumerate(lines) if i not in held]),
            corpus_from_lines([lines[i] for i in sorted(held)]), False)


def fit_on(train: Corpus, heldout: Corpus, order: int, estimator: str, delta: float, discount: float,
           conventions: str = NLTK.name) -> NgramModel:
    """A model of the view's estimator (its name, ESTIMATORS); interpolation's λs by EM on the
    held-out text."""
    if estimator not in ESTIMATORS:
        raise ValueError(f"unknown estimator {estimator!r}; one of {', '.join(ESTIMATORS)}")
    model = fit(train, order, ESTIMATORS[estimator], delta=delta, discount=discount,
                conventions=CONVENTIONS[conventions])
    if estimator == "interpolation":
        model.fit_interpolation(heldout)
    return model


@lru_cache(maxsize=4)
def counted(kind: str, words: int, pasted: str, order: int, file: str = "", conventions: str = NLTK.name) -> NgramModel:
    """The counts of these settings (as an MLE model): every estimator's model of them shares
    these tables, so a text is counted once and its tables are in memory once (a 200 MB file's
    trigram tables would otherwise be held again for the add-δ curve's counts)."""
    train, _, _ = corpora(kind, words, pasted, file)
    return fit(train, order, "mle", conventions=CONVENTIONS[conventions])


@lru_cache(maxsize=8)
def fitted(kind: str, words: int, pasted: str, order: int, estimator: str, delta: float,
           discount: float, file: str = "", conventions: str = NLTK.name) -> NgramModel:
    """The model of these settings (its name, ESTIMATORS); interpolation's λs by EM on the
    held-out text."""
    if estimator not in ESTIMATORS:
        raise ValueError(f"unknown estimator {estimator!r}; one of {', '.join(ESTIMATORS)}")
    model = counted(kind, words, pasted, order, file, conventions).with_estimator(ESTIMATORS[estimator], delta=delta,
                                                                     discount=discount)
    if estimator == "interpolation":
        model.fit_interpolation(corpora(kind, words, pasted, file)[1])
    return model


@lru_cache(maxsize=8)
def _delta_curve(kind: str, words: int, pasted: str, order: int, file: str = "", conventions: str = NLTK.name) -> Curve:
    return delta_curve(counted(kind, words, pasted, order, file, conventions), corpora(kind, words, pasted, file)[1],
                       DELTAS)


def corpus_key(corpus: str, pasted: str, file: str) -> tuple[str, str]:
    """(pasted, file) as the caches key them: only the one the corpus uses."""
    if corpus not in CORPORA:
        raise ValueError(f"unknown corpus {corpus!r}; one of {', '.join(CORPORA)}")
    return (pasted if corpus == PASTED else ""), (file if corpus == FILE else "")


def sentence_report(sentence: str, *, corpus: str = "en", words: int = 10_000, pasted: str = "", order: int = 2,
                    estimator: str = "add-one", delta: float = 0.1, discount: float = 0.75,
                    file: str = "", conventions: str = NLTK.name) -> SentenceReport:
    """The typed sentence scored by the model of these settings (tokenised as its corpus is),
    under nltk's conventions or the textbook's (engine.ngram.vocabulary)."""
    pasted, file = corpus_key(corpus, pasted, file)
    model = fitted(corpus, words, pasted, order, estimator, delta, discount, file, conventions)
    tokens = tokenise(sentence, corpus_tokeniser(corpus, file))
    score = model.sentence(tokens)
    predicted = list(tokens) + [model.conventions.eos]
    found = tuple(evidence(model, word, tokens[:i]) for i, word in enumerate(predicted))
    train, heldout, same = corpora(corpus, words, pasted, file)
    following = continuations(model, tokens)
    shown = Continuations(following.context, following.context_count, following.tokens[:CONTINUATION_ROWS],
                          following.counts[:CONTINUATION_ROWS], following.mle[:CONTINUATION_ROWS],
                          following.smoothed[:CONTINUATION_ROWS])
    return SentenceReport(score, found, shown, following.total, following.unseen_mass,
                          _delta_curve(corpus, words, pasted, order, file, conventions), same, train.token_count,
                          heldout.token_count, model.vocabulary.outcome_count, model.conventions.name)
