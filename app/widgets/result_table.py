"""A read-only table view of per-row numbers (an ArrayTableModel) whose columns fit their contents
and whose rows follow the text size."""
from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QFrame, QHeaderView, QStyleOptionViewItem, QTableView, QWidget

#: pixels above and below a row's text
ROW_PADDING = 8
#: up to this many rows the columns are fitted by measuring the cells' text here (fit_columns);
#: beyond it Qt measures them (it looks at the rows in view and at most 100 of them)
MEASURED_ROWS = 100
#: a cell whose text is this many pixels narrower than its column's widest still has its size
#: asked of the delegate: a text layout's width and the font metrics' advance can differ by a
#: fraction of a pixel
NEAR_WIDEST = 2.0


class ResultTable(QTableView):
    def __init__(self, model, parent: QWidget | None = None):
        super().__init__(parent)
        self.setModel(model)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # every column at its contents' width, the last one too (fit_columns): a stretched last
        # section was stretched to the table's edge at each resize of the window and shrunk back
        # at the next answer (Qt's resizeColumnsToContents ignores the stretch)
        self.horizontalHeader().setStretchLastSection(False)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setResizeContentsPrecision(100)
        self.verticalHeader().setResizeContentsPrecision(100)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.fit_rows()

    def fit_columns(self) -> None:
        """Each column as wide as its widest cell or its header, as resizeColumnsToContents makes
        it, in a fraction of its time.  Qt asks the delegate for the size of every cell (eight
        data() calls each, in Python: 1 ms per answer of a 10 × 6 table, where a keystroke's whole
        budget is 30 ms); here the cells' text is measured with the font metrics and the delegate
        is asked only for the widest cells' sizes, so the widths are Qt's own (tested against it).
        A column whose width does not change is not resized: no repaint of the table for it."""
        model = self.model()
        rows, columns = model.rowCount(), model.columnCount()
        if rows > MEASURED_ROWS or not hasattr(model, "text"):
            self.resizeColumnsToContents()
            self.updateGeometry()
            return
        header = self.horizontalHeader()
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        grid = 1 if self.showGrid() else 0
        before = header.length()
        resized = []
        metrics = {}
        for column in range(columns):
            if self.isColumnHidden(column):
                continue
            width = header.sectionSizeHint(column) if not header.isHidden() else 0
            if rows:
                font = model.data(model.index(0, column), Qt.ItemDataRole.FontRole) or option.font
                key = font.key()
                if key not in metrics:
                    metrics[key] = QFontMetricsF(font)
                advance = metrics[key].horizontalAdvance
                widths = [advance(model.text(row, column)) for row in range(rows)]
                widest = max(widths)
                delegate_width = 0
                # one cell per text width near the widest: cells of one width (numbers of as many
                # digits) have one size in one column's font
                near = {}
                for row, text_width in enumerate(widths):
                    if text_width >= widest - NEAR_WIDEST:
                        near.setdefault(text_width, row)
                for row in near.values():
                    index = model.index(row, column)
                    delegate = self.itemDelegateForIndex(index)
                    delegate_width = max(delegate_width, delegate.sizeHint(option, index).width())
                width = max(width, delegate_width + grid)
            if header.sectionSize(column) != width:
                resized.append((column, width))
        if resized:
            # with the header's signals held: the table's own response to a resized section is a
            # 0 ms timer that repaints the viewport after the window's next paint, a second paint
            # of the window per answer; here it is laid out and marked for the next paint at once
            blocker = QSignalBlocker(header)
            for column, width in resized:
                header.resizeSection(column, width)
            blocker.unblock()
            self.updateGeometries()
            self.viewport().update()
        if header.length() != before:
            self.updateGeometry()  # a layout that gives the table its columns' width lays it out again

    def fit_rows(self) -> None:
        """Row height from the current font: one setting for all rows, so 10,000 rows cost nothing."""
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + ROW_PADDING)

    def apply_zoom(self) -> None:
        """The text size changed: rows and columns fit the new font."""
        self.fit_rows()
        self.fit_columns()
