"""Beam search, live: the search tree step by step, the n-best list with its arithmetic, the
error analysis of the lesson (search or model?), node inspection and "what if" forcing.

Requests (latest wins per channel): "beam" (the search of the input), "beam-node" (the
distribution and cross-attention after a clicked node's prefix), "beam-whatif" (the search
re-run from a forced prefix).

The view builds the requests and routes the results; the panels (beam_controls, beam_nbest,
beam_node, beam_whatif, beam_error) only draw what they are given and emit what the user does.
"""
from __future__ import annotations

import csv
import html

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QSizePolicy, QSplitter, QTabWidget, QVBoxLayout

from app.export import ExportButton
from app.state import SentDistribution
from app.views.base import View
from app.views.beam_controls import SearchControls, StepBar
from app.views.beam_error import ErrorPanel
from app.views.beam_nbest import NBestPanel
from app.views.beam_node import NodePanel
from app.views.beam_style import after_bos, fmt, wrapped_label
from app.views.beam_whatif import WhatIfPanel
from app.widgets.beam_tree import BeamTree
from app.widgets.tokens import display_tokens
from engine.jobs import BeamRequest, NodeRequest


def answers(result, analysis) -> bool:
    """Whether `result` belongs to the model and input of `analysis` (a late answer to an old
    search must not be drawn over a new one)."""
    return analysis is not None and result.request.model == analysis.model and result.request.text == analysis.text


