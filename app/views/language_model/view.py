"""The language-model view: one request loop on the "language-model" channel.  Every edit sends
CallRequest(engine.ngram.lesson.sentence_report): the engine keeps the fitted model between
requests, so a keystroke in the sentence only scores.  The result fills three tabs: the
sentence strip with log P, cross-entropy and perplexity; the continuations of the sentence so
far; held-out perplexity against add-δ's δ.

A change of the model (not of the sentence) also sends CallRequest(engine.ngram.model_report.
model_report) on the "language-model-model" channel, on the background worker so that it never
delays a keystroke: perplexity against n, the Good-Turing table, the zero-count moment and
generated sentences.  Opening a text file reads it on the background worker too
("language-model-file"), with a progress bar and Cancel (app/views/language_model/file_bar.py);
a later change of n or of the estimator makes that file's model on the same channel, with the
same bar and Cancel (engine.ngram.lesson.prepare_file_model), and the sentence waits for it."""
from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QTimer
from PySide6.QtWidgets import QFileDialog, QVBoxLayout

from app import style
from app.binding import bind_tab
from app.export import ExportButton, write_csv
from app.views.base import InputProblem, View, shows
from app.views.language_model.continuations_panel import ContinuationsPanel
from app.views.language_model.controls import LanguageModelControls
from app.views.language_model.delta_panel import DeltaPanel
from app.views.language_model.file_bar import FileBar
from app.views.language_model.generate_panel import GeneratePanel
from app.views.language_model.good_turing_panel import GoodTuringPanel
from app.views.language_model.neural_panel import CHANNEL, NeuralPanel, neural_request
from app.views.language_model.orders_panel import OrdersPanel
from app.views.language_model.sentence_panel import SentencePanel, context_text
from app.views.language_model.state import TABS, LanguageModelState
from app.views.language_model.zero_count_panel import ZeroCountPanel
from app.widgets.form import add_tab
from app.widgets.message_line import MessageLine
from app.widgets.scrolling_page import ScrollingTabs
from engine.jobs import CallRequest
from engine.ngram.lesson import Prepared, load_file_model, prepare_file_model, sentence_report
from engine.ngram.model_report import model_report

class Veiled:
    """Panels greyed together (the model tabs, while their report is not of the current settings)."""

    def __init__(self, *panels):
        self.panels = panels

    def set_stale(self, stale: bool) -> None:
        for panel in self.panels:
            style.set_greyed(panel, stale)


