"""Small pyqtgraph building blocks for views that show numeric matrices and curves.

`MatrixPanel` puts one heatmap (PlotItem + row-major ImageItem + ColorBarItem) into a
GraphicsLayout, with pixel centres on integer coordinates so that cell (row, col) sits at
x = col, y = row.  `style_plot` gives plots legible, projector-sized text on a white
background; text sizes come from `app.style.point_size()`, and calling `style_plot` /
`style_legend` again after a zoom restyles what is already there.  No view logic here: views
read `cell_at` / `index_at` in their own hover handlers.
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetricsF

from app import style
from app.widgets import axis_titles  # noqa: F401 - vertical Chinese titles upright (installs on import)
from app.widgets.legend_room import MIN_DATA_LINES, legend_in_band

DIVERGING = "CET-D1"  # blue - white - red, perceptually uniform; for values around 0
SEQUENTIAL = "viridis"  # perceptually uniform; for values from a minimum up
#: a title is this much larger than the tick labels
TITLE_SCALE = 1.1


def new_layout_widget(parent=None) -> pg.GraphicsLayoutWidget:
    widget = pg.GraphicsLayoutWidget(parent)
    widget.setBackground(style.plot_background())
    return widget


def plot_font(points: float | None = None):
    """The application font at `points` (default: the zoomed text size)."""
    font = style.font()
    font.setPointSizeF(points or style.point_size())
    return font


def style_plot(plot: pg.PlotItem, title: str | None = None, x: str | None = None, y: str | None = None,
               points: float | None = None) -> None:
    """Dark text at a legible size; optional title and axis labels.  Called again without
    texts (after a zoom), it gives the ticks, axis labels and title already there the new size."""
    points = points or style.point_size()
    font = plot_font(points)
    text_colour = style.TEXT.name()
    label_style = {"color": text_colour, "font-size": f"{points:g}pt"}
    for side, text in (("bottom", x), ("left", y)):
        axis = plot.getAxis(side)
        axis.setTickFont(font)
        axis.setTextPen(text_colour)
        axis.setPen(text_colour)
        axis.enableAutoSIPrefix(False)  # "value (x0.001)" confuses more than it helps
        if text is not None or axis.labelText:
            axis.setLabel(text if text is not None else axis.labelText, **label_style)
    if title is None and plot.titleLabel.isVisible() and plot.titleLabel.text:
        title = plot.titleLabel.text
    if title is not None:
        set_title(plot, title, points)
    plot.hideButtons()


def set_title(plot: pg.PlotItem, title: str, points: float | None = None) -> None:
    points = (points or style.point_size()) * TITLE_SCALE
    plot.setTitle(title, color=style.TEXT.name(), size=f"{points:g}pt")
    # PlotItem reserves 30 px for a title whatever its size: make room for a zoomed one
    height = math.ceil(QFontMetricsF(plot_font(points)).height()) + 8
    plot.titleLabel.setMaximumHeight(height)
    plot.layout.setRowFixedHeight(0, height)
    plot._whole_title = (title, points)
    if not getattr(plot, "_title_follows_width", False):
        label = plot.titleLabel
        label.updateMin = lambda: _title_asks_no_width(label)  # pyqtgraph calls it on every text and resize
        plot.geometryChanged.connect(lambda: fit_title_width(plot))
        plot._title_follows_width = True
    fit_title_width(plot)


def _title_asks_no_width(label: pg.LabelItem) -> None:
    """LabelItem.updateMin without the width: pyqtgraph makes the text's width the label's minimum
    and preferred width, which pushed a plot wider than its widget (its title is elided instead)."""
    height = label.itemRect().height()
    label.setMinimumWidth(0)
    label.setMinimumHeight(height)
    label._sizeHint = {Qt.SizeHint.MinimumSize: (0, height), Qt.SizeHint.PreferredSize: (0, height),
                       Qt.SizeHint.MaximumSize: (-1, -1), Qt.SizeHint.MinimumDescent: (0, 0)}
    label.updateGeometry()


def fit_title_width(plot: pg.PlotItem) -> None:
    """A title no wider than its plot, cut short with an ellipsis (the whole title in its tooltip):
    pyqtgraph makes a title's width the plot's minimum, so at 22 pt "Step to the next position
    ‖code(p+1) − code(p)‖" pushed its plot, and the legend at its right edge, out of the picture."""
    title, points = plot._whole_title
    label = plot.titleLabel
    metrics = QFontMetricsF(plot_font(points))
    room = plot.width() - 24  # the label's own margins and the axes' ends
    shown = title
    if room > 0 and metrics.horizontalAdvance(title) > room:
        shown = metrics.elidedText(title, Qt.TextElideMode.ElideRight, room)
    if shown != label.text:
        label.setText(shown)
    label.setToolTip(title if shown != title else "")


