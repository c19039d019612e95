"""What is true of a sampled output whatever the model thinks: the zh-en grammar's own
probability of each English rendering, and whether a date model wrote a real calendar date.

zh-en-toy: the grammar (engine.data.zh_en) writes a Chinese sentence's English renderings
with stated probabilities (a future sentence: "will visit" 0.4, "is going to visit" 0.3, …).
For a Chinese sentence the grammar can generate, ``grammar_probabilities`` gives every valid
rendering with P(rendering | sentence) under the generating process; any other English
string has probability 0 (invalid).  The divergences compare sample frequencies q with that
distribution p (outputs outside p's support count in q only):

    total variation  TV(p, q) = ½ Σ_x |p(x) − q(x)|
    KL(p ‖ q) = Σ_x p(x) log2(p(x) / q(x))        (∞ when a valid rendering was never sampled)

Dates: an output is a valid date when it reads YYYY-MM-DD and names a day of the Gregorian
calendar (2021-02-29 does not).
"""
from __future__ import annotations

import datetime
import math
import re

ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # ASCII digits only (\d matches any script's)


def grammar_probabilities(chinese: str) -> dict[str, float] | None:
    """{English rendering: P(rendering | sentence)} for a sentence the zh-en grammar can
    generate, most probable first; None for one it cannot (typed text outside the grammar)."""
    from engine.data.zh_en import find_example

    example = find_example(chinese)
    if example is None:
        return None
    return dict(zip(example.renderings, example.probabilities))


def is_calendar_date(text: str) -> bool:
    if not ISO_DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _aligned(truth: dict[str, float], frequencies: dict[str, float]):
    support = sorted(set(truth) | set(frequencies))
    return [truth.get(x, 0.0) for x in support], [frequencies.get(x, 0.0) for x in support]


def total_variation(truth: dict[str, float], frequencies: dict[str, float]) -> float:
    p, q = _aligned(truth, frequencies)
    return 0.5 * math.fsum(abs(a - b) for a, b in zip(p, q))


def kl_bits(truth: dict[str, float], frequencies: dict[str, float]) -> float:
    """KL(truth ‖ frequencies) in bits (engine.infotheory); ∞ when a string with truth > 0
    was never sampled."""
    from engine.infotheory import kl_divergence

    return kl_divergence(*_aligned(truth, frequencies), base=2)


__all__ = ["grammar_probabilities", "is_calendar_date", "kl_bits", "total_variation"]
