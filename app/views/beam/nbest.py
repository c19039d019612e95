"""The n-best list of the beam-search view, why the search stopped, and the score formula of one
hypothesis with its numbers filled in."""
from __future__ import annotations

import html

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QTableWidgetItem, QVBoxLayout, QWidget

from app import style
from app.views.beam.text import not_a_date, output_text, tokens_html
from app.token_text import unit_count
from app.views.beam.tree import STYLES
from engine.beam_analysis import finished_so_far, node_sequence

#: the best row in the colour of a finished hypothesis' text in the tree
BEST_COLOUR = QColor(STYLES["finished"][2])


class NBestPanel(QWidget):
    """`show_search` fills the table with a BeamAnalysis' hypotheses (or, while the search is
    being stepped through, with those finished so far); `show_formula` prints the arithmetic of
    the row the user picked, else of the given node, else of the best row."""

    #: the user selected a row (`selected_row`)
    row_selected = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list = []  # ScoredSequence of each row shown
        self.selected_row: int | None = None
        self.title = style.title_label(scale=1.1)
        self.table = style.number_table(0, ["#", self.tr("output"), "L", "log P", self.tr("score"), ""],
                                        text_column=1)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.stop_label = style.wrapped_label()
        self.formula_label = style.scaled(style.wrapped_label(rich=True), 1.1)
        # a pale yellow card: the arithmetic a student copies down (a style sheet without a font
        # size, so that the zoom still reaches the text)
        self.formula_label.setStyleSheet("background: #fffde7; color: #111111; padding: 6px")  # in both themes
        self.formula_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.formula_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 2)
        layout.addWidget(self.stop_label)
        layout.addWidget(self.formula_label, 3)
        self.table.itemSelectionChanged.connect(self._selection_changed)

    def show_search(self, analysis, revealed: int, whatif: bool = False) -> None:
        result = analysis.result
        if revealed >= result.steps_run:
            rows = list(analysis.hypotheses)
            count = style.plural(len(rows), self.tr("{0} hypothesis"), self.tr("{0} hypotheses"))
            title = self.tr("n-best list ({0}, best score first)").format(count)
        else:
            rows = [node_sequence(analysis, c.node_id) for c in finished_so_far(result, revealed)]
            title = self.tr("Finished after step {0} ({1} so far, best score first)").format(revealed, len(rows))
        if whatif:
            title = self.tr("What-if search: ") + title
        self.title.setText(title)
        self.rows = rows
        with QSignalBlocker(self.table), style.filling(self.table):
            self.table.setRowCount(len(rows))
            for r, h in enumerate(rows):
                self._fill_row(r, h, analysis)
            if self.selected_row is not None and self.selected_row < len(rows):
                self.table.selectRow(self.selected_row)
            else:
                self.table.clearSelection()
        stop = {
            "enough finished hypotheses": self.tr("B finished hypotheses"),
            "max_length reached": self.tr("the maximum length"),
            "no live beams": self.tr("no live beams left"),
            "forced prefix ends with EOS": self.tr("the forced prefix ends with ⟨/s⟩"),
        }.get(result.stopped_because, result.stopped_because)
        steps = style.plural(result.steps_run, self.tr("{0} step"), self.tr("{0} steps"))
        self.stop_label.setText(self.tr("The search stopped after {0}: {1}. While it runs, live beams are "
                                        "ranked by log P; finished hypotheses by their score.")
                                .format(steps, stop))

    def _fill_row(self, r: int, h, analysis) -> None:
        invalid = not_a_date(analysis, h.tokens)
        output = output_text(h.tokens, analysis.target_unit) + (f"  {invalid}" if invalid else "")
        cells = [str(r + 1), output, str(h.length), style.fixed(h.logprob),
                 style.fixed(h.score), "✓" if h.finished else self.tr("cut")]
        for c, text in enumerate(cells):
            if c == 1:
                item = QTableWidgetItem(text)
                item.setFont(style.font(monospace=True))
            else:
                item = style.number_item(text)
            if not h.finished:
                item.setToolTip(self.tr("Not finished: the search reached the maximum length "
                                        "({0} tokens) first").format(analysis.max_length))
            if c == 1 and invalid:
                item.setForeground(style.ERROR)
                item.setToolTip(self.tr("Not a real calendar date: the model's output names no day that exists"))
            elif r == 0:
                item.setForeground(BEST_COLOUR)
            self.table.setItem(r, c, item)

    def clear_selection(self) -> None:
        self.selected_row = None
        with QSignalBlocker(self.table):
            self.table.clearSelection()

    def _selection_changed(self):
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return
        self.selected_row = rows[0].row()
        self.row_selected.emit()

    def show_formula(self, analysis, node_id: int | None = None):
        """Print the arithmetic of the selected row, else of tree node `node_id` of `analysis`
        (as if the output ended there; not for the root, 0), else of the best row.  Returns the
        ScoredSequence printed, or None."""
        if self.selected_row is not None and self.selected_row < len(self.rows):
            seq, heading = self.rows[self.selected_row], self.tr("Hypothesis #{0}").format(self.selected_row + 1)
        elif node_id:
            seq, heading = node_sequence(analysis, node_id), self.tr("Node (as if the output ended here)")
        elif self.rows:
            seq, heading = self.rows[0], self.tr("Hypothesis #1")
        else:
            self.formula_label.setText(self.tr("No hypothesis finished yet: step forward."))
            return None
        self.formula_label.setText(self.formula_text(seq, heading, analysis.length_penalty, analysis.alpha,
                                                     analysis.max_length, analysis.target_unit))
        return seq

    def formula_text(self, seq, heading: str, penalty: str, alpha: float, max_length: int, unit: str) -> str:
        """The normalisation formula with the numbers of `seq` filled in (rich text).  L counts
        the generated tokens: ⟨/s⟩ when it was written, never ⟨s⟩; what comes before ⟨/s⟩ is
        counted in the model's unit (characters, words or word pieces: engine.token_units)."""
        fmt = style.fixed
        chars = unit_count(seq.length - (1 if seq.finished else 0), unit)  # the tokens before the EOS
        if seq.finished:
            end = self.tr("{0} + ⟨/s⟩").format(chars)
        elif seq.length >= max_length:
            end = self.tr("{0}, no ⟨/s⟩: cut at the maximum length").format(chars)
        else:
            end = self.tr("{0}, no ⟨/s⟩ yet: the search goes on from here").format(chars)
        tokens = style.plural(seq.length, self.tr("{0} token"), self.tr("{0} tokens"))
        terms = " + ".join(f"({fmt(x)})" for x in seq.token_logprobs) or "0"
        lines = [f"<b>{html.escape(heading)}: <span style='font-family:monospace'>{tokens_html(seq.tokens, unit)}</span>"
                 f"</b>",
                 self.tr("L = {0} after ⟨s⟩ ({1})").format(tokens, end),
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
