"""Legends never cover data (issue 23, deliverable 6): for each plot whose legend covered curves
(Positional: curves, shift by k, naive codes; the playground's "why scale"; the entropy code
lengths), the legend's scene rectangle is compared with every data point drawn in the plot's
view box, mapped to the scene, and must lie whole inside the plot (not clipped: "eal −log₂ p")
and inside the picture's visible part.

Each view is shown at the room it gets in a 1280×680 window at the default text size, and in
a 1920×1040 one at 22 pt; every legend of every view, in every tab, at 11 and 22 pt in the room a
1280×680 window leaves at that size, in English and Chinese (`test_every_legend_leaves_the_data_clear`)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication, QTabWidget

#: how often the plots' geometry is compared while the nested layouts settle
LAYOUT_MS = 50


def settle_layouts(qtbot, view) -> None:
    """Wait until the view's plots and legends stop moving (the nested layouts' passes that resize
    the plots and give the legends their bands): the same geometry two looks in a row."""
    def geometry():
        return [(item.sceneBoundingRect().getRect()) for graphics in view.findChildren(pg.GraphicsView)
                for item in graphics.scene().items() if isinstance(item, (pg.LegendItem, pg.ViewBox))]

    before, same = None, 0
    for _ in range(60):  # 3 s at most
        qtbot.wait(LAYOUT_MS)
        now = geometry()
        same = same + 1 if now == before else 0
        if same >= 2:
            return
        before = now
#: what a view gets inside a 1280×680 window (see test_beam_framing.VIEW_SIZE)
VIEW_SIZE = (1266, 560)


def data_points_in_scene(plot: pg.PlotItem) -> list[QPointF]:
    """Every drawn point of the plot's visible curves and scatter items, in scene coordinates
    (getData gives the drawn, e.g. log10, coordinates); the view box clips what lies outside it."""
    shown = plot.vb.sceneBoundingRect()
    points = []
    for item in plot.listDataItems():
        if not item.isVisible():
            continue
        xs, ys = item.getData()
        if xs is None:
            continue
        for x, y in zip(xs, ys):
            if np.isfinite(x) and np.isfinite(y):
                point = plot.vb.mapViewToScene(QPointF(float(x), float(y)))
                if shown.contains(point):
                    points.append(point)
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
    shown = plot.vb.sceneBoundingRect()
    return [r.intersected(shown) for r in rects if r.intersects(shown)]


def visible_scene_rect(plot: pg.PlotItem) -> QRectF:
    """The part of the plot's scene its graphics view shows."""
    view = plot.scene().views()[0]
    return view.mapToScene(view.viewport().rect()).boundingRect()


def assert_clear(plot: pg.PlotItem, legend: pg.LegendItem, name: str, need_data: bool = True) -> None:
    box = legend.sceneBoundingRect()
    assert legend.items and box.width() > 0, name
    whole = plot.sceneBoundingRect().intersected(visible_scene_rect(plot))
    assert whole.adjusted(-1, -1, 1, 1).contains(box), f"{name}: legend {box} cut by the plot {whole}"
    points = data_points_in_scene(plot)
    bars = bar_rects_in_scene(plot)
    assert points or bars or not need_data, f"{name}: no data drawn"
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
        if tab is view.naive_tab:
            tab.steps_button.setChecked(True)  # at large text the steps are a half of their own
        qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
        settle_layouts(qtbot, view)
        assert_clear(plot, tab.legend, name)


def test_why_scale_legends_leave_the_curves_clear(qtbot, make_view, text_size):
    view = shown(qtbot, make_view, "playground", text_size)
    view.tabs.setCurrentWidget(view.why_tab)
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
    settle_layouts(qtbot, view)
    tab = view.why_tab
    assert_clear(tab.spread_plot.getPlotItem(), tab.spread_legend, "spread")
    assert_clear(tab.weight_plot.getPlotItem(), tab.weight_legend, "weights")


def test_code_length_legend_is_whole_and_clear_of_the_bars(qtbot, make_view, text_size):
    view = shown(qtbot, make_view, "entropy", text_size)
    view.tabs.setCurrentWidget(view.codes_tab)
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
    settle_layouts(qtbot, view)
    chart = view.codes_tab.code_chart
    assert_clear(chart.getPlotItem(), chart.legend, "code lengths")


