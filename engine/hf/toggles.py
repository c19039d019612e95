"""The attention view's word-piece toggles applied to a Hugging Face result (numpy only):

* hide special tokens: their rows and columns are removed and every remaining row is divided
  by the mass left on it (R[i, j] = A[i, j] / Σ_{j' not special} A[i, j']);
* merge word pieces: the columns of a word's pieces are summed and its rows averaged
  (M[a, b] = (1/|Q_a|) Σ_{i∈Q_a} Σ_{j∈K_b} A[i, j]);
* both: hide first, then merge the remaining pieces.

Every head is transformed on its own; "mean over heads" is the mean of the transformed heads.
The stack may be one head [Q, K], one layer [H, Q, K] or all of them [L, H, Q, K]: the view
has the layer it shows transformed (`shown_layer`), the overview the whole stack, both in the
app's background workers (engine.jobs.ShownLayerRequest, OverviewRequest), never on its GUI
thread: at 512 tokens one layer of MiniLM is 12 MB of weights.  The view's layers are written
into memory this thread used before (`shown_layer`, `reserve`): fresh, they were mostly page faults.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from engine.hf.buffers import StackBuffers
from engine.hf.transforms import hide_and_renormalise, hide_then_merge_runs, merge_runs

#: reused memory per thread for shown_layer's arrays (StackBuffers: a buffer is written again only
#: once nothing refers to it).  A fresh 12 MB array (one MiniLM layer at 512 tokens) is mostly
#: page faults in the app (app/malloc_policy.py gives large blocks back to the system): "merge
#: word pieces" right after a change took 32-52 ms of the background worker's CPU, 21-44 ms of it
#: system time, against ~3 ms into memory used before (benchmarks/hf_app.py's sequence, traced).
#: Six layers: what the attention view keeps for the result on screen (hide, merge, both for the
#: layer shown; the last answers its loops hold) and the spares reserve() maps ahead; means apart,
#: so that a 1 MB mean never takes a 12 MB buffer.
LAYER_BUFFERS = 6
_pools = threading.local()


def _buffers() -> tuple[StackBuffers, StackBuffers]:
    """(layers, means): this thread's pools (StackBuffers is used from one thread)."""
    if not hasattr(_pools, "layers"):
        _pools.layers, _pools.means = StackBuffers(keep=LAYER_BUFFERS), StackBuffers(keep=LAYER_BUFFERS)
    return _pools.layers, _pools.means


def side_groups(result, side: str, hide: bool) -> tuple[np.ndarray, list, np.ndarray]:
    """(first position of each word group among the kept positions, the groups' labels, kept-
    position mask) of one side ("source" or "target") of an engine.hf.model.HFAttentionResult.
    The groups are engine.hf.transforms.word_groups's (runs of one word id; a special token, word
    id None, alone), found with numpy: a Python loop over 512 positions and their tuples took
    ~1 ms per side and toggle."""
    special = np.array(getattr(result, f"{side}_special"), dtype=bool)
    word_ids = getattr(result, f"{side}_word_ids")
    words = getattr(result, f"{side}_words")
    n = special.size
    ids = np.array([-1 if w is None else w for w in word_ids], dtype=np.int64).reshape(n)  # (word ids are ≥ 0)
    none = ids < 0
    first = np.ones(n, dtype=bool)  # where a group begins
    first[1:] = none[1:] | none[:-1] | (ids[1:] != ids[:-1])
    firsts = np.flatnonzero(first)
    if len(words) != firsts.size:
        raise ValueError(f"{len(words)} word labels for {firsts.size} word groups")
    keep = ~special if hide else np.ones(n, dtype=bool)
    kept_groups = keep[firsts]
    if not np.array_equal(keep, kept_groups[np.cumsum(first) - 1]):
        raise ValueError("a word group mixes special and ordinary tokens")
    new_index = np.cumsum(keep) - 1  # position -> index among the kept positions
    return new_index[firsts[kept_groups]], [words[g] for g in np.flatnonzero(kept_groups)], keep


def shown_labels(result, kind: str, rows, cols, merge: bool, hide: bool) -> tuple[list, list]:
    """The row and column labels of attention kind `kind` (first labelled `rows`, `cols`) with
    the toggles applied: special tokens dropped when hiding, one label per word when merging."""
    if merge:
        q_side, k_side = result.sides(kind)
        return list(side_groups(result, q_side, hide)[1]), list(side_groups(result, k_side, hide)[1])
    if hide:
        q_side, k_side = result.sides(kind)
        q_keep, k_keep = side_groups(result, q_side, True)[2], side_groups(result, k_side, True)[2]
        return [t for t, k in zip(rows, q_keep) if k], [t for t, k in zip(cols, k_keep) if k]
    return list(rows), list(cols)


