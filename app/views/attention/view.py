"""The attention view: one request loop on the "attention" channel; the controls, the heatmap,
the row panel and the overview grid draw what a result holds."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from app import style
from app.export import ExportButton, matrix_csv
from app.style import splitter
from app.views.attention.controls import KINDS, AttentionControls
from app.views.attention.row_panel import RowPanel
from app.views.base import InputProblem, View, shows
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.output_strip import OutputStrip
from app.widgets.overview import AttentionOverview
from app.widgets.tokens import display_token
from engine.infotheory import row_entropies
from engine.jobs import AttentionRequest

#: the RNN has one additive attention, not layers and heads
RNN_ATTENTION = "additive attention"


class AttentionView(View):
    TITLE = QT_TRANSLATE_NOOP("AttentionView", "Attention")
    EXAMPLE = "Friday 26, March 2021"
    # 0: fire once the pending events are handled. Latest-wins in the worker already prevents a
    # backlog; this only merges edits that arrive in one batch (key repeat, input methods).
    DEBOUNCE_MS = 0

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.kind = "cross"
        self.layer = -1  # -1 until a result arrives: then the last layer, usually the sharpest
        self.head: int | None = None  # None = mean over heads
        self.selected_row: int | None = 0  # the first output step's row, so the bar chart starts filled

        self.controls = AttentionControls(self.EXAMPLE)
        self.output = OutputStrip()
        self.heatmap = AttentionHeatmap()
        self.row_panel = RowPanel()
        self.overview = AttentionOverview()
        self.overview.setMinimumHeight(200)
        self.hover_label = style.wrapped_label(self.HOVER_HINT())
        self.export_button = ExportButton(self)

        upper = splitter(Qt.Orientation.Horizontal, (self.heatmap, self.row_panel), stretch=(3, 2))
        self.content = splitter(Qt.Orientation.Vertical, (upper, self.overview), stretch=(3, 1))
        status = QHBoxLayout()
        status.addWidget(self.hover_label, 1)
        status.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.output)
        layout.addWidget(self.message)
        layout.addWidget(self.content, 1)
        layout.addLayout(status)

        self.loop = self.request_loop("attention", build=self.build_request, render=self.render_result)
        self.controls.request_changed.connect(self.loop.schedule)
        self.controls.model_changed.connect(self._model_changed)
        self.controls.selection_changed.connect(self._selection_changed)
        self.controls.teacher_check.toggled.connect(self._teacher_toggled)
        self.heatmap.cell_hovered.connect(self._on_hover)
        self.heatmap.row_clicked.connect(self.select_row)
        self.overview.tile_clicked.connect(lambda layer, head: self.select(self.kind, layer, head))
        self.apply_zoom()
        self.loop.schedule()

    def apply_zoom(self) -> None:
        """Text in the plots follows the application's text size (View ▸ Larger text)."""
        super().apply_zoom()
        self.heatmap.set_text_size(style.point_size())
        self.row_panel.apply_zoom()
        if self.result is not None:
            self._draw(self.result)  # the output strip and the overview captions are re-written

    def HOVER_HINT(self) -> str:  # noqa: N802 - a translated constant
        return self.tr("Hover over a cell to read its weight; click a row to inspect it.")

    result = shows("loop", "The AttentionResult on screen.")

    @property
    def model_name(self) -> str | None:
        return self.controls.model_name

    # ---- requests ------------------------------------------------------------------------
    def build_request(self) -> AttentionRequest:
        name = self.model_name
        if not name:
            raise InputProblem.no_models()
        text = self.controls.input.text()
        if not text.strip():
            raise InputProblem(self.tr("Type a date to see the model translate it."), error=False)
        return AttentionRequest(name, text, self.controls.target())

    def _model_changed(self) -> None:
        self.hover_label.setText(self.HOVER_HINT())

    def _teacher_toggled(self, checked: bool) -> None:
        if checked and self.result is not None:
            self.controls.prefill_target(self.result.output_text)

    # ---- results -------------------------------------------------------------------------
    def render_result(self, result) -> None:
        if result.unknown_characters:
            chars = ", ".join(repr(c) for c in result.unknown_characters)
            note = self.tr("Not in the model's alphabet (read as ⟨?⟩): {0}").format(chars)
        else:
            note = ""
        self._draw(result)
        self.message.show_message(note, error=bool(note))

    def _draw(self, r) -> None:
        kinds = [k for k, _ in KINDS if getattr(r, k) is not None]
        if self.kind not in kinds:
            self.kind = "cross"
        n_layers, n_heads = getattr(r, self.kind).shape[:2]
        self.layer = n_layers - 1 if self.layer < 0 else min(self.layer, n_layers - 1)
        if self.head is not None and self.head >= n_heads:
            self.head = None
        single = RNN_ATTENTION if r.architecture == "rnn-attention" else None
        self.controls.offer(kinds, self.kind, n_layers, n_heads, self.layer, self.head, single_label=single)

        caption = self.tr("forced:") if r.teacher_forced else self.tr("output:")
        self.output.set_tokens(r.output_tokens, r.output_probabilities, caption)
        rows, cols, row_title, col_title = self.labels(r)
        matrix = r.matrix(self.kind, self.layer, self.head)
        self.heatmap.set_matrix(matrix, rows, cols, mask=self.current_mask(matrix), row_title=row_title,
                                column_title=col_title)
        stack = getattr(r, self.kind)
        self.overview.set_stack(stack, selected=(self.layer, self.head), captions=self.tile_captions(stack, single))
        if self.selected_row is not None and self.selected_row >= matrix.shape[0]:
            self.selected_row = None
        self.heatmap.select_row(self.selected_row)
        self._draw_row(r)

    def tile_captions(self, stack: np.ndarray, single: str | None) -> dict:
        """Each overview tile's caption: which head, and its mean row entropy in bits."""
        n_layers, n_heads = stack.shape[:2]
        captions = {}
        for layer in range(n_layers):
            for head in list(range(n_heads)) + ([None] if n_heads > 1 else []):
                matrix = stack[layer].mean(axis=0) if head is None else stack[layer, head]
                name = single or (self.tr("mean") if head is None else self.tr("head {0}").format(head + 1))
                entropy = float(row_entropies(matrix).mean()) if matrix.size else 0.0
                captions[(layer, head)] = self.tr("{0} · H={1} bits").format(name, style.fixed(entropy, 2))
        return captions

    # ---- selection -----------------------------------------------------------------------
    def _selection_changed(self) -> None:
        if self.result is None:
            return
        self.kind, self.layer, self.head = self.controls.selection()
        self.hover_label.setText(self.HOVER_HINT())  # the readout was about another matrix
        self._draw(self.result)
        self.updated.emit()

    def select(self, kind: str, layer: int, head: int | None) -> None:
        """Show one matrix (what the selectors and the overview tiles do)."""
        self.kind, self.layer, self.head = kind, layer, head
        if self.result is not None:
            self._draw(self.result)
            self.updated.emit()

    def select_row(self, row: int | None) -> None:
        self.selected_row = row
        self.heatmap.select_row(row)
        if self.result is not None:
            self._draw_row(self.result)
        self.updated.emit()

    # ---- drawing -------------------------------------------------------------------------
    def labels(self, r=None):
        """(row labels, column labels, row title, column title) of the current kind."""
        r = r or self.result
        if self.kind == "encoder_self":
            return list(r.source_tokens), list(r.source_tokens), self.tr("query (input)"), self.tr("key (input)")
        if self.kind == "decoder_self":
            return (list(r.target_tokens), list(r.target_tokens), self.tr("query (decoder input)"),
                    self.tr("key (decoder input)"))
        title = self.tr("output step") if r.architecture == "rnn-attention" else self.tr("query (producing output)")
        return list(r.output_tokens), list(r.source_tokens), title, self.tr("key (input)")

    def current_matrix(self) -> np.ndarray:
        return self.result.matrix(self.kind, self.layer, self.head)

    def current_mask(self, matrix: np.ndarray):
        if self.kind != "decoder_self":
            return None
        n = matrix.shape[0]
        return np.triu(np.ones((n, n), dtype=bool), k=1)  # future positions

    def _draw_row(self, r) -> None:
        if self.selected_row is None:
            self.row_panel.clear()
            return
        rows, cols, _, _ = self.labels(r)
        row = r.matrix(self.kind, self.layer, self.head)[self.selected_row]
        n_allowed = self.selected_row + 1 if self.kind == "decoder_self" else len(row)
        self.row_panel.show_row(self.selected_row, row, rows[self.selected_row], cols, n_allowed)

    def _on_hover(self, row, col, value) -> None:
        if row >= 0:
            self.hover_label.setText(self.heatmap.describe_cell(row, col))

    def main_input(self):
        return self.controls.input

    def model_selector(self):
        return self.controls.model_box

    # ---- sessions ------------------------------------------------------------------------
    def extra_state(self) -> dict:
        return {"kind": self.kind, "layer": self.layer, "head": self.head, "row": self.selected_row}

    def apply_extra_state(self, state: dict) -> None:
        kind, layer, head, row = (state.get(k) for k in ("kind", "layer", "head", "row"))
        if kind in dict(KINDS):
            self.kind = kind
        if isinstance(layer, int):
            self.layer = layer
        if head is None or isinstance(head, int):
            self.head = head
        if row is None or isinstance(row, int):
            self.selected_row = row
        if self.result is not None:
            self._draw(self.result)

    # ---- exports -------------------------------------------------------------------------
    def picture(self):
        r = self.result
        if r is None:
            raise ValueError(self.tr("Nothing to export yet."))
        kind = dict(KINDS)[self.kind]
        head = self.tr("mean over heads") if self.head is None else self.tr("head {0}").format(self.head + 1)
        caption = self.tr("{0} · {1} · layer {2} · {3} · input “{4}”").format(
            self.model_name, self.tr(kind), self.layer + 1, head, r.source_text)
        return self.heatmap, caption

    def export_basename(self) -> str:
        return f"attention-{self.kind}"

    def export_csv(self, path):
        if self.result is None:
            raise ValueError(self.tr("Nothing to export yet."))
        rows, cols, _, _ = self.labels()
        return matrix_csv(path, self.current_matrix(), [display_token(t) for t in rows],
                          [display_token(t) for t in cols], corner="query\\key")
