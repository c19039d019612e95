"""The Distributions tab of the Entropy & KL view: the seven numbers with what each means, why a
KL is infinite, a check of H(P,Q) = H(P) + KL(P‖Q), the P and Q bars and the per-outcome table."""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QFrame, QGridLayout, QLabel, QScrollArea, QSizePolicy, QStackedWidget, QTabWidget,
                               QVBoxLayout, QWidget)

from app import style
from app.export import write_csv
from app.style import format_number, plural
from app.views.entropy.units import UNIT_LOG, js_bound, quantity, unit_name
from app.widgets.array_table import ArrayTableModel
from app.widgets.fold_toggle import FoldToggle
from app.widgets.paired_bars import PairedBarChart
from app.widgets.result_table import ResultTable

#: text sizes, relative to the application's: the numbers are what the class reads from the back
VALUE_SCALE = 1.35
NAME_SCALE = 1.2
#: the largest part of the tab's height the numbers take before they scroll
MAX_NUMBERS_SHARE = 0.65


class DistributionsTab(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.stale = False
        numbers = QWidget()
        grid = QGridLayout(numbers)
        grid.setHorizontalSpacing(16)
        self.value_labels: dict[str, QLabel] = {}
        self.name_labels: dict[str, QLabel] = {}
        self.meaning_labels: dict[str, QLabel] = {}
        rows = (
            ("H(P)", self.tr("entropy of P: the average surprise −Σ p log p; the shortest possible average code length")),
            ("H(Q)", self.tr("entropy of Q")),
            ("H(P,Q)", self.tr("cross-entropy: the average surprise −Σ p log q of someone who expects Q when P is true")),
            ("H(Q,P)", self.tr("cross-entropy the other way round, −Σ q log p")),
            ("KL(P‖Q)", self.tr("KL divergence Σ p log(p/q) = H(P,Q) − H(P): what believing Q costs when P is true")),
            ("KL(Q‖P)", self.tr("the other direction: KL is not symmetric")),
            ("JS(P,Q)", self.js_meaning(js_bound("bits", 2.0))),
        )
        self.grid = grid
        self._spacing = grid.verticalSpacing()
        for r, (key, meaning) in enumerate(rows):
            name = style.scaled(QLabel(key), NAME_SCALE, bold=True)
            value = style.scaled(QLabel("—"), VALUE_SCALE, bold=True)
            value.setObjectName(key)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setMinimumWidth(170)
            explain = style.note_label(meaning)
            explain.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            self.value_labels[key] = value
            self.name_labels[key] = name
            self.meaning_labels[key] = explain
        self.infinity_label = style.wrapped_label(colour=style.ERROR)
        self.identity_label = style.wrapped_label()
        # the view puts this toggle beside Export; at large text the meanings fold behind it
        self.meanings_toggle = FoldToggle(self.tr("Meanings"), self.tr(
            "Show or hide what each number means, beside it (one number a row); folded, the numbers take less room"))
        self.meanings_toggle.toggled.connect(self.arrange_numbers)
        self._meanings_shown = None
        self.fold_meanings_for_text_size()

        self.chart = PairedBarChart(names=("P", "Q"), y_label=self.tr("probability"))
        self.table_model = ArrayTableModel(self)
        self.table = ResultTable(self.table_model)
        # the bars beside the table, or (large text, meanings folded) one at a time, each full height
        self.side_by_side = style.splitter(Qt.Orientation.Horizontal, (self.chart, self.table), stretch=(1, 1),
                                           sizes=(500, 500))
        self.one_at_a_time = QTabWidget()
        self.one_at_a_time.setDocumentMode(True)
        lower = QStackedWidget()
        lower.addWidget(self.side_by_side)
        lower.addWidget(self.one_at_a_time)
        self.lower = lower
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # the numbers scroll rather than clip when large text needs more height than the pane has
        self.numbers_area = QScrollArea()
        self.numbers_area.setWidget(numbers)
        self.numbers_area.setWidgetResizable(True)
        self.numbers_area.setFrameShape(QFrame.Shape.NoFrame)
        self.numbers_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.split = style.splitter(Qt.Orientation.Vertical, (self.numbers_area, lower), stretch=(0, 1))
        layout.addWidget(self.split)
        self._fitted = False
        self._beside = None
        self.arrange_numbers()

    # ---- the numbers' grid --------------------------------------------------------------
    # from this text size the meanings open folded (as the Positional view's notes): with them,
    # on 1280×680 in Chinese each number took two or three lines, and four of the seven (18 pt)
    # or three (22 pt) were in view above the bars
    MEANINGS_FOLDED_FROM_POINTS = 16
    # from this text size, while the meanings are folded, the numbers stand in a column beside
    # the bars, and the bars and the per-outcome table take turns (tabs) at the full height:
    # at 22 pt on 1280×680 the numbers above took 290 of the tab's 480 px in Chinese and the
    # bars kept 180 px, their plot about three lines of text
    NUMBERS_BESIDE_FROM_POINTS = 20

    def numbers_beside(self) -> bool:
        return (style.point_size() >= self.NUMBERS_BESIDE_FROM_POINTS
                and not self.meanings_toggle.isChecked())

    def fold_meanings_for_text_size(self) -> None:
        self.meanings_toggle.setChecked(style.point_size() < self.MEANINGS_FOLDED_FROM_POINTS)
        self.arrange_numbers()

    def arrange_numbers(self, *_) -> None:
        """One number a row with its meaning beside it, or (meanings folded) two numbers a row:
        H(P) and H(Q), the cross-entropies, the two KLs, then JS."""
        shown = self.meanings_toggle.isChecked()
        beside = self.numbers_beside() if hasattr(self, "split") else False  # (the tab is being built)
        if (shown, beside) == (self._meanings_shown, getattr(self, "_beside", None)):
            return
        self._meanings_shown = shown
        if hasattr(self, "split"):
            self.place_results(beside)
        per_row = 1 if shown or beside else 2
        grid = self.grid
        keys = list(self.value_labels)
        widgets = [*self.name_labels.values(), *self.value_labels.values(), *self.meaning_labels.values(),
                   self.infinity_label, self.identity_label]
        for widget in widgets:
            grid.removeWidget(widget)
        for column in range(grid.columnCount()):
            grid.setColumnStretch(column, 0)
        for r, key in enumerate(keys):
            # two a row at the text size (bold) rather than larger: a pair of the larger ones
            # was wider than the tab at 22 pt
            style.scaled(self.name_labels[key], NAME_SCALE if shown else 1.0, bold=True)
            style.scaled(self.value_labels[key], VALUE_SCALE if shown else 1.0, bold=True)
            row, first = (r, 0) if per_row == 1 else (r // 2, 3 * (r % 2))
            grid.addWidget(self.name_labels[key], row, first)
            grid.addWidget(self.value_labels[key], row, first + 1)
            if shown:
                grid.addWidget(self.meaning_labels[key], row, 2)
            self.meaning_labels[key].setVisible(shown)
        # the meanings' column, or the gap after each pair's value, takes the rest of the width
        for column in ((2,) if per_row == 1 else (2, 5)):
            grid.setColumnStretch(column, 1)
        # rows of the text size need less air between them than those of the larger numbers
        grid.setVerticalSpacing(self._spacing if shown else 0)
        rows = len(keys) if per_row == 1 else (len(keys) + 1) // 2
        span = 3 if per_row == 1 else 6
        grid.addWidget(self.infinity_label, rows, 0, 1, span)
        grid.addWidget(self.identity_label, rows + 1, 0, 1, span)
        if getattr(self, "_fitted", False):  # (not while the tab is being built)
            QTimer.singleShot(0, self, self.fit_numbers)  # once laid out again

    def place_results(self, beside: bool) -> None:
        """The numbers above the bars and the table (side by side), or the numbers in a column
        beside a pair of tabs, "Bars" and "Per outcome", each as tall as the tab."""
        self._beside = beside
        tabs = self.one_at_a_time
        if beside:
            tabs.addTab(self.chart, self.tr("Bars"))
            tabs.addTab(self.table, self.tr("Per outcome"))
            self.lower.setCurrentWidget(tabs)
        else:
            while tabs.count():
                tabs.removeTab(0)
            self.side_by_side.insertWidget(0, self.chart)
            self.side_by_side.insertWidget(1, self.table)
            self.chart.show()
            self.table.show()
            self.lower.setCurrentWidget(self.side_by_side)
        self.split.setOrientation(Qt.Orientation.Horizontal if beside else Qt.Orientation.Vertical)

    def set_stale(self, stale: bool) -> None:
        """Grey the numbers, bars and table while they belong to an earlier input than the one
        typed (an error is shown)."""
        self.stale = stale
        for label in (*self.value_labels.values(), self.identity_label):
            style.set_text_colour(label, style.STALE if stale else None)
        style.set_text_colour(self.infinity_label, style.STALE if stale else style.ERROR)
        self.chart.set_stale(stale)
        self.table_model.set_stale(stale)

    def js_meaning(self, bound: str) -> str:
        return self.tr("Jensen–Shannon divergence: symmetric, never infinite, at most {0}").format(bound)

    def apply_zoom(self) -> None:
        self.fold_meanings_for_text_size()
        self.chart.apply_zoom()
        self.table.apply_zoom()
        self.fit_numbers()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit_once()

    def _fit_once(self) -> None:
        """Fit the numbers once they are on screen with real values in them; afterwards the
        student's own splitter position is kept (until the text size changes)."""
        if not self._fitted and self.isVisible() and self.table_model.rowCount():
            self._fitted = True
            QTimer.singleShot(0, self, self.fit_numbers)  # once laid out (not once the tab is deleted)

    def fit_numbers(self) -> None:
        """Give the numbers the height their text needs at the current width and text size (at
        most MAX_NUMBERS_SHARE of the tab); the bars and the table get the rest."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        numbers = self.numbers_area.widget()
        if self._beside:
            # as wide as the widest name and value (the check below them wraps), the bars the rest
            grid = self.grid
            margins = grid.contentsMargins()
            widths = [self.name_labels[k].sizeHint().width() + self.value_labels[k].sizeHint().width()
                      for k in self.value_labels]
            side = (max(widths) + grid.horizontalSpacing() + margins.left() + margins.right()
                    + self.numbers_area.verticalScrollBar().sizeHint().width())
            side = min(side, int(total * MAX_NUMBERS_SHARE))
            self.split.setSizes([side, total - side])
            return
        width = self.numbers_area.viewport().width()
        needed = numbers.heightForWidth(width) if numbers.hasHeightForWidth() else -1
        needed = needed if needed > 0 else numbers.sizeHint().height()
        top = min(needed, int(total * MAX_NUMBERS_SHARE))
        self.split.setSizes([top, total - top])

    def show_analysis(self, a) -> None:
        """Show an engine.infotheory.Analysis."""
        log = UNIT_LOG.get(a.unit, "log")
        values = {
            "H(P)": a.entropy_p, "H(Q)": a.entropy_q, "H(P,Q)": a.cross_pq, "H(Q,P)": a.cross_qp,
            "KL(P‖Q)": a.kl_pq, "KL(Q‖P)": a.kl_qp, "JS(P,Q)": a.js,
        }
        unit_text = unit_name(a.unit)
        for key, value in values.items():
            self.value_labels[key].setText(quantity(value, a.unit))
        self.meaning_labels["JS(P,Q)"].setText(self.js_meaning(js_bound(a.unit, a.base)))
        self.infinity_label.setText(self._infinity_text(a))
        self.infinity_label.setVisible(bool(self.infinity_label.text()))
        if a.has_q:
            self.identity_label.setText(self.tr("Check: H(P,Q) = H(P) + KL(P‖Q):  {0} = {1} + {2}  {3}").format(
                format_number(a.cross_pq), format_number(a.entropy_p), format_number(a.kl_pq), unit_text))
        else:
            self.identity_label.setText(self.tr("A uniform distribution over {0} would have entropy {1}.").format(
                plural(len(a.labels), self.tr("{0} outcome"), self.tr("{0} outcomes")),
                quantity(math.log(len(a.labels)) / math.log(a.base), a.unit)))

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
        self._fit_once()

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

    def export_csv(self, path):
        """The per-outcome table."""
        return write_csv(path, self.table_model.headers(), self.table_model.raw_rows())
