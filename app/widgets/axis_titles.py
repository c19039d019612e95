"""Vertical axis titles in Chinese: upright characters stacked top to bottom, not rotated.

pyqtgraph turns the title of a left or right axis by −90° as a whole.  For Latin text that is the
usual reading (bottom to top, head tilted); Chinese characters turned on their side read as other
characters ("概率" looked like two overlapping unknown glyphs on the entropy chart, issue 22 point 6).
Vertical Chinese is written with upright characters, one under the other, and that is what this
does for a title with CJK characters: the label is not rotated, each CJK character (and each run
of other characters, such as "w_j") is a centred line, and the axis is as wide as the widest line.

A vertical title longer than its axis is cut short with an ellipsis (`fit_title`), the whole
title in its tooltip.

``install()`` patches pyqtgraph's AxisItem once (a title without CJK is drawn as pyqtgraph draws
it), and installs `app.widgets.title_room` (titles clear of their tick labels) and
`app.widgets.axis_prefix` (a title set again only when its SI prefix changes); the
modules that build plots import this module, and ``app.style.plot_defaults`` calls it.
"""
from __future__ import annotations

import html
import re

#: CJK ideographs, kana, CJK punctuation and full-width forms
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")
#: one line each: a CJK character or a vertical form (︵ ︶ ︙ …); a line: a run of anything else
_SINGLE = "\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\ufe10-\ufe1f\ufe30-\ufe4f"
_LINES = re.compile(f"[{_SINGLE}]|[^\\s{_SINGLE}]+")
#: punctuation in its vertical presentation form (a horizontal bracket above a vertical word is wrong)
_VERTICAL_FORMS = str.maketrans({"（": "︵", "）": "︶", "(": "︵", ")": "︶", "：": "︰", ":": "︰", "，": "︐",
                                 "、": "︑", "；": "︔", "…": "︙", "—": "︱", "《": "︽", "》": "︾", "「": "﹁", "」": "﹂"})
#: brackets that open (in their vertical forms): a title cut short does not end on one
_OPENING = "︵︽﹁"
_installed = False


def stacked(axis) -> bool:
    """Whether `axis` draws its title upright and stacked: a vertical axis whose title has CJK."""
    return axis.orientation in ("left", "right") and bool(_CJK.search(axis.labelText or ""))


def title_lines(text: str) -> list[str]:
    """The lines of a stacked title: each CJK character alone, other runs kept whole, spaces dropped
    ("softmax 权重 w_j" → softmax, 权, 重, w_j); brackets and the like in their vertical forms
    ("（" → "︵")."""
    return _LINES.findall(text.translate(_VERTICAL_FORMS))


def _stacked_html(axis, lines: list[str] | None = None) -> str:
    style = ";".join(f"{key}: {value}" for key, value in axis.labelStyle.items())
    lines = title_lines(axis.labelText) if lines is None else lines
    body = "".join(f"<p align='center' style='margin:0'>{html.escape(line)}</p>" for line in lines)
    return f"<div style='{style}'>{body}</div>"


def _title_html(axis, shown: int) -> str:
    """The title's HTML with only its first `shown` characters (stacked: lines), and an ellipsis
    where some were left out."""
    if stacked(axis):
        lines = title_lines(axis.labelText)
        kept = lines[:shown]
        while shown < len(lines) and kept and kept[-1] in _OPENING:  # "损失︵︙": no bracket left open
            kept.pop()
        return _stacked_html(axis, lines if shown >= len(lines) else kept + ["︙"])
    text = axis.labelText
    axis.labelText = text if shown >= len(text) else text[:shown].rstrip(" (（[") + "…"
    try:
        return axis.labelString()
    finally:
        axis.labelText = text


def fit_title(axis) -> None:
    """An axis's title, cut short with an ellipsis where it is longer than the axis (at 22 pt a
    plot 300 px tall lost both ends of "query (producing output)", the Training view the first
    character of "留出集完全匹配率", and the Embeddings parallelogram's 370 px wide plot the end of
    "PC1 (63.38 % of the variance)"); the whole title is the label's tooltip then."""
    label = axis.label
    if label is None or not axis.labelText:
        return
    vertical = axis.orientation in ("left", "right")
    room = int(axis.size().height() if vertical else axis.size().width())
    key = (axis.labelText, room, tuple(sorted(axis.labelStyle.items())), stacked(axis))
    if room <= 0 or getattr(axis, "_title_fitted_for", None) == key:
        return
    axis._title_fitted_for = key
    along = (lambda: label.boundingRect().height()) if stacked(axis) else (lambda: label.boundingRect().width())
    # (a horizontal title is not rotated: its width is along the axis too)
    whole = len(title_lines(axis.labelText)) if stacked(axis) else len(axis.labelText)
    label.setHtml(_title_html(axis, whole))
    if along() <= room:
        label.setToolTip("")
        return
    low, high = 0, whole - 1  # the most characters (lines) that fit with the ellipsis
    while low < high:
        middle = (low + high + 1) // 2
        label.setHtml(_title_html(axis, middle))
        low, high = (middle, high) if along() <= room else (low, middle - 1)
    label.setHtml(_title_html(axis, low))
    label.setToolTip(axis.labelText)


def install() -> None:
    """Patch pyqtgraph's AxisItem (once): stacked titles are set, sized and placed upright."""
    global _installed
    if _installed:
        return
    from pyqtgraph.graphicsItems.AxisItem import AxisItem

    from app.widgets import axis_prefix, title_room
    title_room.install()  # and horizontal titles clear of their tick labels
    axis_prefix.install()  # a title set again only when its SI prefix changes
    update_label, resize_event, update_width = AxisItem._updateLabel, AxisItem.resizeEvent, AxisItem._updateWidth

    def _updateLabel(self):  # noqa: N802 - pyqtgraph's name
        self._title_fitted_for = None
        if not stacked(self):
            if self.orientation in ("left", "right"):
                self.label.setRotation(-90)  # pyqtgraph's own, in case the title was CJK before
            update_label(self)
        else:
            self.label.setRotation(0)
            self.label.setHtml(_stacked_html(self))
            self._adjustSize()
            self.picture = None
            self.update()
        # placed again for its fitted length, a stacked title centred as on a resize (pyqtgraph's
        # own placing put its top at the axis' middle: "softmax 权重 w_j" hung below the
        # playground's plot at 18 pt in Chinese), and a horizontal one cut to the axis's width
        self.resizeEvent()

    def resizeEvent(self, ev=None):  # noqa: N802 - Qt's name
        fit_title(self)
        resize_event(self, ev)
        if self.label is not None and stacked(self):
            box = self.label.boundingRect()
            x = 0 if self.orientation == "left" else self.size().width() - box.width()
            self.label.setPos(x, int(self.size().height() / 2 - box.height() / 2))

    def _updateWidth(self):  # noqa: N802 - pyqtgraph's name
        update_width(self)
        if self.fixedWidth is None and self.isVisible() and self.label.isVisible() and stacked(self):
            box = self.label.boundingRect()  # pyqtgraph counted 0.8 of the (rotated) title's height
            width = self.minimumWidth() - box.height() * 0.8 + box.width()
            self.setMaximumWidth(width)
            self.setMinimumWidth(width)

    AxisItem._updateLabel, AxisItem.resizeEvent, AxisItem._updateWidth = _updateLabel, resizeEvent, _updateWidth
    _installed = True


install()
