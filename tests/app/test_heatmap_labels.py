"""The heatmap's numbers and token labels as pyqtgraph lays them out (issue 9): every input
character keeps its tick label however narrow the cells get, and the colour bar keeps all its
numbers at text ×2.  The labels are read back from the axes' draw specifications, i.e. what
would be painted, and compared with the tokens / values given."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter

from app.widgets.heatmap import AttentionHeatmap
from app.widgets.tokens import display_tokens


def draw_specs(axis):
    """What `axis` would paint now: pyqtgraph's (axis, ticks, texts) draw specifications, whose
    texts are (rect, flags, string) (pyqtgraph leaves out those that do not fit)."""
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        return axis.generateDrawSpecs(painter)
    finally:
        painter.end()


def drawn_labels(axis) -> list[str]:
    """The tick strings `axis` would paint now."""
    specs = draw_specs(axis)
    return [text for _, _, text in specs[2]] if specs else []


def drawn_rects(axis) -> list:
    """The rectangles of the tick strings `axis` would paint now, left to right / top down."""
    specs = draw_specs(axis)
    return sorted((rect for rect, _, _ in specs[2]), key=lambda r: (r.left(), r.top())) if specs else []


def shown_heatmap(qtbot, width, height, points, rows, columns):
    heatmap = AttentionHeatmap()
    qtbot.addWidget(heatmap)
    heatmap.set_text_size(points)
    heatmap.resize(width, height)
    heatmap.show()
    qtbot.waitExposed(heatmap)
    matrix = np.random.default_rng(0).dirichlet(np.ones(len(columns)), size=len(rows))
    heatmap.set_matrix(matrix, rows, columns)
    qtbot.wait(50)
    return heatmap


@pytest.mark.parametrize("length", [38, 39, 40, 41])
@pytest.mark.parametrize("width", [620, 1000])
def test_every_input_character_keeps_its_tick_while_they_fit(qtbot, length, width):
    """Issue 9: every character of a date keeps its label (the first one included) where the
    characters fit side by side; issue 23: in a heatmap too narrow for that ('W' is wider than
    a 12 px cell at 620 px) every k-th, and never two overlapping."""
    text = ("Wednesday, 4 November 1988 and Monday 26 March" * 2)[:length]
    columns = list(text)
    heatmap = shown_heatmap(qtbot, width, 360, 11, list("2021-03-26") + ["</s>"], columns)
    bottom = drawn_labels(heatmap.plot.getAxis("bottom"))
    if width >= 1000:
        assert bottom == display_tokens(columns)
    else:
        step = heatmap.column_ticks.step
        assert step > 1 and bottom == display_tokens(columns)[::step]
    rects = drawn_rects(heatmap.plot.getAxis("bottom"))
    assert all(not a.intersects(b) for a, b in zip(rects, rects[1:]))
    assert drawn_labels(heatmap.plot.getAxis("left")) == display_tokens(list("2021-03-26") + ["</s>"])


@pytest.mark.parametrize("points", [11, 22, 28])
def test_the_colour_bar_keeps_all_its_numbers_when_the_text_grows(qtbot, points):
    heatmap = shown_heatmap(qtbot, 900, 600, points, list("1988"), list("4 Nov"))
    labels = drawn_labels(heatmap.colorbar.axis)
    assert sorted(float(v) for v in labels) == pytest.approx(list(np.linspace(0.0, 1.0, 6)))


@pytest.mark.parametrize("width", [300, 420, 1400])
def test_the_selected_row_panel_labels_only_keys_that_fit_side_by_side(qtbot, width):
    """The row panel is narrow: its key labels are every k-th key (the first included), the
    smallest k at which no two overlap (their widths measured here), and all of them when there
    is room."""
    from PySide6.QtGui import QFontMetricsF

    from app.views.attention.row_panel import RowPanel

    panel = RowPanel()
    qtbot.addWidget(panel)
    panel.resize(width, 360)
    panel.show()
    qtbot.waitExposed(panel)
    keys = list("Saturday, 17 September 2005, 10:00 am")
    row = np.random.default_rng(1).dirichlet(np.ones(len(keys)))
    panel.show_row(0, row, "2", keys, len(keys))
    qtbot.wait(50)
    labels = display_tokens(keys)
    axis = panel.plot.getAxis("bottom")
    metrics = QFontMetricsF(axis.style["tickFont"])
    vb = panel.plot.getPlotItem().vb

    def overlapping(step) -> bool:
        """Whether two neighbours among every step-th label, centred on their keys' x on screen,
        would overlap (their measured widths)."""
        shown = list(range(0, len(labels), step))
        x = [vb.mapViewToScene(QPointF(i, 0)).x() for i in shown]
        w = [max(metrics.horizontalAdvance(labels[i]), metrics.boundingRect(labels[i]).width()) for i in shown]
        separation = 3  # pixels between two labels, so that they never touch
        return any(x[n] + w[n] / 2 + separation > x[n + 1] - w[n + 1] / 2 for n in range(len(shown) - 1))

    drawn = drawn_labels(axis)
    fitting = next(k for k in range(1, len(keys) + 1) if not overlapping(k))
    assert drawn == labels[::fitting]
    rects = drawn_rects(axis)
    assert all(not a.intersects(b) for a, b in zip(rects, rects[1:]))
    if width == 1400:
        assert drawn == labels


def test_label_step_is_the_smallest_step_whose_drawn_labels_do_not_overlap():
    """Against the definition checked pair by pair, on random label widths and spacings."""
    from app.widgets.heatmap import label_step

    def smallest(indices, extents, spacing, gap):
        for step in range(1, len(indices) + 1):
            shown = [i for i in indices if i % step == 0]
            if all((extents[a] + extents[b]) / 2 + gap <= (b - a) * spacing for a, b in zip(shown, shown[1:])):
                return step
        return len(indices)

    rng = np.random.default_rng(7)
    for _ in range(200):
        n = int(rng.integers(1, 60))
        extents = list(rng.uniform(2, 80, size=n))
        indices = range(n)  # from 0: every step below n draws two labels or more
        spacing, gap = float(rng.uniform(0.5, 40)), float(rng.choice([0.0, 3.0]))
        assert label_step(indices, extents, spacing, gap) == smallest(list(indices), extents, spacing, gap)
        # a zoomed axis shows positions from elsewhere than 0 (given as a range or as a list)
        start = int(rng.integers(0, n))
        visible = range(start, int(rng.integers(start, n)) + 1)
        expected = smallest(list(visible), extents, spacing, gap)
        assert label_step(visible, extents, spacing, gap) == expected
        assert label_step(list(visible), extents, spacing, gap) == expected
