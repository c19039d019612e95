"""A plot's legend in a band of its own between the plot's title and its view box, so that it never
covers a curve or a point (issue 23: "legends never cover data").

pyqtgraph puts a legend inside the view box, over the data.  Reserving room above the data
inside the view box (what this module did first) fails at large text: at 22 pt on a 1280×680
window the Positional curves' two-column legend was wider than its plot (cut at the left) and
taller than the room left, so the data took the room back and the legend lay over the curves.
`LegendBand` parents the legend to the PlotItem instead and gives it a band of the PlotItem's own
grid outside the view box (which clips every point drawn in it):
- above the data, in the empty top-axis row, as tall as the legend, with as many columns as the
  plot's width holds (up to the number asked for), so at large text it turns into more rows
  rather than sticking out of the plot;
- beside the data, in the empty right-axis column, one entry a line, where the band above would
  leave the data fewer than MIN_DATA_LINES lines of text (or the plot's own `min_data_lines`) and the column leaves them at least
  half the plot's width (a short, wide plot at 22 pt);
- nowhere, where neither leaves the data room and the plot says its entries are shown beside it
  anyway (`shown_elsewhere`: the Positional curves' coloured list of dimensions): the data keep
  the whole plot.
It refits when the plot is resized and when the legend changes (entries, text size).  A fixed range
for the data (`data_range`) keeps the y axis steady when the data are known to stay in it (sin
and cos).
"""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

#: pixels between the legend and the edges of its band (and the plot's right edge)
LEGEND_OFFSET = 6
#: the data's share of their span added below and above a fixed `data_range`
DATA_MARGIN = 0.05
#: the PlotItem's grid row of the top axis and column of the right axis (both hidden in these
#: plots): the legend's band above or beside the view box
BAND_ROW, BAND_COLUMN = 1, 2
#: the band above the data must leave them this many lines of text, else the legend goes beside
MIN_DATA_LINES = 3


