"""An attention heatmap: one ImageItem, token ticks, a colour bar, hover readout, row clicks,
and a hatched overlay for masked (future) cells so they never look like ordinary zeros."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPen

from app import style
from app.widgets.tokens import display_tokens

_HATCH = 8  # overlay pixels per cell


def hatch_overlay(mask: np.ndarray) -> np.ndarray:
    """RGBA image (rows*8, cols*8, 4): diagonal grey stripes where mask is True, clear elsewhere."""
    rows, cols = mask.shape
    yy, xx = np.mgrid[0: rows * _HATCH, 0: cols * _HATCH]
    stripes = ((xx + yy) % _HATCH) < 2
    rgba = np.zeros((rows * _HATCH, cols * _HATCH, 4), dtype=np.uint8)
    big = np.repeat(np.repeat(mask, _HATCH, axis=0), _HATCH, axis=1)
    rgba[..., :3] = np.where(stripes[..., None], 150, 60)
    rgba[..., 3] = np.where(big, 255, 0)
    return rgba


class AttentionHeatmap(pg.GraphicsLayoutWidget):
    """Rows are queries, columns keys.  `set_matrix` replaces the data in place."""

    #: (row, column, value) under the mouse; row -1 when the mouse leaves the matrix
    cell_hovered = Signal(int, int, float)
    #: a query row was clicked
    row_clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground(style.plot_background())
        self.plot = self.addPlot()
        self.plot.invertY(True)
        self.plot.hideButtons()
        self.plot.setMenuEnabled(False)
        self.plot.showAxis("top")
        self.plot.getAxis("bottom").setStyle(tickLength=0)
        self.plot.getAxis("left").setStyle(tickLength=0)
        self.plot.getAxis("top").setStyle(showValues=False, tickLength=0)
        self.image = pg.ImageItem(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.mask_overlay = pg.ImageItem(axisOrder="row-major")
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
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.plot.scene().sigMouseClicked.connect(self._on_mouse_clicked)
        self.row_title, self.column_title = self.tr("query"), self.tr("key")
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
        # pyqtgraph gives the colour bar's axis a fixed 45 px and silently drops every number
        # wider than that ("0.2" … "1.0" at text ×2, leaving only "0"): widen it with the text
        self.colorbar.axis.setWidth(QFontMetrics(font).horizontalAdvance("0.0") + 16)
        # …and "0" and "1.0", centred on the bar's ends, reach half a line beyond them
        self.colorbar.axis.setStyle(hideOverlappingLabels=QFontMetrics(font).height() // 2 + 2)
        self.colorbar.getAxis("left").setLabel(self.tr("attention weight"),
                                               **{"font-size": f"{points:.1f}pt", "color": text})
        self._set_titles()

    def _set_titles(self) -> None:
        label_style = {"font-size": f"{self._points:.1f}pt", "color": style.plot_text().name()}
        self.plot.setLabel("left", self.row_title, **label_style)
        self.plot.setLabel("bottom", self.column_title, **label_style)

    def set_matrix(self, matrix, row_labels, column_labels, mask=None, row_title=None, column_title=None):
        """Show `matrix` (rows x columns, values in [0, 1]); `mask` is True on cells that cannot
        be attended (drawn hatched).  The axis titles default to "query" and "key"."""
        row_title = self.tr("query") if row_title is None else row_title
        column_title = self.tr("key") if column_title is None else column_title
        self.matrix = np.ascontiguousarray(matrix, dtype=np.float32)
        rows, cols = self.matrix.shape
        self.row_labels, self.column_labels = list(row_labels), list(column_labels)
        self.image.setImage(self.matrix, autoLevels=False, levels=(0.0, 1.0))
        self.image.setRect(QRectF(0, 0, cols, rows))
        self.mask = None if mask is None else np.asarray(mask, dtype=bool)
        if self.mask is not None and self.mask.any():
            self.mask_overlay.setImage(hatch_overlay(self.mask), autoLevels=False)
            self.mask_overlay.setRect(QRectF(0, 0, cols, rows))
            self.mask_overlay.setVisible(True)
        else:
            self.mask_overlay.setVisible(False)
        self.plot.getAxis("left").setTicks([[(i + 0.5, t) for i, t in enumerate(display_tokens(self.row_labels))]])
        self.plot.getAxis("bottom").setTicks([[(j + 0.5, t) for j, t in enumerate(display_tokens(self.column_labels))]])
        self.row_title, self.column_title = row_title, column_title
        self._set_titles()
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
