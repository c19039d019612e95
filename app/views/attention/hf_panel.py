"""What the attention view adds for Hugging Face models (word-piece tokenizers): the
"merge word pieces" and "hide special tokens" toggles, and the attention-sink mass per head.

`shown_stack` applies the toggles to one layer (or the whole stack) with engine.hf.transforms:

* hide special tokens: their rows and columns are removed and every remaining row is divided
  by the mass left on it (R[i, j] = A[i, j] / Σ_{j' not special} A[i, j']);
* merge word pieces: the columns of a word's pieces are summed and its rows averaged
  (M[a, b] = (1/|Q_a|) Σ_{i∈Q_a} Σ_{j∈K_b} A[i, j]);
* both: hide first, then merge the remaining pieces.

Every head is transformed on its own; "mean over heads" is the mean of the transformed heads.

Sink mass (engine.hf.transforms.sink_mass), per head: the mean over queries of the attention
that lands on special tokens and on the first token, from the untransformed weights.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from app import style
from engine.hf.transforms import hide_and_renormalise, merge_to_words, word_groups


def side_groups(result, side: str, hide: bool):
    """(word groups over the kept positions, their labels, kept-position mask) of one side."""
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


def shown_stack(result, kind: str, stack: np.ndarray, rows, cols, merge: bool, hide: bool):
    """Apply the toggles to `stack` [..., Q, K] of attention kind `kind`, whose rows and columns
    are labelled `rows` and `cols`.  -> (stack [..., Q', K'], row labels, column labels)."""
    if not (merge or hide):
        return stack, list(rows), list(cols)
    q_side, k_side = result.sides(kind)
    q_groups, q_words, q_keep = side_groups(result, q_side, hide)
    k_groups, k_words, k_keep = side_groups(result, k_side, hide)
    out = stack
    if hide:
        out = hide_and_renormalise(out, ~q_keep, ~k_keep)
        rows = [t for t, k in zip(rows, q_keep) if k]
        cols = [t for t, k in zip(cols, k_keep) if k]
    if merge:
        out = merge_to_words(out, q_groups, k_groups)
        rows, cols = q_words, k_words
    return np.asarray(out, dtype=np.float32), list(rows), list(cols)


class WordPiecePanel(QWidget):
    """The toggles and the sink readout; visible only while a Hugging Face model is shown."""

    #: a toggle changed: the same result is drawn differently
    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.merge_check = QCheckBox(self.tr("Merge word pieces into words"))
        self.merge_check.setToolTip(self.tr(
            "Sum the columns of a word's pieces and average its rows: each row still sums to 1"))
        self.hide_check = QCheckBox(self.tr("Hide special tokens and renormalise"))
        self.hide_check.setToolTip(self.tr(
            "Remove [CLS], [SEP], </s>… and divide each row by the attention left on the other tokens"))
        self.sink_label = style.wrapped_label()
        self.sinks = None
        self._sink_cache: tuple = (None, None, None)  # (result, kind, [layer, head] mass): per result, not per head
        self.sink_label.setToolTip(self.tr(
            "Attention sinks: the mean attention each head puts on special tokens and the first token"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.merge_check)
        row.addWidget(self.hide_check)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.sink_label)
        self.merge_check.toggled.connect(self.changed)
        self.hide_check.toggled.connect(self.changed)

    @property
    def merge_words(self) -> bool:
        return self.merge_check.isChecked()

    @property
    def hide_specials(self) -> bool:
        return self.hide_check.isChecked()

    def show_sinks(self, result, kind: str, layer: int) -> None:
        """The selected layer's sink mass, head by head."""
        if not hasattr(result, "sink_mass"):
            self.sinks = None
            self.sink_label.setText("")
            return
        if self._sink_cache[0] is not result or self._sink_cache[1] != kind:
            self._sink_cache = (result, kind, result.sink_mass(kind))
        mass = self._sink_cache[2][layer]
        self.sinks = mass  # what the line shows, unrounded (tests read it)
        heads = " ".join(f"{100 * float(m):.0f}" for m in mass)
        self.sink_label.setText(self.tr("Attention on special tokens + first token, layer {0}, heads 1–{1} (%): {2}")
                                .format(layer + 1, mass.size, heads))
