"""A slider move in the decoding view: how long until the bars hold the new distribution.

    QT_QPA_PLATFORM=offscreen python benchmarks/decoding_view.py            # ~10 s
    QT_QPA_PLATFORM=offscreen python benchmarks/decoding_view.py --moves 200

The view shows zh-en-toy's 356-word next-token distribution for the lesson sentence.  Each move
sets a new temperature (and every fourth a new top-p) in the view's state, as the slider's
binding does; timed on the GUI thread:
  * state set → the bars hold the new data (the numpy transforms over the six stages, the bar
    items and the labels updated: engine.next_token_stages + StagesPanel.show_stages);
  * the same plus the frame painted: the window's pending events processed, which repaints what
    changed (the columns from the moved slider's stage on, the slider and its number), as the
    event loop does before the next frame: what a slider move costs;
  * the same plus the whole tab painted again (grab()): every column repainted, the worst case
    (the tab shown anew, a theme change).
Target (issue 26): ≤ 16 ms, one frame.  Medians and 95th percentiles of the wall time and of the
GUI thread's CPU time (what the view costs, without the waits of a busy machine) are printed.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=100)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    from app.bridge import EngineBridge
    from app.state import SharedState
    from app.views.decoding import DecodingView

    bridge = EngineBridge(device="cpu")
    view = DecodingView(bridge, SharedState())
    view.resize(1280, 680)
    view.show()
    started = time.perf_counter()
    while view.logits is None and time.perf_counter() - started < 120:
        app.processEvents()
        time.sleep(0.01)
    state = view.view_state
    state.step = 2  # "is" 0.56 / "will" 0.37: a distribution the sliders visibly reshape
    app.processEvents()
    bars = view.stages_panel.kept_bars[-1]
    last_plot = view.stages_panel.plots[-1].viewport()
    paints = paint_counter(last_plot)
    timings = {name: ([], []) for name in FIGURES}  # wall, CPU
    for move in range(args.moves):
        before = bars.opts["width"]
        start, start_cpu = time.perf_counter(), time.thread_time()

        def lap(name, less=(0.0, 0.0)):
            timings[name][0].append((time.perf_counter() - start) * 1e3 - less[0])
            timings[name][1].append((time.thread_time() - start_cpu) * 1e3 - less[1])

        state.temperature = 0.3 + (move % 50) * 0.05  # the watcher redraws synchronously
        if move % 4 == 0:
            state.top_p = 0.5 + (move % 10) * 0.05
        assert bars.opts["width"] is not before, "the bars were not redrawn"
        lap(FIGURES[0])
        painted = paints.count
        for _ in range(3):  # the scene's change notice, then the viewport's update request
            app.processEvents()
        assert paints.count > painted, "the last column was not repainted"
        lap(FIGURES[1])
        frame = timings[FIGURES[1]][0][-1] - timings[FIGURES[0]][0][-1], \
            timings[FIGURES[1]][1][-1] - timings[FIGURES[0]][1][-1]
        view.stages_panel.grab()
        lap(FIGURES[2], less=frame)  # the data's time and the grab's, not the frame's before it
        app.processEvents()
    vocabulary = len(view.logits.vocab)
    bridge.shutdown()

    def p95(values):
        return sorted(values)[int(0.95 * (len(values) - 1))]

    print(f"decoding view, {vocabulary}-word distribution, {args.moves} slider moves (target ≤ 16 ms, one frame)")
    for name, (wall, cpu) in timings.items():
        print(f"  {name}: wall median {statistics.median(wall):.2f} ms, p95 {p95(wall):.2f} ms; "
              f"GUI-thread CPU median {statistics.median(cpu):.2f} ms, p95 {p95(cpu):.2f} ms  (target ≤ 16 ms)")
    print(f"  load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")


FIGURES = ("state set → bars hold new data     ",
           "… and the frame painted (changes)  ",
           "… and the whole tab painted (grab) ")


def paint_counter(widget):
    """Counts the paint events `widget` receives (the check that a frame really drew the bars)."""
    from PySide6.QtCore import QEvent, QObject

    class Counter(QObject):
        count = 0

        def eventFilter(self, watched, event):  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False

    counter = Counter(widget)
    widget.installEventFilter(counter)
    return counter


if __name__ == "__main__":
    main()
