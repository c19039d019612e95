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
from dataclasses import dataclass

import numpy as np

from engine.messages import Message

VARIANTS = ("paper", "tensor2tensor", "concatenated")

# Where each layout is used, for labels in the UI and the CLI.
VARIANT_USES = {variant: Message(f"variant_{variant}") for variant in VARIANTS}


_NOT_GIVEN = object()


def _check(d_model: int, variant: str, base=_NOT_GIVEN, n_positions=_NOT_GIVEN) -> None:
    """Raise ValueError for a bad argument; base and n_positions are checked only when given."""
    if isinstance(d_model, bool) or not isinstance(d_model, (int, np.integer)) or d_model <= 0:
        raise ValueError(f"d_model must be a positive even integer, got {d_model!r}")
    if d_model % 2:
        raise ValueError(f"d_model must be even (sin/cos pairs), got {d_model}")
    if n_positions is not _NOT_GIVEN and (
        isinstance(n_positions, bool)
        or not isinstance(n_positions, (int, np.integer))
        or n_positions <= 0
    ):
        raise ValueError(f"the number of positions must be a positive integer, got {n_positions!r}")
    if base is not _NOT_GIVEN and not (
        isinstance(base, (int, float, np.floating, np.integer)) and math.isfinite(base) and base > 0
    ):
        raise ValueError(f"base must be a positive finite number, got {base!r}")
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")


def frequencies(d_model: int, base: float = 10000.0, variant: str = "paper") -> np.ndarray:
    """Angular frequency ``w_i`` (radians per position) of each of the d_model/2 pairs."""
    _check(d_model, variant, base)
    half = d_model // 2
    i = np.arange(half)
    if variant == "tensor2tensor":
        return np.exp(-i * math.log(base) / max(half - 1, 1))
    return np.power(float(base), -2.0 * i / d_model)


def wavelengths(d_model: int, base: float = 10000.0, variant: str = "paper") -> np.ndarray:
    """Wavelength in positions (2*pi / w_i) of each dimension pair."""
    return 2.0 * math.pi / frequencies(d_model, base, variant)


def pair_indices(d_model: int, variant: str = "paper") -> tuple[np.ndarray, np.ndarray]:
    """Column indices of the sine and the cosine of each pair, in the given layout."""
    _check(d_model, variant)  # an odd d_model would give pairs without a partner
    half = d_model // 2
    if variant == "paper":
        return np.arange(0, d_model, 2), np.arange(1, d_model, 2)
    return np.arange(half), np.arange(half, d_model)


