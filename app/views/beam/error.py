"""Error analysis in the beam-search view: given the output the user expected, is a wrong output
the fault of the search or of the model?"""
from __future__ import annotations

import html

from PySide6.QtWidgets import QHeaderView, QTableWidgetItem, QVBoxLayout, QWidget

from app import style
from app.binding import bind_text
from app.engine_text import engine_message
from app.views.beam.text import output_text
from app.token_text import vocabulary_name
from app.views.beam.tree import STYLES
from app.widgets.form import labelled_field, main_line_edit

#: agree: a finished hypothesis' green; search: the warning orange; model: the what-if purple
VERDICT_COLOURS = {"agree": STYLES["finished"][2], "also_correct": STYLES["finished"][2],
                   "search": style.WARNING.name(), "model": STYLES["forced"][1]}


class ErrorPanel(QWidget):
    """The expected-output field (bound to the view's state) and, for a BeamAnalysis, the
    expected and the best output side by side with the verdict (`show_analysis`)."""

    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.expected_input = main_line_edit(placeholder=self.tr("the output you expected, e.g. 1988-11-04"))
        # one column per output, one row per quantity: side by side the five quantities of the
        # two outputs needed 380 px, and the side column has 340 at 1280 px (the output was cut to "19…")
        self.table = style.number_table(5, [self.tr("expected y*"), self.tr("beam best ŷ")], text_column=0)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setVerticalHeaderLabels([self.tr("output"), "L", "log P", self.tr("divisor"), self.tr("score")])
        self.fit_table_height()
        self.verdict_label = style.scaled(style.wrapped_label(rich=True), 1.25)
        rule_label = style.note_label(self.tr(
            "First, where the task knows every valid output (the zh-en grammar's renderings), a ŷ that is one "
            "of them is a correct translation: no error. Then the rule: if the model gives the expected output "
            "y* a better score than the beam's best ŷ, the "
            "model would have chosen y* had the search found it, so the <b>search</b> is to blame (a wider beam "
            "may help). Otherwise the model itself prefers a wrong output: the <b>model</b> is to blame. "
            "The comparison uses the score the search ranks finished outputs by (log P when length "
            "normalisation is off, the normalised score otherwise); raw log P is shown too."))
        layout = QVBoxLayout(self)
        layout.addLayout(labelled_field(self.tr("Expected output:"), self.expected_input))
        layout.addWidget(self.table)
        layout.addWidget(self.verdict_label)
        layout.addWidget(rule_label)
        layout.addStretch(1)
        bind_text(state, "expected", self.expected_input)

    def fit_table_height(self) -> None:
        """Exactly the five rows and the header: the verdict below must never be drawn over a row
        (the table holds five rows, so it never needs to scroll)."""
        self.table.resizeRowsToContents()
        self.table.setFixedHeight(self.table.horizontalHeader().sizeHint().height()
                                  + self.table.verticalHeader().length() + 2 * self.table.frameWidth() + 2)

    @property
    def expected(self) -> str | None:
        return self.view_state.expected_output()

    def show_analysis(self, a) -> None:
        e = a.error
        for r in range(5):
            for c in range(2):
                self.table.setItem(r, c, QTableWidgetItem(""))
        if e is None:
            if a.expected_error:
                text = self.tr("The expected output cannot be scored: {0}").format(
                    html.escape(engine_message(a.expected_error)))
                self.verdict_label.setText(f"<span style='color:{style.ERROR.name()}'>{text}</span>")
            else:
                self.verdict_label.setText(self.tr("Type the output you expected above: the view compares the "
                                                   "model's score for it with the score of the beam's best "
                                                   "output."))
            self._fill_column(1, a.best, a.target_unit)
            self.fit_table_height()
            return
        self._fill_column(0, e.expected, a.target_unit)
        self._fill_column(1, e.best, a.target_unit)
        self.fit_table_height()
        fmt = style.fixed
        what = self.tr("log P") if e.compared == "logprob" else self.tr("score")
        ev = e.expected.logprob if e.compared == "logprob" else e.expected.score
        bv = e.best.logprob if e.compared == "logprob" else e.best.score
        if e.verdict == "agree":
            text = self.tr("✓ Agree: beam search found the expected output.")
        elif e.verdict == "also_correct":
            text = self.tr("✓ ŷ is also a correct translation: no error. The task accepts more than one "
                           "output for this input, and the beam's output is one of them.")
        elif e.verdict == "search":
            text = self.tr("Search error: the model prefers the expected output ({0} {1} > {2}), but beam search "
                           "with B={3} did not find it. <b>The search is to blame</b>: try a wider beam.").format(
                what, fmt(ev), fmt(bv), a.beam_width)
        else:
            text = self.tr("Model error: the model gives the expected output a {0} no better than the beam's "
                           "output ({1} ≤ {2}). <b>The model is to blame</b>: a wider beam will not help; the model "
                           "needs better training.").format(what, fmt(ev), fmt(bv))
        if e.raw_verdict != e.verdict:
            other = self.tr("search") if e.raw_verdict == "search" else self.tr("model")
            text += self.tr("<br><small>Raw log P alone ({0} vs {1}) would blame the {2}: the length "
                            "normalisation decides this case.</small>").format(
                fmt(e.expected.logprob), fmt(e.best.logprob), other)
        if e.unknown_characters:
            text += self.tr("<br><small>Not in the output {0}, so the model can never write them: "
                            "{1}</small>").format(vocabulary_name(a.target_unit),
                                                   ", ".join(repr(c) for c in e.unknown_characters))
        self.verdict_label.setText(f"<span style='color:{VERDICT_COLOURS[e.verdict]}'>{text}</span>")

    def _fill_column(self, column, seq, unit):
        fmt = style.fixed
        cells = [output_text(seq.tokens, unit), str(seq.length), fmt(seq.logprob), fmt(seq.divisor), fmt(seq.score)]
        for r, text in enumerate(cells):
            self.table.setItem(r, column, style.number_item(text) if r else QTableWidgetItem(text))
