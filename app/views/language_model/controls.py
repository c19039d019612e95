"""The language-model view's inputs: the corpus (built in, pasted or a text file), the model (n,
estimator, δ, D) and the typed sentence, bound to the view's state.  Next to the estimator, the
naive back-off shows Σ_w P(w | h), which is not 1: it is not a distribution."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QLabel, QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout,
                               QWidget)

from app import style
from app.binding import bind_widgets
from app.views.language_model.state import LanguageModelState
from app.widgets.flow_layout import flow_row
from app.widgets.form import labelled_field, main_line_edit

CORPORA = (("en", QT_TRANSLATE_NOOP("LanguageModelControls", "English sentences (built in)")),
           ("zh-words", QT_TRANSLATE_NOOP("LanguageModelControls", "Chinese words (built in)")),
           ("zh-chars", QT_TRANSLATE_NOOP("LanguageModelControls", "Chinese characters (built in)")),
           ("dates", QT_TRANSLATE_NOOP("LanguageModelControls", "date strings, characters (built in)")),
           ("pasted", QT_TRANSLATE_NOOP("LanguageModelControls", "pasted text")),
           ("file", QT_TRANSLATE_NOOP("LanguageModelControls", "text file (Open…)")))
WORDS = (1_000, 10_000, 100_000, 1_000_000)
ESTIMATORS = (("mle", QT_TRANSLATE_NOOP("LanguageModelControls", "MLE (counting)")),
              ("add-one", QT_TRANSLATE_NOOP("LanguageModelControls", "add-one (Laplace)")),
              ("add-delta", QT_TRANSLATE_NOOP("LanguageModelControls", "add-δ (Lidstone)")),
              ("good-turing", QT_TRANSLATE_NOOP("LanguageModelControls", "Good-Turing")),
              ("katz", QT_TRANSLATE_NOOP("LanguageModelControls", "Katz back-off")),
              ("backoff", QT_TRANSLATE_NOOP("LanguageModelControls", "naive back-off (not a distribution)")),
              ("interpolation", QT_TRANSLATE_NOOP("LanguageModelControls", "linear interpolation (λ by EM)")),
              ("kneser-ney", QT_TRANSLATE_NOOP("LanguageModelControls", "Kneser-Ney (interpolated)")))
CONVENTIONS = (("nltk", QT_TRANSLATE_NOOP("LanguageModelControls", "nltk.lm")),
               ("textbook", QT_TRANSLATE_NOOP("LanguageModelControls", "textbook")))


class LanguageModelControls(QWidget):
    def __init__(self, state: LanguageModelState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.corpus_box = QComboBox()
        for key, label in CORPORA:
            self.corpus_box.addItem(self.tr(label), key)
        self.words_box = QComboBox()
        self.words_box.setToolTip(self.tr("Training words of the built-in corpus; a tenth more are held out"))
        for words in WORDS:
            self.words_box.addItem(f"{words:,}", words)
        self.order_spin = QSpinBox()
        self.order_spin.setRange(1, 5)
        self.order_spin.setToolTip(self.tr("n: each word is predicted from the n − 1 words before it"))
        self.estimator_box = QComboBox()
        for key, label in ESTIMATORS:
            self.estimator_box.addItem(self.tr(label), key)
        self.conventions_box = QComboBox()
        for key, label in CONVENTIONS:
            self.conventions_box.addItem(self.tr(label), key)
        self.conventions_box.setToolTip(self.tr(
            "nltk.lm: n − 1 ⟨s⟩ and n − 1 ⟨/s⟩ around each sentence, both counted as words. Textbook: n − 1 ⟨s⟩ "
            "and one ⟨/s⟩, and only the words and ⟨/s⟩ are predicted. The note under the sentence says more."))
        self.delta_spin = QDoubleSpinBox()
        self.delta_spin.setDecimals(6)  # δ on the curve runs down to 10⁻⁴
        self.delta_spin.setRange(0.0001, 10.0)
        self.delta_spin.setSingleStep(0.01)
        self.delta_spin.setKeyboardTracking(False)
        self.discount_spin = QDoubleSpinBox()
        self.discount_spin.setDecimals(2)
        self.discount_spin.setRange(0.05, 1.0)
        self.discount_spin.setSingleStep(0.05)
        self.discount_spin.setKeyboardTracking(False)
        self.pasted = QPlainTextEdit()
        self.pasted.setPlaceholderText(self.tr("Paste a training text: one sentence per line, words separated "
                                               "by spaces (every tenth line is held out)"))
        self.pasted.setTabChangesFocus(True)
        self.pasted.setMaximumHeight(self.pasted.fontMetrics().lineSpacing() * 4 + 12)
        self.sentence = main_line_edit(placeholder=self.tr("Type a sentence"))
        self.open_button = QPushButton(self.tr("Open text file…"))
        self.open_button.setToolTip(self.tr("A UTF-8 or GB18030 text file of up to 200 MB, one sentence per line"))
        self.backoff_sum = style.scaled(QLabel(), 1.0, bold=True)  # one line: it sits in the row of inputs
        self.backoff_sum.setToolTip(self.tr("The naive back-off takes c(h w)/c(h) when h w was seen, else the "
                                            "same one order lower: summed over every word it gives more than 1."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(flow_row((self.tr("Corpus:"), self.corpus_box), (self.tr("Size (words):"), self.words_box),
                                  (self.tr("n:"), self.order_spin), (self.tr("Estimator:"), self.estimator_box),
                                  self.open_button, (self.tr("δ:"), self.delta_spin),
                                  (self.tr("Discount D:"), self.discount_spin), self.backoff_sum))
        layout.addWidget(self.pasted)
        sentence_row = labelled_field(self.tr("Sentence:"), self.sentence)
        # beside the sentence, whose padding they set: a ninth box in the row above wrapped it
        # to a third line at 18 pt on 1280×680 (tests/app/test_layout_fit.py)
        conventions_label = QLabel(self.tr("Conventions:"))
        conventions_label.setBuddy(self.conventions_box)
        sentence_row.addWidget(conventions_label)
        sentence_row.addWidget(self.conventions_box)
        layout.addLayout(sentence_row)
        self.sentence_row = sentence_row
        bind_widgets(state, corpus=self.corpus_box, words=self.words_box, pasted=self.pasted, order=self.order_spin,
                     estimator=self.estimator_box, conventions=self.conventions_box, delta=self.delta_spin,
                     discount=self.discount_spin,
                     sentence=self.sentence)
        state.watch(self._show_relevant, "corpus", "estimator")
        self._show_relevant()

    def add_to_sentence_row(self, button: QWidget) -> None:
        """`button` (the view's Export) at the end of the sentence's row: on a row of its own
        under it, it made the view 15 px too tall for a 1280×680 window at 22 pt (45 in Chinese)."""
        self.sentence_row.addWidget(button)

    def _show_relevant(self, *_) -> None:
        """Only the inputs the chosen corpus and estimator use are enabled (the pasted text is
        shown only for the pasted corpus)."""
        state = self.view_state
        self.pasted.setVisible(state.corpus == "pasted")
        self.words_box.setEnabled(state.corpus not in ("pasted", "file"))
        self.delta_spin.setEnabled(state.estimator == "add-delta")
        self.discount_spin.setEnabled(state.estimator == "kneser-ney")
        self.backoff_sum.setVisible(state.estimator == "backoff")

    def estimator_name(self, key: str) -> str:
        """The estimator's name as its box shows it."""
        return self.tr(dict(ESTIMATORS)[key])

    def show_sum(self, total: float, context: str) -> None:
        """The naive back-off's Σ_w P(w | h) after the sentence typed so far."""
        self.backoff_sum.setText(self.tr("Σ_w P(w | {0}) = {1} ≠ 1").format(context, style.format_number(total, 5)))
