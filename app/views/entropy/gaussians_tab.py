"""The Gaussians tab of the Entropy & KL view: sliders for N₁ and N₂, KL both ways in closed
form next to a numerical integral, and the two densities.

It emits `changed` when a slider moves (the view's loop debounces and asks the engine);
`parameters()` gives (μ₁, σ₁, μ₂, σ₂) for the request.  `message` shows the loop's messages."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from app import style
from app.export import matrix_csv
from app.views.base import MessageLine
from app.views.entropy.units import quantity
from app.widgets.float_slider import FloatSlider
from app.widgets.plot_text import style_plot_text
from app.widgets.legend_room import legend_in_band

DIRECTIONS = ("KL(N₁‖N₂)", "KL(N₂‖N₁)")
NUMBER_SCALE = 1.15
#: opacities (of 255) of the density curves' fill, and of lines and fill when out of date
FILL_ALPHA = 50
STALE_LINE_ALPHA = 80
STALE_FILL_ALPHA = 15


class GaussiansTab(QWidget):
    changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.report = None  # the last engine.infotheory.GaussianReport shown
        self.stale = False
        self.mu1 = FloatSlider("μ₁", -5, 5, 0.1, 0.0, decimals=1)
        self.sigma1 = FloatSlider("σ₁", 0.1, 5, 0.05, 1.0)
        self.mu2 = FloatSlider("μ₂", -5, 5, 0.1, 1.0, decimals=1)
        self.sigma2 = FloatSlider("σ₂", 0.1, 5, 0.05, 1.0)
        for slider in (self.mu1, self.sigma1, self.mu2, self.sigma2):
            slider.valueChanged.connect(self._slider_moved)
        controls = QWidget()
        grid = QGridLayout(controls)
        grid.addWidget(style.title_label(self.tr("N₁ (the truth)"), QColor(*style.P_COLOUR)), 0, 0)
        grid.addWidget(self.mu1, 1, 0)
        grid.addWidget(self.sigma1, 2, 0)
        grid.addWidget(style.title_label(self.tr("N₂ (the model)"), style.Q_TEXT), 0, 1)
        grid.addWidget(self.mu2, 1, 1)
        grid.addWidget(self.sigma2, 2, 1)

        formula = style.title_label(self.tr("KL(N₁‖N₂) = ln(σ₂/σ₁) + (σ₁² + (μ₁ − μ₂)²) / (2σ₂²) − ½  nats"))
        results = QWidget()
        table = QGridLayout(results)
        table.setHorizontalSpacing(24)
        headers = (self.tr("direction"), self.tr("closed form"), self.tr("numerical integral"), self.tr("difference"))
        for c, text in enumerate(headers):
            table.addWidget(style.title_label(text), 0, c)
        self.gaussian_labels: dict[str, QLabel] = {}
        for r, key in enumerate(DIRECTIONS, start=1):
            table.addWidget(style.scaled(QLabel(key), NUMBER_SCALE, bold=True), r, 0)
            for c, column in enumerate(("closed", "numeric", "difference"), start=1):
                label = QLabel("—")
                if column != "difference":
                    style.scaled(label, NUMBER_SCALE, bold=True)
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                table.addWidget(label, r, c)
                self.gaussian_labels[f"{key} {column}"] = label
        table.setColumnStretch(4, 1)
        #: the Gaussian loop's message line
        self.message = MessageLine()
        note = style.note_label(self.tr(
            "The numerical integral is Simpson’s rule with 4,001 points over μ ± 12σ of the "
            "first distribution. KL is not symmetric in general, but with equal σ both directions are "
            "(μ₁ − μ₂)²/(2σ²): give the two σ different values to see them differ."))
        self.gaussian_plot = self._density_plot()

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.addWidget(controls)
        top_layout.addWidget(formula)
        top_layout.addWidget(results)
        top_layout.addWidget(self.message)
        top_layout.addWidget(note)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(style.splitter(Qt.Orientation.Vertical, (top, self.gaussian_plot), stretch=(0, 1)))

    def _density_plot(self) -> pg.PlotWidget:
        widget = pg.PlotWidget(background=style.plot_background())
        plot = widget.getPlotItem()
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.showGrid(x=True, y=True, alpha=0.2)
        legend_in_band(plot, plot.addLegend(), columns=2)  # never over the curves
        self.curve1 = pg.PlotDataItem(fillLevel=0, name="N₁")
        self.curve2 = pg.PlotDataItem(fillLevel=0, name="N₂")
        self._colour_curves(stale=False)
        plot.addItem(self.curve1)
        plot.addItem(self.curve2)
        self.plot_labels = {"left": self.tr("density"), "bottom": "x"}
        style_plot_text(plot, self.plot_labels)
        return widget

    def _colour_curves(self, stale: bool) -> None:
        line, fill = (STALE_LINE_ALPHA, STALE_FILL_ALPHA) if stale else (255, FILL_ALPHA)
        for curve, colour in ((self.curve1, style.P_COLOUR), (self.curve2, style.Q_COLOUR)):
            curve.setPen(pg.mkPen((*colour, line), width=3))
            curve.setBrush(pg.mkBrush(*colour, fill))

    def set_stale(self, stale: bool) -> None:
        """Grey the numbers and fade the curves while they belong to earlier slider values."""
        self.stale = stale
        for label in self.gaussian_labels.values():
            style.set_text_colour(label, style.STALE if stale else None)
        self._colour_curves(stale)

    def apply_zoom(self) -> None:
        style_plot_text(self.gaussian_plot.getPlotItem(), self.plot_labels)

    def _slider_moved(self, *_) -> None:
        self.changed.emit()

    def parameters(self) -> tuple[float, float, float, float]:
        """(μ₁, σ₁, μ₂, σ₂) as set on the sliders."""
        return self.mu1.value(), self.sigma1.value(), self.mu2.value(), self.sigma2.value()

    def show_report(self, g) -> None:
        """Show an engine.infotheory.GaussianReport."""
        self.report = g
        for key, closed, numeric in ((DIRECTIONS[0], g.kl_12, g.kl_12_numeric),
                                     (DIRECTIONS[1], g.kl_21, g.kl_21_numeric)):
            self.gaussian_labels[f"{key} closed"].setText(quantity(closed, g.unit))
            self.gaussian_labels[f"{key} numeric"].setText(quantity(numeric, g.unit))
            difference = abs(closed - numeric)
            self.gaussian_labels[f"{key} difference"].setText(f"{difference:.1e}" if difference else "0")
        self.curve1.setData(np.asarray(g.x), np.asarray(g.density_1))
        self.curve2.setData(np.asarray(g.x), np.asarray(g.density_2))

    def export_csv(self, path):
        """The two densities on their shared grid."""
        if self.report is None:
            raise ValueError(self.tr("Nothing to export yet."))
        g = self.report
        return matrix_csv(path, np.column_stack([g.x, g.density_1, g.density_2]),
                          column_labels=["x", "N1 density", "N2 density"])
