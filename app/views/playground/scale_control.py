"""The scale slider t shared by both modes: f = d_k^(−t/2), from 1 (no scaling) to 1/√d_k."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from app import style
from app.widgets.float_slider import FloatSlider


class ScaleControl(QWidget):
    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.slider = FloatSlider(self.tr("scale t:"), 0.0, 1.0, 0.05, 1.0)
        self.slider.setToolTip(self.tr("t = 0: no scaling (f = 1);  t = 1: f = 1/√d_k, the Transformer's choice"))
        self.label = style.wrapped_label()
        # the formula under the slider: beside it, in the playground's narrow input column, it
        # wrapped one word per line and squeezed "scale t:" to "sca"
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.slider)
        layout.addWidget(self.label)
        self.slider.valueChanged.connect(self.changed)

    @property
    def t(self) -> float:
        return self.slider.value()

    def describe(self, d_k: int, t: float, factor: float) -> None:
        """Say which factor the shown result used (t and d_k of that result)."""
        ends = {0.0: self.tr(" (no scaling)"), 1.0: self.tr(" = 1/√{0}").format(d_k)}
        self.label.setText(self.tr("f = d_k^(−t/2) = {0}^(−{1}/2) = {2}{3}").format(
            d_k, style.format_number(t, 3), style.format_number(factor), ends.get(t, "")))
