"""An axis title is set again only when its SI prefix changes (app/widgets/axis_prefix.py), and
still shows pyqtgraph's prefix whenever the range calls for another one."""
import pytest


@pytest.fixture(scope="module")
def pg():
    from app.widgets import axis_prefix

    axis_prefix.install()
    import pyqtgraph

    return pyqtgraph


def title_text(axis) -> str:
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setHtml(axis.label.toHtml())
    return document.toPlainText().strip()


def counted_titles(axis) -> list:
    """Every HTML given to the axis's title from now on (pyqtgraph calls label.setHtml)."""
    calls = []
    set_html = axis.label.setHtml
    axis.label.setHtml = lambda html: (calls.append(html), set_html(html))[1]
    return calls


def test_the_title_follows_the_prefix_the_range_calls_for(qtbot, pg):
    axis = pg.AxisItem("left")
    axis.setLabel("voltage", units="V")
    # written out by hand: 2 mV reads in millivolts, 2 V in volts, 2 kV in kilovolts
    for top, expected in ((0.002, "voltage (mV)"), (2.0, "voltage (V)"), (2000.0, "voltage (kV)"),
                          (0.002, "voltage (mV)")):
        axis.setRange(0, top)
        assert title_text(axis) == expected


def test_a_unitless_title_gets_its_scale_factor_and_loses_it(qtbot, pg):
    axis = pg.AxisItem("bottom")
    axis.setLabel("count")
    axis.setRange(0, 5e9)  # pyqtgraph scales a unitless axis only below 1 and from 1e9
    assert title_text(axis) == "count (x1e+09)"
    axis.setRange(0, 50)
    assert title_text(axis) == "count"


def test_a_range_that_keeps_the_prefix_sets_no_title_but_repaints_the_ticks(qtbot, pg):
    axis = pg.AxisItem("left")
    axis.setLabel("voltage", units="V")
    axis.setRange(0, 2)
    titles = counted_titles(axis)
    for top in (3, 5, 7.5, 9):
        axis.picture = object()  # stands for the ticks drawn for the range before
        axis.setRange(0, top)
        assert axis.picture is None
    assert titles == []
    axis.setRange(0, 0.009)
    assert len(titles) == 1 and title_text(axis) == "voltage (mV)"


def test_a_hidden_title_is_not_set_at_each_range(qtbot, pg):
    axis = pg.AxisItem("top")  # a plot's top and right axes: no title, but linked to the range
    titles = counted_titles(axis)
    for top in (1, 10, 1e-4, 1e12):
        axis.setRange(0, top)
    assert titles == []
