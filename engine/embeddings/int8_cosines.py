"""The k best cosines over a large vocabulary, exactly, from the int8 copy of the unit rows.

Neighbours and 3CosAdd read the whole matrix once per query: memory bandwidth bounds them.
half_scores reads a float16 copy (half the bytes); here the int8 copy that 3CosMul keeps
(int8_scores: ê_x ≈ σ_x c_x within r_x, a quarter of the bytes) is read instead, through torch's
int8-weight kernel ``_weight_int8pack_mm`` (bfloat16 query, int8 rows, float32 sums, bfloat16
out; 8.5 ms of one core for 400,000 × 300 where the float16 product takes 21 ms).  Every word
whose interval can reach the k-th best lower end is then scored again in float32 as gensim
scores it, so the words, order and scores are those of the float32 pass.

The bound.  The query q (unit, float32) is rounded to bfloat16: q̃, ρ = ‖q − q̃‖ (float64,
rounded up).  The kernel returns Ŝ_x = bf16(Σ_i c_xi q̃_i) (the sum in float32), and
a_x = σ_x Ŝ_x.  With ‖ê_x‖ = ‖q‖ = 1:

    |ê_x·q − σ_x c_x·q̃| ≤ |(ê_x − σ_x c_x)·q| + |σ_x c_x·(q − q̃)| ≤ r_x + (1 + r_x) ρ

and σ_x|c_x·q̃| ≤ (1 + r_x)(1 + ρ), so the bfloat16 rounding of the result (unit roundoff 2⁻⁸)
adds at most 2⁻⁸ (1 + r_x)(1 + ρ); int8_scores.SLACK covers the float32 sums (d·2⁻²⁴ of that
product) and gensim's float32 cosine against the real one ((d + 2)·2⁻²⁴), both ≤ 9.6e-5 at
d = 1,600.  So |a_x − s_x| ≤ δ_x.  The k words of highest a_x − δ_x each score at least its k-th
value L, so the k-th best exact score is ≥ L, and every word of the true k best has
a_x + δ_x ≥ L: all such words are scored again.

The kernel is private and, here, crashed (segmentation fault) on shapes it was not written for
(a query of two or more rows, fewer than 16 rows of codes) and summed wrongly for most row
lengths that are not a multiple of 32.  So it is given one query row, a multiple of 64 rows
(the last few rows are always re-scored instead) and rows padded with zeros to a multiple of 32
(int8_scores.PAD; 300 → 320), only where torch runs its AVX-512 code, which is where it was
checked, and only after a first-use check of its float32 sums and of the bound on random rows.
"""
from __future__ import annotations

import numpy as np

from engine.embeddings import int8_scores, row_blocks
from engine.embeddings.vectors import Embeddings

#: bfloat16's unit roundoff (8 significant bits, round to nearest)
BF16_ROUNDOFF = 2.0 ** -8
#: the kernel is given a multiple of this many rows (it crashed on fewer than 16)
ROW_BLOCK = 64
#: the float32 arithmetic forming a_x ± δ_x and comparing with L (cosines are at most 1)
ROUNDING = 1e-6
#: torch's CPU code the kernel was checked on
CHECKED_CAPABILITIES = ("AVX512",)

_checked: list[bool] = []


def _kernel_sums(query_bf16, codes, reuse: bool = False):
    """Ŝ = bf16(codes · q̃) as float32 numpy (rows,), for one bfloat16 query row (1 × d); the
    rows in blocks shared with a helper thread (row_blocks).  ``reuse``: into this thread's
    array of its last such call (row_blocks.kept), the kernel given row_blocks.pieces."""
    import torch

    sums = row_blocks.kept("cosines sums", (codes.shape[0],)) if reuse else np.empty(codes.shape[0], dtype=np.float32)
    ones = torch.ones(min(codes.shape[0], row_blocks.BLOCK_ROWS + row_blocks.LEAST_ROWS), dtype=torch.bfloat16)

    def block(start: int, stop: int) -> None:
        for low, high in row_blocks.pieces(start, stop, 4) if reuse else [(start, stop)]:
            product = torch.ops.aten._weight_int8pack_mm(query_bf16, codes[low:high], ones[:high - low])
            sums[low:high] = product[0].float().numpy()

    row_blocks.each_block(block, codes.shape[0])
    return sums


def _bf16(query: np.ndarray, length: int):
    """(q̃ as a 1 × ``length`` bfloat16 tensor, zero beyond q's own length; ρ = ‖q − q̃‖ rounded up)."""
    import torch

    rounded = torch.zeros(1, length, dtype=torch.bfloat16)
    rounded[0, :query.size] = torch.from_numpy(np.ascontiguousarray(query, dtype=np.float32)).bfloat16()
    back = rounded[0, :query.size].float().numpy().astype(np.float64)
    return rounded, float(np.linalg.norm(query.astype(np.float64) - back) * (1 + 1e-6))


