"""Small pyqtgraph building blocks for views that show numeric matrices and curves.

`MatrixPanel` puts one heatmap (PlotItem + row-major ImageItem + ColorBarItem) into a
GraphicsLayout, with pixel centres on integer coordinates so that cell (row, col) sits at
x = col, y = row.  `style_plot` gives plots legible, projector-sized text on a white
background.  No view logic here: views read `cell_at` / `index_at` in their own hover handlers.
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

DIVERGING = "CET-D1"  # blue - white - red, perceptually uniform; for values around 0
SEQUENTIAL = "viridis"  # perceptually uniform; for values from a minimum up
TEXT_COLOUR = "#111111"
#: Okabe-Ito colours (colour-blind safe); black and yellow replaced by grey and brown on white
CURVE_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#777777", "#8C564B")


def base_point_size() -> int:
    app = QApplication.instance()
    size = app.font().pointSize() if app is not None else -1
    return max(size, 11)


def new_layout_widget(parent=None) -> pg.GraphicsLayoutWidget:
    widget = pg.GraphicsLayoutWidget(parent)
    widget.setBackground("w")
    return widget


def style_plot(plot: pg.PlotItem, title: str | None = None, x: str | None = None, y: str | None = None,
               points: int | None = None) -> None:
    """Dark text at a legible size; optional title and axis labels."""
    points = points or base_point_size()
    font = QFont()
    font.setPointSize(points)
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        axis.setTickFont(font)
        axis.setTextPen(TEXT_COLOUR)
        axis.setPen(TEXT_COLOUR)
        axis.enableAutoSIPrefix(False)  # "value (x0.001)" confuses more than it helps
    label_style = {"color": TEXT_COLOUR, "font-size": f"{points}pt"}
    if x is not None:
        plot.setLabel("bottom", x, **label_style)
    if y is not None:
        plot.setLabel("left", y, **label_style)
    if title is not None:
        set_title(plot, title, points)
    plot.hideButtons()


def set_title(plot: pg.PlotItem, title: str, points: int | None = None) -> None:
    plot.setTitle(title, color=TEXT_COLOUR, size=f"{(points or base_point_size()) + 1}pt")


def add_legend(plot: pg.PlotItem, points: int | None = None, columns: int = 1, where: str = "top right"
               ) -> pg.LegendItem:
    """A legend with legible text; `where` is "top right" or "middle right"."""
    legend = plot.addLegend(offset=(-10, 10), labelTextColor=TEXT_COLOUR,
                            labelTextSize=f"{points or base_point_size()}pt", brush=(255, 255, 255, 215),
                            pen=(160, 160, 160), colCount=columns)
    if where == "middle right":
        legend.anchor(itemPos=(1, 0.5), parentPos=(1, 0.5), offset=(-10, 0))
    return legend


def update_legend(legend: pg.LegendItem, entries) -> None:
    """Show [(item, name), ...] in `legend`; nothing is rebuilt when the entries are unchanged
    (rebuilding creates label items and is the slowest part of a redraw)."""
    key = tuple((id(item), name) for item, name in entries)
    if getattr(legend, "_shown_entries", None) == key:
        return
    legend.clear()
    for item, name in entries:
        legend.addItem(item, name)
    legend._shown_entries = key


def index_at(plot: pg.PlotItem, scene_pos, count: int) -> int | None:
    """The integer x coordinate nearest to the mouse, if the mouse is over the plot and the
    index lies in 0..count-1."""
    if count <= 0 or not plot.vb.sceneBoundingRect().contains(scene_pos):
        return None
    x = plot.vb.mapSceneToView(scene_pos).x()  # a linear x axis is assumed
    i = int(math.floor(x + 0.5))
    return i if 0 <= i < count else None


class MatrixPanel:
    """A heatmap cell of a GraphicsLayout.  Row 0 is drawn at the top."""

    def __init__(self, layout: pg.GraphicsLayout, row: int, col: int, *, title: str, x_label: str,
                 y_label: str, colormap: str = DIVERGING, levels=(-1.0, 1.0), bar_label: str | None = None,
                 rowspan: int = 1, colspan: int = 1):
        self.plot = layout.addPlot(row=row, col=col, rowspan=rowspan, colspan=colspan)
        style_plot(self.plot, title, x_label, y_label)
        self.plot.invertY(True)
        self.plot.setMenuEnabled(False)
        self.image = pg.ImageItem(axisOrder="row-major")
        self.plot.addItem(self.image)
        self.colorbar = pg.ColorBarItem(values=tuple(levels), colorMap=pg.colormap.get(colormap),
                                        interactive=False, width=18, colorMapMenu=False, pen=TEXT_COLOUR,
                                        label=bar_label)
        self.colorbar.setImageItem(self.image, insert_in=self.plot)
        bar_axis = self.colorbar.axis
        font = QFont()
        font.setPointSize(base_point_size())
        bar_axis.setTickFont(font)
        bar_axis.setTextPen(TEXT_COLOUR)
        self.matrix = np.zeros((0, 0), dtype=np.float32)

    def set_matrix(self, matrix, levels) -> None:
        """Show `matrix` (rows x columns) with colour levels (low, high)."""
        data = np.ascontiguousarray(matrix, dtype=np.float32)
        if data.ndim != 2:
            raise ValueError("a heatmap needs a 2-D matrix")
        reshaped = data.shape != self.matrix.shape
        self.matrix = data
        low, high = float(levels[0]), float(levels[1])
        if not high > low:  # a constant matrix: give the colour bar some room
            low, high = low - 1.0, high + 1.0
        self.image.setImage(data, autoLevels=False, levels=(low, high))
        self.colorbar.setLevels((low, high))
        rows, cols = data.shape
        self.image.setRect(QRectF(-0.5, -0.5, cols, rows))
        if reshaped:
            self.plot.vb.setLimits(xMin=-0.5 - cols, xMax=cols * 2 - 0.5, yMin=-0.5 - rows, yMax=rows * 2 - 0.5)
            self.plot.vb.setRange(xRange=(-0.5, cols - 0.5), yRange=(-0.5, rows - 0.5), padding=0)

    def cell_at(self, scene_pos) -> tuple[int, int] | None:
        """(row, column) under a scene position, or None outside the matrix."""
        if not self.plot.vb.sceneBoundingRect().contains(scene_pos):
            return None
        p = self.plot.vb.mapSceneToView(scene_pos)
        col, row = int(math.floor(p.x() + 0.5)), int(math.floor(p.y() + 0.5))
        rows, cols = self.matrix.shape
        if 0 <= row < rows and 0 <= col < cols:
            return row, col
        return None

    def set_column_ticks(self, ticks) -> None:
        """[(column, label), ...] on the bottom axis; None restores numeric ticks."""
        self.plot.getAxis("bottom").setTicks(None if ticks is None else [list(ticks)])
