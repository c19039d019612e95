"""Application shortcuts win over the focused text field.

A focused QLineEdit / QPlainTextEdit claims some key combinations for itself (Ctrl+E moves to the
end of the line, PageDown scrolls) by accepting Qt's ShortcutOverride event, and then the window's
action never fires: Ctrl+E did nothing after typing, the normal state of a lecture.  Qt sends the
ShortcutOverride to the focus widget and, while nobody accepts it, on to its parents (a spin box
for its line edit); the guard filters the events of those few widgets (it moves with the focus)
and refuses the override for the window's own shortcuts, so Qt runs the action.  Other keys
(Ctrl+A, Ctrl+C, arrows …) stay the field's.

A combo box's open list (a popup window of its own) is the other case: while a popup is open Qt
matches shortcuts against the popup alone, so no window shortcut fired (Ctrl+E, Ctrl+3, F11 did
nothing while the list of "Length normalisation" was open).  The guard follows the focus into a
popup that belongs to the window, and for the window's own shortcuts closes the popups and runs
the action itself.

Why not a filter on the whole application: Python then runs for every event of every widget
(about 200,000 while the window builds its views), and each window left alive keeps filtering."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid


class ShortcutGuard(QObject):
    """Lives as a child of `window`; watches the focus widget while it is inside `window`."""

    def __init__(self, window: QWidget, actions: Callable[[], Iterable[QAction]]):
        super().__init__(window)
        self._window = window
        self._actions = actions
        self._watched: list[QWidget] = []
        QApplication.instance().focusChanged.connect(self._follow_focus)
        self._follow_focus(None, QApplication.focusWidget())

    @property
    def watched(self) -> list[QWidget]:
        """The widgets whose events are filtered now: the focus widget inside the window and its
        parents up to the window."""
        return [w for w in self._watched if isValid(w)]

    def _follow_focus(self, _old, new) -> None:
        if not isValid(self):
            return
        for widget in self.watched:
            widget.removeEventFilter(self)
        self._watched = []
        if isinstance(new, QWidget) and isValid(self._window) and self._inside(new):
            while new is not None and new is not self._window:
                new.installEventFilter(self)
                self._watched.append(new)
                new = new.parentWidget()

    def _inside(self, widget: QWidget) -> bool:
        """`widget` is in the window, or in a popup (a combo box's list) opened from it."""
        while widget is not None:
            if widget is self._window:
                return True
            widget = widget.parentWidget()  # a popup's parent is the widget that opened it
        return False

    def action_for(self, sequence: QKeySequence) -> QAction | None:
        """The window's action with the shortcut `sequence` (None: not one of the window's)."""
        for action in self._actions():
            if any(not s.isEmpty() and s.matches(sequence) == QKeySequence.SequenceMatch.ExactMatch
                   for s in action.shortcuts()):
                return action
        return None

    def owns(self, sequence: QKeySequence) -> bool:
        return self.action_for(sequence) is not None

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.ShortcutOverride:
            return False
        action = self.action_for(QKeySequence(event.keyCombination()))
        if action is None:
            return False
        if QApplication.activePopupWidget() is None:
            event.ignore()  # not the field's: Qt goes on to the window's action
            return True
        # a popup of the window is open, and Qt would look for the shortcut in it alone: close
        # it (and any popup it opened) and run the action once the key's events are over
        while (popup := QApplication.activePopupWidget()) is not None:
            popup.close()
        QTimer.singleShot(0, action.trigger)
        event.accept()  # the key is used: the closed popup's list does nothing more with it
        return True
