"""Small builders for control panels: a row of labelled inputs, and one call that says "any edit
of these inputs means X"."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QLineEdit, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from app import style

#: the signal each kind of input emits when the user changes it, by attribute name, most
#: specific first (a spin box also has textChanged; "changed" is this app's own composite inputs)
EDIT_SIGNALS = ("changed", "valueChanged", "currentIndexChanged", "toggled", "itemChanged", "textChanged")


def edit_signal(widget: QWidget):
    """The signal `widget` emits when its value is edited (or changed by a program)."""
    for name in EDIT_SIGNALS:
        signal = getattr(widget, name, None)
        if signal is not None:
            return signal
    raise TypeError(f"{type(widget).__name__} has none of the edit signals {EDIT_SIGNALS}")


def relay_edits(target, *widgets: QWidget) -> None:
    """Connect every edit of each of `widgets` to `target` (a signal or a slot)."""
    for widget in widgets:
        edit_signal(widget).connect(target)


def labelled_row(items, stretch: bool = True) -> QHBoxLayout:
    """A row of inputs: each item is a (label, widget) pair (a QLabel with the widget as its
    buddy, then the widget), a widget on its own, or a number of pixels of space; a stretch
    at the end keeps them left-aligned unless `stretch` is False."""
    row = QHBoxLayout()
    for item in items:
        if isinstance(item, int):
            row.addSpacing(item)
        elif isinstance(item, tuple):
            label, widget = item
            caption = QLabel(label)
            caption.setBuddy(widget)
            row.addWidget(caption)
            row.addWidget(widget)
        else:
            row.addWidget(item)
    if stretch:
        row.addStretch(1)
    return row


def beside_button(widget: QWidget, button: QWidget) -> QHBoxLayout:
    """`widget` taking the row, `button` (a view's Export) at its right, aligned to the top so a
    message that wraps to several lines leaves the button where it was."""
    row = QHBoxLayout()
    row.addWidget(widget, 1)
    row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
    return row


def main_line_edit(text: str = "", placeholder: str = "") -> QLineEdit:
    """A view's main one-line input: larger text (readable from the back of a lecture hall) and
    a button that clears it."""
    line_edit = style.scaled(QLineEdit(text), 1.4)
    line_edit.setPlaceholderText(placeholder)
    line_edit.setClearButtonEnabled(True)
    # Opaque to Qt's repaint manager, so that repainting the line edit alone (its cursor blinks
    # every half second, also through a Hugging Face model's seconds-long forward pass) does not
    # repaint the widgets behind it: Qt paints a non-opaque widget's update from its nearest
    # opaque ancestor down (the view and its controls each got a paint event per blink, through
    # their Python event overrides and filters).  The fill is the window colour those ancestors
    # show around the frame's rounded corners, so no pixel changes (tests/app/test_input_blink.py).
    line_edit.setBackgroundRole(QPalette.ColorRole.Window)
    line_edit.setAutoFillBackground(True)
    return line_edit


def labelled_field(label: str, widget: QWidget) -> QHBoxLayout:
    """A label and, beside it, an input that takes the rest of the row."""
    row = QHBoxLayout()
    caption = QLabel(label)
    caption.setBuddy(widget)
    row.addWidget(caption)
    row.addWidget(widget, 1)
    return row


def add_tab(tabs: QTabWidget, page: QWidget, label: str) -> QWidget:
    """Add `page` to `tabs` under `label` and return it (`self.x_tab = add_tab(self.tabs, XTab(), …)`)."""
    tabs.addTab(page, label)
    return page


def scrolling(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area that gives it the width and height it has, or scrolls
    where the widget needs more (its minimum size, or its height for that width)."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area


def column(*rows) -> QWidget:
    """A plain widget holding `rows` one under the other without margins; a row is a widget or
    (widget, stretch) or (widget, stretch, alignment)."""
    panel = QWidget()
    layout = QVBoxLayout(panel)
    layout.setContentsMargins(0, 0, 0, 0)
    for row in rows:
        widget, *rest = row if isinstance(row, tuple) else (row,)
        layout.addWidget(widget, *rest)
    return panel
