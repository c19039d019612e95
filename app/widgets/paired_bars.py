"""Two bar series side by side over categories (P and Q, or ideal and Huffman lengths).

The BarGraphItems are created once and updated with setOpts; the category names become the
x ticks (thinned out when there are too many to read).  Text follows the application's text
size: call `apply_zoom()` after a zoom."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from app import style
from app.widgets.axis_titles import stacked, title_lines
from app.widgets.legend_room import legend_in_band
from app.widgets.plot_text import BOTTOM_AXIS_MARGIN, style_plot_text

#: pixels kept free between two category names
TICK_GAP = 3
#: the chart's least height in pixels, whatever its title
MINIMUM_HEIGHT = 180
#: opacity (of 255) of bars that no longer match the input
STALE_ALPHA = 70


class PairedBarChart(pg.PlotWidget):
    def __init__(self, parent=None, names=("P", "Q"), colours=(style.P_COLOUR, style.Q_COLOUR), y_label: str = ""):
        super().__init__(parent, background=style.plot_background())
        self.setMinimumHeight(MINIMUM_HEIGHT)
        plot = self.getPlotItem()
        plot.showGrid(y=True, alpha=0.25)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        self.legend = plot.addLegend(offset=(-10, 10), brush=pg.mkBrush(*style.theme().legend_background))
        # in a band of its own above the bars: two names side by side where the width holds them
        legend_in_band(plot, self.legend, columns=2)
        empty = np.zeros(0)
        self.colours = colours
        self.stale = False
        self.first = pg.BarGraphItem(x=empty, height=empty, width=0.4, brush=pg.mkBrush(*colours[0]),
                                     pen=pg.mkPen(None), name=names[0])
        self.second = pg.BarGraphItem(x=empty, height=empty, width=0.4, brush=pg.mkBrush(*colours[1]),
                                      pen=pg.mkPen(None), name=names[1])
        plot.addItem(self.first)
        plot.addItem(self.second)
        self.extra_line = pg.InfiniteLine(
            angle=0, movable=False, pen=pg.mkPen((90, 90, 90), width=2, style=pg.QtCore.Qt.PenStyle.DashLine),
            label="", labelOpts={"position": 0.02, "color": style.plot_text(), "fill": style.theme().legend_background,
                                 "anchors": [(0, 1), (0, 1)]})
        self.extra_line.setVisible(False)
        plot.addItem(self.extra_line)
        for name in ("left", "bottom"):
            plot.getAxis(name).setPen(pg.mkPen((80, 80, 80)))
        self.y_label = y_label
        self.labels: tuple = ()
        self._char_width = 1
        self.apply_zoom()
        plot.vb.sigResized.connect(self._update_ticks)

    def apply_zoom(self) -> None:
        """Ticks, axis title, legend and the reference line's label at the application's text size."""
        style_plot_text(self.getPlotItem(), {"left": self.y_label} if self.y_label else None)
        self.extra_line.label.setFont(style.font())
        self.extra_line.label.setColor(style.plot_text())  # the theme may have changed too
        self.extra_line.label.fill = pg.mkBrush(*style.theme().legend_background)
        self._char_width = QFontMetrics(style.font()).averageCharWidth()
        self.setMinimumHeight(max(MINIMUM_HEIGHT, self.title_length() + 2 * QFontMetrics(style.font()).height()))
        self._update_ticks()

    def title_length(self) -> int:
        """The pixels the vertical axis title takes along the axis at the current text size: the
        chart is kept that tall and a little more (the bottom axis, the top margin), since pyqtgraph
        cuts a title longer than its axis ("probabili" at 22 pt on 1280×680)."""
        if not self.y_label:
            return 0
        metrics = QFontMetrics(style.font())
        axis = self.getPlotItem().getAxis("left")
        if stacked(axis):  # upright CJK, one line per character or Latin run
            return metrics.lineSpacing() * len(title_lines(self.y_label))
        return metrics.horizontalAdvance(self.y_label)

    def set_stale(self, stale: bool) -> None:
        """Faded bars while they belong to an earlier input than the one typed."""
        self.stale = stale
        alpha = STALE_ALPHA if stale else 255
        for item, colour in zip((self.first, self.second), self.colours):
            item.setOpts(brush=pg.mkBrush(*colour, alpha))
        for sample, _ in self.legend.items:
            sample.update()

    def tick_font(self):
        """The font of the category names (for tests of the zoom)."""
        return self.getPlotItem().getAxis("bottom").style["tickFont"]

    def set_names(self, first: str, second: str) -> None:
        self.legend.clear()
        self.first.opts["name"] = first
        self.second.opts["name"] = second
        self.legend.addItem(self.first, first)
        if self.second.isVisible():
            self.legend.addItem(self.second, second)

    def set_data(self, labels, first, second=None, names=None) -> None:
        """Bars of `first` (and `second` beside them) over the categories `labels`."""
        first = np.asarray(first, dtype=np.float64)
        n = first.size
        x = np.arange(n, dtype=np.float64)
        if second is None:
            self.first.setOpts(x=x, height=first, width=0.6)
            self.second.setOpts(x=np.zeros(0), height=np.zeros(0), width=0.4)
            self.second.setVisible(False)
        else:
            self.first.setOpts(x=x - 0.2, height=first, width=0.4)
            self.second.setOpts(x=x + 0.2, height=np.asarray(second, dtype=np.float64), width=0.4)
            self.second.setVisible(True)
        if names is not None:
            self.set_names(*names)
        else:
            self.set_names(self.first.opts.get("name") or "", self.second.opts.get("name") or "")
        self.labels = tuple(labels)
        self._update_ticks()
        top = float(np.nanmax(np.concatenate([first, np.zeros(1)] + ([np.asarray(second, float)] if second is not None else []))))
        if self.extra_line.isVisible():
            top = max(top, float(self.extra_line.value()))
        self.getPlotItem().setXRange(-0.6, max(n - 0.4, 0.6), padding=0)
        self._top = top
        self._fit_y()

    def _fit_y(self) -> None:
        """The tallest bar at 1/1.15 of the height (the legend has a band of its own above)."""
        top = getattr(self, "_top", 0.0)
        self.getPlotItem().setYRange(0, top * 1.15 if top > 0 else 1, padding=0)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        # pyqtgraph resizes before __init__ has finished, and again after close() dropped the plot
        if hasattr(self, "legend") and self.getPlotItem() is not None:
            self._fit_y()

    def _update_ticks(self, *_) -> None:
        """Category names as x ticks, shortened and thinned out so that they never overlap."""
        n = len(self.labels)
        if n == 0:
            self.getPlotItem().getAxis("bottom").setTicks([[]])
            return
        width = max(self.getPlotItem().vb.width(), 200.0)
        per_category = width / n
        step = 1
        if per_category < 4 * self._char_width:  # too narrow: every step-th name, with room for 3+ characters
            step = int(np.ceil(4 * self._char_width / per_category))
        axis = self.getPlotItem().getAxis("bottom")
        metrics = QFontMetrics(axis.style["tickFont"])
        room = per_category * step - TICK_GAP  # the room of `step` categories, less a gap
        ticks = [(float(i), tick_text(str(self.labels[i]), metrics, room)) for i in range(0, n, step)]
        lines = max(text.count("\n") + 1 for _, text in ticks)
        # names of two words take two lines ("partly / sunny") instead of "part…", "part…"
        axis.setHeight(lines * metrics.height() + BOTTOM_AXIS_MARGIN)
        # the first name is centred half a category from the axis' start: pyqtgraph drops a
        # label that crosses the end of its axis unless it may reach this far beyond it
        axis.setStyle(hideOverlappingLabels=int(room / 2) + 1)
        axis.setTicks([ticks])

    def heights(self, which: int = 0) -> np.ndarray:
        item = self.first if which == 0 else self.second
        return np.asarray(item.opts["height"], dtype=np.float64)

    def show_line(self, value, text: str = "") -> None:
        """A dashed horizontal reference line (e.g. the fixed-length code), or none."""
        if value is None:
            self.extra_line.setVisible(False)
        else:
            self.extra_line.setVisible(True)
            self.extra_line.label.setFormat(text.replace("{", "{{").replace("}", "}}"))
            self.extra_line.setValue(float(value))
            self.extra_line.label.valueChanged()


def tick_text(text: str, metrics: QFontMetrics, room: float) -> str:
    """`text` in lines at most `room` pixels wide: as it is when it fits, else on two lines
    broken at a space (the break whose longer line is shortest), each line cut with "…" only
    if it is still too wide."""
    def width(line: str) -> int:
        return metrics.horizontalAdvance(line)

    def elided(line: str) -> str:
        return metrics.elidedText(line, Qt.TextElideMode.ElideRight, max(int(room), 1))

    if width(text) <= room:
        return text
    spaces = [i for i, c in enumerate(text) if c == " "]
    if not spaces:
        return elided(text)
    cut = min(spaces, key=lambda i: max(width(text[:i]), width(text[i + 1:])))
    return elided(text[:cut]) + "\n" + elided(text[cut + 1:])
