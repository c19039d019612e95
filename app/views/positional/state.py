"""The positional-encoding view's state: the encoding's parameters and the open tab (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState, from_v1_widgets, v1_choice, v1_tab, v1_value

#: the tabs, in order
TABS = ("encoding", "similarity", "shift", "wavelengths", "naive")
#: format 1's combo boxes and tabs, in their order then (fixed: old files are read with these)
V1_VARIANTS = ("paper", "tensor2tensor", "concatenated")
V1_SIMILARITIES = ("dot", "cosine")
V1_TABS = ("encoding", "similarity", "shift", "wavelengths", "naive")


@dataclass
class PositionalState(ViewState):
    d_model: int = 32
    n_positions: int = 100
    #: the base as typed ("10000", "1e4", "10 000"): a typo is shown as typed, with a message
    base_text: str = "10000"
    #: engine.positional.VARIANTS: "paper", "tensor2tensor" or "concatenated"
    variant: str = "paper"
    #: the similarity matrix: "dot" or "cosine"
    similarity: str = "dot"
    pos: int = 10
    k: int = 5
    tab: str = "encoding"

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        # format 1 also saved the sliders beside d_model, positions and base: they showed the same values
        return from_v1_widgets(widgets, {
            "PositionalControls0/QSpinBox0": ("d_model", v1_value),
            "PositionalControls0/QSpinBox1": ("n_positions", v1_value),
            "PositionalControls0/QLineEdit0": ("base_text", v1_value),
            "PositionalControls0/QComboBox0": ("variant", v1_choice(V1_VARIANTS)),
            "PositionalControls0/QComboBox1": ("similarity", v1_choice(V1_SIMILARITIES)),
            "PositionalControls0/QSpinBox2": ("pos", v1_value),
            "PositionalControls0/QSpinBox3": ("k", v1_value),
            "QTabWidget0": ("tab", v1_tab(V1_TABS)),
        })
