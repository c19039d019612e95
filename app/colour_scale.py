"""The attention heatmap's colour scale (Qt-free): fixed at 0…1, or fitted to the matrix shown.

A 509-token row spreads its weight over 509 keys (≈ 0.002 each): on the fixed 0…1 scale the
whole matrix is one colour.  The fitted scale runs from 0 to a robust maximum, the
ROBUST_PERCENTILE-th percentile of the cells that can be attended (masked future cells, always
0, are left out): a few sink cells near 1 would otherwise set the top and flatten the rest
again.  Cells above it are drawn in the top colour.
"""
from __future__ import annotations

import numpy as np

FIXED, FITTED = "fixed", "fitted"
SCALES = (FIXED, FITTED)
ROBUST_PERCENTILE = 99.5


def fitted_maximum(matrix: np.ndarray, mask: np.ndarray | None = None) -> float:
    """The ROBUST_PERCENTILE-th percentile (linear interpolation) of the cells not masked; the
    largest cell if that percentile is 0 (nearly every cell 0); 1 for a matrix of zeros."""
    values = np.asarray(matrix, dtype=np.float64)
    if mask is not None:
        values = values[~np.asarray(mask, dtype=bool)]
    values = values.ravel()
    if values.size == 0:
        return 1.0
    high = float(np.percentile(values, ROBUST_PERCENTILE))
    if high <= 0.0:
        high = float(values.max())
    return high if high > 0.0 else 1.0


def colour_maximum(scale: str, matrix: np.ndarray, mask: np.ndarray | None = None) -> float:
    """The value drawn in the top colour (the bottom is always 0)."""
    return fitted_maximum(matrix, mask) if scale == FITTED else 1.0
