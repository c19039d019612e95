"""The input column of the Entropy & KL view: P and Q as typed, under each box the message about
that box (with a Normalise button when its probabilities do not add up to 1) and a note saying
how it was read, then the messages about both and the formats accepted.

It only holds text: it emits `edited` on every keystroke (the view's loop debounces) and
`normalise_requested(side)` when a box's Normalise button is pressed."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app import style
from app.style import format_number, plural
from app.engine_text import engine_message
from app.views.base import MessageLine
from engine.messages import Message

SIDES = ("P", "Q")


def message_side(text: str) -> str | None:
    """Which box a message is about: engine.entropy_analysis.analyse gives a message about one of
    the two distributions the code "about_side", shown as "P: …" (in Chinese "P：…"); a message
    about both (different outcomes) has no side.  The prefix is that code's own translation, so
    the side is found in every interface language (it once looked for the English "P: " only,
    and the Chinese UI never offered the Normalise button)."""
    for side in SIDES:
        if text.startswith(engine_message(Message("about_side", side=side, detail=""))):
            return side
    return None


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


class InputsMessageLine(MessageLine):
    """The request loop's message line for the input column.  A message about P is shown under
    P's box, one about Q under Q's box (see message_side), any other on this line, under both."""

    def __init__(self, side_lines: dict[str, MessageLine], parent=None):
        super().__init__(parent)
        self.side_lines = side_lines
        #: the box the message shown is about ("P", "Q"), or None
        self.side: str | None = None

    def is_clear(self) -> bool:
        return super().is_clear() and all(line.is_clear() for line in self.side_lines.values())

    def show_message(self, text: str, error: bool = True) -> None:
        self.side = message_side(text)
        for side, line in self.side_lines.items():
            line.show_message(text if side == self.side else "", error)
        super().show_message("" if self.side else text, error)


class DistributionInputs(QWidget):
    edited = Signal()
    #: the Normalise button under the box "P" or "Q" was pressed
    normalise_requested = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.p_edit = QPlainTextEdit()
        self.q_edit = QPlainTextEdit()
        for edit in (self.p_edit, self.q_edit):
            edit.setTabChangesFocus(True)
            edit.textChanged.connect(self.edited)
        self.fit_boxes()
        self.p_title = style.title_label(self.tr("P — what really happens (the truth)"), QColor(*style.P_COLOUR))
        self.q_title = style.title_label(self.tr("Q — the model’s guess (optional)"), style.Q_TEXT)
        self.p_note = style.note_label()
        self.q_note = style.note_label()
        self.p_message, self.q_message = MessageLine(), MessageLine()
        self.p_normalise, self.q_normalise = self._normalise_button("P"), self._normalise_button("Q")
        #: the request loop's message line (messages about both boxes; routes the others)
        self.message = InputsMessageLine({"P": self.p_message, "Q": self.q_message})
        for line in (self.p_message, self.q_message, self.message):
            line.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.formats_help = style.note_label(self.tr(
            "Formats: 0.8 0.1 0.05 0.05 · 80% 10% 5% 5% · 1/2 1/4 1/8 1/8 · counts 8 1 0.5 0.5 · "
            "labels sunny: 0.8, rain: 0.2. Separate with spaces, commas, semicolons or new lines."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 6, 0)
        for title, edit, line, button, note in (
                (self.p_title, self.p_edit, self.p_message, self.p_normalise, self.p_note),
                (self.q_title, self.q_edit, self.q_message, self.q_normalise, self.q_note)):
            layout.addWidget(title)
            layout.addWidget(edit, 1)
            row = QHBoxLayout()
            row.addWidget(line, 1)
            row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            layout.addLayout(row)
            layout.addWidget(note)
        layout.addWidget(self.message)
        layout.addWidget(self.formats_help)

    #: the least height of the P and Q boxes: in pixels (five lines at 11 pt) and in lines of text
    #: at the current size (at 22 pt the 90 px showed two lines before the box scrolled; four
    #: lines each pushed Q below a 1280×680 window's column, three keep both boxes in it)
    BOX_PIXELS, BOX_LINES = 90, 3

    def fit_boxes(self) -> None:
        """The boxes' least height for the text size (the column scrolls when they need more)."""
        for edit in (self.p_edit, self.q_edit):
            lines = self.BOX_LINES * edit.fontMetrics().lineSpacing()
            frame = 2 * edit.frameWidth() + 2 * round(edit.document().documentMargin())
            edit.setMinimumHeight(max(self.BOX_PIXELS, lines + frame))

    def _normalise_button(self, side: str) -> QPushButton:
        button = QPushButton(self.tr("Normalise {0}").format(side))
        button.setToolTip(self.tr("Divide each value of {0} by their sum, so that they add up to 1 "
                                  "(Ctrl+Z in the box undoes it)").format(side))
        button.clicked.connect(lambda: self.normalise_requested.emit(side))
        button.hide()
        return button

    def edit(self, side: str) -> QPlainTextEdit:
        return self.p_edit if side == "P" else self.q_edit

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

    def offer_normalise(self, side: str | None) -> None:
        """Show the Normalise button under box `side` only (None: under neither)."""
        self.p_normalise.setVisible(side == "P")
        self.q_normalise.setVisible(side == "Q")

    def show_sources(self, a, source_title: str | None = None) -> None:
        """Say under P and Q how an engine.infotheory.Analysis read them; `source_title`: the
        view P was sent from, if any."""
        self.p_note.setText(self._describe(a.p_source, len(a.labels), source_title))
        self.q_note.setText(self._describe(a.q_source, len(a.labels)) if a.q_source is not None else
                            self.tr("No Q: type a second distribution to compare."))

    def _describe(self, d, n_aligned: int, source_title: str | None = None) -> str:
        parts = []
        outcomes = plural(len(d), self.tr("{0} outcome"), self.tr("{0} outcomes"))
        if d.kind == "counts":
            parts.append(self.tr("{0} · counts (total {1}), normalised").format(outcomes, format_number(d.total)))
        elif d.kind in ("characters", "words"):
            total = round(d.total)
            what = (plural(total, self.tr("{0} character"), self.tr("{0} characters")) if d.kind == "characters"
                    else plural(total, self.tr("{0} word"), self.tr("{0} words")))
            parts.append(self.tr("{0}, {1} different · normalised counts").format(what, len(d)))
        else:
            kind = {"percentages": self.tr("percentages"), "fractions": self.tr("fractions")}.get(
                d.kind, self.tr("probabilities"))
            parts.append(self.tr("{0} · {1}").format(outcomes, kind))
            if d.normalized:
                parts.append(self.tr("normalised: they added up to {0}").format(format_number(d.total)))
        if n_aligned != len(d):
            parts.append(plural(n_aligned - len(d), self.tr("probability 0 for the other text’s {0} extra outcome"),
                                self.tr("probability 0 for the other text’s {0} extra outcomes")))
        if source_title:
            parts.append(self.tr("sent from: {0}").format(source_title))
        return " · ".join(parts)
