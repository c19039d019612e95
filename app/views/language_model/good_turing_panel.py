"""The Good-Turing count-of-counts table of the order-n counts: N_r, Gale & Sampson's averaged
Z_r and the line S(r) fitted through log Z_r, Turing's r* = (r + 1) N_{r+1} / N_r next to the
smoothed r* the estimators use, and P0 = N_1 / N, the mass Good-Turing keeps for the unseen."""
from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from app import style

# rows shown (the CSV has every row): the small counts are the lesson
MAX_ROWS = 60


class GoodTuringPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.caption = style.wrapped_label()
        self.table = style.number_table(0, ["r", "N_r", "Z_r", "S(r)", self.tr("Turing r*"),
                                            self.tr("smoothed r*")], text_column=5)
        self.table.verticalHeader().hide()
        self.unseen_label = style.title_label(scale=1.2)
        self.note = style.note_label()
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.unseen_label)
        layout.addWidget(self.note)

    def show_report(self, report) -> None:
        table = report.good_turing
        shown = min(len(table.r), MAX_ROWS)
        self.caption.setText(self.tr(
            "Count of counts of the {0}-grams: N_r distinct {0}-grams were seen exactly r times (N = Σ r·N_r = {1}). "
            "Z_r = N_r / (½(t − q)) spreads N_r over the gap to its neighbours q < r < t; S(r) = exp({2} + {3}·ln r) "
            "is the line fitted through ln Z_r.").format(
            table.order, f"{table.total:,}", style.format_number(table.intercept, 4),
            style.format_number(table.slope, 4)))
        with style.filling(self.table) as widget:
            widget.setRowCount(shown)
            for row in range(shown):
                cells = (str(int(table.r[row])), f"{int(table.n_r[row]):,}", style.format_number(table.z_r[row], 4),
                         style.format_number(table.line[row], 4), style.format_number(table.turing_r_star[row], 4),
                         style.format_number(table.sgt_r_star[row], 4))
                for column, text in enumerate(cells):
                    widget.setItem(row, column, style.number_item(text))
        self.unseen_label.setText(self.tr("P0 = N_1 / N = {0} / {1} = {2}: the probability of all unseen {3}-grams "
                                          "together").format(f"{int(table.n_r[0]) if len(table.n_r) else 0:,}",
                                                             f"{table.total:,}",
                                                             style.format_number(table.unseen_mass, 4), table.order))
        more = len(table.r) - shown
        self.note.setText(self.tr("Turing's r* uses N_{{r+1}}, which is ragged or 0 where counts are rare; the "
                                  "smoothed r* (Simple Good-Turing) takes Turing's while it is reliable, then the line's. "
                                  "{0}").format(self.tr("{0} more rows, up to r = {1}, are in the CSV export.").format(
                                      more, int(table.r[-1])) if more > 0 else ""))
