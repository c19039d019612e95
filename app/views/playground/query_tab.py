"""Query mode: one query against a small table of keys and values, every step in a table row:
s_j = q·k_j, z_j = f·s_j, w_j = softmax(z)_j, w_j·v_j, and the output Σ_j w_j v_j."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QHeaderView, QLineEdit, QPushButton, QSpinBox, QTableWidget,
                               QTableWidgetItem, QWidget)

from app import style
from app.engine_text import engine_message
from app.style import splitter
from app.binding import Binding, bind_widgets
from app.views.base import InputProblem, MessageLine, ResultsPanel
from app.views.playground.number_grid import fill_row
from app.views.playground.query_layout import QueryLayout
from app.views.playground.scale_control import ScaleControl
from app.views.playground.state import PlaygroundState, vector_text
from app.widgets.form import labelled_field, relay_edits
from app.widgets.flow_layout import flow_row
from app.widgets.table_fit import columns_width, rows_height
from engine.playground import NAME_AGE_PRESET, MatrixInputError, parse_cell, parse_matrix, softmax

BAD_CELL = QColor(255, 200, 200)
#: keys the editor shows without its own scroll bar (the lesson has four; up to twelve can be made)
KEYS_SHOWN = 6
RESULT_HEADERS = (QT_TRANSLATE_NOOP("QueryTab", "key"), "s_j = q·k_j", "z_j = f·s_j", "w_j = softmax(z)_j", "w_j·v_j")


def _listed(weights) -> str:
    return ", ".join(style.format_number(w, 4) for w in weights)


class QueryTab(ResultsPanel):
    #: the table's cells changed (typed, resized or filled)
    cells_changed = Signal()

    def __init__(self, state: PlaygroundState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.keys_table = QTableWidget(0, 0)
        self.keys_table.setToolTip(self.tr("Double-click a cell to edit it"))
        self.keys_spin = QSpinBox()
        self.keys_spin.setRange(1, 12)
        self.dim_spin = QSpinBox()
        self.dim_spin.setRange(1, 8)
        self.query_input = style.scaled(QLineEdit(), 1.2)
        self.query_input.setPlaceholderText(self.tr("the query vector, e.g. 1, 0, 0"))
        self.preset_button = QPushButton(self.tr("Lesson: name → age"))
        self.scale = ScaleControl()
        self.message = MessageLine()
        self.preset_note = style.note_label()
        # a row that wraps: on one line it held the input column 600 px wide at 22 pt, and the
        # plot's column too narrow for the scale's formula on one line
        self.sizes = flow_row((self.tr("keys:"), self.keys_spin), (self.tr("d_k:"), self.dim_spin), self.preset_button)

        self.steps_table = style.number_table(0, [self.tr(h) for h in RESULT_HEADERS], text_column=1)
        self.steps_table.verticalHeader().hide()
        # one line per key: wrapped, the products took a line per term and five-line rows
        self.steps_table.setWordWrap(False)
        self.steps_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.steps_table.horizontalHeader().setStretchLastSection(True)
        self.bars_plot = pg.PlotWidget(background=style.plot_background())
        self.bars_plot.setMenuEnabled(False)
        self.bars_plot.hideButtons()
        self.bars_plot.setMouseEnabled(False, False)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.7, brush=style.ACCENT)
        self.bars_plot.addItem(self.bars)
        self.bar_labels: list[pg.TextItem] = []
        self.output_label = style.wrapped_label()  # 1.2 times the text where there is room (QueryLayout)
        self.output: float | None = None  # the weighted sum shown (float64)

        query_row = QWidget()
        row = labelled_field(self.tr("Query q:"), self.query_input)
        row.setContentsMargins(0, 0, 0, 0)
        query_row.setLayout(row)
        inputs, self.results = QWidget(), QWidget()
        self.arrangement = QueryLayout(
            # the input column a little wider than a quarter: at 11 pt its sizes row, the scale's
            # formula and the lesson's note fit it in fewer lines; the steps need ~640 px beside it
            self, splitter(Qt.Orientation.Horizontal, (inputs, self.results), stretch=(1, 3), sizes=(380, 860)),
            inputs, self.results, (style.title_label(self.tr("Keys k_j and values v_j (editable)")), self.sizes,
                                   self.keys_table, query_row, self.message),
            scale=self.scale, note=self.preset_note, steps=self.steps_table, plot=self.bars_plot,
            output=self.output_label, labels=(self.tr("Weights"), self.tr("Steps")))

        self.keys_table.itemChanged.connect(self.cells_changed)
        relay_edits(self._resize, self.keys_spin, self.dim_spin)
        self.preset_button.clicked.connect(self.apply_preset)
        Binding(state, "query_cells", self.keys_table, self.cell_texts, self.set_cells, self.cells_changed)
        bind_widgets(state, query=self.query_input, query_scale=self.scale.slider)
        self.apply_zoom()

    # ---- inputs ------------------------------------------------------------------------------
    def cell_texts(self) -> list[list[str]]:
        """The table's cells as typed: one row per key, its components then its value."""
        return [[(self.keys_table.item(r, c).text() if self.keys_table.item(r, c) else "")
                 for c in range(self.keys_table.columnCount())] for r in range(self.keys_table.rowCount())]

    def set_cells(self, rows) -> None:
        """Fill the table (one change of the cells afterwards, not one per cell)."""
        rows = [list(row) for row in rows]
        with QSignalBlocker(self.keys_table), QSignalBlocker(self.keys_spin), QSignalBlocker(self.dim_spin):
            self.keys_spin.setValue(len(rows))
            self.dim_spin.setValue(len(rows[0]) - 1)
            self.keys_table.setRowCount(len(rows))
            self.keys_table.setColumnCount(len(rows[0]))
            self._label_table()
            for r, row in enumerate(rows):
                for c, text in enumerate(row):
                    self.keys_table.setItem(r, c, QTableWidgetItem(str(text)))
        self._fit_keys_table()
        self.cells_changed.emit()

    def apply_preset(self) -> None:
        """The lesson's name → age lookup (the view's debounce makes the three changes one request)."""
        defaults = PlaygroundState()
        for name in ("query", "query_scale", "query_cells"):
            setattr(self.view_state, name, getattr(defaults, name))

    def _label_table(self) -> None:
        d = self.keys_table.columnCount() - 1
        self.keys_table.setHorizontalHeaderLabels([f"k[{i + 1}]" for i in range(d)] + [self.tr("value v")])
        self.keys_table.setVerticalHeaderLabels([f"k{j + 1}" for j in range(self.keys_table.rowCount())])

    def _resize(self) -> None:
        """The spin boxes changed the number of keys or d_k: new cells start at 0, the values stay."""
        rows = self.cell_texts()
        m, d = self.keys_spin.value(), self.dim_spin.value()
        resized = [row[:-1][:d] + ["0"] * max(0, d - len(row) + 1) + [row[-1]] for row in rows[:m]]
        resized += [["0"] * (d + 1) for _ in range(m - len(resized))]
        self.set_cells(resized)

    def read(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(keys, values, query) as numbers; InputProblem naming the bad cell, which turns red."""
        bad = None
        try:
            grid = []
            for r, row in enumerate(self.view_state.query_cells):
                numbers = []
                for c, text in enumerate(row):
                    bad = (r, c)
                    numbers.append(parse_cell(text, r, c))
                grid.append(numbers)
            bad = None
            query = parse_matrix(self.view_state.query, self.tr("the query"))
        except MatrixInputError as error:
            self._mark(bad)
            where = self.tr("Keys table") if bad is not None else self.tr("Query")
            raise InputProblem(self.tr("{0}: {1}").format(where, engine_message(error))) from None
        self._mark(None)
        if query.shape[0] != 1:
            raise InputProblem(self.tr("Query: type one vector on one line, e.g. 1, 0, 0"))
        table = np.array(grid)
        return table[:, :-1], table[:, -1], query[0]

    def _mark(self, cell) -> None:
        with QSignalBlocker(self.keys_table):
            for r in range(self.keys_table.rowCount()):
                for c in range(self.keys_table.columnCount()):
                    item = self.keys_table.item(r, c)
                    if item is not None:
                        item.setBackground(BAD_CELL if (r, c) == cell else Qt.GlobalColor.transparent)

    # ---- results -----------------------------------------------------------------------------
    def show_result(self, inputs, t: float, result) -> None:
        keys, values, query = inputs
        m = len(keys)
        self.steps_table.setRowCount(m + 1)
        for j in range(m):
            products = " + ".join(f"{style.format_number(q)}·{style.format_number(k)}" for q, k in zip(query, keys[j]))
            fill_row(self.steps_table, j, (
                f"k{j + 1} = [{vector_text(keys[j])}], v = {style.format_number(values[j])}",
                f"{products} = {style.format_number(result.dot_products[j])}",
                style.format_number(result.scores[j]), style.format_number(result.weights[j]),
                style.format_number(result.weights[j] * values[j])))
        fill_row(self.steps_table, m, (self.tr("sum"), "", "", style.format_number(result.weights.sum()),
                                       style.format_number(result.output)))
        self.steps_table.resizeColumnsToContents()
        self.arrangement.refit()  # the table's width and height follow the numbers
        self.scale.describe(keys.shape[1], t, result.factor)
        weights = np.asarray(result.weights, dtype=np.float64)
        # the current theme's accent: the one read at construction stayed navy on the dark black
        self.bars.setOpts(x=np.arange(m), height=weights, width=0.7, brush=style.ACCENT)
        for label in self.bar_labels:
            self.bars_plot.removeItem(label)
        self.bar_labels = []
        for j, w in enumerate(weights):
            label = pg.TextItem(style.format_number(w, 4), color=style.plot_text(), anchor=(0.5, 1.0))
            label.setFont(style.font(0.9))
            label.setPos(j, w)
            self.bars_plot.addItem(label)
            self.bar_labels.append(label)
        self.bars_plot.getAxis("bottom").setTicks([[(j, f"k{j + 1}") for j in range(m)]])
        self.bars_plot.setXRange(-0.6, m - 0.4, padding=0)
        # a little above 1: the "1.0" tick label is centred on the axis' end and was cut in half
        self.bars_plot.setYRange(0, max(1.06, float(weights.max()) * 1.15), padding=0)
        terms = " + ".join(f"{style.format_number(w, 4)}·{style.format_number(v)}" for w, v in zip(weights, values))
        self.output = float(result.output)
        self.output_label.setText(self.tr("output = Σ w_j v_j = {0} = {1}").format(
            terms, style.format_number(result.output)))
        self._note_preset(inputs, t, result)

    def _note_preset(self, inputs, t, result) -> None:
        keys, values, query = inputs
        is_preset = (np.array_equal(keys, NAME_AGE_PRESET["keys"]) and np.array_equal(values, NAME_AGE_PRESET["values"])
                     and np.array_equal(query, NAME_AGE_PRESET["query"]))
        if not is_preset:
            self.preset_note.setText("")
            self.preset_note.hide()
            return
        # the notes' weights are the scores divided by their sum; what they meant is the softmax of
        # the scores without the 1/√d_k scale (t = 0), not the scaled weights on screen
        unscaled = softmax(result.dot_products)
        self.preset_note.setText(self.tr(
            "The lesson's weights 1/3, 1/3, 0, 1/3 (output 19) are the scores {0} divided by their sum, "
            "not a softmax. The softmax of those scores is {1} (output {2}); with the scale f = {3} on "
            "screen the weights are {4} and the output is {5}. Softmax never gives exactly 0: only a very "
            "large score gap would approach the hard lookup.").format(
            "[" + ", ".join(style.format_number(s) for s in result.dot_products) + "]", _listed(unscaled),
            style.format_number(float(unscaled @ np.asarray(values, dtype=np.float64)), 6),
            style.format_number(result.factor), _listed(result.weights), style.format_number(result.output)))
        self.preset_note.show()

    def apply_zoom(self) -> None:
        font = style.font()
        for side in ("left", "bottom"):
            self.bars_plot.getAxis(side).setTickFont(font)
        self.bars_plot.setLabel("left", self.tr("softmax weight w_j"), **{"font-size": f"{style.point_size():.1f}pt", "color": style.plot_text().name()})
        for label in self.bar_labels:
            label.setFont(style.font(0.9))
        # once the new font is in; the table as the timer's context: not once it is deleted
        QTimer.singleShot(0, self.keys_table, self._fit_keys_table)
        self.arrangement.refit()

    def _fit_keys_table(self) -> None:
        """Columns as wide as their text, and the table at least as tall as its header and
        every key (up to KEYS_SHOWN): the long note below it had left it one and a half rows
        from 14 pt, hiding the keys the lesson is about (the tab scrolls instead)."""
        table = self.keys_table
        table.resizeColumnsToContents()
        table.resizeRowsToContents()
        table.setFixedHeight(rows_height(table, min(table.rowCount(), KEYS_SHOWN)))
        table.setMinimumWidth(columns_width(table))  # the input column narrows to the wrapped sizes row
