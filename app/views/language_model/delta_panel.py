"""Held-out perplexity of add-δ against δ on a log axis, its minimum marked: δ "chosen by
perplexity", as the notes say.  The curve needs only the counts, so it is the same whatever
estimator is chosen; the vertical line is the δ of the δ box."""
from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from app import style
from app.widgets.plot_text import style_plot_text

CURVE_COLOUR = "#1f77b4"
MINIMUM_COLOUR = "#d62728"


class DeltaPanel(QWidget):
    #: the user asked for the best δ (the add-δ estimator with it)
    use_best = Signal(float)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.caption = style.wrapped_label()
        self.plot = pg.PlotWidget(background=style.plot_background())
        self.plot.setMenuEnabled(False)
        self.plot.setLogMode(x=True, y=False)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.curve = self.plot.plot([], [], pen=pg.mkPen(CURVE_COLOUR, width=3))
        self.minimum_marker = self.plot.plot([], [], pen=None, symbol="o", symbolSize=14,
                                             symbolBrush=MINIMUM_COLOUR, symbolPen=None)
        self.current_line = pg.InfiniteLine(angle=90, pen=pg.mkPen("#777777", width=2))
        self.plot.addItem(self.current_line)
        self.best_button = QPushButton()
        self.best_button.clicked.connect(lambda: self.use_best.emit(self.best_delta))
        self.best_delta = 1.0
        row = QHBoxLayout()
        row.addWidget(self.caption, 1)
        row.addWidget(self.best_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.plot, 1)
        self.apply_zoom()

    def show_report(self, report, delta: float) -> None:
        curve = report.curve
        best = curve.best
        self.best_delta = float(curve.x[best])
        self.curve.setData(curve.x, curve.heldout)
        self.minimum_marker.setData([curve.x[best]], [curve.heldout[best]])
        self.current_line.setPos(math.log10(delta))
        where = (self.tr("on the training text (a single pasted line: nothing is held out)") if report.heldout_is_train
                 else self.tr("on {0} held-out tokens").format(f"{report.heldout_tokens:,}"))
        self.caption.setText(self.tr(
            "Perplexity of add-δ {0}: lowest at δ = {1} (PP = {2}); the grey line is the δ chosen above.").format(
            where, style.format_number(self.best_delta, 3), style.format_number(float(curve.heldout[best]), 5)))
        self.best_button.setText(self.tr("Use δ = {0}").format(style.format_number(self.best_delta, 3)))

    def apply_zoom(self) -> None:
        style_plot_text(self.plot.getPlotItem(), {"bottom": self.tr("δ (log scale)"),
                                                  "left": self.tr("held-out perplexity")})
