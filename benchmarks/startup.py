"""Launch-to-window and launch-to-first-result of `python main.py`, median of 5 runs.

Each run starts a fresh process (offscreen Qt unless a display is set) with --startup-report,
which prints the Unix time of the window's first paint and the time at which the first view
drew its first result; this script subtracts the time just before it started the process.

    python benchmarks/startup.py [--runs 5] [--view attention]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def one_run(view: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "HOME": home, "XDG_CONFIG_HOME": home}
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        started = time.time()
        proc = subprocess.run([sys.executable, "main.py", "--device", "cpu", "--view", view, "--startup-report"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-2000:])
    stamps = dict(line.split() for line in proc.stdout.splitlines() if line.startswith(("window_shown", "first_result")))
    return float(stamps["window_shown"]) - started, float(stamps["first_result"]) - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--view", default="attention")
    args = parser.parse_args()
    runs = [one_run(args.view) for _ in range(args.runs)]
    window = [w for w, _ in runs]
    first = [f for _, f in runs]
    print(f"startup ({args.view} view, {args.runs} runs, {os.cpu_count()} CPUs)")
    print(f"launch-to-window        median {statistics.median(window) * 1e3:7.0f} ms  "
          f"(min {min(window) * 1e3:.0f}, max {max(window) * 1e3:.0f})")
    print(f"launch-to-first-result  median {statistics.median(first) * 1e3:7.0f} ms  "
          f"(min {min(first) * 1e3:.0f}, max {max(first) * 1e3:.0f})")


if __name__ == "__main__":
    main()
