"""Level of detail for labels along an axis: in order of importance, a label is kept only where
it does not meet one already kept, so that none overlap however many there are (the embeddings'
ten neighbours at 22 pt were ten words on top of each other beside a 250 px chart)."""
from __future__ import annotations


def spaced_out(spans, gap: float = 0.0) -> list[int]:
    """The indices of `spans` ((low, high) pixel extents along the axis, most important first)
    kept: each one `gap` pixels clear of every span kept before it; in the order given."""
    kept: list[int] = []
    taken: list[tuple[float, float]] = []
    for index, (low, high) in enumerate(spans):
        if all(high + gap <= other_low or low >= other_high + gap for other_low, other_high in taken):
            kept.append(index)
            taken.append((low, high))
    return kept
