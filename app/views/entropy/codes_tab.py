"""The Code lengths tab of the Entropy & KL view: H(P) ≤ L(Huffman) < H(P) + 1 for P's
Huffman code, a fixed-length code beside it, and what a code built for Q costs on data from P."""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app import style
from app.export import write_csv
from app.views.entropy.units import quantity
from app.widgets.array_table import ArrayTableModel
from app.widgets.paired_bars import PairedBarChart
from app.widgets.result_table import ResultTable

SUMMARY_SCALE = 1.15
IDEAL_COLOUR = (150, 150, 150)


class CodeLengthsTab(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.stale = False
        self.code_summary = style.scaled(QLabel(), SUMMARY_SCALE, bold=True)
        self.code_summary.setWordWrap(True)
        self.code_summary.setTextFormat(Qt.TextFormat.RichText)
        self.code_explain = style.note_label(self.tr(
            "A Huffman code gives likely outcomes short codewords. Its average length L is never below "
            "the entropy H and always less than H + 1 bit. A fixed-length code spends ⌈log₂ n⌉ bits on "
            "every outcome, however likely."))
        self.code_q_label = style.wrapped_label()
        self.code_model = ArrayTableModel(self)
        self.code_table = ResultTable(self.code_model)
        self.code_chart = PairedBarChart(names=(self.tr("ideal −log₂ p"), self.tr("Huffman length")),
                                         colours=(IDEAL_COLOUR, style.P_COLOUR), y_label=self.tr("bits"))
        lower = style.splitter(Qt.Orientation.Horizontal, (self.code_table, self.code_chart), stretch=(2, 1),
                               sizes=(700, 350))
        layout = QVBoxLayout(self)
        layout.addWidget(self.code_summary)
        layout.addWidget(self.code_explain)
        layout.addWidget(self.code_q_label)
        layout.addWidget(lower, 1)

    def set_stale(self, stale: bool) -> None:
        """Grey the summary, bars and table while they belong to an earlier input than the one typed."""
        self.stale = stale
        for label in (self.code_summary, self.code_q_label):
            style.set_text_colour(label, style.STALE if stale else None)
        self.code_chart.set_stale(stale)
        self.code_model.set_stale(stale)

    def apply_zoom(self) -> None:
        self.code_chart.apply_zoom()
        self.code_table.apply_zoom()

    def show_analysis(self, a) -> None:
        """Show the code report (a.code) of an engine.infotheory.Analysis."""
        c = a.code
        h, L = c.entropy_bits, c.average_huffman
        holds = h - 1e-9 <= L and (L < h + 1 or math.isclose(L, h + 1, abs_tol=1e-12))  # rounding at the limit
        self.code_summary.setText(self.tr(
            "H(P) = {0} &nbsp;≤&nbsp; L<sub>Huffman</sub> = {1} &nbsp;&lt;&nbsp; H(P) + 1 = {2}"
            " &nbsp; {3}<br>Fixed-length code: ⌈log₂ {4}⌉ = {5} per outcome, L<sub>fixed</sub> = {5}"
        ).format(quantity(h, "bits"), quantity(L, "bits"), quantity(h + 1, "bits"), "✓" if holds else "✗",
                 len(a.labels), quantity(c.fixed_bits, "bits")))
        if c.average_q_code is not None:
            if math.isinf(c.average_q_code):
                text = self.tr("A Huffman code built for Q has no codeword for an outcome that P produces: "
                               "on data from P its average length is ∞, like H(P,Q).")
            else:
                text = self.tr("A Huffman code built for Q, used on data from P, averages {0} per outcome; "
                               "the cross-entropy H(P,Q) = {1} is its ideal counterpart.").format(
                    quantity(c.average_q_code, "bits"), quantity(c.cross_entropy_bits, "bits"))
            self.code_q_label.setText(text)
            self.code_q_label.show()
        else:
            self.code_q_label.hide()
        headers = [self.tr("outcome"), "p", self.tr("ideal −log₂ p"), self.tr("Huffman"),
                   self.tr("Huffman bits"), self.tr("fixed"), self.tr("fixed bits")]
        tips = ["", self.tr("probability under P"), self.tr("the length an ideal code would give (bits)"),
                self.tr("Huffman codeword; outcomes with p = 0 never occur and get none"),
                self.tr("length of the Huffman codeword"), self.tr("fixed-length codeword"),
                self.tr("length of the fixed-length codeword: ⌈log₂ n⌉")]
        fixed_lengths = [c.fixed_bits] * len(a.labels)
        self.code_model.set_columns(headers, [
            list(a.labels), a.p, c.ideal_lengths,
            [w if w is None or w else self.tr("(empty: 0 bits)") for w in c.huffman],
            c.huffman_lengths, [w if w else self.tr("(empty: 0 bits)") for w in c.fixed], fixed_lengths,
        ], tips, monospace=(3, 5))
        ideal = np.where(np.isfinite(c.ideal_lengths), c.ideal_lengths, 0.0)
        self.code_chart.show_line(c.fixed_bits, self.tr("fixed-length code: {0}").format(
            quantity(c.fixed_bits, "bits")))
        self.code_chart.set_data(a.labels, ideal, np.nan_to_num(c.huffman_lengths, nan=0.0))
        self.code_table.fit_columns()

    def export_csv(self, path):
        """The code table."""
        return write_csv(path, self.code_model.headers(), self.code_model.raw_rows())