# the tabs drawn from the model report (the others from the sentence report)
MODEL_TABS = ("orders", "good-turing", "zero-count", "generate")
# the state's fields that make the model (a change refits it and redraws the model tabs)
MODEL_FIELDS = ("corpus", "words", "pasted", "file", "order", "estimator", "delta", "discount", "conventions")
# the settings a text file's load prepares its model with (engine.ngram.lesson.load_file_model)
FILE_MODEL_OPTIONS = ("words", "order", "estimator", "delta", "discount", "conventions")
# a file's model made at new settings within this shows no bar (a δ step, a model made before)
PREPARE_BAR_DELAY_MS = 300


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
        self.orders_panel = add_tab(self.tabs, OrdersPanel(), self.tr("Perplexity against n"))
        self.good_turing_panel = add_tab(self.tabs, GoodTuringPanel(), self.tr("Good-Turing table"))
        self.zero_count_panel = add_tab(self.tabs, ZeroCountPanel(), self.tr("Zero count"))
        self.generate_panel = add_tab(self.tabs, GeneratePanel(), self.tr("Generate"))
        self.neural_panel = add_tab(self.tabs, NeuralPanel(), self.tr("Neural models"))
        self.file_bar = FileBar()
        self.file_message = MessageLine()
        self.content = self.tabs
        self.controls.add_to_sentence_row(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.file_bar)
        layout.addWidget(self.file_message)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        bind_tab(self.view_state, "tab", self.tabs, TABS)
        self.delta_panel.use_best.connect(self.use_delta)
        self.loop = self.request_loop("language-model", build=self.build_request, render=self.render_report)
        self.view_state.watch(self.loop.schedule, *MODEL_FIELDS, "sentence")
        self.view_state.watch(lambda _: self.loop.redraw(), "tab")
        self.loop.schedule()
        self.neural_loop = self.request_loop(CHANNEL, lambda: neural_request(self.view_state.sentence),
                                             self.neural_panel.show_report, greys=(self.neural_panel,), background=True)
        # only while its tab is open: the first table costs seconds of CPU (see neural_panel)
        self.view_state.watch(lambda _: self.view_state.tab == "neural" and self.neural_loop.schedule(),
                              "sentence", "tab")
        self._connect_model_tabs()
        self._connect_file()

    report = shows("loop", "The SentenceReport on screen.")

    # ---- requests ------------------------------------------------------------------------
    def build_request(self) -> CallRequest:
        state = self.view_state
        self.check_corpus()
        if not state.sentence.strip():
            raise InputProblem(self.tr("Type a sentence to see the probability of each of its words."), error=False)
        return CallRequest(sentence_report, (state.sentence,), state.options())

    def render_report(self, result) -> None:
        """Draws the open tab only (the others when they are opened: `tab` is watched by a
        redraw); a keystroke then pays for the strip alone, not for the δ plot's repaint."""
        report = result.value
        tab = self.view_state.tab
        if tab == "sentence":
            self.sentence_panel.show_report(report)
        elif tab == "continuations":
            self.continuations_panel.show_report(report)
        elif tab == "delta":
            self.delta_panel.show_report(report, result.request.kwargs["delta"])
        if result.request.kwargs["estimator"] == "backoff":
            self.controls.show_sum(report.continuation_total, context_text(report.continuations.context))

    # ---- the model's tabs (perplexity against n, Good-Turing, zero count, generate) -------------
    def _connect_model_tabs(self) -> None:
        self.model_tabs = Veiled(self.orders_panel, self.good_turing_panel, self.zero_count_panel,
                                 self.generate_panel)
        self.model_loop = self.request_loop("language-model-model", build=self.build_model_request,
                                            render=self.render_model, background=True, greys=[self.model_tabs])
        self.model_outdated = True  # the model tabs do not show the current settings
        self.view_state.watch(self._model_changed, *MODEL_FIELDS, "sample_seed")
        self.view_state.watch(self._model_tab_opened, "tab")
        self.zero_count_panel.use_sentence.connect(self.use_sentence)
        self.generate_panel.use_sentence.connect(self.use_sentence)
        self.generate_panel.again.connect(self.generate_again)
        self._model_tab_opened()

    def _model_changed(self, *_) -> None:
        """Five fits are computed only while a model tab is open: on the background worker they
        would otherwise compete with every keystroke for the interpreter."""
        self.model_outdated = True
        self._model_tab_opened()

    def _model_tab_opened(self, *_) -> None:
        if self.model_outdated and self.view_state.tab in MODEL_TABS:
            self.model_outdated = False
            if self.model_loop.result is not None:
                self.model_tabs.set_stale(True)  # veiled until the report of the current settings arrives
            self.model_loop.schedule()

    model = shows("model_loop", "The ModelReport on screen (the model tabs).")

    def build_model_request(self) -> CallRequest:
        self.check_corpus()
        return CallRequest(model_report, (), {**self.view_state.options(), "sample_seed": self.view_state.sample_seed})

    def render_model(self, result) -> None:
        report = result.value
        name = self.controls.estimator_name(report.estimator)
        self.orders_panel.show_report(report, name)
        self.good_turing_panel.show_report(report)
        zero = report.zero
        self.zero_count_panel.show_report(report, self.controls.estimator_name(zero.smoothed_estimator)
                                          if zero is not None else name)
        self.generate_panel.show_report(report, name)

    def use_sentence(self, sentence: str) -> None:
        self.view_state.sentence = sentence
        self.view_state.tab = "sentence"

    def generate_again(self) -> None:
        self.view_state.sample_seed += 1

    # ---- a text file as the corpus -----------------------------------------------------------
    def _connect_file(self) -> None:
        self.file_loop = self.request_loop("language-model-file", build=self.build_file_request,
                                           render=self.render_file_load, message=self.file_message, greys=(),
                                           background=True)
        self.file_cancel: threading.Event | None = None
        self.file_job: str | None = None  # "load" or "prepare" while the file loop's request runs
        self.file_load = None  # the FileLoad on the bar
        self.prepared: dict | None = None  # the file and settings (file_model_settings) whose model is made
        self._reverting = False
        self._bar_delay = QTimer(self)
        self._bar_delay.setSingleShot(True)
        self._bar_delay.setInterval(PREPARE_BAR_DELAY_MS)
        self._bar_delay.timeout.connect(lambda: self.file_job == "prepare" and self.file_bar.show_loading(True))
        self.controls.open_button.clicked.connect(self.choose_file)
        self.file_bar.cancel.connect(self.cancel_file)
        self.file_loop.stale_changed.connect(self._file_refused)
        self.view_state.watch(self._show_file_bar, "corpus", "file")
        self.view_state.watch(self._file_model_changed, "corpus", "file", *FILE_MODEL_OPTIONS)
        self._show_file_bar()
        self._file_model_changed()

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a text file as the corpus"), "",
                                              self.tr("Text files (*.txt);;All files (*)"))
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> None:
        """Load `path` in the worker, with progress and Cancel: read it, count it at the current n
        and set up the model the first sentence needs (engine.ngram.lesson.load_file_model); the
        corpus changes once all of that is done, so a cancel at any stage leaves it as it was."""
        self._cancel_file_job()
        self.file_cancel = threading.Event()
        self.file_job = "load"
        self.file_message.clear_message()
        self.file_bar.start(path)
        self.file_bar.show()
        model = {name: value for name, value in self.view_state.options().items() if name in FILE_MODEL_OPTIONS}
        self.file_loop.submit(lambda: CallRequest(load_file_model, (path,), {
            **model, "progress": self.bridge.relay(self.file_bar.report_step), "cancel": self.file_cancel}))

    def build_file_request(self):
        raise InputProblem(self.tr("Open a text file with “Open text file…”."), error=False)

    def cancel_file(self) -> None:
        if self.file_cancel is not None:
            self.file_cancel.set()

    def render_file_load(self, result) -> None:
        self.file_job = None
        if isinstance(result.value, Prepared):
            return self.render_prepared(result.value)
        load = result.value
        if load.cancelled:
            self.file_bar.show_stopped(self.tr("Loading {0} was cancelled: the corpus is unchanged.").format(
                result.request.args[0]))
            return
        self.file_bar.show_loaded(load)
        self.file_load = load
        self.prepared = {"file": load.path, **{name: result.request.kwargs[name] for name in FILE_MODEL_OPTIONS}}
        self.view_state.file = load.path
        self.view_state.corpus = "file"
        self._file_model_changed()  # settings changed during the load: their model now

    def file_model_settings(self) -> dict:
        options = self.view_state.options()
        return {name: options[name] for name in ("file", *FILE_MODEL_OPTIONS)}

    def _file_model_changed(self, *_) -> None:
        """The text file's model at settings whose model is not made (n, the estimator, …
        changed after the load) is made by engine.ngram.lesson.prepare_file_model on the file's
        channel, with the bar and Cancel: counting a 200 MB file again takes minutes, which the
        sentence's request would spend without either.  The sentence and the model tabs wait
        (check_corpus) until it is made."""
        state = self.view_state
        if self._reverting or self.file_job == "load" or state.corpus != "file" or not state.file:
            return
        settings = self.file_model_settings()
        if settings == self.prepared:
            if self.file_job == "prepare":  # back to the model made: the one being made is not needed
                self._cancel_file_job()
                self._show_prepared()
            return
        self._cancel_file_job()
        self.file_cancel = threading.Event()
        self.file_job = "prepare"
        self.file_bar.prepare(state.file)
        self._bar_delay.start()
        options = {name: settings[name] for name in FILE_MODEL_OPTIONS}
        self.file_loop.submit(lambda: CallRequest(prepare_file_model, (settings["file"],), {
            **options, "progress": self.bridge.relay(self.file_bar.report_step), "cancel": self.file_cancel}))

    def _cancel_file_job(self) -> None:
        """Stops the file's job in flight, whose answer is then not wanted."""
        if self.file_job is not None:
            self.file_cancel.set()
            self.invalidate(self.file_loop.channel)
            self.file_job = None

    def render_prepared(self, prepared: Prepared) -> None:
        if prepared.cancelled:  # the settings of the model made come back (none made: a restored file's first)
            self._reverting = True
            try:
                for name in FILE_MODEL_OPTIONS if self.prepared is not None else ():
                    setattr(self.view_state, name, self.prepared[name])
            finally:
                self._reverting = False
            self._show_prepared()
            self.file_bar.info.setText(self.tr("Cancelled: back to the previous settings and their model."))
            return
        self.prepared = {"file": self.view_state.file, **prepared.settings}
        self._show_prepared()

    def _show_prepared(self) -> None:
        """The bar put away, the file's sizes on it again; the sentence and the model tabs asked."""
        self._bar_delay.stop()
        if self.file_load is not None:
            self.file_bar.show_loaded(self.file_load)
        else:  # a file restored with a scene: never loaded in this view
            self.file_bar.show_loading(False)
            self.file_bar.info.setText(Path(self.view_state.file).name)
        self.loop.schedule()
        self._model_changed()

    def _file_refused(self, refused: bool) -> None:
        """The file could not be read: its reason is in the message line under the bar."""
        if refused and self.file_loop.asked is None:
            self.file_job = None
            self.file_bar.show_stopped(self.tr("The file was not read: the corpus is unchanged."))

    def _show_file_bar(self, *_) -> None:
        loading = self.file_loop.waiting
        self.file_bar.setVisible(self.view_state.corpus == "file" or loading)
        if not loading:
            self.file_bar.show_loading(False)

    def check_corpus(self) -> None:
        """InputProblem when the chosen corpus has no text yet (nothing pasted, no file read)."""
        state = self.view_state
        if state.corpus == "pasted" and not state.pasted.split():
            raise InputProblem(self.tr("Paste a training text (one sentence per line)."), error=False)
        if state.corpus == "file" and not state.file:
            raise InputProblem(self.tr("Open a text file with “Open text file…”."), error=False)
        if state.corpus == "file" and self.file_job == "prepare":
            raise InputProblem(self.tr("Making the model for the new settings (see the bar above)…"),
                               error=False)

    def use_delta(self, delta: float) -> None:
        """The δ-curve's best δ, with the add-δ estimator (one request: the debounce joins them)."""
        self.view_state.estimator = "add-delta"
        self.view_state.delta = delta

    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.delta_panel.apply_zoom()
        self.orders_panel.apply_zoom()
        self.neural_panel.apply_zoom()
        self.loop.redraw()  # the strip's chips take the new text size
        self.model_loop.redraw()

    # ---- the kit's hooks -----------------------------------------------------------------
    def main_input(self):
        return self.controls.sentence

    def secondary_panels(self):
        return [self.sentence_panel.conventions]

    def data_words(self) -> tuple[str, ...]:
        """The corpus' tokens on screen (the continuations): data, not interface text."""
        words = () if self.report is None else self.report.continuations.tokens
        model = self.model
        if model is not None:
            words += model.samples + ((model.zero.sentence,) if model.zero is not None else ())
        return words

    def picture(self):
        """The open tab, captioned with the sentence and the model it was computed with."""
        if self.view_state.tab in MODEL_TABS:
            request = self.model_loop.request
            if request is None:
                return self.tabs.currentWidget(), self.title()
            options = request.kwargs
            return self.tabs.currentWidget(), self.tr("{0}-gram model, estimator {1}, corpus {2}").format(
                options["order"], options["estimator"], self.corpus_caption(options))
        request = self.loop.request
        if self.view_state.tab == "neural" and self.neural_loop.request is not None:
            return self.neural_panel, self.neural_panel.caption(self.neural_loop.request)
        if request is None:
            return self.tabs, self.title()
        options = request.kwargs
        return self.tabs.currentWidget(), self.tr("“{0}”: {1}-gram model, estimator {2}, corpus {3}").format(
            request.args[0], options["order"], options["estimator"], self.corpus_caption(options))

    @staticmethod
    def corpus_caption(options) -> str:
        return Path(options["file"]).name if options["corpus"] == "file" else options["corpus"]

    def export_basename(self) -> str:
        return "language-model-" + self.view_state.tab

    def export_csv(self, path):
        """The open tab's numbers: the sentence's tokens, the continuations or the δ curve."""
        report = self.report
        if report is None:
            raise ValueError(self.tr("Nothing to export yet."))
        tab = self.view_state.tab
        if tab == "neural":
            return self.neural_panel.export_csv(path)
        if tab in MODEL_TABS:
            return self.export_model_csv(path, tab)
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

    def export_model_csv(self, path, tab: str):
        """The numbers of a model tab: perplexity per n, the count-of-counts, the zero-count
        sentence's two scorings, or the samples."""
        model = self.model
        if model is None:
            raise ValueError(self.tr("Nothing to export yet."))
        if tab == "orders":
            curve = model.orders
            return write_csv(path, ["n", "train_perplexity", "heldout_perplexity"],
                             zip(curve.orders, curve.train, curve.heldout))
        if tab == "good-turing":
            table = model.good_turing
            return write_csv(path, ["r", "N_r", "Z_r", "S_r", "turing_r_star", "smoothed_r_star", "P0_unseen_mass"],
                             [(int(r), int(n), float(z), float(line), float(t), float(g), table.unseen_mass)
                              for r, n, z, line, t, g in zip(table.r, table.n_r, table.z_r, table.line,
                                                             table.turing_r_star, table.sgt_r_star)])
        if tab == "zero-count":
            zero = model.zero
            if zero is None:
                raise ValueError(self.tr("Nothing to export: MLE gives every held-out sentence a probability above 0."))
            return write_csv(path, ["token", "mle_probability", f"{zero.smoothed_estimator}_probability"],
                             zip(zero.mle.score.tokens, map(float, zero.mle.score.probabilities),
                                 map(float, zero.smoothed.score.probabilities)))
        return write_csv(path, ["seed", "sentence"], [(model.sample_seed, text) for text in model.samples])
