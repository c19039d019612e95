"""A checkable tool button that shows or hides explanatory text (notes, meanings), its arrow
pointing down while the text is shown and right while it is folded (the Positional view's notes,
the Entropy & KL view's meanings: both fold at large text, where they cost the plots their room)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton, QWidget


class FoldToggle(QToolButton):
    """Checked (text shown) to begin with; `toggled` tells the owner to show or hide its text."""

    def __init__(self, text: str, tooltip: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setText(text)
        self.setToolTip(tooltip)
        self.setCheckable(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggled.connect(self._point_arrow)
        self.setChecked(True)
        self._point_arrow(True)

    def _point_arrow(self, shown: bool) -> None:
        self.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
