"""e_j = E·o_j drawn literally: the one-hot vector o_j with its single 1, the matrix E (d × V,
column j = word j's embedding) with column j outlined, and the product e_j.  For a large
vocabulary, the columns of E around j are drawn (the title says which); the product itself is
computed over all V columns in the engine."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, word_edit
from app.widgets.flow_layout import flow_row
from app.widgets.heatmap import TokenTicks
from app.widgets.matrix_plot import DIVERGING, MatrixPanel, new_layout_widget, plot_font, set_title, style_plot
from app.widgets.tokens import display_tokens


def _column_plot(layout, col: int) -> tuple[pg.PlotItem, pg.ImageItem]:
    plot = layout.addPlot(row=0, col=col)
    plot.invertY(True)
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.setMouseEnabled(False, False)
    plot.getAxis("bottom").setStyle(showValues=False)
    image = pg.ImageItem(axisOrder="row-major")
    image.setColorMap(pg.colormap.get(DIVERGING))
    plot.addItem(image)
    return plot, image


class OneHotTab(EmbeddingTab):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.word = word_edit()
        self.note = style.note_label()
        self.graphics = new_layout_widget()
        layout = self.graphics.ci
        self.matrix = MatrixPanel(layout, 0, 0, title="E", x_label="", y_label=self.tr("dimension i"))
        self.matrix.plot.setMouseEnabled(False, False)
        self.one_hot_plot, self.one_hot_image = _column_plot(layout, 1)
        # 0 white, 1 dark: the single 1 stands out as on the board
        self.one_hot_image.setColorMap(pg.ColorMap([0.0, 1.0], [(255, 255, 255), (40, 40, 40)]))
        self.product_plot, self.product_image = _column_plot(layout, 2)
        layout.layout.setColumnStretchFactor(0, 6)
        layout.layout.setColumnStretchFactor(1, 1)
        layout.layout.setColumnStretchFactor(2, 1)
        self.outline = pg.QtWidgets.QGraphicsRectItem()
        self.matrix.plot.addItem(self.outline)
        self.one_texts: list[pg.TextItem] = []
        self.word_ticks = TokenTicks(self.matrix.plot, "bottom", 0.0)
        self.one_hot_ticks = TokenTicks(self.one_hot_plot, "left", 0.0)
        self.place(flow_row((self.tr("Word:"), self.word), self.note), self.graphics)
        bind_widgets(state, one_hot_word=self.word)
        self.apply_zoom()

    def draw(self, value, request) -> None:
        source = self.answer.source
        window, column = value.window, value.column
        high = float(max(np.abs(window).max(), np.abs(column).max(), 1e-12))
        self.matrix.set_matrix(window, (-high, high))
        local = value.index - value.start
        rows, width = window.shape
        self.outline.setPen(pg.mkPen(style.ERROR, width=3))
        self.outline.setRect(QRectF(local - 0.5, -0.5, 1, rows))
        self.word_ticks.set_labels(display_tokens(value.window_words))
        one_hot = np.zeros((width, 1), dtype=np.float32)
        one_hot[local, 0] = 1.0
        self.one_hot_image.setImage(one_hot, autoLevels=False, levels=(0.0, 1.0))
        self.one_hot_image.setRect(QRectF(-0.5, -0.5, 1, width))
        self.one_hot_plot.setRange(xRange=(-0.5, 0.5), yRange=(-0.5, width - 0.5), padding=0)
        self.one_hot_ticks.set_labels(display_tokens(value.window_words))
        for item in self.one_texts:
            self.one_hot_plot.removeItem(item)
        self.one_texts = []
        font = plot_font()
        for i in range(width):
            text = pg.TextItem("1" if i == local else "0", color="w" if i == local else "k", anchor=(0.5, 0.5))
            text.setFont(font)
            text.setPos(0, i)
            self.one_hot_plot.addItem(text)
            self.one_texts.append(text)
        self.product_image.setImage(column[:, None].astype(np.float32), autoLevels=False, levels=(-high, high))
        self.product_image.setRect(QRectF(-0.5, -0.5, 1, rows))
        self.product_plot.setRange(xRange=(-0.5, 0.5), yRange=(-0.5, rows - 0.5), padding=0)
        last = value.start + width - 1
        set_title(self.matrix.plot, self.tr("E ({0} × {1}): columns {2}–{3} of {1}").format(
            source.dimension, f"{source.size:,}", value.start + 1, last + 1))
        set_title(self.one_hot_plot, self.tr("· o_j"))
        set_title(self.product_plot, self.tr("= e_j"))
        self.note.setText(self.tr("j = {0} (“{1}”): o_j has {2} entries, a single 1 at j; E·o_j multiplies every "
                                  "other column of E by 0 and keeps column j: e_j, {3} numbers").format(
            value.index + 1, value.word, f"{source.size:,}", source.dimension))

    def apply_zoom(self) -> None:
        self.matrix.restyle()
        for plot in (self.one_hot_plot, self.product_plot):
            style_plot(plot)
        self.word_ticks.update()
        self.one_hot_ticks.update()
        self.redraw()

    def caption(self) -> str:
        value = self.answer.value
        return self.tr("e_j = E·o_j for “{0}” (j = {1}, {2})").format(value.word, value.index + 1,
                                                                     self.answer.source.name)

    def csv(self):
        value = self.answer.value
        return ["dimension", "e_j"], [[i + 1, float(x)] for i, x in enumerate(value.column)]
