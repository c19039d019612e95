"""Query mode's arrangement for the room it has (issue 23: large text on a 1280×720 projector).

SIDE: the inputs (keys, query, scale, the lesson's note) in a column beside the results (the steps
table as tall as its rows, the weights plot taking the height left, the output line).

SPLIT, where the steps table's columns are wider than the results' column or the column is too
short for the table and a readable plot (from 14 pt on 1280×680, where the lesson's note alone
needs ~250 px of the input column): two tabs.  "Weights": the
inputs beside the scale, the plot and the output, so that an edit still moves the bars in view;
"Steps": the steps table the whole width with the lesson's note under it.  Each part is whole
when shown.  At 18 pt the table needs ~990 px and beside the inputs had ~700: its product column
wrapped one term per line, the rows became five lines tall and the plot fell below the page.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QAbstractScrollArea, QTableView, QTabWidget, QVBoxLayout, QWidget

from app import style
from app.views.playground.relayout import empty_layout
from app.widgets.table_fit import columns_width, rows_height

SIDE, SPLIT = "side", "split"
#: the weights plot's least height, in lines of text: its axis numbers and a bar's label
PLOT_LINES = 5
#: SPLIT goes back to SIDE only with this much width to spare for the steps (the columns differ
#: by a few pixels between the two, which must not flip the arrangement back and forth)
HYSTERESIS = 16
#: the output line's font in SIDE, times the text size
OUTPUT_SCALE = 1.2


def stacked_height(widgets, width: int, spacing: int) -> int:
    """The least height of `widgets` one above the other at `width` (wrapped labels counted at
    their lines there)."""
    total = 0
    for widget in widgets:
        if widget.isHidden():
            continue
        least = widget.minimumSizeHint().expandedTo(widget.minimumSize()).height()
        if widget.hasHeightForWidth():
            least = max(least, widget.heightForWidth(width))
        total += least + spacing
    return max(total - spacing, 0)


def plot_least_height(widget: QWidget) -> int:
    return PLOT_LINES * widget.fontMetrics().height()


def _column(layout_of: QWidget) -> QVBoxLayout:
    layout = QVBoxLayout(layout_of)
    layout.setContentsMargins(0, 0, 0, 0)
    return layout


class QueryLayout(QObject):
    """Arranges `tab`'s parts.  `inputs`: the input column's widgets, top to bottom; `scale`, `note`: the scale control and the lesson's note (in
    the input column in SIDE, beside the plot and under the steps in SPLIT); `steps`, `plot`,
    `output`: the results.  `splitter` holds the input column and the results column."""

    def __init__(self, tab: QWidget, splitter, input_column: QWidget, results: QWidget, inputs,
                 scale: QWidget, note: QWidget, steps: QTableView, plot: QWidget, output: QWidget,
                 labels: tuple[str, str]):
        super().__init__(tab)
        self.tab, self.splitter = tab, splitter
        self.input_column, self.results = input_column, results
        self.inputs = list(inputs)
        self.scale, self.note, self.steps, self.plot, self.output = scale, note, steps, plot, output
        self.input_layout = _column(input_column)
        self.results_layout = _column(results)
        self.steps_page = QWidget()  # SPLIT: the steps and the note, the whole width
        self.steps_layout = _column(self.steps_page)
        self.inner_tabs = QTabWidget()
        self.inner_tabs.setObjectName("query_tabs")
        self.labels = labels
        self.layout = QVBoxLayout(tab)
        self.arrangement: str | None = None
        self._pending = False
        self._arrange(SIDE)
        tab.installEventFilter(self)

    # ---- when to measure -------------------------------------------------------------------------
    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.Show):
            self.refit()
        return False

    def refit(self) -> None:
        """Measure again once the layout has run (new numbers in the table, a new text size)."""
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.tab, self._refit_now)

    # ---- what fits -------------------------------------------------------------------------------
    def _room(self) -> tuple[int, int]:
        """The tab's width and the height it is shown in: its scrolling page's, where it sits in
        one (the tab itself is at least its minimum height, however small the page)."""
        width, height = self.tab.width(), self.tab.height()
        parent = self.tab.parentWidget()
        area = parent.parentWidget() if parent is not None else None
        if isinstance(area, QAbstractScrollArea) and parent is area.viewport():
            height = area.maximumViewportSize().height()
        return width, height

    def side_fits(self) -> bool:
        """SIDE shows the steps table's every column and row, and the plot at its least height."""
        width, height = self._room()
        margins = self.layout.contentsMargins()
        width -= margins.left() + margins.right()
        height -= margins.top() + margins.bottom()
        column = self._side_column(width)
        results_width = width - column - self.splitter.handleWidth()
        slack = HYSTERESIS if self.arrangement == SPLIT else 0
        if columns_width(self.steps) + slack > results_width:
            return False
        spacing = max(self.input_layout.spacing(), 0)
        inputs = stacked_height(self.inputs + [self.scale, self.note], column, spacing)
        results = (rows_height(self.steps) + plot_least_height(self.plot)
                   + stacked_height([self.output], results_width, spacing) + 2 * spacing)
        return max(inputs, results) <= height  # heights do not depend on the arrangement

    def _side_column(self, width: int) -> int:
        """The input column's width in SIDE, where the splitter has `width`: in SPLIT the inner
        tabs' frame takes a few pixels, of which the splitter's stretch gives the column its
        share (measured at the narrower width, the sizes row and the note wrapped once more and
        SIDE never came back at 11 pt)."""
        extra = max(width - self.splitter.width(), 0)
        stretches = [self.splitter.widget(i).sizePolicy().horizontalStretch() for i in range(self.splitter.count())]
        share = stretches[0] / sum(stretches) if sum(stretches) else 0.5
        return self.input_column.width() + round(extra * share)

    def _refit_now(self) -> None:
        self._pending = False
        self.fit_steps()
        self._arrange(SIDE if self.side_fits() else SPLIT)
        self.fit_steps()
        # the wrapped rows (title, sizes, note) again at the new font: after 14 → 18 pt the
        # column kept 14 pt's one-line heights, the Lesson button over the key table

    def fit_steps(self) -> None:
        """The steps table exactly as tall as its header and rows: the plot takes the rest (a
        table stretched with the plot left a band of empty rows under the steps)."""
        self.steps.resizeRowsToContents()
        self.steps.setFixedHeight(rows_height(self.steps))
        self.plot.setMinimumHeight(plot_least_height(self.plot))

    # ---- the two arrangements --------------------------------------------------------------------
    def _arrange(self, arrangement: str) -> None:
        if arrangement == self.arrangement:
            return
        current = self.inner_tabs.currentIndex()
        for layout in (self.layout, self.input_layout, self.results_layout, self.steps_layout):
            empty_layout(layout)
        self.inner_tabs.clear()
        for widget in self.inputs:
            self.input_layout.addWidget(widget)
        if arrangement == SIDE:
            self.input_layout.addWidget(self.scale)
            self.input_layout.addWidget(self.note)
        self.input_layout.addStretch(1)  # under the inputs: a stretched key table left empty rows
        if arrangement == SIDE:
            for widget in (self.steps, self.plot, self.output):
                self.results_layout.addWidget(widget, 1 if widget is self.plot else 0)
            self.layout.addWidget(self.splitter)
        else:
            for widget in (self.scale, self.plot, self.output):
                self.results_layout.addWidget(widget, 1 if widget is self.plot else 0)
            self.steps_layout.addWidget(self.steps)
            self.steps_layout.addWidget(self.note)
            self.steps_layout.addStretch(1)
            self.inner_tabs.addTab(self.splitter, self.labels[0])
            self.inner_tabs.addTab(self.steps_page, self.labels[1])
            self.inner_tabs.setCurrentIndex(max(current, 0))
            self.layout.addWidget(self.inner_tabs)
        # the output line at the text size, not 1.2 times it, beside the plot in SPLIT: three
        # lines at 22 pt left the plot under five lines of text
        style.scaled(self.output, OUTPUT_SCALE if arrangement == SIDE else 1.0)
        self.inner_tabs.setVisible(arrangement == SPLIT)
        if arrangement == SIDE:
            self.splitter.show()  # out of the inner tabs' stack
        self.arrangement = arrangement