class LegendBand(QObject):
    def __init__(self, plot: pg.PlotItem, legend: pg.LegendItem, columns: int = 1,
                 data_range: tuple[float, float] | None = None, shown_elsewhere: bool = False,
                 min_data_lines: int = MIN_DATA_LINES):
        super().__init__(legend)
        self.plot, self.legend, self.columns = plot, legend, max(1, columns)
        self.shown_elsewhere = shown_elsewhere
        self.min_data_lines = min_data_lines
        self._fitting, self.beside, self.folded = False, False, False
        self._band = (0.0, 0.0)  # (height above, width beside) the view box
        # a legend made by PlotItem.addLegend is anchored to the view box: pyqtgraph re-anchors it
        # on a new parent where it has an offset, and moves it back whenever the old parent changes
        # size while it has an anchor (GraphicsWidgetAnchor keeps both privately)
        legend.opts["offset"] = None
        legend._GraphicsWidgetAnchor__itemAnchor = None
        legend.setParentItem(plot)
        plot.geometryChanged.connect(self.refit)
        legend.geometryChanged.connect(self.refit)
        if data_range is not None:
            low, high = data_range
            margin = DATA_MARGIN * ((high - low) or 1.0)
            plot.vb.setYRange(low - margin, high + margin, padding=0)
        self.refit()

    def shows_entries(self) -> bool:
        return bool(self.legend.items)

    def _fit_columns(self, columns: int, room: float) -> None:
        """As many columns (up to `columns`) as `room` pixels hold; one where none does."""
        for count in range(columns, 0, -1):
            if self.legend.columnCount != count:
                self.legend.setColumnCount(count)
            self._shrink_to_entries()
            if count == 1 or self.legend.boundingRect().width() <= room:
                return

    def _shrink_to_entries(self) -> None:
        """The legend as large as its entries ask: LegendItem.updateSize adds up its labels' current
        widths, which its layout had stretched to the legend's width in more columns."""
        self.legend.layout.invalidate()
        size = self.legend.layout.preferredSize()
        if (self.legend.width(), self.legend.height()) != (size.width(), size.height()):
            self.legend.resize(size)

    def _data_size(self) -> tuple[float, float]:
        """The view box's width and height without a band: the plot's less its title's row and its
        axes' fixed sizes (the view box's own geometry lags a layout pass behind, and
        layout.activate() resizes a PlotWidget's plot, which has no parent layout, to its preferred
        size)."""
        left, top, right, bottom = self.plot.layout.getContentsMargins()
        width = self.plot.width() - left - right
        height = self.plot.height() - top - bottom - self.plot.layout.rowMinimumHeight(0)
        # a plot at its least size may be that size because of its band (a band is part of the
        # plot's minimum, which a page then grows to): count the band out of the data's room, or
        # the room it made itself would keep it there (Positional at 22 pt in Chinese)
        least = self.plot.effectiveSizeHint(Qt.SizeHint.MinimumSize)
        if self._band[0] and self.plot.height() <= least.height() + 1:
            height -= self._band[0]
        if self._band[1] and self.plot.width() <= least.width() + 1:
            width -= self._band[1]
        for name in ("left", "right"):
            axis = self.plot.getAxis(name)
            width -= axis.minimumWidth() if axis.isVisible() else 0
        for name in ("top", "bottom"):
            axis = self.plot.getAxis(name)
            height -= axis.minimumHeight() if axis.isVisible() else 0
        return width, height

    def _choose_side(self) -> None:
        """Above the data (its columns fitted to the plot's width), or beside them (one column)
        where the band above would leave the data too few lines of text; where neither leaves
        them their room, folded if its entries are shown elsewhere, else on the side that leaves
        the data the larger area."""
        data_width, data_height = self._data_size()
        self.beside = self.folded = False
        self.legend.setVisible(True)
        if not self.shows_entries():
            self._set_band(0, 0)
            return
        self._shrink_to_entries()
        self._fit_columns(self.columns, self.plot.width() - 2 * LEGEND_OFFSET)
        legend = self.legend.boundingRect()
        line = QFontMetrics(QApplication.font()).lineSpacing()
        above = legend.height() + 2 * LEGEND_OFFSET
        left = data_height - above
        if left < self.min_data_lines * line:
            self._fit_columns(1, 0)
            legend = self.legend.boundingRect()
            beside = legend.width() + 2 * LEGEND_OFFSET
            # beside, the band's column runs from under the title to the plot's bottom edge (the
            # bottom axis's row is empty there)
            _, top, _, bottom = self.plot.layout.getContentsMargins()
            tall_enough = (legend.height() + 2 * LEGEND_OFFSET
                           <= self.plot.height() - top - bottom - self.plot.layout.rowMinimumHeight(0))
            fits_beside = tall_enough and legend.height() <= data_height and data_width - beside >= data_width / 2
            if not fits_beside and self.shown_elsewhere:
                self.folded = True
                self.legend.setVisible(False)
                self._set_band(0, 0)
                return
            # neither leaves the data their room: the side that leaves them the larger area
            if fits_beside or tall_enough and (data_width - beside) * data_height > data_width * max(left, 0.0):
                self.beside = True
                self._set_band(0, beside)
                return
            self._fit_columns(self.columns, self.plot.width() - 2 * LEGEND_OFFSET)
            legend = self.legend.boundingRect()
        self._set_band(legend.height() + 2 * LEGEND_OFFSET, 0)

    def _set_band(self, height: float, width: float) -> None:
        """The band's row above the view box and column beside it (0: none)."""
        if (height, width) != self._band:
            self._band = (height, width)
            layout = self.plot.layout
            layout.setRowFixedHeight(BAND_ROW, height)
            layout.setColumnFixedWidth(BAND_COLUMN, width)
            # lay the grid out again in the plot's present rectangle: the invalidation reaches a
            # GraphicsLayout's cell only when the plot's own size changes
            layout.setGeometry(layout.geometry())

    def refit(self, *_) -> None:
        if self._fitting:  # setColumnCount and the band's row resize the legend and the plot
            return
        self._fitting = True
        try:
            self._choose_side()
            self.place()
        finally:
            self._fitting = False

    def place(self, *_) -> None:
        """In its band: under the title, at the plot's right edge (above the view box, or beside
        it at its top).  Taken from the grid's fixed rows rather than the view box's geometry,
        which lags a layout pass behind a new band."""
        legend = self.legend.boundingRect()
        _, top, right, _ = self.plot.layout.getContentsMargins()
        y = top + self.plot.layout.rowMinimumHeight(0) + LEGEND_OFFSET  # the title's row is fixed
        x = max(0.0, self.plot.width() - right - legend.width() - LEGEND_OFFSET)
        if (self.legend.pos().x(), self.legend.pos().y()) != (x, y):
            self.legend.setPos(x, y)


def legend_in_band(plot: pg.PlotItem, legend: pg.LegendItem, columns: int = 1,
                   data_range: tuple[float, float] | None = None, shown_elsewhere: bool = False,
                   min_data_lines: int = MIN_DATA_LINES) -> LegendBand:
    """Give `legend` its own band above or beside `plot`'s view box (see LegendBand;
    `min_data_lines`: the lines of text the band above must leave the data, else it goes beside)."""
    band = LegendBand(plot, legend, columns, data_range, shown_elsewhere, min_data_lines)
    legend._band = band  # lives as long as the legend
    return band
