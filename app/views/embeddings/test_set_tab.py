"""An analogy test set in the Google format (word2vec's questions-words.txt) scored per section
as gensim's evaluate_word_analogies scores it: each section's correct answers, the questions
answered, the accuracy and the questions skipped for a word outside the vocabulary; the total
last.  The file is chosen here and scored in the worker (with the view's progress and Cancel)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QPushButton

from app import style
from app.binding import bind_widgets
from app.views.embeddings.analogy_tab import METHODS
from app.views.embeddings.tab_base import EmbeddingTab, HorizontalBars, table
from app.widgets.flow_layout import flow_row
from app.widgets.form import column
from app.widgets.table_beside import table_beside
from engine.embeddings.analogy_test import TOTAL


class AnalogyTestTab(EmbeddingTab):
    # the user chose a test set in the Open dialog (its path)
    file_chosen = Signal(str)

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.file_label = QLabel()
        self.open_button = QPushButton(self.tr("Open test set…"))
        self.open_button.setToolTip(self.tr("An analogy test set in the Google format: “: section” lines, then "
                                            "lines of four words a b c d meaning a : b :: c : d"))
        self.open_button.clicked.connect(self.ask_for_file)
        self.method_box = QComboBox()
        for key, label in METHODS:
            self.method_box.addItem(self.tr(label), key)
        inputs = flow_row(self.open_button, self.file_label, (self.tr("Method:"), self.method_box))
        self.note = style.note_label()
        self.model, self.table = table()
        self.plot = HorizontalBars()  # each section's accuracy
        picture = table_beside(self.table, self.plot)
        self.place(inputs, column(self.note, (picture, 1)), picture)
        bind_widgets(state, test_method=self.method_box)
        state.watch(self._show_file, "test_file")
        self._show_file()
        self.apply_zoom()

    def _show_file(self, _name: str = "") -> None:
        path = self.view_state.test_file
        self.file_label.setText(self.file_name(path))
        self.file_label.setToolTip(path)

    def file_name(self, path: str) -> str:
        """The test set's name: its file's, or the built-in set's ("" for a path)."""
        return Path(path).name if path else self.tr("built in: the grammar's English verb forms")

    def ask_for_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open an analogy test set"), "",
                                              self.tr("Analogy test sets (*.txt);;All files (*)"))
        if path:
            self.file_chosen.emit(path)

    def section_name(self, name: str) -> str:
        return self.tr("Total accuracy") if name == TOTAL else name

    def draw(self, value, request) -> None:
        sections = value.score.sections
        self.model.set_columns(
            [self.tr("section"), self.tr("correct"), self.tr("answered"), self.tr("accuracy"), self.tr("skipped")],
            [[self.section_name(s.name) for s in sections], [len(s.correct) for s in sections],
             [len(s.correct) + len(s.incorrect) for s in sections], [s.accuracy for s in sections],
             [s.unknown for s in sections]], highlight=[len(sections) - 1], digits=4,
            tooltips=["", "", "", "", self.tr("Questions skipped: a word outside the words searched")])
        self.table.fit_columns()
        score = value.score
        self.note.setText(self.tr(
            "{0}: {1} questions; {2} skipped for a word outside the first {3} words (as gensim does); the answer is "
            "the best of the 5 nearest candidates that is not a, b or c, case-insensitive").format(
            self.file_name(value.path), f"{score.questions:,}", f"{score.unknown:,}", f"{value.searched:,}"))
        self.plot.show_bars([self.section_name(s.name) for s in sections], [s.accuracy for s in sections])

    def apply_zoom(self) -> None:
        self.plot.style_text(self.tr("accuracy"))
        self.table.apply_zoom()

    def caption(self) -> str:
        value = self.answer.value
        return self.tr("Analogy test set {0}: {1} of {2} right ({3})").format(
            self.file_name(value.path), len(value.score.sections[-1].correct),
            len(value.score.sections[-1].correct) + len(value.score.sections[-1].incorrect), self.answer.source.name)

    def csv(self):
        sections = self.answer.value.score.sections
        return (["section", "correct", "answered", "accuracy", "skipped_unknown_word"],
                [[s.name, len(s.correct), len(s.correct) + len(s.incorrect), s.accuracy, s.unknown]
                 for s in sections])
