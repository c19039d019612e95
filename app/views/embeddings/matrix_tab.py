"""The cosine similarity of every pair of a list of words, as a heatmap from −1 to 1 (a
diverging map: a negative cosine is a different thing from a small one), with the numbers
written in the cells while they fit.  The words on the axes are thinned where their cells are
narrower than the words (the first words of the list first); the tooltip over a cell names its
two words and their cosine."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontMetricsF

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, field
from app.widgets.form import main_line_edit
from app.widgets.label_detail import spaced_out
from app.widgets.matrix_plot import MatrixPanel, new_layout_widget, plot_font

# up to this many words the cosines are written in the cells
WRITTEN_CELLS = 12


class SimilarityMatrixTab(EmbeddingTab):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.words = main_line_edit(placeholder=self.tr("Type words to compare"))
        self.graphics = new_layout_widget()
        self.panel = MatrixPanel(self.graphics.ci, 0, 0, title=self.tr("cosine similarity"), x_label="",
                                 y_label="", bar_label=self.tr("cos(e_i, e_j)"))
        self.cell_texts: list[pg.TextItem] = []
        self.place(field(self.tr("Words:"), self.words), self.graphics)
        bind_widgets(state, matrix_words=self.words)
        self.panel.plot.vb.sigResized.connect(self.fit_word_ticks)
        self.graphics.scene().sigMouseMoved.connect(self.show_cell_near)

    def draw(self, value, request) -> None:
        cosines = value.cosines
        self.panel.set_matrix(cosines, (-1.0, 1.0))
        self.fit_word_ticks()
        for item in self.cell_texts:
            self.panel.plot.removeItem(item)
        self.cell_texts = []
        n = len(value.words)
        if n <= WRITTEN_CELLS:
            font = plot_font()
            for i in range(n):
                for j in range(n):
                    # dark text on the pale middle of the map, white on its saturated ends
                    colour = "w" if abs(cosines[i, j]) > 0.6 else "k"
                    text = pg.TextItem(style.format_number(float(cosines[i, j]), 2), color=colour, anchor=(0.5, 0.5))
                    text.setFont(font)
                    text.setPos(j, i)
                    self.panel.plot.addItem(text)
                    self.cell_texts.append(text)

    def fit_word_ticks(self, *_) -> None:
        """Each axis's words where they fit beside each other (a line tall on the left axis, as
        wide as the word along the bottom), the first words of the list first."""
        value = None if self.answer is None else self.answer.value
        if value is None:
            return
        words = list(value.words)
        vb = self.panel.plot.vb
        metrics = QFontMetricsF(self.panel.plot.getAxis("left").style["tickFont"] or plot_font())
        gap = metrics.horizontalAdvance(" ")
        across = vb.width() / max(len(words), 1)  # a cell's width and height in pixels
        down = vb.height() / max(len(words), 1)
        half_widths = [metrics.horizontalAdvance(word) / 2 for word in words]
        columns = spaced_out([(i * across - half, i * across + half) for i, half in enumerate(half_widths)], gap)
        rows = spaced_out([(i * down - metrics.height() / 2, i * down + metrics.height() / 2)
                           for i in range(len(words))])
        # a word centred on the first or last column reaches beyond the axis' end, where pyqtgraph
        # drops it unless it may reach that far (the corner below the row words is free)
        self.panel.plot.getAxis("bottom").setStyle(hideOverlappingLabels=int(max(half_widths, default=0)) + 1)
        self.panel.set_column_ticks([(i, words[i]) for i in columns])
        self.panel.plot.getAxis("left").setTicks([[(i, words[i]) for i in rows]])

    def show_cell_near(self, scene_pos) -> None:
        """The tooltip names the two words of the cell under the pointer and their cosine."""
        cell = None if self.answer is None else self.panel.cell_at(scene_pos)
        if cell is None:
            self.graphics.setToolTip("")
            return
        value = self.answer.value
        row, column = cell
        self.graphics.setToolTip(self.tr("cos({0}, {1}) = {2}").format(
            value.words[row], value.words[column], style.format_number(float(value.cosines[row, column]), 4)))

    def apply_zoom(self) -> None:
        self.panel.restyle()
        self.redraw()

    def caption(self) -> str:
        return self.tr("Cosine similarity of {0} words ({1})").format(len(self.answer.value.words),
                                                                     self.answer.source.name)

    def csv(self):
        value = self.answer.value
        return [""] + list(value.words), [[w, *map(float, row)] for w, row in zip(value.words, value.cosines)]
