"""The app's widget style: Fusion (the one built-in style that draws every palette role) with
two corrections, each in its own module: outlined check boxes and radio buttons
(app/style/indicators.py) and menu items wide enough for their text (app/style/menu_items.py)."""
from __future__ import annotations

from PySide6.QtWidgets import QProxyStyle, QStyle

from app.style.indicators import outline_indicator
from app.style.menu_items import menu_item_size


class LabStyle(QProxyStyle):
    def __init__(self):
        # the proxy owns Fusion (PySide passes the ownership: no Python reference may delete it)
        super().__init__("Fusion")

    def drawPrimitive(self, element, option, painter, widget=None):  # noqa: N802 - Qt's name
        super().drawPrimitive(element, option, painter, widget)
        outline_indicator(element, option, painter)

    def sizeFromContents(self, kind, option, size, widget=None):  # noqa: N802 - Qt's name
        fusion_size = super().sizeFromContents(kind, option, size, widget)
        if kind == QStyle.ContentsType.CT_MenuItem:
            return menu_item_size(option, fusion_size)
        return fusion_size
