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
