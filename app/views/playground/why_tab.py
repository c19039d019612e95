"""Why scale: for random unit-variance q and k, the spread of q·k grows like √d_k and softmax
turns nearly one-hot, unless the scores are divided by √d_k (engine.playground.why_scale)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QPen
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from app import style
from app.views.playground.number_grid import NumberGrid
from app.style import SERIES
from app.widgets.matrix_plot import add_legend, style_plot

UNSCALED, SCALED = SERIES[1], SERIES[0]


def _dashed(colour) -> QPen:
    pen = pg.mkPen(colour, width=2)
    pen.setStyle(Qt.PenStyle.DashLine)
    return pen


class WhyScaleTab(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.intro = style.wrapped_label()
        self.spread_plot = pg.PlotWidget(background=style.plot_background())
        self.weight_plot = pg.PlotWidget(background=style.plot_background())
        self.curves = {}
        for plot in (self.spread_plot, self.weight_plot):
            plot.setMenuEnabled(False)
            plot.setLogMode(x=True, y=False)
            plot.showGrid(x=True, y=True, alpha=0.25)
        self.spread_legend = add_legend(self.spread_plot.getPlotItem())
        self.weight_legend = add_legend(self.weight_plot.getPlotItem())
        for key, plot, legend, name, pen in (
                ("dot_std", self.spread_plot, self.spread_legend, self.tr("q·k unscaled"), pg.mkPen(UNSCALED, width=3)),
                ("scaled_dot_std", self.spread_plot, self.spread_legend, "q·k / √d_k", pg.mkPen(SCALED, width=3)),
                ("theory", self.spread_plot, self.spread_legend, self.tr("√d_k (theory)"), _dashed("#777777")),
                ("max_weight", self.weight_plot, self.weight_legend, self.tr("unscaled"), pg.mkPen(UNSCALED, width=3)),
                ("scaled_max_weight", self.weight_plot, self.weight_legend, self.tr("scaled by 1/√d_k"),
                 pg.mkPen(SCALED, width=3)),
                ("flat", self.weight_plot, self.weight_legend, self.tr("1/keys (flat)"), _dashed("#777777"))):
            curve = plot.plot([], [], pen=pen, symbol=None if key in ("theory", "flat") else "o", symbolSize=6,
                              symbolBrush=pen.color(), symbolPen=None, name=name)
            self.curves[key] = curve
        self.table = NumberGrid()
        self.table.verticalHeader().hide()
        plots = QHBoxLayout()
        plots.addWidget(self.spread_plot, 1)
        plots.addWidget(self.weight_plot, 1)
        plots.addWidget(self.table)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(plots, 1)
        self.statistics = None
        self.apply_zoom()

    def show_statistics(self, stats) -> None:
        self.statistics = stats
        d = stats.d_k.astype(np.float64)
        for key in ("dot_std", "scaled_dot_std", "max_weight", "scaled_max_weight"):
            self.curves[key].setData(d, getattr(stats, key))
        self.curves["theory"].setData(d, np.sqrt(d))
        self.curves["flat"].setData(d, np.full(d.shape, 1.0 / stats.keys))
        self.table.show_matrix(
            np.column_stack([d, stats.dot_std, stats.scaled_dot_std, stats.max_weight, stats.scaled_max_weight]),
            [""] * len(d), ["d_k", self.tr("std q·k"), self.tr("std q·k/√d_k"), self.tr("max w"),
                            self.tr("max w scaled")])
        self.table.resizeColumnsToContents()
        self._table_width = (self.table.horizontalHeader().length() + 2 * self.table.frameWidth()
                             + self.table.verticalScrollBar().sizeHint().width())
        self._fit_table_width()
        self.intro.setText(self.tr(
            "q and k have {0} independent standard normal entries; each point averages {1} queries against "
            "{2} keys. Unscaled, q·k spreads like √d_k and softmax puts almost all weight on one key (its "
            "gradient vanishes); divided by √d_k the spread stays 1 and the weights stay soft.").format(
            "d_k", stats.samples, stats.keys))

    #: the table's most of the tab's width: wider, at 22 pt on 1280×680 it left each plot 210 px,
    #: too narrow for the curves and their legend (it scrolls sideways inside its panel instead)
    TABLE_SHARE = 0.3

    def _fit_table_width(self) -> None:
        whole = getattr(self, "_table_width", None)
        if whole is not None:
            self.table.setFixedWidth(min(whole, int(self.TABLE_SHARE * self.width())))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_table_width()

    def apply_zoom(self) -> None:
        points = round(style.point_size())
        style_plot(self.spread_plot.getPlotItem(), self.tr("Spread (std) of the scores"), self.tr("d_k (log scale)"),
                   self.tr("standard deviation"), points=points)
        style_plot(self.weight_plot.getPlotItem(), self.tr("Average largest softmax weight"), self.tr("d_k (log scale)"),
                   self.tr("largest weight"), points=points)
        for legend in (self.spread_legend, self.weight_legend):
            for _, label in legend.items:
                label.setText(label.text, size=f"{points}pt")
