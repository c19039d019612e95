"""3CosMul's first pass: the int8 copy read once for the three query vectors, then a cheap exact
filter, so that only a few hundred words are scored again in float32 as gensim scores them.

Why it was twice 3CosAdd's cost.  int8_scores' pass multiplies the int8 copy by the three
int8-rounded query vectors with ``torch._int_mm`` (exact int32 sums): 25 ms of one core at
400,000 × 300 here, where int8_cosines' bfloat16 kernel ``_weight_int8pack_mm`` takes 16 ms for
one query row and 19 ms for three (both measured in one process at load 11); and it then formed
each word's score interval with about forty numpy passes over 400,000-long arrays (6 ms).

Here the same bfloat16 kernel is given the three query rows q_a, q_b, q_c at once: one pass over
the copy (its rows converted once for the three), shared block by block with row_blocks' helper
thread.  Each approximate cosine a_jx = σ_x Ŝ_jx is within int8_cosines' bound δ_x of gensim's
float32 cosine (the module's docstring there; ρ_j ≤ 2⁻⁸ for every bfloat16 query, so one δ_x
serves all three and is computed once per matrix).  In t = 1 + cos (gensim's score is s_b s_c / (s_a + ε) = t_b t_c / (2 t_a + 4ε)):

* an upper bound for every word, with no division: |t_b t_c| ≤ P_x = (|t̂_b| + δ_x)(|t̂_c| + δ_x)
  and 2 t_a + 4ε ≥ 2 D_x, D_x = t̂_a − δ_x + 2ε; so a word with P_x < 2 T₀ D_x scores below T₀
  (where D_x ≤ 0, P_x ≥ 0 ≥ 2 T₀ D_x: the word is kept);
* the floor T₀: the k-th best lower end L (int8_scores' intervals) among every 16th word.  The k
  words of highest L each score at least their L, so the k-th best score is at least T₀; a word
  that scores below T₀ is not among the k best.  P_x, D_x are computed block by block with the
  kernel (cache-resident, on both threads); the comparison with T₀ is one pass.
* the survivors (typically a few thousand) get int8_scores' exact intervals [L, U]; those whose U
  reaches the k-th best L among them (every word whose L ≥ T₀ survives, so it is the k-th best L
  of all) are scored again in float32.  So the words, order and scores are those of the float32
  pass over all words.

Float32 rounding: t̂, P_x, D_x, L and U are formed by a few float32 operations on values of at
most 2 (each off by at most 2⁻²³ absolutely: SLACK's unused part, at least 8·10⁻⁶ at d = 1,600
and 1.6·10⁻⁴ at d = 300, covers them), and gensim's own score rounds by a few 2⁻²⁴ relatively:
the comparisons are made against thresholds lowered by int8_scores.ROUNDING (10⁻⁵) of their size.
"""
from __future__ import annotations

import threading
import weakref

import numpy as np

from engine.embeddings import int8_cosines, int8_scores, row_blocks
from engine.embeddings.vectors import Embeddings

#: every SAMPLE-th word gives the floor T₀ (a sixteenth of the words: 25,000 of 400,000)
SAMPLE = 16
#: ρ of any bfloat16-rounded unit query: each coordinate moves by at most 2⁻⁸ of itself (round to
#: nearest, 8 significant bits), so ‖q − q̃‖ ≤ 2⁻⁸ ‖q‖; ‖q‖ ≤ 1 + 10⁻⁶ in float32
RHO = int8_cosines.BF16_ROUNDOFF * (1 + 1e-3)
EPSILON = 1e-6  # gensim's (queries.COSMUL_EPSILON)

_bounds: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_lock = threading.Lock()
#: t̂ rows kept per matrix for the last query vectors (``reuse``): a user types one of a, b and c
#: at a time, so each keystroke's query shares two of its three vectors with the one before, and
#: their rows are copied instead of computed again (the kernel's pass was 15.5 of a 3CosMul
#: keystroke's 17.6 ms in the worker at 400,000 × 300)
KEPT_ROWS = 6
_rows: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # emb -> {(rows, query row): t̂ row}


def applies(emb: Embeddings, rows: int) -> bool:
    """From int8_scores.LEAST_ROWS words on (the int8 copy's), up to its MAX_DIMENSION, where
    the kernel given three rows is sound (``_int_mm`` is not needed)."""
    return (rows >= int8_scores.LEAST_ROWS and emb.dimension <= int8_scores.MAX_DIMENSION
            and int8_cosines.three_rows_are_sound())


