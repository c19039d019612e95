"""The beam-search view's state: the input, the model, B, the length normalisation, what the tree
draws, how far it is revealed, the inspected node and its choices, the expected output and the
open tab (Qt-free)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from app.view_state import ViewState

#: the side tabs, in order
TABS = ("node", "error", "nbest")
EXAMPLE = "4 Nov 1988"
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
    FORMAT1_VIEW = "beam"
    FORMAT1_READERS = {"node_attention": _v1_node_attention, "whatif_token": _v1_whatif_token}
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
