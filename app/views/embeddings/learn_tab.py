"""Watch embeddings learn: word2vec (skip-gram with negative sampling) trained on the built-in
grammar corpus in the worker; every few hundred steps the loss curve and the neighbours of the
watched words are drawn again from the embedding as it is at that step."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QWidget

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, table, word_edit
from app.widgets.flow_layout import flow_row
from app.widgets.form import column
from app.widgets.plot_text import style_plot_text

LANGUAGES = (("en", QT_TRANSLATE_NOOP("LearnTab", "English sentences")),
             ("zh", QT_TRANSLATE_NOOP("LearnTab", "Chinese sentences")))


class LearnTab(EmbeddingTab):
    start_requested = Signal()
    stop_requested = Signal()

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.snapshot = None  # the engine.embeddings.watch.Snapshot on screen
        self.language_box = QComboBox()
        for key, label in LANGUAGES:
            self.language_box.addItem(self.tr(label), key)
        self.words = word_edit(width_chars=20)
        self.train_button = QPushButton(self.tr("Train word2vec"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setEnabled(False)
        self.train_button.clicked.connect(self.start_requested)
        self.stop_button.clicked.connect(self.stop_requested)
        self.status = style.wrapped_label()
        self.plot = pg.PlotWidget(background=style.plot_background())
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.curve = self.plot.plot([], [], pen=pg.mkPen(style.SERIES[0], width=3), symbol="o", symbolSize=5,
                                    symbolBrush=style.SERIES[0])
        self.model, self.table = table()
        row = QWidget()
        pictures = QHBoxLayout(row)
        pictures.setContentsMargins(0, 0, 0, 0)
        pictures.addWidget(self.plot, 1)
        pictures.addWidget(self.table, 1)
        self.place(flow_row((self.tr("Corpus:"), self.language_box), (self.tr("Watch:"), self.words),
                            self.train_button, self.stop_button),
                   column(self.status, (row, 1)))
        bind_widgets(state, learn_language=self.language_box, learn_words=self.words)
        self.apply_zoom()

    def show_result(self, result) -> None:
        self.result = result
        self.show_snapshot(result.value)

    def redraw(self) -> None:
        if self.snapshot is not None:
            self.show_snapshot(self.snapshot)

    def set_training(self, running: bool) -> None:
        self.train_button.setEnabled(not running)
        self.stop_button.setEnabled(running)

    def show_snapshot(self, snapshot) -> None:
        self.snapshot = snapshot
        self.curve.setData(list(snapshot.loss_steps), list(snapshot.losses))
        rows = [(word, rank, near, cosine) for word, pairs in snapshot.neighbours
                for rank, (near, cosine) in enumerate(pairs, 1)]
        self.model.set_columns([self.tr("word"), self.tr("rank"), self.tr("neighbour"), self.tr("cosine similarity")],
                               [[r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows],
                                [r[3] for r in rows]])
        self.table.fit_columns()
        if snapshot.step == 0:
            text = self.tr("Before training ({0} sentences, {1} words): the vectors are random, and so are the "
                           "neighbours. Press Train.").format(f"{snapshot.sentences:,}", snapshot.vocabulary)
        elif snapshot.finished:
            text = self.tr("Trained: {0} steps; loss {1}.").format(f"{snapshot.steps:,}",
                                                                   style.format_number(snapshot.losses[-1], 4))
        elif snapshot.stopped:
            text = self.tr("Stopped at step {0} of {1}.").format(f"{snapshot.step:,}", f"{snapshot.steps:,}")
        else:
            text = self.tr("Step {0} of {1}: loss {2}").format(f"{snapshot.step:,}", f"{snapshot.steps:,}",
                                                                style.format_number(snapshot.losses[-1], 4))
        self.status.setText(text)

    def apply_zoom(self) -> None:
        style_plot_text(self.plot.getPlotItem(), {"bottom": self.tr("step"),
                                                  "left": self.tr("mean loss since the last report")})
        self.table.apply_zoom()

    def caption(self) -> str:
        s = self.snapshot
        corpus = self.tr(dict(LANGUAGES).get(s.language, s.language))
        return self.tr("word2vec on the grammar's {0}, step {1} of {2}").format(corpus, s.step, s.steps)

    def csv(self):
        s = self.snapshot
        loss = s.losses[-1] if s.losses else None
        return (["step", "loss", "word", "rank", "neighbour", "cosine"],
                [[s.step, loss, word, rank, near, cosine] for word, pairs in s.neighbours
                 for rank, (near, cosine) in enumerate(pairs, 1)])

    def picture(self):
        return self.results
