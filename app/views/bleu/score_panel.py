"""The numbers that make the score: precisions per n, lengths and brevity penalty, the score with
its formula filled in, and the same sentence under every smoothing method."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTableWidgetItem, QVBoxLayout, QWidget

from app import style
from app.views.bleu.controls import SMOOTHING
from app.views.bleu.ngram_panel import fraction
from app.widgets.table_fit import rows_height


def percent(value: float) -> str:
    return f"{style.format_number(value)} %"


def bleu_text(score: float) -> str:
    """A BLEU score (0–100) with two decimals, as sacrebleu reports it and as the view writes the
    precisions in percent (28.57 %); eleven digits (7.8098498423) said more than anyone reads."""
    return style.fixed(score, 2)


def fit_height(table) -> None:
    """Make a short table exactly as tall as its rows, so the panel scrolls rather than the table."""
    table.resizeRowsToContents()
    table.setFixedHeight(rows_height(table))


class ScorePanel(QWidget):
    PRECISION_HEADERS = ("n", QT_TRANSLATE_NOOP("ScorePanel", "p_n = matches/total"),
                         QT_TRANSLATE_NOOP("ScorePanel", "p_n used (smoothed)"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.precision_table = style.number_table(0, [self.tr(h) for h in self.PRECISION_HEADERS], text_column=1)
        self.lengths_label = style.wrapped_label()
        self.shortest_label = style.note_label()
        self.score_label = style.title_label(scale=1.5)
        self.formula_label = style.scaled(style.wrapped_label(), 1.0, monospace=True)
        self.comparison_table = style.number_table(0, [self.tr("smoothing"), self.tr("BLEU")], text_column=0)
        # a plain widget, not a QGroupBox: a group box's title does not wrap at large text sizes
        self.comparison_box = QWidget()
        box_layout = QVBoxLayout(self.comparison_box)
        box_layout.setContentsMargins(0, 0, 0, 0)
        box_layout.addWidget(style.title_label(self.tr("The same sentence under every smoothing method")))
        box_layout.addWidget(self.comparison_table)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(style.title_label(self.tr("Modified precisions")))
        layout.addWidget(self.precision_table)
        layout.addWidget(self.lengths_label)
        layout.addWidget(self.shortest_label)
        layout.addWidget(self.score_label)
        layout.addWidget(self.formula_label)
        layout.addWidget(self.comparison_box)
        layout.addStretch(1)
        for table in (self.precision_table, self.comparison_table):
            table.verticalHeader().hide()
            table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def show_report(self, report) -> None:
        r = report.result
        self.precision_table.setRowCount(len(report.tables))
        for row, ngrams in enumerate(report.tables):
            n = ngrams.n
            used = n <= r.orders_used
            cells = (str(n), fraction(ngrams.matches, ngrams.total),
                     percent(r.precisions[n - 1]) if used else self.tr("not used (effective order)"))
            for column, text in enumerate(cells):
                self.precision_table.setItem(row, column, style.number_item(text))
        fit_height(self.precision_table)
        lengths = ", ".join(str(len(tokens)) for tokens in report.reference_tokens)
        self.lengths_label.setText(self.tr(
            "Candidate length c = {0};  reference lengths {1};  effective reference length r = {2} "
            "(the closest to c, ties to the shorter);  brevity penalty BP = {3}").format(
            r.candidate_length, lengths, r.reference_length,
            "1 (c ≥ r)" if r.brevity_penalty == 1 else
            self.tr("0 (the candidate is empty)") if r.candidate_length == 0 else
            f"exp(1 − {r.reference_length}/{r.candidate_length}) = {style.format_number(r.brevity_penalty)}"))
        self.shortest_label.setText(self.tr(
            "Some tools use the shortest reference instead: r = {0}, BP = {1}.").format(
            report.shortest_reference_length, style.format_number(report.shortest_brevity_penalty)))
        self.score_label.setText(self.tr("BLEU = {0}").format(bleu_text(r.score)))
        self.formula_label.setText(r.formula())
        labels = dict(SMOOTHING)
        orders = len(report.tables)
        table = self.comparison_table
        table.setColumnCount(orders + 2)
        table.setHorizontalHeaderLabels([self.tr("smoothing")] + [f"p{n} %" for n in range(1, orders + 1)]
                                        + [self.tr("BLEU")])
        table.setRowCount(len(report.by_smoothing))
        for row, (method, result) in enumerate(report.by_smoothing):
            cells = [QTableWidgetItem(QCoreApplication.translate("BleuControls", labels[method]))]
            cells += [style.number_item(style.format_number(p, 4) if n < result.orders_used else "—")
                      for n, p in enumerate(result.precisions)]
            cells.append(style.number_item(bleu_text(result.score)))
            for column, item in enumerate(cells):
                if method == r.smoothing:
                    bold = QFont(table.font())
                    bold.setBold(True)
                    item.setFont(bold)
                table.setItem(row, column, item)
        fit_height(table)
