"""A table beside a picture in one row: the table as wide as its columns need (so none is cut and
none is padded), at most a share of the row, and the picture the rest.  The table's width only
grows from answer to answer while the row keeps its size and the text its size.

A fixed split (the Embeddings tabs gave their table 3/5 of the row) cut the last columns at
large text (the Analogy table's score at 22 pt, the Test set's "skipped" in English) and, at
11 pt, left the table a blank third while the parallelogram beside it was squeezed."""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QLayout, QStyle, QTableView, QWidget

from app.widgets.table_fit import rows_height

#: the most of the row the table takes: the picture keeps the rest (its columns scroll beyond it)
TABLE_SHARE = 0.7


def table_width(table: QTableView, height: int | None = None) -> int:
    """Pixels that show every column of `table` at its present width: the columns, the row header
    where it has one, the frame, and the vertical scroll bar where its rows are taller than
    `height` (default: the table's own height)."""
    header = table.horizontalHeader()
    width = sum(header.sectionSize(c) for c in range(header.count()) if not header.isSectionHidden(c))
    rows = table.verticalHeader()
    width += (0 if rows.isHidden() else rows.width()) + 2 * table.frameWidth()
    if rows_height(table) > (table.height() if height is None else height):
        bar = table.verticalScrollBar()
        width += max(bar.sizeHint().width(), table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent))
    return width


class TableBesideLayout(QLayout):
    """`table` on the left at `table_width` (at most `share` of the row), `picture` on the right."""

    def __init__(self, table: QTableView, picture: QWidget, share: float = TABLE_SHARE, parent=None):
        super().__init__(parent)
        self.setContentsMargins(0, 0, 0, 0)
        self.share = share
        self.table, self.picture = table, picture
        self._items = []
        # the widest the table was asked to be for this row width and text size: it only grows as
        # answers come (a keystroke that narrowed a column resized the picture beside it, a
        # relayout and repaint of the whole plot per key, and the plot jumped sideways as one typed)
        self._widest: tuple[tuple, int] = ((), 0)
        self.addWidget(table)
        self.addWidget(picture)

    # ---- QLayout ---------------------------------------------------------------------------------
    def addItem(self, item) -> None:  # noqa: N802 - Qt's name
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):  # noqa: N802 - Qt's name
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):  # noqa: N802 - Qt's name
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def spacing(self) -> int:
        spacing = super().spacing()
        return spacing if spacing >= 0 else 6

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        table, picture = (item.sizeHint() for item in self._items)
        return QSize(table_width(self.table) + self.spacing() + picture.width(),
                     max(table.height(), picture.height()))

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt's name
        table, picture = (item.minimumSize() for item in self._items)
        return QSize(table.width() + self.spacing() + picture.width(), max(table.height(), picture.height()))

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt's name
        super().setGeometry(rect)
        table_item, picture_item = self._items
        room = rect.width() - self.spacing()
        least_picture = picture_item.minimumSize().width()
        wanted = table_width(self.table, rect.height())
        key = (rect.width(), rect.height(), self.table.font().pointSizeF())
        if self._widest[0] == key:
            wanted = max(wanted, self._widest[1])
        self._widest = (key, wanted)
        width = min(wanted, int(self.share * room), room - least_picture)
        width = max(width, table_item.minimumSize().width())
        table_item.setGeometry(QRect(rect.x(), rect.y(), width, rect.height()))
        picture_item.setGeometry(QRect(rect.x() + width + self.spacing(), rect.y(),
                                       rect.width() - width - self.spacing(), rect.height()))


def table_beside(table: QTableView, picture: QWidget, share: float = TABLE_SHARE) -> QWidget:
    """`table` and `picture` in one row (TableBesideLayout)."""
    row = QWidget()
    TableBesideLayout(table, picture, share, row)
    return row



def fit_within_share(table: QTableView, wrap) -> None:
    """`table`'s columns fitted (its fit_columns) on one line; where the table then needs more than
    its share of the row it shares with a picture (TableBesideLayout's), its headers as `wrap`
    writes them (a space of a long header made a line break, so that the column is as wide as the
    header's longer half, not the whole header) and fitted again.  A header wrapped before is
    written on one line again first (its line break back to a space)."""
    model = table.model()
    headers = [header.replace("\n", " ") for header in model.headers()]
    if headers != model.headers():
        model.set_headers(headers)
    table.fit_columns()
    row = table.parentWidget()
    layout = row.layout() if row is not None else None
    if not isinstance(layout, TableBesideLayout):
        return
    room = row.width() - layout.spacing()
    if room > 0 and table_width(table) > layout.share * room:
        wrapped = [wrap(header) for header in headers]
        if wrapped != headers:
            model.set_headers(wrapped)
            table.fit_columns()
