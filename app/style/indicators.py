"""Check boxes and radio buttons with an outline that reads in both themes.

Fusion outlines an indicator in the window colour darkened by 40 % and fills it with the base
colour: on the dark theme's charcoal that is a black square with an invisible edge (below
WCAG's 3:1 for the parts that identify a control).  The app's style (app/style/lab_style.py)
draws Fusion's indicator, then `outline_indicator` draws its outline again in the palette's
text colour, dimmed to the theme's muted shade."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle

OUTLINED = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorRadioButton)


def outline_indicator(element, option, painter) -> None:
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
