""""What if" in the beam-search view: force a next token after the inspected prefix, and compare
the search re-run from there with the original one."""
from __future__ import annotations

import html

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QPushButton, QVBoxLayout, QWidget

from app import style
from app.binding import Binding, bind_check
from app.widgets.flow_layout import flow_row
from app.views.base import MessageLine
from app.views.beam.state import WHATIF_SEPARATOR
from app.views.beam.text import SPECIAL_TOKENS, output_text, tokens_html
from app.widgets.tokens import display_token

# Tokens that are never an output: padding, the start token and "unknown character" (which
# has no text: a forced <unk> would produce an output nobody can read back).  </s> stays: forcing
# an early end is a meaningful question.
NOT_OUTPUTS = SPECIAL_TOKENS - {"</s>"}


class WhatIfPanel(QWidget):
    """`set_choices` offers every next token of a NodeInspection; Force emits `force_requested`
    and the owner runs the search, then calls `show_comparison`."""

    #: the token id to impose after the inspected prefix
    force_requested = Signal(int)
    #: whether the tree should draw the what-if search instead of the original
    tree_toggled = Signal(bool)

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.view_state = state
        self._token_texts: list[str] = []  # each item's token as shown, the state's key
        self.force_box = QComboBox()
        self.force_box.setMinimumContentsLength(12)
        self.force_button = QPushButton(self.tr("Force it and search again"))
        self.force_button.setEnabled(False)
        self.force_button.clicked.connect(self._force_clicked)
        self.label = style.scaled(style.wrapped_label(rich=True), 1.1)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        #: this panel's own message line (a what-if search that failed)
        self.message = MessageLine()
        self.tree_check = QCheckBox(self.tr("Draw the what-if search in the tree"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(style.title_label(self.tr("What if the next token were…"), scale=1.1))
        self.force_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        layout.addWidget(flow_row(self.force_box, self.force_button))  # wraps in a narrow column
        layout.addWidget(self.message)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.tree_check)
        # the tokens come with each inspection: a saved one waits for an inspection that offers it
        Binding(state, "whatif_token", self.force_box, self._current_token, self._choose_token,
                self.force_box.currentIndexChanged, keep_unshown=True)
        bind_check(state, "whatif_in_tree", self.tree_check)
        self.tree_check.toggled.connect(self.tree_toggled)  # after the binding: the state has the new value
        self.reset()

    @property
    def draw_in_tree(self) -> bool:
        return self.view_state.whatif_in_tree

    def reset(self) -> None:
        """No what-if search yet (or the original search changed under it)."""
        with QSignalBlocker(self.tree_check):
            self.tree_check.setChecked(False)
        self.view_state.whatif_in_tree = False  # what the box shows now (its binding writes nothing)
        self.tree_check.setEnabled(False)
        self.label.setText(self.tr("Pick a next token (or click its bar) and force it: the search re-runs "
                                   "from that prefix and its outcome appears here beside the original."))

    def set_choices(self, n) -> None:
        """Every next token of NodeInspection `n`, most probable first."""
        with QSignalBlocker(self.force_box):
            self.force_box.clear()
            self._token_texts = []
            for token_id, label, p in n.top(len(n.labels)):
                if label in NOT_OUTPUTS:
                    continue
                self._token_texts.append(display_token(label))
                self.force_box.addItem(f"{display_token(label)}{WHATIF_SEPARATOR}{style.fixed(p, 4)}", token_id)
            self._choose_token(self.view_state.whatif_token)
        self.force_button.setEnabled(self.force_box.count() > 0)

    def _current_token(self) -> str:
        index = self.force_box.currentIndex()
        return self._token_texts[index] if 0 <= index < len(self._token_texts) else ""

    def _choose_token(self, text: str) -> None:
        if text in self._token_texts:
            self.force_box.setCurrentIndex(self._token_texts.index(text))

    def pick_token(self, token_id: int) -> None:
        index = self.force_box.findData(token_id)
        if index >= 0:
            self.force_box.setCurrentIndex(index)

    def _force_clicked(self):
        token = self.force_box.currentData()
        if token is not None:
            self.force_requested.emit(int(token))

    def show_searching(self, forced_tokens, unit: str) -> None:
        self.label.setText(self.tr("Searching from the forced prefix {0}…").format(tokens_html(forced_tokens, unit)))

    def show_comparison(self, original, whatif) -> None:
        """The best outputs of both BeamAnalysis side by side, and what the forced tokens cost;
        from now on the tree may draw the what-if search."""
        a, w = original, whatif
        forced = tokens_html((w.vocab[t] for t in w.forced_prefix), w.target_unit)
        cost = sum(w.result.nodes[c.node_id].token_logprob for s in w.result.trace[: len(w.forced_prefix)] for c in s)

        def cell(seq):
            text = html.escape(output_text(seq.tokens, w.target_unit))
            return (f"<td style='font-family:monospace; padding:2px 8px'><b>{text}</b></td>"
                    f"<td align='right' style='padding:2px 8px'>{style.fixed(seq.logprob)}</td>"
                    f"<td align='right' style='padding:2px 8px'>{style.fixed(seq.score)}</td>")

        better = w.best.score > a.best.score
        self.label.setText(self.tr(
            "<table><tr><th></th><th>best output</th><th>log P</th><th>score</th></tr>"
            "<tr><td>original</td>{0}</tr><tr><td>forced <span style='font-family:monospace'>{1}</span></td>{2}</tr>"
            "</table>The forced tokens cost log p = {3}. {4}").format(
            cell(a.best), forced, cell(w.best), style.fixed(cost),
            self.tr("The forced search found a <b>better</b> score: the original search missed it.") if better else
            self.tr("The original output keeps the better score.")))
        self.tree_check.setEnabled(True)
