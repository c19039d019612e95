"""The category names under the P/Q bars (Entropy & KL): read back from what pyqtgraph would
paint, they never run into each other, a name that fits is shown whole, and a name of two
words that does not fit one line is shown on two lines rather than cut ("partly sunny" and
"partly cloudy" were both "part…")."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics

from app.widgets.paired_bars import PairedBarChart

from test_heatmap_labels import drawn_labels  # the tick strings pyqtgraph would paint

WEATHER = ["sunny", "partly sunny", "partly cloudy", "cloudy", "light rain", "rain", "heavy rain", "thunderstorm"]


def shown_chart(qtbot, width, labels):
    chart = PairedBarChart()
    qtbot.addWidget(chart)
    chart.resize(width, 220)
    chart.show()
    qtbot.waitExposed(chart)
    chart.set_data(labels, [1 / len(labels)] * len(labels), [1 / len(labels)] * len(labels))
    qtbot.wait(50)
    return chart


@pytest.mark.parametrize("width", [420, 520, 900])
def test_category_names_fit_their_bars_and_two_word_names_take_two_lines(qtbot, width):
    chart = shown_chart(qtbot, width, WEATHER)
    axis = chart.getPlotItem().getAxis("bottom")
    metrics = QFontMetrics(axis.style["tickFont"])
    slot = chart.getPlotItem().vb.width() / len(WEATHER)
    drawn = drawn_labels(axis)
    assert len(drawn) == len(WEATHER)  # none dropped by the axis for lack of height
    for name, text in zip(WEATHER, drawn):
        lines = text.split("\n")
        assert all(metrics.horizontalAdvance(line) < slot for line in lines), (name, text, slot)
        if metrics.horizontalAdvance(name) < slot - 3:
            assert text == name  # fits: whole, on one line
        elif " " in name and all(metrics.horizontalAdvance(w) < slot - 3 for w in name.split(" ")):
            assert lines == name.split(" ")  # two words that fit one under the other
        else:  # shortened: what is left is the beginning of the name (or of each word)
            assert all(line.rstrip("…") and (name.startswith(line.rstrip("…")) or line.rstrip("…") in name)
                       for line in lines)
    if any("\n" in text for text in drawn):
        assert axis.height() >= 2 * metrics.height()
    # "partly sunny" and "partly cloudy" can be told apart
    assert drawn[1] != drawn[2]


def test_short_names_keep_one_line_and_a_one_line_axis(qtbot):
    chart = shown_chart(qtbot, 600, ["a", "b", "c"])
    axis = chart.getPlotItem().getAxis("bottom")
    assert drawn_labels(axis) == ["a", "b", "c"]
    assert axis.height() < 2 * QFontMetrics(axis.style["tickFont"]).height()