def _kernel_is_sound() -> bool:
    """The kernel exists, sums in float32 (4,096 ones sum to 4,096; in bfloat16 the sum stops at
    256) and keeps the bound on 1,024 random rows of 300 dimensions."""
    if not _checked:
        try:
            import torch
            import torch.backends.cpu

            if torch.backends.cpu.get_cpu_capability() not in CHECKED_CAPABILITIES:
                _checked.append(False)
                return False
            ones = torch.ones(ROW_BLOCK, 4096, dtype=torch.int8)
            sound = bool((_kernel_sums(torch.ones(1, 4096, dtype=torch.bfloat16), ones) == 4096).all())
            rng = np.random.default_rng(0)
            for dimension in (40, 300):  # padded to 64 and 320
                units = rng.standard_normal((1024, dimension))
                units /= np.linalg.norm(units, axis=1, keepdims=True)
                codes, scales, residuals = int8_scores._rounded(units)
                padded = np.zeros((1024, int8_scores.padded_length(dimension)), dtype=np.int8)
                padded[:, :dimension] = codes
                query = units[0].astype(np.float32)
                rounded, rho = _bf16(query, padded.shape[1])
                approx = _kernel_sums(rounded, torch.from_numpy(padded)) * scales
                exact = units @ query.astype(np.float64)
                sound = sound and bool((np.abs(approx - exact) <= _bounds(residuals, rho)).all())
            _checked.append(sound)
        except (AttributeError, RuntimeError, TypeError, NotImplementedError):
            _checked.append(False)
    return _checked[0]


_three_checked: list[bool] = []


def three_rows_are_sound() -> bool:
    """The kernel given three query rows at once (3CosMul's a, b, c: int8_cosmul) gives each
    row the sums it gives that row alone (where the one-row kernel is sound): 4,096 ones, and
    1,024 random rows of 40 and 300 dimensions.  (It crashed here on two or more query rows in
    an earlier torch; in torch 2.13 it ran for 2–5 query rows and 1–1,000 or 50,048 rows of codes
    of 64 and 320 numbers, each shape tried in its own process.)"""
    if not _three_checked:
        sound = _kernel_is_sound()
        try:
            import torch

            ones = torch.ones(ROW_BLOCK, 4096, dtype=torch.int8)
            sound = sound and bool((_three_sums(torch.ones(3, 4096, dtype=torch.bfloat16), ones) == 4096).all())
            rng = np.random.default_rng(1)
            for dimension in (40, 300):
                codes = torch.from_numpy(rng.integers(-127, 128, (1024, int8_scores.padded_length(dimension)),
                                                      dtype=np.int8))
                query = torch.from_numpy(rng.standard_normal((3, codes.shape[1]), dtype=np.float32)).bfloat16()
                together = _three_sums(query, codes)
                alone = np.stack([_kernel_sums(query[j:j + 1].contiguous(), codes) for j in range(3)])
                sound = sound and np.array_equal(together, alone)
        except (AttributeError, RuntimeError, TypeError, NotImplementedError):
            sound = False
        _three_checked.append(bool(sound))
    return _three_checked[0]


def _three_sums(query_bf16, codes) -> np.ndarray:
    """bf16(codes · q̃_j) for three bfloat16 query rows at once, (3, rows) float32 numpy."""
    import torch

    ones = torch.ones(codes.shape[0], dtype=torch.bfloat16)
    return torch.ops.aten._weight_int8pack_mm(query_bf16, codes, ones).float().numpy()


def _bounds(residuals: np.ndarray, rho: float, reuse: bool = False) -> np.ndarray:
    """δ_x for each row (see the module's docstring); ``reuse``: into this thread's arrays of
    its last such call (row_blocks.kept)."""
    grown = np.add(residuals, np.float32(1), out=row_blocks.kept("cosines grown", residuals.shape) if reuse else None)
    bounds = np.multiply(grown, np.float32(rho), out=row_blocks.kept("cosines bounds", residuals.shape)
                         if reuse else None)
    bounds += residuals  # (residuals + ρ·grown, to the bit)
    bounds += np.float32(BF16_ROUNDOFF * (1 + rho) * (1 + 1e-3)) * grown
    bounds += np.float32(int8_scores.SLACK)
    return bounds


def applies(emb: Embeddings, rows: int) -> bool:
    return rows >= int8_scores.LEAST_ROWS and emb.dimension <= int8_scores.MAX_DIMENSION and _kernel_is_sound()


def candidates(emb: Embeddings, query: np.ndarray, rows: int, k: int, excluded) -> np.ndarray:
    """Rows (ascending) among the first ``rows`` that may hold the k best cosines with the unit
    ``query``, never one of ``excluded``."""
    copy = int8_scores.int8_rows(emb)
    blocked = rows - rows % ROW_BLOCK
    tail = [j for j in range(blocked, rows) if j not in set(excluded) and emb.norms[j] > 0]
    tail = np.asarray(tail, dtype=np.int64)
    if blocked == 0:  # the kernel is never given no rows
        return tail
    rounded, rho = _bf16(query, copy.codes.shape[1])
    # into this thread's arrays of its last query (row_blocks.kept: none is mapped anew)
    approx = _kernel_sums(rounded, copy.codes[:blocked], reuse=True)
    approx *= copy.scales[:blocked]
    bounds = _bounds(copy.residuals[:blocked], rho, reuse=True)
    lower = np.subtract(approx, bounds, out=row_blocks.kept("cosines lower", (blocked,)))
    approx += bounds  # the upper ends, in place
    for j in [*excluded, *copy.zero_rows]:
        if j < blocked:
            approx[j] = lower[j] = -np.inf
    # the tail's words are always re-scored; the k-th best lower end among the blocked rows is
    # a floor for the k-th best score where k of them have a finite one
    kth = int8_scores._kth_largest(lower, k) if k <= blocked else -np.inf
    threshold = kth - ROUNDING if np.isfinite(kth) else -np.inf
    return np.concatenate([np.flatnonzero(approx > threshold) if threshold == -np.inf
                           else np.flatnonzero(approx >= threshold), tail])
