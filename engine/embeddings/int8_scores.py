"""3CosMul over a large vocabulary, exactly, from an int8 copy of the unit rows read first.

3CosMul needs three cosines per word — with a, b and c — so it cannot use half_scores' single
float16 product: score(x) = s_b · s_c / (s_a + ε), s = (1 + cos) / 2.  Over the float32 matrix
that is one product with three columns, which BLAS does at about twice the cost of one
matrix–vector product (it is not bound by memory there).  Here an int8 copy (a quarter of the
bytes) is multiplied by the three int8-rounded query vectors in one integer product (torch's
``_int_mm``: exact int32 sums), each approximate cosine comes with a bound on its error, the
bounds give every word an interval for its score, and only the words whose interval reaches the
k-th best lower end are scored again in float32 as gensim scores them.  So the words, their
order and their scores are those of the float32 pass.

The copy.  ê_x = e_x / ‖e_x‖ is stored as codes c_x (int8, |c| ≤ 127) and a scale σ_x with
ê_x ≈ σ_x c_x, and the residual r_x = ‖ê_x − σ_x c_x‖ (computed in float64, rounded up).  A unit
query q (float32, as gensim's ``get_vector(norm=True)``) is rounded the same way: q ≈ τ c_q,
ρ = ‖q − τ c_q‖.  Then, with ‖ê_x‖ = ‖q‖ = 1,

    |ê_x·q − σ_x τ (c_x·c_q)| = |Δ_x·q + ê_x·Δ_q − Δ_x·Δ_q| ≤ r_x + ρ + r_x ρ   (Cauchy–Schwarz)

c_x·c_q is an exact integer (|·| ≤ d·127² < 2³¹).  ``SLACK`` covers the rest: gensim's float32
cosine differs from the real (e_x·q)/‖e_x‖ by at most (d + 2)·2⁻²⁴ ≤ 9.6e-5 for d ≤ 1,600, and the
float32 products forming the approximate cosine by a few 2⁻²⁴.

The intervals.  With each s within h = δ/2 of its approximation (lo ≤ s ≤ hi, hi > 0):
score ≤ U = max(hi_b·hi_c, lo_b·lo_c) / (lo_a + ε) when lo_a + ε > 0 (else U = ∞), and
score ≥ L = lo_b·lo_c / (hi_a + ε) when lo_a + ε > 0 and lo_b, lo_c ≥ 0 (else L = −∞).  The
k words of highest L each score at least L_(k), so the k-th best score is at least L_(k), and
every word of the true k best has U ≥ its score ≥ L_(k): all words with U ≥ L_(k) are scored
again, so none of them is missed.
"""
from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass

import numpy as np

from engine.embeddings import row_blocks
from engine.embeddings.vectors import Embeddings

#: the bound holds for d ≤ MAX_DIMENSION (the float32 sums' share of SLACK, and exact int32 sums)
MAX_DIMENSION = 1600
#: gensim's float32 cosines against the real ones, (d + 2)·2⁻²⁴ at d = 1,600, and the float32
#: products of the approximation: all below 1e-4; twice that to spare
SLACK = 2e-4
#: below this many rows the float32 product alone is as fast (the copy costs memory for nothing)
LEAST_ROWS = 50_000
#: the float32 scores of U, L and gensim's score each round by a few 2⁻²⁴: U is compared with
#: L_(k) lowered by this share
ROUNDING = 1e-5
_COLUMNS = 4  # torch's int8 product is fastest with four columns here (three is slower)
#: the codes' rows are padded with zeros to a multiple of this length: int8_cosines' kernel
#: gave wrong sums for most other lengths (a zero changes no product)
PAD = 32

_copies: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_lock = threading.Lock()
_checked: list[bool] = []


@dataclass(frozen=True)
class Int8Rows:
    """ê_x ≈ ``scales[x]`` · ``codes[x]`` within ``residuals[x]`` (Euclidean norm);
    ``zero_rows``: words whose vector is zero (no direction, never an answer)."""

    codes: object  # torch.Tensor (V, d rounded up to a multiple of PAD) int8, zero beyond d
    scales: np.ndarray  # (V,) float32
    residuals: np.ndarray  # (V,) float32, rounded up
    zero_rows: np.ndarray  # row numbers


def _products_are_exact() -> bool:
    """torch's ``_int_mm`` exists here and sums int8 products exactly in int32 (a kernel that
    saturated 16-bit partial sums would fail on the ±127 rows)."""
    if not _checked:
        try:
            import torch

            rng = np.random.default_rng(0)
            codes = rng.integers(-127, 128, (67, 301)).astype(np.int8)
            codes[0], codes[1] = 127, -127
            query = rng.integers(-127, 128, (301, _COLUMNS)).astype(np.int8)
            query[:, 0] = 127
            product = torch._int_mm(torch.from_numpy(codes), torch.from_numpy(query)).numpy()
            _checked.append(np.array_equal(product, codes.astype(np.int64) @ query.astype(np.int64)))
        except (AttributeError, RuntimeError, TypeError):
            _checked.append(False)
    return _checked[0]


def applies(emb: Embeddings, rows: int) -> bool:
    return rows >= LEAST_ROWS and emb.dimension <= MAX_DIMENSION and _products_are_exact()


