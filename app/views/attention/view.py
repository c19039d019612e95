"""The attention view: one request loop on the "attention" channel; the controls, the heatmap,
the row panel and the overview grid draw what a result holds.  The overview's tiles and
entropies are computed by a background loop on the "attention-overview" channel, and a Hugging
Face layer with a word-piece toggle on by one on "attention-shown": every request runs in a
worker, none on the GUI thread, which only draws finished arrays."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QToolTip, QVBoxLayout, QWidget

from app import style
from app.colour_scale import FITTED, ROBUST_PERCENTILE, colour_maximum
from app.export import ExportButton, matrix_csv
from app.style import splitter
from app.views.attention.controls import KINDS, AttentionControls, kind_label
from app.views.attention.explanation import explanation_for
from app.views.attention.hf_panel import WordPiecePanel
from app.views.attention.row_panel import RowPanel
from app.views.attention.state import EXAMPLE, SIDE_TABS, AttentionState
from app.binding import bind_tab
from app.views.base import InputProblem, MessageLine, View, shows
from app.widgets.form import beside_button, column
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.output_strip import OutputStrip
from app.widgets.overview import AttentionOverview
from app.widgets.tokens import display_token
from app.token_text import vocabulary_name
from app.domain_text import domain_warning, invalid_output_mark
from app.widgets.scrolling_page import ScrollingTabs
from app.widgets.side_toggle import SideToggle
from engine.hf.toggles import reserve
from engine.jobs import AttentionRequest, CallRequest, HFAttentionRequest, OverviewRequest, ShownLayerRequest
from engine.messages import Message
from engine.token_units import WORDS

#: the RNN has one additive attention, not layers and heads
RNN_ATTENTION = QT_TRANSLATE_NOOP("AttentionView", "additive attention")
#: stacks of the shipped models up to this many weights get their overview (tiles, entropies)
#: with every result, shown or not (a few thousand weights, milliseconds of work); larger ones,
#: and a Hugging Face model's at any length, only while the "All heads" tab is shown: drawing
#: MiniLM's 78 tiles and captions for a 16-token input took the GUI thread more than its whole
#: keystroke's heatmap did, for a tab nobody looked at.  Both are computed in the bridge's
#: background worker, after the heatmap is on screen.
INLINE_OVERVIEW_WEIGHTS = 1 << 20
OVERVIEW_CHANNEL = "attention-overview"
#: the bridge's background worker of the toggles' own (its channels below): a toggle clicked while
#: the overview's summary ran waited for it (55-115 ms at 512 tokens with "All heads" shown), and
#: the toggles' memory is per thread (engine.hf.toggles.reserve)
TOGGLES_LANE = "toggles"
#: a Hugging Face layer with the word-piece toggles applied (engine.hf.toggles.shown_layer)
SHOWN_CHANNEL = "attention-shown"
#: the same for the toggles not on, computed ahead while the user pauses (see _compute_ahead)
AHEAD_CHANNEL = "attention-toggles-ahead"
#: how long a Hugging Face result stays on screen, no key pressed, before the layer shown is
#: computed with the other toggles (a pause, not a burst of typing: the work runs beside the
#: next keystroke's forward pass otherwise)
AHEAD_DELAY_MS = 150
#: the background worker's memory for toggled layers (engine.hf.toggles.reserve), asked for once a
#: Hugging Face result is longer than any before: its answer draws nothing, so no loop waits on it
MEMORY_CHANNEL = "attention-toggle-memory"
#: that memory is reserved for inputs up to the next multiple of this many tokens: typing a long
#: text from the start asks for it a few times, not at every keystroke
MEMORY_STEP_TOKENS = 128
#: the least width of a Hugging Face model's output strip, in ems (see AttentionView._fit_output):
#: 500 px at 22 pt leave the sinks, Row & heads and Export their room in a 1280 px window
HF_OUTPUT_EMS = 20


def predicts_every_next_token(result) -> bool:
    """True for a decoder-only model's result: its output is the prediction after each input
    token, and the last one is the real next token (the output strip shows the end of it)."""
    return getattr(result, "model_kind", None) == Message("kind_decoder")


def is_word_piece_result(result) -> bool:
    """True for a Hugging Face model's result (engine.hf.model.HFAttentionResult)."""
    return hasattr(result, "model_kind")


