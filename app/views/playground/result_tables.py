"""Matrix mode's results: four tables (QKᵀ, the scaled scores, the weights, the output) beside the
weights' heatmap, arranged for the room they have.

Two tables side by side each get about a third of the results' width: at 22 pt on a 1280 px
projector that was ~250 px where a 3×4 table of 6-digit numbers needs ~550, so its k3 and k4
columns were reachable only with the table's scroll bar (issue 23), and from 14 pt already k4.
Where the widest table does not fit a third, the four become tabs of one panel two thirds wide,
each table with its title above it, and every column is shown; where it fits, all four are shown
at once as before.  The choice is measured from the tables' own column widths (the numbers'
width, not the headers'), so it follows the text size, the matrices' sizes and the window.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QGridLayout, QTabWidget, QVBoxLayout, QWidget

from app.views.playground.number_grid import NumberGrid


def needed_width(grid: NumberGrid) -> int:
    """The width that shows every column of `grid` without its horizontal scroll bar."""
    header = grid.horizontalHeader()
    columns = sum(max(grid.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(grid.columnCount()))
    return columns + grid.verticalHeader().sizeHint().width() + 2 * grid.frameWidth()


def _column(widgets, stretched: QWidget) -> QWidget:
    """`widgets` one above the other, `stretched` taking the height left."""
    cell = QWidget()
    column = QVBoxLayout(cell)
    column.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        column.addWidget(widget, 1 if widget is stretched else 0)
    return cell


class ResultTables(QWidget):
    """`cells`: (tab label, title label, grid) in reading order; `side`: (tab label, widgets shown
    in a column on the right: the heatmap, then its hover line).  `tabbed()` says which
    arrangement is shown."""

    #: grid mode: each of the three columns (two of tables, one of the heatmap) gets a third
    COLUMNS = 3

    def __init__(self, cells, side, parent=None):
        super().__init__(parent)
        heatmap = side[1][0]
        self.tab_labels = [label for label, _, _ in cells] + [side[0]]
        self.cells = [_column((title, grid), grid) for _, title, grid in cells] + [_column(side[1], heatmap)]
        self.grids = [grid for _, _, grid in cells]
        self.tabs = QTabWidget()
        self.tabs.setObjectName("result_tabs")
        self.layout_ = QGridLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        for column in range(self.COLUMNS):
            self.layout_.setColumnStretch(column, 1)
        self._tabbed: bool | None = None
        self._pending = False  # a refit is scheduled
        self._arrange(False)

    def tabbed(self) -> bool:
        return bool(self._tabbed)

    def refit(self) -> None:
        """Re-measure after the tables' contents or the text size changed (once the layout ran)."""
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._refit_now)

    def _refit_now(self) -> None:
        self._pending = False
        spacing = max(self.layout_.horizontalSpacing(), 0)
        room = (self.width() - (self.COLUMNS - 1) * spacing) / self.COLUMNS  # a table's width in grid mode
        self._arrange(max(needed_width(grid) for grid in self.grids) > room)

    def event(self, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.Show):
            self.refit()
        return super().event(event)

    def _arrange(self, tabbed: bool) -> None:
        """Tabbed: one page per table and one for the heatmap, each the whole width (beside the
        tables the heatmap kept a few pixels of its cells at 22 pt).  Otherwise a 2×2 grid of
        tables and the heatmap's column."""
        if tabbed == self._tabbed:
            return
        current = self.tabs.currentIndex()
        while self.layout_.count():
            self.layout_.takeAt(0)
        self.tabs.clear()  # the pages are kept (they move back into the grid)
        if tabbed:
            for label, cell in zip(self.tab_labels, self.cells):
                self.tabs.addTab(cell, label)
            self.tabs.setCurrentIndex(max(current, 0))
            self.layout_.addWidget(self.tabs, 0, 0, 1, self.COLUMNS)
        else:
            for index, cell in enumerate(self.cells[:-1]):
                self.layout_.addWidget(cell, index // 2, index % 2)
            self.layout_.addWidget(self.cells[-1], 0, self.COLUMNS - 1, 2, 1)
            for cell in self.cells:
                cell.show()  # taken out of the tabs' stack hidden
        self.tabs.setVisible(tabbed)
        self._tabbed = tabbed