def shown_stack(result, kind: str, stack: np.ndarray, merge: bool, hide: bool, empty=None) -> np.ndarray:
    """Apply the toggles to `stack` [..., Q, K] of attention kind `kind` -> [..., Q', K'] float32
    (the stack itself when both toggles are off), in arrays from `empty(shape)` (default: new)."""
    if not (merge or hide):
        return stack
    q_side, k_side = result.sides(kind)
    q_starts, _, q_keep = side_groups(result, q_side, hide)
    k_starts, _, k_keep = side_groups(result, k_side, hide)
    a = np.asarray(stack, dtype=np.float32)
    if hide and merge:
        return hide_then_merge_runs(a, q_keep, k_keep, q_starts, k_starts, empty)
    if hide:
        return hide_and_renormalise(a, ~q_keep, ~k_keep, empty)
    return merge_runs(a, q_starts, k_starts, empty)


@dataclass(frozen=True)
class ShownLayer:
    """One layer of one attention kind as the view draws it, toggles applied."""

    heads: np.ndarray  # [H, Q', K'] float32, C-contiguous
    mean: np.ndarray  # [Q', K'] float32: the mean of the (transformed) heads
    rows: tuple  # Q' row labels (words when merged)
    cols: tuple  # K' column labels


def shown_layer(result, kind: str, layer: int, rows, cols, merge: bool, hide: bool) -> ShownLayer:
    """Layer `layer` of kind `kind` of `result` with the toggles applied, its mean over heads,
    and its labels (`rows`, `cols`: the untransformed ones)."""
    layers, means = _buffers()
    stack = getattr(result, kind)[layer]
    heads = np.ascontiguousarray(shown_stack(result, kind, stack, merge, hide, _at_least(layers, stack.shape)),
                                 dtype=np.float32)
    shown_rows, shown_cols = shown_labels(result, kind, rows, cols, merge, hide)
    # (the same sums as heads.mean(axis=0), into reused memory)
    mean = np.mean(heads, axis=0, out=_at_least(means, stack.shape[1:])(heads.shape[1:]))
    return ShownLayer(heads, mean, tuple(shown_rows), tuple(shown_cols))


#: free buffers reserve() leaves in each pool: what one result's toggles use at most at once when
#: its words have pieces (the view's hide, merge and both layers, and the word sums of the last)
SPARE_BUFFERS = 4


def reserve(layer_shape: tuple, spares: int = SPARE_BUFFERS, most: int | None = None) -> int:
    """Have this thread's pools hold `spares` free buffers of at least a layer [H, Q, K] of
    `layer_shape` and as many of its mean [Q, K], their memory written once (mapped): the first
    toggle at a new input length then faults no page (in the app, for one MiniLM layer at 512
    tokens, 29 ms of system time for the first "merge word pieces" right after a change, when
    its pool was still empty).  Run on the thread that will run shown_layer.  `most`: make at
    most that many buffers in this call (the app asks for one at a time, so that a toggle
    clicked meanwhile waits for one buffer's mapping, not all eight).  -> how many were made."""
    made = 0
    for pool, shape in zip(_buffers(), (tuple(layer_shape), tuple(layer_shape)[1:])):
        held = []  # held: each call of the pool another buffer
        while len(held) < spares and (most is None or made < most):
            before = pool.allocated
            held.append(_at_least(pool, shape)(shape))
            if pool.allocated > before:
                held[-1].fill(0.0)  # a new one: its pages mapped now, not at the toggle
                made += 1
    return made


def _at_least(pool: StackBuffers, shape: tuple):
    """empty(shape) for the transforms: arrays from `pool` in buffers of at least `shape`'s
    size (the untransformed layer's), so that any free one fits the next toggle's arrays (hidden:
    [H, Q-2, K-2], merged: [H, words, words], a merge's row sums …): buffers of exactly each
    size made one more allocation for each new shape (measured in the app: 25-45 ms of page
    faults for a toggle that found no free buffer of its size)."""
    least = int(np.prod(shape))

    def empty(wanted):
        n = int(np.prod(wanted))
        return pool.array((max(n, least),))[:n].reshape(wanted)
    return empty
