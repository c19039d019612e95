"""TokenAxis lays out token labels as pyqtgraph's own AxisItem does (the oracle: pyqtgraph's
`AxisItem.generateDrawSpecs` called on the same axis), only faster: the same axis line, tick
lines, text rectangles, flags and strings, and the same room asked for the labels."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QFont, QImage, QPainter, QPicture
from PySide6.QtWidgets import QApplication

from app.widgets.token_axis import FastAxis, TokenAxis

SIDES = ("left", "bottom", "right", "top")
LABELS = ["[CLS]", "lecturer", "##s", "explain", "attention", "W", "⟨/s⟩", "a", "supercalifragilistic", "[SEP]"]


@pytest.fixture(scope="module")
def plot():
    """A shown plot with a TokenAxis on every side (module scope: laid out once)."""
    widget = pg.GraphicsLayoutWidget()
    item = widget.addPlot(axisItems={side: TokenAxis(side) for side in SIDES})
    for side in SIDES:
        item.showAxis(side)
    widget.resize(640, 420)
    widget.show()
    yield widget, item
    widget.close()


def specs(generate, axis, device):
    painter = QPainter(device)
    try:
        if axis.style["tickFont"] is not None:
            painter.setFont(axis.style["tickFont"])
        return generate(axis, painter)
    finally:
        painter.end()


def comparable(spec):
    """Draw specifications as plain tuples (pens by colour and width, points and rects by numbers)."""
    if spec is None:
        return None
    (pen, a, b), ticks, texts = spec
    return ((pen.color().rgba(), pen.widthF(), a.x(), a.y(), b.x(), b.y()),
            [(p.color().rgba(), p.widthF(), s.x(), s.y(), e.x(), e.y()) for p, s, e in ticks],
            [(r.x(), r.y(), r.width(), r.height(), int(flags), text) for r, flags, text in texts])


@pytest.mark.parametrize("points", [11, 22])
@pytest.mark.parametrize("count, view", [(10, (0, 10)), (10, (2.5, 6.5)), (40, (0, 40)), (40, (-3, 45))])
@pytest.mark.parametrize("device", ["picture", "image"])
def test_token_axis_lays_out_labels_as_pyqtgraph_does(qtbot, plot, points, count, view, device):
    widget, item = plot
    font = QFont()
    font.setPointSizeF(points)
    ticks = [[(i + 0.5, LABELS[i % len(LABELS)]) for i in range(count)]]
    for side in SIDES:
        axis = item.getAxis(side)
        axis.setTickFont(font)
        axis.setStyle(tickLength=0 if side in ("left", "bottom") else 5, hideOverlappingLabels=20)
        axis.setTicks(ticks)
    item.setXRange(*view, padding=0)
    item.setYRange(*view, padding=0)
    for _ in range(2):  # painted: the axes take the room their labels ask for, then lay out again
        widget.grab()
        QApplication.processEvents()
    for side in SIDES:
        axis = item.getAxis(side)
        target = QPicture() if device == "picture" else QImage(10, 10, QImage.Format.Format_ARGB32)
        expected = comparable(specs(pg.AxisItem.generateDrawSpecs, axis, target))
        room = (axis.textWidth, axis.textHeight)
        got = comparable(specs(TokenAxis.generateDrawSpecs, axis, target))
        assert got == expected, side
        if side in ("left", "bottom"):  # (the top axis' text is cut off by its height: none drawn)
            assert expected is not None and expected[2], f"{side}: no labels drawn, the comparison says little"
        assert (axis.textWidth, axis.textHeight) == room, side


@pytest.mark.parametrize("points", [11, 22])
@pytest.mark.parametrize("view", [(0, 1), (-13.7, 21.2), (-0.0042, 0.0171), (1990, 2026.5), (-3e5, 7e5)])
@pytest.mark.parametrize("style", [{}, {"tickAlpha": 0.4}, {"tickAlpha": 90, "tickLength": -5}, {"maxTextLevel": 0},
                                   {"tickLength": 8, "textFillLimits": [(0, 0.9)]}])
def test_automatic_numbers_are_laid_out_as_pyqtgraph_does(qtbot, points, view, style, monkeypatch):
    """No ticks set: pyqtgraph's own numbers in its levels (major, minor; the minor labels
    written while they fit), the tick pens of each level, for every side; laid out by FastAxis's
    own path, not pyqtgraph's."""
    widget = pg.GraphicsLayoutWidget()
    qtbot.addWidget(widget)
    item = widget.addPlot(axisItems={side: FastAxis(side) for side in SIDES})
    font = QFont()
    font.setPointSizeF(points)
    for side in SIDES:
        item.showAxis(side)
        item.getAxis(side).setTickFont(font)
        item.getAxis(side).setStyle(**style)
    widget.resize(560, 380)
    widget.show()
    item.setXRange(*view, padding=0)
    item.setYRange(view[0] / 3, view[1] / 3, padding=0)
    for _ in range(2):  # painted: the axes take the room their labels ask for, then lay out again
        widget.grab()
        QApplication.processEvents()
    for side in SIDES:
        axis = item.getAxis(side)
        target = QPicture()
        expected = comparable(specs(pg.AxisItem.generateDrawSpecs, axis, target))
        room = (axis.textWidth, axis.textHeight)
        pyqtgraphs = []
        monkeypatch.setattr(pg.AxisItem, "generateDrawSpecs", lambda *a: pyqtgraphs.append(a))
        got = comparable(specs(FastAxis.generateDrawSpecs, axis, target))
        monkeypatch.undo()
        assert not pyqtgraphs, "laid out by pyqtgraph's path"
        assert got == expected, side
        assert (axis.textWidth, axis.textHeight) == room, side
        assert expected[2], f"{side}: no labels drawn, the comparison says little"
        if "tickAlpha" not in style:
            assert len({tick[0] for tick in expected[1]}) >= 2, "the minor ticks' lighter pens"


