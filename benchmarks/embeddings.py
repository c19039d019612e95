"""Every figure of issue 25's deliverable 6, beside its anchor and its target, in one run.

    python benchmarks/embeddings.py            # 400,000 words × 300 (a ~1.1 GB file; many minutes)
    python benchmarks/embeddings.py --quick    # 50,000 words, fewer queries: a minute or two
    python benchmarks/embeddings.py --in-memory   # the queries alone, on random vectors in memory

Writes a GloVe-format text file of random vectors ("%.6f"/"%.5f", as GloVe's own files) into a
temporary folder, then measures, each in a fresh process (so that memory figures are the
process's own):

  * loading it without the cache, against gensim's ``load_word2vec_format(no_header=True)`` on
    the first ``--gensim-words`` lines (two sizes, to show that gensim's time grows linearly;
    scaled to the whole file): CPU time (all threads) and wall time, and the peak memory above
    the process's size before the load (ru_maxrss − the resident size) against the float32 matrix;
  * the first open with the cache (parse + write) and the second (memory-mapped);
  * neighbour, 3CosAdd and 3CosMul queries (``engine.embeddings.queries``) over all words and
    over the first ``--restrict`` (restrict_vocab), with their first passes (int8; float16 as before) and
    with the float32 pass alone, and the bare numpy floor (one matrix–vector product plus top-k
    over the normalised float32 matrix): median and p95 of ``--queries`` random words;
  * the keystroke through the Embeddings view with the file open (qtbot-style key presses into
    the Neighbours and Analogy tabs' fields): key to the table filled and painted, p50 and p95,
    the GUI thread's CPU time per keystroke, the query's CPU time (the worker's and its helper's
    threads) and the worker's wall time (``Result.elapsed_ms``);
  * the view's t-SNE map (``engine.embeddings.lesson.tsne``) of the first ``--tsne-words``.

The machine's load average is printed before and after: on a loaded machine the wall times are
the load's; the CPU times (and the GUI thread's) are the figures to compare across machines.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: deliverable 6's targets
QUERY_MS_ALL, QUERY_MS_RESTRICTED, CACHE_OPEN_S, TSNE_S = 30.0, 10.0, 1.0, 15.0
LOAD_RATIO, MEMORY_RATIO = 0.1, 1.5


def timed(call, items, warm_up: int = 3) -> list[float]:
    """[wall median, wall p95, CPU median, CPU p95] in ms of ``call(item)`` for each item, after
    ``warm_up`` calls.  CPU is the process's (every thread's)."""
    import numpy as np

    for item in items[:warm_up]:
        call(item)
    wall, cpu = [], []
    for item in items:
        started, cpu_started = time.perf_counter(), time.process_time()
        call(item)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
    return [float(np.median(wall)) * 1e3, float(np.percentile(wall, 95)) * 1e3,
            float(np.median(cpu)) * 1e3, float(np.percentile(cpu, 95)) * 1e3]


def peak_rss_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024)


def rss_bytes() -> int:
    """The process's resident size now (Linux); elsewhere its peak so far (an import's passing
    peak can then hide part of a load's)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return peak_rss_bytes()


# ---- the children: one measurement each, in its own process ------------------------------------

def measure_load(path: str, extra: dict) -> tuple[dict, object]:
    """Our loader (with or without the cache) or gensim's: wall, CPU, peak memory above the
    process's size just before it (its peak resident size above its size then); and what it
    loaded."""
    import numpy as np

    if extra["reader"] == "gensim":
        from gensim.models import KeyedVectors
    else:
        from engine.embeddings import load_embeddings
    before = rss_bytes()
    started, cpu_started = time.perf_counter(), time.process_time()
    if extra["reader"] == "gensim":
        emb = KeyedVectors.load_word2vec_format(path, no_header=True, limit=extra.get("limit"))
        rows, mapped = len(emb), False
    else:
        emb = load_embeddings(path, "glove", cache=extra["cache"])
        rows, mapped = len(emb), isinstance(emb.vectors, np.memmap)
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu_started
    return {"rows": rows, "memory_mapped": mapped, "seconds": seconds, "cpu_seconds": cpu_seconds,
            "peak_bytes": peak_rss_bytes() - before}, emb


def random_words(emb, count: int, restrict: int, seed: int = 0):
    import numpy as np

    rng = np.random.default_rng(seed)
    words = [emb.words[i] for i in rng.integers(0, restrict, count)]
    triples = [tuple(emb.words[j] for j in rng.integers(0, restrict, 3)) for _ in words]
    return words, triples


