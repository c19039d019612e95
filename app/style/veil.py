"""Greying of out-of-date content: a widget that shows the last good input rather than the
typed one gets a pale veil over it (app/widgets/stale_veil.py; an opacity effect missed graphics
and table viewports)."""
from __future__ import annotations

from PySide6.QtWidgets import QWidget

from app.widgets.stale_veil import StaleVeil


def set_greyed(widget: QWidget, greyed: bool) -> None:
    """Grey `widget` while it shows the last good input rather than the typed one, or no longer."""
    veil = StaleVeil.of(widget)
    if greyed:
        (veil or StaleVeil(widget)).cover()
    elif veil is not None:
        veil.hide()


def is_greyed(widget: QWidget) -> bool:
    veil = StaleVeil.of(widget)
    return veil is not None and not veil.isHidden()
