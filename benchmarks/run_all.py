"""Every figure of docs/benchmarks.md in one table: python benchmarks/run_all.py [--runs 5].

Measures, each as the median of --runs repetitions with its spread (min–max):
  * launch-to-window and launch-to-first-result of `python main.py` (benchmarks/startup.py);
  * keystroke-to-heatmap latency p50/p95 per model (benchmarks/typing_latency.py, one process per run);
  * one beam-search request (what the beam view waits for: search, greedy and analysis) per B;
  * the redraw of the attention overview grid and of a B=10 beam tree (new data set, then the
    widget painted into an image: what a repaint costs);
  * the peak resident memory of the app's processes (the largest ru_maxrss of the runs above).
Writes the table, the machine (lscpu) and the load average into docs/benchmarks.md between the
markers `<!-- run_all -->` and `<!-- /run_all -->`, and prints it.  Run it on an otherwise idle
machine and not under `nice`: the figures are latencies.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from benchmarks.startup import one_run  # noqa: E402

MODELS = ("date-transformer", "date-rnn-attention")
WIDTHS = (1, 5, 10, 32)
TARGETS = {"launch-to-window": 1000, "typing p95": 50, "overview grid redraw": 16, "beam B=10": 100}
BEGIN, END = "<!-- run_all -->", "<!-- /run_all -->"


def spread(values, scale=1.0) -> tuple[float, float, float]:
    values = [v * scale for v in values]
    return statistics.median(values), min(values), max(values)


def typing_run(model: str, edits: int) -> tuple[float, float]:
    proc = subprocess.run([sys.executable, "benchmarks/typing_latency.py", "--model", model, "--edits", str(edits)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    found = re.search(r"heatmap updated: p50 ([\d.]+) ms, p95 ([\d.]+) ms", proc.stdout)
    return float(found.group(1)), float(found.group(2))


def in_process_figures(runs: int) -> dict:
    """Beam requests per B and the two redraws, timed in this process."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    import torch

    torch.set_num_threads(1)  # as the app's worker
    from app.views.beam.tree import BeamTree
    from app.widgets.overview import AttentionOverview
    from engine.attention_overview import summarise
    from engine.jobs import AttentionRequest, BeamRequest, EngineContext

    context = EngineContext("cpu")
    figures = {}
    for model in MODELS:
        for width in WIDTHS:
            request = BeamRequest(model, "Friday 26, March 2021", beam_width=width)
            request.run(context)  # warm-up
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                request.run(context)
                times.append(time.perf_counter() - start)
            figures[f"beam B={width} ({model})"] = spread(times, 1e3)

    attention = AttentionRequest("date-transformer", "Friday 26, March 2021").run(context)
    overview = AttentionOverview()
    overview.resize(900, 260)
    overview.show()
    tree = BeamTree()
    tree.resize(1000, 600)
    tree.show()
    analysis = BeamRequest("date-transformer", "Friday 26, March 2021", beam_width=10).run(context)
    app.processEvents()
    grid, tree_times = [], []
    for i in range(runs + 1):
        kind = ("cross", "encoder_self", "decoder_self")[i % 3]  # new data each time, as on an edit
        start = time.perf_counter()
        overview.show_summary(summarise(getattr(attention, kind)))  # summarised and drawn, as on an edit
        overview.grab()
        grid.append(time.perf_counter() - start)
        start = time.perf_counter()
        tree.set_search(analysis)
        tree.grab()
        tree_times.append(time.perf_counter() - start)
    figures["overview grid redraw"] = spread(grid[1:], 1e3)  # the first includes building the tiles
    figures["beam tree redraw (B=10)"] = spread(tree_times[1:], 1e3)
    return figures


def machine() -> str:
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        keep = ("Model name", "CPU(s):", "Thread(s) per core", "Virtualization", "Hypervisor vendor")
        cpu = "; ".join(" ".join(line.split()) for line in lscpu.splitlines() if line.startswith(keep))
    except OSError:
        cpu = platform.processor()
    import torch
    from PySide6 import __version__ as pyside

    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (f"{cpu}; {memory:.0f} GB RAM; Python {platform.python_version()}, torch {torch.__version__}, "
            f"PySide6 {pyside}; Qt platform {os.environ['QT_QPA_PLATFORM']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edits", type=int, default=100, help="edits per typing run")
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md")
    args = parser.parse_args()
    load_before = os.getloadavg()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    rows = {}
    launches = [one_run("attention") for _ in range(args.runs)]
    rows["launch-to-window"] = spread([w for w, _ in launches], 1e3)
    rows["launch-to-first-result"] = spread([f for _, f in launches], 1e3)
    for model in MODELS:
        typing = [typing_run(model, args.edits) for _ in range(args.runs)]
        rows[f"typing p50 ({model})"] = spread([p50 for p50, _ in typing])
        rows[f"typing p95 ({model})"] = spread([p95 for _, p95 in typing])
    rows.update(in_process_figures(args.runs))
    peak_mb = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
                  resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) / 1024
    load_after = os.getloadavg()

    lines = [BEGIN, f"## All figures: `benchmarks/run_all.py` ({started})", "",
             f"Machine: {machine()}.", "",
             f"Load average (1, 5, 15 min): {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f} "
             f"before, {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} after. Each figure is the "
             f"median of {args.runs} runs, with the fastest and slowest run; typing runs type "
             f"{args.edits} edits each.", "",
             "| measurement | median ms | min ms | max ms | target |", "|---|---|---|---|---|"]
    for name, (median, low, high) in rows.items():
        target = next((f"≤ {ms} ms {'✓' if median <= ms else '✗'}" for key, ms in TARGETS.items()
                       if name.startswith(key) or (key == "beam B=10" and name.startswith("beam B=10 "))), "")
        lines.append(f"| {name} | {median:.1f} | {low:.1f} | {high:.1f} | {target} |")
    lines += ["", f"Peak resident memory of one app process: {peak_mb:.0f} MB (largest ru_maxrss of the runs)."]
    if max(load_before[0], load_after[0]) > (os.cpu_count() or 1):
        lines += ["", f"**The load average was above the {os.cpu_count()} cores during this run: the other jobs' "
                      f"share of the CPUs is in every figure, so these are not the app's figures on a 2-core CPU. "
                      f"Rerun `make benchmarks` on an idle machine before comparing them with the targets.**"]
    lines.append(END)
    block = "\n".join(lines)
    print(block)
    if not args.no_write:
        doc = ROOT / "docs" / "benchmarks.md"
        text = doc.read_text(encoding="utf-8")
        if BEGIN in text:
            text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
        else:
            head, _, rest = text.partition("\n\n")
            text = f"{head}\n\n{block}\n\n{rest}"
        doc.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
