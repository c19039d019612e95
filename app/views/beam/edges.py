"""The edges of the beam-search tree, all in one graphics item.

One QGraphicsPathItem per edge cost a tree of 3,000 boxes about 50 ms of the GUI thread on
each build: 3,000 more items to create and index, and each item's bounding rectangle found by
stroking its curve with its pen (Qt does that for any pen wider than one pixel) whenever its pen
or path changed.  Here an edge is four numbers, its two ends; `paint` draws only the curves
that cross the exposed part of the scene (their paths made on first use), one style after
another, the last on top, as the separate items' z-values did."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from app.widgets.tree_canvas import s_curve


class EdgeLayer(QGraphicsItem):
    """Edges keyed by their child's node id, each an S-curve from (x0, y0) to (x1, y1), x0 ≤ x1.
    `pens`: style name -> pen, in drawing order.  `set_ends`, `set_hidden`, `set_styles` and
    `set_highlighted` replace one aspect each; an edge without a style gets the first, a
    highlighted one the last (clicking through hypotheses changes only that set).  The bounding
    rectangle covers the shown edges only (a picture export sizes itself by it)."""

    def __init__(self, pens: dict[str, QPen]):
        super().__init__()
        self.pens = pens
        self._default = next(iter(pens))
        # half the widest pen, and a level curve still gets a rectangle with some height
        self._reach = max(pen.widthF() for pen in pens.values())
        self.ends: dict[int, tuple[float, float, float, float]] = {}
        self.hidden: set[int] = set()
        self.styles: dict[int, str] = {}
        self.highlighted: set[int] = set()
        self._highlight = list(pens)[-1]
        self._paths: dict[int, QPainterPath] = {}
        self._shown: dict[str, list[int]] = {}
        self._bounds = QRectF()
        # paint() gets the exposed rectangle, so only the curves crossing it are drawn
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def set_ends(self, ends: dict[int, tuple[float, float, float, float]]) -> None:
        self.ends = ends
        self._paths = {}
        self._refresh()

    def set_hidden(self, hidden: set[int]) -> None:
        self.hidden = set(hidden)
        self._refresh()

    def set_styles(self, styles: dict[int, str]) -> None:
        if styles != self.styles:
            self.styles = styles
            self._refresh()

    def set_highlighted(self, node_ids: set[int]) -> None:
        if node_ids != self.highlighted:
            self.highlighted = set(node_ids)
            self._refresh()

    def shown(self) -> dict[str, list[int]]:
        """Node ids of the drawn edges by style, in drawing order."""
        return {kind: sorted(ids) for kind, ids in self._shown.items()}

    def _refresh(self) -> None:
        shown = {kind: [] for kind in self.pens}
        left = top = float("inf")
        right = bottom = float("-inf")
        for node_id, (x0, y0, x1, y1) in self.ends.items():
            if node_id in self.hidden:
                continue
            kind = self._highlight if node_id in self.highlighted else self.styles.get(node_id, self._default)
            shown[kind].append(node_id)
            left, right = min(left, x0), max(right, x1)
            top, bottom = min(top, y0, y1), max(bottom, y0, y1)
        self.prepareGeometryChange()
        self._shown = shown
        r = self._reach
        self._bounds = QRectF(left - r, top - r, right - left + 2 * r, bottom - top + 2 * r) \
            if right >= left else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None):
        exposed, r = option.exposedRect, self._reach
        left, top, right, bottom = exposed.left() - r, exposed.top() - r, exposed.right() + r, exposed.bottom() + r
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for kind, pen in self.pens.items():
            painter.setPen(pen)
            for node_id in self._shown.get(kind, ()):
                x0, y0, x1, y1 = self.ends[node_id]
                # an S-curve lies within the rectangle of its two ends
                if x1 < left or x0 > right or max(y0, y1) < top or min(y0, y1) > bottom:
                    continue
                path = self._paths.get(node_id)
                if path is None:
                    path = self._paths[node_id] = s_curve(x0, y0, x1, y1)
                painter.drawPath(path)