def padded_length(dimension: int) -> int:
    return -(-dimension // PAD) * PAD


def _rounded(units: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(codes, scales, residuals) of unit vectors, one per row of ``units`` (float64)."""
    peaks = np.abs(units).max(axis=1)
    scales = (peaks / np.float32(127)).astype(np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        codes = np.clip(np.rint(units / scales[:, None]), -127, 127)
    codes[~np.isfinite(codes)] = 0
    codes = codes.astype(np.int8)
    residual = np.linalg.norm(units.astype(np.float64) - codes * scales[:, None].astype(np.float64), axis=1)
    return codes, scales, (residual * (1 + 1e-6)).astype(np.float32)


def int8_rows(emb: Embeddings) -> Int8Rows:
    """The int8 copy of ``emb``'s unit rows, made once per matrix (8,192 rows at a time: no
    second float32 matrix; the slices shared with row_blocks' helper thread, as the first query
    of a 400,000-word file waited 1.5–2 s of one core for it)."""
    import torch

    with _lock:
        copy = _copies.get(emb)
        if copy is None:
            count = len(emb)
            codes = torch.zeros((count, padded_length(emb.dimension)), dtype=torch.int8)
            scales = np.empty(count, dtype=np.float32)
            residuals = np.empty(count, dtype=np.float32)

            def block(start: int, stop: int) -> None:
                rows = np.asarray(emb.vectors[start:stop], dtype=np.float64)
                norms = emb.norms[start:stop].astype(np.float64)[:, None]
                # the reference is e_x / ‖e_x‖ with gensim's float32 norm, in float64
                with np.errstate(divide="ignore", invalid="ignore"):
                    units = np.where(norms > 0, rows / norms, 0.0)
                block_codes, scales[start:stop], residuals[start:stop] = _rounded(units)
                codes[start:stop, :emb.dimension] = torch.from_numpy(block_codes)

            row_blocks.each_block(block, count, block_rows=8192, least_rows=1)
            copy = Int8Rows(codes, scales, residuals, np.flatnonzero(emb.norms == 0))
            _copies[emb] = copy
    return copy


def _approximate_cosines(copy: Int8Rows, units: np.ndarray, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """σ_x τ_j (c_x·c_j) for each unit column j of ``units`` (d × 3) and the first ``rows``
    words, as three contiguous rows (3 × rows), and each column's ρ_j."""
    import torch

    query_codes, query_scales, query_residuals = _rounded(units.T.astype(np.float64))
    padded = np.zeros((_COLUMNS, copy.codes.shape[1]), dtype=np.int8)
    padded[:3, :units.shape[0]] = query_codes
    query = torch.from_numpy(padded)
    approx = np.empty((3, rows), dtype=np.float32)

    def block(start: int, stop: int) -> None:  # rows in blocks shared with a helper thread
        sums = torch._int_mm(query, copy.codes[start:stop].T).numpy()  # (4, block), exact
        part = approx[:, start:stop]
        part[...] = sums[:3]
        part *= copy.scales[start:stop]
        part *= query_scales[:, None]

    row_blocks.each_block(block, rows)
    return approx, query_residuals


def _kth_largest(values: np.ndarray, k: int) -> float:
    """The k-th largest of ``values``: first among every 16th (a lower value, hence a floor for
    it), then among the values at or above that floor alone."""
    sample = values[::16]
    floor = np.partition(sample, sample.size - k)[sample.size - k] if sample.size >= k else -np.inf
    above = values[values >= floor] if np.isfinite(floor) else values
    return float(np.partition(above, above.size - k)[above.size - k])


def score_intervals(low: list, high: list) -> tuple[np.ndarray, np.ndarray]:
    """(L, U) of each word's 3CosMul score (the module's docstring) from the ends lo ≤ s ≤ hi of
    its s_a, s_b, s_c (``low[j]``, ``high[j]``: arrays)."""
    epsilon = np.float32(1e-6)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        below = low[0] + epsilon
        positive = below > 0
        upper = np.maximum(high[1] * high[2], low[1] * low[2])
        upper /= below
        upper[~positive] = np.inf
        lower = low[1] * low[2]
        lower /= high[0] + epsilon
        lower[~(positive & (low[1] >= 0) & (low[2] >= 0))] = -np.inf
    return lower, upper


def cosmul_candidates(emb: Embeddings, units: np.ndarray, rows: int, k: int, excluded) -> np.ndarray:
    """Rows (ascending) among the first ``rows`` that may hold the k best 3CosMul scores for
    the unit columns (ê_a, ê_b, ê_c) of ``units`` (d × 3), never one of ``excluded``."""
    copy = int8_rows(emb)
    approx, query_residuals = _approximate_cosines(copy, units, rows)
    residuals = copy.residuals[:rows]
    low, high = [], []
    for j in range(3):  # s_j = (1 + cos_j)/2 lies within h = δ/2 of (1 + approx_j)/2
        half_width = residuals * np.float32(0.5 * (1 + query_residuals[j]))
        half_width += np.float32(0.5 * (query_residuals[j] + SLACK))
        middle = approx[j]
        middle += 1
        middle *= 0.5
        high.append(middle + half_width)
        middle -= half_width
        low.append(middle)
    lower, upper = score_intervals(low, high)
    for j in [*excluded, *copy.zero_rows]:
        if j < rows:
            upper[j] = lower[j] = -np.inf
    kth = _kth_largest(lower, min(k, rows))
    if not np.isfinite(kth):
        return np.flatnonzero(upper > -np.inf)
    return np.flatnonzero(upper >= kth - ROUNDING * abs(kth))
