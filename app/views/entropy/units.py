"""How the Entropy & KL view names its units: "1 bit", "2.5 bits", "−log₂ p", and the bound of
the Jensen–Shannon divergence in the unit shown."""
from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication

from app import style

#: Qt's translation, by a short name (pyside6-lupdate reads translate(context, text) calls)
translate = QCoreApplication.translate

#: the logarithm each unit is measured with
UNIT_LOG = {"bits": "log₂", "nats": "ln", "hartleys": "log₁₀"}



def unit_name(unit: str, one: bool = False) -> str:
    """"bits", or "bit" for exactly one."""
    names = {"bits": (translate("EntropyView", "bit"), translate("EntropyView", "bits")),
             "nats": (translate("EntropyView", "nat"), translate("EntropyView", "nats")),
             "hartleys": (translate("EntropyView", "hartley"), translate("EntropyView", "hartleys"))}
    singular, plural = names.get(unit, (unit, unit))
    return singular if one else plural


def quantity(value, unit: str) -> str:
    """The value with its unit ("1 bit", "0.5 nats", "∞ bits"); "—" when there is no value."""
    if value is None:
        return "—"
    number = style.format_number(value)
    return f"{number} {unit_name(unit, one=number == '1')}"


def js_bound(unit: str, base: float) -> str:
    """The largest Jensen–Shannon divergence, log_base 2 (base 2, e or 10 for `unit`), in words:
    "1 bit", "ln 2 ≈ 0.693 nats", "log₁₀ 2 ≈ 0.301 hartleys"."""
    value = math.log(2) / math.log(base)
    if math.isclose(value, 1.0):
        return quantity(1, unit)
    return f"{UNIT_LOG.get(unit, 'log')} 2 ≈ {style.format_number(value, 3)} {unit_name(unit)}"
