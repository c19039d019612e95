"""What the five tabs of the positional-encoding view share: a caption (`CAPTION`: why the picture
looks as it does) above one pg.GraphicsLayoutWidget (`graphics`), created once; `show_analysis` draws
one engine.positional.PositionalAnalysis by updating the items in place.  A tab answers hover
questions with exact values (`readout_at`), hands its numbers to CSV export (`table`) and
restyles its plots after a zoom (`restyle`)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QHBoxLayout, QVBoxLayout, QWidget

from app import style
from app.widgets.matrix_plot import MatrixPanel, add_legend, new_layout_widget, style_legend, style_plot

#: 17 significant digits read back to the same double: a readout shows the number exactly
EXACT_DIGITS = 17
#: reference lines and inputs that are not the data being compared: grey
GUIDE = style.SERIES[6]


class PositionalTab(QWidget):
    """A caption above one GraphicsLayoutWidget; subclasses draw into `graphics.ci`."""

    #: text for the view's readout line (hover)
    hovered = Signal(str)
    #: the tab redrew something without a new engine result (e.g. another curve picked)
    redrawn = Signal()

    #: why the tab's picture looks as it does: rich text in English, marked
    #: QT_TRANSLATE_NOOP("<TabClass>", """…""") and translated here (line breaks read as spaces)
    CAPTION = ""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.analysis = None
        self.caption = style.wrapped_label(QCoreApplication.translate(type(self).__name__, self.CAPTION), rich=True)
        self.graphics = new_layout_widget()
        self._keep_plot_height()
        self.body = QHBoxLayout()
        self.body.addWidget(self.graphics, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addLayout(self.body, 1)
        self.graphics.scene().sigMouseMoved.connect(self._mouse_moved)
        # what restyle() gives the zoomed text size
        self._plots: list[pg.PlotItem] = []
        self._panels: list[MatrixPanel] = []
        self._legends: list[pg.LegendItem] = []

    # ---- building (subclasses) -------------------------------------------------------------
    def add_plot(self, row: int, col: int, title: str, x: str, y: str, grid: float = 0.2) -> pg.PlotItem:
        plot = self.graphics.ci.addPlot(row=row, col=col)
        style_plot(plot, title, x, y)
        plot.showGrid(x=True, y=True, alpha=grid)
        self._plots.append(plot)
        return plot

    def add_matrix(self, row: int, col: int, **options) -> MatrixPanel:
        panel = MatrixPanel(self.graphics.ci, row, col, **options)
        self._panels.append(panel)
        return panel

    def add_legend(self, plot: pg.PlotItem, **options) -> pg.LegendItem:
        legend = add_legend(plot, **options)
        self._legends.append(legend)
        return legend

    @staticmethod
    def add_curve(plot: pg.PlotItem, colour, name=None, width: float = 2.5, **options) -> pg.PlotDataItem:
        item = pg.PlotDataItem(pen=pg.mkPen(colour, width=width), name=name, **options)
        plot.addItem(item)
        return item

    # ---- drawing -------------------------------------------------------------------------------
    def show_analysis(self, a) -> None:
        self.analysis = a
        self._render(a)

    def _keep_plot_height(self) -> None:
        """The plots never collapse below PLOT_LINES text lines: at 16 pt and more on a 1280×720
        screen they shrank to nothing under the caption (the tab scrolls instead)."""
        self.graphics.setMinimumHeight(self.PLOT_LINES * QFontMetrics(QApplication.font()).lineSpacing())

    #: the least height of the plots, in lines of text at the current text size (seven: a title,
    #: ticks and an axis title leave a plot row four lines of data; twelve left a 1280×680
    #: window's tabs scrolling at 22 pt; a tab with two rows of plots asks for more)
    PLOT_LINES = 7

    def restyle(self) -> None:
        """The application font changed: ticks, axis labels, titles and legends follow it."""
        self._keep_plot_height()
        points = style.point_size()
        for plot in self._plots:
            style_plot(plot, points=points)
        for panel in self._panels:
            panel.restyle(points)
        for legend in self._legends:
            style_legend(legend, points)

    def _mouse_moved(self, scene_pos) -> None:
        if self.analysis is None:
            return
        text = self.readout_at(scene_pos)
        if text:
            self.hovered.emit(text)

    # ---- subclasses ------------------------------------------------------------------------
    def _render(self, a) -> None:
        raise NotImplementedError

    def readout_at(self, scene_pos) -> str | None:
        return None

    def table(self) -> tuple[np.ndarray, list[str], list[str], str]:
        """(matrix, row_labels, column_labels, corner) for CSV export."""
        raise NotImplementedError

    # ---- shared readouts -------------------------------------------------------------------
    def encoding_readout(self, row: int, col: int) -> str:
        a = self.analysis
        kind, pair = a.column_kind(col)
        return self.tr("pos {0}, dim {1} ({2} of pair {3}, wavelength {4}): {5}").format(
            row, col, kind, pair, style.format_number(a.wavelengths[pair], 4),
            style.format_number(a.encoding[row, col], EXACT_DIGITS))
