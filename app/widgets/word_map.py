"""A scatter plot of words with labels at a level of detail that never lets two overlap.

Labels are tried in priority order (the caller's: e.g. the words a user listed, then by
frequency) among the points inside the view, and a label is drawn only if its rectangle (in
pixels, beside its point) meets no label already placed; at most MAX_LABELS are placed.
Zooming in spreads the points apart, so more labels fit: they are placed again whenever the
view's range or size changes.  Points are drawn in one scatter item per group (the legend's
entries)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from app import style
from app.widgets.legend_room import legend_in_band

# labels drawn at most at once (laying out more costs time and shows nothing more)
MAX_LABELS = 160
# pixels between a point and its label
GAP = 5


class WordMap(pg.PlotWidget):
    def __init__(self, parent=None):
        super().__init__(parent, background=style.plot_background())
        self.setMenuEnabled(False)
        self.hideButtons()
        self.plot_item = self.getPlotItem()
        self.legend = self.plot_item.addLegend()
        legend_in_band(self.plot_item, self.legend, columns=3)  # over the map it hid points at 22 pt
        self.groups: dict[str, pg.ScatterPlotItem] = {}
        self.coordinates = np.zeros((0, 2))
        self.words: list[str] = []
        self.priority = np.zeros(0, dtype=np.int64)
        self.pool: list[pg.TextItem] = []
        self.placed: list[tuple[int, QRectF]] = []  # (point, label rectangle in pixels)
        self._widths: tuple | None = None
        self.plot_item.vb.sigRangeChanged.connect(self.place_labels)
        self.plot_item.vb.sigResized.connect(self.place_labels)

    def set_points(self, coordinates, words, groups, group_names: dict, colours: dict, priority) -> None:
        """`groups[i]` is point i's group key; `group_names` and `colours` map each key to its
        legend text and colour; `priority`: indices of the points, the first labelled first."""
        self.coordinates = np.asarray(coordinates, dtype=np.float64)
        self.words = list(words)
        self.priority = np.asarray(priority, dtype=np.int64)
        self._widths = None
        for item in self.groups.values():
            self.plot_item.removeItem(item)
        self.legend.clear()
        self.groups = {}
        keys = np.asarray(groups, dtype=object)
        for key in sorted(set(groups), key=lambda k: (k == "", list(group_names).index(k))):
            chosen = keys == key
            item = pg.ScatterPlotItem(self.coordinates[chosen, 0], self.coordinates[chosen, 1], size=9,
                                      brush=pg.mkBrush(colours[key]), pen=pg.mkPen(None))
            self.plot_item.addItem(item)
            self.legend.addItem(item, group_names[key])
            self.groups[key] = item
        if len(self.coordinates):
            self.plot_item.autoRange(padding=0.05)
        self.place_labels()

    def _label_widths(self, metrics: QFontMetricsF) -> np.ndarray:
        key = (metrics.height(), len(self.words))
        if self._widths is None or self._widths[0] != key:
            self._widths = (key, np.array([metrics.horizontalAdvance(w) for w in self.words]))
        return self._widths[1]

    def place_labels(self, *_) -> None:
        """Label as many points in view as fit without overlapping, in priority order."""
        vb = self.plot_item.vb
        font = style.font()
        metrics = QFontMetricsF(font)
        height = metrics.height()
        self.placed = []
        if len(self.coordinates) and vb.width() > 0 and vb.height() > 0:
            (x0, x1), (y0, y1) = vb.viewRange()
            xs = (self.coordinates[:, 0] - x0) / max(x1 - x0, 1e-300) * vb.width()
            ys = (y1 - self.coordinates[:, 1]) / max(y1 - y0, 1e-300) * vb.height()
            widths = self._label_widths(metrics)
            inside = (xs >= 0) & (xs <= vb.width()) & (ys >= 0) & (ys <= vb.height())
            # labels placed so far, by band of one line's height: a label can only meet those of
            # its own band and the two beside it (5,000 points in view stay quick to pan)
            bands: dict[int, list[tuple[float, float, float, float]]] = {}
            for i in self.priority:
                if len(self.placed) >= MAX_LABELS:
                    break
                if not inside[i]:
                    continue
                left, top = xs[i] + GAP, ys[i] - height / 2
                right, bottom = left + widths[i], top + height
                band = int(top // height)
                if any(left < r and l < right and top < b and t < bottom
                       for near in (band - 1, band, band + 1) for l, t, r, b in bands.get(near, ())):
                    continue
                bands.setdefault(band, []).append((left, top, right, bottom))
                self.placed.append((int(i), QRectF(left, top, widths[i], height)))
        while len(self.pool) < len(self.placed):
            label = pg.TextItem(anchor=(0, 0.5))
            self.plot_item.addItem(label)
            self.pool.append(label)
        colour = style.plot_text()
        for label, (i, _rect) in zip(self.pool, self.placed):
            label.setText(self.words[i], color=colour)
            label.setFont(font)
            label.setPos(float(self.coordinates[i, 0]), float(self.coordinates[i, 1]))
            # the pixel gap is taken by the anchor: TextItem keeps its size on zoom
            label.setAnchor((-GAP / max(metrics.horizontalAdvance(self.words[i]), 1.0), 0.5))
            label.setVisible(True)
        for label in self.pool[len(self.placed):]:
            label.setVisible(False)

    def labelled_words(self) -> list[str]:
        return [self.words[i] for i, _ in self.placed]
