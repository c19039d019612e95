"""What the attention view adds for Hugging Face models (word-piece tokenizers): the
"merge word pieces" and "hide special tokens" toggles, and the attention-sink mass per head.

engine.hf.toggles.shown_stack applies the toggles (formulas there): the view to the layer it
shows, the overview's worker to the whole stack.

Sink mass (engine.hf.transforms.sink_mass), per head: the mean over queries of the attention
that lands on special tokens and on the first token, from the untransformed weights.

Neither takes a row of its own: the toggles join the view's selectors (a row that wraps), the
sinks the output's row beside Row & heads and Export.  As a row of toggles and a line of sinks
under the output they took 83 px of a 1280×680 window's height at 22 pt, and the page scrolled
with any folder open, the heatmap cut at the bottom.
"""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QSizePolicy, QWidget

from app.binding import bind_widgets


class SinkLabel(QLabel):
    """The sink masses of a layer's heads in the width the row leaves: every head where they fit,
    else the first heads and "…" (never a number cut); the whole line, with the layer and what it
    measures, in the tooltip.  At 22 pt the row beside the toggles and the view's buttons leaves
    about 300 px, where the long line needed 1,050."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.prefix, self.values, self.explanation = "", [], ""
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def show_values(self, prefix: str, values: list[str], whole: str, explanation: str) -> None:
        self.prefix, self.values = prefix, values
        self.setToolTip(f"{whole}\n{explanation}")
        self.updateGeometry()
        self._fit()

    def _candidates(self) -> list[str]:
        """The texts from the whole line down to the first head alone, each one head shorter."""
        if not self.values:
            return [""]
        return [self.prefix + " ".join(self.values)] + [
            self.prefix + " ".join(self.values[:k]) + " …" for k in range(len(self.values) - 1, 0, -1)]

    def _fit(self) -> None:
        metrics = QFontMetrics(self.font())
        candidates = self._candidates()
        room = self.contentsRect().width()
        self.setText(next((c for c in candidates if metrics.horizontalAdvance(c) <= room), candidates[-1]))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(QFontMetrics(self.font()).horizontalAdvance(self._candidates()[0]), super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return QSize(QFontMetrics(self.font()).horizontalAdvance(self._candidates()[-1]),
                     super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:  # noqa: N802 - a zoom changes the font
        super().changeEvent(event)
        self._fit()


class WordPiecePanel(QWidget):
    """The toggles (bound to the view's state), side by side, and the sink readout (`sink_label`,
    placed by the view); both visible only while a Hugging Face model is shown."""

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.view_state = state
        # short names (what each does in full in the tooltip): at 22 pt they share the selectors'
        # last line with Head and Settings
        self.merge_check = QCheckBox(self.tr("Merge word pieces"))
        self.merge_check.setToolTip(self.tr(
            "Merge word pieces into words: sum the columns of a word's pieces and average its rows "
            "(each row still sums to 1)"))
        self.hide_check = QCheckBox(self.tr("Hide special tokens"))
        self.hide_check.setToolTip(self.tr(
            "Hide special tokens and renormalise: remove [CLS], [SEP], </s>… and divide each row by the "
            "attention left on the other tokens"))
        self.sink_label = SinkLabel()
        self.sinks = None
        self._sink_cache: tuple = (None, None, None)  # (result, kind, [layer, head] mass): per result, not per head
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.merge_check)
        row.addWidget(self.hide_check)
        bind_widgets(state, merge_word_pieces=self.merge_check, hide_special_tokens=self.hide_check)

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt's name (hide() and show() come here)
        super().setVisible(visible)
        self.sink_label.setVisible(visible)

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
            self.sink_label.show_values("", [], "", "")
            return
        if self._sink_cache[0] is not result or self._sink_cache[1] != kind:
            self._sink_cache = (result, kind, result.sink_mass(kind))
        mass = self._sink_cache[2][layer]
        self.sinks = mass  # what the line shows, unrounded (tests read it)
        values = [f"{100 * float(m):.0f}" for m in mass]
        whole = self.tr("Attention on special tokens + first token, layer {0}, heads 1–{1} (%): {2}").format(
            layer + 1, mass.size, " ".join(values))
        self.sink_label.show_values(self.tr("Sinks (%): "), values, whole, self.tr(
            "Attention sinks: the mean attention each head puts on special tokens and the first token"))
