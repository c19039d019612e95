"""Labels: wrapped text that cannot widen the window, bold titles, muted notes."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget

from app.style.fonts import scaled
from app.style.themes import named_colour, set_text_colour


class WrappedLabel(QLabel):
    """A word-wrapped label whose longest word cannot widen the window.

    Qt's wrapped label asks for its longest word as its minimum width, and labels quote what
    was typed: a 5,000-letter "word" made the main window over 100,000 pixels wide (a 340 MB
    backing store and seconds per paint; found by the soak test).  The minimum width asked for
    is capped at MAX_WORD_EMS ems; a longer word is cut at the label's edge.

    Its height for a width is remembered for the text and font shown: layouts ask for it many
    times per change, and Qt lays out the whole text each time (a message quoting 5,000 typed
    characters cost the GUI thread over 100 ms per relayout)."""

    MAX_WORD_EMS = 20

    def __init__(self, text: str = "", parent=None):
        super().__init__(text, parent)
        self.setWordWrap(True)
        self._heights: tuple[str, str, dict[int, int]] = ("", "", {})  # text, font, width -> height

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        text, font = self.text(), self.font().key()
        if (text, font) != self._heights[:2]:
            self._heights = (text, font, {})
        heights = self._heights[2]
        if width not in heights:
            heights[width] = super().heightForWidth(width)
        return heights[width]

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        """At most MAX_WORD_EMS wide; at least as tall as the text wrapped at the width the label
        has.  A splitter, a scroll area or a grid row counts only the minimum size hint, which
        for a wrapped label is one line at its widest: at 14 pt and more such panels squeezed
        their notes to half their lines (the playground's "lesson's weights" note 137 px tall
        for 250 px of text)."""
        hint = capped_width(self, super().minimumSizeHint(), self.MAX_WORD_EMS)
        if self.isVisible() and self.width() > 0 and self.text():
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event):  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the minimum height above follows the width


def capped_width(widget: QWidget, hint, ems: float):
    """`hint` (a QSize) at most `ems` ems of `widget`'s font wide: for a widget's minimum size
    hint, which otherwise grows with the text it shows (and the window with it)."""
    hint.setWidth(min(hint.width(), round(widget.fontMetrics().horizontalAdvance("M") * ems)))
    return hint


def wrapped_label(text: str = "", rich: bool = False, colour: QColor | None = None) -> QLabel:
    label = WrappedLabel(text)
    if rich:
        label.setTextFormat(Qt.TextFormat.RichText)
    if colour is not None:
        set_text_colour(label, colour)
    return label


def title_label(text: str = "", colour: QColor | None = None, scale: float = 1.0) -> QLabel:
    """A bold heading (in the colour of the series it names, when given)."""
    return scaled(wrapped_label(text, colour=colour), scale, bold=True)


def note_label(text: str = "") -> QLabel:
    """Explanatory text: wrapped and muted, so that the numbers stand out."""
    return wrapped_label(text, colour=named_colour("MUTED"))
