"""The beam-search view's state: the input, the model, B, the length normalisation, what the tree
draws, how far it is revealed, the inspected node and its choices, the expected output and the
open tab (Qt-free)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from app.view_state import ViewState, from_v1_widgets, v1_choice, v1_choice_text, v1_tab, v1_value

#: the side tabs, in order
TABS = ("node", "error", "nbest")
EXAMPLE = "4 Nov 1988"
#: format 1's combo boxes and tabs, in their order then (fixed: old files are read with these)
V1_PENALTIES = ("power", "gnmt", "none")
V1_TABS = ("node", "error", "nbest")
V1_NODE = "QSplitter0/QWidget0/QTabWidget0/QStackedWidget0/QScrollArea0/QWidget0/NodePanel0/"
V1_ERROR = "QSplitter0/QWidget0/QTabWidget0/QStackedWidget0/QScrollArea1/QWidget0/ErrorPanel0/"
#: the what-if box's item text: "{token}   p = {probability}"
WHATIF_SEPARATOR = "   p = "


def attention_key(layer: int, head: int | None) -> str:
    """The node panel's cross-attention choice as a key: "2:mean" or "2:1" (0-based layer, head)."""
    return f"{layer}:{'mean' if head is None else head}"


def _v1_node_attention(saved) -> str | None:
    """Format 1 saved the English item text ("layer 2 · mean over heads", "layer 2 · head 1")."""
    text = saved.get("text") if isinstance(saved, dict) else None
    match = re.fullmatch(r"layer (\d+) · (?:mean over heads|head (\d+))", text or "")
    if match is None:
        return None
    layer, head = int(match[1]) - 1, match[2]
    return attention_key(layer, None if head is None else int(head) - 1)


def _v1_whatif_token(saved) -> str | None:
    text = saved.get("text") if isinstance(saved, dict) else None
    return text.split(WHATIF_SEPARATOR)[0] if text and WHATIF_SEPARATOR in text else None


@dataclass
class BeamState(ViewState):
    #: the model's name, or a Hugging Face folder's absolute path ("": the first model offered)
    model: str = ""
    text: str = EXAMPLE
    beam_width: int = 5
    #: "power" (log P / L^α), "gnmt" or "none"
    length_penalty: str = "power"
    alpha: float = 0.7
    show_pruned: bool = True
    show_all: bool = False
    #: the output the user expected (the error analysis), "" for none
    expected: str = ""
    tab: str = "node"
    #: steps of the search revealed in the tree (None: all)
    revealed_steps: int | None = None
    #: the token ids of the inspected node's prefix (empty: the root); kept across searches
    selected_prefix: tuple[int, ...] = ()
    #: the node panel's cross-attention choice (attention_key; "": the last layer's mean)
    node_attention: str = ""
    #: the what-if box's token, as shown ("": the most probable)
    whatif_token: str = ""
    #: draw the what-if search in the tree instead of the original
    whatif_in_tree: bool = False
    #: the node tab's pane: "next" (the next-token bars), "attention" or "whatif"
    node_pane: str = "next"

    def expected_output(self) -> str | None:
        return self.expected.strip() or None

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        values = from_v1_widgets(widgets, {
            "SearchControls0/QComboBox0": ("model", v1_choice_text),
            "SearchControls0/QLineEdit0": ("text", v1_value),
            "SearchControls0/QWidget0/QWidget0/QSpinBox0": ("beam_width", v1_value),
            "SearchControls0/QWidget0/QWidget1/QComboBox0": ("length_penalty", v1_choice(V1_PENALTIES)),
            "SearchControls0/QWidget0/QWidget2/QDoubleSpinBox0": ("alpha", v1_value),
            "SearchControls0/QWidget0/QCheckBox0": ("show_pruned", v1_value),
            "SearchControls0/QWidget0/QCheckBox1": ("show_all", v1_value),
            "QSplitter0/QWidget0/QTabWidget0": ("tab", v1_tab(V1_TABS)),
            V1_NODE + "QWidget1/QComboBox0": ("node_attention", _v1_node_attention),
            V1_NODE + "WhatIfPanel0/QWidget0/QComboBox0": ("whatif_token", _v1_whatif_token),
            V1_NODE + "WhatIfPanel0/QCheckBox0": ("whatif_in_tree", v1_value),
            V1_ERROR + "QLineEdit0": ("expected", v1_value),
        })
        if model_folder is not None:
            values["model"] = model_folder
        if "revealed_steps" in extra:
            values["revealed_steps"] = extra["revealed_steps"]
        if "selected_prefix" in extra:
            values["selected_prefix"] = extra["selected_prefix"]
        return values
