"""Read-only tables of numbers, and filling them without measuring every cell at each change."""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


#: from this many rows on, a table's rows are one line high, measured on a few rows (see NumberTable)
LONG_TABLE_ROWS = 200


class NumberTable(QTableWidget):
    """A read-only table whose `text_column` takes the spare width; the others fit their numbers.

    Rows fit their contents, except in a long table (LONG_TABLE_ROWS or more, e.g. the 1,269
    bigrams of a pasted paragraph in the BLEU view): there every row is as high as the first
    few need, because a header that fits each row measured every cell of all of them whenever
    the table was shown or laid out (90 ms per tab switch at 1,269 rows, against 10-13 ms)."""

    def __init__(self, rows: int, headers: list[str], text_column: int):
        super().__init__(rows, len(headers))
        self.setHorizontalHeaderLabels(headers)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(text_column, QHeaderView.ResizeMode.Stretch)
        self.fit_rows()

    def fit_rows(self) -> None:
        """Rows fit their contents, or (long table) one height for all, measured on its first rows."""
        rows = self.verticalHeader()
        if self.rowCount() < LONG_TABLE_ROWS:
            rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            return
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(max(self.sizeHintForRow(row) for row in range(8)))


def number_table(rows: int, headers: list[str], text_column: int) -> NumberTable:
    """A read-only table whose `text_column` takes the spare width; the others fit their numbers."""
    return NumberTable(rows, headers, text_column)


@contextmanager
def filling(table: QTableWidget):
    """Fill a table's cells inside this block.  A header that fits its contents re-measures every
    section at each cell change, so filling a shown table cell by cell costs the square of its
    size (a 32×32 grid blocked the GUI thread for 15 s); inside the block the sections keep their
    sizes, and they fit the contents once at the end."""
    headers = (table.horizontalHeader(), table.verticalHeader())
    saved = [(h, {i: h.sectionResizeMode(i) for i in range(h.count())}) for h in headers]
    for header in headers:
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    try:
        yield table
    finally:
        for header, modes in saved:
            usual = Counter(modes.values()).most_common(1)[0][0] if modes else QHeaderView.ResizeMode.ResizeToContents
            header.setSectionResizeMode(usual)
            for index, mode in modes.items():
                if mode != usual and index < header.count():
                    header.setSectionResizeMode(index, mode)
        if isinstance(table, NumberTable):
            table.fit_rows()


def number_item(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(RIGHT)
    return item
