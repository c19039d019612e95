"""What the "Embeddings" view asks, as pure functions its worker runs (no Qt).

A *source* is named by a key the view's state keeps:

* ``trained:<name>`` — word2vec / GloVe trained here (assets/embeddings: word2vec-en, glove-zh, …)
* ``model:<model>:<side>`` — a shipped model's embedding matrix (zh-en-toy's Chinese words are
  its source side, its English words the target side; the date models' characters)
* ``file:<format>:<path>`` — the user's file (GloVe text, word2vec text or binary, fastText .vec)

``open_source`` reads a source once and keeps the last few (a user's file through the cache of
``load_embeddings``, with progress and cancel); every query then answers with the
``SourceInfo`` it was computed on, so a picture names its vectors.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from engine.embeddings.analogy_test import AnalogyScore, evaluate_analogies, grammar_analogy_lines
from engine.embeddings.errors import EmbeddingFileError, EmbeddingQueryError, LoadCancelled
from engine.embeddings.pca import PCA, pca
from engine.embeddings.queries import (Analogy, analogy, doesnt_match, neighbours, one_hot_selection,
                                       similarity_matrix)
from engine.embeddings.vectors import Embeddings

#: sources kept open (a user's 400,000 × 300 file is 480 MB, memory-mapped from the cache)
KEPT_SOURCES = 4
#: columns of E drawn around column j in the E·o_j picture (all of them for a smaller vocabulary)
ONE_HOT_WINDOW = 15
MAP_METHODS = ("pca", "tsne")
MAX_MAP_WORDS = 5000
CATEGORIES = ("month", "name", "place", "verb")

_sources: OrderedDict = OrderedDict()
_lock = threading.Lock()  # the view's worker and its background worker may both open sources


@dataclass(frozen=True)
class SourceInfo:
    key: str
    name: str
    size: int  # V, words
    dimension: int  # d


@dataclass(frozen=True)
class Answer:
    """One query's result and the vectors it was computed on."""

    source: SourceInfo
    value: object


@dataclass(frozen=True)
class AnalogyAnswer:
    analogy: Analogy
    #: the PCA of e_a, e_b, e_c and the best answer's vector (rows in that order), None without an answer
    parallelogram: PCA | None


@dataclass(frozen=True)
class OneHotAnswer:
    """e_j = E·o_j: ``column`` is the product computed over the whole vocabulary (V columns);
    ``window`` the columns start … start + w − 1 of E drawn around j (d × w)."""

    word: str
    index: int  # j
    ones: int  # how many 1s o_j holds (1)
    column: np.ndarray  # (d,)
    start: int
    window: np.ndarray  # (d, w)
    window_words: tuple[str, ...]


@dataclass(frozen=True)
class MapAnswer:
    method: str
    words: tuple[str, ...]
    coordinates: np.ndarray  # (n, 2)
    categories: tuple[str, ...]  # per word: a key of CATEGORIES, "listed", or "" for none
    explained: tuple[float, ...] = ()  # PCA: the share of variance of each axis


# ---- sources -------------------------------------------------------------------------------

def source_keys() -> list[str]:
    """The shipped sources: trained word2vec / GloVe, then each installed model's two sides."""
    from engine.embeddings.shipped import SIDES, trained_names
    from engine.models.registry import list_models

    keys = [f"trained:{name}" for name in trained_names()]
    for info in list_models():
        if info.error is None:
            keys += [f"model:{info.name}:{side}" for side in SIDES]
    return keys


def file_key(path, fmt: str) -> str:
    return f"file:{fmt}:{path}"


def open_source(key: str, progress=None, cancelled=None) -> Embeddings:
    """The vectors of ``key`` (see the module's docstring), read once and kept."""
    with _lock:
        if key in _sources:
            _sources.move_to_end(key)
            return _sources[key]
    kind, _, rest = key.partition(":")
    if kind == "trained":
        from engine.embeddings.shipped import trained_embeddings

        emb = trained_embeddings(rest)
    elif kind == "model" and ":" in rest:
        from engine.embeddings.shipped import model_embeddings

        model, side = rest.rsplit(":", 1)
        emb = model_embeddings(model, side)
    elif kind == "file" and ":" in rest:
        from engine.embeddings.loader import load_embeddings

        fmt, path = rest.split(":", 1)
        try:
            emb = load_embeddings(path, fmt, progress=progress, cancelled=cancelled)
        except LoadCancelled:
            raise EmbeddingFileError("load_cancelled", path=path) from None
    else:
        raise EmbeddingQueryError("unknown_source", source=key)
    with _lock:
        _sources[key] = emb
        while len(_sources) > KEPT_SOURCES:
            _sources.popitem(last=False)
    return emb


