"""Application shortcuts win over the focused text field.

A focused QLineEdit / QPlainTextEdit claims some key combinations for itself (Ctrl+E moves to the
end of the line, PageDown scrolls) by accepting Qt's ShortcutOverride event, and then the window's
action never fires: Ctrl+E did nothing after typing, the normal state of a lecture.  The guard
sees the ShortcutOverride first (an application-wide event filter) and refuses it for the
window's own shortcuts, so Qt runs the action.  Other keys (Ctrl+A, Ctrl+C, arrows …) stay the
field's."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QWidget


class ShortcutGuard(QObject):
    """Installed on the application while `window` lives (a child of it: Qt removes the filter
    when the window is deleted); only events for widgets inside `window` are looked at."""

    def __init__(self, window: QWidget, shortcuts: Callable[[], Iterable[QKeySequence]]):
        super().__init__(window)
        self._window = window
        self._shortcuts = shortcuts
        QApplication.instance().installEventFilter(self)

    def owns(self, sequence: QKeySequence) -> bool:
        return any(not s.isEmpty() and s.matches(sequence) == QKeySequence.SequenceMatch.ExactMatch
                   for s in self._shortcuts())

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QWidget)
                and watched.window() is self._window and self.owns(QKeySequence(event.keyCombination()))):
            event.ignore()  # not the field's: Qt goes on to the window's action
            return True
        return False
