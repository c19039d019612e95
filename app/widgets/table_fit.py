"""The height a table needs to show its rows whole, so a panel around it scrolls instead."""
from __future__ import annotations

from PySide6.QtWidgets import QTableView


def rows_height(table: QTableView, rows: int | None = None) -> int:
    """Pixels for `table`'s header, its first `rows` rows (all when None), its frame and its
    horizontal scroll bar where it shows one.  A header or scroll bar not laid out yet (0 px
    high before the table is first shown) counts at its size hint."""
    header = table.horizontalHeader()
    count = table.model().rowCount() if rows is None else rows
    height = max(header.height(), header.sizeHint().height()) + 2 * table.frameWidth()
    height += sum(table.rowHeight(r) for r in range(count))
    bar = table.horizontalScrollBar()
    if bar.isVisible():
        height += max(bar.height(), bar.sizeHint().height())
    return height
