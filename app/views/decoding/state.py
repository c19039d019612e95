"""The decoding view's state: the model and input, the sampling settings (temperature, top-k,
top-p, min-p), the output step whose next-token distribution is drawn, the sample size and seed,
and the open tab (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState

#: the tabs, by name
TABS = ("distribution", "samples")
#: the sizes the Sample buttons draw
SAMPLE_SIZES = (1, 100, 1000)
#: the most samples a session may ask for (the docs' calibration tables used 10,000)
MAX_SAMPLES = 10_000
#: the input each kind of model starts with (engine.tasks: a model's "task")
DEFAULT_TEXTS = {"zh-en": "简九月要访问非洲", "dates": "4 Nov 1988"}


@dataclass
class DecodingState(ViewState):
    #: the shipped model's name ("": the first model offered)
    model: str = "zh-en-toy"
    text: str = DEFAULT_TEXTS["zh-en"]
    #: the output whose steps the bars follow, as target tokens (⟨/s⟩ last when finished; empty:
    #: the greedy output); a new model or input goes back to greedy
    output: tuple[str, ...] = ()
    #: 0 is the limit T → 0 (greedy)
    temperature: float = 1.0
    #: 0: off
    top_k: int = 0
    #: 1: off
    top_p: float = 1.0
    #: 0: off
    min_p: float = 0.0
    #: the step of that output whose next-token distribution is drawn (1: its first token)
    step: int = 1
    #: how many sequences the sample table draws
    n: int = 1000
    #: the sampler's seed: each press of a Sample button draws with the next one
    seed: int = 0
    tab: str = "distribution"

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        if name == "tab":
            return value in TABS
        if name == "step":
            return value >= 1
        if name == "n":  # a hand-edited file must not start a run of hours on the worker
            return 1 <= value <= MAX_SAMPLES
        if name == "top_k":
            return value >= 0
        if name == "seed":
            return 0 <= value < 2 ** 63  # what torch.Generator.manual_seed takes
        if name in ("top_p", "min_p"):
            return 0 <= value <= 1
        if name == "temperature":
            return 0 <= value <= 100
        return True

    def sampling(self) -> dict:
        """The settings of the sampler (engine.decoding_lab.SampleTableRequest's keywords)."""
        return {"temperature": round(self.temperature, 4), "top_k": self.top_k, "top_p": round(self.top_p, 4),
                "min_p": round(self.min_p, 4)}
