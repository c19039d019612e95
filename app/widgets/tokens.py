"""How one token is written: visible glyphs for space and the special tokens (⟨s⟩, ⟨/s⟩, ⟨?⟩, ␣).
Joining and naming several tokens by their unit (characters, words, word pieces) is
app/token_text.py, which knows the engine's units: generic widgets import nothing from engine."""
from __future__ import annotations

_SPECIAL = {" ": "␣", "<s>": "⟨s⟩", "</s>": "⟨/s⟩", "<unk>": "⟨?⟩", "<pad>": "⟨pad⟩", "\t": "⇥"}
#: the special tokens of the shipped vocabularies: never characters, words or pieces of the text
SPECIAL_TOKENS = frozenset({"<pad>", "<s>", "</s>", "<unk>"})


def display_token(token: str) -> str:
    return _SPECIAL.get(token, token)


def display_tokens(tokens) -> list[str]:
    written = _SPECIAL.get  # (512 tokens, three times a keystroke: no function call per token)
    return [written(t, t) for t in tokens]
