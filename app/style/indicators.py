"""Check boxes and radio buttons with an outline that reads in both themes.

Fusion outlines an indicator in the window colour darkened by 40 % and fills it with the base
colour: on the dark theme's charcoal that is a black square with an invisible edge (below
WCAG's 3:1 for the parts that identify a control).  This style draws Fusion's indicator, then
its outline again in the palette's text colour, dimmed to the theme's muted shade."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle

OUTLINED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorRadioButton)


class OutlinedIndicators(QProxyStyle):
    def __init__(self):
        # the proxy owns Fusion (PySide passes the ownership: no Python reference may delete it)
        super().__init__("Fusion")

    def drawPrimitive(self, element, option, painter, widget=None):  # noqa: N802 - Qt's name
        super().drawPrimitive(element, option, painter, widget)
        if element not in OUTLINED:
            return
        from app.style.themes import theme

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = option.palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text) \
            if not option.state & QStyle.StateFlag.State_Enabled else QColor(theme().muted)
        painter.setPen(QPen(colour, 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        rect = QRectF(option.rect).adjusted(1, 1, -1, -1)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(rect)
        else:
            painter.drawRoundedRect(rect, 1.5, 1.5)
        painter.restore()
