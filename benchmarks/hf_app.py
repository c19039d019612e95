"""Keystroke-to-heatmap latency of the attention view on a Hugging Face folder (all-MiniLM-L6-v2,
6 layers x 12 heads), through the real window's widgets, next to the model's forward time
measured in the same run.

For each size (16, 128, 512 tokens) a text of exactly that many tokens is set in the input,
then `--edits` keystrokes change its last word one at a time (a key event into the line edit);
"key→heatmap" runs from the key event to the view's `updated` signal for that text: the big
heatmap, the output strip, the selected row and the sink line drawn (the overview grid of 78
tiles follows in a later event-loop turn: its tiles and entropies are computed in a background
thread, and not at all while its tab is hidden).  Printed next to it: the worker's time for the
request (tokenise + forward pass with attention + copy to numpy), the GUI's share (the rest, to
everything painted: the heatmap's paint follows `updated`),
p50/p95, and the forward pass of the same text with attention (`output_attentions=True`, eager)
and without, timed directly on the module on the same thread count right after each keystroke
(the machine's load changes from minute to minute: each keystroke is compared with its own
forward pass; the last column is the median of those differences).  The issue's target:
key→heatmap ≤ forward with attention + 50 ms.

Each toggle is also timed after a pause (the view has then computed the layer shown with the
toggles that are off in the background: what a lecturer who types, stops and clicks gets); the
first three are clicked right after other changes and include the worker's transform.

Then the same keystrokes with the "All heads" tab shown: key→heatmap, and key→overview (the
view's `overview_updated` for that text).  Then the cost of choosing another head and of each
toggle at 512 tokens (GUI thread only: no engine call; time until the heatmap is redrawn).

    python benchmarks/hf_app.py [--size minilm|base|gpt2-small] [--edits 20] [--threads 1] [--profile 25]

--size base builds a random-initialised BERT-base folder (12 layers x 12 heads, 768 wide) in a
temporary folder first, --size gpt2-small a decoder of GPT-2 small's shape (causal masks), both
with MiniLM's tokenizer (tests/engine/hf_sized.py; no download).  The last lines give the peak
resident memory (ru_maxrss) once the app has drawn the first text — the figure to hold against
the app's budget — and at the end, which also counts the benchmark's own copy of the model
(for its forward-pass timing; its weights' size is printed beside it).

The GUI thread's own CPU time (`time.thread_time()` on that thread, from the key event to the
signal) is printed beside each wall-clock figure: on a shared machine wall time is inflated by
whatever else runs, the thread's CPU time much less, so the targets are checked on both — key
→ heatmap GUI share ≤ 16.7 ms p50 and ≤ 33 ms p95 at every size, key → overview ≤ forward +
100 ms at 512 tokens with the "All heads" tab shown, each toggle ≤ 50 ms at 512 tokens — in the
last lines ("targets").  While it waits, the GUI thread blocks in Qt's event loop rather than
polling, so its CPU time is the app's own work.

Under each size's row, the GUI thread's CPU time split at the request sent to the worker and at
the result's drawing begun: key→request sent (the key event, the bindings), waiting for the
worker (the bridge's hand-off while the forward pass runs), drawing (render until `updated`)
and painting (what the drawing asked Qt to repaint).

--profile N also prints the GUI thread's cProfile (top N functions by cumulative time) of the
512-token keystrokes and of the head and toggle changes, timed by the thread's CPU clock (its
blocked waits count nothing): function-level shares vary less with the machine's load than wall
time does.  --paints counts the paint events per widget during those keystrokes (what each
keystroke repaints).  The target lines end with main's figures on the quiet machine (the anchor,
docs/benchmarks.md, 2026-12-02 03:00 UTC) for MiniLM.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
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
#: the anchor: main after the merges of 2026-12-02 03:00 UTC on the quiet machine (load 0.3–2.1;
#: docs/benchmarks.md), MiniLM, --edits 12 — printed beside each target line
ANCHOR_GUI_SHARE = {16: (20.8, 16.6), 128: (24.2, 19.0), 512: (23.4, 21.0)}  # p50 wall / CPU ms
ANCHOR_OVERVIEW = 100.4  # key → overview at 512 tokens, tab shown: forward + this (ms, wall)
ANCHOR_TOGGLES = {"merge word pieces on": (35.6, 12.0), "hide specials on": (123.8, 21.2),
                  "both off": (26.3, 19.4), "hide specials on after a pause": (20.1, 16.7)}  # wall / GUI CPU
MODEL_SIZES = ("minilm", "base", "gpt2-small")


def peak_rss_mb() -> float:
    """The process's peak resident set so far (Linux: ru_maxrss is in KiB; macOS: bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def verdict(cpu_met: bool, wall_met: bool) -> str:
    """met on wall time (what the user sees), or only on the GUI thread's CPU time (met on an
    idle machine if the rest is the load's), or missed."""
    if wall_met:
        return "✓ met"
    return "✓ on GUI CPU (wall over: load)" if cpu_met else "✗ missed"


