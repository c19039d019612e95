"""Text sizes that follow the zoom (View ▸ Larger text, Ctrl +).

Every view and widget takes its text sizes from `font()` / `point_size()`, which scale with the
application font, so the zoom grows everything from one setting; `scaled(widget, scale)`
remembers a widget's proportion so that `rescale_fonts(root)` keeps it after a zoom.
"""
from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QWidget

#: the smallest base text size: a projector's back row
MIN_POINTS = 11.0


def point_size(scale: float = 1.0) -> float:
    """The application's text size (at least MIN_POINTS) times `scale`: follows the zoom."""
    app = QApplication.instance()
    base = app.font().pointSizeF() if app is not None else -1.0
    return max(base, MIN_POINTS) * scale


def font(scale: float = 1.0, bold: bool = False, monospace: bool = False) -> QFont:
    """The application font at `scale` times its size (at least MIN_POINTS)."""
    app = QApplication.instance()
    f = QFont(app.font()) if app is not None else QFont()
    if monospace:
        f.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        f.setStyleHint(QFont.StyleHint.Monospace)
    f.setPointSizeF(point_size(scale))
    f.setBold(bold)
    return f


def scaled(widget, scale: float = 1.0, bold: bool = False, monospace: bool = False):
    """Give `widget` a font `scale` times the application's, and remember it so that the zoom
    (`rescale_fonts`) keeps the proportion."""
    widget.setProperty("font_scale", scale)
    widget.setProperty("font_bold", bold)
    widget.setProperty("font_monospace", monospace)
    widget.setFont(font(scale, bold=bold, monospace=monospace))
    return widget


def rescale_fonts(root) -> None:
    """After a zoom: every widget under `root` that was given a scaled font gets it again at
    the new application size (widgets without one inherit the application font by themselves)."""
    for widget in [root, *root.findChildren(QWidget)]:
        scale = widget.property("font_scale")
        if scale is not None:
            widget.setFont(font(float(scale), bold=bool(widget.property("font_bold")),
                                monospace=bool(widget.property("font_monospace"))))