def add_legend(plot: pg.PlotItem, points: float | None = None, columns: int = 1,
               data_range: tuple[float, float] | None = None, shown_elsewhere: bool = False,
               min_data_lines: int = MIN_DATA_LINES) -> pg.LegendItem:
    """A legend with legible text in a band of its own above (or beside) the plot's data, in up to
    `columns` columns (app/widgets/legend_room.py; `data_range` fixes the data's y range;
    `shown_elsewhere`: the entries are also shown outside the plot, so a plot too small for both
    keeps its data and folds the legend; `min_data_lines`: the lines of text the band above must
    leave the data, else the legend goes beside them)."""
    legend = pg.LegendItem(offset=None, labelTextColor=style.TEXT.name(),
                           labelTextSize=f"{points or style.point_size():g}pt", brush=style.theme().legend_background,
                           pen=(160, 160, 160), colCount=columns)
    plot.legend = legend  # PlotItem.addItem(item, name=…) enters named items here, as with addLegend
    legend_in_band(plot, legend, columns, data_range, shown_elsewhere, min_data_lines)
    return legend


def style_legend(legend: pg.LegendItem, points: float | None = None) -> None:
    """Give a legend's entries the (new) text size."""
    legend.setLabelTextSize(f"{points or style.point_size():g}pt")
    for _, label in legend.items:
        label.setText(label.text)  # setLabelTextSize only changes the size of text set later
    legend.updateSize()


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
                                        interactive=False, width=18, colorMapMenu=False, pen=style.TEXT.name(),
                                        label=bar_label)
        self.colorbar.setImageItem(self.image, insert_in=self.plot)
        if colormap == SEQUENTIAL:  # the user's choice (View ▸ Colour map); diverging maps stay
            style.follow_colour_map(self.colorbar)
        self.colorbar.axis.setTextPen(style.TEXT.name())
        self._style_bar_ticks()
        self.matrix = np.zeros((0, 0), dtype=np.float32)

    def restyle(self, points: float | None = None) -> None:
        """Text sizes of the plot and the colour bar (again after a zoom)."""
        style_plot(self.plot, points=points)
        self._style_bar_ticks(points)

    def _style_bar_ticks(self, points: float | None = None) -> None:
        font = plot_font(points)
        metrics = QFontMetricsF(font)
        axis = self.colorbar.axis
        axis.setTickFont(font)
        # ColorBarItem fixes its axis at 45 px, and labels wider than that are not drawn: at
        # large text the bar would keep "0" alone.  Room for a label such as "−0.75":
        axis.setWidth(math.ceil(metrics.horizontalAdvance("−00.00")) + 12)
        # The end labels stick out of the bar by half their height; pyqtgraph hides labels that
        # stick out by more than 15 px.
        axis.setStyle(hideOverlappingLabels=math.ceil(metrics.height() / 2) + 2)
        title = self.colorbar.getAxis("left")  # the bar's title ("cos(e_i, e_j)"), tiny at 22 pt otherwise
        if title.labelText:
            title.setLabel(title.labelText, **{"font-size": f"{font.pointSizeF():g}pt", "color": style.TEXT.name()})

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
