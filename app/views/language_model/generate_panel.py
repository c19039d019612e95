"""Sentences sampled from the model, token by token from P(· | the n − 1 tokens before) until
⟨/s⟩, seeded so that the same settings draw the same sentences; "Generate again" takes the next
seed, and a click puts a sentence in the sentence box."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QPushButton, QVBoxLayout, QWidget

from app import style


class GeneratePanel(QWidget):
    # the user clicked a sentence
    use_sentence = Signal(str)
    # the user asked for new samples
    again = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.caption = style.wrapped_label()
        self.again_button = QPushButton(self.tr("Generate again"))
        self.again_button.clicked.connect(self.again)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.itemClicked.connect(lambda item: self.use_sentence.emit(item.text()))
        self.note = style.note_label()
        top = QHBoxLayout()
        top.addWidget(self.caption, 1)
        top.addWidget(self.again_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.note)

    def show_report(self, report, estimator_name: str) -> None:
        self.caption.setText(self.tr("Sentences drawn from the {0}-gram model ({1}), seed {2}: each token from "
                                     "P(w | the {3} tokens before it) until ⟨/s⟩. Click one to score it.").format(
            report.order, estimator_name, report.sample_seed, report.order - 1))
        self.list.clear()
        self.list.addItems(list(report.samples))
        notes = []
        if report.cannot_sample:
            notes.append(self.tr("This model cannot generate: a context on the way has no probability at all "
                                 "(MLE after a context never seen)."))
        if report.estimator == "backoff":
            notes.append(self.tr("The naive back-off's probabilities do not sum to 1: each step divides them by "
                                 "their sum before drawing."))
        if report.order == 1 and report.conventions == "nltk":
            notes.append(self.tr("With nltk's conventions a unigram model never predicts ⟨/s⟩: each sentence stops "
                                 "after 30 tokens."))
        self.note.setText(" ".join(notes))
        self.note.setVisible(bool(notes))
