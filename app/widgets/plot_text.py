"""The text of a pyqtgraph plot — tick labels, axis titles, legend — at the application's text
size.  pyqtgraph draws its own text and does not follow the application font, so a plot calls
`style_plot_text` when it is built and again after every zoom (View.apply_zoom)."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics

from app import style
from app.widgets import axis_titles  # noqa: F401 - vertical Chinese titles upright (installs on import)

#: room between the tick labels and the bottom edge, beyond the height of one line of text (with
#: a title shown, app/widgets/title_room.py sizes the axis for the ticks and the title instead)
BOTTOM_AXIS_MARGIN = 14
#: value ranges in which pyqtgraph may scale an axis by an SI prefix: none
NO_SI_PREFIX = ()


def style_plot_text(plot: pg.PlotItem, labels: dict[str, str] | None = None, scale: float = 1.0) -> None:
    """Tick fonts of the left and bottom axes, the axis titles in `labels` ({"left": "density"}),
    and the legend's entries, all at `scale` × the application's text size."""
    font = style.font(scale)
    points = f"{font.pointSizeF():.0f}pt"
    for name, text in (labels or {}).items():
        plot.setLabel(name, text, siPrefixEnableRanges=NO_SI_PREFIX,
                      **{"font-size": points, "color": style.TEXT.name()})
    for name in ("left", "bottom"):
        axis = plot.getAxis(name)
        # Numbers as they are (0.25, not 250 with "m" in a unit that is not there).  Disabling the
        # prefix alone is not enough: with a visible label pyqtgraph (0.14) still picks a scale
        # from the current range when it is disabled, unless no range allows prefixes.
        axis.setSIPrefixEnableRanges(NO_SI_PREFIX)
        axis.enableAutoSIPrefix(False)
        axis.setStyle(tickFont=font)
        axis.setTextPen(pg.mkPen(style.plot_text()))  # the theme's plot text (app/style/themes.py)
    # pyqtgraph sizes the bottom axis for its default font; make room for larger tick labels
    plot.getAxis("bottom").setHeight(QFontMetrics(font).height() + BOTTOM_AXIS_MARGIN)
    if plot.legend is not None:
        plot.legend.setLabelTextSize(points)
        plot.legend.setLabelTextColor(style.plot_text())
        for _, label in plot.legend.items:  # the new size reaches existing entries when redrawn
            label.setText(label.text)
        plot.legend.updateSize()
