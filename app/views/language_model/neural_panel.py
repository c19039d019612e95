"""The "Neural models" tab: the comparison table (unigram, bigram and trigram Kneser-Ney, the
MLP, the LSTM and the grammar's true floor: held-out perplexity and each model's distance to
the floor), the typed sentence's token probabilities under the trigram and the LSTM, and the
LSTM's forget, input and output gates and memory cell at every step as heatmaps.

Everything comes from one engine.neural_lm.report.neural_report per sentence, on the
language-model view's "language-model-neural" loop.  That loop runs on the bridge's background
worker, which alone loads and runs the neural models: the first table takes seconds (a 100,000-
word corpus, three n-gram fits, the floor), and the n-gram tabs' keystrokes must not wait for it;
the view schedules it only while this tab is open.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from app import style
from app.export import write_csv
from app.widgets.heatmap import AttentionHeatmap
from app.widgets.number_table import filling, number_item, number_table
from app.widgets.tokens import display_token
from engine.jobs import CallRequest
from engine.neural_lm.report import GATES, neural_report

CHANNEL = "language-model-neural"
#: the comparison's model keys -> the table's names
MODEL_NAMES = {
    "unigram": QT_TRANSLATE_NOOP("NeuralPanel", "unigram (Kneser-Ney)"),
    "bigram": QT_TRANSLATE_NOOP("NeuralPanel", "bigram (Kneser-Ney)"),
    "trigram": QT_TRANSLATE_NOOP("NeuralPanel", "trigram (Kneser-Ney)"),
    "mlp-lm": QT_TRANSLATE_NOOP("NeuralPanel", "MLP (multilayer perceptron, 2 previous words)"),
    "lstm-lm": QT_TRANSLATE_NOOP("NeuralPanel", "LSTM (long short-term memory)"),
    "floor": QT_TRANSLATE_NOOP("NeuralPanel", "true floor (the grammar itself)"),
}
GATE_TITLES = {
    "forget": QT_TRANSLATE_NOOP("NeuralPanel", "forget gate f"),
    "input": QT_TRANSLATE_NOOP("NeuralPanel", "input gate i"),
    "output": QT_TRANSLATE_NOOP("NeuralPanel", "output gate o"),
    "cell": QT_TRANSLATE_NOOP("NeuralPanel", "memory cell c"),
}


def neural_request(sentence: str) -> CallRequest:
    return CallRequest(neural_report, (sentence,))


def tr(text: str) -> str:
    return QCoreApplication.translate("NeuralPanel", text)


def cell_levels(cell: np.ndarray) -> float:
    """The memory cell is drawn from −m to m (gates from 0 to 1): m = its largest |value|."""
    return max(float(np.abs(cell).max()) if cell.size else 0.0, 1e-6)


def unit_labels(units: int, every: int = 16) -> list[str]:
    """Column labels: every 16th unit's number (96 numbers side by side would overlap)."""
    return [str(u) if u % every == 0 else "" for u in range(units)]


class NeuralPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.report = None
        self.table_caption = style.title_label(self.tr("Held-out perplexity on the built-in English corpus"))
        self.table = number_table(0, [self.tr("model"), self.tr("perplexity"), self.tr("bits/token"),
                                      self.tr("above the floor (bits/token)")], 0)
        self.note = style.note_label("")
        self.sentence_caption = style.title_label(self.tr("The typed sentence: P of each token"))
        self.sentence_table = number_table(0, [self.tr("token"), self.tr("trigram"), self.tr("LSTM")], 0)
        left = QVBoxLayout()
        for widget in (self.table_caption, self.table, self.note, self.sentence_caption):
            left.addWidget(widget)
        left.addWidget(self.sentence_table, 1)
        self.gates_caption = style.title_label(self.tr(
            "The LSTM at each step: the token it reads (rows) and its units (columns)"))
        self.heatmaps = {name: AttentionHeatmap() for name in GATES}
        grid = QGridLayout()
        for k, name in enumerate(GATES):
            grid.addWidget(self.heatmaps[name], k // 2, k % 2)
        right = QVBoxLayout()
        right.addWidget(self.gates_caption)
        right.addLayout(grid, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(right, 3)

    def apply_zoom(self) -> None:
        """The gate heatmaps' ticks and titles follow the application's text size."""
        for heatmap in self.heatmaps.values():
            heatmap.set_text_size(style.point_size())

    def show_report(self, result) -> None:
        report = self.report = result.value
        comparison = report.comparison
        with filling(self.table):
            self.table.setRowCount(len(comparison.rows))
            for r, row in enumerate(comparison.rows):
                self.table.setItem(r, 0, number_item(tr(MODEL_NAMES[row.model])))
                for c, value in enumerate((row.perplexity, row.cross_entropy), start=1):
                    self.table.setItem(r, c, number_item(style.format_number(value, 5)))
                self.table.setItem(r, 3, number_item("+" + style.format_number(row.bits_above_floor, 3)
                                                     if row.model != "floor" else "0"))
        self.note.setText(self.tr(
            "{0} training words, {1} held-out tokens (each word and one ⟨/s⟩ per sentence). The floor is the "
            "grammar's own cross-entropy on these sentences; its entropy rate is {2} bits/token.").format(
            f"{comparison.words:,}", f"{comparison.heldout_tokens:,}", style.format_number(comparison.entropy_rate, 5)))
        with filling(self.sentence_table):
            self.sentence_table.setRowCount(len(report.predicted))
            for r, (token, p3, pl) in enumerate(zip(report.predicted, report.trigram, report.lstm)):
                self.sentence_table.setItem(r, 0, number_item(display_token(token)))
                self.sentence_table.setItem(r, 1, number_item(style.format_number(float(p3), 4)))
                self.sentence_table.setItem(r, 2, number_item(style.format_number(float(pl), 4)))
        units = unit_labels(report.gate("forget").shape[1])
        for name in GATES:
            matrix = report.gate(name)
            heatmap = self.heatmaps[name]
            if name == "cell":
                m = cell_levels(matrix)
                heatmap.set_matrix(matrix, report.read, units, row_title=self.tr("token read"),
                                   column_title=self.tr("unit"), high=m, bar_label=tr(GATE_TITLES[name]))
                heatmap.image.setLevels((-m, m))  # the cell is signed: centred on 0
                heatmap.colorbar.setLevels((-m, m))
            else:
                heatmap.set_matrix(matrix, report.read, units, row_title=self.tr("token read"),
                                   column_title=self.tr("unit"), bar_label=tr(GATE_TITLES[name]))

    def set_stale(self, stale: bool) -> None:
        """Grey the tab while it shows an earlier sentence than the one typed (or an error)."""
        style.set_greyed(self, stale)

    def caption(self, request) -> str:
        return self.tr("“{0}”: the n-gram, MLP and LSTM language models against the grammar's floor").format(
            request.args[0])

    def export_csv(self, path):
        """The comparison table, then the typed sentence's token probabilities."""
        if self.report is None:
            raise ValueError(self.tr("Nothing to export yet."))
        rows = [("model", r.model, r.perplexity, r.cross_entropy, r.bits_above_floor, None, None)
                for r in self.report.comparison.rows]
        rows += [("token", token, None, None, None, float(p3), float(pl))
                 for token, p3, pl in zip(self.report.predicted, self.report.trigram, self.report.lstm)]
        return write_csv(path, ["row", "name", "heldout_perplexity", "cross_entropy_bits", "bits_above_floor",
                                "p_trigram", "p_lstm"], rows)
