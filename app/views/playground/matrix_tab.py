"""Matrix mode: Q, K, V typed (or drawn at random with a seed) and softmax(f·QKᵀ)V with every
intermediate matrix: QKᵀ, the scaled scores, the weights (numbers and heatmap) and the output."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtWidgets import (QCheckBox, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from app import style
from app.engine_text import engine_message
from app.style import splitter
from app.binding import bind_widgets
from app.views.base import InputProblem, MessageLine, ResultsPanel
from app.views.playground.number_grid import NumberGrid
from app.views.playground.result_tables import ResultTables
from app.views.playground.scale_control import ScaleControl
from app.views.playground.state import PlaygroundState, matrix_text
from app.widgets.heatmap import AttentionHeatmap
from engine.playground import MAX_SIZE, MatrixInputError, parse_matrix, random_matrices

#: the widest an editor asks to be, in ems of its font (a longer row scrolls inside it)
EDITOR_EMS = 30
SIZES = (("n", 3, QT_TRANSLATE_NOOP("MatrixTab", "queries (rows of Q)")),
         ("m", 4, QT_TRANSLATE_NOOP("MatrixTab", "keys and values (rows of K and V)")),
         ("d_k", 4, QT_TRANSLATE_NOOP("MatrixTab", "columns of Q and K")),
         ("d_v", 2, QT_TRANSLATE_NOOP("MatrixTab", "columns of V")))


class MatrixTab(ResultsPanel):
    """Its inputs are bound to the view's state (the view watches it)."""

    def __init__(self, state: PlaygroundState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.size_spins = {}
        self.random_row = QWidget()
        row = QHBoxLayout(self.random_row)
        row.setContentsMargins(0, 0, 0, 0)
        for name, value, tip in SIZES:
            spin = QSpinBox()
            spin.setRange(1, MAX_SIZE)
            spin.setValue(value)
            spin.setToolTip(self.tr(tip))
            self.size_spins[name] = spin
            row.addWidget(QLabel(f"{name}:"))
            row.addWidget(spin)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 999_999)
        self.randomise_button = QPushButton(self.tr("Randomise"))
        self.randomise_button.setToolTip(self.tr("Standard normal entries from this seed, rounded to 2 decimals"))
        row.addWidget(QLabel(self.tr("seed:")))
        row.addWidget(self.seed_spin)
        row.addWidget(self.randomise_button)
        row.addStretch(1)
        self.causal_check = QCheckBox(self.tr("causal mask (query i sees keys 1..i)"))
        self.scale = ScaleControl()
        options = QHBoxLayout()
        options.addWidget(self.causal_check)
        options.addWidget(self.scale, 1)

        self.editors = {}
        editors = QWidget()
        editor_layout = QVBoxLayout(editors)
        editor_layout.setContentsMargins(0, 0, 0, 0)
        for name, shape in (("Q", "n×d_k"), ("K", "m×d_k"), ("V", "m×d_v")):
            editor = style.scaled(QPlainTextEdit(), 1.0, monospace=True)
            editor.setTabChangesFocus(True)
            editor.setToolTip(self.tr("One row per line; numbers separated by commas or spaces"))
            # a matrix row wrapped onto two lines reads as two rows (seen at 14 pt): the editor
            # scrolls sideways instead, and is as wide as its longest row where it can be
            editor.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            editor.textChanged.connect(lambda e=editor: self._fit_editor(e))
            self.editors[name] = editor
            editor_layout.addWidget(style.title_label(f"{name} ({shape})"))
            editor_layout.addWidget(editor, 1)
        self.message = MessageLine()

        self.products_grid = NumberGrid()
        self.scores_grid = NumberGrid()
        self.weights_grid = NumberGrid()
        self.output_grid = NumberGrid()
        self.heatmap = AttentionHeatmap()
        self.heatmap.setMinimumSize(220, 200)
        self.hover_label = style.wrapped_label(self.tr("Hover over the heatmap to read a weight."))
        self.titles = {}
        cells = []
        for key, widget, label, title in (
                ("products", self.products_grid, "QKᵀ", self.tr("QKᵀ (dot products)")),
                ("scores", self.scores_grid, "f·QKᵀ", self.tr("f·QKᵀ (scaled scores; −∞ masked)")),
                ("weights", self.weights_grid, self.tr("weights"), self.tr("weights = softmax of each row")),
                ("output", self.output_grid, self.tr("output"), self.tr("output = weights · V"))):
            self.titles[key] = style.title_label(title)
            cells.append((label, self.titles[key], widget))
        self.results = ResultTables(cells, (self.tr("heatmap"), (self.heatmap, self.hover_label)),
                                    self.tr("tables"))

        layout = QVBoxLayout(self)
        layout.addWidget(self.random_row)
        layout.addLayout(options)
        layout.addWidget(self.message)
        # the editors' 26-character rows need ~220 px at 11 pt; the results' tables side by side
        # with the heatmap need ~930 (see result_tables.py)
        layout.addWidget(splitter(Qt.Orientation.Horizontal, (editors, self.results), stretch=(1, 3),
                                  sizes=(250, 950)), 1)

        self.randomise_button.clicked.connect(self.randomise)
        self.heatmap.cell_hovered.connect(self._on_hover)
        bind_widgets(state, **self.size_spins, seed=self.seed_spin, causal=self.causal_check,
                     matrix_scale=self.scale.slider, q_text=self.editors["Q"], k_text=self.editors["K"],
                     v_text=self.editors["V"])

    # ---- inputs ------------------------------------------------------------------------------
    def randomise(self) -> None:
        """Fill Q, K and V from the seed and sizes (one request afterwards)."""
        state = self.view_state
        sizes = [getattr(state, name) for name, _, _ in SIZES]
        matrices = random_matrices(*sizes, seed=state.seed)
        self.set_matrices(*matrices)

    def set_matrices(self, q, k, v) -> None:
        """Type Q, K and V in (the view's debounce makes the three changes one request)."""
        for name, matrix in zip("qkv", (q, k, v)):
            setattr(self.view_state, f"{name}_text", matrix_text(matrix))

    def read(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Q, K, V as numbers; InputProblem naming the matrix, row and column of a bad cell."""
        matrices = []
        for name in self.editors:
            try:
                matrices.append(parse_matrix(getattr(self.view_state, f"{name.lower()}_text"), name))
            except MatrixInputError as error:
                text = engine_message(error)  # translated from its code: the engine writes English
                raise InputProblem(text if error.arguments.get("name") == name  # the message names it already
                                   else self.tr("{0}: {1}").format(name, text)) from None
        return tuple(matrices)

    # ---- results -----------------------------------------------------------------------------
    def show_result(self, inputs, t: float, result) -> None:
        q, k, v = inputs
        rows = [f"q{i + 1}" for i in range(q.shape[0])]
        keys = [f"k{j + 1}" for j in range(k.shape[0])]
        self.products_grid.show_matrix(result.products, rows, keys)
        self.scores_grid.show_matrix(result.scores, rows, keys)
        self.weights_grid.show_matrix(result.weights, rows, keys)
        self.output_grid.show_matrix(result.output, rows, [f"[{c + 1}]" for c in range(v.shape[1])])
        self.heatmap.set_matrix(result.weights, rows, keys, mask=~result.allowed)
        self.results.refit()  # the tables' widths follow the numbers
        self.scale.describe(q.shape[1], t, result.factor)

    def _on_hover(self, row: int, column: int, _value: float) -> None:
        if row < 0:
            self.hover_label.setText(self.tr("Hover over the heatmap to read a weight."))
        else:
            self.hover_label.setText(self.heatmap.describe_cell(row, column))

    def _fit_editor(self, editor: QPlainTextEdit) -> None:
        """At least as wide as the longest row typed (up to EDITOR_EMS ems)."""
        metrics = editor.fontMetrics()
        longest = max((metrics.horizontalAdvance(line) for line in editor.toPlainText().splitlines()), default=0)
        chrome = 2 * editor.frameWidth() + 2 * round(editor.document().documentMargin()) \
            + editor.verticalScrollBar().sizeHint().width()
        editor.setMinimumWidth(min(longest, metrics.horizontalAdvance("M") * EDITOR_EMS) + chrome)

    def apply_zoom(self) -> None:
        self.heatmap.set_text_size(style.point_size())
        for editor in self.editors.values():
            QTimer.singleShot(0, editor, lambda e=editor: self._fit_editor(e))  # once its font is in
