"""A read-only table of a float matrix: the exact values kept (`values`), 6 significant digits shown."""
from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QTableWidget

from app import style


class NumberGrid(QTableWidget):
    """`show_matrix(matrix, rows, columns)`; −∞ (a masked score) is shown greyed."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.horizontalHeader().setSectionResizeMode(self.horizontalHeader().ResizeMode.ResizeToContents)
        self.verticalHeader().setSectionResizeMode(self.verticalHeader().ResizeMode.ResizeToContents)
        self.values = np.zeros((0, 0))

    def show_matrix(self, matrix, row_labels, column_labels) -> None:
        with style.filling(self):
            self._fill(matrix, row_labels, column_labels)

    def _fill(self, matrix, row_labels, column_labels) -> None:
        self.values = np.array(matrix, dtype=np.float64, ndmin=2)
        rows, columns = self.values.shape
        self.setRowCount(rows)
        self.setColumnCount(columns)
        self.setVerticalHeaderLabels(list(row_labels))
        self.setHorizontalHeaderLabels(list(column_labels))
        for r in range(rows):
            for c in range(columns):
                value = self.values[r, c]
                item = self.item(r, c)
                if item is None:
                    item = style.number_item("")
                    self.setItem(r, c, item)
                item.setText(style.format_number(value))
                item.setForeground(style.STALE if np.isneginf(value) else style.TEXT)


def fill_row(table: QTableWidget, row: int, texts) -> None:
    """Put `texts` into `row`, right-aligned, creating the items once."""
    for column, text in enumerate(texts):
        item = table.item(row, column)
        if item is None:
            item = style.number_item("")
            table.setItem(row, column, item)
        item.setText(text)
