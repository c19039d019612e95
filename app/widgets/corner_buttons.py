"""Buttons in the empty right end of a tab widget's tab bar, instead of on a line of their own.

Qt gives a tab widget's corner widget at most the tab bar's height (less the bar's overlap with
the page's frame): push buttons taller than the tabs (Chinese tab names, or any text size where
the bevel outgrows the tab's padding) were cut at the bottom.  The tab bar here makes its tabs at
least as tall as the corner needs."""
from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QStyle, QTabBar, QTabWidget, QWidget


class TabBarAsTallAs(QTabBar):
    """Tabs at least as tall as `corner` asks, plus the overlap Qt takes off a corner widget."""

    def __init__(self, corner: QWidget, parent=None):
        super().__init__(parent)
        self.corner = corner

    def tabSizeHint(self, index: int):  # noqa: N802 - Qt's name
        hint = super().tabSizeHint(index)
        overlap = self.style().pixelMetric(QStyle.PixelMetric.PM_TabBarBaseOverlap, None, self)
        hint.setHeight(max(hint.height(), self.corner.sizeHint().height() + overlap))
        return hint


def put_in_corner(tabs: QTabWidget, *buttons: QWidget) -> QWidget:
    """`buttons` side by side at the right end of `tabs`' tab bar (call before adding tabs: Qt
    replaces a tab bar only while it is empty); returns the row holding them."""
    if tabs.count():
        raise ValueError("put_in_corner before the tabs are added")
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for button in buttons:
        layout.addWidget(button)
    tabs.setTabBar(TabBarAsTallAs(row))
    tabs.setCornerWidget(row)
    return row
