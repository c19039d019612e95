"""The attention playground: scaled dot-product attention worked out step by step (numpy, float64).

Attention is a soft database lookup.  A query q is compared with every key k_j; the similarities
become weights that sum to 1, and the answer is the weighted sum of the values v_j:

    s_j      = q . k_j                                  dot product
    z_j      = f * s_j                                  scaled score, f = d_k^(-t/2)
    w_j      = exp(z_j) / sum_i exp(z_i)                softmax weight
    output   = sum_j w_j v_j

For a matrix of queries Q (n x d_k), keys K (m x d_k) and values V (m x d_v) this is

    Attention(Q, K, V) = softmax(f * Q K^T) V           softmax along each row

The scale parameter t in [0, 1] moves f geometrically from 1 (t = 0, no scaling) to 1/sqrt(d_k)
(t = 1, the Transformer's choice): f = d_k^(-t/2), so log f is linear in t.  Why scale at all: for
q and k with independent unit-variance entries, q . k has variance d_k, so without scaling the
scores spread by sqrt(d_k), softmax puts almost all weight on one key and its gradient vanishes;
:func:`why_scale` measures exactly that.

A causal mask lets query i see only keys j <= i (masked weights are exactly 0); with n != m the
positions are aligned at the start, so query i still sees keys 0..i.

Matrices typed by a student are read by :func:`parse_matrix`, which raises
:class:`MatrixInputError` naming the row and column of the bad cell.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from engine.messages import MESSAGES, EngineError, Message

__all__ = [
    "MAX_SIZE", "MatrixInputError", "parse_cell", "parse_matrix", "scale_factor", "softmax",
    "QueryResult", "query_attention", "MatrixResult", "matrix_attention", "random_matrices",
    "ScaleStatistics", "why_scale", "NAME_AGE_PRESET",
]

#: the largest matrix the playground accepts, in rows and in columns
MAX_SIZE = 32

#: the lesson's name -> age lookup: four keys, their ages, and the query [1, 0, 0]
NAME_AGE_PRESET = {
    "keys": np.array([[1.0, 2.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 2.0], [1.0, 4.0, 0.0]]),
    "values": np.array([18.0, 20.0, 22.0, 19.0]),
    "query": np.array([1.0, 0.0, 0.0]),
}


class MatrixInputError(EngineError, ValueError):
    """Bad playground input.  ``row`` and ``column`` are the 0-based cell at fault (None when the
    problem is not one cell, e.g. a shape mismatch); the message counts from 1, as people do."""

    def __init__(self, code: str, /, cell: tuple[int, int] | None = None, **arguments):
        super().__init__(code, **arguments)
        self.row, self.column = cell if cell is not None else (None, None)


def _named(name: str) -> str:
    """The matrices' English names ("keys", "query") are words to translate; Q, K, V are notation."""
    return Message(f"matrix_name_{name}") if f"matrix_name_{name}" in MESSAGES else name


# --- reading numbers ------------------------------------------------------------------------------

# Plain decimal or scientific notation; "nan", "inf", "1_000" and hex are not numbers here.
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_ROW_SEPARATOR = re.compile(r"[;\n]")
_CELL_SEPARATOR = re.compile(r"\s*,\s*|\s+")  # "1,,2" keeps its empty middle cell


def parse_cell(text: str | float, row: int = 0, column: int = 0) -> float:
    """One finite number from a cell; ``row``/``column`` (0-based) only label the error."""
    where = dict(cell=(row, column), row=row + 1, column=column + 1)  # the message counts from 1
    if isinstance(text, (int, float, np.floating, np.integer)) and not isinstance(text, bool):
        value = float(text)
    elif isinstance(text, str):
        cleaned = text.strip().replace("\u2212", "-")  # a pasted typographic minus sign
        if not cleaned:
            raise MatrixInputError("cell_empty", **where)
        if not _NUMBER.fullmatch(cleaned):
            raise MatrixInputError("cell_not_number", **where, text=repr(text.strip()))
        value = float(cleaned)
    else:
        raise MatrixInputError("cell_wrong_type", **where, type=type(text).__name__)
    if not math.isfinite(value):
        raise MatrixInputError("cell_not_finite", **where, text=repr(text))

    return value


