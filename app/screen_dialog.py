"""Dialogs that fit the screen: a long text scrolls inside the dialog instead of pushing its OK
button below the projector's edge (the shortcuts dialog was 840 px tall on a 720 px screen)."""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QScrollArea, QVBoxLayout, QWidget


def available_geometry(widget: QWidget) -> QRect:
    """The work area (without task bars) of the screen the widget is on."""
    screen = widget.screen()
    return screen.availableGeometry()


def fit_to_screen(dialog: QWidget) -> None:
    """At most the screen's work area (less the title bar's height, which Qt does not count),
    as large as its content needs within that."""
    area = available_geometry(dialog)
    frame = dialog.frameGeometry().height() - dialog.geometry().height()
    most_width, most_height = area.width(), area.height() - max(frame, 0)
    dialog.setMaximumSize(most_width, most_height)
    hint = dialog.sizeHint()
    dialog.resize(min(hint.width(), most_width), min(hint.height(), most_height))
    geometry = dialog.frameGeometry()
    geometry.moveCenter(area.center())
    dialog.move(max(geometry.left(), area.left()), max(geometry.top(), area.top()))


class ScrollingMessage(QDialog):
    """A title, a rich text that scrolls when the screen is too short for it, and OK."""

    def __init__(self, parent: QWidget | None, title: str, rich_text: str):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.text = QLabel(rich_text)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.text)
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.accept)
        column = QVBoxLayout(self)
        column.addWidget(self.scroll, 1)
        column.addWidget(self.buttons)

    def sizeHint(self):  # noqa: N802 - Qt's name
        # the whole text without scrolling (a scroll area's own hint is small); fit_to_screen caps it
        hint = super().sizeHint()
        text = self.text.sizeHint()
        scroll_bar = self.scroll.verticalScrollBar().sizeHint().width()
        margins = self.layout().contentsMargins()
        frame = 2 * self.scroll.frameWidth()
        return hint.expandedTo(QSize(
            text.width() + margins.left() + margins.right() + frame + scroll_bar,
            text.height() + margins.top() + margins.bottom() + frame + self.layout().spacing()
            + self.buttons.sizeHint().height()))

    def showEvent(self, event):  # noqa: N802 - Qt's name
        fit_to_screen(self)
        super().showEvent(event)
