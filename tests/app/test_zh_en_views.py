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


def test_sending_the_word_models_next_word_gives_entropy_its_top_words_and_other(qtbot, make_view, shared_state):
    """356 words made 356 unreadable bars: Entropy & KL gets the 10 most probable and "other"."""
    from PySide6.QtCore import Qt

    from app.widgets.tokens import display_token
    from engine.distribution_parser import parse_distribution

    entropy = make_view("entropy", size=None)
    shared_state.register_receiver(entropy)
    view = make_view("beam", until=None)
    _choose_model(qtbot, view, view.controls)
    qtbot.waitUntil(lambda: view.original is not None and view.original.text == LESSON and not view.busy,
                    timeout=60000)
    view.select_node(0)
    button = view.node_panel.send_button
    qtbot.waitUntil(lambda: view.inspection is not None and not view.busy and button.isEnabled(), timeout=30000)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    sent = parse_distribution(entropy.view_state.p_text)
    model = load_model("zh-en-toy", device="cpu")
    p = np.asarray(model.next_token_distribution(LESSON, []), dtype=np.float64)
    assert len(p) > 300
    top = sorted(range(len(p)), key=lambda i: -p[i])[:10]  # the ten most probable first words
    itos = model.target_tokenizer.itos
    assert list(sent.labels) == [display_token(itos[i]) for i in top] + [f"other ({len(p) - 10})"]
    np.testing.assert_allclose(sent.probabilities[:10], p[top], atol=1e-5)
    assert sent.probabilities[10] == pytest.approx(1 - p[top].sum(), abs=1e-5)
    assert sent.probabilities.sum() == pytest.approx(1.0, abs=1e-9)
