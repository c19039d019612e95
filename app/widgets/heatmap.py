"""An attention heatmap: one ImageItem, token ticks, a colour bar, hover readout, row clicks,
and a hatched overlay for masked (future) cells so they never look like ordinary zeros.

Level of detail for the token labels: every k-th label is drawn, k the smallest step at which
no two drawn labels overlap, measured with the axis font (`label_step`): every character of a
date fits its cell, MiniLM's word pieces do not ("lecturerexplainsattention[SEP]" from 16
tokens).  Zooming in (mouse wheel) brings the labels back; the hover readout always names the
exact token.  At 512 tokens this also avoids laying out ~1000 labels on every redraw."""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QFontMetricsF, QPen

from app import style
from app.widgets import axis_titles  # noqa: F401 - vertical Chinese titles upright (installs on import)
from app.widgets.indexed_image import IndexedImageItem
from app.widgets.token_axis import TokenAxis
from app.widgets.tokens import display_tokens

_HATCH = 8  # overlay pixels per cell
#: pixels left between two drawn labels on the bottom axis
LABEL_GAP = 3.0


def label_step(indices, extents, spacing: float, gap: float = LABEL_GAP) -> int:
    """The smallest k such that the labels of `indices` (consecutive positions) whose index is
    a multiple of k do not overlap: two drawn labels i < j, `spacing` pixels apart per position,
    need (extents[i] + extents[j]) / 2 + gap <= (j - i) * spacing (labels are centred on their
    position).  At most len(indices): then one label is drawn."""
    if isinstance(indices, range) and indices.step == 1:
        return _consecutive_label_step(indices.start, np.asarray(extents, dtype=np.float64)[indices.start:indices.stop],
                                       spacing, gap)
    indices = np.asarray(list(indices), dtype=np.intp)
    if spacing <= 0 or not indices.size:
        return max(indices.size, 1)
    sizes = np.asarray(extents, dtype=np.float64)[indices]
    # no step below this lets even the two narrowest labels fit, unless it draws one label alone
    # (a zoomed axis that does not start at 0): start there
    least = max(1, math.floor((sizes.min() + gap) / spacing))
    for step in range(1, least):
        if np.count_nonzero(indices % step == 0) <= 1:
            return step
    # each step checks every pair of neighbours at once (512 labels: a Python loop over the
    # pairs of every step tried took milliseconds of the GUI thread per redraw)
    for step in range(least, indices.size + 1):
        drawn = indices % step == 0
        shown, size = indices[drawn], sizes[drawn]
        if np.all((size[:-1] + size[1:]) / 2 + gap <= np.diff(shown) * spacing):
            return step
    return max(indices.size, 1)


def _consecutive_label_step(start: int, sizes: np.ndarray, spacing: float, gap: float) -> int:
    """label_step of the positions start, start + 1, … (what an axis shows): the labels drawn at
    step k are every k-th from the first multiple of k, all k positions apart, so k fits when the
    widest neighbouring pair does, (a + b) / 2 + gap <= k * spacing — one slice and one maximum
    per step instead of a mask and a difference over all positions (the same comparison on the
    same numbers: x / 2 + gap grows with x)."""
    count = sizes.size
    if spacing <= 0 or not count:
        return max(count, 1)
    least = max(1, math.floor((sizes.min() + gap) / spacing))
    for step in range(1, least):  # a step that draws one label alone fits whatever the widths
        if (start + count - 1) // step - (start - 1) // step <= 1:  # multiples of step in start … start + count - 1
            return step
    for step in range(least, count + 1):
        drawn = sizes[(-start) % step::step]
        if drawn.size < 2 or (drawn[:-1] + drawn[1:]).max() / 2 + gap <= step * spacing:
            return step
    return max(count, 1)


