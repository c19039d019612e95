"""The line under a view's controls: errors in red and bold, notes in grey; hidden when empty.

A message is shown whole: it wraps, and beyond MAX_LINES lines it scrolls inside the line (it
was cut off there, "(The" ending an error).  A message may quote what was typed, so neither
its height nor a long quoted word may grow the window: 5,000 quoted characters wrapped to
11,500 pixels and made the window that tall (found by the soak test)."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea

from app import style


class MessageLine(QScrollArea):
    MAX_LINES = 4

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("message")
        self.label = style.WrappedLabel("")
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.is_error = False
        for widget in (self, self.label):  # the zoom rescales the label's font (fonts.rescale_fonts)
            widget.setFont(style.font(bold=True))
        self.label.setProperty("font_scale", 1.0)
        self.label.setProperty("font_bold", True)
        self.setWidget(self.label)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.viewport().setAutoFillBackground(False)  # the window's colour, as a label's
        self.label.setAutoFillBackground(False)
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.hide()

    def text(self) -> str:
        return self.label.text()

    def setTextInteractionFlags(self, flags) -> None:  # noqa: N802 - QLabel's name, as callers knew it
        self.label.setTextInteractionFlags(flags)

    def _tallest(self) -> int:
        return self.label.fontMetrics().lineSpacing() * self.MAX_LINES + 2

    def _text_height(self, width: int) -> int:
        margins = self.label.contentsMargins()
        return self.label.heightForWidth(max(1, width)) + margins.top() + margins.bottom()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """The whole text when it fits in MAX_LINES lines; else MAX_LINES lines, scrolled."""
        return min(self._text_height(width), self._tallest())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        width = max(self.width(), self.label.minimumSizeHint().width())
        return QSize(self.label.minimumSizeHint().width(), self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()

    def show_message(self, text: str, error: bool = True) -> None:
        self.is_error = bool(text) and error
        style.set_text_colour(self, style.ERROR if error else style.INFO)  # the label inherits it
        self.label.setText(text)
        self.verticalScrollBar().setValue(0)
        self.setVisible(bool(text))
        self.updateGeometry()

    def is_clear(self) -> bool:
        """Nothing shown (a line that shows its messages elsewhere too says so for them)."""
        return self.isHidden() and not self.label.text()

    def clear_message(self) -> None:
        # nothing to clear: every answer clears the line, and clearing it again restyled it and
        # asked the whole view for a new layout (a second paint of the window per keystroke)
        if self.is_clear():
            return
        self.show_message("", error=False)