def parse_matrix(cells: str | Sequence[Sequence[str | float]], name: str = "matrix") -> np.ndarray:
    """A float64 matrix from text ("1, 2; 3 4": rows split by ';' or newlines, cells by commas
    or spaces) or from a grid of per-cell strings/numbers.  Rows must have equal length and the
    matrix at most :data:`MAX_SIZE` rows and columns; otherwise :class:`MatrixInputError`."""
    if isinstance(cells, str):
        lines = [line.strip() for line in _ROW_SEPARATOR.split(cells)]
        grid = [_CELL_SEPARATOR.split(line) for line in lines if line]
    else:
        grid = [list(row) for row in cells]
    if not grid or not grid[0]:
        raise MatrixInputError("matrix_empty", name=_named(name))
    if len(grid) > MAX_SIZE or max(len(row) for row in grid) > MAX_SIZE:
        raise MatrixInputError("matrix_too_big", name=_named(name), rows=len(grid),
                               columns=max(len(row) for row in grid), limit=MAX_SIZE)
    width = len(grid[0])
    for r, row in enumerate(grid):
        if len(row) != width:
            raise MatrixInputError("matrix_ragged", cell=(r, min(len(row), width)), name=_named(name), row=r + 1,
                                   length=len(row), width=width)
    return np.array([[parse_cell(cell, r, c) for c, cell in enumerate(row)]
                     for r, row in enumerate(grid)], dtype=np.float64)


def _as_matrix(values, name: str, ndim: tuple[int, ...] = (2,)) -> np.ndarray:
    """An input array, checked: float64, the allowed dimensions, non-empty, finite, not too big."""
    try:
        array = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise MatrixInputError("matrix_not_rectangular", name=_named(name), detail=str(error)) from None
    if array.ndim not in ndim:
        raise MatrixInputError("matrix_dimensions", name=_named(name), dimensions=" or ".join(map(str, ndim)),
                               shape=str(array.shape))
    if array.size == 0:
        raise MatrixInputError("matrix_empty", name=_named(name))
    if max(array.shape) > MAX_SIZE:
        raise MatrixInputError("matrix_shape_too_big", name=_named(name), shape=str(array.shape), limit=MAX_SIZE)
    bad = np.argwhere(~np.isfinite(array))
    if len(bad):
        cell = tuple(int(i) for i in bad[0]) + (0,)
        raise MatrixInputError("matrix_not_finite", cell=cell[:2], name=_named(name))
    return array


# --- attention ------------------------------------------------------------------------------------

def scale_factor(d_k: int, t: float = 1.0) -> float:
    """f = d_k^(-t/2): 1 at t = 0, 1/sqrt(d_k) at t = 1, geometric in between."""
    if not 0.0 <= t <= 1.0:
        raise MatrixInputError("scale_out_of_range", t=t)
    return float(d_k) ** (-t / 2)


def softmax(scores: np.ndarray) -> np.ndarray:
    """exp(z_j) / sum_i exp(z_i) along the last axis; -inf scores get weight exactly 0."""
    shifted = scores - np.max(scores, axis=-1, keepdims=True)  # same result, no overflow
    exps = np.exp(shifted)
    return exps / np.sum(exps, axis=-1, keepdims=True)


@dataclass(frozen=True)
class QueryResult:
    """One query against m keys: dot_products s (m), factor f, scores z = f*s, weights w (sum 1),
    output = sum_j w_j v_j (a number for scalar values, a d_v vector otherwise)."""
    dot_products: np.ndarray
    factor: float
    scores: np.ndarray
    weights: np.ndarray
    output: np.ndarray


def query_attention(keys, values, query, *, scale: float = 1.0) -> QueryResult:
    """Query mode: keys (m x d), values (m, or m x d_v), query (d); scale t as in scale_factor."""
    keys = _as_matrix(keys, "keys")
    values = _as_matrix(values, "values", ndim=(1, 2))
    query = _as_matrix(query, "query", ndim=(1,))
    if keys.shape[1] != query.shape[0]:
        raise MatrixInputError("query_key_mismatch", query=query.shape[0], key=keys.shape[1])
    if values.shape[0] != keys.shape[0]:
        raise MatrixInputError("keys_values_mismatch", keys=keys.shape[0], values=values.shape[0])
    dots = keys @ query
    factor = scale_factor(keys.shape[1], scale)
    scores = factor * dots
    weights = softmax(scores)
    return QueryResult(dots, factor, scores, weights, weights @ values)


