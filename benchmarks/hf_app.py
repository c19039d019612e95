"""Keystroke-to-heatmap latency of the attention view on a Hugging Face folder (all-MiniLM-L6-v2,
6 layers x 12 heads), through the real window's widgets: the overview grid of 78 tiles is drawn
at every update.

For each size (16, 128, 512 tokens) a text of exactly that many tokens is set in the input,
then `--edits` keystrokes change its last word one at a time (a key event into the line edit);
the time runs from the key event to the view's `updated` signal for that text, i.e. the
heatmap, the row panel and the overview redrawn.  Printed next to it: the worker's time for
the request (tokenise + forward pass with attention + copy to numpy), and the GUI's share
(the rest), p50/p95.  Then the cost of choosing another head and of each toggle at 512 tokens.

    python benchmarks/hf_app.py [--edits 20] [--threads 1] [--profile 25]

--profile N also prints the GUI thread's cProfile (top N functions by cumulative time) of the
512-token keystrokes and of the head and toggle changes: function-level shares vary less with
the machine's load than wall time does.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

import numpy as np  # noqa: E402

SIZES = (16, 128, 512)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20, help="keystrokes per size")
    parser.add_argument("--threads", type=int, default=1, help="torch threads of the app's worker (the app's default: 1)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print the GUI thread's cProfile at 512 tokens, top N functions")
    args = parser.parse_args()

    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication.instance() or QApplication([])
    from hf import text_of  # benchmarks/hf.py: texts of an exact token count
    from hf_tiny import minilm_folder

    from app.main_window import MainWindow

    window = MainWindow(device="cpu", threads=args.threads)
    window.resize(1600, 1000)
    window.show()
    view = window.view("attention")
    last = {}
    view.updated.connect(lambda: last.__setitem__("t", time.perf_counter()))
    elapsed = {}
    window.bridge.result_ready.connect(lambda r: elapsed.__setitem__(getattr(r.request, "text", None), r.elapsed_ms))

    def wait(cond, timeout=120.0):
        end = time.perf_counter() + timeout
        while not cond():
            if time.perf_counter() > end:
                raise TimeoutError("no result")
            app.processEvents()
            time.sleep(0.0005)

    folder = minilm_folder()
    window.model_folder_menu.open(str(folder))
    wait(lambda: not window.state.model_folders.loading and view.model_name == str(folder.resolve()))
    from transformers import AutoTokenizer  # only to make texts of an exact token count

    tokenizer = AutoTokenizer.from_pretrained(folder, local_files_only=True)

    def shown(text):
        return view.result is not None and view.result.source_text == text and not view.busy

    print(f"all-MiniLM-L6-v2 in the app (6 layers x 12 heads, overview of 78 tiles), worker threads {args.threads}")
    print(f"{'tokens':>6} {'key→heatmap p50':>16} {'p95':>8} {'worker p50':>11} {'GUI p50':>8}  (ms)")
    profile = cProfile.Profile()
    for size in SIZES:
        if args.profile and size == SIZES[-1]:
            profile.enable()
        base = text_of(tokenizer, size, 0)
        view.controls.input.setText(base)
        wait(lambda: shown(base))
        totals, workers = [], []
        for k in range(args.edits):
            text = view.controls.input.text()
            target = text[:-1] + "abcdefghij"[(k + 1) % 10]
            if target == text:
                target = text[:-1] + "k"
            QTest.keyClick(view.controls.input, Qt.Key.Key_Backspace)
            wait(lambda: not view.busy)  # the shorter text's answer (an edit of its own)
            start = time.perf_counter()
            QTest.keyClicks(view.controls.input, target[-1])
            wait(lambda: shown(target))
            totals.append(1000 * (last["t"] - start))
            workers.append(elapsed.get(target, float("nan")))
        gui = [t - w for t, w in zip(totals, workers)]
        print(f"{size:>6} {np.percentile(totals, 50):>16.1f} {np.percentile(totals, 95):>8.1f} "
              f"{np.median(workers):>11.1f} {np.median(gui):>8.1f}")

    # at 512 tokens: another head, and each toggle (no engine call: the GUI alone)
    def timed(action):
        start = time.perf_counter()
        action()
        app.processEvents()
        return 1000 * (time.perf_counter() - start)

    heads = [timed(lambda h=h: view.controls.head_box.setCurrentIndex(h)) for h in range(12)]
    merge = timed(lambda: view.word_pieces.merge_check.setChecked(True))
    hide = timed(lambda: view.word_pieces.hide_check.setChecked(True))
    back = timed(lambda: (view.word_pieces.merge_check.setChecked(False), view.word_pieces.hide_check.setChecked(False)))
    profile.disable()
    if args.profile:
        print(f"GUI thread at 512 tokens (keystrokes, heads, toggles), top {args.profile} by cumulative time:")
        pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(args.profile)
    print(f"512 tokens: another head p50 {np.median(heads):.1f} ms; merge word pieces on {merge:.1f} ms; "
          f"hide specials on {hide:.1f} ms; both off {back:.1f} ms")
    window.close()


if __name__ == "__main__":
    main()
