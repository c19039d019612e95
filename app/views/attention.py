"""The live attention view: type a date, watch every layer and head attend."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QSizePolicy,
                               QSplitter, QVBoxLayout, QWidget)

from app.export import ExportButton, export_csv, export_png, export_svg
from app.views.base import View
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.output_strip import OutputStrip
from app.widgets.overview import AttentionOverview
from app.widgets.tokens import display_token, display_tokens
from engine.jobs import AttentionRequest
from engine.models.registry import list_models

KINDS = (
    ("encoder_self", "Encoder self-attention"),
    ("decoder_self", "Decoder masked self-attention"),
    ("cross", "Cross-attention (decoder → encoder)"),
)


def row_entropy_bits(row) -> float:
    p = np.asarray(row, dtype=np.float64)
    nz = p[p > 0]
    return float(-(nz * np.log2(nz)).sum())


class AttentionView(View):
    view_id = "attention"
    EXAMPLE = "Friday 26, March 2021"
    # 0: fire once the pending events are handled. Latest-wins in the worker already prevents a
    # backlog; this only merges edits that arrive in one batch (key repeat, input methods).
    DEBOUNCE_MS = 0

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate("AttentionView", "Attention")

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.result = None  # the AttentionResult on screen
        self.kind = "cross"
        self.layer = -1  # -1 until a result arrives: then the last layer, usually the sharpest
        self.head: int | None = None  # None = mean over heads
        self.selected_row: int | None = 0  # the first output step's row, so the bar chart starts filled
        self.requests_sent = 0
        self._loading = True
        self._build()
        self.bridge.subscribe("attention", self._on_result)
        self._debounce = self.debounce_timer(self._submit)
        self.request_update()

    # ---- layout --------------------------------------------------------------------------
    def _build(self):
        big = QFont()
        big.setPointSize(16)
        self.input = QLineEdit(self.EXAMPLE)
        self.input.setFont(big)
        self.input.setPlaceholderText(self.tr("Type a date in any format, e.g. 4 Nov 1988 or 2021年3月26日"))
        self.input.setClearButtonEnabled(True)
        self.model_box = QComboBox()
        # Transformers first (the richer picture), then the others, each group by name.
        for info in sorted(list_models(), key=lambda m: (m.architecture != "transformer", m.name)):
            self.model_box.addItem(info.name, info.name)
        self.teacher_check = QCheckBox(self.tr("Teacher forcing:"))
        self.teacher_input = QLineEdit()
        self.teacher_input.setPlaceholderText(self.tr("target to force, e.g. 2021-03-26"))
        self.teacher_input.setEnabled(False)
        self.kind_box = QComboBox()
        for kind, label in KINDS:
            self.kind_box.addItem(self.tr(label), kind)
        self.kind_box.setCurrentIndex(2)
        self.layer_box = QComboBox()
        self.head_box = QComboBox()
        self.head_box.setMinimumContentsLength(15)

        top = QGridLayout()
        top.addWidget(QLabel(self.tr("Input:")), 0, 0)
        top.addWidget(self.input, 0, 1, 1, 3)
        top.addWidget(QLabel(self.tr("Model:")), 0, 4)
        top.addWidget(self.model_box, 0, 5)
        top.addWidget(self.teacher_check, 1, 0)
        top.addWidget(self.teacher_input, 1, 1)
        selectors = QHBoxLayout()
        for label, widget in ((self.tr("Attention:"), self.kind_box), (self.tr("Layer:"), self.layer_box),
                              (self.tr("Head:"), self.head_box)):
            selectors.addWidget(QLabel(label))
            selectors.addWidget(widget)
        top.addLayout(selectors, 1, 2, 1, 4)
        top.setColumnStretch(1, 1)

        self.output = OutputStrip()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b71c1c; font-weight: bold")
        self.hover_label = QLabel(self.tr("Hover over a cell to read its weight; click a row to inspect it."))
        self.hover_label.setStyleSheet("font-size: 13pt")
        self.export_button = ExportButton(self, png=self.export_png, svg=self.export_svg, csv=self.export_csv,
                                          basename="attention")

        self.heatmap = AttentionHeatmap()
        self.row_plot = pg.PlotWidget(background="w")
        self.row_plot.setMenuEnabled(False)
        self.row_plot.hideButtons()
        self.row_plot.setYRange(0, 1)
        self.row_plot.setLabel("left", "weight")
        self.row_bars = pg.BarGraphItem(x=[], height=[], width=0.8, brush="#3949ab")
        self.row_plot.addItem(self.row_bars)
        self.row_title = QLabel(self.tr("Click a query row of the heatmap"))
        self.row_title.setStyleSheet("font-size: 13pt; font-weight: bold")
        self.entropy_label = QLabel()
        self.entropy_label.setStyleSheet("font-size: 13pt")
        row_panel = QWidget()
        row_layout = QVBoxLayout(row_panel)
        row_layout.addWidget(self.row_title)
        row_layout.addWidget(self.row_plot, 1)
        row_layout.addWidget(self.entropy_label)

        self.overview = AttentionOverview()
        self.overview.setMinimumHeight(250)

        upper = QSplitter(Qt.Orientation.Horizontal)
        upper.addWidget(self.heatmap)
        upper.addWidget(row_panel)
        upper.setStretchFactor(0, 3)
        upper.setStretchFactor(1, 2)
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(upper)
        vertical.addWidget(self.overview)
        vertical.setStretchFactor(0, 3)
        vertical.setStretchFactor(1, 1)

        status = QHBoxLayout()
        status.addWidget(self.hover_label, 1)
        status.addWidget(self.export_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.output)
        layout.addWidget(self.message)
        layout.addWidget(vertical, 1)
        layout.addLayout(status)
        self.message.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

        self.input.textChanged.connect(self.request_update)
        self.model_box.currentIndexChanged.connect(self._model_changed)
        self.teacher_check.toggled.connect(self._teacher_toggled)
        self.teacher_input.textChanged.connect(self.request_update)
        self.kind_box.currentIndexChanged.connect(self._selection_changed)
        self.layer_box.currentIndexChanged.connect(self._selection_changed)
        self.head_box.currentIndexChanged.connect(self._selection_changed)
        self.heatmap.cell_hovered.connect(self._on_hover)
        self.heatmap.row_clicked.connect(self.select_row)
        self.overview.tile_clicked.connect(self.select_tile)

    # ---- requests ------------------------------------------------------------------------
    @property
    def model_name(self) -> str | None:
        return self.model_box.currentData()

    def request_update(self, *_):
        self._debounce.start()

    def _teacher_toggled(self, checked):
        self.teacher_input.setEnabled(checked)
        if checked and not self.teacher_input.text() and self.result is not None:
            self.teacher_input.setText(self.result.output_text)  # start from the model's own output
        self.request_update()

    def _model_changed(self, *_):
        self.result = None
        self._loading = True
        self.request_update()

    def _submit(self):
        name = self.model_name
        if not name:
            self._show_message(self.tr("No models found in assets/models. Train one with "
                                       "'python -m engine train date-transformer'."))
            return
        text = self.input.text()
        if not text.strip():
            self._show_message(self.tr("Type a date to see the model translate it."))
            return
        target = self.teacher_input.text() if self.teacher_check.isChecked() else None
        if target is not None and not target.strip():
            target = None
        if self._loading and self.state.model_states.get(name) != "ready":
            self.state.set_model_state(name, self.tr("loading…"))
            self._show_message(self.tr("Loading model {0}…").format(name), error=False)
        self.requests_sent += 1
        self.bridge.submit("attention", AttentionRequest(name, text, target))

    # ---- results -------------------------------------------------------------------------
    def _on_result(self, result):
        request = result.request
        if request.model != self.model_name:
            return
        if not result.ok:
            if result.error_type == "ModelLoadError":
                self.state.set_model_state(request.model, self.tr("error"))
                self._show_message(self.tr("Model {0} could not be loaded: {1}").format(request.model, result.error))
            else:
                self._show_message(result.error)
            self.updated.emit()
            return  # the last good picture stays on screen
        self._loading = False
        self.state.set_model_state(request.model, self.tr("ready"))
        self.result = result.value
        notes = []
        if self.result.unknown_characters:
            chars = ", ".join(repr(c) for c in self.result.unknown_characters)
            notes.append(self.tr("Not in the model's alphabet (read as ⟨?⟩): {0}").format(chars))
        self._show_message(" ".join(notes), error=bool(notes))
        self._sync_selectors()
        self.render()

    def _show_message(self, text: str, error: bool = True):
        self.message.setStyleSheet(f"color: {'#b71c1c' if error else '#37474f'}; font-weight: bold")
        self.message.setText(text)

    def ready(self) -> bool:
        return self.result is not None

    # ---- selection -----------------------------------------------------------------------
    def available_kinds(self):
        r = self.result
        return [k for k, _ in KINDS if r is not None and getattr(r, k) is not None]

    def _sync_selectors(self):
        """Offer only what the model has: kinds, layers, heads (programmatic: signals blocked)."""
        r = self.result
        kinds = self.available_kinds()
        if self.kind not in kinds:
            self.kind = "cross"
        stack = getattr(r, self.kind)
        n_layers, n_heads = stack.shape[:2]

        with QSignalBlocker(self.kind_box), QSignalBlocker(self.layer_box), QSignalBlocker(self.head_box):
            model = self.kind_box.model()
            for i in range(self.kind_box.count()):
                model.item(i).setEnabled(self.kind_box.itemData(i) in kinds)
            self.kind_box.setCurrentIndex(self.kind_box.findData(self.kind))
            if self.layer_box.count() != n_layers:
                self.layer_box.clear()
                for layer in range(n_layers):
                    self.layer_box.addItem(self.tr("Layer {0}").format(layer + 1), layer)
            if self.head_box.count() != n_heads + 1:
                self.head_box.clear()
                for head in range(n_heads):
                    self.head_box.addItem(self.tr("Head {0}").format(head + 1), head)
                self.head_box.addItem(self.tr("Mean over heads"), None)
            self.layer = n_layers - 1 if self.layer < 0 else min(self.layer, n_layers - 1)
            if self.head is not None and self.head >= n_heads:
                self.head = None
            self.layer_box.setCurrentIndex(self.layer)
            self.head_box.setCurrentIndex(n_heads if self.head is None else self.head)
            single = n_layers == 1 and n_heads == 1
            self.layer_box.setEnabled(not single)
            self.head_box.setEnabled(not single)

    def _selection_changed(self, *_):
        if self.result is None:
            return
        self.kind = self.kind_box.currentData() or "cross"
        self.layer = max(0, self.layer_box.currentIndex())
        self.head = self.head_box.currentData()
        self._sync_selectors()
        self.render()

    def select(self, kind: str, layer: int, head: int | None) -> None:
        """Show one matrix (what the selectors and the overview tiles do)."""
        self.kind, self.layer, self.head = kind, layer, head
        if self.result is not None:
            self._sync_selectors()
            self.render()

    def select_tile(self, layer: int, head):
        self.select(self.kind, layer, head)

    def select_row(self, row: int | None):
        self.selected_row = row
        self.heatmap.select_row(row)
        self._render_row()
        self.updated.emit()

    # ---- drawing -------------------------------------------------------------------------
    def labels(self):
        """(row labels, column labels, row title, column title) of the current kind."""
        r = self.result
        if self.kind == "encoder_self":
            return list(r.source_tokens), list(r.source_tokens), "query (input)", "key (input)"
        if self.kind == "decoder_self":
            return list(r.target_tokens), list(r.target_tokens), "query (decoder input)", "key (decoder input)"
        rows = list(r.output_tokens)
        title = "output step" if r.architecture == "rnn-attention" else "query (producing output)"
        return rows, list(r.source_tokens), title, "key (input)"

    def current_matrix(self) -> np.ndarray:
        return self.result.matrix(self.kind, self.layer, self.head)

    def current_mask(self):
        if self.kind != "decoder_self":
            return None
        n = self.current_matrix().shape[0]
        return np.triu(np.ones((n, n), dtype=bool), k=1)  # future positions

    def render(self):
        r = self.result
        if r is None:
            return
        caption = self.tr("forced:") if r.teacher_forced else self.tr("output:")
        self.output.set_tokens(r.output_tokens, r.output_probabilities, caption)
        rows, cols, row_title, col_title = self.labels()
        matrix = self.current_matrix()
        self.heatmap.set_matrix(matrix, rows, cols, mask=self.current_mask(), row_title=row_title,
                                column_title=col_title)
        self.overview.set_stack(getattr(r, self.kind), selected=(self.layer, self.head))
        if self.selected_row is not None and self.selected_row >= matrix.shape[0]:
            self.selected_row = None
        self.heatmap.select_row(self.selected_row)
        self._render_row()
        self.updated.emit()

    def _render_row(self):
        if self.result is None or self.selected_row is None:
            self.row_bars.setOpts(x=[], height=[])
            self.entropy_label.setText("")
            self.row_title.setText(self.tr("Click a query row of the heatmap"))
            return
        rows, cols, _, _ = self.labels()
        row = self.current_matrix()[self.selected_row]
        self.row_bars.setOpts(x=np.arange(len(row)), height=row.astype(np.float64), width=0.8)
        self.row_plot.getAxis("bottom").setTicks([[(j, t) for j, t in enumerate(display_tokens(cols))]])
        self.row_plot.setXRange(-0.6, len(row) - 0.4, padding=0)
        self.row_title.setText(self.tr("Row {0}: query '{1}'").format(self.selected_row,
                                                                      display_token(rows[self.selected_row])))
        h = row_entropy_bits(row)
        n_allowed = int((row > 0).sum()) if self.kind == "decoder_self" else len(row)
        self.entropy_label.setText(self.tr("Entropy of this row: {0:.3f} bits (uniform over {1} keys: {2:.3f})")
                                   .format(h, n_allowed, np.log2(max(n_allowed, 1))))

    def _on_hover(self, row, col, value):
        if row < 0:
            return
        self.hover_label.setText(self.heatmap.describe_cell(row, col))

    # ---- exports -------------------------------------------------------------------------
    def export_png(self, path):
        return export_png(self.heatmap.plot, path)

    def export_svg(self, path):
        return export_svg(self.heatmap, path)

    def export_csv(self, path):
        rows, cols, _, _ = self.labels()
        return export_csv(path, self.current_matrix(), rows, cols, corner="query\\key")
