"""How the beam-search view writes tokens and outputs: every token through
app.widgets.tokens (display_token) and app.token_text (joined), so that the tree, the tables, the tooltips and the
exports show ⟨/s⟩, ⟨?⟩ (unknown), ⟨pad⟩ … the same way, and a word model's tokens as words."""
from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from app.widgets.tokens import SPECIAL_TOKENS
from app.token_text import joined
from engine.domain import is_calendar_date

__all__ = ["SPECIAL_TOKENS", "tokens_html", "after_bos", "output_text", "not_a_date"]


def tokens_html(tokens, unit: str) -> str:
    """Tokens written one after another as their unit is (engine.token_units), for rich text."""
    return html.escape(joined(tokens, unit))


def after_bos(tokens, unit: str) -> str:
    """A prefix as written after ⟨s⟩: a space and its tokens, or nothing for the empty prefix."""
    prefix = joined(tokens, unit)
    return (" " + prefix) if prefix else ""


def output_text(tokens, unit: str) -> str:
    """An output as the tables show it: its tokens up to ⟨/s⟩, special ones made visible
    (⟨pad⟩, ⟨?⟩ …) where tokenizer.decode would drop them or write "<unk>"; "∅" for nothing."""
    shown = []
    for token in tokens:
        if token == "</s>":
            break
        shown.append(token)
    return joined(shown, unit) or "∅"


def not_a_date(analysis, tokens) -> str:
    """For a date model's output that names no calendar day (2021-02-31, 1999-25-12), the mark the
    n-best rows and the tree's leaves show beside it; "" otherwise (engine.domain.is_calendar_date,
    a pure function of the text)."""
    if not analysis.dates:
        return ""
    written = []
    for token in tokens:
        if token == "</s>":
            break
        written.append(token)
    if is_calendar_date("".join(written)):
        return ""
    return QCoreApplication.translate("BeamText", "✗ not a real date")
