"""The Encoding tab: the heatmap of PE (positions × dimensions) and curves of chosen dimensions.

At hundreds of positions the fast dimensions oscillate more often than the plot has pixels and
their curves fill a solid block.  So the curve plot opens on a window of positions in which the
fastest plotted curve repeats at most CURVE_PERIODS times (`curve_window`); the curves still hold
every position, and dragging or scrolling the plot moves along them.  Slow curves alone show the
whole range.
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QSignalBlocker, Qt
from PySide6.QtGui import QColor, QFontMetrics, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QStyle, QVBoxLayout

from app import style
from app.views.positional.tab_base import EXACT_DIGITS, PositionalTab
from app.widgets.matrix_plot import index_at, set_title, update_legend

#: the curve plot opens on at most this many periods of its fastest curve
CURVE_PERIODS = 10
#: ... but on no fewer positions than this (a base below 1 makes waves shorter than 2π)
MIN_CURVE_WINDOW = 32


def curve_window(n_positions: int, wavelengths) -> int:
    """How many positions (from 0) the curve plot shows at first:
    min(n, max(MIN_CURVE_WINDOW, ⌈CURVE_PERIODS · min λ⌉)) for the plotted wavelengths λ."""
    wavelengths = list(wavelengths)
    if not wavelengths:
        return n_positions
    fastest = min(wavelengths)
    if not math.isfinite(fastest):
        return n_positions
    return min(n_positions, max(MIN_CURVE_WINDOW, math.ceil(CURVE_PERIODS * fastest)))


def line_icon(colour) -> QIcon:
    """A short thick line in `colour`: a curve's mark in the list of dimensions."""
    pixmap = QPixmap(24, 24)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setPen(QPen(QColor(colour), 5))
    painter.drawLine(2, 12, 22, 12)
    painter.end()
    return QIcon(pixmap)


