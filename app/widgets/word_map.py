"""A scatter plot of words with labels at a level of detail that never lets two overlap.

Labels are tried in priority order (the caller's: e.g. the words a user listed, then by
frequency) among the points inside the view, and a label is drawn only if its rectangle (in
pixels, right of its point, else left of it) stays inside the plot, off the legend, and meets no
label already placed with LABEL_PAD around it; at most MAX_LABELS are placed.  Zooming in spreads
the points apart, so more labels fit: they are placed again whenever the view's range or size
changes, and at a zoom of the text.  A point without its label names its word in a tooltip
under the pointer.  Points are drawn in one scatter item per group (the legend's entries)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF

from app import style
from app.widgets.legend_room import legend_in_band

# labels drawn at most at once (laying out more costs time and shows nothing more)
MAX_LABELS = 160
# pixels between a point and its label
GAP = 5
# pixels kept free around a label, as a fraction of its line's height ("You" and "Li" side by side
# with nothing between read as "YouLi")
LABEL_PAD = 0.25
# how near (pixels) the pointer must be to a point for its tooltip
HOVER_RADIUS = 8


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
        self.scene().sigMouseMoved.connect(self.show_word_near)

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

    def _obstacles(self) -> list[tuple[float, float, float, float]]:
        """What labels must not cover, in the view box's pixels: the legend."""
        if self.legend is None or not self.legend.isVisible() or not self.legend.items:
            return []
        rect = self.plot_item.vb.mapRectFromScene(self.legend.sceneBoundingRect())
        return [(rect.left(), rect.top(), rect.right(), rect.bottom())]

    def place_labels(self, *_) -> None:
        """Label as many points in view as fit without overlapping, in priority order."""
        vb = self.plot_item.vb
        font = style.font()
        metrics = QFontMetricsF(font)
        height = metrics.height()
        pad = LABEL_PAD * height
        self.placed = []
        sides = []  # per placed label: 1 right of its point, -1 left of it
        if len(self.coordinates) and vb.width() > 0 and vb.height() > 0:
            (x0, x1), (y0, y1) = vb.viewRange()
            xs = (self.coordinates[:, 0] - x0) / max(x1 - x0, 1e-300) * vb.width()
            ys = (y1 - self.coordinates[:, 1]) / max(y1 - y0, 1e-300) * vb.height()
            widths = self._label_widths(metrics)
            inside = (xs >= 0) & (xs <= vb.width()) & (ys >= 0) & (ys <= vb.height())
            obstacles = self._obstacles()
            # labels placed so far, by band of one line's height: a label can only meet those
            # whose tops lie within a line and a pad of its own, so of its band and the two on
            # either side (5,000 points in view stay quick to pan)
            bands: dict[int, list[tuple[float, float, float, float]]] = {}
            for i in self.priority:
                if len(self.placed) >= MAX_LABELS:
                    break
                if not inside[i]:
                    continue
                top = ys[i] - height / 2
                bottom = top + height
                if top < 0 or bottom > vb.height():
                    continue
                band = int(top // height)
                for side in (1, -1):
                    left = xs[i] + GAP if side == 1 else xs[i] - GAP - widths[i]
                    right = left + widths[i]
                    if left < 0 or right > vb.width():
                        continue
                    if any(left - pad < r and l < right + pad and top - pad < b and t < bottom + pad
                           for l, t, r, b in obstacles):
                        continue
                    if any(left - pad < r and l < right + pad and top - pad < b and t < bottom + pad
                           for near in range(band - 2, band + 3) for l, t, r, b in bands.get(near, ())):
                        continue
                    bands.setdefault(band, []).append((left, top, right, bottom))
                    self.placed.append((int(i), QRectF(left, top, widths[i], height)))
                    sides.append(side)
                    break
        while len(self.pool) < len(self.placed):
            label = pg.TextItem(anchor=(0, 0.5))
            label.textItem.document().setDocumentMargin(0)  # its box is its text: placed as measured
            self.plot_item.addItem(label)
            self.pool.append(label)
        colour = style.plot_text()
        for label, (i, _rect), side in zip(self.pool, self.placed, sides):
            label.setText(self.words[i], color=colour)
            label.setFont(font)
            label.setPos(float(self.coordinates[i, 0]), float(self.coordinates[i, 1]))
            # the pixel gap is taken by the anchor: TextItem keeps its size on zoom
            shift = GAP / max(label.textItem.boundingRect().width(), 1.0)
            label.setAnchor((-shift, 0.5) if side == 1 else (1 + shift, 0.5))
            label.setVisible(True)
        for label in self.pool[len(self.placed):]:
            label.setVisible(False)

    def word_near(self, scene_pos) -> str | None:
        """The word of the point nearest `scene_pos` within HOVER_RADIUS pixels, or None."""
        vb = self.plot_item.vb
        if not len(self.coordinates) or not vb.sceneBoundingRect().contains(scene_pos):
            return None
        (x0, x1), (y0, y1) = vb.viewRange()
        local = vb.mapFromScene(scene_pos)
        xs = (self.coordinates[:, 0] - x0) / max(x1 - x0, 1e-300) * vb.width()
        ys = (y1 - self.coordinates[:, 1]) / max(y1 - y0, 1e-300) * vb.height()
        distance = np.hypot(xs - local.x(), ys - local.y())
        nearest = int(np.argmin(distance))
        return self.words[nearest] if distance[nearest] <= HOVER_RADIUS else None

    def scene_position(self, index: int) -> QPointF:
        """Where point `index` is drawn, in scene coordinates (for tests and hovering)."""
        return self.plot_item.vb.mapViewToScene(QPointF(*map(float, self.coordinates[index])))

    def show_word_near(self, scene_pos) -> None:
        """The tooltip names the word under the pointer (every word, labelled or not)."""
        self.setToolTip(self.word_near(scene_pos) or "")

    def labelled_words(self) -> list[str]:
        return [self.words[i] for i, _ in self.placed]
