"""N samples as a table of distinct outputs — count, frequency, the model's probability (in total
and among what was sampled) and, for zh-en-toy, the grammar's true probability and validity —
with greedy and the beam's hypotheses on top for contrast, and what the sample says in one
paragraph: invalid share, total variation and KL to the grammar."""
from __future__ import annotations

import html
import math

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QTableWidgetItem, QVBoxLayout, QWidget

from app import style
from app.views.base import ResultsPanel
from app.views.beam.text import output_text
from app.widgets.number_table import filling, number_item, number_table


def model_probability(row) -> float:
    return math.exp(row.log_prob)


class SamplesPanel(ResultsPanel):
    send_requested = Signal()
    # a row was double-clicked: its index in rows(table)
    row_chosen = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.summary = style.wrapped_label(rich=True)
        self.send_button = QPushButton()
        self.send_button.clicked.connect(self.send_requested)
        self.table = number_table(0, self.headers(), 1)
        self.table.setWordWrap(False)  # one line per output (measured before the layout, rows grew tall)
        self.table.verticalHeader().setVisible(False)
        self.table.setToolTip(self.tr("Double-click a row to see its next-token distributions step by step"))
        self.table.cellDoubleClicked.connect(lambda row, _column: self.row_chosen.emit(row))
        self.results = QWidget()
        inner = QVBoxLayout(self.results)
        inner.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.send_button)
        inner.addLayout(top)
        inner.addWidget(self.table, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.results)
        self.set_receiver(None)

    def headers(self) -> list[str]:
        return ["", self.tr("output"), self.tr("count"), self.tr("frequency"), self.tr("P model"),
                self.tr("P model\namong sampled"), self.tr("P grammar"), self.tr("valid")]

    def set_receiver(self, title: str | None) -> None:
        # "&&": the view's title "Entropy & KL" has an ampersand, not a mnemonic
        self.send_button.setText((self.tr("Send to {0}").format(title) if title else self.tr("Send")).replace("&", "&&"))
        self.send_button.setEnabled(title is not None)

    def rows(self, table) -> list[tuple[str, object]]:
        """(what the row is, OutputRow): greedy, each beam hypothesis, then the samples."""
        out = [(self.tr("greedy"), table.greedy)]
        out += [(self.tr("beam {0}").format(rank), row) for rank, row in enumerate(table.beam, 1)]
        return out + [("", row) for row in table.samples]

    def show_table(self, table) -> None:
        """Draw a SampleTable (engine.decoding_lab)."""
        self.summary.setText(self.summary_text(table))
        self.send_button.setVisible(table.grammar is not None)
        rows = self.rows(table)
        sampled = table.sampled_mass
        grammar = table.task == "zh-en"
        self.table.setColumnHidden(6, not grammar)
        self.table.setHorizontalHeaderItem(7, QTableWidgetItem(self.tr("valid") if grammar else self.tr("valid date")))
        bold = style.font(bold=True)
        with filling(self.table):
            self.table.setRowCount(len(rows))
            for r, (kind, row) in enumerate(rows):
                p = model_probability(row)
                text = output_text(row.tokens, table.target_unit) + ("" if row.finished else " …")
                cells = [kind, text, f"{row.count:,}", style.fixed(row.count / table.n, 4),
                         style.format_number(p, 4),
                         style.format_number(p / sampled, 4) if row.count and sampled > 0 else "—",
                         "—" if row.grammar_prob is None else style.fixed(row.grammar_prob, 2),
                         self.validity(row.valid)]
                for c, cell in enumerate(cells):
                    item = number_item(cell) if c >= 2 else QTableWidgetItem(cell)
                    if kind:
                        item.setFont(bold)
                    self.table.setItem(r, c, item)

    def validity(self, valid) -> str:
        return "—" if valid is None else (self.tr("yes") if valid else self.tr("no"))

    def summary_text(self, table) -> str:
        settings = self.tr("T = {0}, top-k {1}, top-p {2}, min-p {3}").format(
            style.fixed(table.temperature, 2), table.top_k or self.tr("off"), style.fixed(table.top_p, 2),
            style.fixed(table.min_p, 2))
        text = self.tr("<b>{0} samples</b> ({1}, seed {2}): {3} distinct outputs, which carry {4} % of the "
                       "model's probability.").format(
            f"{table.n:,}", settings, table.seed, f"{len(table.samples):,}",
            style.fixed(100 * table.sampled_mass, 1))
        if table.valid_fraction is not None:
            share = style.fixed(100 * (1 - table.valid_fraction), 1)
            text += " " + (self.tr("Invalid: <b>{0} %</b>.") if table.task == "zh-en"
                           else self.tr("Invalid dates: <b>{0} %</b>.")).format(share)
        if table.grammar is not None:
            text += " " + self.tr("Against the grammar's true probabilities: total variation <b>{0}</b>, "
                                  "KL(grammar ‖ samples) <b>{1}</b> bits, KL(samples ‖ grammar) <b>{2}</b>.").format(
                style.fixed(table.total_variation, 3), style.fixed(table.kl_bits, 3),
                self.tr("{0} bits").format(style.fixed(table.reverse_kl_bits, 3))
                if math.isfinite(table.reverse_kl_bits) else
                self.tr("∞ (an invalid output was sampled)"))
        elif table.task == "zh-en":
            text += " " + self.tr("The grammar cannot generate this input: no true probabilities to compare.")
        greedy = html.escape(output_text(table.greedy.tokens, table.target_unit))
        text += " " + self.tr("Greedy: “{0}”.").format(greedy)
        return text
