"""A button that shows or hides a view's side column, folded by default at large text or where
the view has little width.

At 18-22 pt on a 1280 px projector a side column of about 30 characters (the attention view's
selected row and all heads, the beam view's node, error and n-best tabs) took a third of the
width beside the main plot, which then kept only a third of the window (issue 23 asks 40 %).
From FOLD_FROM_POINTS the column starts folded and the plot takes the whole width; the button,
always in view and reachable with the keyboard, opens it again.  The same happens at any text
size where the column would take more than ROOM_SHARE of the width the view has (beside the
lecture panel at 11 pt).  What the user chose stays until the text size or the room crosses its
threshold again.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QAbstractScrollArea, QPushButton, QWidget
from shiboken6 import isValid

from app import style

#: from this text size the side column starts folded (with it open, at 16 pt the attention
#: heatmap had 38 % of a 1280×680 window in Chinese; at 18 pt both views' plots had 32-37 %)
FOLD_FROM_POINTS = 16.0
#: the most of the view's width the open column may take at its least width: beside the lecture
#: panel at 11 pt (a page of about 1,070 px of a 1280 px window) the attention view's 320 px column
#: left its heatmap 36 % of the window's rest in Chinese; alone on the window's page (1,272 px)
#: the columns take 25 % (attention) and 27 % (beam)
ROOM_SHARE = 0.29


class SideToggle(QPushButton):
    """A checkable button: checked while `panel` is shown.  `fit_to_text()` (call it from the
    view's apply_zoom) folds the panel when the text size crosses FOLD_FROM_POINTS upwards and
    opens it when it crosses back; a change of the room the view has does the same by itself."""

    def __init__(self, panel: QWidget, text: str, tooltip: str, parent: QWidget | None = None):
        super().__init__(text, parent)
        self.panel = panel
        self.setCheckable(True)
        self.setChecked(True)
        self.setToolTip(tooltip)
        self.toggled.connect(panel.setVisible)
        self._fold_by_default: bool | None = None  # the default last set (folded or open)
        self._room: QWidget | None = None  # the widget whose width is the view's room

    def fit_to_text(self) -> None:
        self._follow_room()
        fold = style.point_size() >= FOLD_FROM_POINTS or self._little_room()
        if fold != self._fold_by_default:
            self._fold_by_default = fold
            self.setChecked(not fold)

    def folded(self) -> bool:
        """The side column is folded away (its content is not on the screen)."""
        return not self.isChecked()

    # ---- the room ------------------------------------------------------------------------------
    def room_widget(self) -> QWidget:
        """What gives the view its width: the viewport of the window's page that scrolls the view
        ("view_page"), else the top-level widget.  Not the view itself: where it scrolls it is
        as wide as it needs, whatever the room."""
        widget = self.panel.parentWidget()
        while widget is not None:
            area = widget.parentWidget()
            if isinstance(area, QAbstractScrollArea) and area.viewport() is widget and area.objectName() == "view_page":
                return widget
            widget = area
        return self.panel.window()

    def _little_room(self) -> bool:
        room = self._room.width() if self._room is not None and isValid(self._room) else 0
        least = max(self.panel.minimumWidth(), self.panel.minimumSizeHint().width())
        return room > 0 and least > ROOM_SHARE * room

    def _follow_room(self) -> None:
        room = self.room_widget()
        if room is not self._room:
            if self._room is not None and isValid(self._room):  # a page the view has left may be gone
                self._room.removeEventFilter(self)
            self._room = room
            room.installEventFilter(self)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.fit_to_text()  # placed in its page since the last fit

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if watched is self._room and event.type() == QEvent.Type.Resize:
            self.fit_to_text()
        return super().eventFilter(watched, event)
