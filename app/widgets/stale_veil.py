"""A pale veil laid over a widget that shows the last good input rather than the typed one.

An opacity effect on the widget (the first way) did not reach the viewports of graphics and
table views: their plots turned dark instead of pale, or kept full colour on a real display.
A widget painted on top of the others covers them all the same way.  Mouse events go through
it: the out-of-date picture can still be hovered and scrolled.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSplitter, QWidget


class StaleVeil(QWidget):
    #: how much white the veil lays over what it covers (0–255)
    ALPHA = 150

    def __init__(self, target: QWidget):
        # A child of the target itself, so that it shows and hides with it; of the target's
        # parent for a splitter, which would take a new child as one more pane.
        host = target.parentWidget() if isinstance(target, QSplitter) and target.parentWidget() else target
        super().__init__(host)
        self.target = target
        self.setObjectName("stale_veil")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        target.installEventFilter(self)
        #: cover what is under it entirely (a picture of no input on screen), not pale it
        self.blank = False
        self.hide()

    @staticmethod
    def of(target: QWidget) -> "StaleVeil | None":
        """The veil made for `target`, if any."""
        for host in (target, target.parentWidget()):
            if host is None:
                continue
            for veil in host.findChildren(StaleVeil, options=Qt.FindChildOption.FindDirectChildrenOnly):
                if veil.target is target:
                    return veil
        return None

    def cover(self) -> None:
        self._follow()
        self.raise_()
        self.show()

    def _follow(self) -> None:
        origin = QPoint(0, 0) if self.parentWidget() is self.target else self.target.pos()
        self.setGeometry(QRect(origin, self.target.size()))

    def eventFilter(self, watched, event) -> bool:
        if watched is self.target and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self._follow()
        elif watched is self.target and event.type() == QEvent.Type.ChildAdded and self.isVisible():
            self.raise_()  # a panel added later must not cover the veil
        return False

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        if self.blank:
            painter.fillRect(self.rect(), self.palette().color(self.backgroundRole()))
        else:
            painter.fillRect(self.rect(), QColor(255, 255, 255, self.ALPHA))
