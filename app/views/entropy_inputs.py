"""The input column of the Entropy & KL view: P and Q as typed, a note under each saying how it
was read, the message about bad input and the formats it accepts.

It only holds text: it emits `edited` on every keystroke (the view debounces) and
`normalise_requested` when the offered Normalise button is pressed."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.views.entropy_common import Q_TEXT_COLOUR, error_label, note_label, title_label
from app.widgets.numbers import format_number
from app.widgets.paired_bars import P_COLOUR, readable_font


def replace_text(edit: QPlainTextEdit, text: str) -> None:
    """Replace the whole text as one undoable step (Ctrl+Z brings back what was typed)."""
    if edit.toPlainText() == text:
        return
    cursor = edit.textCursor()
    cursor.beginEditBlock()
    cursor.select(QTextCursor.SelectionType.Document)
    cursor.insertText(text)
    cursor.endEditBlock()
    edit.setTextCursor(cursor)


class DistributionInputs(QWidget):
    edited = Signal()
    normalise_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        big = readable_font()
        self.p_edit = QPlainTextEdit()
        self.q_edit = QPlainTextEdit()
        for edit in (self.p_edit, self.q_edit):
            edit.setTabChangesFocus(True)
            edit.setMinimumHeight(90)
            edit.textChanged.connect(self.edited)
        self.p_title = title_label(self.tr("P — what really happens (the truth)"), big, QColor(*P_COLOUR))
        self.q_title = title_label(self.tr("Q — the model’s guess (optional)"), big, Q_TEXT_COLOUR)
        self.p_note = note_label()
        self.q_note = note_label()
        self.error_label = error_label(big)
        self.error_label.setObjectName("error")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.normalise_button = QPushButton(self.tr("Normalise"))
        self.normalise_button.setToolTip(self.tr("Divide each value by the sum, so that they add up to 1"))
        self.normalise_button.clicked.connect(self.normalise_requested)
        self.normalise_button.hide()
        self.formats_help = note_label(self.tr(
            "Formats: 0.8 0.1 0.05 0.05 · 80% 10% 5% 5% · 1/2 1/4 1/8 1/8 · counts 8 1 0.5 0.5 · "
            "labels sunny: 0.8, rain: 0.2. Separate with spaces, commas, semicolons or new lines."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 6, 0)
        layout.addWidget(self.p_title)
        layout.addWidget(self.p_edit, 1)
        layout.addWidget(self.p_note)
        layout.addWidget(self.q_title)
        layout.addWidget(self.q_edit, 1)
        layout.addWidget(self.q_note)
        layout.addWidget(self.error_label)
        row = QHBoxLayout()
        row.addWidget(self.normalise_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.formats_help)

    def texts(self) -> tuple[str, str]:
        return self.p_edit.toPlainText(), self.q_edit.toPlainText()

    def set_texts(self, p_text: str, q_text: str | None = None) -> None:
        """Replace P (and Q unless None), each as one undoable step."""
        replace_text(self.p_edit, p_text)
        if q_text is not None:
            replace_text(self.q_edit, q_text)

    def set_text_mode(self, text_mode: bool) -> None:
        """Text mode counts characters or words; otherwise the fields take numbers."""
        self.formats_help.setVisible(not text_mode)
        if text_mode:
            self.p_edit.setPlaceholderText(self.tr("Type or paste some text: its frequencies become P"))
            self.q_edit.setPlaceholderText(self.tr("Optional: another text, whose frequencies become Q"))
        else:
            self.p_edit.setPlaceholderText(self.tr("e.g. sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05"))
            self.q_edit.setPlaceholderText(self.tr("Optional, e.g. 0.25 0.25 0.25 0.25"))

    def show_error(self, message: str, offer_normalise: bool) -> None:
        self.error_label.setText(message)
        self.error_label.show()
        self.normalise_button.setVisible(offer_normalise)

    def clear_error(self) -> None:
        self.error_label.clear()
        self.error_label.hide()
        self.normalise_button.hide()

    def show_sources(self, a, source_title: str | None = None) -> None:
        """Say under P and Q how an engine.infotheory.Analysis read them; `source_title`: the
        view P was sent from, if any."""
        self.p_note.setText(self._describe(a.p_source, len(a.labels), source_title))
        self.q_note.setText(self._describe(a.q_source, len(a.labels)) if a.q_source is not None else
                            self.tr("No Q: type a second distribution to compare."))

    def _describe(self, d, n_aligned: int, source_title: str | None = None) -> str:
        parts = []
        if d.kind == "counts":
            parts.append(self.tr("{0} outcomes · counts (total {1}), normalised").format(len(d), format_number(d.total)))
        elif d.kind in ("characters", "words"):
            what = self.tr("characters") if d.kind == "characters" else self.tr("words")
            parts.append(self.tr("{0} {1}, {2} different · normalised counts").format(
                format_number(d.total), what, len(d)))
        else:
            kind = {"percentages": self.tr("percentages"), "fractions": self.tr("fractions")}.get(
                d.kind, self.tr("probabilities"))
            parts.append(self.tr("{0} outcomes · {1}").format(len(d), kind))
            if d.normalized:
                parts.append(self.tr("normalised: they added up to {0}").format(format_number(d.total)))
        if n_aligned != len(d):
            parts.append(self.tr("probability 0 for the other text’s {0} extra outcome(s)").format(n_aligned - len(d)))
        if source_title:
            parts.append(self.tr("sent from: {0}").format(source_title))
        return " · ".join(parts)
