"""Beam search, live: the search tree step by step, the n-best list with its arithmetic, the
error analysis of the lesson (search or model?), node inspection and "what if" forcing.

Requests (latest wins per channel): "beam" (the search of the input), "beam-node" (the
distribution and cross-attention after a clicked node's prefix), "beam-whatif" (the search
re-run from a forced prefix).
"""
from __future__ import annotations

import csv
import html

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QDoubleSpinBox, QGridLayout, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QSizePolicy, QSpinBox, QSplitter,
                               QTableWidget, QTableWidgetItem, QTabWidget, QToolButton, QVBoxLayout, QWidget)

from app.export import ExportButton
from app.state import SentDistribution
from app.views.base import View
from app.widgets.beam_tree import BeamTree
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.tokens import display_token, display_tokens
from engine.beam_analysis import finished_so_far, node_sequence
from engine.jobs import BeamRequest, NodeRequest
from engine.models.registry import list_models

PENALTIES = (
    ("power", "log P / L^α"),
    ("gnmt", "log P / ((5+L)/6)^α  (GNMT)"),
    ("none", "none: log P"),
)
VERDICT_COLOURS = {"agree": "#1b5e20", "search": "#e65100", "model": "#6a1b9a"}


def fmt(x: float, digits: int = 3) -> str:
    """A number as printed everywhere in this view: fixed digits, a real minus sign."""
    return f"{x:.{digits}f}".replace("-", "−")


def tokens_html(tokens) -> str:
    return "".join(html.escape(display_token(t)) for t in tokens)


