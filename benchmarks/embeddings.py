"""Opening a large GloVe file and asking it questions: engine.embeddings beside gensim, in one run.

    python benchmarks/embeddings.py                    # 400,000 words × 300 (a ~1.1 GB file)
    python benchmarks/embeddings.py --words 50000      # a quick run
    python benchmarks/embeddings.py --gensim-words 100000   # time gensim on the first 100,000
                                                            # lines only, and scale it up

Writes a GloVe-format text file of random vectors ("%.5f", as GloVe's own files) into a
temporary folder, then, each in a fresh process so that memory figures are the process's own:

  * our load (no cache), gensim's ``load_word2vec_format(no_header=True)``: wall time and
    peak memory above the process's size after its imports (ru_maxrss), against the float32
    matrix's own size;
  * the first open with the cache (parse + write the .npy) and the second (memory-mapped);
  * neighbour and analogy (3CosAdd, 3CosMul) queries through ``engine.embeddings.queries``
    (neighbours and 3CosAdd also with the float32 pass alone, without half_scores' first pass)
    over all words and over ``restrict_vocab`` (default 100,000): median and p95 of
    ``--queries`` random words, after 3 warm-up calls; and the bare floor, one numpy
    matrix–vector product plus top-k over the same matrix;
  * the view's t-SNE map (``engine.embeddings.lesson.tsne``) of the file's first
    ``--tsne-words`` words (default 2,000; 0 skips it): wall and CPU time, the import of
    openTSNE apart (the view pays it once).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, sys, time
sys.path.insert(0, {root!r})
import numpy as np
task, path, extra = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
if task == "gensim":
    from gensim.models import KeyedVectors
elif task == "tsne":
    t, c = time.perf_counter(), time.process_time()
    import openTSNE
    from engine.embeddings import lesson
    imported = [time.perf_counter() - t, time.process_time() - c]
    from engine.embeddings import load_embeddings
else:
    from engine.embeddings import load_embeddings, queries
if extra.get("trace"):
    import tracemalloc
    tracemalloc.start()
out = {{}}
start, cpu = time.perf_counter(), time.process_time()
if task == "gensim":
    kv = KeyedVectors.load_word2vec_format(path, no_header=True, limit=extra.get("limit"))
    out["rows"] = len(kv)
else:
    emb = load_embeddings(path, "glove", cache=extra["cache"])
    out["rows"] = len(emb)
    out["memory_mapped"] = isinstance(emb.vectors, np.memmap)
out["seconds"] = time.perf_counter() - start
out["cpu_seconds"] = time.process_time() - cpu
if extra.get("trace"):
    out["peak_bytes"] = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
if task == "tsne":
    vectors = np.asarray(emb.vectors[:extra["words"]], dtype=np.float64)
    t, c = time.perf_counter(), time.process_time()
    lesson.tsne(vectors, progress=lambda f: None)
    out["tsne"] = {{"import": imported, "fit": [time.perf_counter() - t, time.process_time() - c]}}
if task == "queries":
    import torch
    torch.set_num_threads(1)  # as the app's worker runs (main.py --threads, default 1); numpy's BLAS keeps its own
    rng = np.random.default_rng(0)
    def timed(call, words):
        for w in words[:3]:
            call(w)
        times, cpu = [], []
        for w in words:
            t, c = time.perf_counter(), time.process_time()
            call(w)
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        return [float(np.median(times)) * 1000, float(np.percentile(times, 95)) * 1000,
                float(np.median(cpu)) * 1000, float(np.percentile(cpu, 95)) * 1000]
    n, restrict = len(emb), min(extra["restrict"], len(emb))
    picks = [emb.words[i] for i in rng.integers(0, restrict, extra["queries"])]
    triples = [tuple(emb.words[j] for j in rng.integers(0, restrict, 3)) for _ in picks]
    results = {{}}
    from engine.embeddings import half_scores
    least_rows = half_scores.LEAST_ROWS
    for label, rv in (("all", None), ("restricted", restrict)):
        results["neighbours " + label] = timed(lambda w: queries.neighbours(emb, w, 10, rv), picks)
        results["analogy add " + label] = timed(lambda t: queries.analogy(emb, *t, k=10, restrict_vocab=rv), triples)
        half_scores.LEAST_ROWS = 10 ** 12  # the float32 pass alone, as before the float16 first pass
        results["neighbours, float32 pass only " + label] = timed(lambda w: queries.neighbours(emb, w, 10, rv), picks)
        results["analogy add, float32 pass only " + label] = timed(
            lambda t: queries.analogy(emb, *t, k=10, restrict_vocab=rv), triples)
        half_scores.LEAST_ROWS = least_rows
        results["analogy mul " + label] = timed(lambda t: queries.analogy(emb, *t, k=10, method="mul",
                                                                          restrict_vocab=rv), triples)
        unit = (np.asarray(emb.vectors[:rv]) / emb.norms[:rv, None]).astype(np.float32)
        def floor(w, unit=unit):
            scores = unit @ unit[emb.index[w] % unit.shape[0]]
            return np.argpartition(-scores, 10)[:11]
        results["bare numpy floor " + label] = timed(floor, picks)
    out["queries"] = results
print(json.dumps(out))
"""


