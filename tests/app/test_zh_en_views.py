"""The lesson's own example in the views: word-level zh-en-toy, chosen from the Examples menu."""
import numpy as np
import pytest

from engine import load_model

LESSON = "简九月要访问非洲"
VALID = {"Jane will visit Africa in September", "Jane is going to visit Africa in September",
         "Jane is visiting Africa in September"}


def _choose_model(qtbot, view, controls):
    index = controls.model_box.findData("zh-en-toy")
    assert index >= 0, "zh-en-toy is listed in the model selector"
    controls.model_box.setCurrentIndex(index)
    assert controls.examples_button.isEnabled()
    action = next(a for a in controls.examples_button.menu().actions() if a.text() == LESSON)
    action.trigger()
    assert controls.input.text() == LESSON


def test_attention_view_shows_word_to_word_cross_attention(qtbot, bridge, shared_state):
    from app.views.attention import AttentionView

    view = AttentionView(bridge, shared_state)
    qtbot.addWidget(view)
    view.show()
    _choose_model(qtbot, view, view.controls)
    qtbot.waitUntil(lambda: view.result is not None and view.result.source_text == LESSON and not view.busy,
                    timeout=60000)
    # segmented by words, as the lesson writes it (not by characters)
    assert view.heatmap.column_labels == ["简", "九月", "要", "访问", "非洲"]
    assert view.result.output_text in VALID
    expected = load_model("zh-en-toy", device="cpu").attention(LESSON)
    np.testing.assert_allclose(np.asarray(view.heatmap.image.image), expected.cross[-1].mean(axis=0), atol=1e-5)
    # the reordering is visible: "September" (last English word before </s>) looks mostly at 九月
    row = view.result.output_tokens.index("September")
    assert int(np.argmax(expected.cross[-1].mean(axis=0)[row])) == 1


def test_beam_view_keeps_the_alternatives(qtbot, bridge, shared_state):
    from app.views.beam import BeamView

    view = BeamView(bridge, shared_state)
    qtbot.addWidget(view)
    view.show()
    _choose_model(qtbot, view, view.controls)
    qtbot.waitUntil(lambda: view.original is not None and view.original.text == LESSON and not view.busy,
                    timeout=60000)
    table = view.nbest.table
    shown = {table.item(r, 1).text() for r in range(table.rowCount())}
    assert len(shown & VALID) >= 2, shown
