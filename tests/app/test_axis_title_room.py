"""Issue 23, "no text overlapping" inside the plots: an axis title never lies on its tick labels,
at the normal text size and at 22 pt (from 18 pt "cosine similarity" was drawn over 0.4 and 0.6,
the heatmaps' "key" over the tokens; at 22 pt the Gaussians' "density" reached into "0.4").

The geometry is pyqtgraph's own: `AxisItem.generateDrawSpecs` gives each tick label's rectangle
and alignment; the text is drawn top-aligned in it without clipping, so the pixels it takes are
`QPainter.boundingRect(rect, flags, text)` with the axis's tick font (pyqtgraph's own rectangle
keeps only 0.8 of that height).  The title is the axis's `label` item: its box less the text
document's empty margin is where its line of text is drawn.  Both are mapped to the scene."""
from __future__ import annotations

import pytest
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsView, QTabWidget

from app.views import view_ids

SIZES = (11, 22)


def tick_label_rects(axis) -> list[tuple[str, QRectF]]:
    """Each tick label of `axis` with the scene rectangle its text is drawn in."""
    image = QImage(8, 8, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        specs = axis.generateDrawSpecs(painter)
        if not specs:
            return []
        if axis.style["tickFont"] is not None:
            painter.setFont(axis.style["tickFont"])
        return [(text, axis.mapRectToScene(painter.boundingRect(rect, flags, text))) for rect, flags, text in specs[2]]
    finally:
        painter.end()


def title_rect(axis) -> QRectF:
    """The scene rectangle of the axis title's text (its box less the document's margins)."""
    label = axis.label
    margin = label.document().documentMargin()
    return label.mapRectToScene(label.boundingRect().adjusted(margin, margin, -margin, -margin))


def titled_axes(root, sides=("bottom", "left")) -> list:
    """The axes on `sides` showing a title in the graphics views shown under `root`."""
    found = []
    views = ([root] if isinstance(root, QGraphicsView) else []) + root.findChildren(QGraphicsView)
    for graphics in views:
        if not graphics.isVisible() or graphics.scene() is None:
            continue
        found += [item for item in graphics.scene().items()
                  if isinstance(item, pg.AxisItem) and item.orientation in sides and item.isVisible()
                  and item.label is not None and item.label.isVisible() and item.labelText]
    return found


def title_problems(root, where: str) -> list[str]:
    problems = []
    for axis in titled_axes(root):
        title = title_rect(axis)
        hit = [text for text, rect in tick_label_rects(axis) if rect.intersects(title)]
        if hit:
            problems.append(f"{where}: the {axis.orientation} title {axis.labelText!r} lies on the tick "
                            f"labels {hit[:4]} (axis {axis.width():.0f}×{axis.height():.0f} px)")
    return problems


def clearance(axis) -> float:
    """Pixels between the title's text and the nearest tick label, across the axis (negative:
    they overlap)."""
    title, ticks = title_rect(axis), [rect for _, rect in tick_label_rects(axis)]
    if axis.orientation == "bottom":
        return title.top() - max(rect.bottom() for rect in ticks)
    return min(rect.left() for rect in ticks) - title.right()


#: the least room between a title and its tick labels (descenders and accents touch below that)
LEAST_CLEARANCE = 2


def set_points(points: int) -> None:
    font = QApplication.font()
    font.setPointSize(points)
    QApplication.setFont(font)


def shown(qtbot, *widgets, size=(500, 400)) -> None:
    """`widgets` shown at `size`, drawn once and laid out again for what the drawing measured."""
    for widget in widgets:
        qtbot.addWidget(widget)
        widget.resize(*size)
        widget.show()
        qtbot.waitExposed(widget)
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(20)


def settle(qtbot, view) -> None:
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=90000)
    for _ in range(3):  # a first drawing measures the tick labels, the layout follows
        QApplication.processEvents()
        qtbot.wait(20)


@pytest.mark.parametrize("points", SIZES)
def test_a_plot_title_stays_below_its_tick_numbers(qtbot, points):
    """The shared styling (style_plot_text's fixed height for its larger tick font) and
    pyqtgraph's own sizing (a heatmap's axis): the title starts below the numbers, and not far;
    a left axis's title (turned on its side) keeps clear of its numbers too (at 22 pt pyqtgraph
    left 0.6 px between "density" and "0.4")."""
    from app.widgets.heatmap import AttentionHeatmap
    from app.widgets.plot_text import style_plot_text

    set_points(points)
    plot = pg.PlotWidget()
    plot.plot([0, 0.5, 1.0], [1, 2, 3])
    style_plot_text(plot.getPlotItem(), {"bottom": "cosine similarity", "left": "density"})
    heatmap = AttentionHeatmap()
    heatmap.set_text_size(points)
    heatmap.set_matrix([[0.5, 0.5], [0.2, 0.8]], ["a", "b"], ["key one", "two"])
    shown(qtbot, plot, heatmap)
    for widget in (plot, heatmap):
        assert not title_problems(widget, type(widget).__name__)
        (axis,) = titled_axes(widget, ("bottom",))
        lowest = max(rect.bottom() for _, rect in tick_label_rects(axis))
        assert tick_label_rects(axis), "the tick labels are drawn"
        assert title_rect(axis).top() - lowest < axis.label.boundingRect().height(), "no empty band"
    for axis in titled_axes(plot):
        assert clearance(axis) >= LEAST_CLEARANCE, f"{axis.orientation}: {clearance(axis):.1f} px"


