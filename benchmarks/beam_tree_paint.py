"""What the beam-search tree costs the GUI thread with "All candidates": one build and one repaint.

python benchmarks/beam_tree_paint.py [--runs 5] [--widths 5,10,32]

For each B, the date-transformer's search of "Friday 26, March 2021" with every candidate drawn
(up to the tree's MAX_BOXES boxes): `set_search` (the build), its first paint, then a repaint of the
whole viewport at the tree's own framing and at Fit (the whole search in view).  The figures are the
GUI thread's CPU time (time.thread_time, what a loaded machine does not inflate) and wall time,
medians of --runs; the soak's limit for one gap of the GUI thread is 200 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")


def timed(fn) -> tuple[float, float]:
    """(GUI-thread CPU ms, wall ms) of fn()."""
    cpu, wall = time.thread_time(), time.perf_counter()
    fn()
    return (time.thread_time() - cpu) * 1e3, (time.perf_counter() - wall) * 1e3


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--widths", default="5,10,32")
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication

    qapp = QApplication.instance() or QApplication([])
    import torch

    from app.views.beam.tree import BeamTree
    from engine.jobs import BeamRequest, EngineContext

    torch.set_num_threads(1)
    context = EngineContext("cpu")
    tree = BeamTree()
    tree.resize(1000, 600)
    tree.show()
    tree.set_show_all(True)
    qapp.processEvents()
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {args.runs} (GUI-thread CPU ms / wall ms)")
    for width in (int(w) for w in args.widths.split(",")):
        analysis = BeamRequest("date-transformer", "Friday 26, March 2021", beam_width=width).run(context)
        figures = {"build": [], "first paint": [], "repaint": [], "repaint at Fit": []}
        for _ in range(args.runs + 1):  # the first run warms caches (glyphs)
            figures["build"].append(timed(lambda: tree.set_search(analysis)))
            figures["first paint"].append(timed(tree.viewport().repaint))
            qapp.processEvents()
            figures["repaint"].append(timed(tree.viewport().repaint))
            tree.fit_mode = "fit"
            tree.frame()
            qapp.processEvents()
            figures["repaint at Fit"].append(timed(tree.viewport().repaint))
        boxes = len(tree.node_items)
        shown = " · ".join(f"{name} {statistics.median(c for c, _ in runs[1:]):.1f} / "
                           f"{statistics.median(w for _, w in runs[1:]):.1f}" for name, runs in figures.items())
        print(f"B = {width:2d}, {boxes:5d} boxes: {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
