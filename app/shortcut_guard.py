"""Application shortcuts win over the focused text field.

A focused QLineEdit / QPlainTextEdit claims some key combinations for itself (Ctrl+E moves to the
end of the line, PageDown scrolls) by accepting Qt's ShortcutOverride event, and then the window's
action never fires: Ctrl+E did nothing after typing, the normal state of a lecture.  Qt sends the
ShortcutOverride to the focus widget and, while nobody accepts it, on to its parents (a spin box
for its line edit); the guard filters the events of those few widgets (it moves with the focus)
and refuses the override for the window's own shortcuts, so Qt runs the action.  Other keys
(Ctrl+A, Ctrl+C, arrows …) stay the field's.

Why not a filter on the whole application: Python then runs for every event of every widget
(about 200,000 while the window builds its views), and each window left alive keeps filtering."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from shiboken6 import isValid


class ShortcutGuard(QObject):
    """Lives as a child of `window`; watches the focus widget while it is inside `window`."""

    def __init__(self, window: QWidget, shortcuts: Callable[[], Iterable[QKeySequence]]):
        super().__init__(window)
        self._window = window
        self._shortcuts = shortcuts
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
        if isinstance(new, QWidget) and isValid(self._window) and new.window() is self._window:
            while new is not None and new is not self._window:
                new.installEventFilter(self)
                self._watched.append(new)
                new = new.parentWidget()

    def owns(self, sequence: QKeySequence) -> bool:
        return any(not s.isEmpty() and s.matches(sequence) == QKeySequence.SequenceMatch.ExactMatch
                   for s in self._shortcuts())

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.ShortcutOverride and self.owns(QKeySequence(event.keyCombination())):
            event.ignore()  # not the field's: Qt goes on to the window's action
            return True
        return False
