"""The Gaussians tab of the Entropy & KL view: sliders for N₁ and N₂, KL both ways in closed
form next to a numerical integral, and the two densities.

It emits `changed` when a slider moves (the view debounces and asks the engine);
`parameters()` gives (μ₁, σ₁, μ₂, σ₂) for the request."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from app.export import export_csv
from app.views.entropy_common import Q_TEXT_COLOUR, bold, error_label, note_label, splitter, title_label, unit_name
from app.widgets.float_slider import FloatSlider
from app.widgets.numbers import format_number
from app.widgets.paired_bars import P_COLOUR, Q_COLOUR, readable_font

DIRECTIONS = ("KL(N₁‖N₂)", "KL(N₂‖N₁)")


class GaussiansTab(QWidget):
    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.report = None  # the last engine.infotheory.GaussianReport shown
        big = readable_font()
        self.mu1 = FloatSlider("μ₁", -5, 5, 0.1, 0.0, decimals=1)
        self.sigma1 = FloatSlider("σ₁", 0.1, 5, 0.05, 1.0)
        self.mu2 = FloatSlider("μ₂", -5, 5, 0.1, 1.0, decimals=1)
        self.sigma2 = FloatSlider("σ₂", 0.1, 5, 0.05, 1.0)
        for slider in (self.mu1, self.sigma1, self.mu2, self.sigma2):
            slider.valueChanged.connect(self._slider_moved)
        controls = QWidget()
        grid = QGridLayout(controls)
        grid.addWidget(title_label(self.tr("N₁ (the truth)"), big, QColor(*P_COLOUR)), 0, 0)
        grid.addWidget(self.mu1, 1, 0)
        grid.addWidget(self.sigma1, 2, 0)
        grid.addWidget(title_label(self.tr("N₂ (the model)"), big, Q_TEXT_COLOUR), 0, 1)
        grid.addWidget(self.mu2, 1, 1)
        grid.addWidget(self.sigma2, 2, 1)

        formula = title_label(self.tr("KL(N₁‖N₂) = ln(σ₂/σ₁) + (σ₁² + (μ₁ − μ₂)²) / (2σ₂²) − ½  nats"), big)
        results = QWidget()
        table = QGridLayout(results)
        table.setHorizontalSpacing(24)
        headers = (self.tr("direction"), self.tr("closed form"), self.tr("numerical integral"), self.tr("difference"))
        for c, text in enumerate(headers):
            table.addWidget(title_label(text, big), 0, c)
        self.gaussian_labels: dict[str, QLabel] = {}
        for r, key in enumerate(DIRECTIONS, start=1):
            name = QLabel(key)
            name.setFont(bold(big, 1.15))
            table.addWidget(name, r, 0)
            for c, column in enumerate(("closed", "numeric", "difference"), start=1):
                label = QLabel("—")
                label.setFont(bold(big, 1.15) if column != "difference" else big)
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                table.addWidget(label, r, c)
                self.gaussian_labels[f"{key} {column}"] = label
        table.setColumnStretch(4, 1)
        self.gaussian_error = error_label(big)
        note = note_label(self.tr("The numerical integral is Simpson’s rule with 4,001 points over μ ± 12σ of the "
                                  "first distribution. KL is not symmetric: swap the roles and the value changes."))
        self.gaussian_plot = self._density_plot(big)

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.addWidget(controls)
        top_layout.addWidget(formula)
        top_layout.addWidget(results)
        top_layout.addWidget(self.gaussian_error)
        top_layout.addWidget(note)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter(Qt.Orientation.Vertical, (top, self.gaussian_plot), stretch=(0, 1)))

    def _density_plot(self, font) -> pg.PlotWidget:
        widget = pg.PlotWidget(background="w")
        plot = widget.getPlotItem()
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.showGrid(x=True, y=True, alpha=0.2)
        plot.addLegend(offset=(-10, 10), labelTextSize=f"{font.pointSizeF():.0f}pt", labelTextColor=(30, 30, 30))
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            axis.enableAutoSIPrefix(False)
            axis.setStyle(tickFont=font)
            axis.setTextPen(pg.mkPen((30, 30, 30)))
        label_style = {"font-size": f"{font.pointSizeF():.0f}pt", "color": "#202020"}
        plot.setLabel("left", self.tr("density"), **label_style)
        plot.setLabel("bottom", "x", **label_style)
        self.curve1 = pg.PlotDataItem(pen=pg.mkPen(P_COLOUR, width=3), fillLevel=0,
                                      brush=pg.mkBrush(*P_COLOUR, 50), name="N₁")
        self.curve2 = pg.PlotDataItem(pen=pg.mkPen(Q_COLOUR, width=3), fillLevel=0,
                                      brush=pg.mkBrush(*Q_COLOUR, 50), name="N₂")
        plot.addItem(self.curve1)
        plot.addItem(self.curve2)
        return widget

    def _slider_moved(self, *_) -> None:
        self.changed.emit()

    def parameters(self) -> tuple[float, float, float, float]:
        """(μ₁, σ₁, μ₂, σ₂) as set on the sliders."""
        return self.mu1.value(), self.sigma1.value(), self.mu2.value(), self.sigma2.value()

    def show_report(self, g) -> None:
        """Show an engine.infotheory.GaussianReport."""
        self.report = g
        self.gaussian_error.hide()
        unit_text = unit_name(g.unit)
        for key, closed, numeric in ((DIRECTIONS[0], g.kl_12, g.kl_12_numeric),
                                     (DIRECTIONS[1], g.kl_21, g.kl_21_numeric)):
            self.gaussian_labels[f"{key} closed"].setText(f"{format_number(closed)} {unit_text}")
            self.gaussian_labels[f"{key} numeric"].setText(f"{format_number(numeric)} {unit_text}")
            difference = abs(closed - numeric)
            self.gaussian_labels[f"{key} difference"].setText(f"{difference:.1e}" if difference else "0")
        self.curve1.setData(np.asarray(g.x), np.asarray(g.density_1))
        self.curve2.setData(np.asarray(g.x), np.asarray(g.density_2))

    def show_error(self, message: str) -> None:
        """A message about the sliders' values; the last good numbers and curves stay."""
        self.gaussian_error.setText(message)
        self.gaussian_error.show()

    def export_csv(self, path) -> None:
        """The two densities on their shared grid."""
        if self.report is None:
            raise ValueError(self.tr("Nothing to export yet."))
        g = self.report
        export_csv(path, np.column_stack([g.x, g.density_1, g.density_2]),
                   column_labels=["x", "N1 density", "N2 density"])
