"""The decoding view's inputs: the input and model, the four sampling settings, the output step
whose distribution is drawn, and the Sample 1 / 100 / 1,000 buttons, bound to the view's state."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from app.binding import bind_widgets
from app.views.decoding.state import DEFAULT_TEXTS, SAMPLE_SIZES, DecodingState
from app.widgets.examples_button import input_and_model_row, model_combo
from app.widgets.flow_layout import flow_row
from app.widgets.float_slider import FloatSlider
from app.widgets.form import main_line_edit
from app.widgets.settings_popup import SettingsPopupButton
from engine.models.registry import list_models

#: the sliders' least width in pixels (the shared widget's 160 put the settings on two rows at 11 pt)
SLIDER_WIDTH = 100


class DecodingControls(QWidget):
    def __init__(self, state: DecodingState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.input = main_line_edit("", self.tr("Type a Chinese sentence or a date, as the model reads"))
        self.model_box, self.models = model_combo(list_models())
        self.temperature = FloatSlider(self.tr("Temperature T:"), 0.0, 3.0, 0.05, 1.0)
        self.temperature.setToolTip(self.tr("Logits are divided by T: below 1 sharper, above 1 flatter; "
                                            "0 keeps only the most probable token (greedy)"))
        self.top_k = QSpinBox()
        self.top_k.setRange(0, 1000)
        self.top_k.setSpecialValueText(self.tr("off"))
        self.top_k.setToolTip(self.tr("Keep only the k most probable tokens (0: off)"))
        self.top_p = FloatSlider(self.tr("top-p:"), 0.0, 1.0, 0.01, 1.0)
        self.top_p.setToolTip(self.tr("Nucleus: keep the smallest set of most probable tokens whose "
                                      "probability reaches p (1: off)"))
        self.min_p = FloatSlider(self.tr("min-p:"), 0.0, 1.0, 0.01, 0.0)
        self.min_p.setToolTip(self.tr("Cut the tokens less probable than min-p × the top token's "
                                      "probability (0: off)"))
        self.step = QSpinBox()
        self.step.setRange(1, 1000)
        self.step.setToolTip(self.tr("Which token of the greedy output the bars predict"))
        self.sample_buttons = {}
        for n in SAMPLE_SIZES:
            button = QPushButton(self.tr("Sample {0}").format(f"{n:,}"))
            button.setToolTip(self.tr("Draw {0} outputs with these settings (each press: a new seed)").format(
                f"{n:,}"))
            button.clicked.connect(lambda _=False, size=n: self.sample(size))
            self.sample_buttons[n] = button

        for slider in (self.temperature, self.top_p, self.min_p):
            # 60 and 100 steps: room enough to drag, and the four settings share one row at 11-14 pt
            slider.slider.setMinimumWidth(SLIDER_WIDTH)
        self.examples_button, first = input_and_model_row(self.input, self.model_box, self.models)
        # the output step sits with what it acts on (the view places it): this row is the
        # sampler's settings and the buttons that sample with them
        self.options = flow_row(self.temperature, (self.tr("top-k:"), self.top_k), self.top_p, self.min_p,
                                *self.sample_buttons.values())
        self.step_label = QLabel(self.tr("Output step:"))
        self.step_label.setBuddy(self.step)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(first)
        column.addWidget(self.options)
        # At large text the settings' rows (two at 22 pt) fold behind this button (the view puts
        # it beside Export): with them on the page the bars kept room for the likeliest token and
        # "other" alone in Chinese at 22 pt.  Nothing is lost: the column titles over the bars
        # say every setting's value, and the popup holds the same sliders and Sample buttons.
        # The view calls fit_to_text once the button is in its place, and after each zoom.
        self.settings_button = SettingsPopupButton(
            (self.options,), self.tr("Settings ▾"),
            self.tr("Temperature, top-k, top-p and min-p, and the Sample buttons that use them"))
        bind_widgets(state, model=self.model_box, text=self.input, temperature=self.temperature, top_k=self.top_k,
                     top_p=self.top_p, min_p=self.min_p, step=self.step)
        self._task = self.task_of(state.model)
        state.watch(self._model_changed, "model")

    def task_of(self, model: str) -> str | None:
        info = self.models.get(model)
        return info.task if info else None

    def _model_changed(self, *_) -> None:
        """Another kind of model reads another kind of input: the other kind's starting input is
        replaced by this kind's (a typed input is kept)."""
        task = self.task_of(self.view_state.model)
        if task != self._task and self.view_state.text in DEFAULT_TEXTS.values() and task in DEFAULT_TEXTS:
            self.view_state.text = DEFAULT_TEXTS[task]
        self._task = task

    def sample(self, n: int) -> None:
        """Draw `n` outputs with the next seed (the debounce makes one request of both fields)."""
        self.view_state.n = n
        self.view_state.seed += 1
