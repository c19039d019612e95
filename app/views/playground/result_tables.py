"""Matrix mode's results: four tables (QKᵀ, the scaled scores, the weights, the output) and the
weights' heatmap, arranged for the room they have.

Each table is given the width that shows every column (`columns_width`: the numbers' and the
headers' widths, so it follows the text size and the matrices' sizes), and the arrangement is
the first of these that the results' width holds:
- GRID: the tables two by two and the heatmap in a column beside them (at least its minimum
  width).  Each column used to get a third of the width, so at 11 pt on a 1280 px window a
  table needing 330 px of a 921 px panel did not "fit" and the tables became tabs although two
  of them and the heatmap fitted side by side;
- PAIRS: the tables two by two on one tab, the heatmap on the other (14 pt on 1280 px);
- TABS: one tab per table and one for the heatmap, each the whole width (22 pt on 1280 px,
  where a 3×4 table of 6-digit numbers needs ~550 px: beside another its k3 and k4 columns were
  reachable only with the table's scroll bar, issue 23).

`picture()` is what Copy picture and Export show: every table and the heatmap, whatever the
arrangement (the tabs showed one table).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QGridLayout, QTabWidget, QVBoxLayout, QWidget

from app.views.playground.relayout import empty_layout
from app.widgets.table_fit import columns_width, rows_height

GRID, PAIRS, TABS = "grid", "pairs", "tabs"


def _column(widgets, stretched: QWidget) -> QWidget:
    """`widgets` one above the other, `stretched` taking the height left."""
    cell = QWidget()
    column = QVBoxLayout(cell)
    column.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        column.addWidget(widget, 1 if widget is stretched else 0)
    return cell


def choose_arrangement(room: int, columns: tuple[int, int], heatmap: int, spacing: int) -> str:
    """The arrangement for `room` px of width, the two columns of tables `columns` px wide, a
    heatmap at least `heatmap` px wide and `spacing` px between columns."""
    tables = sum(columns) + spacing
    if tables + heatmap + spacing <= room:
        return GRID
    if tables <= room:
        return PAIRS
    return TABS


class ResultTables(QWidget):
    """`cells`: (tab label, title label, grid) in reading order; `side`: (tab label, widgets shown
    in a column on the right: the heatmap, then its hover line); `pairs_label`: the tab of the
    four tables together.  `arrangement()` says which arrangement is shown."""

    def __init__(self, cells, side, pairs_label: str, parent=None):
        super().__init__(parent)
        self.heatmap = side[1][0]
        self.tab_labels = [label for label, _, _ in cells] + [side[0]]
        self.pairs_label = pairs_label
        self.titles = [title for _, title, _ in cells]
        self.grids = [grid for _, _, grid in cells]
        self.cells = [_column((title, grid), grid) for _, title, grid in cells] + [_column(side[1], self.heatmap)]
        self.pairs_page = QWidget()  # PAIRS: the four tables on one tab
        self.pairs_grid = QGridLayout(self.pairs_page)
        self.pairs_grid.setContentsMargins(0, 0, 0, 0)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("result_tabs")
        self.layout_ = QGridLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self._arrangement: str | None = None
        self._pending = False  # a refit is scheduled
        self._sheet: QWidget | None = None  # a picture's sheet holding the cells until take_back
        self._arrange(GRID)

    def arrangement(self) -> str:
        return self._arrangement

    def tabbed(self) -> bool:
        """Some of the results are on tabs (PAIRS or TABS)."""
        return self._arrangement != GRID

    def column_widths(self) -> tuple[int, int]:
        """What the tables two by two need: the left column (QKᵀ, the weights) and the right one."""
        widths = [columns_width(grid) for grid in self.grids]
        return max(widths[0::2]), max(widths[1::2])

    def refit(self) -> None:
        """Re-measure after the tables' contents or the text size changed (once the layout ran)."""
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._refit_now)

    def _refit_now(self) -> None:
        self._pending = False
        heatmap = max(self.heatmap.minimumWidth(), self.heatmap.minimumSizeHint().width())
        self._arrange(choose_arrangement(self.width(), self.column_widths(), heatmap,
                                         max(self.layout_.horizontalSpacing(), 0)))
        if self._arrangement == GRID:
            self._share_columns()

    def _share_columns(self) -> None:
        """GRID: each column of tables as wide as its tables need, the heatmap the rest (the
        stretches are pixels, so the layout hands out exactly these widths)."""
        left, right = self.column_widths()
        rest = self.width() - left - right - 2 * max(self.layout_.horizontalSpacing(), 0)
        for column, stretch in enumerate((left, right, max(rest, 1))):
            self.layout_.setColumnStretch(column, stretch)

    def event(self, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.Show):
            self.refit()
        return super().event(event)

    def _arrange(self, arrangement: str) -> None:
        if arrangement == self._arrangement:
            return
        current = self.tabs.currentIndex()
        for layout in (self.layout_, self.pairs_grid):
            empty_layout(layout)
        self.tabs.clear()  # the pages are kept (they move back into a grid)
        tables, heatmap = self.cells[:-1], self.cells[-1]
        for column in range(3):
            self.layout_.setColumnStretch(column, 0)
        if arrangement == TABS:
            for label, cell in zip(self.tab_labels, self.cells):
                self.tabs.addTab(cell, label)
        elif arrangement == PAIRS:
            for index, cell in enumerate(tables):
                self.pairs_grid.addWidget(cell, index // 2, index % 2)
            self.tabs.addTab(self.pairs_page, self.pairs_label)
            self.tabs.addTab(heatmap, self.tab_labels[-1])
        else:
            for index, cell in enumerate(tables):
                self.layout_.addWidget(cell, index // 2, index % 2)
            self.layout_.addWidget(heatmap, 0, 2, 2, 1)
            for column in range(3):
                self.layout_.setColumnStretch(column, 1)
        if arrangement != GRID:
            self.tabs.setCurrentIndex(min(max(current, 0), self.tabs.count() - 1))
            self.layout_.addWidget(self.tabs, 0, 0, 1, 3)
        # taken out of the tabs' stack hidden (the stack shows its current page itself)
        for cell in {GRID: self.cells, PAIRS: tables, TABS: []}[arrangement]:
            cell.show()
        self.tabs.setVisible(arrangement != GRID)
        self._arrangement = arrangement

    def take_back(self) -> None:
        """The cells a picture's sheet borrowed return to this arrangement."""
        arrangement, self._arrangement = self._arrangement, None
        self._arrange(arrangement)
        if arrangement == GRID:
            self._share_columns()
        if self._sheet is not None:
            self._sheet.deleteLater()  # empty now
            self._sheet = None

    # ---- the picture ---------------------------------------------------------------------------
    def picture(self) -> QWidget:
        """What a picture export draws: these results themselves where all is shown at once, or
        a sheet of the four tables two by two and the heatmap beside them."""
        if self._arrangement == GRID:
            return self
        # kept here until the cells are taken back: a sheet deleted first (the export's only
        # reference gone) would delete the borrowed tables with it
        self._sheet = ResultsSheet(self)
        return self._sheet


class ResultsSheet(QWidget):
    """The tables two by two and the heatmap beside them, each table as tall as its rows and as
    wide as its columns: the results' own widgets, borrowed from their tabs until the events
    after the export (QWidget.render draws the sheet before then; rendering a tab's hidden page
    in place drew it at the size it had when last shown, squeezed).  Never shown on screen."""

    def __init__(self, results: ResultTables):
        super().__init__()
        tables, heatmap = results.cells[:-1], results.cells[-1]
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        spacing = max(layout.horizontalSpacing(), 0)
        for index, cell in enumerate(tables):
            layout.addWidget(cell, index // 2, index % 2)
        layout.addWidget(heatmap, 0, 2, 2, 1)
        for cell in results.cells:
            cell.show()  # hidden by the tabs' stack
        left, right = results.column_widths()
        rows = [max(results.titles[i].heightForWidth(left if i % 2 == 0 else right) + spacing
                    + rows_height(results.grids[i]) for i in pair) for pair in ((0, 1), (2, 3))]
        height = sum(rows) + spacing
        side = max(heatmap.minimumSizeHint().width(), results.heatmap.minimumWidth(), height * 3 // 2)
        for column, width in enumerate((left, right, side)):
            layout.setColumnMinimumWidth(column, width)
        for row, row_height in enumerate(rows):
            layout.setRowMinimumHeight(row, row_height)
        self.resize(left + right + side + 2 * spacing, height)
        layout.activate()
        QTimer.singleShot(0, results, results.take_back)
