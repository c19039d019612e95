"""A read-only table model over columns of numbers or strings, formatted when shown.

Formatting happens in data(), row by row as the view scrolls, so 10,000 rows cost nothing
until they are visible.  Rows can be highlighted (e.g. where a KL term is infinite)."""
from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from app import style
from app.style import format_number

# The roles data() answers, read once: a table's delegate asks every cell for eight roles at each
# paint and each column fit (900 calls per answer of a 10 × 6 table), and reading
# `Qt.ItemDataRole.DisplayRole` through the enum costs about 0.8 µs — five such comparisons per
# call were a third of the table's GUI time per keystroke in the Embeddings view.
_DISPLAY = Qt.ItemDataRole.DisplayRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_FONT = Qt.ItemDataRole.FontRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_ANSWERED = frozenset((_DISPLAY, _ALIGNMENT, _FONT, _FOREGROUND, _BACKGROUND))
_LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class ArrayTableModel(QAbstractTableModel):
    HIGHLIGHT = QColor(255, 215, 215)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._headers: list[str] = []
        self._tips: list[str] = []
        self._columns: list = []
        self._rows = 0
        self._highlight: set[int] = set()
        self._monospace: set[int] = set()
        self._fixed_font = style.font(monospace=True)
        self._texts: dict = {}  # (row, column) -> the cell's text, formatted once per set_columns
        self._digits = 6  # significant digits of the numbers shown
        self.stale = False

    def set_columns(self, headers, columns, tooltips=None, highlight=(), monospace=(), digits: int = 6) -> None:
        """`columns`: one sequence per header (numbers are formatted to `digits` significant
        digits and right-aligned, strings shown as they are, None shown as —); `monospace`:
        columns shown in a fixed-width font.

        The same number of rows and columns as before (a query's k answers, typed again and
        again) changes the cells in place rather than resetting the model: a reset also lays the
        view out again on a later event, a second repaint of the table per keystroke."""
        rows = len(columns[0]) if columns else 0
        same_shape = rows == self._rows and len(headers) == len(self._headers)
        if not same_shape:
            self.beginResetModel()
        self._headers = list(headers)
        self._tips = list(tooltips or [""] * len(self._headers))
        self._columns = [list(c) if not hasattr(c, "__array__") else c for c in columns]
        self._texts = {}
        self._digits = digits
        self._rows = rows
        self._highlight = {int(i) for i in highlight}
        self._monospace = set(monospace)
        if not same_shape:
            self.endResetModel()
        elif self._headers:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(self._headers) - 1))

    def set_headers(self, headers) -> None:
        """New header texts for the same columns (the cells stay)."""
        if len(headers) != len(self._headers):
            raise ValueError(f"{len(headers)} headers for {len(self._headers)} columns")
        self._headers = list(headers)
        if self._headers:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._headers) - 1)

    def set_stale(self, stale: bool) -> None:
        """Grey text while the rows belong to an earlier input than the one typed."""
        self.stale = stale
        if self._rows and self._headers:
            self.dataChanged.emit(self.index(0, 0), self.index(self._rows - 1, len(self._headers) - 1),
                                  [Qt.ItemDataRole.ForegroundRole])

    # the values as they are (for tests and CSV export)
    def raw(self, row: int, column: int):
        return self._columns[column][row]

    def raw_rows(self) -> list[list]:
        """Every row's values as they are (what app.export.write_csv takes)."""
        return [[column[row] for column in self._columns] for row in range(self._rows)]

    def text(self, row: int, column: int) -> str:
        text = self._texts.get((row, column))
        if text is None:
            value = self._columns[column][row]
            text = value if isinstance(value, str) else format_number(value, self._digits)
            self._texts[row, column] = text  # only cells shown are formatted: 10,000 rows cost nothing
        return text

    def headers(self) -> list[str]:
        return list(self._headers)

    # ---- Qt ------------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._headers)

    def data(self, index, role=_DISPLAY):
        if role not in _ANSWERED:  # most of what a delegate asks (size hint, decoration, check state)
            return None
        row, column = index.row(), index.column()
        if row < 0 or column < 0:  # an invalid index
            return None
        if role == _DISPLAY:
            return self.text(row, column)
        if role == _ALIGNMENT:
            return _LEFT if isinstance(self._columns[column][row], str) else _RIGHT
        if role == _FONT:
            if column not in self._monospace:
                return None
            if self._fixed_font.pointSizeF() != style.point_size():  # the text size changed
                self._fixed_font = style.font(monospace=True)
            return self._fixed_font
        if role == _FOREGROUND:
            return QBrush(style.STALE) if self.stale else None
        return QBrush(self.HIGHLIGHT) if row in self._highlight else None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole and section < len(self._headers):
                return self._headers[section]
            if role == Qt.ItemDataRole.ToolTipRole and section < len(self._tips):
                return self._tips[section] or None
        elif role == Qt.ItemDataRole.DisplayRole:
            return str(section + 1)
        return None
