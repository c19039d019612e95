"""The language-model view: one request loop on the "language-model" channel.  Every edit sends
CallRequest(engine.ngram.lesson.sentence_report): the engine keeps the fitted model between
requests, so a keystroke in the sentence only scores.  The result fills the three tabs: the
sentence strip with log P, cross-entropy and perplexity; the continuations of the sentence so
far; held-out perplexity against add-δ's δ."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout

from app.binding import bind_tab
from app.export import ExportButton, write_csv
from app.views.base import InputProblem, View, shows
from app.views.language_model.continuations_panel import ContinuationsPanel
from app.views.language_model.controls import LanguageModelControls
from app.views.language_model.delta_panel import DeltaPanel
from app.views.language_model.sentence_panel import SentencePanel, context_text
from app.views.language_model.state import TABS, LanguageModelState
from app.widgets.form import add_tab
from app.widgets.scrolling_page import ScrollingTabs
from engine.jobs import CallRequest
from engine.ngram.lesson import sentence_report


class LanguageModelView(View):
    TITLE = QT_TRANSLATE_NOOP("LanguageModelView", "Language model")
    State = LanguageModelState

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.controls = LanguageModelControls(self.view_state)
        self.export_button = ExportButton(self)
        self.tabs = ScrollingTabs()  # a tall page scrolls instead of growing the window
        self.sentence_panel = add_tab(self.tabs, SentencePanel(), self.tr("Sentence"))
        self.continuations_panel = add_tab(self.tabs, ContinuationsPanel(), self.tr("Continuations"))
        self.delta_panel = add_tab(self.tabs, DeltaPanel(), self.tr("Perplexity against δ"))
        self.content = self.tabs
        status = QHBoxLayout()
        status.addWidget(self.message, 1)
        status.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addLayout(status)
        layout.addWidget(self.tabs, 1)

        bind_tab(self.view_state, "tab", self.tabs, TABS)
        self.delta_panel.use_best.connect(self.use_delta)
        self.loop = self.request_loop("language-model", build=self.build_request, render=self.render_report)
        self.view_state.watch(self.loop.schedule, "corpus", "words", "pasted", "order", "estimator", "delta",
                              "discount", "sentence")
        self.loop.schedule()

    report = shows("loop", "The SentenceReport on screen.")

    # ---- requests ------------------------------------------------------------------------
    def build_request(self) -> CallRequest:
        state = self.view_state
        if state.corpus == "pasted" and not state.pasted.split():
            raise InputProblem(self.tr("Paste a training text (one sentence per line)."), error=False)
        if not state.sentence.strip():
            raise InputProblem(self.tr("Type a sentence to see the probability of each of its words."), error=False)
        return CallRequest(sentence_report, (state.sentence,), state.options())

    def render_report(self, result) -> None:
        report = result.value
        self.sentence_panel.show_report(report)
        self.continuations_panel.show_report(report)
        self.delta_panel.show_report(report, result.request.kwargs["delta"])

    def use_delta(self, delta: float) -> None:
        """The δ-curve's best δ, with the add-δ estimator (one request: the debounce joins them)."""
        self.view_state.estimator = "add-delta"
        self.view_state.delta = delta

    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.delta_panel.apply_zoom()
        self.loop.redraw()  # the strip's chips take the new text size

    # ---- the kit's hooks -----------------------------------------------------------------
    def main_input(self):
        return self.controls.sentence

    def secondary_panels(self):
        return [self.sentence_panel.conventions]

    def data_words(self) -> tuple[str, ...]:
        """The corpus' tokens on screen (the continuations): data, not interface text."""
        return () if self.report is None else self.report.continuations.tokens

    def picture(self):
        """The open tab, captioned with the sentence and the model it was computed with."""
        request = self.loop.request
        if request is None:
            return self.tabs, self.title()
        options = request.kwargs
        return self.tabs.currentWidget(), self.tr("“{0}”: {1}-gram model, estimator {2}, corpus {3}").format(
            request.args[0], options["order"], options["estimator"], options["corpus"])

    def export_basename(self) -> str:
        return "language-model-" + self.view_state.tab

    def export_csv(self, path):
        """The open tab's numbers: the sentence's tokens, the continuations or the δ curve."""
        report = self.report
        if report is None:
            raise ValueError(self.tr("Nothing to export yet."))
        tab = self.view_state.tab
        if tab == "continuations":
            following = report.continuations
            return write_csv(path, ["context", "token", "count", "mle", "probability"],
                             [(context_text(following.context), t, int(c), float(m), float(p)) for t, c, m, p in
                              zip(following.tokens, following.counts, following.mle, following.smoothed)])
        if tab == "delta":
            return write_csv(path, ["delta", "heldout_perplexity"],
                             [(float(d), float(pp)) for d, pp in zip(report.curve.x, report.curve.heldout)])
        score = report.score
        return write_csv(path, ["token", "model_token", "context", "count", "context_count", "mle", "probability",
                                "backoff_order"],
                         [(t, m, " ".join(h), e.counts[0], e.context_counts[0], e.mle, float(p), e.backoff_order)
                          for t, m, h, p, e in zip(score.tokens, score.model_tokens, score.contexts,
                                                   score.probabilities, report.evidence)])
