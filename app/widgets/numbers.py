"""How numbers are shown to students: 6 significant digits, ∞ for infinity, — for nothing."""
from __future__ import annotations

import math


def format_number(value, digits: int = 6) -> str:
    """6 significant digits; "∞" / "−∞" for infinities; "—" for None or NaN; no "-0"."""
    if value is None:
        return "—"
    try:
        x = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(x):
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    return f"{x:.{digits}g}".replace("-", "−")
