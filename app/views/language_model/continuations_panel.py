"""The continuations of the sentence typed so far: MLE next to the smoothed estimate, and the
probability mass smoothing moved to words never seen after the context."""
from __future__ import annotations

from PySide6.QtWidgets import QTableWidgetItem, QVBoxLayout, QWidget

from app import style
from app.views.language_model.sentence_panel import context_text
from app.widgets.tokens import display_token


class ContinuationsPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.caption = style.wrapped_label()
        self.table = style.number_table(0, [self.tr("next token w"), "c(h w)", self.tr("MLE c(h w)/c(h)"),
                                            self.tr("smoothed P(w | h)")], text_column=0)
        self.table.verticalHeader().hide()
        self.mass_label = style.wrapped_label()
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.mass_label)

    def show_report(self, report) -> None:
        following = report.continuations
        self.caption.setText(self.tr("After h = {0} (c(h) = {1}): the {2} most probable of {3} outcomes").format(
            context_text(following.context), following.context_count, len(following.tokens),
            report.vocabulary_size))
        with style.filling(self.table) as table:
            table.setRowCount(len(following.tokens))
            for row, (token, c, mle, p) in enumerate(zip(following.tokens, following.counts, following.mle,
                                                         following.smoothed)):
                table.setItem(row, 0, QTableWidgetItem(display_token(token)))
                table.setItem(row, 1, style.number_item(str(int(c))))
                table.setItem(row, 2, style.number_item(style.format_number(float(mle), 4)))
                table.setItem(row, 3, style.number_item(style.format_number(float(p), 4)))
        self.mass_label.setText(self.tr(
            "Σ_w P(w | h) = {0};  mass moved to words never seen after h: {1}").format(
            style.format_number(report.continuation_total, 6), style.format_number(report.unseen_mass, 4)))
