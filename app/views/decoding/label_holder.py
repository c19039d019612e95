"""A label whose new text relays out nothing unless it needs another height.

QLabel.setText asks its parent's layout to compute again, and a layout asks the one above it: every
slider move changed the stage columns' notes ("kept 99.97 %") and so laid out the whole view again
(heights for widths of every wrapped label in it).  Held in a widget without a layout, the label's
request stops at the holder, which passes it on only when the label's height for its width (or
its least width grew beyond the width it has) changed."""
from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QWidget


class LabelHolder(QWidget):
    """Holds `label`, sized like it, in a layout of the caller's (the label is `holder.label`)."""

    def __init__(self, label: QLabel, parent=None):
        super().__init__(parent)
        self.label = label
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self._asked = self._needs()

    def _needs(self) -> tuple[int, int]:
        """(least width, height at the present width): what the layout above was told."""
        return self.label.minimumSizeHint().width(), self.heightForWidth(self.width())

    def sizeHint(self):  # noqa: N802 - Qt's name
        return self.label.sizeHint()

    def minimumSizeHint(self):  # noqa: N802
        return self.label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self.label.heightForWidth(width) if self.label.hasHeightForWidth() else self.label.sizeHint().height()

    def resizeEvent(self, event) -> None:  # noqa: N802
        self.label.setGeometry(self.rect())
        self._asked = self._needs()
        super().resizeEvent(event)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # the label's new text (or font)
            least, height = self._needs()
            # a longest word that still fits the width it has is no reason to ask (a slider move
            # turns "kept 99.97 %" into "kept 100.00 %")
            if height != self._asked[1] or least > max(self.width(), self._asked[0]):
                self._asked = least, height
                self.updateGeometry()
            return True
        return super().event(event)
