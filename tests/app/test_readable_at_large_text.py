"""Issue 23, details of "readable from the back row" that the layout test does not measure: a
vertical axis title that is longer than its chart was cut ("probabili" at 22 pt), and the status
bar's models were elided ("date-transformer: ready · zh-en…") where a shorter form fits whole."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from app import style


@pytest.fixture
def text_22_pt(qtbot):
    """The application's text at 22 pt (conftest puts the font back after the test)."""
    font = QApplication.font()
    font.setPointSize(22)
    QApplication.setFont(font)
    return font


def test_a_bar_chart_is_as_tall_as_its_vertical_title(qtbot, text_22_pt):
    """At 22 pt the chart, squeezed to its minimum height, still gives its left axis the length
    of its title measured with the font's metrics (pyqtgraph cuts what is longer)."""
    from app.widgets.paired_bars import PairedBarChart

    chart = PairedBarChart(y_label="probability")
    qtbot.addWidget(chart)
    chart.resize(400, chart.minimumHeight())
    chart.show()
    qtbot.waitExposed(chart)
    axis = chart.getPlotItem().getAxis("left")
    title = QFontMetrics(style.font()).horizontalAdvance("probability")
    qtbot.waitUntil(lambda: axis.height() > 0)
    assert axis.height() >= title, f"the axis is {axis.height():.0f} px, its title {title} px"


def status_texts(states: dict[str, str]) -> list[str]:
    """The window's forms of the models' states, without a window (English: tr returns its text)."""
    from app.main_window import MainWindow

    window = SimpleNamespace(tr=lambda text: text, state=SimpleNamespace(model_states=states))
    return MainWindow.model_status_texts(window)


def test_the_models_status_has_shorter_forms_that_keep_what_matters():
    """Each model with its state; then one state's models together; then the ready ones counted
    (a model loading or failing is still named); then every state counted."""
    states = {"zh-en-toy": "ready", "date-transformer": "ready", "gone-model": "loading"}
    assert status_texts(states) == [
        "date-transformer: ready · gone-model: loading… · zh-en-toy: ready",
        "date-transformer, zh-en-toy: ready · gone-model: loading…",
        "2 models: ready · gone-model: loading…",
        "2 models: ready · 1 model: loading…",
    ]
    assert status_texts({}) == ["Models: none"]


def test_the_status_bar_shows_the_models_whole_at_22_pt_on_a_projector(qtbot, main_window):
    """At 22 pt on 1280×680 the label holds a whole form (no "…" cut), the longest that fits a
    quarter of the window; on a wide window the full one."""
    window = main_window
    for name in ("date-transformer", "zh-en-toy"):
        window.state.set_model_state(name, "ready")
    window.set_text_size(22)
    window.resize(1280, 680)
    qtbot.waitUntil(lambda: window.width() == 1280)
    label = window.model_label
    forms = window.model_status_texts()
    assert label.text() in forms, label.text()
    assert QFontMetrics(label.font()).horizontalAdvance(label.text()) <= 1280 // 4
    window.set_text_size(11)
    window.resize(1900, 1000)
    qtbot.waitUntil(lambda: window.width() == 1900)
    assert window.model_label.text() == forms[0]
    window.resize(1400, 900)