def test_a_grid_is_laid_out_by_pyqtgraph(qtbot, plot):
    """A grid (ticks across the view, their alpha from the grid's) takes pyqtgraph's own path."""
    _, item = plot
    axis = item.getAxis("left")
    axis.setTicks(None)
    axis.setGrid(128)
    item.setYRange(0, 1, padding=0)
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    try:
        got = comparable(specs(TokenAxis.generateDrawSpecs, axis, image))
        expected = comparable(specs(pg.AxisItem.generateDrawSpecs, axis, image))
    finally:
        axis.setGrid(False)
    assert got == expected
    assert [text for *_, text in got[2]] == ["0.2", "0.4", "0.6", "0.8"]  # (a grid's ends are not written)


def _plot_with(axis_class):
    widget = pg.GraphicsLayoutWidget()
    widget.setBackground("w")
    item = widget.addPlot(axisItems={side: axis_class(side) for side in ("left", "bottom", "top")})
    item.showAxis("top")
    item.getAxis("top").setStyle(showValues=False, tickLength=0)
    item.getAxis("top").setTicks([[]])
    widget.resize(520, 360)
    widget.show()
    return widget, item


def _pixels(widget) -> np.ndarray:
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    return np.array(np.frombuffer(image.constBits(), np.uint32).reshape(image.height(), -1)[:, :image.width()])


def test_token_axes_paint_what_pyqtgraph_paints(qtbot):
    """The same edits on a plot with TokenAxis and on one with pyqtgraph's AxisItem (its
    recorded picture, replayed): after each — other labels, a token more (a new range), a
    larger font, a zoom — the two windows show the same pixels, except that a label may sit
    one pixel aside (pyqtgraph's replayed picture places text by the picture's metrics, to a
    fraction of a pixel): every pixel that differs is the other window's neighbour on its row."""
    ours, theirs = _plot_with(TokenAxis), _plot_with(pg.AxisItem)
    qtbot.addWidget(ours[0])
    qtbot.addWidget(theirs[0])
    font, big = QFont(), QFont()
    font.setPointSizeF(13)
    big.setPointSizeF(20)

    def edit(item, count, view, tick_font):
        ticks = [[(i + 0.5, LABELS[(i * 7) % len(LABELS)]) for i in range(count)]]
        for side in ("left", "bottom"):
            axis = item.getAxis(side)
            axis.setTickFont(tick_font)
            axis.setStyle(tickLength=0, hideOverlappingLabels=20)
            axis.setTicks(ticks)
        item.setXRange(*view, padding=0)
        item.setYRange(*view, padding=0)

    for count, view, tick_font in [(12, (0, 12), font), (13, (0, 13), font), (13, (0, 13), big),
                                   (40, (2.5, 9.5), font), (7, (0, 7), font)]:
        for widget, item in (ours, theirs):
            edit(item, count, view, tick_font)
            widget.grab()  # painted: the axes take the room their labels ask for, then lay out again
            QApplication.processEvents()
        mine, pyqtgraphs = _pixels(ours[0]), _pixels(theirs[0])
        ink = np.count_nonzero(pyqtgraphs != pyqtgraphs[0, 0])
        assert ink > 2000, "the comparison needs labels drawn"
        rows, cols = np.nonzero(mine != pyqtgraphs)
        left, right = pyqtgraphs[rows, np.maximum(cols - 1, 0)], pyqtgraphs[rows, np.minimum(cols + 1, mine.shape[1] - 1)]
        aside = (mine[rows, cols] == left) | (mine[rows, cols] == right)
        assert aside.all() and rows.size <= ink // 50, (count, view, tick_font.pointSizeF(), rows.size, ink)


def test_the_bounding_rectangle_is_pyqtgraphs_after_each_change(qtbot, plot):
    """Kept per size and style, it follows a resize, another label allowance and tick length."""
    widget, item = plot
    for size, hide, tick in [((640, 420), 20, 0), ((500, 300), 20, 0), ((500, 300), 35, 0), ((500, 300), 35, 5),
                             ((640, 420), True, -4), ((640, 420), False, 0)]:
        widget.resize(*size)
        QApplication.processEvents()
        for side in SIDES:
            axis = item.getAxis(side)
            axis.setStyle(hideOverlappingLabels=hide, tickLength=tick)
            assert axis.boundingRect() == pg.AxisItem.boundingRect(axis), (side, size, hide, tick)
