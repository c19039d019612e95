"""Axis titles clear of their tick labels, whatever the text size.

pyqtgraph (0.14) sizes a bottom axis as 0.8 × its tick text's height plus 0.8 × its title's box
("the bounding rect is usually an overestimate"), and with a fixed height (`setHeight`, which
`style_plot_text` and the bar charts use for their larger tick fonts) it adds nothing for the
title, although its docstring says the title's height is added.  It then puts the title's box
NUDGE pixels below the axis's bottom edge.  At 11 pt the overestimate hides the difference; from
18 pt the title was drawn over the tick numbers (the embeddings' "cosine similarity" over 0.4
and 0.6, the heatmaps' "key" over the tokens).  A left axis gets 0.8 of its turned title's box
too, with the box NUDGE pixels left of the axis: at 22 pt "density" ended 0.6 px from "0.4".

``install()`` patches AxisItem once:
- a bottom axis showing a title is as tall as its tick labels as drawn (pyqtgraph's own measure
  of the texts, or the tick font's lines) plus GAP plus the title's text, so that the title,
  placed where pyqtgraph places it, starts GAP pixels below the tallest tick label; a fixed
  height (`setHeight`: tick labels and a margin) is replaced by that.  Tick labels on several
  lines (the bar charts' two-word names) count whole.  A bottom axis without a title is as tall
  as its tick labels whole (pyqtgraph's 0.8 cut the descenders of "January" at 22 pt), or keeps
  the height its caller fixed;
- a left axis showing a Latin title (turned on its side) is as wide as its widest tick label,
  GAP and the title's text line; upright Chinese titles are sized by `app.widgets.axis_titles`.
"""
from __future__ import annotations

from PySide6.QtGui import QFontMetricsF

#: pixels between the tick labels and the title's text
GAP = 3
#: how far beyond the axis's outer edge pyqtgraph's AxisItem.resizeEvent puts the title's box
NUDGE = 5
#: pyqtgraph keeps 0.8 of a tick text's bounding height as its `textHeight`
PYQTGRAPH_TEXT_SHARE = 0.8
_installed = False


def tick_lines(axis) -> int:
    """The most lines of a tick label of `axis` (its own ticks' "\\n"; numbers take one)."""
    levels = axis._tickLevels or ()
    return 1 + max((text.count("\n") for level in levels for _, text in level), default=0)


def tick_room(axis) -> float:
    """The pixels a bottom axis's tick labels take from its top edge, as drawn: the tick
    length and offset, then the tallest text's whole height — what pyqtgraph measured at its last
    drawing (its textHeight is 0.8 of it), or the tick font's lines if taller (the font has just
    grown, not drawn yet)."""
    if not axis.style["showValues"]:
        return 0.0
    font = axis.style["tickFont"] or axis.font()
    metrics = QFontMetricsF(font)
    lines = (tick_lines(axis) - 1) * metrics.lineSpacing() + metrics.height()
    text = max(axis.textHeight / PYQTGRAPH_TEXT_SHARE, lines)
    return max(0, axis.style["tickLength"]) + axis.style["tickTextOffset"][1] + text


def title_room(axis) -> float:
    """The pixels a title takes beyond the tick labels: its line of text (its box less the
    document's margins), GAP before it, less the NUDGE by which pyqtgraph places it outside."""
    label = axis.label
    margin = label.document().documentMargin()
    return GAP + label.boundingRect().height() - margin - NUDGE


def _titled(axis) -> bool:
    return axis.label is not None and axis.label.isVisible() and bool(axis.labelText)


def install() -> None:
    """Patch pyqtgraph's AxisItem (once): bottom and left axes with a title make room for it."""
    global _installed
    if _installed:
        return
    from pyqtgraph.graphicsItems.AxisItem import AxisItem

    from app.widgets.axis_titles import stacked

    update_height, update_width = AxisItem._updateHeight, AxisItem._updateWidth

    def _fix_height(axis, height: float) -> None:
        height = float(int(height + 0.999))
        if height != axis.maximumHeight() or height != axis.minimumHeight():  # else no new layout
            axis.setMaximumHeight(height)
            axis.setMinimumHeight(height)
        axis.picture = None

    def _fix_width(axis, width: float) -> None:
        width = float(int(width + 0.999))
        if width != axis.maximumWidth() or width != axis.minimumWidth():
            axis.setMaximumWidth(width)
            axis.setMinimumWidth(width)
        axis.picture = None

    def _updateHeight(self):  # noqa: N802 - pyqtgraph's name
        if self.orientation != "bottom" or not self.isVisible() or self.label is None:
            update_height(self)
        elif _titled(self):
            _fix_height(self, tick_room(self) + title_room(self))
        elif self.fixedHeight is None:  # no title: the tick labels whole
            _fix_height(self, tick_room(self))
        else:
            update_height(self)  # the caller's height for its ticks

    def _updateWidth(self):  # noqa: N802 - pyqtgraph's name
        if (self.orientation != "left" or not self.isVisible() or self.fixedWidth is not None
                or not _titled(self) or stacked(self)):
            update_width(self)
            return
        ticks = (self.textWidth + self.style["tickTextOffset"][0]) if self.style["showValues"] else 0.0
        _fix_width(self, ticks + max(0, self.style["tickLength"]) + title_room(self))

    AxisItem._updateHeight, AxisItem._updateWidth = _updateHeight, _updateWidth
    _installed = True
