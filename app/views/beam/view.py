"""Beam search, live: the search tree step by step, the n-best list with its arithmetic, the
error analysis of the lesson (search or model?), node inspection and "what if" forcing.

Three request loops, one per channel:
  "beam"         the search of the input (controls, expected output) → show_analysis
  "beam-node"    the distribution and cross-attention after the selected node's prefix
  "beam-whatif"  the search re-run from a forced prefix

A new search makes the node inspection in flight meaningless (`invalidates=("beam-node",)`);
every drawn search then inspects its selected node again.  A what-if search belongs to the
search on screen when it was forced: drawing a different search withdraws it
(`View.invalidate`), so the bridge never delivers it; only the expected output changing keeps it.
A click that starts work (a node, Force) submits its own request through its loop: every answer
is drawn from its own request and result, never from inputs kept aside.

Every user choice (inputs, what the tree draws, the revealed steps, the inspected prefix, the
node panel's choices, the tab) lives in the view's state (state.py).

The panels (controls, step_bar, tree, nbest, node, whatif, error) only draw what they are given
and emit what the user does; this view builds the requests and routes the results.
"""
from __future__ import annotations

import html
import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from app import style
from app.export import ExportButton, write_csv
from app.state import SentDistribution
from app.binding import bind_choice, bind_tab
from app.views.base import InputProblem, View
from app.views.beam.controls import PENALTIES, SearchControls
from app.views.beam.error import ErrorPanel
from app.views.beam.nbest import NBestPanel
from app.views.beam.state import EXAMPLE, TABS, BeamState
from app.views.beam.node import NodePanel
from app.views.beam.step_bar import StepBar
from app.views.beam.text import after_bos, output_text
from app.views.beam.tree import BeamTree
from app.views.beam.whatif import WhatIfPanel
from app.domain_text import domain_warning
from app.widgets.form import scrolling
from app.widgets.tokens import display_token
from app.widgets.side_toggle import SideToggle
from app.token_text import vocabulary_name
from engine.hf.search import HFSearchRequest, from_folder
from engine.jobs import BeamRequest, NodeRequest


def search_settings(analysis) -> tuple | None:
    """What makes two searches the same search (the expected output only adds the error analysis)."""
    if analysis is None:
        return None
    return analysis.model, analysis.text, analysis.beam_width, analysis.length_penalty, analysis.alpha


def plain_text(html_text: str) -> str:
    """What rich text reads as (for a tooltip)."""
    document = QTextDocument()
    document.setHtml(html_text)
    return document.toPlainText()


