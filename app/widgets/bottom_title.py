"""A bottom axis's title below its tick labels, whatever the text size.

pyqtgraph (0.14) sizes a bottom axis as 0.8 × its tick text's height plus 0.8 × its title's box
("the bounding rect is usually an overestimate"), and with a fixed height (`setHeight`, which
`style_plot_text` and the bar charts use for their larger tick fonts) it adds nothing for the
title, although its docstring says the title's height is added.  It then puts the title's box
5 px below the axis's bottom edge.  At 11 pt the overestimate hides the difference; from 18 pt
the title was drawn over the tick numbers (the embeddings' "cosine similarity" over 0.4 and 0.6,
the heatmaps' "key" over the tokens).

``install()`` patches AxisItem once: a bottom axis showing a title is as tall as its tick labels
as drawn (the caller's fixed height, or pyqtgraph's own measure of the texts) plus GAP plus the
title's text, so that the title, placed where pyqtgraph places it, starts GAP pixels below the
tallest tick label.  Tick labels on several lines (the bar charts' two-word names) count whole,
since pyqtgraph's measure is of the whole text.  An axis without a title keeps pyqtgraph's size.
"""
from __future__ import annotations

from PySide6.QtGui import QFontMetricsF

#: pixels between the lowest tick label and the top of the title's text
GAP = 3
#: how far below the axis's bottom edge pyqtgraph's AxisItem.resizeEvent puts the title's box
NUDGE = 5
#: pyqtgraph keeps 0.8 of a tick text's bounding height as its `textHeight`
PYQTGRAPH_TEXT_SHARE = 0.8
_installed = False


def tick_lines(axis) -> int:
    """The most lines of a tick label of `axis` (its own ticks' "\n"; numbers take one)."""
    levels = axis._tickLevels or ()
    return 1 + max((text.count("\n") for level in levels for _, text in level), default=0)


def tick_room(axis) -> float:
    """The pixels a bottom axis's tick labels take from its top edge, as drawn: the tick
    length and offset, then the tallest text's whole height — what pyqtgraph measured at its last
    drawing (its textHeight is 0.8 of it), or the tick font's lines if taller (the font has just
    grown, not drawn yet) — and never less than the caller's fixed height."""
    if not axis.style["showValues"]:
        drawn = 0.0
    else:
        font = axis.style["tickFont"] or axis.font()
        metrics = QFontMetricsF(font)
        lines = (tick_lines(axis) - 1) * metrics.lineSpacing() + metrics.height()
        text = max(axis.textHeight / PYQTGRAPH_TEXT_SHARE, lines)
        drawn = max(0, axis.style["tickLength"]) + axis.style["tickTextOffset"][1] + text
    return drawn if axis.fixedHeight is None else max(float(axis.fixedHeight), drawn)


def title_room(axis) -> float:
    """The pixels a title takes below the tick labels: its text (its box less the document's
    margins), GAP above it, less the NUDGE by which pyqtgraph places it below the axis."""
    label = axis.label
    margin = label.document().documentMargin()
    return GAP + label.boundingRect().height() - margin - NUDGE


def install() -> None:
    """Patch pyqtgraph's AxisItem (once): a bottom axis with a title makes room for it."""
    global _installed
    if _installed:
        return
    from pyqtgraph.graphicsItems.AxisItem import AxisItem

    update_height = AxisItem._updateHeight

    def _updateHeight(self):  # noqa: N802 - pyqtgraph's name
        if (self.orientation != "bottom" or not self.isVisible() or self.label is None
                or not self.label.isVisible() or not self.labelText):
            update_height(self)
            return
        height = float(int(tick_room(self) + title_room(self) + 0.999))
        if height != self.maximumHeight() or height != self.minimumHeight():
            self.setMaximumHeight(height)
            self.setMinimumHeight(height)
        self.picture = None

    AxisItem._updateHeight = _updateHeight
    _installed = True
