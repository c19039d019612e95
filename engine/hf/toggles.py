"""The attention view's word-piece toggles applied to a Hugging Face result (numpy only):

* hide special tokens: their rows and columns are removed and every remaining row is divided
  by the mass left on it (R[i, j] = A[i, j] / Σ_{j' not special} A[i, j']);
* merge word pieces: the columns of a word's pieces are summed and its rows averaged
  (M[a, b] = (1/|Q_a|) Σ_{i∈Q_a} Σ_{j∈K_b} A[i, j]);
* both: hide first, then merge the remaining pieces.

Every head is transformed on its own; "mean over heads" is the mean of the transformed heads.
The stack may be one head [Q, K], one layer [H, Q, K] or all of them [L, H, Q, K]: the view
has the layer it shows transformed (`shown_layer`), the overview the whole stack, both in the
app's background worker (engine.jobs.ShownLayerRequest, OverviewRequest), never on its GUI
thread: at 512 tokens one layer of MiniLM is 12 MB of weights and its word groups a Python loop.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.hf.transforms import hide_and_renormalise, hide_then_merge, merge_to_words, word_groups


def side_groups(result, side: str, hide: bool):
    """(word groups over the kept positions, their labels, kept-position mask) of one side
    ("source" or "target") of an engine.hf.model.HFAttentionResult."""
    special = np.array(getattr(result, f"{side}_special"), dtype=bool)
    groups = word_groups(getattr(result, f"{side}_word_ids"))
    words = getattr(result, f"{side}_words")
    keep = ~special if hide else np.ones(special.size, dtype=bool)
    new_index = np.cumsum(keep) - 1  # position -> index among the kept positions
    kept_groups, labels = [], []
    for group, word in zip(groups, words):
        if keep[group[0]]:
            kept_groups.append(tuple(int(new_index[p]) for p in group))
            labels.append(word)
    return kept_groups, labels, keep


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


def shown_stack(result, kind: str, stack: np.ndarray, merge: bool, hide: bool) -> np.ndarray:
    """Apply the toggles to `stack` [..., Q, K] of attention kind `kind` -> [..., Q', K'] float32
    (the stack itself when both toggles are off)."""
    if not (merge or hide):
        return stack
    q_side, k_side = result.sides(kind)
    q_groups, _, q_keep = side_groups(result, q_side, hide)
    k_groups, _, k_keep = side_groups(result, k_side, hide)
    if hide and merge:
        return hide_then_merge(stack, ~q_keep, ~k_keep, q_groups, k_groups)
    if hide:
        return hide_and_renormalise(stack, ~q_keep, ~k_keep)
    return merge_to_words(stack, q_groups, k_groups)


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
    heads = np.ascontiguousarray(shown_stack(result, kind, getattr(result, kind)[layer], merge, hide),
                                 dtype=np.float32)
    shown_rows, shown_cols = shown_labels(result, kind, rows, cols, merge, hide)
    return ShownLayer(heads, heads.mean(axis=0), tuple(shown_rows), tuple(shown_cols))
