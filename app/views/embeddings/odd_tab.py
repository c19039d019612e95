"""Which word doesn't belong (gensim's doesnt_match): each word's cosine with the mean of the
words' unit vectors; the lowest is the odd one out."""
from __future__ import annotations

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, field, table
from app.widgets.form import column, main_line_edit


class OddOneOutTab(EmbeddingTab):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.words = main_line_edit(placeholder=self.tr("Type a few words, e.g. January March July Paris"))
        self.verdict = style.title_label(scale=1.3)
        self.note = style.note_label(self.tr(
            "m = the mean of the words' unit vectors ê, normalised; each word's cos(e_w, m); the lowest does not "
            "belong."))
        self.model, self.table = table()
        inputs = field(self.tr("Words:"), self.words)
        self.place(inputs, column(self.verdict, self.note, (self.table, 1)))
        bind_widgets(state, odd_words=self.words)

    def draw(self, value, request) -> None:
        ranking = value.ranking
        self.model.set_columns([self.tr("word"), self.tr("cosine with the mean direction m")],
                               [[w for w, _ in ranking], [s for _, s in ranking]], highlight=[len(ranking) - 1])
        self.table.fit_columns()
        self.verdict.setText(self.tr("“{0}” doesn't belong").format(value.odd_one))

    def apply_zoom(self) -> None:
        self.table.apply_zoom()

    def caption(self) -> str:
        value = self.answer.value
        return self.tr("Which doesn't belong: {0} → {1} ({2})").format(" ".join(value.words), value.odd_one,
                                                                       self.answer.source.name)

    def csv(self):
        return ["word", "cosine_with_mean"], [[w, s] for w, s in self.answer.value.ranking]
