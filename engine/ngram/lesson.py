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

import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from engine.ngram.analysis import Continuations, Curve, Evidence, delta_curve, evidence, log_spaced, top_continuations
from engine.ngram.corpora import CORPUS_TOKENISERS, built_in_corpus
from engine.ngram.file_corpus import FileLoad, forget_read, load_file, read_file_corpus
from engine.ngram.model import NgramModel, SentenceScore, fewer_orders, fit
from engine.ngram.progress import ESTIMATOR, QUIET, READ, Cancelled, Progress
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


def corpora(kind: str, words: int, pasted: str, file: str = "") -> tuple[Corpus, Corpus, bool]:
    """(train, held-out, held-out is the training text).  Pasted text: every tenth line is held
    out (the last line when there are fewer than ten); a single line is both.  A text file:
    the same rule (engine.ngram.file_corpus, which keeps what it read: not kept here as well, so
    that a file it forgets is freed)."""
    if kind == FILE:
        loaded = read_file_corpus(file)
        return loaded.train, loaded.heldout, loaded.heldout_is_train
    return _made_corpora(kind, words, pasted)


@lru_cache(maxsize=4)
def _made_corpora(kind: str, words: int, pasted: str) -> tuple[Corpus, Corpus, bool]:
    """The built-in and pasted corpora of ``corpora``."""
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


class Kept:
    """The last ``size`` results of an expensive function, by the settings that make them.  Unlike
    lru_cache, the call that makes a result may take a Progress (not part of the key), so the
    worker that loads a text file counts it with a progress bar and a cancel flag, and the
    keystrokes that follow find the counts made."""

    def __init__(self, size: int):
        self.size = size
        self._kept: OrderedDict = OrderedDict()
        self._lock = threading.Lock()  # the file is counted on the background worker, keystrokes on the other
        self.misses = 0  # results made (for the tests: a keystroke makes none)

    def get(self, key, make):
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        value = make()
        with self._lock:
            self.misses += 1
            self._kept[key] = value
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value

    def find(self, match):
        """The kept result of the first key ``match(key)`` accepts, with its key; (None, None)."""
        with self._lock:
            for key, value in self._kept.items():
                if match(key):
                    return key, value
        return None, None

    def clear(self) -> None:
        self.forget(lambda key: False)

    def forget(self, keep) -> None:
        """Drops every result whose key ``keep(key)`` refuses."""
        with self._lock:
            for key in [key for key in self._kept if not keep(key)]:
                del self._kept[key]


kept_counts, kept_models, kept_curves = Kept(4), Kept(8), Kept(8)


def counted(kind: str, words: int, pasted: str, order: int, file: str = "", conventions: str = NLTK.name,
            progress: Progress = QUIET) -> NgramModel:
    """The counts of these settings (as an MLE model): every estimator's model of them shares
    these tables, so a text is counted once and its tables are in memory once (a 200 MB file's
    trigram tables would otherwise be held again for the add-δ curve's counts).  A lower n than a
    kept one of the same text is made from its tables, not counted again."""
    def count() -> NgramModel:
        train, _, _ = corpora(kind, words, pasted, file)
        # a higher order of the same text kept: its tables hold this order's (engine.ngram.model.fewer_orders)
        _, higher = kept_counts.find(lambda key: key[3] > order and key == (kind, words, pasted, key[3], file,
                                                                             conventions))
        lower = fewer_orders(higher, order, train, progress) if higher is not None else None
        return lower if lower is not None else fit(train, order, "mle", conventions=CONVENTIONS[conventions], progress=progress)

    return kept_counts.get((kind, words, pasted, order, file, conventions), count)


