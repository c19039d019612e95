"""The attention view's state: the input, the model, teacher forcing, which matrix is shown, the
selected row, the word-piece toggles and the side tab (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.colour_scale import FIXED, SCALES
from app.view_state import ViewState

#: the side panel's tabs, in order
SIDE_TABS = ("row", "overview")
#: the kinds of attention a result may hold (engine.inference.AttentionResult's fields)
KIND_KEYS = ("encoder_self", "decoder_self", "cross")
EXAMPLE = "Friday 26, March 2021"


@dataclass
class AttentionState(ViewState):
    FORMAT1_VIEW = "attention"
    #: the model's name, or a Hugging Face folder's absolute path ("": the first model offered).
    #: First: the model decides what the other choices mean.
    model: str = ""
    text: str = EXAMPLE
    teacher_forcing: bool = False
    #: the target forced while teacher forcing is on
    target: str = ""
    #: "encoder_self", "decoder_self" or "cross"
    kind: str = "cross"
    #: the layer shown (-1: the model's last, chosen when a result arrives)
    layer: int = -1
    #: the head shown (None: the mean over heads)
    head: int | None = None
    #: the heatmap's selected row (the query inspected), None for none
    row: int | None = 0
    merge_word_pieces: bool = False
    hide_special_tokens: bool = False
    side_tab: str = "row"
    #: the heatmap's colours: "fixed" (0…1) or "fitted" (0…a robust maximum of the matrix shown,
    #: app/colour_scale.py); fixed by default, for Hugging Face folders too: one meaning of a
    #: colour until the lecturer chooses otherwise
    colour_scale: str = FIXED

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        return name != "colour_scale" or value in SCALES

    def target_forced(self) -> str | None:
        """The forced target, or None when teacher forcing is off or the target is empty."""
        return self.target if self.teacher_forcing and self.target.strip() else None
