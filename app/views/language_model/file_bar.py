"""The text file as a corpus: what was read (name, encoding, sizes, how it was cut into tokens),
and while a file is loaded in the worker (read, counted, its model set up), the stage's name, a
progress bar and Cancel."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from app import style
from engine.ngram import progress

# the bar counts thousandths of the stage: a QProgressBar holds a 32-bit int, which bytes would overflow
BAR_STEPS = 1000


class FileBar(QWidget):
    # the user cancelled the load
    cancel = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.info = style.wrapped_label()
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.info, 1)
        row.addWidget(self.progress, 1)
        row.addWidget(self.cancel_button)
        self.file_name = ""
        self.show_loading(False)

    def start(self, path: str) -> None:
        self.file_name = Path(path).name
        self.progress.setRange(0, 0)  # busy until the first report gives the size
        self.info.setText(self.tr("Reading {0}…").format(self.file_name))
        self.show_loading(True)

    def prepare(self, path: str) -> None:
        """The model of the loaded file is made at new settings: the bar is ready (busy) but shown
        only if that takes a while (the view's timer), so that a quick one does not flash it."""
        self.file_name = Path(path).name
        self.progress.setRange(0, 0)

    def report_step(self, step) -> None:
        """An engine.ngram.progress.Step of the load: the stage named, the bar at its fraction
        (busy for a stage without a measure)."""
        self.info.setText(self.stage_text(step))
        if step.fraction is None:
            self.progress.setRange(0, 0)
            return
        self.progress.setRange(0, BAR_STEPS)
        self.progress.setValue(round(step.fraction * BAR_STEPS))

    def stage_text(self, step) -> str:
        name = self.file_name
        if step.stage == progress.READ:
            return self.tr("Reading {0}…").format(name)
        if step.stage == progress.COUNT:
            return self.tr("{0}: counting {1}-grams…").format(name, step.order)
        if step.stage == progress.STATISTICS:
            return self.tr("{0}: summing the counts of each context…").format(name)
        if step.stage == progress.ESTIMATOR:
            return self.tr("{0}: setting up the estimator…").format(name)
        return self.tr("{0}: scoring the held-out lines for the δ curve…").format(name)

    def show_loading(self, on: bool) -> None:
        self.progress.setVisible(on)
        self.cancel_button.setVisible(on)

    def show_loaded(self, load) -> None:
        """A FileLoad (engine.ngram.file_corpus) that was not cancelled."""
        self.show_loading(False)
        tokens = (self.tr("Chinese characters as tokens") if load.tokeniser == "zh-chars"
                  else self.tr("whitespace-separated words"))
        self.info.setText(self.tr("{0}: {1}, {2} sentences, {3} tokens ({4}), {5} distinct; every tenth line held "
                                  "out ({6} tokens)").format(Path(load.path).name, load.encoding.upper(),
                                                             f"{load.sentences:,}", f"{load.tokens:,}", tokens,
                                                             f"{load.types:,}", f"{load.heldout_tokens:,}"))

    def show_stopped(self, text: str) -> None:
        """Cancelled or refused: the reason; the corpus on screen stays as it was."""
        self.show_loading(False)
        self.info.setText(text)
