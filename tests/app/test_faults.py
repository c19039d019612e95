"""Fault injection: what a lecturer sees when something breaks in front of a class.

Each fault ends in a clear message in the view (read from its message line) or a clean exit, and
the other views keep working afterwards.  Faults: a request raising inside the worker, a model's
weights removed or corrupted while the app runs, an invalid --device, CUDA reported unavailable,
running out of memory during inference, and the window closed while inference runs."""
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from engine.jobs import AttentionRequest

# damaged weights, failing devices, closing mid-inference: app starts and subprocesses
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def settle(qtbot, window, timeout=60_000):
    qtbot.waitUntil(lambda: window.bridge.idle and not any(v.busy for v in window.views), timeout=timeout)


def type_into(qtbot, window, view_id, text):
    view = window.view(view_id)
    window.show_view(view_id)
    view.main_input().setText(text) if hasattr(view.main_input(), "setText") else view.set_main_text(text)
    settle(qtbot, window)
    return view


def assert_other_views_work(qtbot, window):
    """The entropy view computes, the BLEU view scores: the app is alive after the fault."""
    entropy = window.view("entropy")
    entropy.inputs.q_edit.setPlainText("")
    entropy.inputs.p_edit.setPlainText("0.5 0.25 0.25")
    settle(qtbot, window)
    assert entropy.loop.error is None and not entropy.message.is_error
    assert abs(entropy.loop.value.entropy_p - 1.5) < 1e-9  # −Σ p log₂ p of (½, ¼, ¼), written out
    bleu = window.view("bleu")
    bleu.controls.candidate.setText("the cat sat on the mat")
    settle(qtbot, window)
    assert bleu.loop.error is None and bleu.loop.value is not None


def make_window(qtbot, device="cpu"):
    from app.main_window import MainWindow

    window = MainWindow(device=device)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    return window


def test_a_request_that_raises_shows_its_message_and_the_app_keeps_working(qtbot, monkeypatch):
    window = make_window(qtbot)
    attention = window.view("attention")
    good = attention.result
    assert good is not None

    def broken(self, ctx):
        raise ValueError("the attention job failed on purpose")

    monkeypatch.setattr(AttentionRequest, "run", broken)
    type_into(qtbot, window, "attention", "12 May 2001")
    assert attention.message.is_error
    assert "the attention job failed on purpose" in attention.message.text()
    assert attention.stale and attention.result is good  # the last good picture stays, greyed
    assert window.bridge.worker.alive
    assert_other_views_work(qtbot, window)
    monkeypatch.undo()
    type_into(qtbot, window, "attention", "13 May 2001")
    assert not attention.message.is_error and attention.result.source_text == "13 May 2001"
    window.close()


@pytest.fixture
def model_copy(tmp_path, monkeypatch):
    """The shipped models copied to a temporary folder the app reads them from."""
    folder = tmp_path / "models"
    shutil.copytree(ROOT / "assets" / "models", folder)
    monkeypatch.setenv("ATTENTION_LAB_MODELS", str(folder))
    return folder


@pytest.mark.parametrize("damage", ["removed", "truncated", "garbage"])
def test_weights_damaged_while_the_app_runs(qtbot, model_copy, damage):
    window = make_window(qtbot)
    attention = window.view("attention")
    assert attention.model_name == "date-transformer" and attention.result is not None
    weights = model_copy / "date-rnn-attention" / "model.safetensors"
    if damage == "removed":
        weights.unlink()
    elif damage == "truncated":
        weights.write_bytes(weights.read_bytes()[:1000])
    else:
        weights.write_bytes(os.urandom(4096))
    box = attention.controls.model_box
    box.setCurrentIndex(box.findData("date-rnn-attention"))
    settle(qtbot, window)
    text = attention.message.text()
    assert attention.message.is_error
    assert "date-rnn-attention could not be loaded" in text and "model.safetensors" in text, text
    assert "Traceback" not in text and len(text) < 400
    assert window.state.model_states["date-rnn-attention"] == "error"
    # the Transformer still works, in this view and in the beam view
    box.setCurrentIndex(box.findData("date-transformer"))
    settle(qtbot, window)
    assert not attention.message.is_error and attention.result.architecture == "transformer"
    beam = type_into(qtbot, window, "beam", "4 Nov 1988")
    assert beam.original is not None and not beam.message.is_error
    assert_other_views_work(qtbot, window)
    window.close()


