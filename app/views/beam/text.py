"""How the beam-search view writes tokens and outputs: every token through
app.widgets.tokens.display_token, so that the tree, the tables, the tooltips and the exports
show ⟨/s⟩, ⟨?⟩ (unknown), ⟨pad⟩ … the same way."""
from __future__ import annotations

import html

from app.widgets.tokens import display_token

#: the special tokens of every target vocabulary: never part of the text of an output
SPECIAL_TOKENS = frozenset({"<pad>", "<s>", "</s>", "<unk>"})


def tokens_html(tokens) -> str:
    """Tokens written one after another, for rich text."""
    return "".join(html.escape(display_token(t)) for t in tokens)


def after_bos(tokens) -> str:
    """A prefix as written after ⟨s⟩: a space and its tokens, or nothing for the empty prefix."""
    prefix = "".join(display_token(t) for t in tokens)
    return (" " + prefix) if prefix else ""


def separator(vocab) -> str:
    """"" for a character vocabulary (every ordinary token one character), else " " (words)."""
    return "" if all(len(t) == 1 for t in vocab if t not in SPECIAL_TOKENS) else " "


def output_text(tokens, vocab) -> str:
    """An output as the tables show it: its tokens up to ⟨/s⟩, special ones made visible
    (⟨pad⟩, ⟨?⟩ …) where tokenizer.decode would drop them or write "<unk>"; "∅" for nothing."""
    shown = []
    for token in tokens:
        if token == "</s>":
            break
        shown.append(display_token(token))
    return separator(vocab).join(shown) or "∅"


def character_count(tokens) -> int:
    """The characters an output's tokens write: ⟨s⟩, ⟨/s⟩ and the other special tokens are not characters."""
    return sum(1 for t in tokens if t not in SPECIAL_TOKENS)
