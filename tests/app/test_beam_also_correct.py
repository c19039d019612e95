"""The beam view's error panel says "ŷ is also a correct translation" for the issue's case, in
English and in Chinese (issue 22, deliverable 2): read from the panel, the analysis from the
engine, the valid renderings from the grammar."""
import re

import pytest

from engine.data.zh_en import find_example

SENTENCE = "简九月要访问非洲"
EXPECTED = "Jane is visiting Africa in September"


@pytest.fixture(scope="module")
def analysis():
    from engine import load_model
    from engine.beam_analysis import analyse_beam

    return analyse_beam(load_model("zh-en-toy", device="cpu"), SENTENCE, beam_width=5, expected=EXPECTED)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_error_panel_says_also_correct(qtbot, analysis, language):
    from app import i18n
    from app.views.beam.error import ErrorPanel
    from app.views.beam.state import BeamState

    assert analysis.best.text in find_example(SENTENCE).renderings and analysis.best.text != EXPECTED
    i18n.install(language)
    try:
        panel = ErrorPanel(BeamState())
        qtbot.addWidget(panel)
        panel.show_analysis(analysis)
        shown = panel.verdict_label.text()
    finally:
        i18n.install("en")
    if language == "en":
        assert "ŷ is also a correct translation: no error" in shown
    else:
        assert "ŷ 也是正确的译文：没有错误" in shown and not re.search(r"\b(model|search|error)\b", shown)