def sinusoidal_encoding(
    n_positions: int, d_model: int, base: float = 10000.0, variant: str = "paper"
) -> np.ndarray:
    """PE for positions 0..n_positions-1 as a float64 array of shape (n_positions, d_model)."""
    _check(d_model, variant, base, n_positions)
    return encode_positions(np.arange(n_positions), d_model, base, variant)


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
    m = np.zeros((d_model, d_model))  # float64
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
    if n_digits is not None and (
        isinstance(n_digits, bool) or not isinstance(n_digits, (int, np.integer)) or not 0 < n_digits <= 18
    ):
        raise ValueError(f"n_digits must be an integer from 1 to 18, got {n_digits!r}")
    width = n_digits or len(str(n_positions - 1))
    pos = np.arange(n_positions)
    powers = 10 ** np.arange(width - 1, -1, -1)
    return ((pos[:, None] // powers[None, :]) % 10).astype(np.float64)


NAIVE_SCALE = 1000.0  # the lesson's pos / 1000


def linear_encoding(n_positions: int, scale: float = NAIVE_SCALE) -> np.ndarray:
    """The lesson's other naive code: pos / scale as a single dimension, shape (n, 1).

    Its range depends on the sequence length, and a step of 1 position is a tiny change."""
    if isinstance(n_positions, bool) or not isinstance(n_positions, (int, np.integer)) or n_positions <= 0:
        raise ValueError(f"the number of positions must be a positive integer, got {n_positions!r}")
    if not (isinstance(scale, (int, float, np.integer, np.floating)) and math.isfinite(scale) and scale > 0):
        raise ValueError(f"scale must be a positive finite number, got {scale!r}")
    return (np.arange(n_positions) / scale)[:, None]


def encode_positions(positions, d_model: int, base: float = 10000.0, variant: str = "paper") -> np.ndarray:
    """PE for arbitrary positions (any real numbers), shape (len(positions), d_model).

    Same values as ``sinusoidal_encoding`` for 0..n-1; used where a position lies outside the
    table (e.g. PE(pos + k) in the relative-shift demo)."""
    w = frequencies(d_model, base, variant)  # checks d_model, base and variant first
    p = np.asarray(positions, dtype=np.float64).ravel()
    if not np.all(np.isfinite(p)):
        raise ValueError("positions must be finite numbers")
    angles = p[:, None] * w[None, :]
    sin_cols, cos_cols = pair_indices(d_model, variant)
    pe = np.empty((p.size, d_model))  # float64
    pe[:, sin_cols] = np.sin(angles)
    pe[:, cos_cols] = np.cos(angles)
    return pe


def neighbour_steps(codes: np.ndarray) -> np.ndarray:
    """Euclidean distance between the codes of neighbouring positions: ||code(p+1) - code(p)||.

    Constant for the sinusoidal code (every pair turns by the same angle), jumps for decimal
    digits (9 -> 10, 99 -> 100).  Shape (n - 1,)."""
    codes = np.asarray(codes, dtype=np.float64)
    if codes.ndim != 2:
        raise ValueError("codes must be a (positions, dimensions) matrix")
    return np.linalg.norm(np.diff(codes, axis=0), axis=1)


# Interactive limits: analyse() builds an (n_positions x n_positions) similarity matrix.
MAX_POSITIONS = 2048
MAX_D_MODEL = 1024
#: the largest pos and |k| analysed: beyond ~1e6, float64 sin(pos·ω) has lost the digits the
#: shift identity PE(pos+k) = M_k·PE(pos) is shown to (hypothesis found k = 2**70 failing it)
MAX_OFFSET = 1_000_000
SIMILARITIES = ("dot", "cosine")


@dataclass(frozen=True)
class PositionalAnalysis:
    """Everything the positional-encoding view shows, for one set of parameters.

    All arrays are float64 (pair indices int64) and read-only."""

    n_positions: int
    d_model: int
    base: float
    variant: str
    pos: int
    k: int
    similarity: str
    encoding: np.ndarray  # (n_positions, d_model): PE(p) for p = 0..n-1
    frequencies: np.ndarray  # (d_model/2,) radians per position
    wavelengths: np.ndarray  # (d_model/2,) positions per period, 2*pi / w_i
    sin_columns: np.ndarray  # (d_model/2,) column of each pair's sine
    cos_columns: np.ndarray  # (d_model/2,) column of each pair's cosine
    similarity_matrix: np.ndarray  # (n_positions, n_positions) dot or cosine of PE vectors
    shift_matrix: np.ndarray  # (d_model, d_model) M_k
    source: np.ndarray  # (d_model,) PE(pos)
    target: np.ndarray  # (d_model,) PE(pos + k), computed from the closed form
    rotated: np.ndarray  # (d_model,) M_k @ PE(pos)
    max_abs_diff: float  # max |M_k @ PE(pos) - PE(pos + k)|
    decimal: np.ndarray  # (n_positions, digits) position written in decimal, one digit per column
    linear: np.ndarray  # (n_positions, 1) pos / 1000
    sinusoidal_steps: np.ndarray  # (n_positions - 1,) ||PE(p+1) - PE(p)||
    decimal_steps: np.ndarray  # (n_positions - 1,)
    linear_steps: np.ndarray  # (n_positions - 1,)

    def column_kind(self, column: int) -> tuple[str, int]:
        """("sin" or "cos", pair index) of a column of the encoding."""
        hits = np.flatnonzero(self.sin_columns == column)
        if hits.size:
            return "sin", int(hits[0])
        return "cos", int(np.flatnonzero(self.cos_columns == column)[0])


def _as_int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    return int(value)


def analyse(
    n_positions: int,
    d_model: int,
    base: float = 10000.0,
    variant: str = "paper",
    pos: int = 0,
    k: int = 1,
    similarity: str = "dot",
) -> PositionalAnalysis:
    """Encodings, position similarity, the shift M_k, wavelengths and the naive codes at once.

    similarity(i, j) = PE(i) . PE(j)  ("dot")  or  PE(i) . PE(j) / (|PE(i)| |PE(j)|)  ("cosine").
    For the sinusoidal code PE(i) . PE(j) = sum_i cos(w_i (i - j)): a function of i - j only.
    Sizes are capped (MAX_POSITIONS, MAX_D_MODEL) because the result is meant for display.
    """
    _check(d_model, variant, base, n_positions)
    if n_positions > MAX_POSITIONS:
        raise ValueError(f"at most {MAX_POSITIONS} positions can be shown, got {n_positions}")
    if d_model > MAX_D_MODEL:
        raise ValueError(f"d_model can be at most {MAX_D_MODEL} here, got {d_model}")
    pos, k = _as_int(pos, "pos"), _as_int(k, "k")
    if pos < 0:
        raise ValueError(f"pos must be 0 or more, got {pos}")
    if pos > MAX_OFFSET or abs(k) > MAX_OFFSET:
        raise ValueError(f"pos and k can be at most {MAX_OFFSET:,} here (got pos {pos}, k {k})")
    if pos + k < 0:
        raise ValueError(f"pos + k must be 0 or more, got {pos} + {k} = {pos + k}")
    if similarity not in SIMILARITIES:
        raise ValueError(f"unknown similarity {similarity!r}; choose one of {', '.join(SIMILARITIES)}")
    base = float(base)

    encoding = sinusoidal_encoding(n_positions, d_model, base, variant)
    gram = encoding @ encoding.T
    if similarity == "cosine":
        norms = np.linalg.norm(encoding, axis=1)
        gram = gram / np.outer(norms, norms)
    sin_cols, cos_cols = pair_indices(d_model, variant)
    shift = relative_shift_matrix(k, d_model, base, variant)
    source, target = encode_positions([pos, pos + k], d_model, base, variant)
    rotated = shift @ source
    decimal = decimal_digit_encoding(n_positions)
    linear = linear_encoding(n_positions)  # pos / NAIVE_SCALE
    arrays = dict(
        encoding=encoding, frequencies=frequencies(d_model, base, variant),
        wavelengths=wavelengths(d_model, base, variant), sin_columns=sin_cols, cos_columns=cos_cols,
        similarity_matrix=gram, shift_matrix=shift, source=source, target=target, rotated=rotated,
        decimal=decimal, linear=linear, sinusoidal_steps=neighbour_steps(encoding),
        decimal_steps=neighbour_steps(decimal), linear_steps=neighbour_steps(linear),
    )
    for name, a in arrays.items():
        a = a.copy()  # own memory (source and target are rows of one array), then frozen
        a.setflags(write=False)
        arrays[name] = a
    return PositionalAnalysis(
        n_positions=int(n_positions), d_model=int(d_model), base=base, variant=variant, pos=pos, k=k,
        similarity=similarity, max_abs_diff=float(np.max(np.abs(rotated - target))), **arrays,
    )
