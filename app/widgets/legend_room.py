"""Room for a plot's legend above its data, so that the legend never covers a curve or a point.

A pyqtgraph legend sits inside the plot's view box, over the data.  `LegendRoom` keeps the
y range of the plot tall enough that every data point lies below the legend's bottom edge:
the legend (anchored at the top) takes as many pixels as it is tall, and the data get the rest
of the height.  It refits when the plot is resized, when the legend changes size (entries, text
size) and when a data item of the plot gets new data.  A fixed range for the data
(`data_range`) keeps the y axis steady when the data are known to stay in it (sin and cos).
"""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QObject

#: pixels between the top of the view box and the legend (the legend's anchor offset) and
#: between the legend and the highest point (room for a marker drawn around it)
LEGEND_OFFSET, CLEARANCE = 10, 10
#: the data's share of their span added below and above them
DATA_MARGIN = 0.05


class LegendRoom(QObject):
    def __init__(self, plot: pg.PlotItem, legend: pg.LegendItem, data_range: tuple[float, float] | None = None):
        super().__init__(legend)
        self.plot, self.legend, self.data_range = plot, legend, data_range
        self._watched: set[int] = set()
        plot.vb.sigResized.connect(self.refit)
        legend.geometryChanged.connect(self.refit)
        self.refit()

    def _watch_data(self) -> None:
        """Refit when a data item of the plot (one added since the last look too) gets new data."""
        for item in self.plot.listDataItems():
            if id(item) not in self._watched and hasattr(item, "sigPlotChanged"):
                item.sigPlotChanged.connect(self.refit)
                self._watched.add(id(item))

    def data_bounds(self) -> tuple[float, float] | None:
        """The lowest and highest y of the visible data (view coordinates: log10 on a log axis)."""
        if self.data_range is not None:
            return self.data_range
        bounds = self.plot.vb.childrenBounds()
        if not bounds or bounds[1] is None or bounds[1][0] is None:
            return None
        return float(bounds[1][0]), float(bounds[1][1])

    def legend_height(self) -> float:
        """Pixels the legend takes from the top of the view box (0 when it shows nothing)."""
        if not self.legend.isVisible() or not self.legend.items:
            return 0.0
        return LEGEND_OFFSET + self.legend.boundingRect().height() + CLEARANCE

    def refit(self, *_) -> None:
        self._watch_data()
        bounds = self.data_bounds()
        if bounds is None:
            return
        low, high = bounds
        span = (high - low) or max(abs(high), 1.0)
        low, high = low - DATA_MARGIN * span, high + DATA_MARGIN * span
        height = self.plot.vb.height()
        room = self.legend_height()
        if room and height - room > 20:  # else the plot is too small for both: the data win
            high += (high - low) * room / (height - room)
        self.plot.vb.setYRange(low, high, padding=0)


def keep_legend_above_data(plot: pg.PlotItem, legend: pg.LegendItem,
                           data_range: tuple[float, float] | None = None) -> LegendRoom:
    """Give `legend` (anchored at the top of `plot`) its own band above the data (see LegendRoom)."""
    room = LegendRoom(plot, legend, data_range)
    legend._room = room  # lives as long as the legend
    return room
