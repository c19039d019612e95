"""Issue 25 point 3 (labels with level of detail so they never overlap at any zoom) and issue 23
("readable from the back row"): the 2-D map's word labels, read from the text items drawn, at
11 and 22 pt — no two overlap, none covers the legend or runs off the plot, the words given
priority are labelled first, and every word left unlabelled is named by the tooltip at its point."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QApplication

from app import style

GROUPS = ("month", "name", "")
NAMES = {"month": "months", "name": "names", "": "other words"}


@pytest.fixture
def word_map(qtbot):
    from app.widgets.word_map import WordMap

    chart = WordMap()
    qtbot.addWidget(chart)
    chart.resize(900, 500)
    chart.show()
    qtbot.waitExposed(chart)
    return chart


def crowded_points(n: int = 300, seed: int = 4):
    """Words in a few tight clusters and a thin spread (as a PCA of months, names, verbs)."""
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-2, 2, size=(5, 2))
    xy = np.concatenate([centres[rng.integers(0, 5, n // 2)] + rng.normal(0, 0.08, (n // 2, 2)),
                         rng.uniform(-2.5, 2.5, (n - n // 2, 2))])
    words = [f"word{i}" for i in range(n)]
    groups = [GROUPS[i % 3] for i in range(n)]
    return xy, words, groups


def drawn_labels(chart) -> list[tuple[str, QRectF]]:
    """Each label shown, with the scene rectangle of its text box."""
    return [(item.toPlainText(), item.textItem.mapRectToScene(item.textItem.boundingRect()))
            for item in chart.pool if item.isVisible()]


def show(chart, qtbot, points: int, xy, words, groups, priority) -> None:
    font = QApplication.font()
    font.setPointSize(points)
    QApplication.setFont(font)
    from app.widgets.plot_text import style_plot_text

    colours = {key: style.SERIES[i] for i, key in enumerate(GROUPS)}
    chart.set_points(xy, words, groups, NAMES, colours, priority)
    style_plot_text(chart.getPlotItem(), {"bottom": "PC1", "left": "PC2"})
    settle(qtbot)


def settle(qtbot) -> None:
    """A first drawing measures the new tick labels, the axes take their width, the plot area
    follows (and the labels are placed again for it)."""
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(20)


def assert_readable(chart) -> list[tuple[str, QRectF]]:
    labels = drawn_labels(chart)
    plot_area = chart.plot_item.vb.sceneBoundingRect()
    legend = chart.legend.sceneBoundingRect()
    for k, (word, rect) in enumerate(labels):
        assert plot_area.contains(rect), f"{word!r} runs off the plot"
        assert not rect.intersects(legend), f"{word!r} covers the legend"
        for other, other_rect in labels[k + 1:]:
            assert not rect.intersects(other_rect), f"{word!r} overlaps {other!r}"
    return labels


@pytest.mark.parametrize("points", [11, 22])
def test_labels_never_overlap_and_hidden_words_are_in_tooltips(qtbot, word_map, points):
    xy, words, groups = crowded_points()
    priority = list(range(len(words)))[::-1]  # the last words first: labelled before the rest
    show(word_map, qtbot, points, xy, words, groups, priority)
    labels = assert_readable(word_map)
    shown = {word for word, _ in labels}
    assert 10 < len(shown) < len(words), "some labels drawn, some had to give way"
    # the text items are drawn beside their own points: each label's box is within a line of it
    for item in word_map.pool:
        if item.isVisible():
            point = word_map.scene_position(words.index(item.toPlainText()))
            box = item.textItem.mapRectToScene(item.textItem.boundingRect())
            assert box.top() <= point.y() <= box.bottom()
            assert min(abs(box.left() - point.x()), abs(box.right() - point.x())) < box.height()
    # the highest-priority word that fits the plot's frame is labelled
    assert words[-1] in shown or not word_map.plot_item.vb.sceneBoundingRect().contains(
        word_map.scene_position(len(words) - 1))
    # every point in view without its label: the tooltip at the point names it
    area = word_map.plot_item.vb.sceneBoundingRect()
    hidden = [i for i, word in enumerate(words) if word not in shown and area.contains(word_map.scene_position(i))]
    assert hidden
    for i in hidden:
        word_map.scene().sigMouseMoved.emit(word_map.scene_position(i))
        assert word_map.toolTip() == words[i]


def test_zooming_in_labels_more_words_still_apart(qtbot, word_map):
    xy, words, groups = crowded_points()
    show(word_map, qtbot, 22, xy, words, groups, list(range(len(words))))
    before = {word for word, _ in assert_readable(word_map)}
    (x0, x1), (y0, y1) = word_map.plot_item.vb.viewRange()
    centre = xy[0]  # in a cluster
    word_map.plot_item.vb.setRange(QRectF(centre[0] - (x1 - x0) / 16, centre[1] - (y1 - y0) / 16,
                                          (x1 - x0) / 8, (y1 - y0) / 8), padding=0)
    settle(qtbot)
    after = {word for word, _ in assert_readable(word_map)}
    assert after - before, "zooming in shows labels that had to give way"


# ---- the bars' and the similarity matrix's word labels --------------------------------------------
def drawn_ticks(axis) -> list[tuple[str, QRectF]]:
    from tests.app.test_axis_title_room import tick_label_rects

    return tick_label_rects(axis)


def assert_apart(ticks) -> None:
    for k, (text, rect) in enumerate(ticks):
        for other, other_rect in ticks[k + 1:]:
            assert not rect.intersects(other_rect), f"{text!r} overlaps {other!r}"


@pytest.mark.parametrize("points, height, all_shown", [(11, 500, True), (22, 250, False)])
def test_bar_labels_never_overlap_and_every_bar_names_its_word(qtbot, points, height, all_shown):
    from app.views.embeddings.tab_base import HorizontalBars

    font = QApplication.font()
    font.setPointSize(points)
    QApplication.setFont(font)
    chart = HorizontalBars()
    qtbot.addWidget(chart)
    chart.resize(500, height)
    chart.show()
    qtbot.waitExposed(chart)
    words = ["February", "October", "September", "August", "July", "June", "April", "March", "December", "May"]
    scores = [0.99 - 0.01 * i for i in range(len(words))]
    chart.style_text("cosine similarity")
    chart.show_bars(words, scores)
    settle(qtbot)
    ticks = drawn_ticks(chart.getAxis("left"))
    assert_apart(ticks)
    shown_area = chart.mapToScene(chart.viewport().rect()).boundingRect()
    assert all(shown_area.contains(rect) for _, rect in ticks), "a word is cut by the chart's edge"
    shown = [text for text, _ in ticks]
    assert shown[0] == "February", "the nearest neighbour keeps its label"
    assert (shown == words) == all_shown
    vb = chart.getPlotItem().vb
    for row, word in enumerate(words):
        chart.scene().sigMouseMoved.emit(vb.mapViewToScene(QPointF(scores[row] / 2, row)))
        assert chart.toolTip().startswith(f"{word}: ")



def test_similarity_matrix_words_never_overlap_and_every_cell_names_its_pair(qtbot, make_view):
    """At 22 pt, twelve words on each axis of a 1280×680 view: the words drawn on both axes are
    apart, the first word of the list is drawn, and the tooltip over any cell names its two
    words and their cosine, as the engine's answer gives it."""
    font = QApplication.font()
    font.setPointSize(22)
    QApplication.setFont(font)
    view = make_view("embeddings", size=(1280, 680))
    words = "January February March April May June Paris London Tokyo visit buy sell"
    view.view_state.matrix_words = words
    view.view_state.tab = "matrix"
    qtbot.waitUntil(lambda: view.matrix_tab.answer is not None and view.ready() and not view.busy, timeout=60000)
    settle(qtbot)
    tab = view.matrix_tab
    plot = tab.panel.plot
    listed = words.split()
    for side in ("left", "bottom"):
        ticks = drawn_ticks(plot.getAxis(side))
        assert_apart(ticks)
        assert ticks and ticks[0][0] == listed[0]
    assert len(drawn_ticks(plot.getAxis("bottom"))) < len(listed), "some words had to give way"
    cosines = tab.answer.value.cosines
    for row, column in ((0, 1), (5, 11), (11, 6)):
        tab.graphics.scene().sigMouseMoved.emit(plot.vb.mapViewToScene(QPointF(column, row)))
        assert listed[row] in tab.graphics.toolTip() and listed[column] in tab.graphics.toolTip()
        assert tab.graphics.toolTip().endswith(style.format_number(float(cosines[row, column]), 4))
