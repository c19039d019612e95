"""The height and width a table needs to show its rows and columns whole, so a panel around it
scrolls or re-arranges instead."""
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


def columns_width(table: QTableView) -> int:
    """Pixels for `table`'s columns at their contents' or headers' width (whichever is wider),
    its row header where it has one, and its frame: every column shown without scrolling."""
    header = table.horizontalHeader()
    width = sum(max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(header.count()))
    rows = table.verticalHeader()
    return width + (0 if rows.isHidden() else rows.sizeHint().width()) + 2 * table.frameWidth()
