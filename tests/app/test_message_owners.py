"""A loop's answer never wipes what another loop of the view is saying on the same message line
(app/views/base.py, RequestLoop._other_loop_speaks)."""
import pytest
from conftest import settled

PROMPT = "Type a sentence to see the probability of each of its words."


@pytest.mark.slow  # the Language model view and its model tabs' first fit: about 4 s of CPU
def test_a_model_tab_answer_keeps_the_sentence_prompt(qtbot, make_view):
    """The language model's model tabs are drawn by a background loop that shares the view's
    message line with the sentence loop: its answer cleared the sentence loop's prompt (the soak
    found the line empty with an empty sentence)."""
    view = make_view("language_model", size=None)
    view.view_state.sentence = ""
    qtbot.waitUntil(lambda: settled(view) and view.message.text() == PROMPT)
    view.view_state.tab = "orders"  # a model tab: the model loop answers now
    qtbot.waitUntil(lambda: view.model_loop.value is not None and not view.busy, timeout=30_000)
    assert view.message.text() == PROMPT
    view.view_state.sentence = "the cat sat"  # the sentence loop's own answer clears its prompt
    qtbot.waitUntil(lambda: view.report is not None and not view.busy)
    assert view.message.text() == ""