def _row_bounds(emb: Embeddings, copy: int8_scores.Int8Rows) -> tuple[np.ndarray, np.ndarray]:
    """(δ_x, δ_x − 2ε) for every row with ρ = RHO (made once per matrix, as the int8 copy is)."""
    with _lock:
        bounds = _bounds.get(emb)
        if bounds is None:
            delta = int8_cosines._bounds(copy.residuals, RHO)
            bounds = delta, delta - np.float32(2 * EPSILON)
            _bounds[emb] = bounds
    return bounds


def _three_rows(units: np.ndarray, length: int):
    """(the unit columns of ``units`` (d × 3) as three bfloat16 rows, zero beyond d, each
    row's ρ_j = ‖q_j − q̃_j‖ rounded up)."""
    import torch

    rounded = torch.zeros(3, length, dtype=torch.bfloat16)
    rows = np.ascontiguousarray(units.T, dtype=np.float32)
    rounded[:, :rows.shape[1]] = torch.from_numpy(rows).bfloat16()
    back = rounded[:, :rows.shape[1]].float().numpy().astype(np.float64)
    return rounded, np.linalg.norm(rows.astype(np.float64) - back, axis=1) * (1 + 1e-6)


def first_pass(emb: Embeddings, units: np.ndarray, rows: int, reuse: bool = False):
    """Over the first ``rows`` (a multiple of int8_cosines.ROW_BLOCK): t̂ = 1 + a (3 × rows:
    the rows of a, b, c), P (rows,), D (rows,) as in the module's docstring, and δ (rows,).
    ``reuse``: written into this thread's arrays of its last call (row_blocks.kept; the caller,
    ``candidates``, is done with them when it returns), the kernel given row_blocks.pieces (the
    same values: tests/engine/test_embeddings_kept_arrays.py)."""
    import torch

    copy = int8_scores.int8_rows(emb)
    delta, lowered = _row_bounds(emb, copy)
    query, rho = _three_rows(units, copy.codes.shape[1])
    if not (rho <= RHO).all():  # never: RHO is bfloat16's worst case
        raise ArithmeticError(f"a bfloat16 query moved by {rho.max()} > {RHO}")
    # P and D in one array: one kept name (any name serves, so each name's spelling is a mutant
    # that nothing can tell apart; one name makes fewer of them)
    if reuse:
        shifted, bounds = row_blocks.kept("cosmul shifted", (3, rows)), row_blocks.kept("cosmul P, D", (2, rows))
    else:
        shifted, bounds = np.empty((3, rows), dtype=np.float32), np.empty((2, rows), dtype=np.float32)
    products, denominators = bounds
    ones = torch.ones(min(rows, row_blocks.BLOCK_ROWS + row_blocks.LEAST_ROWS), dtype=torch.bfloat16)
    one = torch.ones((), dtype=torch.float32)
    shifted_rows, scales = torch.from_numpy(shifted), torch.from_numpy(copy.scales)
    # rows of this matrix computed for the same bfloat16 query row before: the same values
    keys = [(rows, query[j].view(torch.int16).numpy().tobytes()) for j in range(3)]
    known = _known_rows(emb) if reuse else {}
    found = {j: known[key] for j, key in enumerate(keys) if key in known}
    missing = [j for j in range(3) if j not in found]
    asked = query[missing]  # read only where one or two rows are missing (all three: query itself)

    def block(start: int, stop: int) -> None:
        # each pass below reads and writes this block only: it is still in the cache
        # where the arrays are kept, the kernel's output is not mapped anew either
        for j, row in found.items():
            shifted[j, start:stop] = row[start:stop]
        if len(missing) == 3:
            for low, high in row_blocks.pieces(start, stop, 3 * 4) if reuse else [(start, stop)]:
                sums = torch.ops.aten._weight_int8pack_mm(query, copy.codes[low:high], ones[:high - low])
                torch.addcmul(one, sums, scales[low:high], out=shifted_rows[:, low:high])  # t̂ = 1 + σ Ŝ
        elif missing:  # one or two rows asked, the others copied above
            for low, high in row_blocks.pieces(start, stop, len(missing) * 4):
                sums = torch.ops.aten._weight_int8pack_mm(asked, copy.codes[low:high], ones[:high - low])
                for i, j in enumerate(missing):
                    torch.addcmul(one, sums[i], scales[low:high], out=shifted_rows[j, low:high])
        bound = delta[start:stop]
        product = products[start:stop]
        np.abs(shifted[1, start:stop], out=product)
        product += bound
        # |t̂_c| + δ in D's block, which is written last: no new array per block (a block's row
        # of 50,048 float32 is above the app's mmap threshold, a new mapping each time)
        other = np.abs(shifted[2, start:stop], out=denominators[start:stop])
        other += bound
        product *= other
        np.subtract(shifted[0, start:stop], lowered[start:stop], out=denominators[start:stop])

    row_blocks.each_block(block, rows)
    if reuse:
        for j in missing:
            # into the oldest kept row's array (a dict keeps its order of insertion): a new
            # 1.6 MB array per row was a new mapping under the app's malloc policy, its page
            # faults 1 ms each
            spare = known.pop(next(iter(known))) if len(known) >= KEPT_ROWS else None
            if spare is None or spare.shape != shifted[j].shape:
                spare = np.empty_like(shifted[j])
            np.copyto(spare, shifted[j])
            known[keys[j]] = spare
    return shifted, products, denominators, delta[:rows]


