"""What every view has in common: the bridge, the shared state and an `updated` signal."""
from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QWidget


class View(QWidget):
    """Subclasses set `view_id` and `title()`, and emit `updated` after each render so tests
    (and the screenshot mode) can wait for what the user sees."""

    view_id = ""
    updated = Signal()

    def __init__(self, bridge, state, parent=None):
        super().__init__(parent)
        self.bridge = bridge
        self.state = state

    @classmethod
    def title(cls) -> str:
        raise NotImplementedError

    #: milliseconds a burst of edits must settle before a request goes out (views override)
    DEBOUNCE_MS = 20

    def debounce_timer(self, slot) -> QTimer:
        """A single-shot timer that calls `slot` DEBOUNCE_MS after its last start(): bursts of
        keystrokes or slider moves become one request."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(self.DEBOUNCE_MS)
        timer.timeout.connect(slot)
        return timer

    def activate(self) -> None:
        """Called when the view becomes visible."""

    def ready(self) -> bool:
        """True once the view shows real content (for --screenshot)."""
        return True