# ---- every legend of every view --------------------------------------------------------------
#: the views with a legend in one of their plots (grep app/ for addLegend and add_legend)
LEGEND_VIEWS = ("positional", "playground", "entropy", "language_model", "embeddings", "training")
#: the room a 1280×680 window leaves a view (its page) at 11 and 22 pt in Chinese, the smaller
#: of the two languages (the window's menu bar with the folded view names is taller)
PAGE_AT = {11: (1272, 565), 22: (1272, 580)}


def plot_of(legend: pg.LegendItem) -> pg.PlotItem:
    item = legend.parentItem()
    while item is not None and not isinstance(item, pg.PlotItem):
        item = item.parentItem()
    assert item is not None, "a legend outside any plot"
    return item


def shown_legends(view) -> list[pg.LegendItem]:
    legends = []
    for graphics in view.findChildren(pg.GraphicsView):
        if graphics.isVisible():
            legends += [item for item in graphics.scene().items()
                        if isinstance(item, pg.LegendItem) and item.isVisible() and item.items]
    return legends


def each_tab(view, qtbot):
    """Show every page of every tab widget of the view in turn (nested ones too), settled."""
    seen = set()

    def walk():
        for tabs in view.findChildren(QTabWidget):
            if not tabs.isVisible() or id(tabs) in seen:
                continue
            seen.add(id(tabs))
            for index in range(tabs.count()):
                tabs.setCurrentIndex(index)
                # a tab may start work (the language model's corpus): allow for a loaded machine
                qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=60000)
                settle_layouts(qtbot, view)
                yield tabs.tabText(index)
                yield from walk()
    settle_layouts(qtbot, view)
    yield ""
    yield from walk()


@pytest.mark.parametrize("language", ["en", pytest.param("zh", marks=pytest.mark.slow)])
@pytest.mark.parametrize("points", [11, 22])
@pytest.mark.parametrize("view_id", [pytest.param(v, marks=[] if v == "positional" else [pytest.mark.slow])
                                     for v in LEGEND_VIEWS])
def test_every_legend_leaves_the_data_clear(qtbot, make_view, view_id, points, language):
    """In every tab of the views with legends, at 11 and 22 pt in the room a 1280×680 window
    leaves: each legend shown is whole and covers no drawn point or bar."""
    from app import i18n

    app = QApplication.instance()
    font = QFont(app.font())
    font.setPointSizeF(points)
    app.setFont(font)  # the conftest puts the application's font back
    i18n.install(language)
    try:
        view = make_view(view_id, size=PAGE_AT[points])
        view.apply_zoom()
        checked = 0
        for tab in each_tab(view, qtbot):
            for legend in shown_legends(view):
                # a plot may show its legend before its data (training: before the first step)
                assert_clear(plot_of(legend), legend, f"{view_id} {tab!r} {points} pt {language}", need_data=False)
                checked += 1
    finally:
        i18n.install("en")
    assert checked or view_id == "training", f"no legend shown in {view_id}"  # training: only once a run has steps


def test_the_curves_list_shows_each_curves_colour_when_the_legend_folds(qtbot, make_view):
    """At 22 pt the Encoding tab's curve plot is too small for its legend and the curves: the
    legend folds and the list of dimensions, beside the plot, shows each plotted dimension with
    its curve's colour (an independent check: the icon's pixels against the curve's pen)."""
    app = QApplication.instance()
    font = QFont(app.font())
    font.setPointSizeF(22)
    app.setFont(font)
    view = make_view("positional", size=PAGE_AT[22])
    view.apply_zoom()
    tab = view.encoding_tab
    view.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=20000)
    settle_layouts(qtbot, view)
    assert not tab.legend.isVisible(), "the legend should fold at 22 pt on 1280×680"
    plot_height = tab.curve_plot.vb.height()
    assert plot_height >= 3 * QFontMetricsF(app.font()).lineSpacing(), f"the curves have {plot_height} px"
    shown = 0
    for row in range(tab.dimension_list.count()):
        item = tab.dimension_list.item(row)
        column = item.data(Qt.ItemDataRole.UserRole)
        if column not in tab.selected:
            assert item.icon().isNull()
            continue
        curve = tab.curves[tab.selected.index(column)]
        image = item.icon().pixmap(24, 24).toImage()
        assert image.pixelColor(12, 12).name() == curve.opts["pen"].color().name(), f"dim {column}"
        shown += 1
    assert shown == len(tab.selected) > 0