def model_folder(size: str, scratch: Path) -> Path:
    """all-MiniLM-L6-v2's installed folder, or a random-initialised one built in `scratch`."""
    from hf_tiny import minilm_folder

    if size == "minilm":
        return minilm_folder()
    # built in a child process: the random initialisation's memory is not this process's peak
    import subprocess

    build = "random_bert" if size == "base" else "random_gpt2"
    folder = scratch / size
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT / 'tests' / 'engine')!r}); "
                    f"from hf_sized import {build}; {build}({str(folder)!r})"], check=True)
    print(f"built {folder.name} ({build}) in {time.perf_counter() - start:.1f} s")
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="minilm", choices=MODEL_SIZES,
                        help="all-MiniLM-L6-v2, or a random BERT-base or GPT-2-small-shaped folder built here")
    parser.add_argument("--edits", type=int, default=20, help="keystrokes per size")
    parser.add_argument("--threads", type=int, default=1, help="torch threads of the app's worker (the app's default: 1)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print the GUI thread's cProfile at 512 tokens, top N functions")
    parser.add_argument("--paints", action="store_true",
                        help="count the paint events per widget during the keystrokes of --profile-tokens")
    parser.add_argument("--profile-tokens", type=int, default=SIZES[-1], choices=SIZES,
                        help="the size whose keystrokes --profile covers (with the head and toggle changes)")
    args = parser.parse_args()

    from PySide6.QtCore import QEventLoop, QSettings, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication.instance() or QApplication([])
    from hf import text_of  # benchmarks/hf.py: texts of an exact token count

    from app.main_window import MainWindow

    scratch = tempfile.TemporaryDirectory(prefix="hf_app_")
    folder = model_folder(args.size, Path(scratch.name))

    window = MainWindow(device="cpu", threads=args.threads)
    window.resize(1600, 1000)
    window.show()
    view = window.view("attention")
    # text -> (wall, GUI thread CPU) time of the first `updated` / `overview_updated` showing it
    heatmap_at, overview_at = {}, {}

    def stamp(times, signal_name):
        def record():
            text = view.result.source_text if view.result is not None else None
            if signal_name == "overview" and getattr(view, "overview_pending", False):
                return
            if signal_name == "heatmap" and getattr(view, "heatmap_pending", False):
                return  # a toggled layer still computed in the background: the old picture is shown
            times.setdefault(text, (time.perf_counter(), time.thread_time()))
        return record

    # the GUI thread's CPU time at the phases of a keystroke: the request sent to the worker, the
    # result's drawing begun (between the two the GUI thread only waits for the worker)
    phase_at = {}

    def stamped(name, call, key):
        def wrapper(*args, **kwargs):
            text = key(*args)
            if text is not None:
                phase_at.setdefault((name, text), time.thread_time())
            return call(*args, **kwargs)
        return wrapper

    window.bridge.submit = stamped("sent", window.bridge.submit,
                                   lambda channel, request, *_: request.text if channel == "attention" else None)
    view.loop.render = stamped("render", view.loop.render, lambda result: result.request.text)
    view.updated.connect(stamp(heatmap_at, "heatmap"))
    # a tree before the overview moved off the heatmap's path drew it within `updated`
    getattr(view, "overview_updated", view.updated).connect(stamp(overview_at, "overview"))
    elapsed = {}
    window.bridge.result_ready.connect(
        lambda r: elapsed.__setitem__(r.request.text, r.elapsed_ms) if r.channel == "attention" else None)

    # a timer that wakes the waiting loop now and then, so that the deadline is seen (seldom: each
    # wake-up is GUI thread CPU time counted into the keystroke's, 25 ms gave ~4 ms at 512 tokens)
    heartbeat = QTimer()
    heartbeat.setInterval(500)

    def wait(cond, timeout=120.0):
        """Handle events until cond(): blocked in Qt's event loop between them (not polling), so
        the GUI thread's CPU time counts the app's work, not the benchmark's waiting."""
        end = time.perf_counter() + timeout
        heartbeat.start()
        try:
            while not cond():
                if time.perf_counter() > end:
                    raise TimeoutError("no result")
                app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
        finally:
            heartbeat.stop()

    window.model_folder_menu.open(str(folder))
    wait(lambda: not window.state.model_folders.loading and view.model_name == str(folder.resolve()))
    from transformers import AutoTokenizer  # only to make texts of an exact token count

    tokenizer = AutoTokenizer.from_pretrained(folder, local_files_only=True)

    def shown(text):
        return view.result is not None and view.result.source_text == text and not view.busy

    # the forward pass of the same model and texts, timed on this thread right after each
    # keystroke (the app's worker idle then, same torch thread count): on a shared machine the
    # load changes from minute to minute, so each keystroke is compared with its own forward pass
    import torch

    from engine.hf.model import load_hf_model

    first = text_of(tokenizer, SIZES[0], 0)
    view.controls.input.setText(first)
    wait(lambda: shown(first))
    rss_drawn = peak_rss_mb()  # the app alone: before the benchmark loads its own copy
    model = load_hf_model(folder, device="cpu")
    weights_mb = sum(p.numel() * p.element_size() for p in model.module.parameters()) / (1 << 20)
    config = model.module.config
    n_layers, n_heads = config.num_hidden_layers, config.num_attention_heads

    profiling = {"on": False}

    def forward_ms(text, attentions=True):
        # the benchmark's own forward pass is not the app's: left out of the GUI thread's profile
        if profiling["on"]:
            profile.disable()
        ids = torch.tensor([tokenizer(text).input_ids])
        start = time.perf_counter()
        with torch.inference_mode():
            model.module(input_ids=ids, attention_mask=torch.ones_like(ids), output_attentions=attentions)
        elapsed = 1000 * (time.perf_counter() - start)
        if profiling["on"]:
            profile.enable()
        return elapsed

    profile = cProfile.Profile(time.thread_time)  # the GUI thread's CPU time, not its waits

    from PySide6.QtCore import QEvent, QObject

    class PaintCounter(QObject):
        """Paint events per widget (class and parent's class) while `on`: what a keystroke repaints."""

        def __init__(self):
            super().__init__()
            self.on, self.counts = False, {}

        def eventFilter(self, obj, event):  # noqa: N802 - Qt's name
            if self.on and event.type() == QEvent.Type.Paint:
                parent = obj.parent()
                name = f"{type(obj).__name__} in {type(parent).__name__ if parent is not None else '-'}"
                self.counts[name] = self.counts.get(name, 0) + 1
            return False

    paints = PaintCounter()
    if args.paints:
        app.installEventFilter(paints)
    forward_ms(text_of(tokenizer, 16, 0))

    def keystrokes(size, overview_shown):
        """Lists over `args.edits` keystrokes at `size` tokens: key→heatmap ms, worker ms,
        key→overview ms, forward with attention ms, plain forward ms, GUI thread CPU ms of
        key→heatmap and of key→overview, and GUI thread CPU ms from the key to everything drawn and
        painted (the heatmap's paint comes after `updated`)."""
        base = text_of(tokenizer, size, 0)
        view.controls.input.setText(base)
        wait(lambda: shown(base) and (not overview_shown or base in overview_at))
        totals, workers, overviews, forwards, plains, cpu_heatmap, cpu_overview, cpu_all = ([] for _ in range(8))
        painted = []  # wall ms from the key to everything drawn and painted
        keystrokes.painted = painted
        phases = []  # GUI thread CPU ms per keystroke: key→sent, waiting for the worker, drawing, painting
        for k in range(args.edits):
            text = view.controls.input.text()
            target = text[:-1] + "abcdefghij"[(k + 1) % 10]
            if target == text:
                target = text[:-1] + "k"
            QTest.keyClick(view.controls.input, Qt.Key.Key_Backspace)
            shorter = view.controls.input.text()
            # the shorter text's answer (an edit of its own), and its overview when the tab is shown
            wait(lambda: shown(shorter) and (not overview_shown or shorter in overview_at))
            app.processEvents()  # its paints too: they belong to that edit, not to the keystroke timed next
            heatmap_at.pop(target, None)
            overview_at.pop(target, None)
            phase_at.pop(("sent", target), None)
            phase_at.pop(("render", target), None)
            start, cpu_start = time.perf_counter(), time.thread_time()
            QTest.keyClicks(view.controls.input, target[-1])
            wait(lambda: shown(target) and target in heatmap_at and (not overview_shown or target in overview_at))
            totals.append(1000 * (heatmap_at[target][0] - start))
            cpu_heatmap.append(1000 * (heatmap_at[target][1] - cpu_start))
            app.processEvents()  # the paints the drawing asked for
            cpu_all.append(1000 * (time.thread_time() - cpu_start))
            painted.append(1000 * (time.perf_counter() - start))
            marks = (cpu_start, phase_at.get(("sent", target), np.nan), phase_at.get(("render", target), np.nan),
                     heatmap_at[target][1], cpu_start + cpu_all[-1] / 1000)
            phases.append(np.diff(marks) * 1000)
            workers.append(elapsed.get(target, float("nan")))
            if overview_shown:
                overviews.append(1000 * (overview_at[target][0] - start))
                cpu_overview.append(1000 * (overview_at[target][1] - cpu_start))
            forwards.append(forward_ms(target))
            plains.append(forward_ms(target, attentions=False))
        keystrokes.phases = np.array(phases)
        return totals, workers, overviews, forwards, plains, cpu_heatmap, cpu_overview, cpu_all

    tiles = n_layers * (n_heads + 1)
    print(f"{folder.name} ({model.kind}) in the app ({n_layers} layers x {n_heads} heads, overview of {tiles} tiles), "
          f"worker threads {args.threads}")
    print(f"{'tokens':>6} {'key→heatmap p50':>16} {'p95':>8} {'worker p50':>11} {'GUI wall to painted p50':>24} "
          f"{'CPU to updated p50':>18} {'CPU incl. paint p50':>19} {'p95':>6} {'forward+attn p50':>17} {'plain forward':>14} "
          f"{'key→heatmap − forward+attn p50':>31}  (ms)")
    gui_share = {}  # size -> (wall p50, wall p95, CPU p50, CPU p95) of the GUI thread's share
    for size in SIZES:
        if args.profile and size == args.profile_tokens:
            profiling["on"] = True
            profile.enable()
        paints.on = args.paints and size == args.profile_tokens
        totals, workers, _, forwards, plains, cpu_updated, _, cpu = keystrokes(size, overview_shown=False)
        if paints.on:
            paints.on = False
            print(f"paint events per keystroke at {size} tokens (Backspace and key: two edits each): " + ", ".join(
                f"{name} {count / args.edits:.1f}" for name, count in sorted(paints.counts.items(), key=lambda kv: -kv[1])))
        if profiling["on"] and size != SIZES[-1]:  # a smaller size's keystrokes alone
            profile.disable()
            profiling["on"] = False
        # the GUI's share by wall time: to painted (the heatmap's paint follows `updated`), less the worker's
        gui = [t - w for t, w in zip(keystrokes.painted, workers)]
        over = [t - f for t, f in zip(totals, forwards)]  # each keystroke against its own forward pass
        gui_share[size] = (np.percentile(gui, 50), np.percentile(gui, 95), np.percentile(cpu, 50),
                           np.percentile(cpu, 95))
        print(f"{size:>6} {np.percentile(totals, 50):>16.1f} {np.percentile(totals, 95):>8.1f} "
              f"{np.median(workers):>11.1f} {np.median(gui):>24.1f} {np.median(cpu_updated):>18.1f} "
              f"{np.percentile(cpu, 50):>19.1f} {np.percentile(cpu, 95):>6.1f} {np.median(forwards):>17.1f} "
              f"{np.median(plains):>14.1f} {np.median(over):>31.1f}")
        phase = np.nanmedian(keystrokes.phases, axis=0)
        print(f"{'':>6} GUI CPU p50 by phase: key→request sent {phase[0]:.1f}, waiting for the worker {phase[1]:.1f}, "
              f"drawing {phase[2]:.1f}, updated→painted {phase[3]:.1f} ms")

    # at 512 tokens: another head, and each toggle (no engine call; a toggled layer is computed
    # in the background worker): until the heatmap is redrawn and nothing is pending
    def timed(action):
        start, cpu_start = time.perf_counter(), time.thread_time()
        action()
        wait(lambda: not view.busy)
        app.processEvents()
        return 1000 * (time.perf_counter() - start), 1000 * (time.thread_time() - cpu_start)

    heads = [timed(lambda h=h: view.controls.head_box.setCurrentIndex(h)) for h in range(n_heads)]
    merge = timed(lambda: view.word_pieces.merge_check.setChecked(True))
    hide = timed(lambda: view.word_pieces.hide_check.setChecked(True))
    back = timed(lambda: (view.word_pieces.merge_check.setChecked(False), view.word_pieces.hide_check.setChecked(False)))

    # the same toggles after a pause, as a lecturer clicks one: the view computes the layer shown
    # with each toggle that is off in the background once the result has stayed ~150 ms
    # (app/views/attention/view.py, AHEAD_DELAY_MS); the clicks above came right after other
    # changes, before that, so they include the worker's transform
    def paused(merge, hide, action):
        if hasattr(view, "toggled_layer_ready"):  # (a tree without it: the same clicks, nothing ahead)
            wait(lambda: view.toggled_layer_ready(merge, hide), timeout=10.0)
        return timed(action)

    paused_hide = paused(False, True, lambda: view.word_pieces.hide_check.setChecked(True))
    view.word_pieces.hide_check.setChecked(False)
    wait(lambda: not view.busy)
    paused_merge = paused(True, False, lambda: view.word_pieces.merge_check.setChecked(True))
    view.word_pieces.merge_check.setChecked(False)
    wait(lambda: not view.busy)
    profile.disable()
    profiling["on"] = False
    if args.profile:
        print(f"GUI thread at {args.profile_tokens} tokens (keystrokes; at 512 also heads and toggles), "
              f"top {args.profile} by cumulative time:")
        stats = pstats.Stats(profile, stream=sys.stdout)
        stats.sort_stats("cumulative").print_stats(args.profile)
        print(f"the same, top {args.profile} by own time:")
        stats.sort_stats("tottime").print_stats(args.profile)
    head_wall, head_cpu = np.median([h[0] for h in heads]), np.median([h[1] for h in heads])
    print(f"512 tokens (wall / GUI CPU ms): another head p50 {head_wall:.1f} / {head_cpu:.1f}; merge word pieces on "
          f"{merge[0]:.1f} / {merge[1]:.1f}; hide specials on {hide[0]:.1f} / {hide[1]:.1f}; both off "
          f"{back[0]:.1f} / {back[1]:.1f}; after a pause: hide specials on {paused_hide[0]:.1f} / {paused_hide[1]:.1f}, "
          f"merge word pieces on {paused_merge[0]:.1f} / {paused_merge[1]:.1f}")

    view.side.setCurrentWidget(view.overview)
    totals, _, overviews, forwards, _, cpu, cpu_over, cpu_over_painted = keystrokes(SIZES[-1], overview_shown=True)
    over_forward = [o - f for o, f in zip(overviews, forwards)]  # each keystroke against its own forward pass
    # the overview's summary runs in the background worker, whose CPU the GUI thread's clock does not
    # count: the same summary of the last result, timed here by the process's CPU clock (the app's
    # workers are idle now; the summary pools its tiles on a second thread of its own)
    from engine.jobs import OverviewRequest

    summary_cpu = []
    for _ in range(3):
        cpu_start = time.process_time()
        OverviewRequest(view.result, view.kind).run(None)
        summary_cpu.append(1000 * (time.process_time() - cpu_start))
    # on an idle machine: the GUI thread's work and the summary one after the other (the summary in
    # fact overlaps the heatmap's paint), after the forward pass
    overview_cpu = np.median(cpu_over_painted) + np.median(summary_cpu)
    print(f"512 tokens, \"All heads\" tab shown: key→heatmap p50 {np.percentile(totals, 50):.1f} "
          f"(p95 {np.percentile(totals, 95):.1f}) ms, key→overview p50 {np.percentile(overviews, 50):.1f} "
          f"(p95 {np.percentile(overviews, 95):.1f}) ms = forward+attn + {np.median(over_forward):.1f} ms; "
          f"GUI CPU key→heatmap p50 {np.median(cpu):.1f} ms, key→overview p50 {np.median(cpu_over):.1f} ms")

    print(f"targets (wall figures are inflated by the machine's load; the GUI thread's CPU time is not), "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}:")
    # "aim ≤ 12 ms CPU": on the quiet machine the wall time ran 2–4 ms above the GUI thread's CPU time
    for size, (wall50, wall95, cpu50, cpu95) in gui_share.items():
        anchor = ANCHOR_GUI_SHARE.get(size)
        was = f"; anchor p50 {anchor[0]:.1f} wall / {anchor[1]:.1f} CPU" if args.size == "minilm" and anchor else ""
        print(f"  GUI share of key→heatmap at {size:>3} tokens: p50 {wall50:.1f} wall / {cpu50:.1f} CPU (≤ 16.7, aim ≤ 12 CPU), "
              f"p95 {wall95:.1f} wall / {cpu95:.1f} CPU (≤ 33) ms (CPU: to painted){was} "
              f"{verdict(cpu50 <= 16.7 and cpu95 <= 33, wall50 <= 16.7 and wall95 <= 33)}")
    was = f"; anchor forward+attn + {ANCHOR_OVERVIEW:.1f}" if args.size == "minilm" else ""
    print(f"  key→overview at 512 tokens, tab shown: forward+attn + {np.median(over_forward):.1f} ms wall (≤ 100){was}, "
          f"CPU: GUI thread to painted {np.median(cpu_over_painted):.1f} + background summary {np.median(summary_cpu):.1f} = "
          f"{overview_cpu:.1f} ms {verdict(overview_cpu <= 100, np.median(over_forward) <= 100)}")
    for name, (wall, cpu_ms) in (("merge word pieces on", merge), ("hide specials on", hide), ("both off", back),
                                 ("hide specials on after a pause", paused_hide),
                                 ("merge word pieces on after a pause", paused_merge)):
        anchor = ANCHOR_TOGGLES.get(name)
        was = f"; anchor {anchor[0]:.1f} wall / {anchor[1]:.1f} GUI CPU" if args.size == "minilm" and anchor else ""
        print(f"  {name} at 512 tokens: {wall:.1f} wall / {cpu_ms:.1f} GUI CPU ms (≤ 50){was} "
              f"{verdict(cpu_ms <= 50, wall <= 50)}")

    print(f"peak RSS: {rss_drawn:.0f} MB once the app drew its first text; {peak_rss_mb():.0f} MB at the end, "
          f"including the benchmark's own copy of the model ({weights_mb:.0f} MB of weights)")
    window.close()
    scratch.cleanup()


if __name__ == "__main__":
    main()
