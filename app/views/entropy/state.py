"""The Entropy & KL view's state: P and Q as typed, how they are read, the unit, the open tab and
the two Gaussians (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState, from_v1_widgets, v1_choice, v1_tab, v1_value

#: the tabs, in order
TABS = ("distributions", "codes", "gaussians")
#: the lesson's rainy city (truth P) against a uniform guess (Q): what the view opens with
RAINY_P = ("sunny: 1%, partly sunny: 1%, partly cloudy: 4%, cloudy: 4%,\n"
           "light rain: 10%, rain: 10%, heavy rain: 35%, thunderstorm: 35%")
UNIFORM_Q = ("sunny: 12.5%, partly sunny: 12.5%, partly cloudy: 12.5%, cloudy: 12.5%,\n"
             "light rain: 12.5%, rain: 12.5%, heavy rain: 12.5%, thunderstorm: 12.5%")
#: format 1's combo boxes and tabs, in their order then (fixed: old files are read with these)
V1_MODES = ("numbers", "char", "word")
V1_UNITS = ("bits", "nats", "hartleys")
V1_TABS = ("distributions", "codes", "gaussians")
V1_GAUSSIANS = "QSplitter0/QTabWidget0/QStackedWidget0/GaussiansTab0/QSplitter0/QWidget0/QWidget0/"


@dataclass
class EntropyState(ViewState):
    p_text: str = RAINY_P
    q_text: str = UNIFORM_Q
    #: "numbers" (probabilities, counts…), "char" or "word" (a text's frequencies)
    mode: str = "numbers"
    #: text modes: count "A" and "a" as one outcome
    ignore_case: bool = True
    #: "bits", "nats" or "hartleys"
    unit: str = "bits"
    #: divide probabilities that do not add up to 1 by their sum
    normalise: bool = False
    tab: str = "distributions"
    mu1: float = 0.0
    sigma1: float = 1.0
    mu2: float = 1.0
    sigma2: float = 1.0

    def gaussians(self) -> tuple[float, float, float, float]:
        return self.mu1, self.sigma1, self.mu2, self.sigma2

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        # the Gaussians' sliders were saved beside their spin boxes: the spin boxes hold the values
        return from_v1_widgets(widgets, {
            "QComboBox0": ("mode", v1_choice(V1_MODES)),
            "QCheckBox0": ("ignore_case", v1_value),
            "QComboBox1": ("unit", v1_choice(V1_UNITS)),
            "QCheckBox1": ("normalise", v1_value),
            "QSplitter0/QTabWidget0": ("tab", v1_tab(V1_TABS)),
            V1_GAUSSIANS + "FloatSlider0/QDoubleSpinBox0": ("mu1", v1_value),
            V1_GAUSSIANS + "FloatSlider1/QDoubleSpinBox0": ("sigma1", v1_value),
            V1_GAUSSIANS + "FloatSlider2/QDoubleSpinBox0": ("mu2", v1_value),
            V1_GAUSSIANS + "FloatSlider3/QDoubleSpinBox0": ("sigma2", v1_value),
            "QSplitter0/DistributionInputs0/QPlainTextEdit0": ("p_text", v1_value),
            "QSplitter0/DistributionInputs0/QPlainTextEdit1": ("q_text", v1_value),
        })
