"""All layers x heads as small heatmaps, each with a caption the view writes.
Clicking a tile emits (layer, head): the view then shows that head at full resolution.

Level of detail: a tile is a few dozen pixels on screen, so a matrix larger than
engine.attention_overview.TILE_PIXELS per side is drawn from a downsampled image (block means,
engine.attention_overview.downsample).  At 512 tokens x 72 heads that is 72 images of 128 x 128
instead of 512 x 512 (16 times fewer pixels to colour), and the grid stays interactive.  The
images and entropies come as an OverviewSummary (`show_summary`), which the attention view has
the bridge's background worker compute: a generic widget imports nothing from the engine.
Drawing the same summary again (another head chosen) only moves the highlight."""
from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QFontMetrics

from app import style
from app.widgets.indexed_image import IndexedImageItem

#: caption size relative to the application's text
CAPTION_SCALE = 0.85
#: the least side of a tile on screen, in lines of the application's text and in pixels (2 px
#: a token for the date models' 16 × 16; a 3-line minimum made the date models' grid scroll at
#: 22 pt even on a 1920×1040 screen): MiniLM's 6 layers × 13 tiles squeezed into a side
#: panel had no height at all.  A grid larger than the widget scrolls (see minimum_grid_size);
#: the date models' 2 × 5 tiles still fit the side panel at 22 pt on a 1920×1040 screen.
MIN_TILE_LINES, MIN_TILE_PIXELS = 1.0, 32


class _Tile(IndexedImageItem):
    """(its colour table kept per colour map: 78 tiles rebuilt 256 entries each per summary)"""

    def __init__(self, layer: int, head: int | None, on_click):
        super().__init__(axisOrder="row-major")
        self.layer, self.head, self._on_click = layer, head, on_click

    def mouseClickEvent(self, event):
        event.accept()
        self._on_click(self.layer, self.head)


