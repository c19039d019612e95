"""A splitter whose panes cannot be collapsed to nothing by accident."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter


def splitter(orientation: Qt.Orientation, widgets, stretch=(), sizes=None) -> QSplitter:
    """A splitter over `widgets` whose panes cannot be collapsed to nothing by accident;
    `stretch` gives the first widgets' stretch factors."""
    split = QSplitter(orientation)
    split.setChildrenCollapsible(False)
    for widget in widgets:
        split.addWidget(widget)
    for index, factor in enumerate(stretch):
        split.setStretchFactor(index, factor)
    if sizes is not None:
        split.setSizes(list(sizes))
    return split
