"""How tokens are written on axes: visible glyphs for space and the special tokens."""
from __future__ import annotations

_SPECIAL = {" ": "␣", "<s>": "⟨s⟩", "</s>": "⟨/s⟩", "<unk>": "⟨?⟩", "<pad>": "⟨pad⟩", "\t": "⇥"}


def display_token(token: str) -> str:
    return _SPECIAL.get(token, token)


def display_tokens(tokens) -> list[str]:
    return [display_token(t) for t in tokens]
