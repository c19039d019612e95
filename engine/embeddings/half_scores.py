"""The k best cosines over a large vocabulary, exactly, at half the memory traffic.

One query reads the whole V × d float32 matrix (480 MB for 400,000 × 300 words): memory
bandwidth, not arithmetic, bounds it.  Here a float16 copy of the unit rows ê_x (half the bytes)
is read first; every word whose approximate cosine a_x could still be among the k best is then
scored again in float32, exactly as ``queries.cosines_with`` scores it, so the words, order and
scores are those of the full float32 pass.

Why no word is lost.  With |a_x − s_x| ≤ δ for every x (s_x the float32 score): the k words of
highest a each have s ≥ a_(k) − δ, so the k-th best exact score s_(k) ≥ a_(k) − δ, and any word
x of the true k best has a_x ≥ s_x − δ ≥ s_(k) − δ ≥ a_(k) − 2δ.  Every word with
a_x ≥ a_(k) − 2δ is re-scored, so all of them are.

The bound δ.  Rounding ê_x and the unit query q to float16 changes each product ê_i q_i by at
most (2u + u²)|ê_i q_i| (u = 2⁻¹¹, float16's unit roundoff), and Σ|ê_i q_i| ≤ ‖ê‖‖q‖ = 1
(Cauchy–Schwarz): at most 9.8e-4.  torch sums the products in float32 (checked at first use:
``_sums_in_float32``; without it this path is not taken) — d · 2⁻²⁴ ≤ 1e-4 for d ≤ 1,600 — and
rounds the sum to float16: at most u · 1 = 4.9e-4.  Subnormal float16 values (below 6.1e-5) add
at most d · 2⁻²⁵ ≤ 5e-5.  The float32 scores themselves differ from the exact cosines by the same
d · 2⁻²⁴.  Together below 1.7e-3: ``BOUND`` = 2e-3.
"""
from __future__ import annotations

import threading
import weakref

import numpy as np

from engine.embeddings.vectors import Embeddings

#: δ above: |float16 first-pass cosine − float32 cosine| never exceeds it (d ≤ MAX_DIMENSION)
BOUND = 2e-3
MAX_DIMENSION = 1600
#: below this many rows the float32 pass alone is as fast (the copy costs memory for nothing)
LEAST_ROWS = 50_000

_copies: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_lock = threading.Lock()
_checked: list[bool] = []


def _sums_in_float32() -> bool:
    """torch's float16 matrix–vector product sums in float32: 4,096 ones sum to 4,096 (in
    float16, 2,048 + 1 rounds back to 2,048)."""
    import torch

    if not _checked:
        ones = torch.ones(2, 4096, dtype=torch.float16)
        _checked.append(bool(((ones @ ones[0]) == 4096).all()))
    return _checked[0]


def applies(emb: Embeddings, rows: int) -> bool:
    return rows >= LEAST_ROWS and emb.dimension <= MAX_DIMENSION and _sums_in_float32()


def unit_rows_half(emb: Embeddings):
    """ê_x in float16 as a torch tensor (V × d; a zero row stays zero), made once per matrix."""
    import torch

    with _lock:
        copy = _copies.get(emb)
        if copy is None:
            copy = torch.empty((len(emb), emb.dimension), dtype=torch.float16)
            step = 65536
            for start in range(0, len(emb), step):
                block = np.asarray(emb.vectors[start:start + step], dtype=np.float32)
                norms = emb.norms[start:start + step, None]
                with np.errstate(divide="ignore", invalid="ignore"):
                    unit = np.where(norms > 0, block / norms, 0.0).astype(np.float16)
                copy[start:start + step] = torch.from_numpy(unit)
            _copies[emb] = copy
    return copy


def candidates(emb: Embeddings, query: np.ndarray, rows: int, k: int, excluded) -> np.ndarray:
    """Rows (ascending) among the first ``rows`` that may hold the k best cosines with the unit
    ``query``, never one of ``excluded``: all x with a_x ≥ a_(k) − 2·BOUND."""
    import torch

    half = unit_rows_half(emb)[:rows]
    approx = (half @ torch.from_numpy(np.ascontiguousarray(query, dtype=np.float32)).half()).float().numpy()
    for j in excluded:
        if j < rows:
            approx[j] = -np.inf
    approx[np.isnan(approx)] = -np.inf
    k = min(k, rows)
    kth = np.partition(approx, rows - k)[rows - k]
    if not np.isfinite(kth):
        return np.flatnonzero(np.isfinite(approx))
    return np.flatnonzero(approx >= kth - 2 * BOUND)
