"""The attention view's state: the input, the model, teacher forcing, which matrix is shown, the
selected row, the word-piece toggles and the side tab (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.colour_scale import FIXED, SCALES
from app.view_state import ViewState, from_v1_widgets, v1_choice_text, v1_tab, v1_value

#: the side panel's tabs, in order
SIDE_TABS = ("row", "overview")
#: the kinds of attention a result may hold (engine.inference.AttentionResult's fields)
KIND_KEYS = ("encoder_self", "decoder_self", "cross")
EXAMPLE = "Friday 26, March 2021"


@dataclass
class AttentionState(ViewState):
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

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        # kind, layer and head were saved twice (combo boxes and "extra"): "extra" was applied last
        values = from_v1_widgets(widgets, {
            "AttentionControls0/QComboBox0": ("model", v1_choice_text),
            "AttentionControls0/QLineEdit0": ("text", v1_value),
            "AttentionControls0/QWidget0/QWidget0/QCheckBox0": ("teacher_forcing", v1_value),
            "AttentionControls0/QWidget0/QWidget0/QLineEdit0": ("target", v1_value),
            "WordPiecePanel0/QCheckBox0": ("merge_word_pieces", v1_value),
            "WordPiecePanel0/QCheckBox1": ("hide_special_tokens", v1_value),
            "QSplitter0/QWidget0/QTabWidget0": ("side_tab", v1_tab(SIDE_TABS)),
        })
        if model_folder is not None:
            values["model"] = model_folder
        for name, key in (("kind", "kind"), ("layer", "layer"), ("head", "head"), ("row", "row")):
            if key in extra:
                values[name] = extra[key]
        return values