def child(task: str, path: Path, cache_home: Path, **extra) -> dict:
    env = {**os.environ, "ATTENTION_LAB_CACHE": str(cache_home)}
    done = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT)), task, str(path), json.dumps(extra)],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def write_glove(path: Path, words: int, dim: int, seed: int = 0) -> None:
    """Random vectors in GloVe's text layout, written fast: every number is 8 characters
    ("%.6f" for a positive value, "%.5f" for a negative one, |x| < 10), taken from a pool of
    65,536 formatted values, so each line is the word plus rows of a byte matrix."""
    import numpy as np

    rng = np.random.default_rng(seed)
    values = np.clip(rng.standard_normal(65536) * 0.4, -9.9, 9.9)
    pool = np.frombuffer("".join(f" {x:.6f}" if x >= 0 else f" {x:.5f}" for x in values).encode(),
                         dtype=np.uint8).reshape(65536, 9)
    letters = np.frombuffer(b"abcdefghijklmnopqrstuvwxyz", dtype=np.uint8)
    with open(path, "wb") as f:
        for start in range(0, words, 10000):
            count = min(10000, words - start)
            rows = pool[rng.integers(0, 65536, (count, dim))].reshape(count, dim * 9)
            lengths = rng.integers(2, 10, count)
            spelled = letters[rng.integers(0, 26, (count, 10))]
            f.write(b"".join(spelled[i, :lengths[i]].tobytes() + str(start + i).encode() + rows[i].tobytes() + b"\n"
                             for i in range(count)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=400_000)
    parser.add_argument("--dim", type=int, default=300)
    parser.add_argument("--gensim-words", type=int, default=None,
                        help="time gensim on the first N lines only and scale the time to --words")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--restrict", type=int, default=100_000)
    parser.add_argument("--tsne-words", type=int, default=2000, help="words of the t-SNE map timed (0: none)")
    parser.add_argument("--folder", default=None, help="where to write the file (default: a temporary folder)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        folder = Path(folder)
        path = folder / "glove.txt"
        started = time.perf_counter()
        write_glove(path, args.words, args.dim)
        size = path.stat().st_size
        matrix = args.words * args.dim * 4
        print(f"# {args.words:,} words × {args.dim} written in {time.perf_counter() - started:.1f} s: "
              f"{size / 1e9:.2f} GB of text, a {matrix / 1e6:.0f} MB float32 matrix")
        print(f"# machine: {os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        path.read_bytes()  # in the page cache for both readers alike
        ours = child("load", path, folder / "cache-unused", cache=False)
        ours_memory = child("load", path, folder / "cache-unused", cache=False, trace=True)
        limit = args.gensim_words if args.gensim_words and args.gensim_words < args.words else None
        theirs = child("gensim", path, folder / "cache-unused", limit=limit)
        theirs_memory = child("gensim", path, folder / "cache-unused", limit=min(limit or args.words, 20000),
                              trace=True)
        gensim_seconds = theirs["seconds"] * (args.words / limit if limit else 1)
        first = child("load", path, folder / "cache", cache=True)
        second = child("queries", path, folder / "cache", cache=True, queries=args.queries, restrict=args.restrict)
        tsne = child("tsne", path, folder / "cache", cache=True, words=args.tsne_words) if args.tsne_words else None
        print(f"# load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    print()
    scale = args.words / limit if limit else 1
    note = f" (the first {limit:,} lines, × {scale:g})" if limit else ""
    gensim_wall, gensim_cpu = theirs["seconds"] * scale, theirs["cpu_seconds"] * scale
    print("| | engine.embeddings | gensim |")
    print("|---|---|---|")
    print(f"| load, no cache: wall | {ours['seconds']:.1f} s | {gensim_wall:.1f} s{note} |")
    print(f"| load, no cache: CPU (all threads) | {ours['cpu_seconds']:.1f} s | {gensim_cpu:.1f} s |")
    print(f"| ratio to gensim: wall / CPU | {ours['seconds'] / gensim_wall:.3f} / "
          f"{ours['cpu_seconds'] / gensim_cpu:.3f} | 1 |")
    gensim_rows = min(limit or args.words, 20000)
    print(f"| peak memory during the load (tracemalloc) | {ours_memory['peak_bytes'] / 1e6:.0f} MB = "
          f"{ours_memory['peak_bytes'] / matrix:.2f}× the matrix | {theirs_memory['peak_bytes'] / 1e6:.0f} MB for "
          f"{gensim_rows:,} lines = {theirs_memory['peak_bytes'] / (gensim_rows * args.dim * 4):.2f}× their matrix |")
    print(f"| first open with cache (parse + write): wall | {first['seconds']:.1f} s | |")
    print(f"| second open (memory-mapped: {second['memory_mapped']}): wall / CPU | {second['seconds']:.2f} s / "
          f"{second['cpu_seconds']:.2f} s | |")
    print()
    restricted = min(args.restrict, args.words)
    print(f"| query, ms (of {args.queries}): wall median / p95; CPU median / p95 | all {args.words:,} words "
          f"| first {restricted:,} |")
    print("|---|---|---|")
    q = second["queries"]
    for name in ("neighbours", "neighbours, float32 pass only", "analogy add", "analogy add, float32 pass only",
                 "analogy mul", "bare numpy floor"):
        a, r = q[name + " all"], q[name + " restricted"]
        print(f"| {name} | {a[0]:.1f} / {a[1]:.1f}; {a[2]:.1f} / {a[3]:.1f} | {r[0]:.1f} / {r[1]:.1f}; "
              f"{r[2]:.1f} / {r[3]:.1f} |")

    if tsne:
        fit, imported = tsne["tsne"]["fit"], tsne["tsne"]["import"]
        print()
        print(f"| t-SNE of {min(args.tsne_words, args.words):,} words × {args.dim} (the issue: ≤ 15 s) | wall | CPU |")
        print("|---|---|---|")
        print(f"| the map (lesson.tsne: openTSNE, exact neighbours, Barnes-Hut, 250 + 500 steps) | {fit[0]:.1f} s "
              f"| {fit[1]:.1f} s |")
        print(f"| importing openTSNE, the first map only | {imported[0]:.1f} s | {imported[1]:.1f} s |")


if __name__ == "__main__":
    main()
