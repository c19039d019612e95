"""The attention view: one request loop on the "attention" channel; the controls, the heatmap,
the row panel and the overview grid draw what a result holds."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QTabWidget, QVBoxLayout, QWidget

from app import style
from app.export import ExportButton, matrix_csv
from app.style import splitter
from app.views.attention.controls import KINDS, AttentionControls, kind_label
from app.views.attention.hf_panel import WordPiecePanel, shown_stack
from app.views.attention.row_panel import RowPanel
from app.views.base import InputProblem, View, shows
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.output_strip import OutputStrip
from app.widgets.overview import AttentionOverview
from app.widgets.tokens import display_token
from engine.jobs import AttentionRequest, HFAttentionRequest

#: the RNN has one additive attention, not layers and heads
RNN_ATTENTION = QT_TRANSLATE_NOOP("AttentionView", "additive attention")


def mean_row_entropy_bits(stack: np.ndarray) -> np.ndarray:
    """[..., Q, K] -> [...]: the mean over rows of H(row) = -Σ_j p_j log2 p_j (0 log 0 = 0).

    Vectorised in float32 (rows summed pairwise, their mean in float64): a 72-head, 512-token
    stack (19 M weights) costs about half of engine.infotheory.row_entropies' float64 copy and
    checks, within ~1e-7 bits, and the captions show two decimals.  Attention rows are softmax
    outputs: finite and non-negative; a zero weight's -inf logarithm is replaced by 0 after the
    product (faster than a masked logarithm)."""
    p = np.asarray(stack, dtype=np.float32)
    if p.size == 0:
        return np.zeros(p.shape[:-2], dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.log2(p)
        np.multiply(logs, p, out=logs)
    logs[p == 0] = 0.0
    return -logs.sum(axis=-1).mean(axis=-1, dtype=np.float64) + 0.0


def is_word_piece_result(result) -> bool:
    """True for a Hugging Face model's result (engine.hf.model.HFAttentionResult)."""
    return hasattr(result, "model_kind")