class TokenTicks:
    """The token labels of one axis of `plot` (a PlotItem), at the level of detail above.
    Label i sits at i + offset; the labels are re-chosen when the view is zoomed or resized."""

    def __init__(self, plot, side: str, offset: float):
        self.plot, self.side, self.offset = plot, side, offset
        self.labels: list[str] = []
        self.step = 1
        self._shown = None
        #: what the labels were last chosen for (labels, range, pixels, font): the view's range
        #: and size signals and the heatmap's own calls ask several times per redraw
        self._chosen_for = None
        self._extents = None  # ((font, labels) they were measured for, pixels): 512 labels take ~10 ms
        #: (font, {label: pixels}): a keystroke changes a token or two, the rest were measured
        self._measured: tuple[str, dict] = ("", {})
        #: True while the heatmap changes labels and range together: one choice afterwards
        #: instead of one for the new labels at the old range and another at the new range
        self.held = False
        plot.vb.sigRangeChanged.connect(self.update)
        plot.vb.sigResized.connect(self.update)

    def set_labels(self, labels) -> None:
        labels = list(labels)
        if labels != self.labels:  # the same tokens (another head) keep their measured pitch
            self.labels = labels
        self.update()

    def visible(self) -> range:
        """The label indices whose position lies within the view's range on this axis."""
        (x0, x1), (y0, y1) = self.plot.vb.viewRange()
        lo, hi = (x0, x1) if self.side == "bottom" else (y0, y1)
        first = max(0, math.ceil(lo - self.offset - 1e-9))
        last = min(len(self.labels) - 1, math.floor(hi - self.offset + 1e-9))
        return range(first, last + 1)

    def extents(self) -> list[float]:
        """Pixels each label takes along the axis: its width on the bottom axis (what pyqtgraph
        draws: its bounding width), a line of text on the left one."""
        font = self.plot.getAxis(self.side).style.get("tickFont") or QFont()
        if self._extents is not None and self._extents[0] == (font.key(), self.labels):
            return self._extents[1]
        metrics = QFontMetricsF(font)
        if self.side != "bottom":
            extents = [metrics.height()] * len(self.labels)
        else:
            if self._measured[0] != font.key() or len(self._measured[1]) > 20000:
                self._measured = (font.key(), {})
            widths = self._measured[1]
            for t in self.labels:
                if t not in widths:
                    widths[t] = max(metrics.horizontalAdvance(t), metrics.boundingRect(t).width())
            extents = [widths[t] for t in self.labels]
        self._extents = ((font.key(), self.labels), extents)
        return extents

    def update(self, *_) -> None:
        if self.held:
            return
        visible = self.visible()
        (x0, x1), (y0, y1) = self.plot.vb.viewRange()
        pixels, span = (self.plot.vb.width(), x1 - x0) if self.side == "bottom" else (self.plot.vb.height(), y1 - y0)
        font = self.plot.getAxis(self.side).style.get("tickFont")
        chosen_for = (self.labels, visible, pixels, span, None if font is None else font.key())
        if chosen_for == self._chosen_for:
            return
        self._chosen_for = chosen_for
        spacing = pixels / span if span > 0 else 0.0
        gap = LABEL_GAP if self.side == "bottom" else 0.0  # lines of text do not touch
        self.step = label_step(visible, self.extents(), spacing, gap) if visible else 1
        shown = [(i + self.offset, self.labels[i]) for i in visible if i % self.step == 0]
        if shown != self._shown:  # setTicks re-lays out the axis: only when something changed
            self._shown = shown
            self.plot.getAxis(self.side).setTicks([shown])


def settle_view(view_box) -> None:
    """Apply a view box's new range and item bounds now rather than when it is painted:
    pyqtgraph defers them to the paint, where moving the items asks for a second paint of the
    plot area (1–5 ms of the GUI thread at 512 tokens whenever the token count changed)."""
    view_box.prepareForPaint()