class BeamView(View):
    view_id = "beam"
    EXAMPLE = "4 Nov 1988"
    DEBOUNCE_MS = 60
    PLAY_MS = 900
    TOP_K = 10

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate("BeamView", "Beam search")

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.original = None  # BeamAnalysis of the input
        self.whatif = None  # BeamAnalysis of the forced search
        self.inspection = None  # NodeInspection of the selected node
        self.selected_node: int | None = None  # node of the shown tree
        self.selected_prefix: tuple | None = None  # ...and its token ids (survives a new search)
        self.selected_row: int | None = None  # n-best row whose formula is shown
        self.table_rows: list = []  # ScoredSequence of each n-best row shown
        self.requests_sent = 0
        self._loading = True
        self._build()
        self.bridge.subscribe("beam", self._on_result)
        self.bridge.subscribe("beam-node", self._on_node_result)
        self.bridge.subscribe("beam-whatif", self._on_whatif_result)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(self.DEBOUNCE_MS)
        self._debounce.timeout.connect(self._submit)
        self._play_timer = QTimer(self)
        self._play_timer.setInterval(self.PLAY_MS)
        self._play_timer.timeout.connect(self._play_tick)
        self.request_update()

    # ---- layout ------------------------------------------------------------------------------
    def _build(self):
        big = QFont()
        big.setPointSize(16)
        self.input = QLineEdit(self.EXAMPLE)
        self.input.setFont(big)
        self.input.setPlaceholderText(self.tr("Type a date in any format, e.g. 4 Nov 1988"))
        self.input.setClearButtonEnabled(True)
        self.model_box = QComboBox()
        for info in sorted(list_models(), key=lambda m: (m.architecture != "transformer", m.name)):
            if not info.error:
                self.model_box.addItem(info.name, info.name)
        self.beam_spin = QSpinBox()
        self.beam_spin.setRange(1, 64)
        self.beam_spin.setValue(5)
        self.beam_spin.setToolTip(self.tr("Beam width B: how many partial outputs the search keeps at each step"))
        self.penalty_box = QComboBox()
        for key, label in PENALTIES:
            self.penalty_box.addItem(self.tr(label), key)
        self.penalty_box.setToolTip(self.tr("Length normalisation: how finished hypotheses are scored"))
        self.alpha_spin = QDoubleSpinBox()
        self.alpha_spin.setRange(0.0, 3.0)
        self.alpha_spin.setSingleStep(0.1)
        self.alpha_spin.setDecimals(2)
        self.alpha_spin.setValue(0.7)

        top = QGridLayout()
        top.addWidget(QLabel(self.tr("Input:")), 0, 0)
        top.addWidget(self.input, 0, 1)
        top.addWidget(QLabel(self.tr("Model:")), 0, 2)
        top.addWidget(self.model_box, 0, 3)
        controls = QHBoxLayout()
        for label, widget in ((self.tr("Beam width B:"), self.beam_spin),
                              (self.tr("Length normalisation:"), self.penalty_box),
                              (self.tr("α:"), self.alpha_spin)):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget)
        controls.addSpacing(16)
        self.pruned_check = QCheckBox(self.tr("Show pruned"))
        self.pruned_check.setChecked(True)
        self.all_check = QCheckBox(self.tr("All candidates (not only the 2B considered)"))
        controls.addWidget(self.pruned_check)
        controls.addWidget(self.all_check)
        controls.addStretch(1)
        top.addLayout(controls, 1, 0, 1, 4)
        top.setColumnStretch(1, 1)

        # step-through and zoom
        def tool(text, tip):
            b = QToolButton()
            b.setText(text)
            b.setToolTip(tip)
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the tree
            b.setMinimumWidth(34)
            return b

        self.first_button = tool(self.tr("|◀ Start"), self.tr("Back to the start"))
        self.back_button = tool(self.tr("◀ Back"), self.tr("One step back (←)"))
        self.play_button = tool(self.tr("▶ Play"), self.tr("Play / pause (Space)"))
        self.forward_button = tool(self.tr("Next ▶"), self.tr("One step forward (→)"))
        self.last_button = tool(self.tr("End ▶|"), self.tr("Show the whole search"))
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(200)
        self.zoom_out_button = tool("−", self.tr("Zoom out (or the mouse wheel)"))
        self.fit_button = tool(self.tr("Fit"), self.tr("The whole tree / back to a readable size (key 0)"))
        self.zoom_in_button = tool("+", self.tr("Zoom in (or the mouse wheel)"))
        self.export_button = ExportButton(self, png=self.export_png, svg=self.export_svg, csv=self.export_csv,
                                          basename="beam-search")
        steps = QHBoxLayout()
        for b in (self.first_button, self.back_button, self.play_button, self.forward_button, self.last_button):
            steps.addWidget(b)
        steps.addWidget(self.step_label)
        steps.addStretch(1)
        self.legend = QLabel(self.tr(
            "<span style='color:#1565c0'>■&nbsp;kept</span> &nbsp; <span style='color:#2e7d32'>■&nbsp;finished&nbsp;✓"
            "</span> &nbsp; <span style='color:#9e9e9e'>■&nbsp;pruned</span> &nbsp; <span style='color:#6a1b9a'>"
            "■&nbsp;forced</span> &nbsp; <span style='color:#ef6c00'>━&nbsp;selected&nbsp;hypothesis</span> &nbsp; "
            "numbers:&nbsp;log&nbsp;P"))
        self.legend.setToolTip(self.tr("Each box: the token and the cumulative log-probability log P of the prefix "
                                       "it ends. A box that ends a hypothesis also shows its rank and normalised "
                                       "score. Hover over a box for the arithmetic; click it to inspect it."))
        self.legend.setWordWrap(True)
        steps.addWidget(self.legend, 1)
        steps.addSpacing(12)
        for b in (self.zoom_out_button, self.fit_button, self.zoom_in_button):
            steps.addWidget(b)
        steps.addWidget(self.export_button)

        self.output_label = QLabel()
        self.output_label.setTextFormat(Qt.TextFormat.RichText)
        self.output_label.setStyleSheet("font-size: 14pt")
        self.output_label.setWordWrap(True)
        self.output_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

        # tree and n-best list
        self.tree = BeamTree()
        self.nbest_title = QLabel()
        self.nbest_title.setStyleSheet("font-size: 12pt; font-weight: bold")
        self.nbest_title.setWordWrap(True)
        self.nbest_table = QTableWidget(0, 6)
        self.nbest_table.setHorizontalHeaderLabels(["#", self.tr("output"), "L", "log P", self.tr("score"), ""])
        self.nbest_table.verticalHeader().setVisible(False)
        self.nbest_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.nbest_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.nbest_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.nbest_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        table_font = QFont()
        table_font.setPointSize(12)
        self.nbest_table.setFont(table_font)
        self.nbest_table.verticalHeader().setDefaultSectionSize(26)
        self.stop_label = QLabel()
        self.stop_label.setWordWrap(True)
        self.formula_label = QLabel()
        self.formula_label.setTextFormat(Qt.TextFormat.RichText)
        self.formula_label.setWordWrap(True)
        self.formula_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.formula_label.setStyleSheet("font-size: 12pt; background: #fffde7; padding: 6px")
        self.formula_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        side = QWidget()
        side.setMinimumWidth(400)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.nbest_title)
        side_layout.addWidget(self.nbest_table, 2)
        side_layout.addWidget(self.stop_label)
        side_layout.addWidget(self.formula_label, 3)
        upper = QSplitter(Qt.Orientation.Horizontal)
        upper.addWidget(self.tree)
        upper.addWidget(side)
        upper.setStretchFactor(0, 5)
        upper.setStretchFactor(1, 2)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_node_tab(), self.tr("Node: next token, attention, what if"))
        self.tabs.addTab(self._build_error_tab(), self.tr("Error analysis: search or model?"))
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(upper)
        vertical.addWidget(self.tabs)
        vertical.setStretchFactor(0, 5)
        vertical.setStretchFactor(1, 3)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(steps)
        layout.addWidget(self.output_label)
        layout.addWidget(self.message)
        layout.addWidget(vertical, 1)

        self.input.textChanged.connect(self.request_update)
        self.model_box.currentIndexChanged.connect(self._model_changed)
        self.beam_spin.valueChanged.connect(self.request_update)
        self.penalty_box.currentIndexChanged.connect(self._penalty_changed)
        self.alpha_spin.valueChanged.connect(self.request_update)
        self.expected_input.textChanged.connect(self.request_update)
        self.pruned_check.toggled.connect(self._pruned_toggled)
        self.all_check.toggled.connect(self.tree.set_show_all)
        self.first_button.clicked.connect(lambda: self.set_revealed_steps(0))
        self.back_button.clicked.connect(self.step_back)
        self.play_button.clicked.connect(self.toggle_play)
        self.forward_button.clicked.connect(self.step_forward)
        self.last_button.clicked.connect(lambda: self.set_revealed_steps(self.tree.steps))
        self.zoom_in_button.clicked.connect(lambda: self.tree.zoom(1.25))
        self.zoom_out_button.clicked.connect(lambda: self.tree.zoom(1 / 1.25))
        self.fit_button.clicked.connect(self.tree.toggle_fit)
        self.tree.node_clicked.connect(self.select_node)
        self.nbest_table.itemSelectionChanged.connect(self._row_selected)
        self.alpha_spin.setEnabled(self.length_penalty != "none")
        self._show_message("")

    def _build_node_tab(self) -> QWidget:
        self.node_title = QLabel(self.tr("Click a node of the tree to see what the model would write next."))
        self.node_title.setStyleSheet("font-size: 12pt; font-weight: bold")
        self.node_title.setWordWrap(True)
        self.bars_plot = pg.PlotWidget(background="w")
        self.bars_plot.setMenuEnabled(False)
        self.bars_plot.hideButtons()
        self.bars_plot.setMouseEnabled(False, False)
        self.bars_plot.setYRange(0, 1.08, padding=0)
        self.bars_plot.setLabel("left", "P(next token)")
        font = QFont()
        font.setPointSize(12)
        self.bars_plot.getAxis("bottom").setTickFont(font)
        self.bars_plot.getAxis("bottom").setTextPen("#111")
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.8, brush="#90a4ae")
        self.bars_plot.addItem(self.bars)
        self.bar_texts: list = []
        self.bars_plot.scene().sigMouseClicked.connect(self._on_bars_clicked)
        self.entropy_label = QLabel()
        self.entropy_label.setStyleSheet("font-size: 12pt")
        self.entropy_label.setWordWrap(True)
        self.send_button = QPushButton(self.tr("Send to Entropy && KL"))
        self.send_button.setEnabled(False)
        self.send_button.clicked.connect(self.send_distribution)
        bars_panel = QWidget()
        bars_layout = QVBoxLayout(bars_panel)
        bars_layout.setContentsMargins(0, 0, 0, 0)
        bars_layout.addWidget(self.bars_plot, 1)
        row = QHBoxLayout()
        row.addWidget(self.entropy_label, 1)
        row.addWidget(self.send_button)
        bars_layout.addLayout(row)

        self.heatmap = AttentionHeatmap()
        self.heatmap.set_tick_font_size(11)
        self.attention_box = QComboBox()
        self._attention_options: list = []  # (layer, head or None) per entry
        heat_panel = QWidget()
        heat_layout = QVBoxLayout(heat_panel)
        heat_layout.setContentsMargins(0, 0, 0, 0)
        heat_row = QHBoxLayout()
        heat_row.addWidget(QLabel(self.tr("Cross-attention of this prefix:")))
        heat_row.addWidget(self.attention_box, 1)
        heat_layout.addLayout(heat_row)
        heat_layout.addWidget(self.heatmap, 1)
        self.attention_box.currentIndexChanged.connect(self._render_attention)

        self.force_box = QComboBox()
        self.force_box.setMinimumContentsLength(12)
        self.force_button = QPushButton(self.tr("Force it and search again"))
        self.force_button.setEnabled(False)
        self.force_button.clicked.connect(self._force_clicked)
        self.whatif_label = QLabel(self.tr("Pick a next token (or click its bar) and force it: the search re-runs "
                                           "from that prefix and its outcome appears here beside the original."))
        self.whatif_label.setWordWrap(True)
        self.whatif_label.setTextFormat(Qt.TextFormat.RichText)
        self.whatif_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.whatif_label.setStyleSheet("font-size: 12pt")
        self.whatif_tree_check = QCheckBox(self.tr("Draw the what-if search in the tree"))
        self.whatif_tree_check.setEnabled(False)
        self.whatif_tree_check.toggled.connect(self._whatif_tree_toggled)
        whatif_panel = QWidget()
        w_layout = QVBoxLayout(whatif_panel)
        w_layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(self.tr("What if the next token were…"))
        title.setStyleSheet("font-size: 12pt; font-weight: bold")
        w_layout.addWidget(title)
        force_row = QHBoxLayout()
        force_row.addWidget(self.force_box, 1)
        force_row.addWidget(self.force_button)
        w_layout.addLayout(force_row)
        w_layout.addWidget(self.whatif_label, 1)
        w_layout.addWidget(self.whatif_tree_check)

        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.addWidget(self.node_title)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(bars_panel)
        split.addWidget(heat_panel)
        split.addWidget(whatif_panel)
        for i, stretch in enumerate((4, 5, 4)):
            split.setStretchFactor(i, stretch)
        layout.addWidget(split, 1)
        return panel

    def _build_error_tab(self) -> QWidget:
        self.expected_input = QLineEdit()
        self.expected_input.setFont(QFont(self.input.font()))
        self.expected_input.setPlaceholderText(self.tr("the output you expected, e.g. 1988-11-04"))
        self.expected_input.setClearButtonEnabled(True)
        self.error_table = QTableWidget(2, 5)
        self.error_table.setHorizontalHeaderLabels([self.tr("output"), "L", "log P", self.tr("divisor"),
                                                    self.tr("score")])
        self.error_table.setVerticalHeaderLabels([self.tr("expected y*"), self.tr("beam best ŷ")])
        self.error_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.error_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.error_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        font = QFont()
        font.setPointSize(12)
        self.error_table.setFont(font)
        self.error_table.verticalHeader().setDefaultSectionSize(28)
        self.error_table.setFixedHeight(2 * 28 + self.error_table.horizontalHeader().sizeHint().height() + 4)
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setTextFormat(Qt.TextFormat.RichText)
        self.verdict_label.setStyleSheet("font-size: 14pt")
        self.rule_label = QLabel(self.tr(
            "The rule: if the model gives the expected output y* a better score than the beam's best ŷ, the "
            "model would have chosen y* had the search found it, so the <b>search</b> is to blame (a wider beam "
            "may help). Otherwise the model itself prefers a wrong output: the <b>model</b> is to blame. "
            "The comparison uses the score the search ranks finished outputs by (log P when length "
            "normalisation is off, the normalised score otherwise); raw log P is shown too."))
        self.rule_label.setWordWrap(True)
        self.rule_label.setStyleSheet("color: #455a64")
        panel = QWidget()
        layout = QVBoxLayout(panel)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Expected output:")))
        row.addWidget(self.expected_input, 1)
        layout.addLayout(row)
        layout.addWidget(self.error_table)
        layout.addWidget(self.verdict_label)
        layout.addWidget(self.rule_label)
        layout.addStretch(1)
        return panel

    # ---- requests ------------------------------------------------------------------------
    @property
    def model_name(self) -> str | None:
        return self.model_box.currentData()

    @property
    def shown(self):
        """The search drawn in the tree: the what-if one when asked for, else the original."""
        if self.whatif is not None and self.whatif_tree_check.isChecked():
            return self.whatif
        return self.original

    @property
    def revealed_steps(self) -> int:
        return self.tree.revealed_steps

    @property
    def length_penalty(self) -> str:
        return self.penalty_box.currentData()

    def request_update(self, *_):
        self._debounce.start()

    def _penalty_changed(self, *_):
        self.alpha_spin.setEnabled(self.length_penalty != "none")
        self.request_update()

    def _model_changed(self, *_):
        self._loading = True
        self.request_update()

    def _request(self, prefix=()) -> BeamRequest:
        expected = self.expected_input.text().strip() or None
        return BeamRequest(self.model_name, self.input.text(), beam_width=self.beam_spin.value(),
                           length_penalty=self.length_penalty, alpha=round(self.alpha_spin.value(), 4),
                           prefix=tuple(prefix), expected=expected)

    def _submit(self):
        name = self.model_name
        if not name:
            self._show_message(self.tr("No models found in assets/models. Train one with "
                                       "'python -m engine train date-transformer'."))
            return
        if not self.input.text().strip():
            self._show_message(self.tr("Type a date to see the search."))
            return
        if self._loading and self.state.model_states.get(name) != "ready":
            self.state.set_model_state(name, self.tr("loading…"))
            self._show_message(self.tr("Loading model {0}…").format(name), error=False)
        self.requests_sent += 1
        self.bridge.submit("beam", self._request())

    def _error_text(self, result) -> str:
        if result.error_type == "ModelLoadError":
            self.state.set_model_state(result.request.model, self.tr("error"))
            return self.tr("Model {0} could not be loaded: {1}").format(result.request.model, result.error)
        return result.error

    # ---- results -------------------------------------------------------------------------
    def _on_result(self, result):
        if result.request.model != self.model_name:
            return
        if not result.ok:
            self._show_message(self._error_text(result))
            self.updated.emit()
            return  # the last good tree stays on screen
        self._loading = False
        self.state.set_model_state(result.request.model, self.tr("ready"))
        self.show_analysis(result.value)

    def show_analysis(self, analysis) -> None:
        """Draw a BeamAnalysis (the result of the "beam" channel)."""
        stepping = self.original is not None and self.tree.revealed_steps < self.tree.steps
        old_steps = self.tree.revealed_steps
        def setting(a):
            return None if a is None else (a.model, a.text, a.beam_width, a.length_penalty, a.alpha)

        same_search = setting(analysis) == setting(self.original)  # e.g. only the expected output changed
        self.original = analysis
        if not same_search:
            self.whatif = None
            with QSignalBlocker(self.whatif_tree_check):
                self.whatif_tree_check.setChecked(False)
            self.whatif_tree_check.setEnabled(False)
            self.whatif_label.setText(self.tr("Pick a next token (or click its bar) and force it: the search re-runs "
                                              "from that prefix and its outcome appears here beside the original."))
        elif self.whatif is not None:
            self._render_whatif()
        notes = []
        if analysis.unknown_characters:
            chars = ", ".join(repr(c) for c in analysis.unknown_characters)
            notes.append(self.tr("Not in the model's alphabet (read as ⟨?⟩): {0}").format(chars))
        if analysis.expected_error:
            notes.append(self.tr("Expected output: {0}").format(analysis.expected_error))
        self._show_message(" ".join(notes))
        self.selected_row = None
        self._draw_tree(old_steps if stepping else None)
        self._render_outputs()
        self._render_error()
        self._reselect()
        self.updated.emit()

    def _draw_tree(self, revealed=None):
        shown = self.shown
        self.tree.set_search(shown, revealed)
        self._after_reveal()

    def _reselect(self):
        """Keep inspecting the same prefix in a new search when it is still drawn; else the root."""
        shown = self.shown
        node = 0
        if self.selected_prefix:
            for node_id, item in self.tree.node_items.items():
                if item.step == len(self.selected_prefix) and shown.node_prefix(node_id) == self.selected_prefix:
                    node = node_id
                    break
        self.select_node(node)

    def _show_message(self, text: str, error: bool = True):
        self.message.setStyleSheet(f"color: {'#b71c1c' if error else '#37474f'}; font-weight: bold")
        self.message.setText(text)
        self.message.setVisible(bool(text))

    def ready(self) -> bool:
        return self.original is not None and self.inspection is not None

    # ---- outputs, n-best and formula ----------------------------------------------------------
    def _render_outputs(self):
        a = self.original
        best, greedy = a.best, a.greedy
        same = best.token_ids == greedy.token_ids
        verdict = (self.tr("same output") if same else
                   self.tr("<span style='color:#e65100'>different: greedy commits to one token at a time</span>"))
        self.output_label.setText(self.tr(
            "Beam (B={0}): <b style='font-family:monospace'>{1}</b> <small>log P {2} · score {3}</small>"
            " &nbsp;&nbsp; Greedy: <b style='font-family:monospace'>{4}</b> <small>log P {5} · score {6}</small>"
            " &nbsp; <small>{7}</small>").format(
            a.beam_width, html.escape(best.text) or "∅", fmt(best.logprob), fmt(best.score),
            html.escape(greedy.text) or "∅", fmt(greedy.logprob), fmt(greedy.score), verdict))

    def _render_table(self):
        shown = self.shown
        if shown is None:
            return
        result = shown.result
        revealed = self.tree.revealed_steps
        if revealed >= result.steps_run:
            rows = list(shown.hypotheses)
            title = self.tr("n-best list ({0} hypotheses, best score first)").format(len(rows))
        else:
            rows = [node_sequence(shown, c.node_id) for c in finished_so_far(result, revealed)]
            title = self.tr("Finished after step {0} ({1} so far, best score first)").format(revealed, len(rows))
        if shown is self.whatif:
            title = self.tr("What-if search: ") + title
        self.nbest_title.setText(title)
        self.table_rows = rows
        with QSignalBlocker(self.nbest_table):
            self.nbest_table.setRowCount(len(rows))
            for r, h in enumerate(rows):
                cells = [str(r + 1), h.text or "∅", str(h.length), fmt(h.logprob), fmt(h.score),
                         "✓" if h.finished else self.tr("cut")]
                for c, text in enumerate(cells):
                    item = QTableWidgetItem(text)
                    if c != 1:
                        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    if c == 1:
                        item.setFont(QFont("monospace", 12))
                    if not h.finished:
                        item.setToolTip(self.tr("Not finished: the search reached the maximum length "
                                                "({0} tokens) first").format(shown.max_length))
                    if r == 0:
                        item.setForeground(QColor("#1b5e20"))
                    self.nbest_table.setItem(r, c, item)
            if self.selected_row is not None and self.selected_row < len(rows):
                self.nbest_table.selectRow(self.selected_row)
            else:
                self.nbest_table.clearSelection()
        stop = {
            "enough finished hypotheses": self.tr("B finished hypotheses"),
            "max_length reached": self.tr("the maximum length"),
            "no live beams": self.tr("no live beams left"),
            "forced prefix ends with EOS": self.tr("the forced prefix ends with ⟨/s⟩"),
        }.get(result.stopped_because, result.stopped_because)
        self.stop_label.setText(self.tr("The search stopped after {0} steps: {1}. While it runs, live beams are "
                                        "ranked by log P; finished hypotheses by their score.")
                                .format(result.steps_run, stop))
        self._render_formula()

    def _row_selected(self):
        rows = self.nbest_table.selectionModel().selectedRows()
        if not rows:
            return
        self.selected_row = rows[0].row()
        self._render_formula()

    def _formula_subject(self):
        """(ScoredSequence, heading) whose arithmetic is printed."""
        shown = self.shown
        if self.selected_row is not None and self.selected_row < len(self.table_rows):
            seq = self.table_rows[self.selected_row]
            return seq, self.tr("Hypothesis #{0}").format(self.selected_row + 1)
        if self.selected_node:
            return node_sequence(shown, self.selected_node), self.tr("Node (as if the output ended here)")
        if self.table_rows:
            return self.table_rows[0], self.tr("Hypothesis #1")
        return None, ""

    def formula_text(self, seq, heading: str = "") -> str:
        """The normalisation formula with the numbers of `seq` filled in (rich text)."""
        shown = self.shown
        penalty, alpha = shown.length_penalty, shown.alpha
        n_chars = sum(1 for t in seq.tokens if t != "</s>")
        eos = self.tr(" + ⟨/s⟩") if seq.finished else self.tr(", no ⟨/s⟩: cut at the maximum length")
        terms = " + ".join(f"({fmt(x)})" for x in seq.token_logprobs) or "0"
        lines = [f"<b>{html.escape(heading)}: <span style='font-family:monospace'>{tokens_html(seq.tokens)}</span>"
                 f"</b>",
                 self.tr("L = {0} tokens ({1} characters{2})").format(seq.length, n_chars, eos),
                 self.tr("log P = Σ log p(token | prefix) = {0} = <b>{1}</b>").format(terms, fmt(seq.logprob))]
        if penalty == "none":
            lines.append(self.tr("score = log P = <b>{0}</b> &nbsp;(no length normalisation)").format(fmt(seq.score)))
        elif penalty == "power":
            lines.append(self.tr("score = log P / L<sup>α</sup> = {0} / {1}<sup>{2}</sup> = {0} / {3} = <b>{4}</b>")
                         .format(fmt(seq.logprob), seq.length, f"{alpha:g}", fmt(seq.divisor), fmt(seq.score)))
        else:
            lines.append(self.tr("score = log P / ((5 + L) / 6)<sup>α</sup> = {0} / ((5 + {1}) / 6)<sup>{2}</sup> = "
                                 "{0} / {3} = <b>{4}</b>")
                         .format(fmt(seq.logprob), seq.length, f"{alpha:g}", fmt(seq.divisor), fmt(seq.score)))
        lines.append(self.tr("<small>The tree shows log P at every node (live beams are ranked by it); "
                             "finished hypotheses are ranked by the score.</small>"))
        return "<br>".join(lines)

    def _render_formula(self):
        seq, heading = self._formula_subject()
        if seq is None:
            self.formula_label.setText(self.tr("No hypothesis finished yet: step forward."))
            self.tree.highlight_path(None)
            return
        self.formula_label.setText(self.formula_text(seq, heading))
        self.tree.highlight_path(seq.node_id)

    # ---- step-through ------------------------------------------------------------------------
    def set_revealed_steps(self, steps: int) -> None:
        self.tree.set_revealed_steps(steps)
        self._after_reveal()
        self.updated.emit()

    def _after_reveal(self):
        total, shown = self.tree.steps, self.tree.revealed_steps
        self.step_label.setText(self.tr("Step {0} of {1}").format(shown, total))
        self.back_button.setEnabled(shown > 0)
        self.first_button.setEnabled(shown > 0)
        self.forward_button.setEnabled(shown < total)
        self.last_button.setEnabled(shown < total)
        if shown >= total and self._play_timer.isActive():
            self.pause()
        self._render_table()

    def step_forward(self):
        self.tree.setFocus()
        self.set_revealed_steps(self.tree.revealed_steps + 1)

    def step_back(self):
        self.tree.setFocus()
        self.set_revealed_steps(self.tree.revealed_steps - 1)

    def toggle_play(self):
        self.tree.setFocus()
        if self._play_timer.isActive():
            self.pause()
        else:
            self.play()

    def play(self):
        if self.tree.revealed_steps >= self.tree.steps:
            self.set_revealed_steps(0)
        self._play_timer.start()
        self.play_button.setText(self.tr("❚❚ Pause"))

    def pause(self):
        self._play_timer.stop()
        self.play_button.setText(self.tr("▶ Play"))

    @property
    def playing(self) -> bool:
        return self._play_timer.isActive()

    def _play_tick(self):
        self.set_revealed_steps(self.tree.revealed_steps + 1)

    def keyPressEvent(self, event):
        key = event.key()
        if key == Qt.Key.Key_Space:
            self.toggle_play()
        elif key == Qt.Key.Key_Right:
            self.step_forward()
        elif key == Qt.Key.Key_Left:
            self.step_back()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _pruned_toggled(self, checked):
        self.tree.set_show_pruned(checked)
        self.updated.emit()

    # ---- node inspection -------------------------------------------------------------------
    def select_node(self, node_id: int) -> None:
        """Inspect a node: its prefix's next-token distribution and cross-attention.  For a
        finished node (⟨/s⟩) the distribution that produced ⟨/s⟩ is shown."""
        shown = self.shown
        if shown is None:
            return
        self.selected_node = node_id
        self.selected_row = None
        with QSignalBlocker(self.nbest_table):
            self.nbest_table.clearSelection()
        self.tree.select_node(node_id)
        prefix = shown.node_prefix(node_id) if node_id else ()
        self.selected_prefix = prefix
        if prefix and prefix[-1] == shown.eos_id:
            prefix = prefix[:-1]
        self._render_formula()
        self.bridge.submit("beam-node", NodeRequest(shown.model, shown.text, tuple(prefix), node_id))

    def _on_node_result(self, result):
        shown = self.shown
        if shown is None or result.request.model != shown.model or result.request.text != shown.text:
            return
        if not result.ok:
            self._show_message(self._error_text(result))
            self.updated.emit()
            return
        self.inspection = result.value
        self._render_node()
        self.updated.emit()

    def _children_taken(self):
        """Tokens the shown search took from the inspected prefix: {token id: status}."""
        shown, n = self.shown, self.inspection
        out = {}
        for node_id, item in self.tree.node_items.items():
            if item.step == len(n.prefix_ids) + 1 and item.status in ("kept", "finished"):
                if shown.node_prefix(node_id)[:-1] == n.prefix_ids:
                    out[shown.result.nodes[node_id].token] = item.status
        return out

    def _render_node(self):
        n = self.inspection
        prefix = "".join(display_tokens(n.prefix_tokens))
        self.node_title.setText(self.tr("After ⟨s⟩{0}: what comes next?").format(
            (" " + prefix) if prefix else ""))
        top = n.top(self.TOP_K)
        taken = self._children_taken()
        brushes = []
        for token_id, _, _ in top:
            status = taken.get(token_id)
            brushes.append("#2e7d32" if status == "finished" else "#1565c0" if status == "kept" else "#b0bec5")
        x = np.arange(len(top))
        heights = np.array([p for _, _, p in top])
        self.bars.setOpts(x=x, height=heights, width=0.8, brushes=brushes)
        for item in self.bar_texts:
            self.bars_plot.removeItem(item)
        self.bar_texts = []
        for i, (_, _, p) in enumerate(top):
            text = pg.TextItem(f"{p:.2f}", color="#263238", anchor=(0.5, 1.0))
            text.setPos(i, p + 0.01)
            self.bars_plot.addItem(text)
            self.bar_texts.append(text)
        self.bars_plot.getAxis("bottom").setTicks([[(i, display_token(label)) for i, (_, label, _) in enumerate(top)]])
        self.bars_plot.setXRange(-0.6, len(top) - 0.4, padding=0)
        v = len(n.labels)
        self.entropy_label.setText(self.tr("Entropy H = {0} bits (uniform over {1} tokens: {2}). Blue: kept by the "
                                           "search, green: finished.").format(fmt(n.entropy_bits), v,
                                                                              fmt(float(np.log2(v)))))
        self.send_button.setEnabled(self._entropy_view_exists())
        with QSignalBlocker(self.force_box):
            self.force_box.clear()
            for token_id, label, p in n.top(len(n.labels)):
                if token_id in (0, 1):  # <pad> and <s> never make sense as outputs
                    continue
                self.force_box.addItem(f"{display_token(label)}   p = {p:.4f}", token_id)
        self.force_button.setEnabled(self.force_box.count() > 0)
        self._sync_attention_box()
        self._render_attention()

    def _sync_attention_box(self):
        layers, heads = self.inspection.cross.shape[:2]
        options = []
        for layer in range(layers):
            if heads > 1:
                options.append((self.tr("layer {0} · mean over heads").format(layer + 1), (layer, None)))
            for head in range(heads):
                options.append((self.tr("layer {0} · head {1}").format(layer + 1, head + 1), (layer, head)))
        if self._attention_options == [o for _, o in options]:
            return
        self._attention_options = [o for _, o in options]
        with QSignalBlocker(self.attention_box):
            self.attention_box.clear()
            for label, _ in options:
                self.attention_box.addItem(label)
            default = (layers - 1, None) if heads > 1 else (layers - 1, 0)
            self.attention_box.setCurrentIndex(self._attention_options.index(default))

    def attention_matrix(self) -> np.ndarray:
        index = self.attention_box.currentIndex()
        layer, head = self._attention_options[index] if index >= 0 else (0, None)
        stack = self.inspection.cross[layer]
        return stack.mean(axis=0) if head is None else stack[head]

    def _render_attention(self, *_):
        n = self.inspection
        if n is None or self.attention_box.count() == 0:
            return
        rows = list(n.prefix_tokens) + [self.tr("next?")]
        self.heatmap.set_matrix(self.attention_matrix(), rows, list(n.source_tokens),
                                row_title=self.tr("producing"), column_title=self.tr("input"))

    def _entropy_view_exists(self) -> bool:
        try:
            from app.views import view_classes

            return any(cls.view_id == "entropy" for cls in view_classes())
        except Exception:  # a broken sibling view must not break this one
            return False

    def send_distribution(self):
        n = self.inspection
        if n is None:
            return
        prefix = "".join(display_tokens(n.prefix_tokens))
        title = self.tr("Next token after ⟨s⟩{0} ({1}, input '{2}')").format(
            (" " + prefix) if prefix else "", n.model, n.text)
        self.state.send_distribution(SentDistribution(title, tuple(display_tokens(n.labels)),
                                                      tuple(float(p) for p in n.probabilities)))

    def _on_bars_clicked(self, event):
        if self.inspection is None:
            return
        p = self.bars_plot.getPlotItem().vb.mapSceneToView(event.scenePos())
        i = int(round(p.x()))
        top = self.inspection.top(self.TOP_K)
        if 0 <= i < len(top):
            index = self.force_box.findData(top[i][0])
            if index >= 0:
                self.force_box.setCurrentIndex(index)

    # ---- what if ----------------------------------------------------------------------------
    def _force_clicked(self):
        token = self.force_box.currentData()
        if token is not None:
            self.force_token(int(token))

    def force_token(self, token_id: int) -> None:
        """Re-run the search with the inspected prefix followed by `token_id` imposed."""
        n, base = self.inspection, self.original
        if n is None or base is None:
            return
        forced = tuple(n.prefix_ids) + (int(token_id),)
        request = BeamRequest(base.model, base.text, beam_width=base.beam_width, length_penalty=base.length_penalty,
                              alpha=base.alpha, prefix=forced, expected=self.expected_input.text().strip() or None)
        self.whatif_label.setText(self.tr("Searching from the forced prefix {0}…").format(
            tokens_html(base.vocab[t] for t in forced)))
        self.bridge.submit("beam-whatif", request)

    def _on_whatif_result(self, result):
        base = self.original
        if base is None or result.request.model != base.model or result.request.text != base.text:
            return
        if not result.ok:
            self._show_message(self._error_text(result))
            self.updated.emit()
            return
        self.whatif = result.value
        self.whatif_tree_check.setEnabled(True)
        self._render_whatif()
        if self.whatif_tree_check.isChecked():
            self._draw_tree()
        self.updated.emit()

    def _render_whatif(self):
        a, w = self.original, self.whatif
        forced = tokens_html(w.vocab[t] for t in w.forced_prefix)
        cost = sum(w.result.nodes[c.node_id].token_logprob for s in w.result.trace[: len(w.forced_prefix)] for c in s)

        def cell(seq):
            return (f"<td style='font-family:monospace; padding:2px 8px'><b>{html.escape(seq.text) or '∅'}</b></td>"
                    f"<td align='right' style='padding:2px 8px'>{fmt(seq.logprob)}</td>"
                    f"<td align='right' style='padding:2px 8px'>{fmt(seq.score)}</td>")

        better = w.best.score > a.best.score
        self.whatif_label.setText(self.tr(
            "<table><tr><th></th><th>best output</th><th>log P</th><th>score</th></tr>"
            "<tr><td>original</td>{0}</tr><tr><td>forced <span style='font-family:monospace'>{1}</span></td>{2}</tr>"
            "</table>The forced tokens cost log p = {3}. {4}").format(
            cell(a.best), forced, cell(w.best), fmt(cost),
            self.tr("The forced search found a <b>better</b> score: the original search missed it.") if better else
            self.tr("The original output keeps the better score.")))

    def _whatif_tree_toggled(self, checked):
        self.selected_row = None
        self._draw_tree()
        self._reselect()
        self.updated.emit()

    # ---- error analysis ----------------------------------------------------------------------
    def _render_error(self):
        a = self.original
        e = a.error
        for r in range(2):
            for c in range(5):
                self.error_table.setItem(r, c, QTableWidgetItem(""))
        if e is None:
            self.verdict_label.setText(self.tr("Type the output you expected above: the view compares the model's "
                                               "score for it with the score of the beam's best output."))
            best = a.best
            self._fill_error_row(1, best)
            return
        self._fill_error_row(0, e.expected)
        self._fill_error_row(1, e.best)
        what = self.tr("log P") if e.compared == "logprob" else self.tr("score")
        ev = e.expected.logprob if e.compared == "logprob" else e.expected.score
        bv = e.best.logprob if e.compared == "logprob" else e.best.score
        if e.verdict == "agree":
            text = self.tr("✓ Agree: beam search found the expected output.")
        elif e.verdict == "search":
            text = self.tr("Search error: the model prefers the expected output ({0} {1} > {2}), but beam search "
                           "with B={3} did not find it. <b>The search is to blame</b>: try a wider beam.").format(
                what, fmt(ev), fmt(bv), a.beam_width)
        else:
            text = self.tr("Model error: the model gives the expected output a {0} no better than the beam's "
                           "output ({1} ≤ {2}). <b>The model is to blame</b>: a wider beam will not help; the model "
                           "needs better training.").format(what, fmt(ev), fmt(bv))
        if e.raw_verdict != e.verdict:
            other = self.tr("search") if e.raw_verdict == "search" else self.tr("model")
            text += self.tr("<br><small>Raw log P alone ({0} vs {1}) would blame the {2}: the length "
                            "normalisation decides this case.</small>").format(
                fmt(e.expected.logprob), fmt(e.best.logprob), other)
        if e.unknown_characters:
            text += self.tr("<br><small>Not in the output alphabet, so the model can never write them: "
                            "{0}</small>").format(", ".join(repr(c) for c in e.unknown_characters))
        self.verdict_label.setText(f"<span style='color:{VERDICT_COLOURS[e.verdict]}'>{text}</span>")

    def _fill_error_row(self, row, seq):
        cells = [seq.text or "∅", str(seq.length), fmt(seq.logprob), fmt(seq.divisor), fmt(seq.score)]
        for c, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if c:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.error_table.setItem(row, c, item)

    @property
    def verdict(self) -> str | None:
        """The verdict on screen ("agree", "search", "model") or None."""
        e = None if self.original is None else self.original.error
        return None if e is None else e.verdict

    # ---- exports -------------------------------------------------------------------------
    def export_png(self, path):
        return self.tree.export_png(path)

    def export_svg(self, path):
        return self.tree.export_svg(path)

    def export_csv(self, path):
        """Every candidate of the shown search, with token strings."""
        shown = self.shown
        if shown is None:
            raise ValueError("nothing to export yet")
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["node_id", "parent", "step", "token", "token_logprob", "logprob", "score", "rank",
                             "status", "considered"])
            for step in shown.result.trace:
                for c in step:
                    writer.writerow([c.node_id, c.parent, c.step, shown.vocab[c.token], repr(c.token_logprob),
                                     repr(c.logprob), repr(c.score), c.rank, c.status, c.considered])
        return path
