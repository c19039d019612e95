"""The view kit (app/views/base.py) on a view made for the test: loops, invalidation, titles."""
import threading

import numpy as np
import pytest
from PySide6.QtCore import QT_TRANSLATE_NOOP

from app.views.base import InputProblem, View
from engine.jobs import CallRequest

#: released by the test: until then a "slow" request stays in the worker
GATE = threading.Event()


def wait_for_gate(value):
    GATE.wait(timeout=30)
    return value


class TwoLoopView(View):
    """A search loop that, like the beam view's, invalidates the inspection channel."""

    view_id = "two-loops"
    TITLE = QT_TRANSLATE_NOOP("TwoLoopView", "Two loops")

    def __init__(self, bridge, state):
        super().__init__(bridge, state)
        self.drawn = []  # the values rendered (render gets the whole Result: value and request)
        self.search = self.request_loop("kit-search", build=lambda: CallRequest(abs, (-2,)), render=self.draw,
                                        invalidates=("kit-inspect",))
        self.inspect = self.request_loop("kit-inspect", build=lambda: CallRequest(wait_for_gate, (7,)),
                                         render=self.draw, greys=())

    def draw(self, result):
        self.drawn.append(result.value)


@pytest.fixture
def view(make_view):
    GATE.clear()
    yield make_view(TwoLoopView, size=None, until=None)
    GATE.set()


def test_a_loop_whose_answer_was_invalidated_stops_waiting(qtbot, view):
    assert view.inspect.submit() is not None
    assert view.inspect.busy
    view.search.submit()  # the inspection in flight no longer fits the new search
    GATE.set()
    qtbot.waitUntil(lambda: view.bridge.idle and view.search.value is not None, timeout=30000)
    assert view.drawn == [2]  # the inspection's answer was dropped by the bridge...
    assert not view.inspect.busy  # ...so its loop is not left waiting for it
    assert not view.busy


def test_an_input_problem_drops_the_answer_in_flight_and_stops_waiting(qtbot, view):
    view.inspect.submit()

    def no_models():
        raise InputProblem.no_models()

    view.inspect.build = no_models
    view.inspect.submit()
    GATE.set()
    qtbot.waitUntil(lambda: view.bridge.idle, timeout=30000)
    assert view.drawn == [] and not view.busy
    assert view.message.is_error and "No models found in assets/models" in view.message.text()


def test_title_and_id():
    from app.views.bleu import BleuView

    assert TwoLoopView.title() == "Two loops" and TwoLoopView.view_id == "two-loops"
    assert BleuView.view_id == "bleu"  # a registered view's id is its package's name


def alone_in_a_window(qtbot, widget, width: int, height: int):
    """`widget` in a layout of a shown top-level window of that size."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    window = QWidget()
    qtbot.addWidget(window)
    QVBoxLayout(window).addWidget(widget)
    window.resize(width, height)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize("rich", [False, True])
def test_a_long_word_in_a_wrapped_label_does_not_widen_its_window(qtbot, rich):
    """Qt's wrapped label asks for its longest word as its minimum width; labels quote typed
    text (the BLEU view's n-gram lines), and a 5,000-letter word widened the soak's window to
    over 100,000 pixels."""
    from app import style

    label = style.wrapped_label("short words here", rich=rich)
    window = alone_in_a_window(qtbot, label, 600, 200)
    label.setText("the candidate " + "é" * 3000 + " was typed")
    qtbot.wait(20)
    assert window.width() == 600
    assert label.text().count("é") == 3000  # the text is whole; the word is cut at the edge


def test_a_long_message_is_at_most_four_lines_tall_and_leaves_the_window_alone(qtbot):
    """5,000 quoted characters wrapped to an 11,500-pixel message and a window that tall."""
    from app.views.base import MessageLine

    message = MessageLine()
    window = alone_in_a_window(qtbot, message, 600, 200)
    text = "The base must be a number (got “" + "ab " * 1700 + "”)."
    message.show_message(text)
    qtbot.wait(20)
    assert message.text() == text
    assert (window.width(), window.height()) == (600, 200)
    four_lines = 4 * message.fontMetrics().lineSpacing() + 2
    assert message.heightForWidth(message.width()) <= four_lines
    assert window.minimumSizeHint().height() <= four_lines + 30  # the layout's margins


def test_a_long_output_strip_leaves_the_window_alone(qtbot):
    """Sixteen long words of the word model asked for 1,576 pixels; sixty for far more."""
    from app.widgets.output_strip import OutputStrip

    strip = OutputStrip()
    window = alone_in_a_window(qtbot, strip, 1000, 300)
    strip.set_tokens(["international"] * 60, [0.5] * 60, caption="output:")
    qtbot.wait(20)
    assert window.width() == 1000
    assert strip.tokens == ["international"] * 60


def test_render_gets_the_request_of_its_value_and_a_click_submits_its_own(qtbot, view):
    """A loop hands render() the whole Result; submit(build) sends that one request instead of
    the loop's build() (what the beam view's node clicks do)."""
    seen = []
    view.search.render = seen.append
    GATE.set()
    view.search.submit(lambda: CallRequest(abs, (-5,)))
    qtbot.waitUntil(lambda: bool(seen), timeout=30000)
    assert seen[0].value == 5 and seen[0].request == CallRequest(abs, (-5,))
    assert view.search.request == CallRequest(abs, (-5,)) and view.search.value == 5


def test_clearing_a_clear_message_line_asks_for_no_layout(qtbot, monkeypatch):
    """Every answer clears the view's message line; clearing it when it is already clear must not
    restyle it or ask the view for a new layout (a layout request climbing the view's widgets each
    keystroke, and a second paint of the window).  A message shown is still cleared."""
    from app.views.base import MessageLine

    message = MessageLine()
    window = alone_in_a_window(qtbot, message, 600, 200)  # kept: the message is its child
    message.show_message("Type three words", error=False)
    qtbot.waitUntil(message.isVisible, timeout=3000)
    message.clear_message()
    qtbot.waitUntil(lambda: message.isHidden() and message.text() == "", timeout=3000)
    asked = []
    real = MessageLine.updateGeometry
    monkeypatch.setattr(MessageLine, "updateGeometry", lambda self: (asked.append(1), real(self))[1])
    message.clear_message()
    assert asked == [] and message.isHidden() and not message.is_error
    message.show_message("again")
    qtbot.waitUntil(message.isVisible, timeout=3000)
    assert asked and message.text() == "again"
    message.clear_message()
    assert message.isHidden() and message.text() == "" and window.isVisible()
