"""Questions asked of an embedding, each answered with the arithmetic that produced it.

Cosine similarity: cos(u, v) = u·v / (‖u‖ ‖v‖).  All scores over the vocabulary are computed
as gensim's ``KeyedVectors`` computes them — (E q) / ‖e_w‖ with a unit query q, float32 — so
the words, their order and the scores agree with gensim (the tests check it):

* neighbours of w:            cos(e_x, e_w) for every x ≠ w
* analogy a : b :: c : ?  3CosAdd (``method="add"``, gensim's ``most_similar``):
      q = ê_b − ê_a + ê_c,   score(x) = cos(e_x, q) = (cos(x,b) − cos(x,a) + cos(x,c)) / ‖q‖
  3CosMul (``method="mul"``, Levy & Goldberg 2014, gensim's ``most_similar_cosmul``), with
  cosines moved to [0, 1] by s = (1 + cos) / 2 and gensim's ε = 10⁻⁶:
      score(x) = s(x,b) · s(x,c) / (s(x,a) + ε)
  The three query words are never answers (as in gensim and the original word2vec tool).
* doesnt_match: the word least similar to the normalised mean of the words' unit vectors.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.embeddings import half_scores, int8_cosines, int8_cosmul, int8_scores
from engine.embeddings.errors import EmbeddingQueryError
from engine.embeddings.vectors import Embeddings
from engine.messages import Message

ANALOGY_METHODS = ("add", "mul")
COSMUL_EPSILON = 1e-6  # gensim's; Levy & Goldberg used 0.001


@dataclass(frozen=True)
class Candidate:
    """One answer: ``word`` (row ``index``) with its ``score``; for an analogy also its
    cosines with a, b and c (``cosines`` = (cos(x,a), cos(x,b), cos(x,c)))."""

    word: str
    index: int
    score: float
    cosines: tuple[float, ...] = ()


@dataclass(frozen=True)
class Neighbours:
    word: str
    index: int
    norm: float  # ‖e_w‖
    searched: int  # rows compared (restrict_vocab or the whole vocabulary)
    candidates: tuple[Candidate, ...]

    def pairs(self) -> list[list]:
        return [[c.word, c.score] for c in self.candidates]


@dataclass(frozen=True)
class Analogy:
    """a : b :: c : ?  (the answer is near b − a + c)."""

    words: tuple[str, str, str]
    indices: tuple[int, int, int]
    norms: tuple[float, float, float]  # ‖e_a‖, ‖e_b‖, ‖e_c‖
    method: str
    query_norm: float  # ‖ê_b − ê_a + ê_c‖ (3CosAdd divides by it)
    searched: int
    candidates: tuple[Candidate, ...]

    def pairs(self) -> list[list]:
        return [[c.word, c.score] for c in self.candidates]


@dataclass(frozen=True)
class OddOneOut:
    """``ranking``: (word, cosine with the mean direction), most central first; the last is
    the word that does not belong."""

    words: tuple[str, ...]
    ranking: tuple[tuple[str, float], ...]

    @property
    def odd_one(self) -> str:
        return self.ranking[-1][0]


@dataclass(frozen=True)
class SimilarityMatrix:
    words: tuple[str, ...]
    norms: np.ndarray  # (n,)
    cosines: np.ndarray  # (n, n), cosines[i, j] = cos(e_i, e_j)


@dataclass(frozen=True)
class OneHotSelection:
    """e_j = E·o_j as the notes draw it: E is d × V (column j is word j's vector), o_j is the
    one-hot vector of length V with its single 1 at j, and the product picks column j."""

    word: str
    index: int  # j
    one_hot: np.ndarray  # o_j, (V,)
    column: np.ndarray  # E·o_j, (d,)


def _check_k(k: int) -> None:
    if k < 1:
        raise EmbeddingQueryError("bad_k", k=k)


def _top(scores: np.ndarray, k: int, excluded) -> np.ndarray:
    """Indices of the k highest scores, best first, never one of ``excluded``."""
    scores = scores.copy()
    # a zero vector's score is nan (it has no direction); a vector whose float32 norm underflows
    # to 0 gets ±inf: neither is an answer nor takes an answer's place
    scores[~np.isfinite(scores)] = -np.inf
    for j in excluded:
        if j < scores.size:
            scores[j] = -np.inf
    # fewer than k finite scores: the −inf ones come last and the last line drops them
    if k < scores.size:
        best = np.sort(np.argpartition(-scores, k - 1)[:k])  # k = 0 gives no rows
    else:
        best = np.arange(scores.size)
    best = best[np.argsort(-scores[best], kind="stable")]  # ties: the earlier (more frequent) word first
    return best[np.isfinite(scores[best])]


def cosines_with(emb: Embeddings, queries: np.ndarray, rows: int) -> np.ndarray:
    """cos(e_x, q) for the first ``rows`` words x and a unit vector q (d,), or each unit column
    q of ``queries`` (d × m): one pass over the matrix for all m."""
    norms = emb.norms[:rows] if queries.ndim == 1 else emb.norms[:rows, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        return (emb.vectors[:rows] @ queries) / norms


def cosines_with_rows(emb: Embeddings, rows: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """cos(e_x, q) for the words x in ``rows`` only and each unit column q of ``queries``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return (emb.vectors[rows] @ queries) / emb.norms[rows, None]  # float32 rows (Embeddings)


def best_cosines(emb: Embeddings, query: np.ndarray, rows: int, k: int, excluded) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the k highest cos(e_x, q) among the first ``rows`` (never ``excluded``), best
    first, and those cosines.  Over a large vocabulary a first pass over the int8 copy
    (int8_cosines) or, where its kernel is not known to be sound, the float16 copy (half_scores)
    picks the rows that can be among them and only those are scored in float32: the same rows,
    order and scores as the float32 pass over all."""
    first_pass = int8_cosines if int8_cosines.applies(emb, rows) else half_scores
    if first_pass.applies(emb, rows):
        pool = first_pass.candidates(emb, query, rows, k, excluded)
        exact = cosines_with_rows(emb, pool, query[:, None])[:, 0]
        order = _top(exact, k, ())
        return pool[order], exact[order]
    scores = cosines_with(emb, query, rows)
    best = _top(scores, k, excluded)
    return best, scores[best]


def cosmul_scores(cosines: np.ndarray) -> np.ndarray:
    """s_b · s_c / (s_a + ε) from the columns (cos(x,a), cos(x,b), cos(x,c)) of ``cosines``,
    which become s = (1 + cos) / 2 in place; in float32 as gensim's ``most_similar_cosmul``."""
    cosines += 1
    cosines /= 2
    return cosines[:, 1] * cosines[:, 2] / (cosines[:, 0] + np.float32(COSMUL_EPSILON))


def best_cosmul(emb: Embeddings, units: np.ndarray, rows: int, k: int, excluded) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the k highest 3CosMul scores among the first ``rows`` (never ``excluded``)
    for the unit columns (ê_a, ê_b, ê_c) of ``units``, best first, and those scores.  Over a
    large vocabulary an int8 first pass picks the rows that can be among them: int8_cosmul (one
    bfloat16 kernel pass for a, b and c) or, where that kernel is not known to be sound,
    int8_scores (``_int_mm``); either gives the same rows, order and scores as the float32 pass."""
    candidates = int8_cosmul.candidates if int8_cosmul.applies(emb, rows) else \
        int8_scores.cosmul_candidates if int8_scores.applies(emb, rows) else None
    if candidates is not None:
        pool = candidates(emb, units, rows, k, excluded)
        scores = cosmul_scores(cosines_with_rows(emb, pool, units))
        order = _top(scores, k, ())
        return pool[order], scores[order]
    scores = cosmul_scores(cosines_with(emb, units, rows))  # one product with three columns
    best = _top(scores, k, excluded)
    return best, scores[best]


def neighbours(emb: Embeddings, word: str, k: int = 10, restrict_vocab: int | None = None) -> Neighbours:
    """The k words of highest cosine with ``word`` (gensim's ``most_similar(word)``)."""
    _check_k(k)
    j = emb.position(word)
    rows = emb.searched_rows(restrict_vocab)
    best, scores = best_cosines(emb, emb.unit(word), rows, k, (j,))
    return Neighbours(word, j, float(emb.norms[j]), rows,
                      tuple(Candidate(emb.words[i], int(i), float(s)) for i, s in zip(best, scores)))


def analogy(emb: Embeddings, a: str, b: str, c: str, k: int = 10, method: str = "add",
            restrict_vocab: int | None = None) -> Analogy:
    """a : b :: c : ? by 3CosAdd or 3CosMul (see the module's docstring)."""
    _check_k(k)
    if method not in ANALOGY_METHODS:
        raise EmbeddingQueryError("unknown_method", method=method)
    indices = tuple(emb.position(w) for w in (a, b, c))
    units = np.stack([emb.unit(w) for w in (a, b, c)], axis=1)  # (d, 3)
    rows = emb.searched_rows(restrict_vocab)
    query = units[:, 1] - units[:, 0] + units[:, 2]
    query_norm = float(np.linalg.norm(query))
    if method == "add":
        # gensim: the mean of the weighted unit vectors, normalised (the mean's 1/3 cancels).
        # One matrix-vector product over the vocabulary; the three cosines of each answer are
        # computed for the k answers alone (a product with three columns costs three times one).
        best, best_scores = best_cosines(emb, query / query_norm, rows, k, indices)
    else:
        best, best_scores = best_cosmul(emb, units, rows, k, indices)
    cosines = cosines_with_rows(emb, best, units)
    return Analogy((a, b, c), indices, tuple(float(emb.norms[i]) for i in indices), method, query_norm, rows,
                   tuple(Candidate(emb.words[i], int(i), float(s), tuple(float(x) for x in row))
                         for i, s, row in zip(best, best_scores, cosines)))


def doesnt_match(emb: Embeddings, words) -> OddOneOut:
    """Which word does not belong (gensim's ``doesnt_match``, with its whole ranking)."""
    words = tuple(words)
    if len(words) < 2:
        raise EmbeddingQueryError("too_few_words", what="doesnt_match", needed=2, got=len(words))
    units = np.stack([emb.unit(w) for w in words])
    mean = units.mean(axis=0)
    mean = mean / np.linalg.norm(mean)
    centrality = units @ mean
    # gensim sorts (cosine, word) pairs, largest first
    ranking = sorted(zip(centrality.tolist(), words), reverse=True)
    return OddOneOut(words, tuple((w, s) for s, w in ranking))


def similarity_matrix(emb: Embeddings, words) -> SimilarityMatrix:
    """cos(e_i, e_j) for every pair of the given words."""
    words = tuple(words)
    if not words:
        raise EmbeddingQueryError("too_few_words", what=Message("embedding_what_similarity_matrix"), needed=1,
                                  got=0)
    units = np.stack([emb.unit(w) for w in words])
    cosines = units @ units.T
    return SimilarityMatrix(words, np.array([emb.norms[emb.position(w)] for w in words]), cosines)


def one_hot_selection(emb: Embeddings, word: str) -> OneHotSelection:
    """E·o_j computed literally (a matrix–vector product, not a row lookup), so what is drawn
    is the product itself: every other column is multiplied by 0."""
    j = emb.position(word)
    one_hot = np.zeros(len(emb), dtype=np.float32)
    one_hot[j] = 1.0
    column = emb.vectors.T @ one_hot  # E = vectors.T is d × V
    return OneHotSelection(word, j, one_hot, column)
