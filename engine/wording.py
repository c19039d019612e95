"""Counts in engine messages: "1 outcome", "2 outcomes" (never "1 outcomes")."""
from __future__ import annotations


def count(n: int, singular: str, plural: str | None = None) -> str:
    """`n` followed by the noun in the number it needs; `plural` defaults to singular + "s"."""
    return f"{n} {singular if n == 1 else (plural or singular + 's')}"
