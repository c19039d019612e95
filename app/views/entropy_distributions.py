"""The Distributions tab of the Entropy & KL view: the seven numbers with what each means, why a
KL is infinite, a check of H(P,Q) = H(P) + KL(P‖Q), the P and Q bars and the per-outcome table."""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from app.views.entropy_common import (ERROR_COLOUR, STALE, ResultTable, bold, note_label, set_text_colour, splitter,
                                      unit_name, write_table_csv)
from app.widgets.array_table import ArrayTableModel
from app.widgets.numbers import format_number
from app.widgets.paired_bars import PairedBarChart, readable_font

UNIT_LOG = {"bits": "log₂", "nats": "ln", "hartleys": "log₁₀"}


class DistributionsTab(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        big = readable_font()
        numbers = QWidget()
        grid = QGridLayout(numbers)
        grid.setHorizontalSpacing(16)
        self.value_labels: dict[str, QLabel] = {}
        self.name_labels: dict[str, QLabel] = {}
        rows = (
            ("H(P)", self.tr("entropy of P: the average surprise −Σ p log p; the shortest possible average code length")),
            ("H(Q)", self.tr("entropy of Q")),
            ("H(P,Q)", self.tr("cross-entropy: the average surprise −Σ p log q of someone who expects Q when P is true")),
            ("H(Q,P)", self.tr("cross-entropy the other way round, −Σ q log p")),
            ("KL(P‖Q)", self.tr("KL divergence Σ p log(p/q) = H(P,Q) − H(P): what believing Q costs when P is true")),
            ("KL(Q‖P)", self.tr("the other direction: KL is not symmetric")),
            ("JS(P,Q)", self.tr("Jensen–Shannon divergence: symmetric, never infinite, at most 1 bit")),
        )
        value_font = bold(big, 1.35)
        for r, (key, meaning) in enumerate(rows):
            name = QLabel(key)
            name.setFont(bold(big, 1.2))
            value = QLabel("—")
            value.setFont(value_font)
            value.setObjectName(key)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setMinimumWidth(170)
            explain = note_label(meaning)
            explain.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            grid.addWidget(name, r, 0)
            grid.addWidget(value, r, 1)
            grid.addWidget(explain, r, 2)
            self.value_labels[key] = value
            self.name_labels[key] = name
        grid.setColumnStretch(2, 1)
        self.infinity_label = QLabel()
        self.infinity_label.setWordWrap(True)
        set_text_colour(self.infinity_label, ERROR_COLOUR)
        self.identity_label = QLabel()
        self.identity_label.setWordWrap(True)
        grid.addWidget(self.infinity_label, len(rows), 0, 1, 3)
        grid.addWidget(self.identity_label, len(rows) + 1, 0, 1, 3)

        self.chart = PairedBarChart(names=("P", "Q"), y_label=self.tr("probability"))
        self.table_model = ArrayTableModel(self)
        self.table = ResultTable(self.table_model)
        lower = splitter(Qt.Orientation.Horizontal, (self.chart, self.table), stretch=(1, 1), sizes=(500, 500))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter(Qt.Orientation.Vertical, (numbers, lower), stretch=(0, 1)))

    def set_stale(self, stale: bool) -> None:
        """Grey the numbers while they belong to an earlier input than the one typed."""
        for label in self.value_labels.values():
            set_text_colour(label, STALE if stale else None)

    def show_analysis(self, a) -> None:
        """Show an engine.infotheory.Analysis."""
        log = UNIT_LOG.get(a.unit, "log")
        values = {
            "H(P)": a.entropy_p, "H(Q)": a.entropy_q, "H(P,Q)": a.cross_pq, "H(Q,P)": a.cross_qp,
            "KL(P‖Q)": a.kl_pq, "KL(Q‖P)": a.kl_qp, "JS(P,Q)": a.js,
        }
        unit_text = unit_name(a.unit)
        for key, value in values.items():
            self.value_labels[key].setText("—" if value is None else f"{format_number(value)} {unit_text}")
        self.infinity_label.setText(self._infinity_text(a))
        self.infinity_label.setVisible(bool(self.infinity_label.text()))
        if a.has_q:
            self.identity_label.setText(self.tr("Check: H(P,Q) = H(P) + KL(P‖Q):  {0} = {1} + {2}  {3}").format(
                format_number(a.cross_pq), format_number(a.entropy_p), format_number(a.kl_pq), unit_text))
        else:
            self.identity_label.setText(self.tr(
                "A uniform distribution over {0} outcomes would have entropy {1} {2}.").format(
                len(a.labels), format_number(math.log(len(a.labels)) / math.log(a.base)), unit_text))

        self.chart.set_data(a.labels, a.p, a.q if a.has_q else None, names=("P", "Q"))
        headers = [self.tr("outcome"), "p", "q", f"−{log} p", f"−{log} q", f"p·{log}(p/q)"]
        tips = [
            "", self.tr("probability under P"), self.tr("probability under Q"),
            self.tr("surprise of the outcome under P ({0})").format(unit_text),
            self.tr("surprise of the outcome under Q ({0})").format(unit_text),
            self.tr("this outcome's share of KL(P‖Q) ({0}); ∞ when q = 0 < p").format(unit_text),
        ]
        nothing = [None] * len(a.labels)
        columns = [list(a.labels), a.p, a.q if a.has_q else nothing, a.surprisal_p,
                   a.surprisal_q if a.has_q else nothing, a.kl_terms if a.has_q else nothing]
        highlight = np.flatnonzero(np.isinf(a.kl_terms)) if a.has_q else ()
        self.table_model.set_columns(headers, columns, tips, highlight=highlight)
        self.table.fit_columns()

    def _infinity_text(self, a) -> str:
        if not a.has_q:
            return ""
        lines = []
        for direction, names, q_name, p_name, probs in (
                ("KL(P‖Q)", a.kl_pq_infinite, "q", "p", a.p), ("KL(Q‖P)", a.kl_qp_infinite, "p", "q", a.q)):
            if not names:
                continue
            index = a.labels.index(names[0])
            more = self.tr(" (and {0} more)").format(len(names) - 1) if len(names) > 1 else ""
            lines.append(self.tr(
                "{0} = ∞ because {1}({2}) = 0 but {3}({2}) = {4}{5}: an outcome believed impossible happens."
            ).format(direction, q_name, names[0], p_name, format_number(probs[index]), more))
        return "\n".join(lines)

    def export_csv(self, path) -> None:
        """The per-outcome table."""
        write_table_csv(path, self.table_model)
