"""Neighbour and 3CosAdd queries over 400,000 × 300 random vectors held in memory (no file to
write and read: a minute, where benchmarks/embeddings.py takes many at this size): the float16
first pass (engine/embeddings/half_scores.py) beside the float32 pass alone, with one torch thread
as the app's worker runs.  Prints wall median / p95; CPU median / p95, in ms, of 40 queries.

    python benchmarks/embedding_queries.py [--words 400000] [--restrict 100000]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def timed(call, items) -> str:
    for item in items[:3]:
        call(item)
    wall, cpu = [], []
    for item in items:
        started, cpu_started = time.perf_counter(), time.process_time()
        call(item)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    return (f"{np.median(wall) * 1e3:.1f} / {np.percentile(wall, 95) * 1e3:.1f}; "
            f"{np.median(cpu) * 1e3:.1f} / {np.percentile(cpu, 95) * 1e3:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=400_000)
    parser.add_argument("--dim", type=int, default=300)
    parser.add_argument("--restrict", type=int, default=100_000)
    args = parser.parse_args()

    import torch

    from engine.embeddings import half_scores, queries
    from engine.embeddings.vectors import Embeddings

    torch.set_num_threads(1)
    rng = np.random.default_rng(0)
    vectors = np.empty((args.words, args.dim), dtype=np.float32)
    for start in range(0, args.words, 50000):
        vectors[start:start + 50000] = rng.standard_normal((min(50000, args.words - start), args.dim))
    emb = Embeddings.from_arrays([f"w{i}" for i in range(args.words)], vectors, "random")
    started, cpu_started = time.perf_counter(), time.process_time()
    half_scores.unit_rows_half(emb)
    print(f"# float16 copy made once in {time.perf_counter() - started:.2f} s wall, "
          f"{time.process_time() - cpu_started:.2f} s CPU; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} CPUs")
    words = [f"w{i}" for i in rng.integers(0, args.restrict, 40)]
    triples = [tuple(f"w{i}" for i in rng.integers(0, args.restrict, 3)) for _ in words]
    print("| query, ms: wall median / p95; CPU median / p95 | float16 first pass | float32 pass only |")
    print("|---|---|---|")
    for rows, label in ((None, f"all {args.words:,}"), (args.restrict, f"first {args.restrict:,}")):
        for name, call, items in (("neighbours", lambda w: queries.neighbours(emb, w, 10, rows), words),
                                  ("analogy add", lambda t: queries.analogy(emb, *t, k=10, restrict_vocab=rows),
                                   triples)):
            figures = []
            for least_rows in (0, 10 ** 12):  # the first pass always, never
                half_scores.LEAST_ROWS = least_rows
                figures.append(timed(call, items))
            print(f"| {name}, {label} | {figures[0]} | {figures[1]} |", flush=True)
    print(f"# load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