def fitted(kind: str, words: int, pasted: str, order: int, estimator: str, delta: float,
           discount: float, file: str = "", conventions: str = NLTK.name, progress: Progress = QUIET) -> NgramModel:
    """The model of these settings (its name, ESTIMATORS); interpolation's λs by EM on the
    held-out text."""
    if estimator not in ESTIMATORS:
        raise ValueError(f"unknown estimator {estimator!r}; one of {', '.join(ESTIMATORS)}")

    def set_up() -> NgramModel:
        counts = counted(kind, words, pasted, order, file, conventions, progress)
        progress(ESTIMATOR, 0, 0)
        model = counts.with_estimator(ESTIMATORS[estimator], delta=delta, discount=discount)
        if estimator == "interpolation":
            model.fit_interpolation(corpora(kind, words, pasted, file)[1])
        return model

    return kept_models.get((kind, words, pasted, order, estimator, delta, discount, file, conventions), set_up)


def _delta_curve(kind: str, words: int, pasted: str, order: int, file: str = "", conventions: str = NLTK.name,
                 progress: Progress = QUIET) -> Curve:
    return kept_curves.get((kind, words, pasted, order, file, conventions), lambda: delta_curve(
        counted(kind, words, pasted, order, file, conventions, progress), corpora(kind, words, pasted, file)[1],
        DELTAS, progress))


def load_file_model(path: str, *, words: int = 10_000, order: int = 2, estimator: str = "add-one",
                    delta: float = 0.1, discount: float = 0.75, conventions: str = NLTK.name,
                    progress=None, cancel=None) -> FileLoad:
    """Everything the first sentence on a text file needs, made with one progress bar and one
    cancel flag: the file read (engine.ngram.file_corpus), counted at the view's n, the chosen
    estimator set up and the held-out text scored for the add-δ curve.  ``progress`` gets
    engine.ngram.progress Steps.  Cancelled at any stage, nothing of the file is kept (its read
    text and counts are dropped) and the load says ``cancelled``: the corpus on screen stays."""
    steps = Progress(progress, cancel)
    load = load_file(path, lambda done, total: steps(READ, done, total), cancel)
    if load.cancelled:
        return load
    if prepare_file_model(load.path, words=words, order=order, estimator=estimator, delta=delta, discount=discount,
                          conventions=conventions, progress=progress, cancel=cancel).cancelled:
        forget_file(load.path)
        return FileLoad(load.path, cancelled=True)
    return load


@dataclass(frozen=True)
class Prepared:
    """What ``prepare_file_model`` did: made the model of these ``settings``, or was cancelled."""

    settings: dict
    cancelled: bool


def prepare_file_model(path: str, *, words: int = 10_000, order: int = 2, estimator: str = "add-one",
                       delta: float = 0.1, discount: float = 0.75, conventions: str = NLTK.name,
                       progress=None, cancel=None) -> Prepared:
    """The model of a text file already loaded, at other settings (the view's n or estimator
    changed after the load), made with progress and cancel as the load made the first one, so
    that the keystrokes that follow find it made.  A lower n than one counted is made from its
    tables, a higher one is counted; anything already made is taken as it is.
    Cancelled, what was made before is kept: the file stays the corpus."""
    steps = Progress(progress, cancel)
    settings = dict(words=words, order=order, estimator=estimator, delta=delta, discount=discount,
                    conventions=conventions)
    try:
        # kept since the load; read again (with the bar) only if two other files pushed it out
        read_file_corpus(path, lambda done, total: steps(READ, done, total), cancel)
        fitted(FILE, words, "", order, estimator, delta, discount, path, conventions, steps)
        _delta_curve(FILE, words, "", order, path, conventions, steps)
    except Cancelled:
        return Prepared(settings, True)
    return Prepared(settings, False)


def forget_file(path: str) -> None:
    """Drops a file's read text and every count and curve made of it."""
    forget_read(path)
    for kept in (kept_counts, kept_models, kept_curves):
        kept.forget(lambda key: not (key[0] == FILE and path in key))


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
    shown, total, unseen_mass = top_continuations(model, tokens, CONTINUATION_ROWS)
    return SentenceReport(score, found, shown, total, unseen_mass,
                          _delta_curve(corpus, words, pasted, order, file, conventions), same, train.token_count,
                          heldout.token_count, model.vocabulary.outcome_count, model.conventions.name)
