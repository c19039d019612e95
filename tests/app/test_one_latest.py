"""One hand-off and one "latest": the bridge (app/bridge.py) alone carries what the worker
reports to the GUI thread and alone drops superseded results; views keep no ids of their own."""
import sys
import threading
from pathlib import Path

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
