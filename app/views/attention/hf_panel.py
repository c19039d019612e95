"""What the attention view adds for Hugging Face models (word-piece tokenizers): the
"merge word pieces" and "hide special tokens" toggles, and the attention-sink mass per head.

engine.hf.toggles.shown_stack applies the toggles (formulas there): the view to the layer it
shows, the overview's worker to the whole stack.

Sink mass (engine.hf.transforms.sink_mass), per head: the mean over queries of the attention
that lands on special tokens and on the first token, from the untransformed weights.
"""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from app import style
from app.binding import bind_widgets


class WordPiecePanel(QWidget):
    """The toggles (bound to the view's state) and the sink readout; visible only while a Hugging
    Face model is shown."""

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.view_state = state
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
        bind_widgets(state, merge_word_pieces=self.merge_check, hide_special_tokens=self.hide_check)

    @property
    def merge_words(self) -> bool:
        return self.view_state.merge_word_pieces

    @property
    def hide_specials(self) -> bool:
        return self.view_state.hide_special_tokens

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
