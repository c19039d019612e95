"""A read-only table view of per-row numbers (an ArrayTableModel) whose columns fit their contents
and whose rows follow the text size."""
from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHeaderView, QTableView, QWidget

#: pixels above and below a row's text
ROW_PADDING = 8


class ResultTable(QTableView):
    def __init__(self, model, parent: QWidget | None = None):
        super().__init__(parent)
        self.setModel(model)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setResizeContentsPrecision(100)
        self.verticalHeader().setResizeContentsPrecision(100)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.fit_rows()

    def fit_columns(self) -> None:
        self.resizeColumnsToContents()  # measures at most 100 rows (resizeContentsPrecision)

    def fit_rows(self) -> None:
        """Row height from the current font: one setting for all rows, so 10,000 rows cost nothing."""
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + ROW_PADDING)

    def apply_zoom(self) -> None:
        """The text size changed: rows and columns fit the new font."""
        self.fit_rows()
        self.fit_columns()
