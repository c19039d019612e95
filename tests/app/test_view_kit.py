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
