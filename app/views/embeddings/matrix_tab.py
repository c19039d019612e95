"""The cosine similarity of every pair of a list of words, as a heatmap from −1 to 1 (a
diverging map: a negative cosine is a different thing from a small one), with the numbers
written in the cells while they fit."""
from __future__ import annotations

import pyqtgraph as pg

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, field
from app.widgets.form import main_line_edit
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

    def draw(self, value, request) -> None:
        cosines = value.cosines
        self.panel.set_matrix(cosines, (-1.0, 1.0))
        ticks = list(enumerate(value.words))
        self.panel.set_column_ticks(ticks)
        self.panel.plot.getAxis("left").setTicks([ticks])
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

    def apply_zoom(self) -> None:
        self.panel.restyle()
        self.redraw()

    def caption(self) -> str:
        return self.tr("Cosine similarity of {0} words ({1})").format(len(self.answer.value.words),
                                                                     self.answer.source.name)

    def csv(self):
        value = self.answer.value
        return [""] + list(value.words), [[w, *map(float, row)] for w, row in zip(value.words, value.cosines)]