class AttentionOverview(pg.GraphicsLayoutWidget):
    """A large model's grid is larger than the widget: it scrolls (wheel, scroll bars), and the
    tiles keep a legible size instead of shrinking to nothing."""

    tile_clicked = Signal(int, object)  # layer, head (None = mean over heads)

    def __init__(self, parent=None, layers_as_columns: bool = False):
        """`layers_as_columns`: one column per layer and one row per head (for a tall, narrow
        side panel) instead of one row per layer."""
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.layers_as_columns = layers_as_columns
        self.setBackground(style.plot_background())
        self.tiles: dict[tuple[int, int | None], _Tile] = {}
        self.captions: dict[tuple[int, int | None], str] = {}
        self._boxes: dict[tuple[int, int | None], pg.ViewBox] = {}
        self._labels: dict[tuple[int, int | None], pg.LabelItem] = {}
        self._shape = None
        self._headers: list[pg.LabelItem] = []  # "layer n" above each column (layers_as_columns)
        self.selected: tuple[int, int | None] | None = None
        self._drawn = None  # the summary the tiles show (identity: drawing it again only moves the highlight)
        self._extent: dict[tuple[int, int | None], tuple[int, int]] = {}  # each tile's image shape set
        self._caption_style = None  # (size, text colour, frame colour) last written: a change restyles all
        self._framed: dict = {}  # tile -> (colour, width) of the frame it has

    def _rebuild(self, n_layers: int, n_heads: int):
        self.clear()
        self.tiles.clear()
        self._boxes.clear()
        self._labels.clear()
        self._headers = []
        heads = list(range(n_heads)) + ([None] if n_heads > 1 else [])
        for layer in range(n_layers):
            if n_layers > 1 or n_heads > 1:
                if self.layers_as_columns:
                    self._headers.append(self.addLabel(self.tr("layer {0}").format(layer + 1), row=0, col=layer))
                else:
                    self.addLabel(self.tr("layer {0}").format(layer + 1), row=2 * layer + 1, col=0, angle=-90)
            for index, head in enumerate(heads):
                if self.layers_as_columns:
                    caption_at, box_at = (2 * index + 1, layer), (2 * index + 2, layer)
                else:
                    caption_at, box_at = (2 * layer, index + 1), (2 * layer + 1, index + 1)
                label = self._labels[(layer, head)] = self.addLabel("", row=caption_at[0], col=caption_at[1])
                # no 4 px text margin round each caption: 13 of them took 100 px of a side panel
                label.item.document().setDocumentMargin(1)
                # no context menu: building one took 25 ms a tile (4 s for MiniLM's 78 tiles,
                # 9 s for 12 × 12 on a loaded machine), and the tiles never showed it
                box = self.addViewBox(row=box_at[0], col=box_at[1], lockAspect=False, invertY=True,
                                      enableMouse=False, enableMenu=False)
                tile = _Tile(layer, head, self._clicked)
                style.follow_colour_map(tile)  # View ▸ Colour map
                box.addItem(tile)
                # every tile fills the unit square of its box, whatever its tokens and pixels: the
                # box's range is set once, not for each new length (78 boxes re-ranged, ~6 ms of
                # the GUI thread whenever a keystroke changed the token count)
                box.setRange(QRectF(0, 0, 1, 1), padding=0.02)
                self.tiles[(layer, head)] = tile
                self._boxes[(layer, head)] = box
        self._shape = (n_layers, n_heads)
        self._fit_minimum_size()

    def tile_side(self) -> int:
        """The least side of a tile on screen, in pixels (follows the text size)."""
        return max(MIN_TILE_PIXELS, round(MIN_TILE_LINES * QFontMetrics(style.font()).height()))

    def minimum_grid_size(self) -> tuple[int, int]:
        """(width, height) the grid needs: its layout's own minimum, with every tile at least
        tile_side() square and every caption whole."""
        if self._shape is None:
            return 0, 0
        side = self.tile_side()
        for box in self._boxes.values():
            if box.minimumWidth() != side:
                box.setMinimumSize(side, side)
        least = self.ci.effectiveSizeHint(Qt.SizeHint.MinimumSize)
        return math.ceil(least.width()), math.ceil(least.height())

    def _fit_minimum_size(self) -> None:
        """Lay the grid out anew for the room it needs (see resizeEvent)."""
        if not getattr(self, "closed", True):
            self.resizeEvent(None)

    def show_summary(self, summary, selected: tuple[int, int | None] | None = None, captions=None):
        """Draw a summary's tiles (an engine.attention_overview.OverviewSummary: `shape`, `rows`,
        `cols`, `images`, `means`); captions: {(layer, head): text}, head None = the mean."""
        n_layers, n_heads = summary.shape
        if self._shape != (n_layers, n_heads):
            self._rebuild(n_layers, n_heads)
            self._drawn = None
            self._framed = {}
            self._extent.clear()
        captions = {key: (captions or {}).get(key, "") for key in self.tiles}
        if self._drawn is summary and self.captions == captions:
            # another head of the same stack: restyle only the two tiles whose highlight moves,
            # unless the caption size or the theme changed (78 rich-text labels: ~0.1 s)
            previous, self.selected = self.selected, selected
            if self._caption_style == self._current_caption_style():
                self._write_captions({previous, selected} & self.tiles.keys())
            else:
                self._write_captions()  # all: a zoom or a theme restyles every caption
            return
        self._drawn = summary
        changed = {key for key in self.tiles if self.captions.get(key) != captions[key]}
        for (layer, head), tile in self.tiles.items():
            image = summary.means[layer] if head is None else summary.images[layer, head]
            tile.setImage(image, autoLevels=False, levels=(0.0, 1.0))
            if self._extent.get((layer, head)) != image.shape:  # 511 and 512 tokens: both 128 × 128
                self._extent[(layer, head)] = image.shape
                tile.setRect(QRectF(0, 0, 1, 1))  # the image's pixels scaled to the unit square
        for key in changed:
            self.captions[key] = captions[key]
            self._boxes[key].setToolTip(captions[key])
        previous, self.selected = self.selected, selected
        if self._caption_style != self._current_caption_style():
            self._write_captions()
        else:  # only the captions whose text or highlight changed are laid out again
            self._write_captions(changed | ({previous, selected} & self.tiles.keys()))
            if changed:
                self._fit_minimum_size()  # the widest caption sets the columns' width

    def _caption_scale(self) -> float:
        """0.85 of the text size, less (down to 0.6) where the longest caption would not fit
        its column (two layers side by side in a narrow panel at text ×2)."""
        if not self.captions or self._shape is None:
            return CAPTION_SCALE
        n_layers, n_heads = self._shape
        columns = n_layers if self.layers_as_columns else n_heads + (1 if n_heads > 1 else 0) + 1
        room = max(self.width() - 40, 1) / max(columns, 1)
        metrics = QFontMetrics(style.font(CAPTION_SCALE, bold=True))
        widest = max(metrics.horizontalAdvance(c) for c in self.captions.values()) or 1
        return max(0.6, min(CAPTION_SCALE, CAPTION_SCALE * room / widest))

    def _current_caption_style(self) -> tuple:
        return (f"{style.point_size(self._caption_scale()):.1f}pt", style.plot_text().name(),
                style.theme().plot_frame)

    def _write_captions(self, keys=None) -> None:
        """Captions and layer headings at the zoomed text size; the selected tile's caption is
        bold and red, and its frame too.  `keys`: only these tiles (the style is unchanged)."""
        self._caption_style = self._current_caption_style()
        size = self._caption_style[0]
        if keys is None:  # new captions, text size or theme: the room the grid needs too
            self._fit_minimum_size()
            self._framed = {}
        text = style.plot_text().name()
        frames = {True: ("#c62828", 3), False: (style.theme().plot_frame, 1)}
        for key, box in self._boxes.items():
            if keys is not None and key not in keys:
                continue
            chosen = key == self.selected
            self._labels[key].setText(self.captions.get(key, ""), color="#c62828" if chosen else text,
                                      bold=chosen, size=size)
            # a frame only where the highlight or the theme changed: new entropies (every caption
            # at each keystroke) leave the 78 frames as they are
            if self._framed.get(key) != frames[chosen]:
                self._framed[key] = frames[chosen]
                box.setBorder(pg.mkPen(frames[chosen][0], width=frames[chosen][1]))
        for number, header in enumerate(self._headers if keys is None else (), start=1):
            header.setText(self.tr("layer {0}").format(number), bold=True, color=style.plot_text().name(), size=size)

    def resizeEvent(self, event):
        # pyqtgraph calls this (with None) before __init__ has run
        if getattr(self, "closed", True) or not hasattr(self, "captions"):
            super().resizeEvent(event)
            return
        # pyqtgraph fits the grid to the widget; a grid that needs more is laid out at the size
        # it needs and the view scrolls over it (at scale 1: the scene's units are pixels)
        if getattr(self, "_laying_out", False):
            return
        self._laying_out = True
        try:
            need_width, need_height = self.minimum_grid_size()
            view = self.viewport().size()
            self.range = QRectF(0, 0, max(view.width(), need_width), max(view.height(), need_height))
            pg.GraphicsView.setRange(self, self.range, padding=0, disableAutoPixel=False)
            self.updateMatrix()
            if self.captions and self._caption_style != self._current_caption_style():
                self._write_captions()  # their size follows the columns' width
        finally:
            self._laying_out = False

    def _clicked(self, layer, head):
        self.tile_clicked.emit(layer, head)