def test_cuda_reported_unavailable_gives_a_clear_message(qtbot, monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    window = make_window(qtbot, device="cuda")
    attention = window.view("attention")
    qtbot.waitUntil(lambda: "Device error" in window.device_label.text(), timeout=10_000)
    assert "CUDA was requested but torch sees no CUDA device" in window.device_label.text()
    assert attention.message.is_error
    assert "CUDA was requested but torch sees no CUDA device" in attention.message.text()
    assert_other_views_work(qtbot, window)  # pure calculations do not need the device
    window.close()


@pytest.mark.parametrize("error", ["OutOfMemoryError", "RuntimeError"])
def test_out_of_memory_during_inference_is_explained_and_the_app_recovers(qtbot, monkeypatch, error):
    import torch

    window = make_window(qtbot)
    attention = window.view("attention")
    original = AttentionRequest.run
    torch_text = ("CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.15 GiB total capacity; "
                  "77.50 GiB already allocated; 1.20 GiB free; 78.00 GiB reserved in total by PyTorch)\n"
                  "If reserved memory is >> allocated memory try setting max_split_size_mb")

    def out_of_memory(self, ctx):
        raise (torch.OutOfMemoryError if error == "OutOfMemoryError" else RuntimeError)(torch_text)

    monkeypatch.setattr(AttentionRequest, "run", out_of_memory)
    type_into(qtbot, window, "attention", "1 Jan 2000")
    text = attention.message.text()
    assert attention.message.is_error
    assert text.startswith("Out of memory"), text
    assert "--device cpu" in text and "max_split_size_mb" not in text
    monkeypatch.setattr(AttentionRequest, "run", original)
    type_into(qtbot, window, "attention", "2 Jan 2000")
    assert not attention.message.is_error and attention.result.source_text == "2 Jan 2000"
    assert_other_views_work(qtbot, window)
    window.close()


def _env(tmp_path):
    return {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}


@pytest.mark.parametrize("device", ["tpu", "cuda:x", ""])
def test_an_invalid_device_is_refused_with_one_line(tmp_path, device):
    proc = subprocess.run([sys.executable, "main.py", "--device", device], cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "--device" in proc.stderr and "invalid choice" in proc.stderr, proc.stderr


CLOSE_WHILE_RUNNING = textwrap.dedent("""
    import runpy, sys, time
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    import engine.jobs

    original = engine.jobs.AttentionRequest.run
    def slow(self, ctx):  # an inference that takes a second: the window closes in the middle
        time.sleep(1.0)
        return original(self, ctx)
    engine.jobs.AttentionRequest.run = slow

    app = QApplication(sys.argv[:1])
    def close_while_busy():
        windows = [w for w in QApplication.topLevelWidgets() if w.isVisible() and hasattr(w, "current_view")]
        if windows and windows[0].bridge.worker.requests_run >= 1 and not windows[0].bridge.idle:
            print("closing", time.time(), flush=True)
            windows[0].close()
        else:
            QTimer.singleShot(20, close_while_busy)
    def start_typing():
        windows = [w for w in QApplication.topLevelWidgets() if w.isVisible() and hasattr(w, "current_view")]
        if windows and windows[0].views and windows[0].current_view().ready():  # views follow the first paint
            windows[0].current_view().set_main_text("30 June 1999")  # starts a second slow inference
            QTimer.singleShot(200, close_while_busy)
        else:
            QTimer.singleShot(50, start_typing)
    QTimer.singleShot(100, start_typing)
    sys.argv = ["main.py", "--device", "cpu", "--view", "attention"]
    runpy.run_path("main.py", run_name="__main__")  # exactly what `python main.py` runs
""")


def test_closing_the_window_while_inference_runs_exits_cleanly(tmp_path):
    closed_at = None
    with subprocess.Popen([sys.executable, "-c", CLOSE_WHILE_RUNNING], cwd=ROOT, env=_env(tmp_path),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        for line in proc.stdout:
            if line.startswith("closing"):
                closed_at = time.time()
        proc.wait(timeout=120)
        exited_at = time.time()
        stderr = proc.stderr.read()
    assert closed_at is not None, stderr[-2000:]
    assert proc.returncode == 0, stderr[-2000:]
    assert "Traceback" not in stderr, stderr[-2000:]
    took = exited_at - closed_at
    print(f"close -> process ended: {took:.2f} s (load average {os.getloadavg()[0]:.1f})")
    if os.getloadavg()[0] < (os.cpu_count() or 1):  # a time means something only on a machine not oversubscribed
        assert took < 2.0, f"the process took {took:.1f} s to exit after the close"