def measure_queries(emb, count: int, restrict: int) -> dict:
    """Each query kind over all words and the first ``restrict``, as the app's worker runs it
    (one torch thread; numpy's BLAS keeps its own)."""
    import numpy as np
    import torch

    from engine.embeddings import half_scores, int8_cosines, int8_scores, queries

    torch.set_num_threads(1)
    restrict = min(restrict, len(emb))
    words, triples = random_words(emb, count, restrict)
    first_passes = {"half": half_scores.LEAST_ROWS, "int8": int8_scores.LEAST_ROWS}
    made = {}
    for name, make in (("float16 copy", half_scores.unit_rows_half), ("int8 copy", int8_scores.int8_rows)):
        started, cpu_started = time.perf_counter(), time.process_time()
        make(emb)
        made[name] = [time.perf_counter() - started, time.process_time() - cpu_started]

    def float32_only(on: bool) -> None:  # the float32 pass alone, as before the first passes
        half_scores.LEAST_ROWS = 10 ** 12 if on else first_passes["half"]
        int8_scores.LEAST_ROWS = 10 ** 12 if on else first_passes["int8"]

    int8_kernel = int8_cosines.applies

    def float16_first(on: bool) -> None:  # neighbours and 3CosAdd as before int8_cosines
        int8_cosines.applies = (lambda emb, rows: False) if on else int8_kernel

    results = {}
    for label, rows in (("all", None), ("restricted", restrict)):
        kinds = {"neighbours": (lambda w: queries.neighbours(emb, w, 10, rows), words),
                 "analogy add": (lambda t: queries.analogy(emb, *t, k=10, restrict_vocab=rows), triples),
                 "analogy mul": (lambda t: queries.analogy(emb, *t, k=10, method="mul", restrict_vocab=rows), triples)}
        for name, (call, items) in kinds.items():
            results[f"{name} {label}"] = timed(call, items)
            if name != "analogy mul":
                float16_first(True)
                results[f"{name}, float16 first pass {label}"] = timed(call, items)
                float16_first(False)
            float32_only(True)
            results[f"{name}, float32 pass only {label}"] = timed(call, items)
            float32_only(False)
        n = rows or len(emb)
        unit = np.empty((n, emb.dimension), dtype=np.float32)
        for start in range(0, n, 65536):
            stop = min(n, start + 65536)
            unit[start:stop] = emb.vectors[start:stop] / emb.norms[start:stop, None]

        def floor(w, unit=unit):
            scores = unit @ unit[emb.index[w] % unit.shape[0]]
            return np.argpartition(-scores, 10)[:11]

        results["bare numpy floor " + label] = timed(floor, words)
        del unit
    return {"queries": results, "copies": made}


def measure_view(path: str, extra: dict) -> dict:
    """Key presses into the Embeddings view with the file open: see benchmarks/embeddings_view.py."""
    from benchmarks.embeddings_view import keystrokes_through_the_view

    return keystrokes_through_the_view(path, extra["queries"])


def measure_tsne(path: str, extra: dict) -> dict:
    import numpy as np

    started, cpu_started = time.perf_counter(), time.process_time()
    import openTSNE  # noqa: F401  (the view pays its import once)

    from engine.embeddings import lesson
    imported = [time.perf_counter() - started, time.process_time() - cpu_started]
    from engine.embeddings import load_embeddings

    emb = load_embeddings(path, "glove", cache=True)
    vectors = np.asarray(emb.vectors[:extra["words"]], dtype=np.float64)
    started, cpu_started = time.perf_counter(), time.process_time()
    lesson.tsne(vectors, progress=lambda fraction: None)
    return {"import": imported, "fit": [time.perf_counter() - started, time.process_time() - cpu_started],
            "words": len(vectors)}


