"""The BLEU view: one request loop on the "bleu" channel.  Every edit sends
CallRequest(engine.bleu_report.bleu_report); the result fills the clipping tables, the
candidate highlighting and the score panel.  A BLEUError comes back as an error result: the
message line shows it and the last good numbers stay, greyed."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QTimer, Qt
from PySide6.QtWidgets import QVBoxLayout

from app import style
from app.export import ExportButton, write_csv
from app.style import splitter
from app.binding import bind_tab
from app.views.base import InputProblem, View, shows
from app.views.bleu.controls import BleuControls
from app.views.bleu.ngram_panel import NgramPanel
from app.views.bleu.score_panel import ScorePanel
from app.views.bleu.state import BleuState
from app.widgets.form import column
from app.widgets.scrolling_page import ScrollingPage
from engine.bleu_report import bleu_report
from engine.jobs import CallRequest


class BleuView(View):
    TITLE = QT_TRANSLATE_NOOP("BleuView", "BLEU")
    State = BleuState
    # the tables and scores scroll in their own pages, so they may be shorter than a plot: at
    # 18 pt on 1280×680 ten lines (280 px) made the view scroll by 16 px, while nine keep the
    # 40 % share (tests/app/test_layout_fit.py); at 22 pt nine (306 px) made it scroll by 7 px in
    # English, eight leave the tables 1240×~500 px there
    PLOT_LINES = 8

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.controls = BleuControls(self.view_state)
        self.preset_note = style.note_label()
        self.ngrams = NgramPanel()
        self.scores = ScorePanel()
        self.export_button = ExportButton(self)
        score_scroll = ScrollingPage(self.scores)
        score_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the n-gram tables scroll too: their minimum height counted in the window's at 22 pt.
        # The preset's note heads them and Export sits beside Presets: a row of their own under
        # the options left the tables and scores 35 % of a 1280×680 window at 16 pt
        ngram_page = column(self.preset_note, (self.ngrams, 1))
        self.content = splitter(Qt.Orientation.Horizontal, (ScrollingPage(ngram_page), score_scroll), stretch=(1, 1),
                                sizes=(600, 600))
        self.controls.add_button(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.message)
        layout.addWidget(self.content, 1)

        # the n-gram tabs exist once a result is drawn: render_report shows the chosen one then
        self.ngram_tab = bind_tab(self.view_state, "ngram_tab", self.ngrams.tabs)
        self.loop = self.request_loop("bleu", build=self.build_request, render=self.render_report)
        self.view_state.watch(self.loop.schedule, "candidate", "references", "smoothing", "tokenize", "max_n",
                              "effective_order", "lowercase")
        self.loop.schedule()

    report = shows("loop", "The BLEUReport on screen.")

    # ---- requests ------------------------------------------------------------------------
    def build_request(self) -> CallRequest:
        preset = self.controls.current_preset()
        self.preset_note.setText(QCoreApplication.translate("BleuPresets", preset.note) if preset else "")
        self.preset_note.setVisible(preset is not None)
        state = self.view_state
        references = state.reference_lines()
        if not references:
            raise InputProblem(self.tr("Type at least one reference translation (one per line)."), error=False)
        return CallRequest(bleu_report, (state.candidate, tuple(references)), state.options())

    def render_report(self, result) -> None:
        report = result.value
        self.ngrams.show_tables(report.tables)
        self.ngram_tab.refresh()
        self.scores.show_report(report)

    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.controls.fit_references()
        # table heights follow the new text size once the tables have their new fonts (the view
        # as the timer's context: a view deleted meanwhile, the window closed, is not redrawn)
        QTimer.singleShot(0, self, self._refit)

    def _refit(self) -> None:
        self.loop.redraw()

    # ---- the kit's hooks -----------------------------------------------------------------
    def main_input(self):
        return self.controls.candidate

    def secondary_panels(self):
        return [self.scores.comparison_box, self.preset_note]

    def picture(self):
        """The tables and scores, captioned with the candidate and references they were computed from."""
        request = self.loop.request
        candidate, references = (request.args if request is not None else
                                 (self.view_state.candidate, self.view_state.reference_lines()))
        return self.content, self.tr("BLEU of “{0}” against {1}").format(
            candidate, " / ".join(f"“{r}”" for r in references))

    def export_basename(self) -> str:
        return "bleu"

    def export_csv(self, path):
        if self.report is None:
            raise ValueError(self.tr("Nothing to export yet."))
        rows = [(table.n, " ".join(row.ngram), row.count, row.clip, row.clipped)
                for table in self.report.tables for row in table.rows]
        return write_csv(path, ["n", "ngram", "count", "clip", "clipped"], rows)
