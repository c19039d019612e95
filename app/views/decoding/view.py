"""The decoding lab: greedy, beam search and sampling with temperature, top-k, top-p and min-p.

Two request loops:
  "decoding"          NextTokenRequest(model, text, output): the raw logits of every step of the
                      greedy output, or of a row of the table double-clicked (one decoder pass).
                      The bars are drawn from them here.
  "decoding-samples"  SampleTableRequest(model, text, settings, n, seed): N samples, greedy and
                      the beam's hypotheses (engine.decoding_lab).

A slider (temperature, top-k, top-p, min-p) or the output step only redraws the bars: the
transforms run on the GUI thread, which is allowed here because they are pure numpy over the
logits already held in the loop's result (engine.next_token_stages: a few sorts of V ≤ 356
numbers, no model call); the sample table, which needs the model, is asked of the worker.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QVBoxLayout

from app import style
from app.binding import bind_tab
from app.export import ExportButton, write_csv
from app.state import SentDistribution
from app.views.base import InputProblem, View, shows
from app.views.beam.text import after_bos, output_text
from app.views.decoding.controls import DecodingControls
from app.views.decoding.samples_panel import SamplesPanel, model_probability
from app.views.decoding.stages_panel import StagesPanel, stage_title
from app.views.decoding.state import TABS, DecodingState
from app.widgets.corner_buttons import put_in_corner
from app.widgets.form import add_tab
from app.widgets.scrolling_page import ScrollingTabs
from app.widgets.tokens import display_token
from engine.decoding_lab import NextTokenRequest, SampleTableRequest
from engine.next_token_stages import STAGE_NAMES, next_token_stages


class DecodingView(View):
    TITLE = QT_TRANSLATE_NOOP("DecodingView", "Decoding")
    State = DecodingState
    # a slider drag asks for one sample table when it pauses, not one per pixel
    SAMPLE_DEBOUNCE_MS = 150

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.controls = DecodingControls(self.view_state)
        self.export_button = ExportButton(self)
        self.tabs = ScrollingTabs()  # a page's preferred height (its wrapped labels) is not the view's least
        # Export beside the tabs, in the tab bar's empty right end: no line of its own (the view
        # needs every line for the bars on a 720-pixel projector); the Sample buttons follow the
        # sampler's settings (beside the tabs too, at 22 pt they squeezed the tab names behind
        # scroll arrows); at large text the settings' button too (DecodingControls.settings_button)
        put_in_corner(self.tabs, self.controls.settings_button, self.export_button)
        self.stages_panel = add_tab(self.tabs, StagesPanel(), self.tr("Next-token distribution"))
        self.samples_panel = add_tab(self.tabs, SamplesPanel(), self.tr("Samples, greedy and beam"))
        self.content = self.tabs
        self.stages_panel.put_beside_heading(self.controls.step_label, self.controls.step)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        bind_tab(self.view_state, "tab", self.tabs, TABS)
        self.loop = self.request_loop("decoding", build=self.build_request, render=self.render_logits,
                                      greys=(self.stages_panel,))
        self.sample_loop = self.request_loop("decoding-samples", build=self.build_sample_request,
                                             render=self.render_samples, greys=(self.samples_panel,),
                                             debounce_ms=self.SAMPLE_DEBOUNCE_MS)
        self.samples_panel.send_requested.connect(self.send_distribution)
        self.samples_panel.row_chosen.connect(self.follow_row)
        self.stages_panel.greedy_requested.connect(self.follow_greedy)
        watch = self.view_state.watch
        watch(self.loop.schedule, "model", "text", "output")
        watch(self._input_changed, "model", "text")
        watch(self.sample_loop.schedule, "model", "text", "temperature", "top_k", "top_p", "min_p", "n", "seed")
        watch(self.redraw_stages, "temperature", "top_k", "top_p", "min_p", "step")
        for button in self.controls.sample_buttons.values():
            button.clicked.connect(self.show_samples)
        self.loop.schedule()
        self.sample_loop.schedule()
        self.apply_zoom()

    logits = shows("loop", "The StepLogits (engine.decoding_lab) whose steps the bars are drawn from.")
    table = shows("sample_loop", "The SampleTable on screen.")

    def show_samples(self) -> None:
        self.view_state.tab = "samples"

    # ---- requests ------------------------------------------------------------------------
    def _model_and_text(self) -> tuple[str, str]:
        state = self.view_state
        if not state.model:
            raise InputProblem.no_models()
        if not state.text.strip():
            raise InputProblem(self.tr("Type an input to see what the model would write next."), error=False)
        return state.model, state.text

    def build_request(self) -> NextTokenRequest:
        return NextTokenRequest(*self._model_and_text(), output=self.view_state.output)

    def _input_changed(self, *_) -> None:
        """An output of one input is not one of another: the bars go back to greedy's."""
        self.view_state.output = ()

    def follow_row(self, index: int) -> None:
        """The bars follow the output of row `index` of the table (greedy, a beam hypothesis or a sample)."""
        table = self.table
        if table is None:
            return
        _, row = self.samples_panel.rows(table)[index]
        self.view_state.output = row.tokens
        self.view_state.tab = "distribution"

    def follow_greedy(self) -> None:
        self.view_state.output = ()

    def build_sample_request(self) -> SampleTableRequest:
        model, text = self._model_and_text()
        state = self.view_state
        return SampleTableRequest(model, text, n=state.n, seed=state.seed, **state.sampling())

    # ---- the bars --------------------------------------------------------------------------
    def render_logits(self, result) -> None:
        logits = result.value
        self.controls.step.setMaximum(max(1, len(logits.output_ids)))
        self.draw_stages(logits)

    def redraw_stages(self, *_) -> None:
        if self.logits is not None:
            self.draw_stages(self.logits)

    def shown_step(self, logits) -> int:
        """The 0-based output step drawn: the state's, within the greedy output."""
        return min(self.view_state.step, len(logits.output_ids)) - 1

    def current_stages(self, logits):
        """The stages of the shown step with the state's settings (numpy, on this thread: see the
        module doc)."""
        state = self.view_state
        settings = state.sampling()
        return next_token_stages(logits.logits[self.shown_step(logits)], logits.never_generated,
                                 temperature_value=settings["temperature"], top_k_value=settings["top_k"],
                                 top_p_value=settings["top_p"], min_p_value=settings["min_p"])

    def draw_stages(self, logits) -> None:
        step = self.shown_step(logits)
        stages = self.current_stages(logits)
        prefix = after_bos(logits.output_tokens[:step], logits.target_unit)
        heading = (self.tr("Next token after ⟨s⟩{0} (step {1} of {2} of the greedy output “{3}”)") if logits.greedy
                   else self.tr("Next token after ⟨s⟩{0} (step {1} of {2} of the output “{3}”)")).format(
            prefix, step + 1, len(logits.output_ids), output_text(logits.output_tokens, logits.target_unit))
        self.stages_panel.show_stages(heading, self.column_titles(logits), logits.vocab, stages)
        self.stages_panel.greedy_button.setVisible(not logits.greedy)

    def column_titles(self, logits) -> list[str]:
        state = self.view_state
        settings = state.sampling()
        special = " ".join(display_token(logits.vocab[i]) for i in logits.never_generated)
        values = {
            "model": "",
            "special": special,
            "temperature": "T = {0}".format(style_fixed(settings["temperature"])),
            "top-k": "k = {0}".format(settings["top_k"]) if settings["top_k"] else self.tr("off"),
            "top-p": "p = {0}".format(style_fixed(settings["top_p"])) if settings["top_p"] < 1 else self.tr("off"),
            "min-p": "{0}".format(style_fixed(settings["min_p"])) if settings["min_p"] > 0 else self.tr("off"),
        }
        return [stage_title(name) + ("\n" + values[name] if values[name] else "") for name in STAGE_NAMES]

    # ---- the samples -----------------------------------------------------------------------
    def render_samples(self, result) -> None:
        self.samples_panel.show_table(result.value)

    def showEvent(self, event):
        # the views are registered with the shared state after they are built: ask again now
        self.samples_panel.set_receiver(self.state.receiver_title("distribution"))
        super().showEvent(event)

    def send_distribution(self) -> bool:
        """The sample frequencies as P and the grammar's probabilities as Q (invalid outputs pooled
        into one outcome: neither KL nor the total variation changes, as the grammar gives each 0)."""
        table = self.table
        if table is None or table.grammar is None:
            return False
        frequencies = {text: 0.0 for text in table.grammar}
        invalid = self.tr("(invalid outputs)")
        frequencies[invalid] = 0.0
        for row in table.samples:
            key = row.text if row.finished and row.text in table.grammar else invalid
            frequencies[key] += row.count / table.n
        labels = tuple(frequencies)
        title = self.tr("{0} samples of {1} for “{2}” (P) against the grammar (Q)").format(
            f"{table.n:,}", table.model, table.text)
        return self.state.send("distribution", SentDistribution(
            title, labels, tuple(frequencies[k] for k in labels),
            tuple(table.grammar.get(k, 0.0) for k in labels)))

    # ---- the kit's hooks -----------------------------------------------------------------
    def main_input(self):
        return self.controls.input

    def model_selector(self):
        return self.controls.model_box

    def apply_zoom(self) -> None:
        super().apply_zoom()
        self.controls.settings_button.fit_to_text()
        self.stages_panel.apply_zoom()
        self.sample_loop.redraw()  # the greedy and beam rows carry a bold font of the old size

    def apply_theme(self) -> None:
        self.stages_panel.restyle()
        super().apply_theme()
        self.redraw_stages()

    def data_words(self) -> tuple[str, ...]:
        """The model's output tokens on screen (bars, table): data, not interface text."""
        words = []
        if self.logits is not None:
            words += self.logits.vocab
        if self.table is not None:
            words += self.table.vocab
        return tuple(words)

    def picture(self):
        """The open tab, captioned with the model, the input and the settings it was drawn with:
        the sample table's request, or the bars' request with the state's settings (the bars
        follow the sliders without a request)."""
        samples = self.view_state.tab == "samples"
        request = self.sample_loop.request if samples else self.loop.request
        if request is None:
            return self.tabs.currentWidget(), self.title()
        settings = vars(request) if samples else self.view_state.sampling()
        caption = self.tr("{0} · input “{1}” · T = {2}, top-k {3}, top-p {4}, min-p {5}").format(
            request.model, request.text, style_fixed(settings["temperature"]), settings["top_k"] or self.tr("off"),
            style_fixed(settings["top_p"]), style_fixed(settings["min_p"]))
        if samples:
            caption += self.tr(" · {0} samples, seed {1}").format(f"{request.n:,}", request.seed)
        return self.tabs.currentWidget(), caption

    def export_basename(self) -> str:
        return "decoding-" + self.view_state.tab

    def export_csv(self, path):
        """The open tab's numbers: every token's probability at every stage, or the sample table."""
        if self.view_state.tab == "samples":
            table = self.table
            if table is None:
                raise ValueError(self.tr("Nothing to export yet."))
            sampled = table.sampled_mass
            rows = [(kind, output_text(row.tokens, table.target_unit), row.finished, row.count, row.count / table.n,
                     model_probability(row), model_probability(row) / sampled if row.count else "",
                     row.log_prob, "" if row.grammar_prob is None else row.grammar_prob,
                     "" if row.valid is None else row.valid)
                    for kind, row in self.samples_panel.rows(table)]
            return write_csv(path, ["kind", "output", "finished", "count", "frequency", "p_model",
                                    "p_model_among_sampled", "log_p_model", "p_grammar", "valid"], rows)
        logits = self.logits
        if logits is None:
            raise ValueError(self.tr("Nothing to export yet."))
        stages = self.current_stages(logits)
        header = ["token"] + [f"p_{s.name}" for s in stages] + [f"kept_{s.name}" for s in stages]
        rows = ([display_token(token)] + [float(s.probabilities[i]) for s in stages] + [bool(s.kept[i]) for s in stages]
                for i, token in enumerate(logits.vocab))
        return write_csv(path, header, rows)


def style_fixed(value: float) -> str:
    return style.fixed(value, 2)


__all__ = ["DecodingView"]
