"""The Entropy & KL view's state: P and Q as typed, how they are read, the unit, the open tab and
the two Gaussians (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState

#: the tabs, in order
TABS = ("distributions", "codes", "gaussians")
#: the lesson's rainy city (truth P) against a uniform guess (Q): what the view opens with
RAINY_P = ("sunny: 1%, partly sunny: 1%, partly cloudy: 4%, cloudy: 4%,\n"
           "light rain: 10%, rain: 10%, heavy rain: 35%, thunderstorm: 35%")
UNIFORM_Q = ("sunny: 12.5%, partly sunny: 12.5%, partly cloudy: 12.5%, cloudy: 12.5%,\n"
             "light rain: 12.5%, rain: 12.5%, heavy rain: 12.5%, thunderstorm: 12.5%")


@dataclass
class EntropyState(ViewState):
    FORMAT1_VIEW = "entropy"
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