def run_child(task: str, path: Path, folder: Path, **extra) -> dict:
    """This script in a fresh process (its own memory, imports and caches), with the cache in
    ``folder`` and a HOME of its own (the view's settings are never the user's)."""
    home = folder / "home"
    home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "ATTENTION_LAB_CACHE": str(folder / "cache"), "HOME": str(home),
           "QT_QPA_PLATFORM": "offscreen"}
    env.pop("XDG_CONFIG_HOME", None)
    done = subprocess.run([sys.executable, __file__, "--child", task, str(path), json.dumps(extra)],
                          env=env, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"{task}: {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def child_main(task: str, path: str, extra: dict) -> None:
    if task == "load":
        out = measure_load(path, extra)[0]
    elif task == "queries":  # the second open, then the queries on what it opened
        out, emb = measure_load(path, {"reader": "ours", "cache": True})
        out.update(measure_queries(emb, extra["queries"], extra["restrict"]))
    elif task == "view":
        out = measure_view(path, extra)
    else:
        out = measure_tsne(path, extra)
    print(json.dumps(out))


# ---- the file ------------------------------------------------------------------------------

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


# ---- the report ----------------------------------------------------------------------------

def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def verdict(cpu: float, wall: float, target: float) -> str:
    """Met when the wall figure is; "estimated" when only the load-robust (CPU) figure is."""
    if wall <= target:
        return f"≤ {target:g}: met"
    if cpu <= target:
        return f"≤ {target:g}: met in CPU time (estimated for an idle machine)"
    return f"≤ {target:g}: not met"


def print_queries(queries: dict, words: int, restrict: int, count: int) -> None:
    print(f"| query, ms (of {count}): wall median / p95; CPU median / p95 | all {words:,} words "
          f"| first {restrict:,} (restrict_vocab) |")
    print("|---|---|---|")
    for name in ("neighbours", "neighbours, float16 first pass", "neighbours, float32 pass only", "analogy add",
                 "analogy add, float16 first pass", "analogy add, float32 pass only", "analogy mul",
                 "analogy mul, float32 pass only", "bare numpy floor"):
        a, r = queries[name + " all"], queries[name + " restricted"]
        print(f"| {name} | {a[0]:.1f} / {a[1]:.1f}; {a[2]:.1f} / {a[3]:.1f} "
              f"| {r[0]:.1f} / {r[1]:.1f}; {r[2]:.1f} / {r[3]:.1f} |")
    for name in ("neighbours", "analogy add", "analogy mul"):
        a, r = queries[name + " all"], queries[name + " restricted"]
        print(f"# {name} p95: all words {verdict(a[3], a[1], QUERY_MS_ALL)}; "
              f"first {restrict:,} {verdict(r[3], r[1], QUERY_MS_RESTRICTED)}")


def print_view(view: dict, words: int) -> None:
    print(f"| keystroke through the view, {words:,} words (of {view['count']}) | key → table, p50 / p95 "
          f"| GUI thread CPU, p50 / p95 | query CPU (worker + helper threads), p50 / p95 | worker wall, p50 / p95 "
          f"| target |")
    print("|---|---|---|---|---|---|")
    for name, figures in view["kinds"].items():
        shown, gui, query, worker = figures["shown"], figures["gui_cpu"], figures["query_cpu"], figures["worker"]
        print(f"| {name} | {shown[0]:.1f} / {shown[1]:.1f} ms | {gui[0]:.1f} / {gui[1]:.1f} ms "
              f"| {query[0]:.1f} / {query[1]:.1f} ms | {worker[0]:.1f} / {worker[1]:.1f} ms "
              f"| p95 {verdict(float('inf'), shown[1], QUERY_MS_ALL)} |")


def report(args, load: dict, gensim: list, first: dict, queries: dict | None, view, tsne) -> None:
    matrix = args.words * args.dim * 4
    print()
    if load:
        print("| load, no cache | engine.embeddings | gensim `load_word2vec_format(no_header=True)` |")
        print("|---|---|---|")
        for limit, theirs in gensim:
            print(f"| gensim on the first {limit:,} lines: wall / CPU | | {theirs['seconds']:.1f} s / "
                  f"{theirs['cpu_seconds']:.1f} s ({theirs['cpu_seconds'] / limit * 1e6:.1f} µs of CPU a line) |")
        limit, theirs = gensim[-1]
        scale = args.words / limit
        wall, cpu = theirs["seconds"] * scale, theirs["cpu_seconds"] * scale
        print(f"| {args.words:,} lines: wall / CPU | {load['seconds']:.1f} s / {load['cpu_seconds']:.1f} s "
              f"| {wall:.1f} s / {cpu:.1f} s (× {scale:g}) |")
        print(f"| ratio to gensim: wall / CPU (target ≤ {LOAD_RATIO:g}) | {load['seconds'] / wall:.3f} / "
              f"{load['cpu_seconds'] / cpu:.3f} | 1 |")
        print(f"| peak memory above the process before the load (target ≤ {MEMORY_RATIO:g}× the matrix) "
              f"| {load['peak_bytes'] / 1e6:.0f} MB = {load['peak_bytes'] / matrix:.2f}× the "
              f"{matrix / 1e6:.0f} MB matrix | {theirs['peak_bytes'] / 1e6:.0f} MB for {limit:,} lines = "
              f"{theirs['peak_bytes'] / (limit * args.dim * 4):.2f}× their matrix |")
        print(f"| first open with the cache (parse + write): wall / CPU | {first['seconds']:.1f} s / "
              f"{first['cpu_seconds']:.1f} s | |")
    if queries:
        second = queries
        print(f"| second open (memory-mapped: {second['memory_mapped']}; target ≤ {CACHE_OPEN_S:g} s): wall / CPU "
              f"| {second['seconds']:.2f} s / {second['cpu_seconds']:.2f} s | |")
        for name, (wall, cpu) in second["copies"].items():
            print(f"| the {name} of the unit rows, made at the first query: wall / CPU | {wall:.2f} s / {cpu:.2f} s | |")
        print()
        print_queries(second["queries"], args.words, min(args.restrict, args.words), args.queries)
    if view:
        print()
        print_view(view, args.words)
    if tsne:
        fit, imported = tsne["fit"], tsne["import"]
        print()
        print(f"| t-SNE of {tsne['words']:,} words × {args.dim} (target ≤ {TSNE_S:g} s) | wall | CPU |")
        print("|---|---|---|")
        print(f"| the map (lesson.tsne: openTSNE, exact neighbours, Barnes-Hut, 250 + 500 steps) | {fit[0]:.1f} s "
              f"| {fit[1]:.1f} s |")
        print(f"| importing openTSNE, the first map only | {imported[0]:.1f} s | {imported[1]:.1f} s |")


def in_memory(args) -> None:
    """The queries alone on random vectors held in memory (no file to write and read)."""
    import numpy as np

    from engine.embeddings.vectors import Embeddings

    rng = np.random.default_rng(0)
    vectors = np.empty((args.words, args.dim), dtype=np.float32)
    for start in range(0, args.words, 50000):
        vectors[start:start + 50000] = rng.standard_normal((min(50000, args.words - start), args.dim))
    emb = Embeddings.from_arrays([f"w{i}" for i in range(args.words)], vectors, "random")
    print(f"# {args.words:,} × {args.dim} random vectors in memory; {os.cpu_count()} CPUs, "
          f"load average {load_average()}")
    measured = measure_queries(emb, args.queries, args.restrict)
    for name, (wall, cpu) in measured["copies"].items():
        print(f"# the {name} made once: {wall:.2f} s wall, {cpu:.2f} s CPU")
    print_queries(measured["queries"], args.words, min(args.restrict, args.words), args.queries)
    print(f"# load average after: {load_average()}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child_main(sys.argv[2], sys.argv[3], json.loads(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=400_000)
    parser.add_argument("--dim", type=int, default=300)
    parser.add_argument("--gensim-words", default="50000,100000",
                        help="time gensim on the first N lines (comma-separated sizes) and scale the last to --words")
    parser.add_argument("--queries", type=int, default=60)
    parser.add_argument("--restrict", type=int, default=100_000)
    parser.add_argument("--view-queries", type=int, default=30, help="key presses per kind through the view (0: none)")
    parser.add_argument("--tsne-words", type=int, default=2000, help="words of the t-SNE map timed (0: none)")
    parser.add_argument("--skip-load", action="store_true", help="no load comparison with gensim")
    parser.add_argument("--in-memory", action="store_true", help="the queries alone, on random vectors in memory")
    parser.add_argument("--quick", action="store_true",
                        help="50,000 words, gensim on 5,000 and 10,000 lines, 20 queries, 10 key presses, "
                             "t-SNE of 500 words")
    parser.add_argument("--folder", default=None, help="where to write the file (default: a temporary folder)")
    args = parser.parse_args()
    if args.quick:
        args.words, args.gensim_words, args.queries = 50_000, "5000,10000", 20
        args.view_queries, args.tsne_words, args.restrict = 10, 500, 20_000
    if args.in_memory:
        in_memory(args)
        return

    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        folder = Path(folder)
        path = folder / "glove.txt"
        started = time.perf_counter()
        write_glove(path, args.words, args.dim)
        print(f"# {args.words:,} words × {args.dim} written in {time.perf_counter() - started:.1f} s: "
              f"{path.stat().st_size / 1e9:.2f} GB of text, a {args.words * args.dim * 4 / 1e6:.0f} MB float32 matrix")
        print(f"# machine: {os.cpu_count()} CPUs, load average {load_average()}", flush=True)
        with open(path, "rb") as f:  # in the page cache for both readers alike
            while f.read(1 << 24):
                pass
        load, gensim = {}, []
        if not args.skip_load:
            load = run_child("load", path, folder / "no-cache", reader="ours", cache=False)
            for limit in sorted(int(n) for n in args.gensim_words.split(",")):
                limit = min(limit, args.words)
                gensim.append((limit, run_child("load", path, folder / "no-cache", reader="gensim", limit=limit)))
            print(f"# loads measured; load average {load_average()}", flush=True)
        first = run_child("load", path, folder, reader="ours", cache=True)
        queries = run_child("queries", path, folder, queries=args.queries, restrict=args.restrict)
        print(f"# queries measured; load average {load_average()}", flush=True)
        view = run_child("view", path, folder, queries=args.view_queries) if args.view_queries else None
        tsne = run_child("tsne", path, folder, words=args.tsne_words) if args.tsne_words else None
        print(f"# load average after: {load_average()}")
    report(args, load, gensim, first, queries, view, tsne)


if __name__ == "__main__":
    main()