def _info(key: str, emb: Embeddings) -> SourceInfo:
    return SourceInfo(key, emb.name, len(emb), emb.dimension)


def _answer(key: str, query, progress=None, cancelled=None) -> Answer:
    emb = open_source(key, progress, cancelled)
    return Answer(_info(key, emb), query(emb))


# ---- the queries, one per panel ------------------------------------------------------------

# ``restrict_vocab``: compare with the first N words only (gensim's; the most frequent in a file),
# None for all of them

def neighbours_answer(key: str, word: str, k: int, restrict_vocab: int | None = None, progress=None,
                      cancelled=None) -> Answer:
    return _answer(key, lambda emb: neighbours(emb, word, k, restrict_vocab), progress, cancelled)


def analogy_answer(key: str, a: str, b: str, c: str, k: int, method: str = "add", restrict_vocab: int | None = None,
                   progress=None, cancelled=None) -> Answer:
    def ask(emb: Embeddings) -> AnalogyAnswer:
        result = analogy(emb, a, b, c, k, method, restrict_vocab)
        picture = None
        if result.candidates:
            rows = [*result.indices, result.candidates[0].index]
            picture = pca(np.asarray(emb.vectors[rows], dtype=np.float64), k=2)
        return AnalogyAnswer(result, picture)

    return _answer(key, ask, progress, cancelled)


@dataclass(frozen=True)
class AnalogyTestAnswer:
    """An analogy test set (the Google format) scored on the first ``searched`` words; ``path``
    is "" for the built-in one (``grammar_analogy_lines``)."""

    path: str
    method: str
    searched: int
    score: AnalogyScore


def analogy_test_answer(key: str, path: str, method: str = "add", restrict_vocab: int | None = None,
                        progress=None, cancelled=None, scoring=None) -> Answer:
    """The test set at ``path`` ("": the built-in one of the grammar's verb forms) scored as
    gensim's ``evaluate_word_analogies`` scores it, over the first ``restrict_vocab`` words (None:
    all of them).  ``progress`` reports the reading of a user's file, ``scoring`` the questions
    answered (both fractions 0 → 1)."""
    def ask(emb: Embeddings) -> AnalogyTestAnswer:
        rows = emb.searched_rows(restrict_vocab)
        score = evaluate_analogies(emb, path or grammar_analogy_lines(), restrict_vocab=rows, method=method,
                                   progress=scoring, cancelled=cancelled)
        return AnalogyTestAnswer(str(path), method, rows, score)

    return _answer(key, ask, progress, cancelled)


def odd_one_out_answer(key: str, words, progress=None, cancelled=None) -> Answer:
    return _answer(key, lambda emb: doesnt_match(emb, words), progress, cancelled)


def similarity_answer(key: str, words, progress=None, cancelled=None) -> Answer:
    return _answer(key, lambda emb: similarity_matrix(emb, words), progress, cancelled)


