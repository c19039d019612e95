"""The positional-encoding view's state: the encoding's parameters and the open tab (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState

#: the tabs, in order
TABS = ("encoding", "similarity", "shift", "wavelengths", "naive")


@dataclass
class PositionalState(ViewState):
    FORMAT1_VIEW = "positional"
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
