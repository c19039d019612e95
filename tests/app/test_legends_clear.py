"""Legends never cover data (issue 23, deliverable 6): for each plot whose legend covered curves
(Positional: curves, shift by k, naive codes; the playground's "why scale"; the entropy code
lengths), the legend's scene rectangle is compared with every data point of the plot mapped to
the scene, and must lie whole inside the plot's view box (not clipped: "eal −log₂ p").

Each view is shown at the room it gets in a 1280×680 window at the default text size, and in
a 1920×1040 one at 22 pt."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

#: what a view gets inside a 1280×680 window (see test_beam_framing.VIEW_SIZE)
VIEW_SIZE = (1266, 560)


def data_points_in_scene(plot: pg.PlotItem) -> list[QPointF]:
    """Every drawn point of the plot's visible curves and scatter items, in scene coordinates
    (getData gives the drawn, e.g. log10, coordinates)."""
    points = []
    for item in plot.listDataItems():
        if not item.isVisible():
            continue
        xs, ys = item.getData()
        if xs is None:
            continue
        for x, y in zip(xs, ys):
            if np.isfinite(x) and np.isfinite(y):
                points.append(plot.vb.mapViewToScene(QPointF(float(x), float(y))))
    return points


def bar_rects_in_scene(plot: pg.PlotItem) -> list[QRectF]:
    rects = []
    for item in plot.items:
        if isinstance(item, pg.BarGraphItem) and item.isVisible():
            opts = item.opts
            width = opts.get("width", 0.8)
            for x, height in zip(opts["x"], opts["height"]):
                corners = [plot.vb.mapViewToScene(QPointF(float(x) + dx, float(y)))
                           for dx in (-width / 2, width / 2) for y in (0.0, float(height))]
                xs, ys = [c.x() for c in corners], [c.y() for c in corners]
                rects.append(QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return rects


def assert_clear(plot: pg.PlotItem, legend: pg.LegendItem, name: str) -> None:
    box = legend.sceneBoundingRect()
    assert legend.items and box.width() > 0, name
    view = plot.vb.sceneBoundingRect()
    assert view.contains(box), f"{name}: legend {box} cut by the plot {view}"
    points = data_points_in_scene(plot)
    bars = bar_rects_in_scene(plot)
    assert points or bars, name
    covered = [p for p in points if box.contains(p)]
    assert not covered, f"{name}: the legend covers {len(covered)} of {len(points)} points"
    assert not [r for r in bars if r.intersects(box)], f"{name}: the legend covers bars"


#: what a view gets inside a 1920×1040 window (a 1920×1080 screen's work area)
LARGE_VIEW_SIZE = (1906, 900)


@pytest.fixture(params=[(None, VIEW_SIZE), (22.0, LARGE_VIEW_SIZE)], ids=["1280, default text", "1920, 22 pt"])
def text_size(request):
    """(text size, view size).  At 22 pt in 1280×680 some of these plots have no height left at
    all (deliverable 1's window-size matrix, another branch): no legend can fit there."""
    points, size = request.param
    if points is not None:
        app = QApplication.instance()
        bigger = QFont(app.font())
        bigger.setPointSizeF(points)
        app.setFont(bigger)  # the conftest puts the application's font back
    return points, size


def shown(qtbot, make_view, view_id, text_size):
    view = make_view(view_id, size=text_size[1])
    view.apply_zoom()
    return view


def test_positional_legends_leave_the_curves_clear(qtbot, make_view, text_size):
    view = shown(qtbot, make_view, "positional", text_size)
    for tab, plot, name in ((view.encoding_tab, view.encoding_tab.curve_plot, "curves"),
                            (view.shift_tab, view.shift_tab.plot, "shift by k"),
                            (view.naive_tab, view.naive_tab.steps_plot, "naive codes")):
        view.tabs.setCurrentWidget(tab)
        qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
        qtbot.wait(20)  # the layout's resize of the plots
        assert_clear(plot, tab.legend, name)


def test_why_scale_legends_leave_the_curves_clear(qtbot, make_view, text_size):
    view = shown(qtbot, make_view, "playground", text_size)
    view.tabs.setCurrentWidget(view.why_tab)
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
    qtbot.wait(20)
    tab = view.why_tab
    assert_clear(tab.spread_plot.getPlotItem(), tab.spread_legend, "spread")
    assert_clear(tab.weight_plot.getPlotItem(), tab.weight_legend, "weights")


def test_code_length_legend_is_whole_and_clear_of_the_bars(qtbot, make_view, text_size):
    view = shown(qtbot, make_view, "entropy", text_size)
    view.tabs.setCurrentWidget(view.codes_tab)
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
    qtbot.wait(20)
    chart = view.codes_tab.code_chart
    assert_clear(chart.getPlotItem(), chart.legend, "code lengths")
