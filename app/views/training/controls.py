"""The training view's inputs: what is trained (run A, run B to compare, the preset, the seed),
the buttons that drive the trainers, and the settings applied at the next step."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import QDoubleSpinBox, QPushButton, QSpinBox, QVBoxLayout, QWidget

from app.binding import bind_widgets
from app.views.training.state import ARCHITECTURES, EXPERIMENTS, PRESETS, X_AXES, TrainingState
from app.widgets.combo_width import CurrentTextCombo
from app.widgets.flow_layout import flow_row
from app.widgets.settings_popup import SettingsPopupButton

TASK_NAMES = {"date": QT_TRANSLATE_NOOP("TrainingControls", "dates"),
              "zh-en": QT_TRANSLATE_NOOP("TrainingControls", "zh-en grammar"),
              "date-list": QT_TRANSLATE_NOOP("TrainingControls", "lists of dates")}
ARCHITECTURE_NAMES = {"rnn-attention": QT_TRANSLATE_NOOP("TrainingControls", "RNN with attention"),
                      "rnn": QT_TRANSLATE_NOOP("TrainingControls", "RNN without attention"),
                      "transformer": QT_TRANSLATE_NOOP("TrainingControls", "Transformer"),
                      "transformer-no-pe": QT_TRANSLATE_NOOP("TrainingControls",
                                                             "Transformer without positional encoding")}
PRESET_NAMES = {"lecture": QT_TRANSLATE_NOOP("TrainingControls", "lecture"),
                "tiny": QT_TRANSLATE_NOOP("TrainingControls", "tiny (tests)")}
X_AXIS_NAMES = {"step": QT_TRANSLATE_NOOP("TrainingControls", "steps"),
                "time": QT_TRANSLATE_NOOP("TrainingControls", "training time (s)")}


def experiment_name(experiment: str) -> str:
    """"dates: RNN with attention" for "date-rnn-attention", in the interface language."""
    for arch in sorted(ARCHITECTURES, key=len, reverse=True):
        if experiment.endswith("-" + arch):
            task = experiment[:-len(arch) - 1]
            translate = QCoreApplication.translate
            return translate("TrainingControls", "{0}: {1}").format(
                translate("TrainingControls", TASK_NAMES[task]),
                translate("TrainingControls", ARCHITECTURE_NAMES[arch]))
    return experiment


def _number(low, high, step, decimals=None, special=None):
    box = QDoubleSpinBox() if decimals is not None else QSpinBox()
    if decimals is not None:
        box.setDecimals(decimals)
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setKeyboardTracking(False)  # a half-typed number is not sent to the trainer
    if special:
        box.setSpecialValueText(special)
    return box


class TrainingControls(QWidget):
    # a button: "start", "pause", "resume", "step", "reset", "use", "save"
    command = Signal(str)

    def __init__(self, state: TrainingState, parent=None):
        super().__init__(parent)
        # as wide as the chosen item: sized by their longest experiment names, the two run
        # choices took a line each at 22 pt
        self.experiment_box = CurrentTextCombo()
        self.compare_box = CurrentTextCombo()
        self.compare_box.addItem(self.tr("none"), "")
        for key in EXPERIMENTS:
            self.experiment_box.addItem(experiment_name(key), key)
            self.compare_box.addItem(experiment_name(key), key)
        self.compare_box.setToolTip(self.tr("Run B: trained beside run A, with the same seed and settings"))
        self.preset_box = CurrentTextCombo()
        for key in PRESETS:
            self.preset_box.addItem(self.tr(PRESET_NAMES[key]), key)
        self.seed_spin = _number(0, 1_000_000, 1)
        self.seed_spin.setToolTip(self.tr("The seed of the weights, the batches and dropout; used by Reset"))
        self.buttons = {}
        for key, label, tip in (
                ("start", self.tr("Start"), self.tr("Start training (the trainer runs in its own process)")),
                ("pause", self.tr("Pause"), ""), ("resume", self.tr("Resume"), ""),
                ("step", self.tr("Step"), self.tr("One optimisation step, then pause")),
                ("reset", self.tr("Reset"), self.tr("A fresh model from the seed")),
                ("use", self.tr("Use this model"),
                 self.tr("Offer run A's model as it is now in the model selectors of the other views")),
                ("save", self.tr("Save…"), self.tr("Write run A's model (safetensors and config.json) to a folder"))):
            button = QPushButton(label)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, k=key: self.command.emit(k))
            self.buttons[key] = button
        self.learning_rate_spin = _number(0.00001, 1.0, 0.0005, decimals=5)
        self.learning_rate_spin.setToolTip(self.tr("The rate reached after the warm-up; it then falls as 1/√step (the "
                                                   "Transformers' from step 100, the RNNs' from step 240). The Optimiser "
                                                   "tab shows the rate each step used"))
        self.batch_spin = _number(1, 1024, 16)
        self.smoothing_spin = _number(0.0, 0.5, 0.05, decimals=2)
        self.smoothing_b_spin = _number(0.0, 0.5, 0.05, decimals=2)
        self.smoothing_b_spin.setToolTip(self.tr("Run B's label smoothing (everything else is run A's)"))
        self.clip_spin = _number(0.0, 100.0, 0.5, decimals=2, special=self.tr("off"))
        self.clip_spin.setToolTip(self.tr("The largest global gradient norm a step may apply (0: no clipping)"))
        self.teacher_spin = _number(0.0, 1.0, 0.1, decimals=2)
        self.teacher_spin.setToolTip(self.tr("The share of decoder inputs that are the right previous token; "
                                             "the rest are the model's own prediction"))
        self.x_axis_box = CurrentTextCombo()
        for key in X_AXES:
            self.x_axis_box.addItem(self.tr(X_AXIS_NAMES[key]), key)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        runs = flow_row((self.tr("Run A:"), self.experiment_box), (self.tr("Run B:"), self.compare_box),
                        (self.tr("Preset:"), self.preset_box), (self.tr("Seed:"), self.seed_spin),
                        *(self.buttons[k] for k in ("start", "pause", "resume", "step", "reset", "use", "save")))
        layout.addWidget(runs)
        self.settings_row = flow_row((self.tr("Learning rate:"), self.learning_rate_spin),
                                     (self.tr("Batch size:"), self.batch_spin),
                                     (self.tr("Label smoothing:"), self.smoothing_spin),
                                     (self.tr("B:"), self.smoothing_b_spin),
                                     (self.tr("Gradient clipping:"), self.clip_spin),
                                     (self.tr("Teacher forcing:"), self.teacher_spin),
                                     (self.tr("Against:"), self.x_axis_box))
        layout.addWidget(self.settings_row)
        # from 20 pt the settings open from this button after Save: beside the lecture panel at
        # 22 pt their three lines made the page scroll (637 px of 595)
        self.settings_button = SettingsPopupButton(
            (self.settings_row,), self.tr("Settings ▾"),
            self.tr("Learning rate, batch size, label smoothing, gradient clipping, teacher forcing and the "
                    "horizontal axis"))
        runs.layout().addWidget(self.settings_button)
        bind_widgets(state, experiment=self.experiment_box, compare=self.compare_box, preset=self.preset_box,
                     seed=self.seed_spin, learning_rate=self.learning_rate_spin, batch_size=self.batch_spin,
                     label_smoothing=self.smoothing_spin, label_smoothing_b=self.smoothing_b_spin,
                     clip_norm=self.clip_spin, teacher_forcing=self.teacher_spin, x_axis=self.x_axis_box)
