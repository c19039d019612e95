"""Median time of one translate + attention call per shipped model, on the CPU (and CUDA
when present).  Prints a table; never used as a test.

    python benchmarks/inference.py [--runs 50] [--threads N]
"""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from engine import list_models, load_model  # noqa: E402

INPUTS = ["Friday 26, March 2021", "4 Nov 1988", "2021年3月26日星期五", "Freitag, 26. März 2021", "15/10/1971"]


def measure(model, runs: int):
    times = []
    for i in range(runs + 3):
        text = INPUTS[i % len(INPUTS)]
        start = time.perf_counter()
        model.translate(text)
        model.attention(text)
        if model.device.type == "cuda":
            torch.cuda.synchronize()
        if i >= 3:  # warm-up excluded
            times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    print(f"machine: {platform.machine()}, {torch.get_num_threads()} torch threads, torch {torch.__version__}, "
          f"python {platform.python_version()}")
    print(f"{'model':<22}{'device':<8}{'median ms':>10}{'p95 ms':>9}   (translate + attention, {args.runs} runs)")
    for info in list_models():
        for device in devices:
            model = load_model(info.name, device=device)
            median, p95 = measure(model, args.runs)
            print(f"{info.name:<22}{device:<8}{median:>10.2f}{p95:>9.2f}")


if __name__ == "__main__":
    main()