def test_word_labels_on_two_lines_keep_every_label_and_their_title_below(qtbot):
    """Bar names on two lines ("partly / sunny", as PairedBarChart breaks them) under a title at
    22 pt: pyqtgraph drops a tick label that does not fit inside its axis, so an axis sized for
    one line of labels would hide them; every name is drawn, whole, and the title below them."""
    from app.widgets.plot_text import style_plot_text

    set_points(22)
    plot = pg.PlotWidget()
    plot.plot([0, 1, 2], [1, 2, 3])
    style_plot_text(plot.getPlotItem(), {"bottom": "weather"})
    names = [(0.0, "partly\nsunny"), (1.0, "rain"), (2.0, "heavy\nsnow")]
    plot.getPlotItem().getAxis("bottom").setTicks([names])
    plot.setXRange(-0.6, 2.6, padding=0)  # room for the end names beside the axis' ends
    shown(qtbot, plot, size=(600, 400))
    axis = plot.getPlotItem().getAxis("bottom")
    drawn = tick_label_rects(axis)
    assert [text for text, _ in drawn] == [text for _, text in names]
    assert all(rect.height() > 1.5 * axis.label.boundingRect().height() / 2 for text, rect in drawn if "\n" in text)
    assert not title_problems(plot, "two-line names")
    assert clearance(axis) >= LEAST_CLEARANCE


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_checks_see_a_title_on_the_numbers(qtbot, language):
    """The check itself: a title moved up onto the numbers (where pyqtgraph's own sizing left it
    at 22 pt) is reported, in Latin and in Chinese text."""
    from app.widgets.plot_text import style_plot_text

    set_points(22)
    plot = pg.PlotWidget()
    plot.plot([0, 0.5, 1.0], [1, 2, 3])
    style_plot_text(plot.getPlotItem(), {"bottom": "cosine similarity" if language == "en" else "余弦相似度"})
    shown(qtbot, plot)
    assert not title_problems(plot, "as laid out")
    label = plot.getPlotItem().getAxis("bottom").label
    label.setPos(label.pos().x(), label.pos().y() - label.boundingRect().height())
    assert title_problems(plot, "moved up")


@pytest.mark.slow  # every view and tab at two text sizes (5-20 s a view)
@pytest.mark.parametrize("view_id", view_ids())
def test_no_axis_title_lies_on_its_tick_labels(qtbot, make_view, view_id):
    """Every view, every tab, at 11 and 22 pt in a page of what a 1280×680 window leaves at 22 pt."""
    from app.widgets.scrolling_page import ScrollingPage

    problems = []
    view = make_view(view_id, size=None, until=None)

    def laid_out_problems(where: str) -> list[str]:
        # a legend in its own band lays its plot out again after the tab is shown (a pass or two
        # more than `settle` waits for: the Code lengths chart's axis took 200 ms to widen at
        # 22 pt); what stays after that is a title on its numbers
        try:
            qtbot.waitUntil(lambda: not title_problems(view, where), timeout=2000)
        except qtbot.TimeoutError:
            pass
        return title_problems(view, where)

    page = ScrollingPage(view)
    page.setObjectName("view_page")
    page.resize(1272, 580)
    page.show()
    try:
        qtbot.waitExposed(page)
        for points in SIZES:
            set_points(points)  # the views follow the application font (View.apply_zoom)
            settle(qtbot, view)
            problems += laid_out_problems(f"{points} pt")
            for tabs in view.findChildren(QTabWidget):
                if not tabs.isVisible():
                    continue
                shown = tabs.currentIndex()
                for index in range(tabs.count()):
                    tabs.setCurrentIndex(index)
                    settle(qtbot, view)
                    problems += laid_out_problems(f"{points} pt, tab {tabs.tabText(index)!r}")
                tabs.setCurrentIndex(shown)
    finally:
        page.takeWidget()
        page.close()
    assert not problems, "\n".join(problems)