class EncodingTab(PositionalTab):
    """Heatmap of PE (positions x dimensions) and curves of chosen dimensions."""

    MAX_CURVES = len(style.SERIES)

    CAPTION = QT_TRANSLATE_NOOP("EncodingTab", """
        Each row is the code of one position, each column one dimension. The columns come in sine/cosine pairs
        whose frequency falls from pair to pair: early pairs change with every position, late pairs hardly at
        all — like the digits of a counter, but smooth and bounded in [−1, 1]. <b>Click a column</b> (or tick it
        in the list) to plot it against position.""")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.heatmap = self.add_matrix(0, 0, title=self.tr("PE(pos, dim)"), x_label=self.tr("dimension"),
                                       y_label=self.tr("position"), bar_label=None)
        # a title asks for its whole width: "Selected dimensions against position" pushed the
        # plot past the tab's right edge at 22 pt (the axis titles say the rest)
        self.curve_plot = self.add_plot(0, 1, self.tr("Selected dimensions"), self.tr("position"),
                                        self.tr("value"))
        self.curve_plot.setMouseEnabled(x=True, y=False)  # drag/scroll along the positions
        self.curve_plot.getAxis("left").setTicks([[(v, f"{v:g}") for v in (-1, -0.5, 0, 0.5, 1)]])
        # above the curves; the list of dimensions shows each curve's colour too, so where the
        # plot is too small for the legend and the curves (22 pt on 1280×680) the curves win
        self.legend = self.add_legend(self.curve_plot, columns=2, data_range=(-1.0, 1.0), shown_elsewhere=True)
        self.curves = [self.add_curve(self.curve_plot, colour) for colour in style.SERIES]
        self.column_marks = []
        for colour in style.SERIES:
            # a short coloured tab at the edge of the heatmap: which column each curve shows
            mark = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(colour, width=5), span=(0.0, 0.03))
            mark.setVisible(False)
            self.heatmap.plot.addItem(mark)
            self.column_marks.append(mark)
        layout = self.graphics.ci
        layout.layout.setColumnStretchFactor(0, 1)
        layout.layout.setColumnStretchFactor(1, 1)

        side = QVBoxLayout()
        side.addWidget(QLabel(self.tr("Dimensions to plot:")))
        self.dimension_list = QListWidget()
        self._fit_list_width()
        side.addWidget(self.dimension_list, 1)
        self.body.addLayout(side)
        self.dimension_list.itemChanged.connect(self._item_changed)
        self.graphics.scene().sigMouseClicked.connect(self._mouse_clicked)

        self.selected: list[int] = []
        self._user_picked = False
        self._list_key = None

    def _fit_list_width(self) -> None:
        """As wide as the longest entry at the current text size and d_model (made for the widest
        d_model, the list took a third of the tab at 22 pt and squeezed the curves)."""
        d_model = self.analysis.d_model if self.analysis is not None else 1024
        longest = self.tr("dim {0} — {1}, pair {2}").format(d_model - 1, "cos", d_model // 2 - 1)
        text = QFontMetrics(style.font()).horizontalAdvance(longest)
        box = self.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
        scroll_bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        icon = self.dimension_list.iconSize().width() + 4  # a plotted dimension's colour
        self.dimension_list.setFixedWidth(text + box + icon + scroll_bar + 24)

    def restyle(self) -> None:
        super().restyle()
        self._fit_list_width()

    # ---- selection ------------------------------------------------------------------------
    @staticmethod
    def default_selection(a) -> list[int]:
        """Sine and cosine of pairs 2 and 3 (dims 4-7 in the paper's layout, as in The Annotated
        Transformer's figure), or whatever pairs exist."""
        pairs = [p for p in (2, 3) if p < a.d_model // 2] or list(range(min(2, a.d_model // 2)))
        dims = []
        for p in pairs:
            dims += [int(a.sin_columns[p]), int(a.cos_columns[p])]
        return sorted(dims)

    def toggle(self, column: int) -> None:
        """Add `column` to the plotted dimensions, or remove it."""
        if self.analysis is None or not 0 <= column < self.analysis.d_model:
            return
        self._user_picked = True
        if column in self.selected:
            self.selected.remove(column)
        else:
            self.selected.append(column)
            if len(self.selected) > self.MAX_CURVES:
                self.selected.pop(0)  # the oldest choice makes room
        self._sync_list()
        self._draw_curves()
        self.redrawn.emit()

    def _item_changed(self, item: QListWidgetItem) -> None:
        column = item.data(Qt.ItemDataRole.UserRole)
        wanted = item.checkState() == Qt.CheckState.Checked
        if wanted != (column in self.selected):
            self.toggle(column)

    def _mouse_clicked(self, event) -> None:
        if self.analysis is None or event.button() != Qt.MouseButton.LeftButton or event.double():
            return
        cell = self.heatmap.cell_at(event.scenePos())
        if cell is not None:
            self.toggle(cell[1])

    def _sync_list(self) -> None:
        """Tick the plotted dimensions and give each its curve's colour (the list is the curves'
        legend beside the plot)."""
        with QSignalBlocker(self.dimension_list):
            for row in range(self.dimension_list.count()):
                item = self.dimension_list.item(row)
                column = item.data(Qt.ItemDataRole.UserRole)
                checked = column in self.selected
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
                item.setIcon(line_icon(style.SERIES[self.selected.index(column)]) if checked else QIcon())

    def _rebuild_list(self, a) -> None:
        with QSignalBlocker(self.dimension_list):
            self.dimension_list.clear()
            for column in range(a.d_model):
                kind, pair = a.column_kind(column)
                item = QListWidgetItem(self.tr("dim {0} — {1}, pair {2}").format(column, kind, pair))
                item.setData(Qt.ItemDataRole.UserRole, column)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.dimension_list.addItem(item)

    # ---- drawing --------------------------------------------------------------------------
    def _render(self, a) -> None:
        self.heatmap.set_matrix(a.encoding, (-1.0, 1.0))
        key = (a.d_model, a.variant)
        if key != self._list_key:
            self._rebuild_list(a)
            self._fit_list_width()
            self._list_key = key
            if self._user_picked:
                self.selected = [c for c in self.selected if c < a.d_model]
            if not self.selected or not self._user_picked:
                self.selected = self.default_selection(a)
                self._user_picked = False
            self._sync_list()
        self._draw_curves()

    def _draw_curves(self) -> None:
        a = self.analysis
        x = np.arange(a.n_positions, dtype=np.float64)
        entries = []
        for slot, curve in enumerate(self.curves):
            mark = self.column_marks[slot]
            if slot < len(self.selected):
                column = self.selected[slot]
                kind, pair = a.column_kind(column)
                curve.setData(x, a.encoding[:, column])
                curve.setVisible(True)
                entries.append((curve, self.tr("dim {0} ({1})").format(column, kind)))
                mark.setValue(column)
                mark.setVisible(True)
            else:
                curve.setData([], [])
                curve.setVisible(False)
                mark.setVisible(False)
        update_legend(self.legend, entries)
        last = max(a.n_positions - 1, 1)
        window = curve_window(a.n_positions, [a.wavelengths[a.column_kind(c)[1]] for c in self.selected])
        self.curve_plot.vb.setLimits(xMin=-0.02 * last, xMax=1.02 * last)
        self.curve_plot.setXRange(0, max(window - 1, 1), padding=0.01)
        if window < a.n_positions:
            title = self.tr("Positions 0–{0} of {1} (drag for more)").format(
                window - 1, a.n_positions)
        else:
            title = self.tr("Selected dimensions")
        set_title(self.curve_plot, title)

    def visible_curves(self) -> list[tuple[int, pg.PlotDataItem]]:
        return [(self.selected[i], self.curves[i]) for i in range(len(self.selected))]

    # ---- hover and export ---------------------------------------------------------------
    def readout_at(self, scene_pos):
        a = self.analysis
        cell = self.heatmap.cell_at(scene_pos)
        if cell is not None:
            return self.encoding_readout(*cell)
        p = index_at(self.curve_plot, scene_pos, a.n_positions)
        if p is not None and self.selected:
            values = ", ".join(self.tr("dim {0} = {1}").format(c, style.format_number(a.encoding[p, c], EXACT_DIGITS))
                               for c in self.selected)
            return self.tr("pos {0}: {1}").format(p, values)
        return None

    def table(self):
        a = self.analysis
        return (a.encoding, [str(p) for p in range(a.n_positions)],
                [f"dim {c} ({a.column_kind(c)[0]} {a.column_kind(c)[1]})" for c in range(a.d_model)], "position")
