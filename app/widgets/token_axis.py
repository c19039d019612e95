"""Axes that lay out their picture faster than pyqtgraph's own, the same.

pyqtgraph's `AxisItem.generateDrawSpecs` serves every kind of axis: for each label it measures
the text with `QPainter.boundingRect`, builds its alignment from Python enums, asks the axis'
bounding rectangle again and wraps each tick's end points in `Point`.  Token labels change with
every keystroke (a word typed moves the range, so the picture is laid out again), and at 512
tokens those per-label calls were the largest single part of the heatmap's paint (about 2 ms per
axis, three axes a keystroke: the heatmap's two and the row chart's).  The Analogy tab's
parallelogram has a new range at each answer too: its two axes of automatic numbers (two
levels of ticks, about 45 ticks and 40 labels measured per axis) were laid out again at each
keystroke, 2.9 of the tab's 4.3 ms of axis painting per answer (GUI thread CPU, load 4.7).

`FastAxis` gives the same draw specifications (the same tick lines, text rectangles, flags and
strings: tests/app/test_token_axis.py compares them with pyqtgraph's own for every side) for an
axis without a grid or ticks that stop its line, its ticks set explicitly (`setTicks`, what
`app.widgets.heatmap.TokenTicks` does) or worked out by pyqtgraph's `tickValues` and
`tickStrings`, with the text sizes measured once per font and label, the flags and the bounding
rectangle computed once per layout.  Any other axis is laid out by pyqtgraph.  `TokenAxis` is a
FastAxis for token positions (no SI prefix).

Painting: pyqtgraph records the laid-out axis into a QPicture and replays the picture at each
paint, so a keystroke that moves the labels draws every label and tick twice (recorded, then
replayed) and builds a picture with its own painter.  A FastAxis keeps the draw
specifications instead and draws them straight onto the painter (pyqtgraph's own
`drawPicture`, the same calls in the same order, inside save/restore as the replay does): one
pass.  It lays out again exactly when pyqtgraph would record a new picture (its setters reset
`picture` to None), so the room asked for the labels follows the same history
(tests/app/test_token_axis.py compares the painted pixels with pyqtgraph's path).
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPicture

_ALIGN = Qt.AlignmentFlag
#: per side: the text alignment pyqtgraph gives its labels, with TextDontClip (as it adds)
_TEXT_FLAGS = {
    "left": _ALIGN.AlignRight | _ALIGN.AlignVCenter | Qt.TextFlag.TextDontClip,
    "right": _ALIGN.AlignLeft | _ALIGN.AlignVCenter | Qt.TextFlag.TextDontClip,
    "top": _ALIGN.AlignHCenter | _ALIGN.AlignBottom | Qt.TextFlag.TextDontClip,
    "bottom": _ALIGN.AlignHCenter | _ALIGN.AlignTop | Qt.TextFlag.TextDontClip,
}
_MEASURE_BOX = QRectF(0, 0, 100, 100)
#: labels remembered per font before the table starts again (a long session types many words)
_MAX_MEASURED = 20000
#: stands in for pyqtgraph's recorded picture once the specifications are kept: its setters set
#: `picture` to None when the axis must be laid out again, and only that is read here
_LAID_OUT = object()


class FastAxis(pg.AxisItem):
    """An AxisItem laid out without pyqtgraph's per-label Python overhead: its ticks set
    explicitly or worked out by pyqtgraph (`tickValues`, `tickStrings`: the automatic numbers of
    a plot whose range changes at each answer, as the Analogy tab's parallelogram), in any
    number of levels (the drawing is pyqtgraph's `drawPicture`, unchanged).  An axis with a grid
    or ticks that stop the axis line is laid out by pyqtgraph."""

    def __init__(self, orientation, **kwargs):
        super().__init__(orientation, **kwargs)
        #: ((font key, device dpi), {label: (width, height × 0.8)}): pyqtgraph's measure of each label
        self._text_sizes: tuple[tuple, dict] = ((), {})
        self._specs = None  # the draw specifications painted while `picture` is _LAID_OUT
        self._bounds = None  # (what the bounding rectangle depends on, the rectangle)
        self._measuring = QPicture()  # the device the labels are measured on (nothing is kept)

    def boundingRect(self):  # noqa: N802 - Qt's name
        """pyqtgraph's, computed once per size and style: the scene asks an axis for it dozens of
        times per keystroke (indexing, painting), each time in Python."""
        key = (self.geometry(), self.style["hideOverlappingLabels"], self.style["tickLength"], self.grid,
               self.linkedView() is not None)
        if self._bounds is None or self._bounds[0] != key:
            self._bounds = (key, super().boundingRect())
        return QRectF(self._bounds[1])

    def paint(self, p, opt, widget):
        if not self._fast_layout():
            if self.picture is _LAID_OUT:
                self.picture = None
            return super().paint(p, opt, widget)
        if self.picture is not _LAID_OUT:  # None: laid out anew (a picture of pyqtgraph's: another path's)
            # measured on a picture's painter, as pyqtgraph does (the text sizes of a picture can
            # differ by a fraction of a pixel from the screen's: a label would move by one)
            painter = QPainter(self._measuring)
            try:
                if self.style["tickFont"]:
                    painter.setFont(self.style["tickFont"])
                self._specs = self.generateDrawSpecs(painter)
            finally:
                painter.end()
            self.picture = _LAID_OUT
        if self._specs is not None:
            p.save()
            try:
                self.drawPicture(p, *self._specs)
            finally:
                p.restore()

    def _fast_layout(self) -> bool:
        return self.grid is False and not any(self.style["stopAxisAtTick"])

    def _measured(self, painter) -> dict:
        """{label: (width, height)} as pyqtgraph measures a tick label with `painter` (the
        bounding box of the text centred in a 100 × 100 box, its height × 0.8), for its font and
        device (a picture and an image may measure the same font differently)."""
        device = painter.device()
        key = (painter.font().key(), device.logicalDpiX(), device.logicalDpiY())
        if self._text_sizes[0] != key or len(self._text_sizes[1]) > _MAX_MEASURED:
            self._text_sizes = (key, {})
        return self._text_sizes[1]

    @staticmethod
    def _measure(painter, text: str) -> tuple[float, float]:
        box = painter.boundingRect(_MEASURE_BOX, _ALIGN.AlignCenter, text)
        return box.width(), box.height() * 0.8

    def _tick_pen(self, level: int):
        """pyqtgraph's pen for a tick level (no grid): the tick pen with its alpha, 255 / (level
        + 1) unless the style's tickAlpha says otherwise."""
        alpha = self.style["tickAlpha"]
        if alpha is None:
            alpha = 255 / (level + 1)
        elif isinstance(alpha, float):
            alpha = min(255, max(0, int(round(alpha * 255))))
        elif not 0 <= alpha <= 255:
            raise ValueError("lineAlpha should be [0..255]")  # (pyqtgraph's words)
        pen = self.tickPen()
        if pen.brush().style() == Qt.BrushStyle.SolidPattern:
            pen = pg.QtGui.QPen(pen)
            color = pg.QtGui.QColor(pen.color())
            color.setAlpha(int(alpha))
            pen.setColor(color)
        return pen

    def _levels(self, length: float) -> tuple[list, list | None]:
        """(tick levels as pyqtgraph's tickValues gives them: [(spacing, values)], their strings
        or None for tickStrings to write): the ticks set, or pyqtgraph's for the range."""
        if self._tickLevels is None:
            return self.tickValues(self.range[0], self.range[1], length), None
        return ([(None, [value for value, _ in level]) for level in self._tickLevels],
                [[label for _, label in level] for level in self._tickLevels])

    def generateDrawSpecs(self, p):  # noqa: N802 - pyqtgraph's name
        """pyqtgraph's AxisItem.generateDrawSpecs (0.14), step for step, with each label's size
        measured once per font and the flags and bounding rectangle looked up once."""
        if not self._fast_layout():
            return super().generateDrawSpecs(p)
        if self.style["tickFont"] is not None:
            p.setFont(self.style["tickFont"])
        bounds = self.mapRectFromParent(self.geometry())  # (no grid: the ticks start at the bounds)
        side = self.orientation
        if side == "left":
            span = (bounds.topRight() + QPointF(-1, -1), bounds.bottomRight() + QPointF(-1, 1))
            tick_start = tick_stop = bounds.right()
            tick_dir, axis = -1, 0
        elif side == "right":
            span = (bounds.topLeft() + QPointF(1, -1), bounds.bottomLeft() + QPointF(1, 1))
            tick_start = tick_stop = bounds.left()
            tick_dir, axis = 1, 0
        elif side == "top":
            span = (bounds.bottomLeft() + QPointF(-1, -1), bounds.bottomRight() + QPointF(1, -1))
            tick_start = tick_stop = bounds.bottom()
            tick_dir, axis = -1, 1
        else:
            span = (bounds.topLeft() + QPointF(-1, 1), bounds.topRight() + QPointF(1, 1))
            tick_start = tick_stop = bounds.top()
            tick_dir, axis = 1, 1
        ends = [self.mapToDevice(point) for point in span]
        if None in ends:
            return None
        vector = ends[1] - ends[0]
        length = math.hypot(vector.x(), vector.y())
        if length == 0:
            return None
        levels, strings_set = self._levels(length)

        low, high = self.range[0], self.range[1]
        extent = high - low
        if extent == 0:
            scale, offset = 1, 0
        elif axis == 0:
            scale = -bounds.height() / extent
            offset = low * scale - bounds.height()
        else:
            scale = bounds.width() / extent
            offset = low * scale
        x_min, x_max = sorted((low * scale - offset, high * scale - offset))

        ticks, positions = [], []
        for level, (_, values) in enumerate(levels):
            tick_end = tick_stop + self.style["tickLength"] / (level * 0.5 + 1.0) * tick_dir
            pen = self._tick_pen(level)
            placed = []
            positions.append(placed)
            for value in values:
                x = value * scale - offset
                if x < x_min or x > x_max:
                    placed.append(None)
                    continue
                placed.append(x)
                if axis == 0:
                    ticks.append((pen, QPointF(tick_start, x), QPointF(tick_end, x)))
                else:
                    ticks.append((pen, QPointF(x, tick_start), QPointF(x, tick_end)))
        axis_spec = (self.pen(), span[0], span[1])
        if not self.style["showValues"]:
            return axis_spec, ticks, []

        flags = _TEXT_FLAGS[side]
        allowed = self.boundingRect()
        distance = max(0, self.style["tickLength"]) + self.style["tickTextOffset"][axis]
        sizes = self._measured(p)
        texts, along, across, last_across = [], [], [], 0
        for level in range(min(len(levels), self.style["maxTextLevel"] + 1)):
            if strings_set is None:
                spacing, values = levels[level]
                strings = self.tickStrings(values, self.autoSIPrefixScale * self.scale, spacing)
            else:
                strings = strings_set[level]
            if len(strings) == 0:
                continue
            shown = []  # (position, label, width, height) of the ticks inside the range
            for label, x in zip(strings, positions[level]):
                if x is None:
                    continue
                size = sizes.get(label)
                if size is None:
                    size = sizes[label] = self._measure(p, label)
                shown.append((x, label, *size))
                along.append(size[1] if axis == 0 else size[0])
                across.append(size[0] if axis == 0 else size[1])
            # pyqtgraph's sums (numpy's, over every level's labels so far: the same rounding)
            text_along = np.sum(along) if along else 0
            text_across = np.max(across) if across else 0
            if level > 0:  # the first level's labels are always written; the others while they fit
                fill = float(text_along) / length
                if any(len(texts) >= count and fill >= limit for count, limit in self.style["textFillLimits"]):
                    break
            last_across = text_across
            for x, label, width, height in shown:
                if side == "left":
                    rect = QRectF(tick_stop - distance - width, x - height / 2, width, height)
                elif side == "right":
                    rect = QRectF(tick_stop + distance, x - height / 2, width, height)
                elif side == "top":
                    rect = QRectF(x - width / 2, tick_stop - distance - height, width, height)
                else:
                    rect = QRectF(x - width / 2, tick_stop + distance, width, height)
                if allowed & rect != rect:  # (contains() suffers from rounding, says pyqtgraph)
                    continue
                texts.append((rect, flags, label))
        self._updateMaxTextSize(last_across)
        return axis_spec, ticks, texts


class TokenAxis(FastAxis):
    """A FastAxis for token labels (set with `setTicks`): positions, not quantities."""

    def __init__(self, orientation, **kwargs):
        super().__init__(orientation, **kwargs)
        # token positions take no SI prefix (a range within 0…1, zoomed in, would title the axis
        # "(x0.001)"), and the prefix's update re-set the title's HTML at each change of range
        self.enableAutoSIPrefix(False)
