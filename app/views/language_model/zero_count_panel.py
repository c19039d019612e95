"""The zero-count moment: a held-out sentence to which MLE gives probability 0 (one of its
n-grams never occurred in training, so its perplexity is ∞), scored by MLE and, under it, by a
smoothed estimator (the chosen one, add-one when MLE is chosen), each as a strip of its
tokens' probabilities with the perplexity."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app import style
from app.views.language_model.sentence_panel import SentencePanel


def compact_strip() -> SentencePanel:
    """A sentence strip with its perplexity only (the captions are the Sentence tab's)."""
    strip = SentencePanel()
    for label in (strip.caption, strip.log_label, strip.entropy_label, strip.conventions):
        label.hide()
    return strip


class ZeroCountPanel(QWidget):
    # the user wants the sentence in the sentence box
    use_sentence = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.sentence = ""
        self.caption = style.wrapped_label()
        self.use_button = QPushButton(self.tr("Type it in the sentence box"))
        self.use_button.clicked.connect(lambda: self.use_sentence.emit(self.sentence))
        self.mle_title = style.title_label()
        self.mle_strip = compact_strip()
        self.smoothed_title = style.title_label()
        self.smoothed_strip = compact_strip()
        top = QHBoxLayout()
        top.addWidget(self.caption, 1)
        top.addWidget(self.use_button)
        page = QWidget()
        inner = QVBoxLayout(page)
        inner.addLayout(top)
        for widget in (self.mle_title, self.mle_strip, self.smoothed_title, self.smoothed_strip):
            inner.addWidget(widget)
        inner.addStretch(1)
        # at large text on a small screen the two strips scroll rather than overlap
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def show_report(self, report, smoothed_name: str) -> None:
        zero = report.zero
        found = zero is not None
        for widget in (self.use_button, self.mle_title, self.mle_strip, self.smoothed_title, self.smoothed_strip):
            widget.setVisible(found)
        if not found:
            self.sentence = ""
            self.caption.setText(self.tr("MLE gives every held-out sentence a probability above 0 with n = {0}: "
                                         "no zero count to rescue here (try a larger n).").format(report.order))
            return
        self.sentence = zero.sentence
        self.caption.setText(self.tr("Held-out sentence {0}: “{1}”. One of its {2}-grams never occurred in "
                                     "training: MLE gives it probability 0, perplexity ∞.").format(
            zero.index + 1, zero.sentence, report.order))
        self.mle_title.setText(self.tr("MLE (counting)"))
        self.mle_strip.show_report(zero.mle)
        self.smoothed_title.setText(self.tr("Rescued by {0}").format(smoothed_name))
        self.smoothed_strip.show_report(zero.smoothed)
