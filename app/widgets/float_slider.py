"""A slider and a spin box for one float parameter, kept in step with each other."""
from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QLabel, QSlider, QWidget


class FloatSlider(QWidget):
    valueChanged = Signal(float)

    def __init__(self, name: str, minimum: float, maximum: float, step: float, value: float,
                 decimals: int = 2, parent=None):
        super().__init__(parent)
        self._minimum, self._step = minimum, step
        self.label = QLabel(name)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, round((maximum - minimum) / step))
        self.slider.setMinimumWidth(160)
        self.spin = QDoubleSpinBox()
        self.spin.setRange(minimum, maximum)
        self.spin.setSingleStep(step)
        self.spin.setDecimals(decimals)
        self.spin.setKeyboardTracking(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.spin)
        self.slider.valueChanged.connect(self._from_slider)
        self.spin.valueChanged.connect(self._from_spin)
        self.setValue(value)

    def value(self) -> float:
        return float(self.spin.value())

    def setValue(self, value: float) -> None:
        with QSignalBlocker(self.spin), QSignalBlocker(self.slider):
            self.spin.setValue(value)
            self.slider.setValue(round((self.spin.value() - self._minimum) / self._step))
        self.valueChanged.emit(self.value())

    def _from_slider(self, position: int) -> None:
        with QSignalBlocker(self.spin):
            self.spin.setValue(self._minimum + position * self._step)
        self.valueChanged.emit(self.value())

    def _from_spin(self, value: float) -> None:
        with QSignalBlocker(self.slider):
            self.slider.setValue(round((value - self._minimum) / self._step))
        self.valueChanged.emit(self.value())
