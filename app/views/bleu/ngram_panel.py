"""The clipping tables, one tab per order n, and the candidate with the matched n-grams marked."""
from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget

from app import style

MATCHED_BACKGROUND = "#b7e4c7"
UNMATCHED_BACKGROUND = "#f3d3d3"


def fraction(matches: int, total: int) -> str:
    """ "2/7 = 28.57 %" (or "0/0" when the candidate has no n-grams of that order)."""
    if total == 0:
        return f"{matches}/0"
    return f"{matches}/{total} = {style.fixed(100.0 * matches / total, 2)} %"


class NgramPanel(QWidget):
    """`show_tables(tables)` fills one tab per order; the candidate line marks the tokens covered
    by the matched n-grams of the order whose tab is open."""

    #: the open tab changed (the highlighting follows it)
    order_changed = Signal(int)

    #: (column title, its tooltip), translated where shown
    HEADERS = ((QT_TRANSLATE_NOOP("NgramPanel", "n-gram"),
                QT_TRANSLATE_NOOP("NgramPanel", "a distinct n-gram of the candidate, in order of first appearance")),
               (QT_TRANSLATE_NOOP("NgramPanel", "count"),
                QT_TRANSLATE_NOOP("NgramPanel", "how often it occurs in the candidate")),
               (QT_TRANSLATE_NOOP("NgramPanel", "clip"),
                QT_TRANSLATE_NOOP("NgramPanel", "the most times it occurs in any ONE reference")),
               (QT_TRANSLATE_NOOP("NgramPanel", "clipped"),
                QT_TRANSLATE_NOOP("NgramPanel", "min(count, clip): what it adds to the matches")))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.candidate_title = style.title_label()
        self.candidate_line = style.scaled(style.wrapped_label(rich=True), 1.3)
        self.tabs = QTabWidget()
        self.precision_label = style.wrapped_label()
        self.tables = []
        self.ngram_tables = ()
        #: candidate token positions highlighted now (NgramTable.matched_tokens of the open order)
        self.matched: tuple[int, ...] = ()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.candidate_title)
        layout.addWidget(self.candidate_line)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.precision_label)
        self.tabs.currentChanged.connect(self._tab_changed)

    @property
    def order(self) -> int:
        """The n of the open tab (1 before any result)."""
        return max(self.tabs.currentIndex(), 0) + 1

    def show_tables(self, tables) -> None:
        self.ngram_tables = tuple(tables)
        while self.tabs.count() < len(tables):
            table = style.number_table(0, [self.tr(h) for h, _ in self.HEADERS], text_column=0)
            for column, (_, tip) in enumerate(self.HEADERS):
                table.horizontalHeaderItem(column).setToolTip(self.tr(tip))
            table.verticalHeader().hide()
            self.tables.append(table)
            self.tabs.addTab(table, "")
        while self.tabs.count() > len(tables):
            self.tabs.removeTab(self.tabs.count() - 1)
            self.tables.pop().deleteLater()
        for index, ngrams in enumerate(tables):
            with style.filling(self.tables[index]) as table:
                table.setRowCount(len(ngrams.rows))
                for r, row in enumerate(ngrams.rows):
                    table.setItem(r, 0, QTableWidgetItem(" ".join(row.ngram)))
                    for c, number in enumerate((row.count, row.clip, row.clipped), start=1):
                        table.setItem(r, c, style.number_item(str(number)))
            self.tabs.setTabText(index, f"n = {ngrams.n}:  {ngrams.matches}/{ngrams.total}")
        self._show_order()

    def _tab_changed(self, _index: int) -> None:
        # Removing the open tab (fewer orders than before) moves the current tab while the
        # tables are being replaced: show_tables() draws the order itself once they match.
        if self.ngram_tables and len(self.ngram_tables) == self.tabs.count():
            self._show_order()
            self.order_changed.emit(self.order)

    def _show_order(self) -> None:
        ngrams = self.ngram_tables[self.order - 1]
        self.matched = ngrams.matched_tokens
        title = self.tr("Candidate: tokens in matched {0}-grams in green").format(ngrams.n)
        count = len(ngrams.candidate_tokens)
        if count > self.MAX_TOKENS_SHOWN:  # said in the title: the end of a long line is scrolled out of sight
            title += " " + self.tr("(the first {0} of {1} tokens; the tables count them all)").format(
                f"{self.MAX_TOKENS_SHOWN:,}", f"{count:,}")
        self.candidate_title.setText(title)
        self.candidate_line.setText(self.highlighted_html(ngrams.candidate_tokens, set(self.matched)))
        self.precision_label.setText(
            self.tr("p{0} = Σ clipped / number of candidate {0}-grams = {1}").format(
                ngrams.n, fraction(ngrams.matches, ngrams.total)))

    #: tokens drawn on the candidate line: a pasted page (2,000 tokens) made a rich-text label
    #: that took the GUI thread ~200 ms to lay out, and cannot be read as a line anyway
    MAX_TOKENS_SHOWN = 300

    @staticmethod
    def highlighted_html(tokens, matched: set[int]) -> str:
        if not tokens:
            return "<i>{0}</i>".format(QCoreApplication.translate("NgramPanel", "(empty candidate)"))
        spans = []
        for i, token in enumerate(tokens[: NgramPanel.MAX_TOKENS_SHOWN]):
            colour = MATCHED_BACKGROUND if i in matched else UNMATCHED_BACKGROUND
            # dark text on the light chip in either theme
            spans.append(f'<span style="background-color:{colour}; color:#111111">&nbsp;{html.escape(token)}&nbsp;</span>')
        if len(tokens) > NgramPanel.MAX_TOKENS_SHOWN:
            spans.append("…")
        return " ".join(spans)
