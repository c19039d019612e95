"""All layers x heads as small heatmaps, each with a caption the view writes.
Clicking a tile emits (layer, head)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Signal

from app import style
from app.widgets.heatmap import COLORMAP


class _Tile(pg.ImageItem):
    def __init__(self, layer: int, head: int | None, on_click):
        super().__init__(axisOrder="row-major")
        self.layer, self.head, self._on_click = layer, head, on_click

    def mouseClickEvent(self, event):
        event.accept()
        self._on_click(self.layer, self.head)


class AttentionOverview(pg.GraphicsLayoutWidget):
    tile_clicked = Signal(int, object)  # layer, head (None = mean over heads)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setBackground("w")
        self.tiles: dict[tuple[int, int | None], _Tile] = {}
        self.captions: dict[tuple[int, int | None], str] = {}
        self._boxes: dict[tuple[int, int | None], pg.ViewBox] = {}
        self._labels: dict[tuple[int, int | None], pg.LabelItem] = {}
        self._shape = None
        self._lut = pg.colormap.get(COLORMAP).getLookupTable(nPts=256)
        self.selected: tuple[int, int | None] | None = None

    def _rebuild(self, n_layers: int, n_heads: int):
        self.clear()
        self.tiles.clear()
        self._boxes.clear()
        self._labels.clear()
        for layer in range(n_layers):
            if n_layers > 1 or n_heads > 1:
                self.addLabel(f"layer {layer + 1}", row=2 * layer + 1, col=0, angle=-90)
            for col, head in enumerate(list(range(n_heads)) + ([None] if n_heads > 1 else [])):
                self._labels[(layer, head)] = self.addLabel("", row=2 * layer, col=col + 1)
                box = self.addViewBox(row=2 * layer + 1, col=col + 1, lockAspect=False, invertY=True,
                                      enableMouse=False)
                box.setMenuEnabled(False)
                tile = _Tile(layer, head, self._clicked)
                tile.setLookupTable(self._lut)
                box.addItem(tile)
                self.tiles[(layer, head)] = tile
                self._boxes[(layer, head)] = box
        self._shape = (n_layers, n_heads)

    def set_stack(self, stack: np.ndarray, selected: tuple[int, int | None] | None = None, captions=None):
        """stack: (layers, heads, queries, keys); captions: {(layer, head): text}, head None = the mean."""
        n_layers, n_heads = stack.shape[:2]
        if self._shape != (n_layers, n_heads):
            self._rebuild(n_layers, n_heads)
        for (layer, head), tile in self.tiles.items():
            m = stack[layer].mean(axis=0) if head is None else stack[layer, head]
            tile.setImage(np.ascontiguousarray(m, dtype=np.float32), autoLevels=False, levels=(0.0, 1.0))
            tile.setRect(QRectF(0, 0, m.shape[1], m.shape[0]))
            caption = (captions or {}).get((layer, head), "")
            self.captions[(layer, head)] = caption
            box = self._boxes[(layer, head)]
            box.setRange(QRectF(0, 0, m.shape[1], m.shape[0]), padding=0.02)
            box.setToolTip(caption)
            self._set_box_title(box, caption, (layer, head) == selected)
        self.selected = selected

    def _set_box_title(self, box, caption, is_selected):
        # The selected tile's caption is bold and red, and its frame too.
        key = next(k for k, b in self._boxes.items() if b is box)
        self._labels[key].setText(caption, color="#c62828" if is_selected else "#222", bold=is_selected,
                                size=f"{style.point_size(0.85):.1f}pt")  # follows the zoom
        box.setBorder(pg.mkPen("#c62828", width=3) if is_selected else pg.mkPen("#bbb", width=1))

    def _clicked(self, layer, head):
        self.tile_clicked.emit(layer, head)
