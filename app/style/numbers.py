"""How numbers are written: `format_number` (significant digits, for measured values) and
`fixed` (a fixed number of decimals, for sums a student adds up by hand), both with a real
minus sign; `plural` for counted nouns.  Plain Python: no Qt."""
from __future__ import annotations

import math


def format_number(value, digits: int = 6) -> str:
    """`digits` significant digits; "∞" / "−∞" for infinities; "—" for None or NaN; no "-0"."""
    if value is None:
        return "—"
    try:
        x = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(x):
        return "—"
    if math.isinf(x):
        return _infinity(x)
    if x == 0:
        return "0"
    return f"{x:.{digits}g}".replace("-", "−")


def fixed(value: float, digits: int = 3) -> str:
    """A fixed number of decimals and a real minus sign (log-probabilities, scores)."""
    x = float(value)
    if math.isinf(x):
        return _infinity(x)
    text = f"{x:.{digits}f}"
    if float(text) == 0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def _infinity(x: float) -> str:
    return "∞" if x > 0 else "−∞"


def plural(count: int, one: str, many: str) -> str:
    """"1 hypothesis", "3 hypotheses": `one` and `many` hold "{0}" for the count."""
    return (one if count == 1 else many).format(count)