def one_hot_answer(key: str, word: str, progress=None, cancelled=None) -> Answer:
    def ask(emb: Embeddings) -> OneHotAnswer:
        selection = one_hot_selection(emb, word)
        width = min(ONE_HOT_WINDOW, len(emb))
        start = min(max(0, selection.index - width // 2), len(emb) - width)
        window = np.asarray(emb.vectors[start:start + width], dtype=np.float32).T
        return OneHotAnswer(word, selection.index, int(np.count_nonzero(selection.one_hot)), selection.column,
                            start, window, emb.words[start:start + width])

    return _answer(key, ask, progress, cancelled)


# ---- the 2-D map ---------------------------------------------------------------------------

def grammar_categories() -> dict[str, str]:
    """word -> category, for the words of the built-in grammar (engine/data/zh_en.py) in both
    languages: months, names, places and verbs (every form)."""
    from engine.data import zh_en

    found: dict[str, str] = {}

    def add(category, chinese, english):
        found.setdefault(chinese, category)
        found.setdefault(english, category)
        for piece in english.split():
            if piece[:1].isupper():  # "South America": South, America; never "the", "to"
                found.setdefault(piece, category)

    for chinese, english in zh_en.MONTHS:
        add("month", chinese, english.split()[-1])
    for chinese, english in zh_en.NAMES:
        add("name", chinese, english)
    for chinese, english in zh_en.PLACES:
        add("place", chinese, english)
    for verb in zh_en.VERBS:
        found.setdefault(verb.chinese, "verb")
        for form in (verb.base, verb.third, verb.past, verb.ing):
            found.setdefault(form.split()[0], "verb")
    return found


def map_answer(key: str, method: str = "pca", count: int = 500, listed=(), progress=None, cancelled=None,
               seed: int = 0) -> Answer:
    """The first ``count`` words of the source (files list the most frequent first) and the
    ``listed`` words, placed in 2-D by PCA or t-SNE.  Coloured by ``listed`` when given, else by
    the grammar's categories."""
    if method not in MAP_METHODS:
        raise EmbeddingQueryError("unknown_method", method=method)
    emb = open_source(key, progress, cancelled)
    listed = tuple(dict.fromkeys(w for w in listed if w))
    for word in listed:
        emb.position(word)  # an unknown word is refused by name
    count = max(2, min(int(count), MAX_MAP_WORDS, len(emb)))
    rows = list(range(count))
    rows += [emb.index[w] for w in listed if emb.index[w] >= count]
    words = tuple(emb.words[i] for i in rows)
    if listed:
        chosen = set(listed)
        categories = tuple("listed" if w in chosen else "" for w in words)
    else:
        known = grammar_categories()
        categories = tuple(known.get(w, "") for w in words)
    vectors = np.asarray(emb.vectors[rows], dtype=np.float64)
    if method == "pca":
        projection = pca(vectors, k=2)
        value = MapAnswer(method, words, projection.coordinates, categories,
                          tuple(float(x) for x in projection.explained_variance_ratio))
    else:
        value = MapAnswer(method, words, tsne(vectors, progress, cancelled, seed), categories)
    return Answer(_info(key, emb), value)


def tsne(vectors: np.ndarray, progress=None, cancelled=None, seed: int = 0) -> np.ndarray:
    """t-SNE of the rows by openTSNE (cosine distances, exact nearest neighbours, Barnes-Hut, its
    defaults: perplexity 30, 250 steps of early exaggeration, then 500), reporting
    ``progress(fraction)`` every 50 steps and stopping when ``cancelled()`` (EmbeddingQueryError
    "map_cancelled": a half-optimised map is not shown)."""
    from openTSNE import TSNE

    n = vectors.shape[0]
    if n < 5:
        raise EmbeddingQueryError("too_few_words", what="t-SNE", needed=5, got=n)
    # openTSNE computes the KL divergence for every callback: every 25 steps cost 12 % more CPU
    # time on 2,000 words, every 50 steps 4 % (15 updates of the bar are enough)
    every, total = 50, 750
    done, stop = [0], []

    def step(_iteration, _error, _embedding):
        # openTSNE counts the iterations of each phase from 1 again: count the calls instead
        if cancelled is not None and cancelled():
            stop.append(True)
            return True
        done[0] += every
        if progress is not None:
            progress(min(done[0], total) / total)
        return False

    # perplexity 30 (the default) needs more than 90 points; fewer words get a smaller one
    perplexity = min(30.0, (n - 1) / 3)
    # Barnes-Hut gradients: for the view's at most 5,000 words openTSNE's interpolation (FFT)
    # method, which "auto" may pick, took 40 s on 60 words here against 1 s, and 2.6× Barnes-Hut's
    # CPU time on 2,000.  Exact neighbours: "auto" takes Annoy's approximate ones from 1,000 words,
    # which cost twice the exact search's CPU time at 2,000.  One thread: two took 3.5× the wall
    # time on the shared 2-core machine (docs/embeddings.md, "t-SNE").
    embedding = TSNE(n_components=2, perplexity=perplexity, metric="cosine", random_state=seed, n_jobs=1,
                     neighbors="exact", negative_gradient_method="bh", callbacks=step,
                     callbacks_every_iters=every).fit(vectors)
    if stop:
        raise EmbeddingQueryError("map_cancelled")
    return np.asarray(embedding, dtype=np.float64)
