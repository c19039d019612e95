"""A button that shows or hides a view's side column, folded by default at large text.

At 18-22 pt on a 1280 px projector a side column of about 30 characters (the attention view's
selected row and all heads, the beam view's node, error and n-best tabs) took a third of the
width beside the main plot, which then kept only a third of the window (issue 23 asks 40 %).
From FOLD_FROM_POINTS the column starts folded and the plot takes the whole width; the button,
always in view and reachable with the keyboard, opens it again.  What the user chose stays
until the text size crosses the threshold again.
"""
from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from app import style

#: from this text size the side column starts folded (with it open, at 16 pt the attention
#: heatmap had 38 % of a 1280×680 window in Chinese; at 18 pt both views' plots had 32-37 %)
FOLD_FROM_POINTS = 16.0


class SideToggle(QPushButton):
    """A checkable button: checked while `panel` is shown.  `fit_to_text()` (call it from the
    view's apply_zoom) folds the panel when the text size crosses FOLD_FROM_POINTS upwards and
    opens it when it crosses back."""

    def __init__(self, panel: QWidget, text: str, tooltip: str, parent: QWidget | None = None):
        super().__init__(text, parent)
        self.panel = panel
        self.setCheckable(True)
        self.setChecked(True)
        self.setToolTip(tooltip)
        self.toggled.connect(panel.setVisible)
        self._large_text: bool | None = None  # the size range the default was last set for

    def fit_to_text(self) -> None:
        large = style.point_size() >= FOLD_FROM_POINTS
        if large != self._large_text:
            self._large_text = large
            self.setChecked(not large)

    def folded(self) -> bool:
        """The side column is folded away (its content is not on the screen)."""
        return not self.isChecked()