class BeamView(View):
    view_id = "beam"
    EXAMPLE = "4 Nov 1988"
    DEBOUNCE_MS = 60
    TOP_K = NodePanel.TOP_K

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
        self.requests_sent = 0
        self._loading = True
        self._build()
        self.bridge.subscribe("beam", self._on_result)
        self.bridge.subscribe("beam-node", self._on_node_result)
        self.bridge.subscribe("beam-whatif", self._on_whatif_result)
        self._debounce = self.debounce_timer(self._submit)
        self.request_update()

    # ---- layout ------------------------------------------------------------------------------
    def _build(self):
        self.controls = SearchControls(self.EXAMPLE)
        self.step_bar = StepBar()
        self.export_button = ExportButton(self, png=self.export_png, svg=self.export_svg, csv=self.export_csv,
                                          basename="beam-search")
        self.step_bar.add_widget(self.export_button)
        self.output_label = wrapped_label(style="font-size: 14pt", rich=True)
        self.output_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message = wrapped_label()
        self.message.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

        self.tree = BeamTree()
        self.nbest = NBestPanel()
        upper = QSplitter(Qt.Orientation.Horizontal)
        upper.addWidget(self.tree)
        upper.addWidget(self.nbest)
        upper.setStretchFactor(0, 5)
        upper.setStretchFactor(1, 2)

        self.node_panel = NodePanel()
        self.whatif_panel = WhatIfPanel()
        self.node_panel.add_pane(self.whatif_panel, 4)
        self.error_panel = ErrorPanel()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.node_panel, self.tr("Node: next token, attention, what if"))
        self.tabs.addTab(self.error_panel, self.tr("Error analysis: search or model?"))
        vertical = QSplitter(Qt.Orientation.Vertical)
        vertical.addWidget(upper)
        vertical.addWidget(self.tabs)
        vertical.setStretchFactor(0, 5)
        vertical.setStretchFactor(1, 3)

        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.step_bar)
        layout.addWidget(self.output_label)
        layout.addWidget(self.message)
        layout.addWidget(vertical, 1)

        # The panels' widgets under the names the view had before the split: the tests drive it by them.
        controls, node, whatif, error = self.controls, self.node_panel, self.whatif_panel, self.error_panel
        self.input, self.model_box, self.beam_spin = controls.input, controls.model_box, controls.beam_spin
        self.penalty_box, self.alpha_spin = controls.penalty_box, controls.alpha_spin
        self.pruned_check, self.all_check = controls.pruned_check, controls.all_check
        self.first_button, self.back_button = self.step_bar.first_button, self.step_bar.back_button
        self._play_timer = self.step_bar.play_timer
        self.nbest_table, self.formula_label = self.nbest.table, self.nbest.formula_label
        self.bars, self.entropy_label, self.heatmap = node.bars, node.entropy_label, node.heatmap
        self.force_box, self.force_button = whatif.force_box, whatif.force_button
        self.whatif_label, self.whatif_tree_check = whatif.label, whatif.tree_check
        self.expected_input, self.error_table, self.verdict_label = (error.expected_input, error.table,
                                                                     error.verdict_label)

        controls.search_changed.connect(self.request_update)
        controls.model_changed.connect(self._model_changed)
        controls.show_pruned_toggled.connect(self._pruned_toggled)
        controls.show_all_toggled.connect(self.tree.set_show_all)
        error.expected_changed.connect(self.request_update)
        self.step_bar.reveal_requested.connect(self.set_revealed_steps)
        self.step_bar.stepping.connect(self.tree.setFocus)
        self.step_bar.zoom_requested.connect(self.tree.zoom)
        self.step_bar.fit_requested.connect(self.tree.toggle_fit)
        self.tree.node_clicked.connect(self.select_node)
        self.nbest.row_selected.connect(self._render_formula)
        node.send_requested.connect(self.send_distribution)
        node.token_clicked.connect(whatif.pick_token)
        whatif.force_requested.connect(self.force_token)
        whatif.tree_toggled.connect(self._whatif_tree_toggled)
        self._show_message("")

    # ---- requests ------------------------------------------------------------------------
    @property
    def model_name(self) -> str | None:
        return self.controls.model_name

    @property
    def shown(self):
        """The search drawn in the tree: the what-if one when asked for, else the original."""
        if self.whatif is not None and self.whatif_panel.draw_in_tree:
            return self.whatif
        return self.original

    @property
    def revealed_steps(self) -> int:
        return self.tree.revealed_steps

    @property
    def length_penalty(self) -> str:
        return self.controls.length_penalty

    def request_update(self, *_):
        self._debounce.start()

    def _model_changed(self):
        self._loading = True
        self.request_update()

    def _request(self, prefix=()) -> BeamRequest:
        return BeamRequest(self.model_name, self.input.text(), beam_width=self.beam_spin.value(),
                           length_penalty=self.length_penalty, alpha=self.controls.alpha,
                           prefix=tuple(prefix), expected=self.error_panel.expected)

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

    def _show_failure(self, result) -> None:
        """A failed request: its error above the tree, while the last good drawing stays."""
        self._show_message(self._error_text(result))
        self.updated.emit()

    # ---- results -------------------------------------------------------------------------
    def _on_result(self, result):
        if result.request.model != self.model_name:
            return
        if not result.ok:
            self._show_failure(result)
            return
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
            self.whatif_panel.reset()
        elif self.whatif is not None:
            self.whatif_panel.show_comparison(analysis, self.whatif)
        notes = []
        if analysis.unknown_characters:
            chars = ", ".join(repr(c) for c in analysis.unknown_characters)
            notes.append(self.tr("Not in the model's alphabet (read as ⟨?⟩): {0}").format(chars))
        if analysis.expected_error:
            notes.append(self.tr("Expected output: {0}").format(analysis.expected_error))
        self._show_message(" ".join(notes))
        self.nbest.clear_selection()
        self._draw_tree(old_steps if stepping else None)
        self._render_outputs()
        self.error_panel.show_analysis(analysis)
        self._reselect()
        self.updated.emit()

    def _draw_tree(self, revealed=None):
        self.tree.set_search(self.shown, revealed)
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
        self.nbest.show_search(shown, self.tree.revealed_steps, whatif=shown is self.whatif)
        self._render_formula()

    def _render_formula(self):
        seq = self.nbest.show_formula(self.shown, self.selected_node)
        self.tree.highlight_path(None if seq is None else seq.node_id)

    # ---- step-through ------------------------------------------------------------------------
    def set_revealed_steps(self, steps: int) -> None:
        self.tree.set_revealed_steps(steps)
        self._after_reveal()
        self.updated.emit()

    def _after_reveal(self):
        self.step_bar.set_progress(self.tree.revealed_steps, self.tree.steps)
        self._render_table()

    @property
    def playing(self) -> bool:
        return self.step_bar.playing

    def keyPressEvent(self, event):
        key = event.key()
        if key == Qt.Key.Key_Space:
            self.step_bar.toggle_play()
        elif key == Qt.Key.Key_Right:
            self.step_bar.step_forward()
        elif key == Qt.Key.Key_Left:
            self.step_bar.step_back()
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
        self.nbest.clear_selection()
        self.tree.select_node(node_id)
        prefix = shown.node_prefix(node_id) if node_id else ()
        self.selected_prefix = prefix
        if prefix and prefix[-1] == shown.eos_id:
            prefix = prefix[:-1]
        self._render_formula()
        self.bridge.submit("beam-node", NodeRequest(shown.model, shown.text, tuple(prefix), node_id))

    def _on_node_result(self, result):
        if not answers(result, self.shown):
            return
        if not result.ok:
            self._show_failure(result)
            return
        self.inspection = result.value
        self.node_panel.show_inspection(self.inspection, self._children_taken(), self._entropy_view_exists())
        self.whatif_panel.set_choices(self.inspection)
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
        title = self.tr("Next token after ⟨s⟩{0} ({1}, input '{2}')").format(after_bos(n.prefix_tokens), n.model,
                                                                               n.text)
        self.state.send_distribution(SentDistribution(title, tuple(display_tokens(n.labels)),
                                                      tuple(float(p) for p in n.probabilities)))

    # ---- what if ----------------------------------------------------------------------------
    def force_token(self, token_id: int) -> None:
        """Re-run the search with the inspected prefix followed by `token_id` imposed."""
        n, base = self.inspection, self.original
        if n is None or base is None:
            return
        forced = tuple(n.prefix_ids) + (int(token_id),)
        request = BeamRequest(base.model, base.text, beam_width=base.beam_width, length_penalty=base.length_penalty,
                              alpha=base.alpha, prefix=forced, expected=self.error_panel.expected)
        self.whatif_panel.show_searching(base.vocab[t] for t in forced)
        self.bridge.submit("beam-whatif", request)

    def _on_whatif_result(self, result):
        if not answers(result, self.original):
            return
        if not result.ok:
            self._show_failure(result)
            return
        self.whatif = result.value
        self.whatif_panel.show_comparison(self.original, self.whatif)
        if self.whatif_panel.draw_in_tree:
            self._draw_tree()
        self.updated.emit()

    def _whatif_tree_toggled(self, checked):
        self.nbest.clear_selection()
        self._draw_tree()
        self._reselect()
        self.updated.emit()

    # ---- error analysis ----------------------------------------------------------------------
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
