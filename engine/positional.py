"""Sinusoidal positional encodings and the rotation that shifts them.

The Transformer paper (Vaswani et al., 2017, §3.5) encodes position ``pos`` as

    PE(pos, 2i)   = sin(pos / base^(2i / d_model))
    PE(pos, 2i+1) = cos(pos / base^(2i / d_model))        base = 10000

so each pair of dimensions is a sine/cosine of one angular frequency ``w_i``.  Because
sin(a+b) and cos(a+b) are linear in (sin a, cos a), ``PE(pos + k) = M_k @ PE(pos)`` where
``M_k`` rotates every (sin, cos) pair by the angle ``w_i * k`` -- the same matrix for every
``pos``.  That is the "relative positions are a linear function" property.

Three layouts are in common use and give different vectors for the same position:

* ``"paper"``: interleaved sin/cos, ``w_i = base^(-2i/d_model)``.  Used by the paper,
  The Annotated Transformer and the PyTorch tutorial.
* ``"tensor2tensor"``: all sines, then all cosines, ``w_i = exp(-i * ln(base) / (d_model/2 - 1))``
  (tensor2tensor, fairseq, Whisper).  For d_model = 2 the denominator is taken as 1, as
  tensor2tensor does.
* ``"concatenated"``: all sines, then all cosines, with the paper's frequencies (Marian, the
  TensorFlow tutorial).
"""
from __future__ import annotations

import math

import numpy as np

VARIANTS = ("paper", "tensor2tensor", "concatenated")

# Where each layout is used, for labels in the UI and the CLI.
VARIANT_USES = {
    "paper": "interleaved sin/cos — Vaswani et al. 2017, The Annotated Transformer, PyTorch tutorial",
    "tensor2tensor": "sines then cosines, log-spaced — tensor2tensor, fairseq, Whisper",
    "concatenated": "sines then cosines, paper frequencies — Marian, TensorFlow tutorial",
}


def _check(d_model: int, base: float, variant: str, n_positions: int | None = None) -> None:
    if isinstance(d_model, bool) or not isinstance(d_model, (int, np.integer)) or d_model <= 0:
        raise ValueError(f"d_model must be a positive even integer, got {d_model!r}")
    if d_model % 2:
        raise ValueError(f"d_model must be even (sin/cos pairs), got {d_model}")
    if n_positions is not None and (
        isinstance(n_positions, bool)
        or not isinstance(n_positions, (int, np.integer))
        or n_positions <= 0
    ):
        raise ValueError(f"the number of positions must be a positive integer, got {n_positions!r}")
    if not (isinstance(base, (int, float, np.floating, np.integer)) and math.isfinite(base) and base > 0):
        raise ValueError(f"base must be a positive finite number, got {base!r}")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")


def frequencies(d_model: int, base: float = 10000.0, variant: str = "paper") -> np.ndarray:
    """Angular frequency ``w_i`` (radians per position) of each of the d_model/2 pairs."""
    _check(d_model, base, variant)
    half = d_model // 2
    i = np.arange(half, dtype=np.float64)
    if variant == "tensor2tensor":
        return np.exp(-i * math.log(base) / max(half - 1, 1))
    return np.power(float(base), -2.0 * i / d_model)


def wavelengths(d_model: int, base: float = 10000.0, variant: str = "paper") -> np.ndarray:
    """Wavelength in positions (2*pi / w_i) of each dimension pair."""
    return 2.0 * math.pi / frequencies(d_model, base, variant)


def pair_indices(d_model: int, variant: str = "paper") -> tuple[np.ndarray, np.ndarray]:
    """Column indices of the sine and the cosine of each pair, in the given layout."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    half = d_model // 2
    if variant == "paper":
        return np.arange(0, d_model, 2), np.arange(1, d_model, 2)
    return np.arange(half), np.arange(half, d_model)


def sinusoidal_encoding(
    n_positions: int, d_model: int, base: float = 10000.0, variant: str = "paper"
) -> np.ndarray:
    """PE for positions 0..n_positions-1 as a float64 array of shape (n_positions, d_model)."""
    _check(d_model, base, variant, n_positions)
    angles = np.arange(n_positions, dtype=np.float64)[:, None] * frequencies(d_model, base, variant)[None, :]
    sin_cols, cos_cols = pair_indices(d_model, variant)
    pe = np.empty((n_positions, d_model), dtype=np.float64)
    pe[:, sin_cols] = np.sin(angles)
    pe[:, cos_cols] = np.cos(angles)
    return pe


def relative_shift_matrix(k: float, d_model: int, base: float = 10000.0, variant: str = "paper") -> np.ndarray:
    """The (d_model, d_model) matrix M_k with PE(pos + k) = M_k @ PE(pos) for every pos.

    For a pair (s, c) = (sin w p, cos w p):
        sin w(p+k) =  cos(wk) s + sin(wk) c
        cos w(p+k) = -sin(wk) s + cos(wk) c
    so M_k is block-diagonal (up to the layout's column order) with one rotation per pair.
    It is orthogonal and M_j @ M_k = M_(j+k).
    """
    if not (isinstance(k, (int, float, np.integer, np.floating)) and math.isfinite(k)):
        raise ValueError(f"the shift k must be a finite number, got {k!r}")
    w = frequencies(d_model, base, variant)
    sin_cols, cos_cols = pair_indices(d_model, variant)
    cos_wk, sin_wk = np.cos(w * k), np.sin(w * k)
    m = np.zeros((d_model, d_model), dtype=np.float64)
    m[sin_cols, sin_cols] = cos_wk
    m[sin_cols, cos_cols] = sin_wk
    m[cos_cols, sin_cols] = -sin_wk
    m[cos_cols, cos_cols] = cos_wk
    return m


def decimal_digit_encoding(n_positions: int, n_digits: int | None = None) -> np.ndarray:
    """The lesson's naive code: position written in decimal, one digit per dimension.

    Most significant digit first.  Nearby positions can differ in many dimensions at once
    (99 -> 100), and the values are unbounded in meaning: a poor input for learning.
    """
    if isinstance(n_positions, bool) or not isinstance(n_positions, (int, np.integer)) or n_positions <= 0:
        raise ValueError(f"the number of positions must be a positive integer, got {n_positions!r}")
    width = n_digits or len(str(n_positions - 1))
    pos = np.arange(n_positions)
    powers = 10 ** np.arange(width - 1, -1, -1)
    return ((pos[:, None] // powers[None, :]) % 10).astype(np.float64)


def linear_encoding(n_positions: int, scale: float = 1000.0) -> np.ndarray:
    """The lesson's other naive code: pos / scale as a single dimension, shape (n, 1).

    Its range depends on the sequence length, and a step of 1 position is a tiny change."""
    if isinstance(n_positions, bool) or not isinstance(n_positions, (int, np.integer)) or n_positions <= 0:
        raise ValueError(f"the number of positions must be a positive integer, got {n_positions!r}")
    if not (math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be a positive finite number, got {scale!r}")
    return (np.arange(n_positions, dtype=np.float64) / scale)[:, None]
