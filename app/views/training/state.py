"""The training view's state: what is trained (run A, and run B to compare), the seed, the
settings applied at the next step, and how the curves are drawn (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState

#: the tabs, by name (the field keeps the name, so a new tab does not shift old files)
TABS = ("loss", "accuracy", "attention", "optimiser")
#: the experiments offered (engine.live_training.experiments: task prefix + architecture)
TASKS = ("date", "zh-en", "date-list")
ARCHITECTURES = ("rnn-attention", "rnn", "transformer", "transformer-no-pe")
EXPERIMENTS = tuple(f"{task}-{arch}" for task in TASKS for arch in ARCHITECTURES)
PRESETS = ("lecture", "tiny")
X_AXES = ("step", "time")


@dataclass
class TrainingState(ViewState):
    # what is trained (first: the settings below default to the chosen experiment's preset)
    experiment: str = "date-rnn-attention"
    #: run B, trained beside A with the same seed and settings ("" = no second run)
    compare: str = ""
    preset: str = "lecture"
    seed: int = 0
    # the settings (engine.live_training.experiments.Settings), applied at the next step
    learning_rate: float = 1e-2  # the default experiment's lecture settings (engine.live_training.experiments)
    batch_size: int = 32
    label_smoothing: float = 0.1
    #: run B's label smoothing (the one setting the runs may differ in: 0 vs 0.1)
    label_smoothing_b: float = 0.1
    clip_norm: float = 1.0
    teacher_forcing: float = 1.0
    # how it is drawn
    x_axis: str = "step"
    tab: str = "loss"

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        choices = {"experiment": EXPERIMENTS, "compare": ("",) + EXPERIMENTS, "preset": PRESETS,
                   "x_axis": X_AXES, "tab": TABS}
        if name in choices:
            return value in choices[name]
        if name == "learning_rate":
            return value > 0
        if name == "batch_size":
            return value >= 1
        if name in ("label_smoothing", "label_smoothing_b"):
            return 0 <= value < 1
        if name == "clip_norm":
            return value >= 0
        if name == "teacher_forcing":
            return 0 <= value <= 1
        return True

    def settings(self, run: str = "A") -> dict:
        """The keyword arguments of Trainer.update_settings for run "A" or "B"."""
        return {"learning_rate": self.learning_rate, "batch_size": self.batch_size,
                "label_smoothing": self.label_smoothing if run == "A" else self.label_smoothing_b,
                "clip_norm": self.clip_norm, "teacher_forcing": self.teacher_forcing}

    def experiments(self) -> dict:
        """{run name: experiment} of the runs chosen."""
        return {"A": self.experiment, **({"B": self.compare} if self.compare else {})}
