"""Nearest neighbours: the k words of highest cosine similarity with a word, with their scores
(gensim's most_similar), as a table and as bars, and the numbers the cosine is made of."""
from __future__ import annotations

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, HorizontalBars, table, word_edit
from app.widgets.flow_layout import flow_row
from app.widgets.form import column
from app.widgets.table_beside import table_beside


class NeighboursTab(EmbeddingTab):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.word = word_edit()
        self.note = style.note_label()
        self.model, self.table = table()
        self.plot = HorizontalBars()  # the nearest on top, as in the table
        picture = table_beside(self.table, self.plot)
        self.place(flow_row((self.tr("Word:"), self.word)),
                   column(self.note, (picture, 1)), picture)
        bind_widgets(state, word=self.word)
        self.apply_zoom()

    def draw(self, value, request) -> None:
        rows = value.candidates
        scores = [c.score for c in rows]
        self.model.set_columns([self.tr("rank"), self.tr("word"), self.tr("cosine similarity")],
                               [list(range(1, len(rows) + 1)), [c.word for c in rows], scores])
        self.table.fit_columns()
        self.note.setText(self.tr("‖e_{0}‖ = {1}; cos(x, {0}) = e_x·e_{0} / (‖e_x‖ ‖e_{0}‖) over {2} words").format(
            value.word, style.format_number(value.norm, 4), f"{value.searched - 1:,}"))
        self.plot.show_bars([c.word for c in rows], scores)

    def apply_zoom(self) -> None:
        self.plot.style_text(self.tr("cosine similarity"))
        self.table.apply_zoom()

    def caption(self) -> str:
        value = self.answer.value
        return self.tr("The {0} nearest neighbours of “{1}” by cosine similarity ({2})").format(
            len(value.candidates), value.word, self.answer.source.name)

    def csv(self):
        value = self.answer.value
        return ["rank", "word", "cosine"], [[i + 1, c.word, c.score] for i, c in enumerate(value.candidates)]
