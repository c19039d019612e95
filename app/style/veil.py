"""Greying of out-of-date content: a widget that shows the last good input rather than the
typed one gets a pale veil over it (app/widgets/stale_veil.py; an opacity effect missed graphics
and table viewports)."""
from __future__ import annotations

from PySide6.QtWidgets import QWidget

from app.widgets.stale_veil import StaleVeil


def set_greyed(widget: QWidget, greyed: bool, blank: bool | None = None) -> None:
    """Grey `widget` while it shows the last good input rather than the typed one, or no longer.
    `blank=True`: hide what it shows altogether (no input on screen drew it: a restored scene),
    until it is no longer greyed; None keeps what it was."""
    veil = StaleVeil.of(widget)
    if greyed:
        veil = veil or StaleVeil(widget)
        if blank is not None:
            veil.blank = blank
        veil.cover()
        veil.update()
    elif veil is not None:
        veil.blank = False
        veil.hide()


def is_greyed(widget: QWidget) -> bool:
    veil = StaleVeil.of(widget)
    return veil is not None and not veil.isHidden()
