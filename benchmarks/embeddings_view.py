"""A query through the Embeddings view, keystroke by keystroke: the time from a key pressed in a
tab's word field to its table filled and painted (the worker's query, the table and the picture),
the GUI thread's CPU time for it, the worker's own time (``Result.elapsed_ms``) and the query's
CPU time (the worker's and its helper's threads, engine/embeddings/row_blocks.py).

    python benchmarks/embeddings_view.py                   # 100,000 words × 300, a GloVe file
    python benchmarks/embeddings_view.py --words 400000 --in-memory   # random vectors, no file
    python benchmarks/embeddings_view.py --words 20000 --queries 10
    python benchmarks/embeddings_view.py --profile 25   # and the GUI thread's 25 costliest functions
    python benchmarks/embeddings_view.py --kinds mul --profile 25   # 3CosMul's keystrokes alone
    SORT=cumulative python benchmarks/embeddings_view.py --kinds mul --profile 60   # by cumulative time
    python benchmarks/embeddings_view.py --kinds add mul --replay 5   # and the analogy answers shown again

benchmarks/embeddings.py runs ``keystrokes_through_the_view`` on its 400,000-word file.  Each
measured keystroke is the last letter of a word: the field first holds the word without it (not
timed; see ``_press_last_key``), then the key is pressed as a user presses it (QTest.keyClick)
and the clock runs until the tab shows the whole word's answer, painted.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _settle(app, view, condition) -> None:
    """Processes events until ``condition()`` holds and the view waits for nothing, sleeping
    between events rather than polling (polling would charge the GUI thread's CPU time)."""
    from PySide6.QtCore import QEventLoop, QTimer

    wake = QTimer()
    wake.start(50)  # an event now and then, so that a condition met without one is still seen
    while not (condition() and not view.busy):
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    wake.stop()


def _paint_pending(app, passes: int = 3) -> None:
    """Paints what is waiting to be painted, and what that painting asks to paint again (a
    pyqtgraph label placed at its first paint updates itself once more): one pass of
    processEvents left the second paint to whatever ran next."""
    for _ in range(passes):
        app.processEvents()


def _engine_cpu_clocks(bridge) -> list[int]:
    """The CPU clocks of the threads that answer a query: the worker's, and the helper's that
    shares its products (once the helper exists)."""
    from engine.embeddings import row_blocks

    threads = [bridge.worker._thread]
    pool = row_blocks.helper()
    threads += list(getattr(pool, "_threads", ()))
    return [time.pthread_getcpuclockid(t.ident) for t in threads if t.ident is not None]


def _press_last_key(app, view, field, text: str, shown, prefix_asked: bool = False,
                    profiler=None) -> tuple[float, float, float]:
    """(key → answer shown and painted ms, GUI thread CPU ms, the query's CPU ms: the worker's and
    its helper's threads) for the last key of ``text``.
    The field first holds ``text`` without its last letter: unasked (the view still shows the
    previous word's answer, as after a word typed whole), or with ``prefix_asked`` asked, which
    in a file of random words is an unknown word: the results are greyed under an error, and
    the keystroke shows them again (a repaint of the whole tab).  ``profiler`` runs from the key
    to the answer painted: the setup's answers (the analogy's a and b typed) are not profiled."""
    from PySide6.QtCore import QSignalBlocker
    from PySide6.QtTest import QTest

    if prefix_asked:
        field.setText(text[:-1])
    else:
        blocker = QSignalBlocker(field)
        field.setText(text[:-1])
        blocker.unblock()
    _settle(app, view, lambda: True)
    # the screen as the user sees it before the key: what the setup drew is painted (a user's
    # previous answer was painted before the next key; its paint is not this key's cost — it
    # was charged here until 2026-12-02, one to two repaints of the whole tab per key)
    _paint_pending(app)
    clocks = _engine_cpu_clocks(view.bridge)
    engine_started = sum(time.clock_gettime(c) for c in clocks)
    if profiler is not None:
        profiler.enable()
    started, cpu_started = time.perf_counter(), time.thread_time()
    QTest.keyClick(field, text[-1])
    _settle(app, view, shown)
    _paint_pending(app)  # the table and picture painted (their update requests are posted events)
    if profiler is not None:
        profiler.disable()
    return ((time.perf_counter() - started) * 1e3, (time.thread_time() - cpu_started) * 1e3,
            (sum(time.clock_gettime(c) for c in clocks) - engine_started) * 1e3)


def _percentiles(values) -> list[float]:
    import numpy as np

    return [float(np.median(values)), float(np.percentile(values, 95))]


KINDS = ("neighbours", "add", "mul")


def keystrokes_through_the_view(path: str, count: int, fmt: str = "glove", warm_up: int = 2,
                                profiler=None, vectors=None, kinds_asked=KINDS, replay: int = 0) -> dict:
    """Opens ``path`` through the Embeddings view (read in the worker; the cache if it has one),
    then presses keys in the Neighbours tab (also after an unknown prefix) and the Analogy tab (3CosAdd, 3CosMul) over all words:
    {"count", "open_seconds", "kinds": {kind: {"shown", "gui_cpu", "worker", "query_cpu"}: [p50, p95] ms}}.
    ``profiler`` (a cProfile.Profile) runs during the timed key presses: this thread's (the GUI's) calls.
    ``vectors``: Embeddings to show as the file at ``path`` (kept open for the view: nothing is read).
    ``kinds_asked``: of KINDS, those to press keys for (a profile of one kind's GUI work alone).
    ``replay``: rounds of showing the analogy answers again (``answers_shown_again``), reported
    as {"replay": {kind: [p50, p95]}} (GUI thread CPU ms per answer)."""
    import numpy as np
    from PySide6.QtWidgets import QApplication

    from app.bridge import EngineBridge
    from app.state import SharedState
    from app.views.embeddings import EmbeddingsView
    from engine.embeddings import lesson
    from engine.embeddings.lesson import open_source

    if vectors is not None:
        lesson._sources[lesson.file_key(path, fmt)] = vectors
    app = QApplication.instance() or QApplication([])
    bridge = EngineBridge(device="cpu")
    bridge.start_worker()
    view = EmbeddingsView(bridge, SharedState())
    view.resize(1280, 680)
    view.show()
    _settle(app, view, view.ready)
    started = time.perf_counter()
    view.open_file(str(path), fmt)
    _settle(app, view, lambda: view.neighbours_tab.answer is not None
            and view.neighbours_tab.answer.source.key.startswith("file:") or bool(view.message.text()))
    opened = time.perf_counter() - started
    vocabulary = open_source(view.view_state.source).words  # kept open by the view's worker: no reading
    rng = np.random.default_rng(1)
    picks = [vocabulary[i] for i in rng.integers(0, len(vocabulary), 4 * (count + warm_up))]
    kinds, drawn = {}, {}

    neighbours = view.neighbours_tab
    for prefix_asked, name in ((False, "neighbours"), (True, "neighbours, after an unknown prefix")) \
            if "neighbours" in kinds_asked else ():
        timings = []
        for word in picks[:count + warm_up]:
            def shown(w=word):
                return neighbours.answer is not None and neighbours.answer.value.word == w
            timings.append(_press_last_key(app, view, neighbours.word, word, shown, prefix_asked,
                                           profiler)
                           + (neighbours.result.elapsed_ms,))
        kinds[name] = timings[warm_up:]

    analogy = view.analogy_tab
    view.view_state.tab = "analogy"
    for method in [m for m in ("add", "mul") if m in kinds_asked]:
        analogy.method_box.setCurrentIndex(analogy.method_box.findData(method))
        timings, drawn[f"analogy {method}"] = [], []
        for i in range(count + warm_up):
            a, b, c = picks[count + warm_up + 3 * i: count + warm_up + 3 * i + 3]
            analogy.a.setText(a)
            analogy.b.setText(b)

            def shown(a=a, b=b, c=c, method=method):
                answer = analogy.answer
                return answer is not None and answer.value.analogy.words == (a, b, c) \
                    and answer.value.analogy.method == method
            timings.append(_press_last_key(app, view, analogy.c, c, shown, profiler=profiler) + (analogy.result.elapsed_ms,))
            drawn[f"analogy {method}"].append(analogy.result)
        kinds[f"analogy {method}"] = timings[warm_up:]
    replayed = {kind: _percentiles(answers_shown_again(app, view, results, replay)) for kind, results in drawn.items()} \
        if replay else {}
    bridge.shutdown()
    return {"count": count, "open_seconds": opened, "replay": replayed,
            "kinds": {name: {"shown": _percentiles([t[0] for t in rows]), "gui_cpu": _percentiles([t[1] for t in rows]),
                             "query_cpu": _percentiles([t[2] for t in rows]), "worker": _percentiles([t[3] for t in rows])}
                      for name, rows in kinds.items()}}


def answers_shown_again(app, view, results, rounds: int) -> list[float]:
    """The GUI thread's CPU ms for each of ``results`` (the engine's Results the view drew) shown
    again through the view's own ``render_answer`` and painted, ``rounds`` times over: the GUI's
    share of a keystroke alone.  Nothing runs in the worker meanwhile, so its threads do not
    compete with the GUI thread for the cores, and a comparison of two branches' GUI work needs
    fewer runs on a loaded machine."""
    costs = []
    for _ in range(rounds):
        for result in results:
            cpu_started = time.thread_time()
            view.render_answer(result)
            _paint_pending(app)
            costs.append((time.thread_time() - cpu_started) * 1e3)
    return costs


def random_vectors(words: int, dim: int):
    """Embeddings of ``words`` random vectors, named as a file's words are (the benchmark's file:
    benchmarks/embeddings.py's write_glove)."""
    import numpy as np

    from engine.embeddings.vectors import Embeddings

    rng = np.random.default_rng(0)
    vectors = np.empty((words, dim), dtype=np.float32)
    for start in range(0, words, 50_000):
        vectors[start:start + 50_000] = rng.standard_normal((min(50_000, words - start), dim), dtype=np.float32)
    return Embeddings.from_arrays([f"w{i}" for i in range(words)], vectors, "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--dim", type=int, default=300)
    parser.add_argument("--queries", type=int, default=30)
    parser.add_argument("--in-memory", action="store_true",
                        help="random vectors held in memory instead of a GloVe file written and read (seconds, not minutes)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print the GUI thread's N costliest functions during the key presses (its CPU time)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=KINDS,
                        help="the keystrokes to time (default: all): neighbours, analogy add, analogy mul")
    parser.add_argument("--replay", type=int, default=0, metavar="ROUNDS",
                        help="then show the analogy answers again ROUNDS times: the GUI thread's CPU per answer alone")
    args = parser.parse_args()
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)  # CPU time of this thread: the GUI's

    from benchmarks.embeddings import print_view, write_glove

    with tempfile.TemporaryDirectory() as folder:
        os.environ["ATTENTION_LAB_CACHE"] = str(Path(folder) / "cache")
        path = Path(folder) / "vectors.txt"
        vectors = random_vectors(args.words, args.dim) if args.in_memory else None
        if vectors is None:
            write_glove(path, args.words, args.dim)
        measured = keystrokes_through_the_view(str(path), args.queries, profiler=profiler, vectors=vectors,
                                               kinds_asked=args.kinds, replay=args.replay)
        how = "random vectors in memory" if args.in_memory else "first open, no cache"
        print(f"# opened {args.words:,} × {args.dim} through the view in {measured['open_seconds']:.1f} s "
              f"({how}); load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        print_view(measured, args.words)
        if measured["replay"]:
            print(f"\n| answers shown again ({args.replay} rounds) | GUI thread CPU per answer, p50 / p95 |\n|---|---|")
        for kind, (p50, p95) in measured["replay"].items():
            print(f"| {kind} | {p50:.1f} / {p95:.1f} ms |")
    if profiler is not None:
        import pstats

        pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "tottime")).print_stats(args.profile)


if __name__ == "__main__":
    main()
