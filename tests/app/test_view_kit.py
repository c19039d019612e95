"""The view kit (app/views/base.py) on a view made for the test: loops, invalidation, titles."""
import threading

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
        self.drawn = []
        self.search = self.request_loop("kit-search", build=lambda: CallRequest(abs, (-2,)), render=self.drawn.append,
                                        invalidates=("kit-inspect",))
        self.inspect = self.request_loop("kit-inspect", build=lambda: CallRequest(wait_for_gate, (7,)),
                                         render=self.drawn.append, greys=())


@pytest.fixture
def view(qtbot, bridge, shared_state):
    GATE.clear()
    v = TwoLoopView(bridge, shared_state)
    qtbot.addWidget(v)
    yield v
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


@pytest.mark.parametrize("rich", [False, True])
def test_a_long_word_in_a_wrapped_label_does_not_widen_its_window(qtbot, rich):
    """Qt's wrapped label asks for its longest word as its minimum width; labels quote typed
    text (the BLEU view's n-gram lines), and a 5,000-letter word widened the soak's window to
    over 100,000 pixels."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from app import style

    window = QWidget()
    qtbot.addWidget(window)
    label = style.wrapped_label("short words here", rich=rich)
    QVBoxLayout(window).addWidget(label)
    window.resize(600, 200)
    window.show()
    qtbot.waitExposed(window)
    label.setText("the candidate " + "é" * 3000 + " was typed")
    qtbot.wait(20)
    assert window.width() == 600
    assert label.text().count("é") == 3000  # the text is whole; the word is cut at the edge
