"""Vertical axis titles in Chinese are drawn upright, one character under the other (issue 22,
point 6: pyqtgraph turned "概率" on its side, where it read as two unknown glyphs); Latin titles
keep pyqtgraph's rotation.  Read from the label the axis draws, in the Chinese interface."""
import pytest
from PySide6.QtCore import QCoreApplication


@pytest.fixture
def chinese(qapp):
    from app import i18n

    i18n.install("zh")
    yield
    i18n.install("en")


def left_title(chart):
    return chart.getPlotItem().getAxis("left")


def test_a_chinese_vertical_title_is_upright_and_stacked(qtbot, chinese):
    from app.widgets.paired_bars import PairedBarChart

    title = QCoreApplication.translate("DistributionsTab", "probability")
    assert title == "概率"  # the entropy chart's title, as the .qm translates it
    chart = PairedBarChart(names=("P", "Q"), y_label=title)
    qtbot.addWidget(chart)
    chart.resize(400, 300)
    chart.show()
    qtbot.waitExposed(chart)
    axis = left_title(chart)
    label = axis.label
    assert label.rotation() == 0
    assert label.toPlainText().split("\n") == ["概", "率"]  # one upright character per line
    box = label.mapRectToParent(label.boundingRect())
    assert 0 <= box.left() and box.right() <= axis.width() + 1  # inside the axis, beside the ticks
    assert abs(box.center().y() - axis.height() / 2) <= 1  # centred on the axis
    # a title with brackets keeps them in their vertical forms, Latin runs whole
    axis.setLabel("查询（生成输出）")
    assert label.toPlainText().split("\n") == ["查", "询", "︵", "生", "成", "输", "出", "︶"]
    axis.setLabel("softmax 权重 w_j")
    assert label.toPlainText().split("\n") == ["softmax", "权", "重", "w_j"]
    # back to Latin: pyqtgraph's own rotated title
    axis.setLabel("probability")
    assert label.rotation() == -90 and label.toPlainText().strip() == "probability"


def test_a_latin_vertical_title_keeps_its_rotation(qtbot):
    from app.widgets.paired_bars import PairedBarChart

    chart = PairedBarChart(names=("P", "Q"), y_label="probability")
    qtbot.addWidget(chart)
    assert left_title(chart).label.rotation() == -90
    assert left_title(chart).label.toPlainText().strip() == "probability"


@pytest.mark.parametrize("title, kept", [("query (producing output)", None), ("查询（生成输出）", None)])
def test_a_vertical_title_longer_than_its_axis_ends_in_an_ellipsis(qtbot, title, kept):
    """A plot too short for its title (22 pt on a projector) shows the title's start and an
    ellipsis inside the axis, the whole title in the tooltip; taller again, the whole title."""
    from PySide6.QtGui import QFont

    from app.widgets.paired_bars import PairedBarChart

    chart = PairedBarChart(names=("P", "Q"), y_label=title)
    qtbot.addWidget(chart)
    axis = left_title(chart)
    axis.setStyle(tickFont=QFont("DejaVu Sans", 22))
    axis.setLabel(title, **{"font-size": "22pt"})
    chart.resize(500, 250)  # the legend takes a band of its own above the bars
    chart.show()
    qtbot.waitExposed(chart)
    label = axis.label
    along = lambda: label.boundingRect().height() if label.rotation() == 0 else label.boundingRect().width()  # noqa: E731
    qtbot.waitUntil(lambda: 0 < along() <= axis.height() + 1, timeout=5000)
    shown = label.toPlainText().replace("\n", "").strip()  # pyqtgraph adds a space for the units
    assert shown.endswith("…") or shown.endswith("︙"), shown
    start = shown[:-1]
    whole = title.replace("（", "︵").replace("）", "︶")
    assert start and whole.startswith(start) and len(start) < len(whole)
    assert label.toolTip() == title
    chart.resize(500, 900)
    qtbot.waitUntil(lambda: label.toolTip() == "", timeout=5000)
    assert label.toPlainText().replace("\n", "").strip() == whole
    assert along() <= axis.height() + 1