def hatch_overlay(mask: np.ndarray, max_side: int = 1024) -> np.ndarray:
    """RGBA image (rows*p, cols*p, 4), p = min(8, max_side // the longer side) pixels per cell
    (at least 1): diagonal grey stripes 8 pixels apart where mask is True, clear elsewhere.
    Up to 128 tokens a cell is 8 x 8 pixels; a 512-token causal mask is 1024 x 1024 pixels,
    not 4096 x 4096 (a quarter-gigabyte of index grids and seconds on the GUI thread).

    Each pixel's four bytes are made as one uint32: the stripes depend only on row + column, so
    every image's are the top-left corner of one kept pattern, and the mask only sets the alpha
    byte (index grids and channel-by-channel writes took 13-16 ms of the GUI thread per causal
    keystroke at 512 tokens, this ~1.5 ms: docs/benchmarks.md).  A causal mask's hatch is a
    read-only view of a kept larger one (`_causal_hatch`)."""
    rows, cols = mask.shape
    per_cell = max(1, min(_HATCH, max_side // max(rows, cols, 1)))
    if rows == cols and np.array_equal(mask, _causal_mask(rows)):
        return _causal_hatch(rows, per_cell, max_side)
    return _hatch(mask, per_cell)


def _hatch(mask: np.ndarray, per_cell: int) -> np.ndarray:
    """hatch_overlay's image of `mask` at `per_cell` x `per_cell` pixels per cell, made anew."""
    rows, cols = mask.shape
    height, width = rows * per_cell, cols * per_cell
    covered = np.repeat(np.repeat(np.asarray(mask, dtype=bool), per_cell, axis=0), per_cell, axis=1)
    pixels = covered.view(np.uint8).astype(np.uint32)
    pixels *= _OPAQUE  # 0 or the alpha byte at 255
    pixels |= _stripes(height, width)
    return pixels.view(np.uint8).reshape(height, width, 4)


#: an RGBA pixel's alpha byte at 255, the colour bytes 0, read as one uint32 (either byte order)
_OPAQUE = np.array([0, 0, 0, 255], dtype=np.uint8).view(np.uint32)[0]
#: the hatch's colours (alpha 0) as uint32 pixels, the largest asked for so far (hatch_overlay)
_stripe_pattern = np.zeros((0, 0), dtype=np.uint32)


#: a causal mask (True above the diagonal) as large as any asked for so far (_causal_mask)
_causal = np.zeros((0, 0), dtype=bool)
#: (pixels per cell, the hatch of the largest causal mask made at that scale): the last scale only
_causal_hatches: tuple[int, np.ndarray] = (0, np.zeros((0, 0, 4), dtype=np.uint8))


def _causal_mask(n: int) -> np.ndarray:
    """np.triu(np.ones((n, n), bool), k=1), as the top-left corner of a kept larger one."""
    global _causal
    if _causal.shape[0] < n:
        _causal = np.triu(np.ones((max(n, 1024), max(n, 1024)), dtype=bool), k=1)
    return _causal[:n, :n]


def _causal_hatch(n: int, per_cell: int, max_side: int) -> np.ndarray:
    """The hatch of an n-token causal mask: the top-left corner of the hatch of the largest causal
    mask drawn at the same pixels per cell (the mask and the stripes of a smaller one are the
    corner of a larger one's), made once per scale.  A causal model's keystroke changes the token
    count, and making the 1024 x 1024 pixels anew took ~3 ms of the GUI thread (load 7.6): the
    corner is a view, read-only, of the kept hatch."""
    global _causal_hatches
    scale, hatch = _causal_hatches
    side = n * per_cell
    if scale != per_cell or hatch.shape[0] < side:
        # every token count drawn at this scale fits (max_side // per_cell tokens; more at 1 pixel)
        largest = max(n, max_side // per_cell)
        hatch = _hatch(_causal_mask(largest), per_cell)
        hatch.setflags(write=False)
        _causal_hatches = (per_cell, hatch)
    return hatch[:side, :side]


def _stripes(height: int, width: int) -> np.ndarray:
    """The top-left height x width pixels of the hatch's colours: grey 150 on the stripes
    ((row + column) % 8 < 2), grey 60 between them, alpha 0."""
    global _stripe_pattern
    if _stripe_pattern.shape[0] < height or _stripe_pattern.shape[1] < width:
        side = max(height, width, 1024, *_stripe_pattern.shape)
        stripes = ((np.arange(side)[:, None] + np.arange(side)[None, :]) % _HATCH) < 2
        rgba = np.zeros((side, side, 4), dtype=np.uint8)
        rgba[..., :3] = np.where(stripes, 150, 60)[..., None]
        _stripe_pattern = rgba.view(np.uint32)[..., 0]
    return _stripe_pattern[:height, :width]


class AttentionHeatmap(pg.GraphicsLayoutWidget):
    """Rows are queries, columns keys.  `set_matrix` replaces the data in place."""

    #: (row, column, value) under the mouse; row -1 when the mouse leaves the matrix
    cell_hovered = Signal(int, int, float)
    #: a query row was clicked
    row_clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground(style.plot_background())
        # token labels laid out without pyqtgraph's per-label overhead (app/widgets/token_axis.py)
        self.plot = self.addPlot(axisItems={side: TokenAxis(side) for side in ("left", "bottom", "top")})
        self.plot.invertY(True)
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        self.plot.showAxis("top")
        self.plot.getAxis("bottom").setStyle(tickLength=0)
        self.plot.getAxis("left").setStyle(tickLength=0)
        self.plot.getAxis("top").setStyle(showValues=False, tickLength=0)
        # the top axis is the frame's edge: no ticks to place (its automatic numbers, never shown,
        # were generated at each redraw: 2–4 ms of the GUI thread per keystroke's paint)
        self.plot.getAxis("top").setTicks([[]])
        # the hidden right axis follows the range too: with an SI prefix it re-set its title's
        # HTML whenever the token count changed (~0.2 ms of the GUI thread per keystroke)
        self.plot.getAxis("right").enableAutoSIPrefix(False)
        # (its colour table kept per colour map, not rebuilt at each keystroke's render)
        self.image = IndexedImageItem(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.mask_overlay = pg.ImageItem(axisOrder="row-major")
        self.mask_overlay.setVisible(False)  # until a matrix with a mask comes
        self.plot.addItem(self.mask_overlay)
        self.row_box = pg.QtWidgets.QGraphicsRectItem()
        self.row_box.setPen(QPen(QColor(230, 50, 50), 0.08))
        self.row_box.setVisible(False)
        self.plot.addItem(self.row_box)
        self.colorbar = pg.ColorBarItem(values=(0, 1), colorMap=style.colour_map(), interactive=False)
        self.colorbar.setImageItem(self.image, insert_in=self.plot)
        style.follow_colour_map(self.colorbar)  # View ▸ Colour map
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.mask = None
        self.row_labels: list[str] = []
        self.column_labels: list[str] = []
        self.selected_row: int | None = None
        self.high = 1.0  # the value drawn in the colour bar's top colour (set_matrix)
        self.bar_label: str | None = None  # the colour bar's title (None: "attention weight")
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.plot.scene().sigMouseClicked.connect(self._on_mouse_clicked)
        self.row_title, self.column_title = self.tr("query"), self.tr("key")
        self.row_ticks = TokenTicks(self.plot, "left", 0.5)
        self.column_ticks = TokenTicks(self.plot, "bottom", 0.5)
        self.set_text_size(13)

    def set_text_size(self, points: float) -> None:
        """Tick labels, axis titles and the colour bar's numbers at `points` (the view's zoom)."""
        font = QFont()
        font.setPointSizeF(points)
        self._points = points
        text = style.plot_text().name()
        for side in ("left", "bottom"):
            axis = self.plot.getAxis(side)
            axis.setTickFont(font)
            axis.setTextPen(text)
            # a token label centred on the first or last cell is wider than half a cell once
            # the cells are narrow (39–40 input characters); pyqtgraph drops a label that crosses
            # the axis' end unless it is allowed this many pixels beyond it
            axis.setStyle(hideOverlappingLabels=QFontMetrics(font).horizontalAdvance("⟨/s⟩"))
        self.colorbar.axis.setTickFont(font)
        self.colorbar.axis.setTextPen(text)
        self._fit_colour_bar()
        self._set_titles()
        self.row_ticks.update()  # a larger font fits fewer labels
        self.column_ticks.update()

    def _fit_colour_bar(self) -> None:
        font = QFont()
        font.setPointSizeF(self._points)
        # pyqtgraph gives the colour bar's axis a fixed 45 px and silently drops every number
        # wider than that ("0.2" … "1.0" at text ×2, leaving only "0"): widen it with the text
        # (a fitted scale's ticks are like "0.0015")
        widest = "0.0" if self.high >= 0.1 else "0.00000"
        self.colorbar.axis.setWidth(QFontMetrics(font).horizontalAdvance(widest) + 16)
        # …and "0" and "1.0", centred on the bar's ends, reach half a line beyond them
        self.colorbar.axis.setStyle(hideOverlappingLabels=QFontMetrics(font).height() // 2 + 2)
        label = self.tr("attention weight") if self.bar_label is None else self.bar_label
        self.colorbar.getAxis("left").setLabel(label, **{"font-size": f"{self._points:.1f}pt",
                                                         "color": style.plot_text().name()})

    def _set_titles(self) -> None:
        label_style = {"font-size": f"{self._points:.1f}pt", "color": style.plot_text().name()}
        self.plot.setLabel("left", self.row_title, **label_style)
        self.plot.setLabel("bottom", self.column_title, **label_style)

    def set_matrix(self, matrix, row_labels, column_labels, mask=None, row_title=None, column_title=None,
                   high: float = 1.0, bar_label: str | None = None):
        """Show `matrix` (rows x columns, values in [0, 1]); `mask` is True on cells that cannot
        be attended (drawn hatched).  The axis titles default to "query" and "key".  The colours
        run from 0 to `high` (larger values in the top colour); `bar_label` titles the colour bar
        (default "attention weight")."""
        row_title = self.tr("query") if row_title is None else row_title
        column_title = self.tr("key") if column_title is None else column_title
        self.row_ticks.held = self.column_ticks.held = True
        try:
            self._set_matrix(matrix, row_labels, column_labels, mask, row_title, column_title, high, bar_label)
        finally:
            self.row_ticks.held = self.column_ticks.held = False
        self.row_ticks.update()
        self.column_ticks.update()
        settle_view(self.plot.vb)

    def _set_matrix(self, matrix, row_labels, column_labels, mask, row_title, column_title, high, bar_label):
        shape_before = self.matrix.shape
        self.matrix = np.ascontiguousarray(matrix, dtype=np.float32)
        rows, cols = self.matrix.shape
        row_labels, column_labels = list(row_labels), list(column_labels)
        labels_changed = (row_labels, column_labels) != (self.row_labels, self.column_labels)
        self.row_labels, self.column_labels = row_labels, column_labels
        self.image.setImage(self.matrix, autoLevels=False, levels=(0.0, high))
        if (high, bar_label) != (self.high, self.bar_label):
            self.high, self.bar_label = high, bar_label
            self.colorbar.setLevels((0.0, high))
            self._fit_colour_bar()
        # what did not change is not set again: each of these re-lays out the plot or its axes
        # (at 512 tokens several milliseconds of the GUI thread per keystroke)
        if self.matrix.shape != shape_before:
            self.image.setRect(QRectF(0, 0, cols, rows))
        mask = None if mask is None else np.array(mask, dtype=bool)  # (a copy: kept to compare with the next)
        # another head, layer or toggle of a causal model keeps its mask: its hatch is not made
        # and handed to the overlay again (~4 MB of pixels at 512 tokens)
        same_mask = (mask is None and self.mask is None) or (
            mask is not None and self.mask is not None and np.array_equal(mask, self.mask))
        self.mask = mask
        if not same_mask and mask is not None and mask.any():
            self.mask_overlay.setImage(hatch_overlay(mask), autoLevels=False)
            self.mask_overlay.setRect(QRectF(0, 0, cols, rows))
            self.mask_overlay.setVisible(True)
        elif not same_mask:
            self.mask_overlay.setVisible(False)
        if labels_changed:
            self.row_ticks.set_labels(display_tokens(self.row_labels))
            self.column_ticks.set_labels(display_tokens(self.column_labels))
        if (row_title, column_title) != (self.row_title, self.column_title):
            self.row_title, self.column_title = row_title, column_title
            self._set_titles()
        if self.plot.vb.viewRange() != [[0, max(cols, 1)], [0, max(rows, 1)]]:  # a new size, or zoomed in
            self.plot.setXRange(0, max(cols, 1), padding=0)
            self.plot.setYRange(0, max(rows, 1), padding=0)
        if self.selected_row is not None and self.selected_row >= rows:
            self.selected_row = None
        self._draw_row_box()

    def select_row(self, row: int | None) -> None:
        self.selected_row = row
        self._draw_row_box()

    def _draw_row_box(self):
        if self.selected_row is None or self.matrix.size == 0:
            self.row_box.setVisible(False)
            return
        self.row_box.setRect(QRectF(0, self.selected_row, self.matrix.shape[1], 1))
        self.row_box.setVisible(True)

    def cell_at(self, scene_pos: QPointF):
        if self.matrix.size == 0 or not self.plot.sceneBoundingRect().contains(scene_pos):
            return None
        p = self.plot.vb.mapSceneToView(scene_pos)
        row, col = int(np.floor(p.y())), int(np.floor(p.x()))
        if 0 <= row < self.matrix.shape[0] and 0 <= col < self.matrix.shape[1]:
            return row, col
        return None

    def describe_cell(self, row: int, col: int) -> str:
        value = float(self.matrix[row, col])
        text = self.tr("query '{0}' ({1}) → key '{2}' ({3}): {4}").format(
            self.row_labels[row], row, self.column_labels[col], col, f"{value:.3f}")
        if self.mask is not None and self.mask[row, col]:
            text += self.tr("  (masked: a future position)")
        return text

    def _on_mouse_moved(self, scene_pos):
        cell = self.cell_at(scene_pos)
        if cell is None:
            self.cell_hovered.emit(-1, -1, 0.0)
        else:
            self.cell_hovered.emit(cell[0], cell[1], float(self.matrix[cell]))

    def row_at(self, scene_pos: QPointF):
        """The query row under a click on the matrix or on its token labels (left axis)."""
        if self.matrix.size == 0:
            return None
        cell = self.cell_at(scene_pos)
        if cell is not None:
            return cell[0]
        axis = self.plot.getAxis("left")
        if axis.sceneBoundingRect().contains(scene_pos):
            row = int(np.floor(self.plot.vb.mapSceneToView(scene_pos).y()))
            if 0 <= row < self.matrix.shape[0]:
                return row
        return None

    def _on_mouse_clicked(self, event):
        if event.button() != Qt.MouseButton.LeftButton:
            return
        row = self.row_at(event.scenePos())
        if row is not None:
            self.select_row(row)
            self.row_clicked.emit(row)
