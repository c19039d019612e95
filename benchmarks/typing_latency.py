"""Keystroke-to-heatmap latency of the attention view, typing through the real widget.

Types 200 edits (characters and backspaces) into the attention view's input, one at a time,
and measures from the key event to the view's `updated` signal carrying the new text's
attention.  Prints p50/p95 of that latency next to the model's own time in the worker.

    python benchmarks/typing_latency.py [--model date-transformer] [--edits 200] [--threads N]
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

SCRIPT = ["Friday 26, March 2021", "4 Nov 1988", "15/10/1971", "Freitag, 26. März 2021", "3 août 1975",
          "Wednesday, December 31, 2099", "12.06.75", "vendredi 26 mars 2021"]


def edits(n):
    """Key presses: type a phrase, erase all but its first character, type the next..."""
    out, text = [], ""
    i = 0
    while len(out) < n:
        phrase = SCRIPT[i % len(SCRIPT)]
        i += 1
        start = 1 if text[:1] == phrase[:1] else 0
        while len(text) > start:
            out.append("\b")
            text = text[:-1]
        for ch in phrase[len(text):]:
            out.append(ch)
            text += ch
    return out[:n]


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="date-transformer")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--threads", type=int, default=None, help="torch threads in the worker")
    args = parser.parse_args()

    from PySide6.QtCore import QCoreApplication, QEventLoop, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from app.bridge import EngineBridge
    from app.state import SharedState
    from app.views.attention import AttentionView
    from engine.jobs import CallRequest

    bridge = EngineBridge(device="cpu")
    if args.threads:
        import torch

        bridge.worker.submit("setup", CallRequest(torch.set_num_threads, (args.threads,))).result()
    view = AttentionView(bridge, SharedState())
    view.controls.model_box.setCurrentIndex(view.controls.model_box.findData(args.model))
    view.resize(1400, 900)
    view.show()

    def wait_for(text, timeout=30.0):
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 1)
            r = view.result
            if r is not None and r.source_text == text.strip() and bridge.idle:
                return time.perf_counter()
            time.sleep(0.0002)
        raise TimeoutError(f"no update for {text!r}")

    model_ms = []
    bridge.subscribe("attention", lambda r: model_ms.append(r.elapsed_ms) if r.ok else None)
    view.controls.input.setText("F")
    wait_for("F")
    model_ms.clear()
    latencies = []
    for key in edits(args.edits):
        start = time.perf_counter()
        if key == "\b":
            QTest.keyClick(view.controls.input, Qt.Key.Key_Backspace)
        elif key.isascii():
            QTest.keyClick(view.controls.input, key)
        else:
            view.controls.input.insert(key)  # what an input method delivers for é, ä, û
        latencies.append((wait_for(view.controls.input.text()) - start) * 1e3)
        # a pause, as between a person's keystrokes; lets the heatmap repaint
        QCoreApplication.processEvents()
        time.sleep(0.03)
    import torch

    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, torch {torch.__version__}, "
          f"worker threads {args.threads or torch.get_num_threads()}")
    print(f"model {args.model}: {len(latencies)} edits")
    print(f"keystroke -> heatmap updated: p50 {statistics.median(latencies):.1f} ms, "
          f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms")
    print(f"model time in the worker:     p50 {statistics.median(model_ms):.1f} ms, "
          f"p95 {percentile(model_ms, 0.95):.1f} ms")
    view.close()
    bridge.shutdown()


if __name__ == "__main__":
    main()
