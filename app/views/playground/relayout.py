"""Moving widgets from one layout to another when a tab re-arranges for its room."""
from __future__ import annotations

from PySide6.QtWidgets import QLayout


def empty_layout(layout: QLayout) -> None:
    """Take every item out of `layout`, the widgets kept (to be placed again).  removeWidget
    deletes each widget's layout item: a taken item left alive stays the one its widget
    invalidates, so the item in the new place kept the height-for-width it had measured at
    the old text size (after 14 → 18 pt the wrapped title and sizes row kept one line)."""
    while layout.count():
        item = layout.itemAt(0)
        if item.widget() is not None:
            layout.removeWidget(item.widget())
        else:
            layout.takeAt(0)  # a stretch