@dataclass(frozen=True)
class MatrixResult:
    """Matrix mode: products = Q K^T (n x m), factor f, scores = f * Q K^T with -inf where
    masked, weights = row-wise softmax (masked cells exactly 0), output = weights @ V (n x d_v),
    allowed = the boolean mask (True where query i may see key j)."""
    products: np.ndarray
    factor: float
    scores: np.ndarray
    weights: np.ndarray
    output: np.ndarray
    allowed: np.ndarray


def matrix_attention(q, k, v, *, scale: float = 1.0, causal: bool = False) -> MatrixResult:
    """softmax(f * Q K^T) V with f = d_k^(-scale/2), optionally causal (key j > query i masked)."""
    q, k, v = _as_matrix(q, "Q"), _as_matrix(k, "K"), _as_matrix(v, "V")
    if q.shape[1] != k.shape[1]:
        raise MatrixInputError("q_k_mismatch", q=q.shape[1], k=k.shape[1])
    if k.shape[0] != v.shape[0]:
        raise MatrixInputError("k_v_mismatch", k=k.shape[0], v=v.shape[0])
    products = q @ k.T
    factor = scale_factor(q.shape[1], scale)
    allowed = np.ones(products.shape, dtype=bool)
    if causal:
        allowed = np.tril(allowed)
    scores = np.where(allowed, factor * products, -np.inf)
    weights = np.where(allowed, softmax(scores), 0.0)
    return MatrixResult(products, factor, scores, weights, weights @ v, allowed)


def random_matrices(n: int, m: int, d_k: int, d_v: int, seed: int,
                    decimals: int | None = 2) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Q (n x d_k), K (m x d_k), V (m x d_v) with standard normal entries from
    ``numpy.random.default_rng(seed)``, rounded to ``decimals`` so the cells show exactly the
    numbers that are used (None: not rounded)."""
    for name, size in (("n", n), ("m", m), ("d_k", d_k), ("d_v", d_v)):
        if not 1 <= size <= MAX_SIZE:
            raise MatrixInputError("size_out_of_range", name=name, limit=MAX_SIZE, size=size)
    rng = np.random.default_rng(seed)
    matrices = tuple(rng.standard_normal(shape) for shape in ((n, d_k), (m, d_k), (m, d_v)))
    if decimals is not None:
        matrices = tuple(np.round(matrix, decimals) for matrix in matrices)
    return matrices


# --- why scale ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ScaleStatistics:
    """For each d_k: the measured std of q.k (theory: sqrt(d_k) unscaled, 1 scaled) and the mean
    over samples of the largest softmax weight among ``keys`` keys (1/keys is perfectly flat,
    1 is a hard lookup), without and with the 1/sqrt(d_k) scaling."""
    d_k: np.ndarray
    dot_std: np.ndarray
    scaled_dot_std: np.ndarray
    max_weight: np.ndarray
    scaled_max_weight: np.ndarray
    keys: int
    samples: int


def why_scale(d_values: Sequence[int] = tuple(2 ** i for i in range(11)), *, keys: int = 16,
              samples: int = 500, seed: int = 0) -> ScaleStatistics:
    """Monte-Carlo over ``samples`` queries, each against ``keys`` keys, entries standard normal,
    drawn from ``numpy.random.default_rng(seed)`` in the order of ``d_values`` (deterministic)."""
    d_values = np.asarray(d_values)
    if d_values.ndim != 1 or d_values.size == 0 or not np.issubdtype(d_values.dtype, np.integer) \
            or np.any(d_values < 1) or np.any(d_values > 1024):
        raise MatrixInputError("d_k_values_invalid")
    if keys < 2 or samples < 2:
        raise MatrixInputError("why_scale_too_small")
    rng = np.random.default_rng(seed)
    rows = []
    for d in d_values:
        queries = rng.standard_normal((samples, 1, int(d)))
        key_sets = rng.standard_normal((samples, keys, int(d)))
        dots = np.sum(queries * key_sets, axis=-1)  # samples x keys
        scaled = dots / math.sqrt(d)
        rows.append((dots.std(), scaled.std(), softmax(dots).max(axis=-1).mean(),
                     softmax(scaled).max(axis=-1).mean()))
    columns = np.array(rows, dtype=np.float64).T
    return ScaleStatistics(d_values.astype(int), *columns, keys=keys, samples=samples)
