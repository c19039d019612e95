"""One hand-off and one "latest": the bridge (app/bridge.py) alone carries what the worker
reports to the GUI thread and alone drops superseded results; views keep no ids of their own."""
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QTimer

from engine.jobs import CallRequest


def on_gui_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def reporting(report, n):
    """A request body that reports n stages from the worker thread, then answers."""
    assert not on_gui_thread()
    for stage in range(n):
        report(stage)
    return "done"


def test_relayed_calls_run_on_the_gui_thread_before_their_requests_result(qtbot, bridge):
    got = []
    bridge.subscribe("reports", lambda result: got.append(("result", result.value, on_gui_thread())))
    relay = bridge.relay(lambda stage: got.append(("stage", stage, on_gui_thread())))
    bridge.submit("reports", CallRequest(reporting, (relay, 3)))
    qtbot.waitUntil(lambda: bridge.idle, timeout=30000)
    assert got == [("stage", 0, True), ("stage", 1, True), ("stage", 2, True), ("result", "done", True)]


def test_a_model_folders_loading_stages_come_through_the_bridge(qtbot, bridge, tmp_path):
    """No second queue-and-timer hand-off: the stages reach the GUI thread through the bridge's
    inbox, in order, all before `loaded`."""
    pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
    from hf_tiny import tiny_gpt2

    from app.model_folder import ModelFolders

    folder = tiny_gpt2(tmp_path / "tiny-gpt2")
    folders = ModelFolders()
    assert not folders.findChildren(QTimer)  # nothing of its own polls a queue
    relayed = []
    relay = bridge.relay
    bridge.relay = lambda callback: (relayed.append(callback), relay(callback))[1]
    events = []
    folders.progress.connect(lambda path, fraction, message: events.append((fraction, on_gui_thread())))
    folders.loaded.connect(lambda info: events.append(("loaded", on_gui_thread())))
    folders.load(bridge, folder)
    qtbot.waitUntil(lambda: not folders.loading, timeout=60000)
    assert relayed, "the load's progress did not go through the bridge"
    fractions = [fraction for fraction, _ in events[:-1]]
    assert events[-1] == ("loaded", True) and all(gui for _, gui in events)
    assert len(fractions) > 2 and fractions == sorted(fractions)  # "queued" (0), then the worker's stages


# ---- the attention overview: a background loop, no id of its own ---------------------------------

def held_until(gate: threading.Event, started: threading.Event, function, hold):
    """`function`, except that a call for which `hold(*args, **kwargs)` is true signals `started`
    and waits for `gate` first (in whichever thread runs it)."""
    def wrapper(*args, **kwargs):
        if hold(*args, **kwargs) and not gate.is_set():
            started.set()
            assert gate.wait(30), "the test never released the gate"
        return function(*args, **kwargs)

    return wrapper


@pytest.fixture
def attention(make_view, bridge):
    return make_view("attention", size=(1300, 850),
                     until=lambda view: view.result is not None and not view.busy and bridge.idle)


@pytest.fixture
def runs(monkeypatch):
    """[(request type, ran on the GUI thread)] of every attention and overview request run from
    now on (requested before the view, so that its first request counts too)."""
    from engine.jobs import AttentionRequest, OverviewRequest

    ran = []
    for request_type in (AttentionRequest, OverviewRequest):
        def recording(self, ctx, run=request_type.run):
            ran.append((type(self).__name__, on_gui_thread()))
            return run(self, ctx)

        monkeypatch.setattr(request_type, "run", recording)
    return ran


def test_the_attention_view_runs_no_request_on_the_gui_thread(qtbot, runs, attention):
    view, ran = attention, runs
    for text in ("4 Nov 1988", "12 May 2001"):
        view.controls.input.setText(text)
        qtbot.waitUntil(lambda: view.result is not None and view.result.source_text == text and not view.busy,
                        timeout=60000)
    view.side.setCurrentWidget(view.overview)
    view.select("encoder_self", 0, None)  # another kind: another summary
    qtbot.waitUntil(lambda: not view.busy and not view.overview_pending, timeout=60000)
    assert {name for name, _ in ran} == {"AttentionRequest", "OverviewRequest"}
    assert [name for name, gui in ran if gui] == []
    # the tiles are the result's own matrices (under 128 tokens a tile is drawn as it is)
    np.testing.assert_allclose(view.overview.tiles[(1, 2)].image, view.result.encoder_self[1, 2], atol=1e-6)


def test_an_overview_answer_for_an_older_result_is_dropped_by_the_bridge(qtbot, monkeypatch, attention):
    import engine.attention_overview as overview_module
    from app.views.attention.view import OVERVIEW_CHANNEL

    gate, started = threading.Event(), threading.Event()
    monkeypatch.setattr(overview_module, "summarise",
                        held_until(gate, started, overview_module.summarise, lambda *a, **k: True))
    delivered = []
    attention.bridge.subscribe(OVERVIEW_CHANNEL, delivered.append)
    attention.controls.input.setText("4 Nov 1988")
    qtbot.waitUntil(started.is_set, timeout=60000)  # the first result's overview runs, held
    attention.controls.input.setText("12 May 2001")
    qtbot.waitUntil(lambda: attention.result.source_text == "12 May 2001", timeout=60000)
    assert attention.overview_pending  # the held answer is not this result's
    gate.set()
    qtbot.waitUntil(lambda: not attention.busy and attention.bridge.idle, timeout=60000)
    assert len(delivered) == 1 and delivered[0].request.result is attention.result  # the held one: dropped
    assert not attention.overview_pending
    np.testing.assert_allclose(attention.overview.tiles[(1, 2)].image, attention.result.cross[1, 2], atol=1e-6)


# ---- the beam view's what-if: withdrawn at the bridge, not checked in the view ----------------------

def test_a_what_if_forced_on_a_search_no_longer_drawn_is_withdrawn_at_the_bridge(qtbot, monkeypatch, bridge,
                                                                                  shared_state):
    import engine.beam_analysis as beam_module
    from app.views.beam import BeamView

    view = BeamView(bridge, shared_state)
    qtbot.addWidget(view)
    qtbot.waitUntil(lambda: view.original is not None and view.inspection is not None and not view.busy
                    and bridge.idle, timeout=60000)
    assert view.original.beam_width == 5
    gate, started = threading.Event(), threading.Event()
    prefixes = []
    analyse = held_until(gate, started, beam_module.analyse_beam, lambda *a, **k: k.get("beam_width") == 3)
    monkeypatch.setattr(beam_module, "analyse_beam", lambda *a, **k: (prefixes.append(k.get("prefix")),
                                                                      analyse(*a, **k))[1])
    delivered = []
    bridge.subscribe("beam-whatif", delivered.append)
    view.controls.beam_spin.setValue(3)  # a new search, held in the worker
    qtbot.waitUntil(started.is_set, timeout=60000)
    view.whatif_panel.force_box.setCurrentIndex(1)
    view.whatif_panel.force_button.click()  # forced on the search still on screen (B = 5)
    assert view.whatif_loop.waiting
    gate.set()
    qtbot.waitUntil(lambda: view.original.beam_width == 3 and not view.busy and bridge.idle, timeout=60000)
    assert any(prefixes), "the what-if search never ran"
    assert delivered == [] and view.whatif is None  # it ran, and the bridge did not deliver it
    assert "Searching" not in view.whatif_panel.label.text()