def _known_rows(emb: Embeddings) -> dict:
    """The t̂ rows kept for ``emb`` (made once per matrix; a query runs in one worker at a time)."""
    with _lock:
        return _rows.setdefault(emb, {})


def intervals(shifted: np.ndarray, delta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(L, U) of each column of t̂ (3 × n) within δ (n,): int8_scores' intervals, s = t / 2."""
    half = np.float32(0.5)
    return int8_scores.score_intervals([(row - delta) * half for row in shifted],
                                       [(row + delta) * half for row in shifted])


def candidates(emb: Embeddings, units: np.ndarray, rows: int, k: int, excluded) -> np.ndarray:
    """Rows (ascending) among the first ``rows`` that may hold the k best 3CosMul scores for
    the unit columns (ê_a, ê_b, ê_c) of ``units`` (d × 3), never one of ``excluded``."""
    copy = int8_scores.int8_rows(emb)
    invalid = np.unique(np.concatenate([np.asarray(list(excluded), dtype=np.int64),
                                        copy.zero_rows.astype(np.int64)]))
    blocked = rows - rows % int8_cosines.ROW_BLOCK
    # the rows after the last block (fewer than the kernel's block) are always scored again
    tail = np.setdiff1d(np.arange(blocked, rows), invalid)
    if blocked == 0:  # the kernel is never given no rows
        return tail
    shifted, products, denominators, delta = first_pass(emb, units, blocked, reuse=True)
    sampled = np.arange(0, blocked, SAMPLE)
    floor = -np.inf
    if k <= sampled.size:
        lower, _ = intervals(shifted[:, ::SAMPLE], delta[::SAMPLE])
        lower[np.isin(sampled, invalid)] = -np.inf
        floor = float(np.partition(lower, lower.size - k)[lower.size - k])
    # a finite floor is some word's L, never below 0: at 0 the test below keeps every word
    # (P ≥ δ² > 0), as the branch without a floor does
    if np.isfinite(floor):
        denominators *= np.float32(2 * floor * (1 - int8_scores.ROUNDING))
        survivors = np.flatnonzero(products >= denominators)
    else:  # no floor (k beyond the sample, or fewer than k words of finite L in it): every word
        survivors = np.arange(blocked)
    lower, upper = intervals(shifted[:, survivors], delta[survivors])
    out = np.isin(survivors, invalid)
    lower[out] = upper[out] = -np.inf
    # survivors is never empty: without a floor it is every row (blocked > 0 here), and with one
    # it holds the k sampled words that set it (each one's P ≥ 4 lo_b lo_c ≥ 2 L D, with a margin
    # of at least δ/2 ≥ 10⁻⁴ of it: far above the float32 roundings and ROUNDING)
    kth = int8_scores._kth_largest(lower, min(k, lower.size))
    if not np.isfinite(kth):
        kept = survivors[upper > -np.inf]
    else:
        kept = survivors[upper >= kth - int8_scores.ROUNDING * abs(kth)]
    return np.concatenate([kept, tail])