class AttentionView(View):
    TITLE = QT_TRANSLATE_NOOP("AttentionView", "Attention")
    EXAMPLE = "Friday 26, March 2021"
    # 0: fire once the pending events are handled. Latest-wins in the worker already prevents a
    # backlog; this only merges edits that arrive in one batch (key repeat, input methods).
    DEBOUNCE_MS = 0

    def stale_widgets(self):
        """The output strip too: it shows the same out-of-date answer as the heatmap."""
        return [self.output, self.content]

    def main_plot(self):
        """The heatmap of the chosen matrix: the layout gives it at least 40 % of the window
        (tests/app/test_layout_fit.py)."""
        return self.heatmap

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
        # one column per layer: the overview shares the side panel with the row chart
        self.overview = AttentionOverview(layers_as_columns=True)
        self.word_pieces = WordPiecePanel()
        self.word_pieces.hide()
        self._shown_cache: tuple = (None, {})  # (result, {(kind, merge, hide): what `shown` returns})
        self.hover_label = style.wrapped_label(self.HOVER_HINT())
        self.export_button = ExportButton(self)

        # The heatmap takes the full height; the selected row and the grid of all heads share a
        # side panel (tabs).  Stacked under the heatmap the grid left it 17 % of a 1280×720 window.
        self.side = QTabWidget()
        self.side.setDocumentMode(True)
        self.side.addTab(self.row_panel, self.tr("Selected row"))
        self.side.addTab(self.overview, self.tr("All heads"))
        # the hover readout under the side tabs and Export beside the output: the heatmap keeps
        # the full height (40 % of the window at text ×2 on 1920×1080)
        side_column = QWidget()
        side_layout = QVBoxLayout(side_column)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.side, 1)
        side_layout.addWidget(self.hover_label)
        self.side_column = side_column
        self.content = splitter(Qt.Orientation.Horizontal, (self.heatmap, side_column), stretch=(4, 1))
        output_row = QHBoxLayout()
        output_row.addWidget(self.output, 1)
        output_row.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addLayout(output_row)
        layout.addWidget(self.word_pieces)
        layout.addWidget(self.message)
        layout.addWidget(self.content, 1)

        self.loop = self.request_loop("attention", build=self.build_request, render=self.render_result)
        self.controls.request_changed.connect(self.loop.schedule)
        self.controls.model_changed.connect(self._model_changed)
        self.controls.selection_changed.connect(self._selection_changed)
        self.controls.teacher_check.toggled.connect(self._teacher_toggled)
        self.word_pieces.changed.connect(self._selection_changed)
        state.model_folders.attach(self.controls.model_box)
        self.heatmap.cell_hovered.connect(self._on_hover)
        self.heatmap.row_clicked.connect(self.select_row)
        self.overview.tile_clicked.connect(lambda layer, head: self.select(self.kind, layer, head))
        self.apply_zoom()
        self.loop.schedule()

    def apply_zoom(self) -> None:
        """Text in the plots follows the application's text size (View ▸ Larger text)."""
        super().apply_zoom()
        self.heatmap.set_text_size(style.point_size())
        self.side_column.setMinimumWidth(max(320, int(style.point_size() * 20)))  # about 30 characters
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
        folder = self.state.model_folders.info(name)
        if not text.strip():
            prompt = self.tr("Type some text to see its attention.") if folder else \
                self.tr("Type a date to see the model translate it.")
            raise InputProblem(prompt, error=False)
        if folder is not None:
            target = self.controls.target() if folder.kind == "encoder-decoder" else None
            return HFAttentionRequest(folder.path, text, target)
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
        if self.kind not in kinds:  # an encoder or a decoder alone has no cross-attention
            self.kind = "cross" if "cross" in kinds else kinds[0]
        n_layers, n_heads = getattr(r, self.kind).shape[:2]
        self.layer = n_layers - 1 if self.layer < 0 else min(self.layer, n_layers - 1)
        if self.head is not None and self.head >= n_heads:
            self.head = None
        single = self.tr(RNN_ATTENTION) if r.architecture == "rnn-attention" else None
        self.controls.offer(kinds, self.kind, n_layers, n_heads, self.layer, self.head, single_label=single)

        caption = self.tr("forced:") if r.teacher_forced else self.tr("output:")
        self.output.set_tokens(r.output_tokens, r.output_probabilities, caption)
        self.output.setVisible(bool(r.output_tokens))  # an encoder alone produces nothing
        word_pieces = is_word_piece_result(r)
        self.word_pieces.setVisible(word_pieces)
        if word_pieces:
            self.word_pieces.show_sinks(r, self.kind, self.layer)
        _, _, row_title, col_title = self.labels(r)
        stack, rows, cols, captions = self.shown(r)
        matrix = self.current_matrix(r)
        self.heatmap.set_matrix(matrix, rows, cols, mask=self.current_mask(matrix), row_title=row_title,
                                column_title=col_title)
        self.overview.set_stack(stack, selected=(self.layer, self.head), captions=captions)
        if self.selected_row is not None and self.selected_row >= matrix.shape[0]:
            self.selected_row = None
        self.heatmap.select_row(self.selected_row)
        self._draw_row(r)

    def shown(self, r):
        """(stack [layer, head, query, key] as drawn, row labels, column labels, tile captions)
        of the current kind: for a Hugging Face model, with the word-piece toggles applied
        (app/views/attention/hf_panel.py).  Kept until the result, kind or a toggle changes, so
        choosing another head at 512 tokens costs one heatmap, not the whole stack again, and
        every combination of the toggles already seen for this result is kept too (flipping a
        toggle back is free; each transformed stack of MiniLM at 512 tokens is ~75 MB)."""
        merge, hide = self.word_pieces.merge_words, self.word_pieces.hide_specials
        single = RNN_ATTENTION if r.architecture == "rnn-attention" else None
        key = (self.kind, merge, hide)
        if self._shown_cache[0] is not r:
            self._shown_cache = (r, {})
        cached = self._shown_cache[1]
        if key in cached:
            return cached[key]
        rows, cols, _, _ = self.labels(r)
        stack = getattr(r, self.kind)
        if is_word_piece_result(r):
            stack, rows, cols = shown_stack(r, self.kind, stack, rows, cols, merge, hide)
        shown = stack, rows, cols, self.tile_captions(stack, single)
        cached[key] = shown
        return shown

    def tile_captions(self, stack: np.ndarray, single: str | None) -> dict:
        """Each overview tile's caption: which head, and its mean row entropy in bits."""
        n_layers, n_heads = stack.shape[:2]
        # one call per stack, not per tile: 72 heads at 512 tokens stay cheap
        per_head = mean_row_entropy_bits(stack)
        per_mean = mean_row_entropy_bits(stack.mean(axis=1))
        captions = {}
        for layer in range(n_layers):
            for head in list(range(n_heads)) + ([None] if n_heads > 1 else []):
                name = single or (self.tr("mean") if head is None else self.tr("head {0}").format(head + 1))
                entropy = float(per_mean[layer] if head is None else per_head[layer, head])
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

    def current_matrix(self, r=None) -> np.ndarray:
        """The matrix the heatmap draws (mean over heads when no head is chosen)."""
        stack = self.shown(r or self.result)[0][self.layer]
        return stack.mean(axis=0) if self.head is None else stack[self.head]

    def shown_labels(self, r=None) -> tuple[list, list]:
        """(row labels, column labels) of the drawn matrix (words when pieces are merged)."""
        _, rows, cols, _ = self.shown(r or self.result)
        return rows, cols

    def current_mask(self, matrix: np.ndarray):
        if self.kind != "decoder_self":
            return None
        n = matrix.shape[0]
        return np.triu(np.ones((n, n), dtype=bool), k=1)  # future positions

    def _draw_row(self, r) -> None:
        if self.selected_row is None:
            self.row_panel.clear()
            return
        rows, cols = self.shown_labels(r)
        row = self.current_matrix(r)[self.selected_row]
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
        head = self.tr("mean over heads") if self.head is None else self.tr("head {0}").format(self.head + 1)
        caption = self.tr("{0} · {1} · layer {2} · {3} · input “{4}”").format(
            self.model_name, kind_label(self.kind), self.layer + 1, head, r.source_text)
        return self.heatmap, caption

    def export_basename(self) -> str:
        return f"attention-{self.kind}"

    def export_csv(self, path):
        if self.result is None:
            raise ValueError(self.tr("Nothing to export yet."))
        rows, cols = self.shown_labels()
        return matrix_csv(path, self.current_matrix(), [display_token(t) for t in rows],
                          [display_token(t) for t in cols], corner="query\\key")