class BeamView(View):
    TITLE = QT_TRANSLATE_NOOP("BeamView", "Beam search")
    EXAMPLE = EXAMPLE
    State = BeamState
    DEBOUNCE_MS = 60
    #: the tree's least height in text lines: 7 at 22 pt (259 px) hold ⟨s⟩, the best path and
    #: a few of its rivals (the tree scrolls), and leave the controls the rest of a 580 px page
    PLOT_LINES = 7
    TOP_K = NodePanel.TOP_K
    #: a distribution of up to this many tokens (the date models' 15) is sent whole; a larger
    #: one (zh-en-toy's 356 words) as its TOP_K most probable tokens and "other"
    SEND_WHOLE_UP_TO = 20

    def main_plot(self):
        """The search tree: the layout gives it at least 40 % of the window
        (tests/app/test_layout_fit.py)."""
        return self.tree

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        #: the BeamAnalysis drawn (the "beam" loop's latest answer, once show_analysis has drawn it)
        self.original = None
        self.whatif = None  # BeamAnalysis of the forced search drawn beside the original
        self.selected_node: int | None = None  # node of the shown tree (its prefix: view_state.selected_prefix)
        #: (steps to reveal, None for all) once the search on its way is drawn; None: nothing pending
        self._pending_reveal: tuple[int | None] | None = None

        self.controls = SearchControls(self.view_state)
        self.step_bar = StepBar()
        self.export_button = ExportButton(self)
        self.step_bar.add_widget(self.export_button)
        self.output_label = style.scaled(style.wrapped_label(rich=True), 1.25)
        self.output_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._outcome_width = -1  # the label's width when the outcome was written (its form depends on it)
        self.output_label.installEventFilter(self)
        self.tree = BeamTree()
        self.nbest = NBestPanel()
        self.node_panel = NodePanel(self.view_state)
        self.whatif_panel = WhatIfPanel(self.view_state)
        self.node_panel.add_pane(self.whatif_panel, self.tr("What if"), "whatif")
        self.error_panel = ErrorPanel(self.view_state)
        # The tree takes the full height; what explains it sits in tabs beside it.  Stacked under
        # the tree (as before) the node panel, the n-best list and the tree shared 480 px of height
        # at 1280×720 and none was readable.  Each tab scrolls rather than squeezing its content.
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(scrolling(self.node_panel), self.tr("Node"))
        self.tabs.addTab(scrolling(self.error_panel), self.tr("Search or model?"))
        self.tabs.addTab(scrolling(self.nbest), self.tr("n-best"))
        self.tabs.setTabToolTip(0, self.tr("Node: next token, attention, what if"))
        self.tabs.setTabToolTip(1, self.tr("Error analysis: search or model?"))
        self.tabs.setTabToolTip(2, self.tr("n-best list, why the search stopped, the score arithmetic"))
        # the outcome (beam vs greedy) heads the side column: a full-width line above the tree
        # cost the tree the height it needs at text ×2
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.output_label)
        side_layout.addWidget(self.tabs, 1)
        self.side = side
        self.side_layout = side_layout
        self.content = style.splitter(Qt.Orientation.Horizontal, (self.tree, side), stretch=(8, 1))
        # at large text the side column folds away (the tree takes the width) and the outcome
        # moves over the tree, where it stays in view; this button, beside Export, opens it
        self.side_toggle = SideToggle(side, self.tr("Details"), self.tr(
            "Show or hide the side panel: the node, search-or-model and n-best tabs"))
        self.side_toggle.toggled.connect(self._place_outcome)
        self.step_bar.add_widget(self.side_toggle)
        # the switches for what the tree draws beside its legend and zoom (not after the search's
        # settings, where they took a line of their own at 18-22 pt)
        for switch in (self.controls.pruned_check, self.controls.all_check):
            self.controls.options.layout().removeWidget(switch)
            self.step_bar.add_tree_switch(switch)
        # at large text the search's settings and these switches fold behind a button on the
        # legend's line (at 22 pt in Chinese the legend, the button and the zoom share one)
        self.step_bar.add_tree_switch(self.controls.settings_button)
        self._fit_whatif_height()

        self.main_layout = layout = QVBoxLayout(self)
        # rows closer together: at 18 pt in Chinese the style's gaps between six rows of controls
        # were the 13 px the tree lacked for 40 % of a 1280×680 window; 2 px, not 4: at 22 pt in
        # Chinese, with zh-en-toy's beam and greedy outputs differing (three lines of outcome over
        # the tree), 4 px left the tree 39 % (272 px high, 278 needed)
        margins = layout.contentsMargins()
        layout.setContentsMargins(margins.left(), 2, margins.right(), 2)
        layout.setSpacing(2)
        layout.addWidget(self.controls)
        layout.addWidget(self.step_bar)
        layout.addWidget(self.message)
        layout.addWidget(self.content, 1)
        self.side_toggle.fit_to_text()  # a view built at large text starts folded too
        self._fit_folds()

        state.model_folders.attach(self.controls.model_box, generative_only=True)
        bind_tab(self.view_state, "tab", self.tabs, TABS)
        bind_choice(self.view_state, "node_pane", self.node_panel.pane_box)
        self.search_loop = self.request_loop("beam", build=self.build_search,
                                             render=lambda result: self.show_analysis(result.value),
                                             invalidates=("beam-node",))
        self.node_loop = self.request_loop("beam-node", build=self.build_inspection,
                                           render=lambda result: self.render_inspection(result.value),
                                           message=self.node_panel.message, greys=())
        self.whatif_loop = self.request_loop("beam-whatif", build=self.build_whatif,
                                             render=lambda result: self.render_whatif(result.value),
                                             message=self.whatif_panel.message, greys=())

        self.view_state.watch(self.search_loop.schedule, "model", "text", "beam_width", "length_penalty", "alpha",
                              "expected")
        self.view_state.watch(self._pruned_toggled, "show_pruned")
        self.view_state.watch(self._show_all_toggled, "show_all")
        self.step_bar.reveal_requested.connect(self.set_revealed_steps)
        self.step_bar.stepping.connect(self.tree.setFocus)
        self.step_bar.zoom_requested.connect(self.tree.zoom)
        self.step_bar.fit_requested.connect(self.tree.fit)
        self.tree.node_clicked.connect(self.select_node)
        self.nbest.row_selected.connect(self._render_formula)
        self.node_panel.send_requested.connect(self.send_distribution)
        self.node_panel.token_clicked.connect(self.whatif_panel.pick_token)
        # a clicked bar is the token to force: its pane comes into sight
        self.node_panel.token_clicked.connect(lambda _: setattr(self.view_state, "node_pane", "whatif"))
        self.whatif_panel.force_requested.connect(self.force_token)
        self.whatif_panel.tree_toggled.connect(self._whatif_tree_toggled)
        self.search_loop.schedule()

    # ---- what is on screen ---------------------------------------------------------------------
    @property
    def inspection(self):
        """The NodeInspection of the selected node."""
        return self.node_loop.value

    @property
    def selected_prefix(self) -> tuple[int, ...]:
        """The token ids of the inspected node's prefix (survives a new search)."""
        return self.view_state.selected_prefix

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

    def ready(self) -> bool:
        """A search and its node inspection are drawn (a what-if search is optional)."""
        if self.original is not None and from_folder(self.original):
            return True  # no node inspection for Hugging Face models (the panel says so)
        return self.original is not None and self.inspection is not None

    # ---- the search ------------------------------------------------------------------------------
    def build_search(self):
        if not self.model_name:
            raise InputProblem.no_models()
        text = self.view_state.text
        folder = self.state.model_folders.info(self.model_name)
        if not text.strip():
            raise InputProblem(self.tr("Type a prompt to see the search.") if folder else
                               self.tr("Type a date to see the search."), error=False)
        if folder is not None:
            return self.build_hf_search(folder.path, text)
        return BeamRequest(self.model_name, text, beam_width=self.view_state.beam_width,
                           length_penalty=self.controls.length_penalty, alpha=self.controls.alpha,
                           expected=self.error_panel.expected)

    def build_hf_search(self, path: str, text: str) -> HFSearchRequest:
        """A Hugging Face model searches with generate's rules: score = log P / L^α."""
        penalty = self.controls.length_penalty
        if penalty == "gnmt":
            raise InputProblem(self.tr("Hugging Face models search with generate's length penalty, log P / L^α: "
                                       "choose it (or none) under Length normalisation."))
        alpha = 0.0 if penalty == "none" else self.controls.alpha
        return HFSearchRequest(path, text, beam_width=self.view_state.beam_width, alpha=alpha,
                               expected=self.error_panel.expected)

    def show_analysis(self, analysis) -> None:
        """Draw a BeamAnalysis (the "beam" channel's value; tests hand constructed ones in)."""
        previous = self.original
        stepping = previous is not None and self.tree.revealed_steps < self.tree.steps
        old_steps = self.tree.revealed_steps
        same_search = search_settings(analysis) == search_settings(previous)  # e.g. only the expected output
        self.original = analysis
        # node inspection runs on the shipped models only: greyed, with its message saying so
        self.node_panel.setEnabled(not from_folder(analysis))
        if self._pending_reveal is not None:  # a session or lecture scene asked for this step
            (old_steps,), self._pending_reveal = self._pending_reveal, None
            stepping = old_steps is not None
        if not same_search:
            self.invalidate("beam-whatif")  # a what-if forced on the previous search: not delivered
            self.whatif = None
            self.whatif_panel.reset()
        elif self.whatif is not None:
            self.whatif_panel.show_comparison(analysis, self.whatif)
        if analysis.unknown_characters:
            chars = ", ".join(repr(c) for c in analysis.unknown_characters)
            self.message.show_message(self.tr("Not in the model's {0} (read as {1}): {2}")
                                      .format(vocabulary_name(analysis.source_unit), display_token("<unk>"), chars))
        self.nbest.clear_selection()
        self._draw_tree(old_steps if stepping else None, same_search=same_search)
        self._render_outputs()
        self.error_panel.show_analysis(analysis)
        self._reselect()
        self.updated.emit()

    def _draw_tree(self, revealed=None, same_search=False):
        self.tree.set_search(self.shown, revealed, same_search)
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

    # ---- outputs, n-best and formula ----------------------------------------------------------
    def _render_outputs(self):
        """The outcome: over the tree (the side column folded) in at most OUTCOME_LINES lines at
        the label's width, its fullest form that fits; the whole comparison in its tooltip."""
        forms = self._outcome_forms()
        label = self.output_label
        if self.side_toggle.folded():
            # over the tree the figures are not <small>, which would draw them below the text size
            forms = [f.replace("<small>", "<span>").replace("</small>", "</span>") for f in forms]
            width = label.contentsRect().width()
            fitting = [f for f in forms if width <= 0 or self.lines_at(f, width) <= self.OUTCOME_LINES]
            chosen = fitting[0] if fitting else forms[-1]
        else:
            chosen = forms[0]
        self._outcome_width = label.contentsRect().width()
        label.setText(chosen + ("" if from_folder(self.original) else self.domain_html(self.original)))
        label.setToolTip("" if chosen == forms[0] else plain_text(forms[0]))

    #: the outcome's most lines over the tree: at 22 pt beside the lecture panel the paragraph
    #: comparing beam and greedy took four and left the tree 35 % of the window (40 % asked)
    OUTCOME_LINES = 2

    def lines_at(self, html_text: str, width: int) -> int:
        """How many lines `html_text` takes in the outcome label at `width` px."""
        document = QTextDocument()
        document.setDefaultFont(self.output_label.font())
        document.setDocumentMargin(0)
        document.setHtml(html_text)
        document.setTextWidth(width)
        document.size()  # lays the text out
        block, lines = document.begin(), 0
        while block.isValid():
            lines += block.layout().lineCount()
            block = block.next()
        return lines

    def eventFilter(self, watched, event):  # noqa: N802 - Qt's name
        # the outcome's form depends on its width: the lecture panel opening narrows it
        if watched is self.output_label and event.type() == QEvent.Type.Resize and self.original is not None \
                and self.output_label.contentsRect().width() != self._outcome_width:
            self._render_outputs()
        return super().eventFilter(watched, event)

    def _outcome_forms(self) -> list[str]:
        """The outcome's text, from the fullest to the most compact.  Where beam and greedy
        differ: one paragraph with the figures and the verdict; then beam and greedy on a line each
        (greedy's output in the warning colour, the verdict in the tooltip); then with log P only;
        then the outputs alone."""
        a = self.original
        if from_folder(a):
            return [self.tr(
                "Beam (B={0}, Hugging Face generate's rules): <b style='font-family:monospace'>{1}</b> "
                "<small>log P {2} · score {3}</small>").format(
                a.beam_width, html.escape(a.best.text), style.fixed(a.best.logprob), style.fixed(a.best.score))]
        best, greedy = a.best, a.greedy
        fmt = style.fixed
        beam_text = html.escape(output_text(best.tokens, a.target_unit))
        greedy_text = html.escape(output_text(greedy.tokens, a.target_unit))
        # One paragraph that wraps only where the width ends it (no line break of its own): over
        # the tree at 22 pt a line given to greedy cost the tree its 40 % beside the lecture panel
        # (a line each only where the paragraph would take three or more). The same output with
        # the same figures is written once.
        if best.token_ids == greedy.token_ids and (fmt(best.logprob), fmt(best.score)) == \
                (fmt(greedy.logprob), fmt(greedy.score)):
            return [self.tr(
                "Beam (B={0}) and greedy agree: <b style='font-family:monospace'>{1}</b> "
                "<small>log&nbsp;P&nbsp;{2}&nbsp;·&nbsp;score&nbsp;{3}</small>").format(
                a.beam_width, beam_text, fmt(best.logprob), fmt(best.score))]
        verdict = (self.tr("same output") if best.token_ids == greedy.token_ids else
                   self.tr("<span style='color:{0}'>different: greedy commits to one token at a time</span>")
                   .format(style.WARNING.name()))
        full = self.tr(
            "Beam (B={0}): <b style='font-family:monospace'>{1}</b> "
            "<small>log&nbsp;P&nbsp;{2}&nbsp;·&nbsp;score&nbsp;{3}</small>"
            " &nbsp; Greedy: <b style='font-family:monospace'>{4}</b> "
            "<small>log&nbsp;P&nbsp;{5}&nbsp;·&nbsp;score&nbsp;{6}</small>"
            " &nbsp; <small>{7}</small>").format(
            a.beam_width, beam_text, fmt(best.logprob), fmt(best.score),
            greedy_text, fmt(greedy.logprob), fmt(greedy.score), verdict)
        if best.token_ids != greedy.token_ids:  # where it differs, greedy's output in the verdict's colour
            greedy_text = f"<span style='color:{style.WARNING.name()}'>{greedy_text}</span>"
        beam_line = self.tr("Beam (B={0}): <b style='font-family:monospace'>{1}</b>").format(a.beam_width, beam_text)
        greedy_line = self.tr("Greedy: <b style='font-family:monospace'>{0}</b>").format(greedy_text)
        figures = self.tr("<small>log&nbsp;P&nbsp;{0}&nbsp;·&nbsp;score&nbsp;{1}</small>")
        log_p = self.tr("<small>log&nbsp;P&nbsp;{0}</small>")
        return [full,
                f"{beam_line} {figures.format(fmt(best.logprob), fmt(best.score))}<br>"
                f"{greedy_line} {figures.format(fmt(greedy.logprob), fmt(greedy.score))}",
                f"{beam_line} {log_p.format(fmt(best.logprob))}<br>{greedy_line} {log_p.format(fmt(greedy.logprob))}",
                f"{beam_line}<br>{greedy_line}"]

    def domain_html(self, a) -> str:
        """The domain report of the best output (engine.domain, computed in the worker) as a line
        in the error colour, or nothing when it finds nothing."""
        warning = domain_warning(a.domain)
        return f"<br><span style='color:{style.ERROR.name()}'>{html.escape(warning)}</span>" if warning else ""

    def _render_table(self):
        shown = self.shown
        if shown is None:
            return
        self.nbest.show_search(shown, self.tree.revealed_steps, whatif=shown is self.whatif)
        self._render_formula()

    def _render_formula(self):
        node = self.selected_node
        if node and self.shown is not None and node not in self.shown.result.nodes:
            node = None  # a node of an earlier search (its drawing failed before the reselection)
        seq = self.nbest.show_formula(self.shown, node)
        self.tree.highlight_path(None if seq is None else seq.node_id)

    # ---- step-through ------------------------------------------------------------------------
    def set_revealed_steps(self, steps: int) -> None:
        self.tree.set_revealed_steps(steps)
        self._after_reveal()
        self.updated.emit()

    def _show_all_toggled(self, *_) -> None:
        self.tree.set_show_all(self.view_state.show_all)
        self._after_reveal()  # the step line says how many candidates the box limit left out

    def _after_reveal(self):
        tree = self.tree
        self.view_state.revealed_steps = None if tree.revealed_steps >= tree.steps else tree.revealed_steps
        self.step_bar.set_progress(tree.revealed_steps, tree.steps, tree.candidates_left_out)
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
        elif key == Qt.Key.Key_Home:  # Start and End: from 20 pt their buttons are behind More ▾
            self.step_bar.to_start()
        elif key == Qt.Key.Key_End:
            self.step_bar.to_end()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def _pruned_toggled(self, *_):
        self.tree.set_show_pruned(self.view_state.show_pruned)
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
        self.view_state.selected_prefix = shown.node_prefix(node_id) if node_id else ()
        self._render_formula()
        request = self.inspection_request(shown, node_id)
        self.node_loop.submit(lambda: self.build_inspection(request))

    @staticmethod
    def inspection_request(search, node_id: int) -> NodeRequest:
        """The inspection of node `node_id` of BeamAnalysis `search`: the distribution after its
        prefix (for a finished node, the one that produced ⟨/s⟩) and its cross-attention."""
        prefix = search.node_prefix(node_id) if node_id else ()
        if prefix and prefix[-1] == search.eos_id:
            prefix = prefix[:-1]
        return NodeRequest(search.model, search.text, tuple(prefix), node_id)

    def build_inspection(self, request: NodeRequest | None = None) -> NodeRequest:
        """`request`: the inspection a click asks for (None: the selected node of the search drawn)."""
        shown = self.shown
        if shown is not None and from_folder(shown):
            raise InputProblem(self.tr("Node inspection and what-if forcing are for the shipped models; "
                                       "the tree and the n-best list show this model's search."), error=False)
        if request is None:
            if shown is None or self.selected_node is None:
                raise InputProblem(self.tr("Click a node of the tree."), error=False)
            request = self.inspection_request(shown, self.selected_node)
        return request

    def render_inspection(self, inspection) -> None:
        self.node_panel.show_inspection(inspection, self._children_taken(inspection),
                                        self.state.receiver_title("distribution"))
        self.whatif_panel.set_choices(inspection)

    def _children_taken(self, n) -> dict:
        """Tokens the shown search took from the inspected prefix: {token id: status}."""
        shown = self.shown
        out = {}
        for node_id, item in self.tree.node_items.items():
            if item.step == len(n.prefix_ids) + 1 and item.status in ("kept", "finished"):
                if shown.node_prefix(node_id)[:-1] == n.prefix_ids:
                    out[shown.result.nodes[node_id].token] = item.status
        return out

    def showEvent(self, event):
        # the views are registered with the shared state after they are built: ask again now
        self.node_panel.set_receiver(self.state.receiver_title("distribution"))
        super().showEvent(event)

    def send_distribution(self) -> bool:
        """Hand the inspected next-token distribution to the view that receives distributions."""
        n = self.inspection
        if n is None:
            return False
        title = self.tr("Next token after ⟨s⟩{0} ({1}, input '{2}')").format(after_bos(n.prefix_tokens, n.target_unit), n.model,
                                                                               n.text)
        labels = [display_token(t) for t in n.labels]
        probabilities = [float(p) for p in n.probabilities]
        if len(labels) > self.SEND_WHOLE_UP_TO:
            # A word model's 356 outcomes made 356 unreadable bars: the TOP_K most probable
            # tokens (as the node panel's bars) and the rest of the mass as one outcome.
            top = n.top(self.TOP_K)
            taken = {token_id for token_id, _, _ in top}
            rest = math.fsum(p for i, p in enumerate(probabilities) if i not in taken)
            others = len(labels) - len(top)
            title += self.tr(": its {0} most probable tokens, the other {1} as one").format(len(top), others)
            labels = [display_token(label) for _, label, _ in top] + [self.tr("other ({0})").format(others)]
            probabilities = [float(p) for _, _, p in top] + [rest]
        return self.state.send("distribution", SentDistribution(title, tuple(labels), tuple(probabilities)))

    # ---- what if ----------------------------------------------------------------------------
    def force_token(self, token_id: int) -> None:
        """Re-run the search with the inspected prefix followed by `token_id` imposed."""
        n = self.inspection
        if n is None or self.original is None:
            return
        forced = tuple(n.prefix_ids) + (int(token_id),)
        if self.whatif_loop.submit(lambda: self.build_whatif(forced)) is not None:
            self.whatif_panel.show_searching((self.original.vocab[t] for t in forced), self.original.target_unit)

    def build_whatif(self, forced: tuple[int, ...] | None = None) -> BeamRequest:
        """The search on screen re-run with the prefix `forced` imposed (None: nothing forced yet)."""
        base = self.original
        if base is not None and from_folder(base):
            raise InputProblem(self.tr("What-if forcing is for the shipped models."), error=False)
        if base is None or forced is None:
            raise InputProblem(self.tr("Inspect a node first, then force a next token."), error=False)
        return BeamRequest(base.model, base.text, beam_width=base.beam_width, length_penalty=base.length_penalty,
                           alpha=base.alpha, prefix=forced, expected=self.error_panel.expected)

    def render_whatif(self, whatif) -> None:
        self.whatif = whatif
        self.whatif_panel.show_comparison(self.original, whatif)
        if self.whatif_panel.draw_in_tree:
            self._draw_tree()

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

    # ---- zoom --------------------------------------------------------------------------------
    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.side_toggle.fit_to_text()
        self._fit_folds()
        self.tree.restyle()
        self.node_panel.apply_zoom()
        self._fit_whatif_height()
        self._render_table()  # the table's items carry their own font
        self.error_panel.fit_table_height()

    def _fit_folds(self) -> None:
        """The search's settings and the step bar's Start, End and zoom fold behind their buttons
        (from the same text size); each button puts its widgets back at the places in the step
        bar's row it took them from, which the other's widgets shift: they unfold in the reverse
        order of their folding."""
        fits = [self.controls.settings_button.fit_to_text, self.step_bar.fit_to_text]
        if style.point_size() < self.controls.settings_button.fold_from:
            fits.reverse()
        for fit in fits:
            fit()

    def _place_outcome(self, side_shown: bool) -> None:
        """The outcome (beam and greedy outputs) heads the side column, or, while it is folded,
        sits over the tree across the width."""
        # the application's text size over the tree (two lines across, not three), larger in the column
        style.scaled(self.output_label, 1.25 if side_shown else 1.0)
        if self.original is not None:
            self._render_outputs()
        if side_shown:
            self.side_layout.insertWidget(0, self.output_label)
        else:
            self.main_layout.insertWidget(self.main_layout.indexOf(self.content), self.output_label)
        self.output_label.show()  # a moved widget is otherwise shown only by a queued call of Qt's

    def _fit_whatif_height(self) -> None:
        """The what-if pane's wrapped texts need about 24 lines of height (the node tab scrolls
        instead of squeezing them; a splitter does not ask its panes for height-for-width)."""
        self.whatif_panel.setMinimumHeight(int(style.point_size() * 24))
        # the side column: its three tab titles and about 33 characters of text (40 left the tree
        # 38 % of a 1920×1040 window at text ×2)
        self.side.setMinimumWidth(max(340, self.tabs.tabBar().sizeHint().width(), int(style.point_size() * 23)))

    # ---- sessions and lecture scenes ----------------------------------------------------------
    def main_input(self):
        return self.controls.input

    def model_selector(self):
        return self.controls.model_box

    def apply_state(self, state) -> None:
        """The inputs start a new search (their watchers schedule it); the revealed steps and the
        inspected prefix apply to the search on screen, or to the new one once it is drawn."""
        super().apply_state(state)
        steps = state.revealed_steps
        if self.search_loop.busy:  # the restored inputs start a new search: apply to it when drawn
            self._pending_reveal = (steps,)
        elif self.original is not None:
            self.tree.set_revealed_steps(self.tree.steps if steps is None else steps)
            self._after_reveal()
            self._reselect()

    # ---- exports -------------------------------------------------------------------------
    def export_basename(self) -> str:
        return "beam-search"

    def picture(self):
        """The whole tree as drawn (steps not yet revealed and hidden pruned boxes left out) and
        what it shows: model, input, B and the length normalisation."""
        shown = self.shown
        if shown is None:
            raise ValueError(self.tr("Nothing to export yet."))
        penalty = dict(PENALTIES)[shown.length_penalty]
        if shown.length_penalty != "none":
            penalty += self.tr(", α = {0:g}").format(shown.alpha)
        caption = self.tr("{0} · input “{1}” · B={2} · length penalty {3}").format(
            shown.model, shown.text, shown.beam_width, penalty)
        if shown is self.whatif:
            caption += self.tr(" · what if: forced ⟨s⟩{0}").format(
                after_bos((shown.vocab[t] for t in shown.forced_prefix), shown.target_unit))
        return self.tree.whole_picture(), caption

    def export_csv(self, path):
        """Every candidate of the shown search, its token written as on screen."""
        shown = self.shown
        if shown is None:
            raise ValueError(self.tr("Nothing to export yet."))
        header = ["node_id", "parent", "step", "token", "token_logprob", "logprob", "score", "rank", "status",
                  "considered"]
        rows = ([c.node_id, c.parent, c.step, display_token(shown.vocab[c.token]), c.token_logprob, c.logprob,
                 c.score, c.rank, c.status, c.considered] for step in shown.result.trace for c in step)
        return write_csv(path, header, rows)