class AttentionView(View):
    TITLE = QT_TRANSLATE_NOOP("AttentionView", "Attention")
    EXAMPLE = EXAMPLE
    State = AttentionState
    # 0: fire once the pending events are handled. Latest-wins in the worker already prevents a
    # backlog; this only merges edits that arrive in one batch (key repeat, input methods).
    DEBOUNCE_MS = 0
    #: the heatmap's least height in text lines: 8 at 22 pt (296 px) hold a date's ten output
    #: rows at one tick label each, and leave the controls the rest of a 580 px page
    PLOT_LINES = 8

    #: the overview grid now shows the current result, kind and toggles.  It comes after the
    #: `updated` of the result (which means the heatmap, the output, the selected row and the
    #: sink line are up to date): the overview is computed in the background worker.
    overview_updated = Signal()

    def stale_widgets(self):
        """The output strip too: it shows the same out-of-date answer as the heatmap."""
        return [self.output, self.content]

    def main_plot(self):
        """The heatmap of the chosen matrix: the layout gives it at least 40 % of the window
        (tests/app/test_layout_fit.py)."""
        return self.heatmap

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        # kind, layer (-1 until a result arrives: then the last layer, usually the sharpest), head
        # (None = mean over heads) and the selected row live in self.view_state
        #: the model the layer and head were chosen for (None: keep them for the next one, as after
        #: a session is restored); another model opens on its own last layer
        self.selection_model = None
        self._drawing = False  # _draw() fits the state's choices to the result: no redraw for that

        self.controls = AttentionControls(self.view_state)
        self.output = OutputStrip()
        self.heatmap = AttentionHeatmap()
        self.row_panel = RowPanel()
        # one column per layer: the overview shares the side panel with the row chart
        self.overview = AttentionOverview(layers_as_columns=True)
        self.word_pieces = WordPiecePanel(self.view_state)
        self.word_pieces.hide()
        # (result, {key: value}): labels, transformed layers and overview summaries of the result on
        # screen, per kind and toggle state (see shown_layer)
        self._shown_cache: tuple = (None, {})
        self.overview_pending = False  # the overview does not show the current result yet
        #: the heatmap and the row chart wait for the toggled layer from the background worker
        #: (the previous picture stays until it comes)
        self.heatmap_pending = False
        self.hover_label = style.wrapped_label(self.HOVER_HINT())
        self.export_button = ExportButton(self)

        # The heatmap takes the full height; the selected row and the grid of all heads share a
        # side panel (tabs).  Stacked under the heatmap the grid left it 17 % of a 1280×720 window.
        self.side = ScrollingTabs()  # a tall page scrolls instead of growing the window
        self.side.setDocumentMode(True)
        self.side.addTab(self.row_panel, self.tr("Selected row"))
        self.side.addTab(self.overview, self.tr("All heads"))
        self.side.currentChanged.connect(self._side_tab_changed)
        bind_tab(self.view_state, "side_tab", self.side, SIDE_TABS)
        # the hover readout under the side tabs and Export beside the output: the heatmap keeps
        # the full height (40 % of the window at text ×2 on 1920×1080)
        #: the overview loop's own messages (a summary that failed), under the side tabs
        self.overview_message = MessageLine()
        self.side_column = column((self.side, 1), self.overview_message, self.hover_label)
        self.content = splitter(Qt.Orientation.Horizontal, (self.heatmap, self.side_column), stretch=(4, 1))
        # at large text the side column folds away (the heatmap takes the width); this button,
        # beside Export, opens it
        self.side_toggle = SideToggle(self.side_column, self.tr("Row && heads"), self.tr(
            "Show or hide the side panel: the selected row's weights and the grid of all heads"))
        self.output_row = beside_button(self.output, self.side_toggle)
        self.output_row.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        # a Hugging Face model's toggles among the selectors and its sinks beside the buttons: rows of
        # their own made the page scroll at 22 pt (see app/views/attention/hf_panel.py)
        flow = self.controls.selectors.layout()
        flow.insert_widget(flow.indexOf(self.controls.settings_button), self.word_pieces)
        # Tab follows the row as drawn: the colour scale, the two toggles, then Settings ▾ (they
        # were made after the controls, and came last)
        chain = (self.controls.scale_box, self.word_pieces.merge_check, self.word_pieces.hide_check,
                 self.controls.settings_button)
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)
        self.output_row.insertWidget(1, self.word_pieces.sink_label, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addLayout(self.output_row)
        layout.addWidget(self.message)
        layout.addWidget(self.content, 1)

        # a new request makes the layers computed ahead for the last result useless
        self.loop = self.request_loop("attention", build=self.build_request, render=self.render_result,
                                      invalidates=(AHEAD_CHANNEL,))
        self.view_state.watch(self.loop.schedule, "model", "text", "teacher_forcing", "target")
        self.view_state.watch(self._selection_changed, "kind", "layer", "head", "merge_word_pieces",
                              "hide_special_tokens", "colour_scale")
        self.view_state.watch(self._row_changed, "row")
        self.overview_loop = self.request_loop(OVERVIEW_CHANNEL, build=self._current_overview_request,
                                               render=self._overview_answered, message=self.overview_message,
                                               greys=(), background=True)
        self.shown_loop = self.request_loop(SHOWN_CHANNEL, build=self._current_shown_request,
                                            render=self._shown_answered, message=self.overview_message,
                                            greys=(), background=TOGGLES_LANE)
        self.ahead_loop = self.request_loop(AHEAD_CHANNEL, build=lambda: None, render=self._ahead_answered,
                                            message=self.overview_message, greys=(), background=TOGGLES_LANE)
        self._ahead_timer = QTimer(self)
        self._ahead_timer.setSingleShot(True)
        self._ahead_timer.setInterval(AHEAD_DELAY_MS)
        self._ahead_timer.timeout.connect(self._compute_ahead)
        self._toggle_memory = 0  # the weights per layer the background worker has memory for
        bridge.subscribe(MEMORY_CHANNEL, self._memory_reserved)
        self.controls.model_changed.connect(self._model_changed)
        self._applying_state = False
        self.view_state.watch(self._forget_target, "model")
        self.view_state.watch(self._show_usable, "model")
        state.model_folders.loaded.connect(self._show_usable)  # a folder's kind is known once loaded
        self._show_usable()
        self.controls.teacher_check.toggled.connect(self._teacher_toggled)
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
        self.side_toggle.fit_to_text()
        self.controls.settings_button.fit_to_text()
        self._show_usable()  # folding shows the folded widgets: the teacher row only for a model that takes one
        self._place_side_toggle()
        # about 30 characters: at text ×2 the "All heads" tiles of two layers side by side need it
        # (a column only as wide as the side tabs' names cut the second layer's tiles off; with
        # the column open the heatmap keeps 38 % of a 1920×1040 window: at large text it starts
        # folded)
        self.side_column.setMinimumWidth(max(320, self.side.tabBar().sizeHint().width(), int(style.point_size() * 20)))
        self.row_panel.apply_zoom()
        if self.result is not None:
            self._draw(self.result)  # the output strip and the overview captions are re-written

    def _place_side_toggle(self) -> None:
        """Beside the output where its row has room for the output, the button and Export; else
        at the end of the selectors, whose last line has room for it (beside the lecture panel at
        22 pt the row needed 1,262 px where 1,044 were left, and the page scrolled sideways)."""
        flow = self.controls.selectors.layout()
        in_flow = flow.indexOf(self.side_toggle) >= 0
        fits = self._output_row_fits()
        if not fits and not in_flow:
            self.output_row.removeWidget(self.side_toggle)
            flow.addWidget(self.side_toggle)
        elif fits and in_flow:
            flow.removeWidget(self.side_toggle)
            self.output_row.insertWidget(1, self.side_toggle, 0, Qt.AlignmentFlag.AlignTop)
        self.side_toggle.show()

    def _output_row_fits(self) -> bool:
        """The output, the sinks, the side column's button and Export fit the width the view has
        (the room its page gives it: the view itself is as wide as it needs where the page
        scrolls)."""
        margins = self.layout().contentsMargins()
        room = self.side_toggle.room_widget().width() - margins.left() - margins.right()
        sinks = self.word_pieces.sink_label
        beside = [self.side_toggle, self.export_button] + ([sinks] if not sinks.isHidden() else [])
        strip = self.output.minimumWidth() or self.output.minimumSizeHint().width()  # (_fit_output)
        needed = (strip + sum(w.minimumSizeHint().width() for w in beside)
                  + len(beside) * max(self.output_row.spacing(), 0))
        return needed <= room

    def _fit_output(self, r) -> None:
        """A Hugging Face model's output may be narrower than its 40 ems (OutputStrip.MAX_EMS):
        GPT-2's predictions after 130 tokens, T5's output of a random model, are cut anyway (the
        strip says so: "… N more"), and at 22 pt the row shares its width with the sinks, Row &
        heads and Export; a shipped model's date keeps the width it needs."""
        if is_word_piece_result(r) and not self.output.isHidden():
            ems = self.output.fontMetrics().horizontalAdvance("M") * HF_OUTPUT_EMS
            self.output.setMinimumWidth(min(round(ems), self.output.minimumSizeHint().width()))
        else:
            self.output.setMinimumWidth(0)
        # without an output (an encoder) the sinks take the row's rest, not the Row & heads button
        # (stretched across half the row at 22 pt)
        self.output_row.setStretchFactor(self.word_pieces.sink_label, int(self.output.isHidden()))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._place_side_toggle()

    def HOVER_HINT(self) -> str:  # noqa: N802 - a translated constant
        return self.tr("Hover over a cell to read its weight; click a row to inspect it.")

    result = shows("loop", "The AttentionResult on screen.")

    @property
    def model_name(self) -> str | None:
        return self.controls.model_name

    # the choices are the state's (read-only here: set them in view_state, or with select())
    kind = property(lambda self: self.view_state.kind, doc="The attention kind shown.")
    layer = property(lambda self: self.view_state.layer, doc="The layer shown (-1 before the first result).")
    head = property(lambda self: self.view_state.head, doc="The head shown (None: the mean over heads).")
    selected_row = property(lambda self: self.view_state.row, doc="The selected row, or None.")

    # ---- requests ------------------------------------------------------------------------
    def build_request(self) -> AttentionRequest:
        name = self.model_name
        if not name:
            raise InputProblem.no_models()
        text = self.view_state.text
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
        self._show_usable()

    def takes_target(self) -> bool:
        """Whether the chosen model can be teacher-forced: the shipped translation models and a
        Hugging Face encoder-decoder; an encoder alone (MiniLM) or a decoder alone writes no
        target, and a box asking for one ("e.g. 2021-03-26") would be offered for nothing."""
        folder = self.state.model_folders.info(self.view_state.model)
        return folder is None or folder.kind == "encoder-decoder"

    def _show_usable(self, *_) -> None:
        """Controls a model cannot use are hidden."""
        self.controls.teacher_row.setVisible(self.takes_target())

    def _forget_target(self, *_) -> None:
        """A target forced on one model ("2021-03-27") means nothing to another (zh-en-toy):
        the user's switch of model ends teacher forcing; a restored scene keeps its own target."""
        if not self._applying_state:
            self.view_state.teacher_forcing = False
            self.view_state.target = ""

    def _teacher_toggled(self, checked: bool) -> None:
        if checked and self.result is not None:
            self.controls.prefill_target(self.result.output_text)

    # ---- results -------------------------------------------------------------------------
    def render_result(self, result) -> None:
        """Draw an engine Result whose value is an AttentionResult (which holds its own input)."""
        r = result.value
        # the domain report names unknown input too; without one (teacher forcing, a Hugging
        # Face model) the unknown tokens are named here
        note = domain_warning(r.domain)
        if not note and r.unknown_characters:
            chars = ", ".join(repr(c) for c in r.unknown_characters)
            note = self.tr("Not in the model's {0} (read as ⟨?⟩): {1}").format(vocabulary_name(r.source_unit), chars)
        self._draw(r)
        self.message.show_message(note, error=bool(note))
        if is_word_piece_result(r):
            self._reserve_toggle_memory(r)
            self._ahead_timer.start()

    def _reserve_toggle_memory(self, r) -> None:
        """Have the background worker map memory for a toggled layer of `r` when it is longer than
        any result before: a toggle right after a change found none, and page faults were most of
        its time (29-44 ms of system time for one MiniLM layer at 512 tokens; see
        engine.hf.toggles.reserve).  Asked here, with the result, not after a pause: a toggle
        may come first.  The worker maps it once per length step, beside the next forward pass."""
        shapes = [getattr(r, kind).shape[1:] for kind, _ in KINDS if getattr(r, kind, None) is not None]
        if not shapes:
            return
        heads, queries, keys = max(shapes, key=np.prod)
        step = MEMORY_STEP_TOKENS
        shape = (heads, -(-queries // step) * step, -(-keys // step) * step)
        if np.prod(shape) > self._toggle_memory:
            self._toggle_memory = int(np.prod(shape))
            self._reserve_one_buffer(shape)

    def _reserve_one_buffer(self, shape: tuple) -> None:
        # one buffer a request (10-15 ms of page faults at 512 tokens): a toggle clicked meanwhile
        # is served before the next (the worker takes channels in the order they were sent)
        self.bridge.submit(MEMORY_CHANNEL, CallRequest(reserve, (shape,), {"most": 1}), background=TOGGLES_LANE)

    def _memory_reserved(self, result) -> None:
        """A buffer was made (result.value 1): ask for the next, until the pools hold enough."""
        if result.ok and result.value:
            self._reserve_one_buffer(result.request.args[0])

    def _draw(self, r) -> None:
        self._drawing = True
        try:
            self._fit_choices(r)
        finally:
            self._drawing = False

        caption = self.tr("forced:") if r.teacher_forced else self.tr("output:")
        self.output.set_tokens(r.output_tokens, r.output_probabilities, caption, invalid_output_mark(r.domain),
                               trusted=r.domain is None or not r.domain.flagged, tail=predicts_every_next_token(r))
        self.output.setVisible(bool(r.output_tokens))  # an encoder alone produces nothing
        word_pieces = is_word_piece_result(r)
        self.word_pieces.setVisible(word_pieces)
        self._fit_output(r)
        self._place_side_toggle()  # a longer output may leave the button no room beside it
        if word_pieces:
            self.word_pieces.show_sinks(r, self.kind, self.layer)
        if self._shown(r) is None:
            self._ask_shown(r)  # the heatmap and the row follow when the background worker answers
        else:
            self._draw_matrix(r)
        self._draw_overview(r)
        self._explain(r)

    def _draw_matrix(self, r) -> None:
        """The heatmap and the selected row of result `r` (its layer with the toggles applied is
        at hand: `_shown`)."""
        if self.shown_loop.waiting:
            self.invalidate(SHOWN_CHANNEL)  # an answer for other toggles or another layer
        self.heatmap_pending = False
        _, _, row_title, col_title = self.labels(r)
        rows, cols = self.shown_labels(r)
        matrix = self.current_matrix(r)
        mask = self.current_mask(matrix)
        high = colour_maximum(self.view_state.colour_scale, matrix, mask)
        self.heatmap.set_matrix(matrix, rows, cols, mask=mask, row_title=row_title, column_title=col_title,
                                high=high, bar_label=self.colour_scale_text(high))
        if self.selected_row is not None and self.selected_row >= matrix.shape[0]:
            self._drawing = True
            try:
                self.view_state.row = None
            finally:
                self._drawing = False
        self.heatmap.select_row(self.selected_row)
        self._draw_row(r)

    def add_explanation(self) -> None:
        super().add_explanation()
        if self.result is not None:
            self._explain(self.result)

    def _explain(self, r) -> None:
        """The explanation names the attention on screen and gives the formula this model computes."""
        if self.explanation_box is not None:
            pieces = is_word_piece_result(r)
            word_model = r.source_unit == WORDS and not pieces
            self.explanation_box.set_content(*explanation_for(r.architecture, self.kind, word_model, pieces))

    def _fit_choices(self, r) -> None:
        """The state's kind, layer and head, made possible for result `r` (the selectors follow)."""
        state = self.view_state
        kind, layer, head = state.kind, state.layer, state.head
        if self.selection_model is not None and self.selection_model != self.model_name:
            layer, head = -1, None  # layer 2 of a 2-layer model is not a choice for a 6-layer one
        self.selection_model = self.model_name
        kinds = [k for k, _ in KINDS if getattr(r, k) is not None]
        if kind not in kinds:  # an encoder or a decoder alone has no cross-attention
            kind = "cross" if "cross" in kinds else kinds[0]
        n_layers, n_heads = getattr(r, kind).shape[:2]
        layer = n_layers - 1 if layer < 0 else min(layer, n_layers - 1)
        if head is not None and head >= n_heads:
            head = None
        single = self.tr(RNN_ATTENTION) if r.architecture == "rnn-attention" else None
        # the selectors first: the state's new choices are then among their items
        self.controls.offer(kinds, kind, n_layers, n_heads, layer, head, single_label=single)
        state.kind, state.layer, state.head = kind, layer, head

    def _cached(self, r, key, compute):
        """What `compute()` returns for result `r` and `key`, computed once per result: every
        combination of kind, toggles and layer already seen for the result on screen is kept
        (flipping a toggle back or choosing another head is free; a layer of MiniLM at 512
        tokens transformed is ~12 MB, its overview summary ~5 MB)."""
        if self._shown_cache[0] is not r:
            self._shown_cache = (r, {})
        cached = self._shown_cache[1]
        if key not in cached:
            cached[key] = compute()
        return cached[key]

    def _toggles(self) -> tuple[bool, bool]:
        return self.word_pieces.merge_words, self.word_pieces.hide_specials

    def _toggled(self, r) -> tuple[bool, bool] | None:
        """(merge, hide) when result `r` is drawn with a word-piece toggle on, else None."""
        merge, hide = self._toggles()
        return (merge, hide) if is_word_piece_result(r) and (merge or hide) else None

    def _shown_key(self, kind: str, layer: int, merge: bool, hide: bool) -> tuple:
        return "layer", kind, merge, hide, layer

    def _shown(self, r, layer: int | None = None):
        """What the heatmap draws of result `r` at `layer` (default: the state's): its layer
        [head, query, key] untransformed, or with the toggles on the ShownLayer the background
        worker computed (engine.hf.toggles), or None while that is not computed yet."""
        layer = self.layer if layer is None else layer
        toggled = self._toggled(r)
        if toggled is None:
            return getattr(r, self.kind)[layer]
        if self._shown_cache[0] is not r:
            return None
        return self._shown_cache[1].get(self._shown_key(self.kind, layer, *toggled))

    def _shown_request(self, r) -> ShownLayerRequest:
        merge, hide = self._toggled(r)
        rows, cols, _, _ = self.labels(r)
        return ShownLayerRequest(r, self.kind, self.layer, tuple(rows), tuple(cols), merge, hide)

    def _current_shown_request(self) -> ShownLayerRequest:
        return self._shown_request(self.result)

    def _ask_shown(self, r) -> None:
        """Have the background worker apply the toggles to the layer on screen (asked once)."""
        self.heatmap_pending = True
        asked = self.shown_loop.asked
        request = self._shown_request(r)
        if asked is None or asked.result is not r or self._shown_key(asked.kind, asked.layer, asked.merge_words,
                                                                     asked.hide_specials) != \
                self._shown_key(request.kind, request.layer, request.merge_words, request.hide_specials):
            self.shown_loop.submit(lambda: request)

    def _shown_answered(self, answer) -> None:
        """The background worker's ShownLayer (GUI thread): filed under its request's result,
        kind, toggles and layer, then the heatmap drawn if that is what the view still shows
        (else the current one is asked for)."""
        request = answer.request
        if request.result is self.result:
            key = self._shown_key(request.kind, request.layer, request.merge_words, request.hide_specials)
            self._cached(request.result, key, lambda: answer.value)
        if self.result is None:
            return
        if self._shown(self.result) is None:
            self._ask_shown(self.result)
        else:
            self._draw_matrix(self.result)

    def _compute_ahead(self) -> None:
        """While the user pauses on a Hugging Face result, have the background worker apply the
        toggles that are off to the layer shown, one combination at a time ("hide special
        tokens" first, then "merge word pieces"): a click on either then draws at once instead
        of waiting for the transform (12 MB of weights per MiniLM layer at 512 tokens)."""
        r = self.result
        if r is None or not is_word_piece_result(r) or self.loop.busy or self.ahead_loop.waiting:
            return
        rows, cols, _, _ = self.labels(r)
        for merge, hide in ((False, True), (True, False)):
            if (merge, hide) == self._toggles():
                continue
            key = self._shown_key(self.kind, self.layer, merge, hide)
            if self._shown_cache[0] is r and key in self._shown_cache[1]:
                continue
            request = ShownLayerRequest(r, self.kind, self.layer, tuple(rows), tuple(cols), merge, hide)
            self.ahead_loop.submit(lambda: request)
            return

    def toggled_layer_ready(self, merge: bool, hide: bool) -> bool:
        """Whether the layer shown, with these toggles, is computed for the result on screen (then
        choosing them draws at once, without a trip to the background worker)."""
        r = self.result
        if r is None or not is_word_piece_result(r) or not (merge or hide):
            return r is not None
        return self._shown_cache[0] is r and self._shown_key(self.kind, self.layer, merge, hide) in self._shown_cache[1]

    def _ahead_answered(self, answer) -> None:
        """A layer computed ahead: filed like the shown loop's answers (nothing is drawn), then
        the next combination asked for."""
        request = answer.request
        if request.result is self.result:
            key = self._shown_key(request.kind, request.layer, request.merge_words, request.hide_specials)
            self._cached(request.result, key, lambda: answer.value)
            self._ahead_timer.start()  # the next one after a pause again

    def shown_layer(self, r, layer: int) -> np.ndarray | None:
        """One layer [head, query, key] of the current kind as drawn: for a Hugging Face model
        with the word-piece toggles applied (engine.hf.toggles, in the background worker); None
        while that is being computed."""
        shown = self._shown(r, layer)
        return getattr(shown, "heads", shown)

    def shown_labels(self, r=None) -> tuple[list, list] | None:
        """(row labels, column labels) of the drawn matrix (words when pieces are merged); None
        while the toggled layer is being computed."""
        r = r or self.result
        if self._toggled(r) is None:
            rows, cols, _, _ = self.labels(r)
            return rows, cols
        shown = self._shown(r)
        return None if shown is None else (list(shown.rows), list(shown.cols))

    # ---- the overview grid -------------------------------------------------------------------
    def _overview_request(self, r) -> OverviewRequest:
        merge, hide = self._toggles() if is_word_piece_result(r) else (False, False)
        return OverviewRequest(r, self.kind, merge, hide)

    def _current_overview_request(self) -> OverviewRequest:
        return self._overview_request(self.result)

    @staticmethod
    def _overview_key(request: OverviewRequest) -> tuple:
        """What a summary is cached under, beside its result (see `_cached`)."""
        return "overview", request.kind, request.merge_words, request.hide_specials

    def _draw_overview(self, r) -> None:
        """The tiles of the current kind and toggles: at once when their summary is known; else
        asked of the overview loop (background worker) and drawn when it answers
        (`_overview_answered`).  While the tab is hidden a large stack (any Hugging Face one) is
        not summarised at all: switching to the tab asks for it.

        Every call either asks for the current summary or tells the bridge that an answer in
        flight is no longer wanted, so the one answer the bridge delivers is always the current
        one's: which answer is the latest is decided there, not here."""
        request = self._overview_request(r)
        key = self._overview_key(request)
        summary = self._shown_cache[1].get(key) if self._shown_cache[0] is r else None
        if summary is None:
            self.overview_pending = True
            small = getattr(r, self.kind).size <= INLINE_OVERVIEW_WEIGHTS and not is_word_piece_result(r)
            wanted = small or self.side.currentWidget() is self.overview
            asked = self.overview_loop.asked
            if not wanted:
                self.invalidate(OVERVIEW_CHANNEL)
            elif asked is None or asked.result is not r or self._overview_key(asked) != key:
                self.overview_loop.submit(lambda: request)  # (the same question already asked is not asked again)
            return
        if self.overview_loop.waiting:
            self.invalidate(OVERVIEW_CHANNEL)  # an answer about another result, kind or toggles
        single = RNN_ATTENTION if r.architecture == "rnn-attention" else None
        self.overview.show_summary(summary, selected=(self.layer, self.head),
                                   captions=self.tile_captions(summary, single))
        self.overview_pending = False
        self.overview_updated.emit()

    def _overview_answered(self, answer) -> None:
        """The overview loop's answer (GUI thread): the summary its own request asked for, filed
        under that request's result, kind and toggles (the bridge delivers only the answer to the
        last request, and `_draw_overview` asks again or withdraws the question whenever one of
        them changes), then the current tiles drawn."""
        request = answer.request
        if request.result is self.result:
            self._cached(request.result, self._overview_key(request), lambda: answer.value)
        self._draw_overview(self.result)

    def _side_tab_changed(self, _index: int) -> None:
        if self.result is not None and self.side.currentWidget() is self.overview and self.overview_pending:
            self._draw_overview(self.result)

    def tile_captions(self, summary, single: str | None) -> dict:
        """Each overview tile's caption: which head, and its mean row entropy in bits
        (engine.attention_overview.OverviewSummary)."""
        n_layers, n_heads = summary.shape
        captions = {}
        for layer in range(n_layers):
            for head in list(range(n_heads)) + ([None] if n_heads > 1 else []):
                name = single or (self.tr("mean") if head is None else self.tr("head {0}").format(head + 1))
                entropy = float(summary.mean_entropy[layer] if head is None else summary.head_entropy[layer, head])
                captions[(layer, head)] = self.tr("{0} · H={1} bits").format(name, style.fixed(entropy, 2))
        return captions

    # ---- selection -----------------------------------------------------------------------
    def _selection_changed(self, *_) -> None:
        """The state's kind, layer, head or toggles changed: the same result drawn differently."""
        if self.result is None or self._drawing:
            return
        self.hover_label.setText(self.HOVER_HINT())  # the readout was about another matrix
        self._draw(self.result)
        if is_word_piece_result(self.result):
            self._ahead_timer.start()  # another layer or kind: its toggled layers, after a pause
        if not self.heatmap_pending:  # else the shown loop says so once its layer is drawn
            self.updated.emit()

    def select(self, kind: str, layer: int, head: int | None) -> None:
        """Show one matrix (what the overview tiles do; the selectors set the state themselves)."""
        state = self.view_state
        self._drawing = True  # one redraw for the three
        try:
            state.kind, state.layer, state.head = kind, layer, head
        finally:
            self._drawing = False
        self._selection_changed()

    def select_row(self, row: int | None) -> None:
        self.view_state.row = row
        self.updated.emit()

    def _row_changed(self, *_) -> None:
        if self._drawing:
            return
        self.heatmap.select_row(self.selected_row)
        if self.result is not None:
            self._draw_row(self.result)

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

    def current_matrix(self, r=None) -> np.ndarray | None:
        """The matrix the heatmap draws (mean over heads when no head is chosen); None while a
        toggled layer is being computed.  The mean is computed once per result, kind, layer and
        toggles (the background worker's with a toggle on), not at every redraw."""
        r = r or self.result
        shown = self._shown(r)
        if shown is None:
            return None
        if self.head is not None:
            return getattr(shown, "heads", shown)[self.head]
        if self._toggled(r) is not None:
            return shown.mean
        # (a Hugging Face result carries its means, computed in the worker with the forward pass)
        return self._cached(r, ("mean", self.kind, self.layer), lambda: r.mean_over_heads(self.kind, self.layer))

    def colour_scale_text(self, high: float) -> str:
        """The colour bar's title, saying which scale it is (also in the exports)."""
        if self.view_state.colour_scale != FITTED:
            return self.tr("attention weight (0 … 1)")
        return self.tr("attention weight (0 … {0}: {1}th percentile of this matrix)").format(
            f"{high:.3g}", f"{ROBUST_PERCENTILE:g}")

    def current_mask(self, matrix: np.ndarray):
        if self.kind != "decoder_self":
            return None
        n = matrix.shape[0]
        return np.triu(np.ones((n, n), dtype=bool), k=1)  # future positions

    def _draw_row(self, r) -> None:
        if self.selected_row is None:
            self.row_panel.clear()
            return
        if self._shown(r) is None:
            return  # drawn with the heatmap when the toggled layer comes
        rows, cols = self.shown_labels(r)
        row = self.current_matrix(r)[self.selected_row]
        n_allowed = self.selected_row + 1 if self.kind == "decoder_self" else len(row)
        self.row_panel.show_row(self.selected_row, row, rows[self.selected_row], cols, n_allowed)

    def secondary_panels(self):
        """The hover hint ("Hover over a cell…") is for the user at the desk, not the class: in
        presentation mode the readout shows as a tooltip at the pointer instead."""
        return [self.hover_label]

    def _on_hover(self, row, col, value) -> None:
        if row >= 0:
            self.hover_label.setText(self.heatmap.describe_cell(row, col))
            # the readout's own line is folded away with the side column, or hidden while presenting
            if self.side_toggle.folded() or self.hover_label.isHidden():
                QToolTip.showText(QCursor.pos(), self.hover_label.text(), self.heatmap)

    def main_input(self):
        return self.controls.input

    def model_selector(self):
        return self.controls.model_box

    # ---- sessions ------------------------------------------------------------------------
    def apply_state(self, state) -> None:
        """A saved layer and head are kept for the saved model (not reset as for a user's switch of
        model); with another model than the one drawn they wait for its result (drawn against
        the old result they would be cut to its layers and heads)."""
        self.selection_model = None
        model_changes = state.model != self.view_state.model
        self._drawing = model_changes
        self._applying_state = True
        try:
            super().apply_state(state)
        finally:
            self._drawing = False
            self._applying_state = False
        if not model_changes and self.result is not None:
            self._draw(self.result)

    # ---- exports -------------------------------------------------------------------------
    def picture(self):
        r = self.result
        if r is None:
            raise ValueError(self.tr("Nothing to export yet."))
        head = self.tr("mean over heads") if self.head is None else self.tr("head {0}").format(self.head + 1)
        caption = self.tr("{0} · {1} · layer {2} · {3} · input “{4}”").format(
            self.model_name, kind_label(self.kind), self.layer + 1, head, r.source_text)
        if self.view_state.colour_scale == FITTED:
            caption += " · " + self.heatmap.bar_label
        return self.heatmap, caption

    def export_basename(self) -> str:
        return f"attention-{self.kind}"

    def export_csv(self, path):
        if self.result is None or self.heatmap_pending:
            raise ValueError(self.tr("Nothing to export yet."))
        rows, cols = self.shown_labels()
        corner = "query\\key"
        if self.view_state.colour_scale == FITTED:  # the weights are the same; say how they were drawn
            corner += " · " + self.heatmap.bar_label
        return matrix_csv(path, self.current_matrix(), [display_token(t) for t in rows],
                          [display_token(t) for t in cols], corner=corner)
