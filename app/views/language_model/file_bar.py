"""The text file as a corpus: what was read (name, encoding, sizes, how it was cut into tokens),
and while a file is being read in the worker, a progress bar and Cancel."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QPushButton, QWidget

from app import style

# the bar counts kilobytes: a QProgressBar holds a 32-bit int, which bytes would overflow past 2 GB
STEP_BYTES = 1024


class FileBar(QWidget):
    # the user cancelled the reading
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
        self.show_loading(False)

    def start(self, path: str) -> None:
        self.progress.setRange(0, 0)  # busy until the first report gives the size
        self.info.setText(self.tr("Reading {0}…").format(Path(path).name))
        self.show_loading(True)

    def report_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total // STEP_BYTES))
        self.progress.setValue(min(done, total) // STEP_BYTES)

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
