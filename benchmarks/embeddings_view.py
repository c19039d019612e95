"""A neighbour query through the Embeddings view: the time from a word typed in the
Neighbours tab to the table showing its answer (the view's 20 ms debounce, the worker's query,
the table filled), on the shipped word2vec vectors and on a generated GloVe file.

    python benchmarks/embeddings_view.py                   # 100,000 words × 300
    python benchmarks/embeddings_view.py --words 20000 --queries 10

The file is written by benchmarks/embeddings.py's write_glove into a temporary folder (its
cache too), opened through the view (Open file…, read in the worker), then --queries words
are typed one after another.  Prints the median and p95 of the keystroke-to-table time and
of the worker's own time for the query (Result.elapsed_ms).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def percentiles(values) -> str:
    import numpy as np

    return f"median {np.median(values):7.1f} ms, p95 {np.percentile(values, 95):7.1f} ms"


def time_queries(app, view, words) -> tuple[list[float], list[float]]:
    """(keystroke-to-table ms, worker ms) per word."""
    shown, worker = [], []
    for word in words:
        started = time.perf_counter()
        view.neighbours_tab.word.setText(word)
        while not (view.neighbours_tab.answer is not None and view.neighbours_tab.answer.value.word == word
                   and not view.busy):
            app.processEvents()
            time.sleep(0.0005)
        shown.append((time.perf_counter() - started) * 1e3)
        worker.append(view.neighbours_tab.result.elapsed_ms)
    return shown, worker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=100_000)
    parser.add_argument("--dim", type=int, default=300)
    parser.add_argument("--queries", type=int, default=30)
    args = parser.parse_args()

    import numpy as np
    from PySide6.QtWidgets import QApplication

    from benchmarks.embeddings import write_glove
    from engine.embeddings.lesson import open_source
    from engine.embeddings.shipped import trained_embeddings

    with tempfile.TemporaryDirectory() as folder:
        os.environ["ATTENTION_LAB_CACHE"] = str(Path(folder) / "cache")
        app = QApplication([])
        from app.bridge import EngineBridge
        from app.state import SharedState
        from app.views.embeddings import EmbeddingsView

        bridge = EngineBridge(device="cpu")
        bridge.start_worker()
        view = EmbeddingsView(bridge, SharedState())
        view.resize(1280, 680)
        view.show()
        while not (view.ready() and not view.busy):
            app.processEvents()
        rng = np.random.default_rng(0)
        shipped = [str(w) for w in rng.choice(trained_embeddings("word2vec-en").words, args.queries, replace=False)]
        shown, worker = time_queries(app, view, shipped)
        print(f"word2vec-en (346 × 32), {args.queries} words: through the view {percentiles(shown)}; "
              f"worker {percentiles(worker)}")

        path = Path(folder) / "vectors.txt"
        write_glove(path, args.words, args.dim)
        started = time.perf_counter()
        view.open_file(str(path), "glove")
        while not (view.neighbours_tab.answer is not None
                   and view.neighbours_tab.answer.source.key.startswith("file:") or view.message.text()):
            app.processEvents()
            time.sleep(0.01)
        print(f"opened {args.words:,} × {args.dim} in {time.perf_counter() - started:.1f} s (first open, no cache)")
        vocabulary = open_source(view.view_state.source).words  # kept open by the view's worker: no reading
        chosen = [vocabulary[i] for i in rng.choice(len(vocabulary), args.queries, replace=False)]
        shown, worker = time_queries(app, view, chosen)
        print(f"{args.words:,} × {args.dim}, {args.queries} words: through the view {percentiles(shown)}; "
              f"worker {percentiles(worker)}")
        bridge.shutdown()


if __name__ == "__main__":
    main()
