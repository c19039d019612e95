"""The Embeddings view's inputs above the tabs: which vectors (a shipped source or the user's
file, opened with Open file… and read in the worker), k, and the progress of a long computation
(a file being read, a t-SNE map) with its Cancel button."""
from __future__ import annotations

from pathlib import Path

from functools import partial

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel, QMenu, QProgressBar, QPushButton,
                               QSpinBox, QToolButton, QVBoxLayout, QWidget)

from app.binding import bind_widgets
from app.views.embeddings.state import FILE_FORMATS, EmbeddingsState
from app.widgets.flow_layout import flow_row

CONTEXT = "EmbeddingsControls"
# how each shipped source is named in the selector
TRAINED = {"word2vec-en": QT_TRANSLATE_NOOP("EmbeddingsControls", "word2vec trained here, English words"),
           "word2vec-zh": QT_TRANSLATE_NOOP("EmbeddingsControls", "word2vec trained here, Chinese words"),
           "glove-en": QT_TRANSLATE_NOOP("EmbeddingsControls", "GloVe trained here, English words"),
           "glove-zh": QT_TRANSLATE_NOOP("EmbeddingsControls", "GloVe trained here, Chinese words")}
SIDES = {"source": QT_TRANSLATE_NOOP("EmbeddingsControls", "{0}: embedding of its input (source)"),
         "target": QT_TRANSLATE_NOOP("EmbeddingsControls", "{0}: embedding of its output (target)")}
FORMATS = {"glove": QT_TRANSLATE_NOOP("EmbeddingsControls", "GloVe text (no header)"),
           "word2vec": QT_TRANSLATE_NOOP("EmbeddingsControls", "word2vec text"),
           "word2vec-binary": QT_TRANSLATE_NOOP("EmbeddingsControls", "word2vec binary"),
           "fasttext": QT_TRANSLATE_NOOP("EmbeddingsControls", "fastText .vec")}


def source_label(key: str) -> str:
    """The selector's name of a source key (engine.embeddings.lesson)."""
    kind, _, rest = key.partition(":")
    if kind == "trained":
        return QCoreApplication.translate(CONTEXT, TRAINED[rest]) if rest in TRAINED else rest
    if kind == "model":
        model, side = rest.rsplit(":", 1)
        return QCoreApplication.translate(CONTEXT, SIDES.get(side, "{0}")).format(model)
    fmt, path = rest.split(":", 1)
    return QCoreApplication.translate("EmbeddingsControls", "{0} (your file, {1})").format(
        Path(path).name, QCoreApplication.translate(CONTEXT, FORMATS.get(fmt, fmt)))


class EmbeddingsControls(QWidget):
    # the user chose a file (path, format) in the Open dialog
    file_chosen = Signal(str, str)
    # Cancel was pressed while a file was read or a map computed
    cancel_requested = Signal()

    def __init__(self, state: EmbeddingsState, source_keys, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.source_box = QComboBox()
        for key in source_keys:
            self.source_box.addItem(source_label(key), key)
        self.add_source(state.source)  # a file restored from a session
        # the file's format is chosen in the button's menu, on the way to the dialog: a "File
        # format:" box of its own beside it took a row of the controls at 22 pt
        self.open_button = QToolButton()
        self.open_button.setText(self.tr("Open file…"))
        self.open_button.setToolTip(self.tr("Open your own vectors: GloVe text, word2vec text or binary, fastText "
                                            ".vec (read once, then cached)"))
        self.open_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.open_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        menu = QMenu(self.open_button)
        for fmt in FILE_FORMATS:
            menu.addAction(self.tr(FORMATS[fmt]), partial(self.ask_for_file, fmt))
        self.open_button.setMenu(menu)
        self.k_spin = QSpinBox()
        self.k_spin.setRange(1, 100)
        self.k_spin.setToolTip(self.tr("How many nearest words (neighbours and analogy candidates)"))
        self.restrict_spin = QSpinBox()
        self.restrict_spin.setRange(0, 100_000_000)
        self.restrict_spin.setSingleStep(10000)
        self.restrict_spin.setGroupSeparatorShown(True)
        self.restrict_spin.setSpecialValueText(self.tr("all"))
        self.restrict_spin.setToolTip(self.tr("Neighbours, analogies and the test set compare with the first N words "
                                              "only (gensim's restrict_vocab; files list the most frequent first)"))
        self.size_label = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress_label = QLabel()
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.clicked.connect(self.cancel_requested)
        progress_row = QHBoxLayout()
        progress_row.setContentsMargins(0, 0, 0, 0)
        progress_row.addWidget(self.progress_label)
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.cancel_button)
        self.progress_panel = QWidget()
        self.progress_panel.setLayout(progress_row)
        self.progress_panel.setVisible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.row = flow_row((self.tr("Vectors:"), self.source_box), self.open_button, (self.tr("k:"), self.k_spin),
                            (self.tr("Words searched:"), self.restrict_spin), self.size_label)
        layout.addWidget(self.row)
        layout.addWidget(self.progress_panel)
        bind_widgets(state, source=self.source_box, k=self.k_spin, restrict_vocab=self.restrict_spin)

    def add_to_row(self, widget: QWidget) -> None:
        """Put `widget` (the view's Export button) at the end of the row of inputs."""
        self.row.layout().addWidget(widget)

    def add_source(self, key: str) -> None:
        """Offer `key` in the selector (a user's file; shipped sources are there from the start)."""
        if key.startswith("file:") and self.source_box.findData(key) < 0:
            self.source_box.addItem(source_label(key), key)

    def ask_for_file(self, fmt: str) -> None:
        """The Open dialog for a file of vectors in format `fmt` (a key of FORMATS)."""
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open word vectors"), "",
                                              self.tr("Word vectors (*.txt *.vec *.bin *.w2v);;All files (*)"))
        if path:
            self.file_chosen.emit(path, fmt)

    def show_progress(self, what: str, fraction: float) -> None:
        self.progress_label.setText(what)
        self.progress.setValue(int(round(1000 * max(0.0, min(1.0, fraction)))))
        self.progress_panel.setVisible(True)

    def hide_progress(self) -> None:
        self.progress_panel.setVisible(False)

    def show_size(self, words: int, dimension: int) -> None:
        self.size_label.setText(self.tr("V = {0} words, d = {1}").format(f"{words:,}", dimension))
