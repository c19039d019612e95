"""The inference worker's own time for a Hugging Face attention request, stage by stage: what
key → heatmap costs beyond the bare forward pass (issue #27's target at 512 tokens is
key → heatmap ≤ forward + 50 ms, of which the GUI thread takes ~16 ms).

For a random-initialised folder of BERT-base's or GPT-2 small's shape (tests/engine/hf_sized.py;
no download) and texts of exactly `--tokens` tokens, each run sends the app's request
(engine.jobs.HFAttentionRequest) through an InferenceWorker on `--threads` torch threads and
prints, p50 over `--runs` runs, the worker thread's CPU time (`time.thread_time`, steadier than
wall time on a shared machine) and wall time of each stage:

* tokenize — HFModel.tokenize (and _labelled);
* forward — the module's call (forward hooks: the same call benchmarks/hf_app.py times bare);
* stack — HFModel._attention_stack: the per-layer copy into the pooled buffer, means over heads
  (and, where the code fuses them there, the sink masses);
* sinks — engine.hf.model.sink_mass where it is still called separately;
* probabilities — engine.hf.model.predictions where present (a decoder's top probability and
  argmax at every position; on older code this is inside "rest");
* rest — the request's remaining time in the worker (labels, the result object, freeing the
  forward pass's tensors, and on main the decoder's full-vocabulary softmax);
* after forward — everything in the request but tokenize and forward: the worker's share;
* hand-off — the future resolved → the caller has the result (wall only);
* bare forward — right after each request, the call benchmarks/hf_app.py times as "forward"
  (the module with output_attentions=True, its output dropped), on the main thread;
* total − bare — the worker's excess over that call, each request against its own (the part
  of issue #27's 50 ms that is not the GUI thread's).

The process fixes glibc's mmap threshold as the app does (app/malloc_policy.py), so that large
temporaries cost what they cost in the app (fresh pages on every request).

    python benchmarks/hf_worker.py [--size gpt2-small|base|both] [--runs 8] [--tokens 512]
                                   [--threads 1] [--folders DIR]

--folders keeps the built folders in DIR (built there once, reused by later runs).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402

STAGES = ("tokenize", "forward", "stack", "sinks", "probabilities", "rest", "after forward", "total",
          "bare forward", "total − bare")


class StageClock:
    """Inclusive (wall, thread CPU) seconds per stage name, summed within one request."""

    def __init__(self):
        self.current = defaultdict(lambda: [0.0, 0.0])

    def wrap(self, owner, name: str, stage: str) -> None:
        """Time `owner.name` (a function or method) as `stage`, if the code has it."""
        inner = getattr(owner, name, None)
        if inner is None:
            return

        def timed(*args, **kwargs):
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                entry = self.current[stage]
                entry[0] += time.perf_counter() - wall
                entry[1] += time.thread_time() - cpu
        setattr(owner, name, timed)

    def hooks(self, module, stage: str) -> None:
        """Time a torch module's call with forward hooks (the call itself stays the same)."""
        started = {}

        def pre(*_):
            started["at"] = (time.perf_counter(), time.thread_time())

        def post(*_):
            wall, cpu = started.pop("at")
            entry = self.current[stage]
            entry[0] += time.perf_counter() - wall
            entry[1] += time.thread_time() - cpu
        module.register_forward_pre_hook(pre)
        module.register_forward_hook(post)

    def take(self) -> dict:
        out = {k: tuple(v) for k, v in self.current.items()}
        self.current.clear()
        return out


def build(size: str, folders: Path) -> Path:
    from hf_sized import random_bert, random_gpt2

    folder = folders / size
    if not (folder / "config.json").exists():
        start = time.perf_counter()
        (random_bert if size == "base" else random_gpt2)(folder)
        print(f"built {folder} in {time.perf_counter() - start:.1f} s")
    return folder


def bare_forward(model, text: str) -> tuple[float, float]:
    """(wall, CPU) seconds of the bare call benchmarks/hf_app.py compares key → heatmap with:
    the module with output_attentions=True, its output dropped within the timed statement, on
    this thread while the worker is idle (torch's thread count is the process's)."""
    import torch

    ids = torch.tensor([model.tokenizer(text).input_ids])
    wall, cpu = time.perf_counter(), time.thread_time()
    with torch.inference_mode():
        model.module(input_ids=ids, attention_mask=torch.ones_like(ids), output_attentions=True)
    return time.perf_counter() - wall, time.thread_time() - cpu


def measure(folder: Path, runs: int, tokens: int, threads: int) -> dict:
    import torch

    import engine.hf.model as hf_model
    from engine.jobs import HFAttentionRequest, LoadModelPathRequest, hf_model_key
    from engine.worker import InferenceWorker
    from hf import text_of  # benchmarks/hf.py: texts of an exact token count

    torch.set_num_threads(threads)  # the bare forward pass's, on this thread, as the worker's
    clock = StageClock()
    clock.wrap(hf_model.HFModel, "tokenize", "tokenize")
    clock.wrap(hf_model.HFModel, "_attention_stack", "stack")
    clock.wrap(hf_model, "sink_mass", "sinks")
    clock.wrap(hf_model, "predictions", "probabilities")
    clock.wrap(hf_model.HFModel, "attention", "total")
    worker = InferenceWorker(device="cpu", threads=threads)
    try:
        loaded = worker.submit("load", LoadModelPathRequest(str(folder))).result()
        assert loaded.ok, loaded.error
        model = worker.context._models[hf_model_key(folder)]
        clock.hooks(model.module, "forward")
        texts = [text_of(model.tokenizer, tokens, k) for k in range(runs + 2)]
        assert all(len(model.tokenizer(t).input_ids) == tokens for t in texts)
        rows = []
        for k, text in enumerate(texts):
            clock.take()
            sent = time.perf_counter()
            result = worker.submit("attention", HFAttentionRequest(str(folder), text)).result()
            got = time.perf_counter()
            assert result.ok, result.error
            stages = clock.take()
            total = stages["total"]
            named = [stages.get(s, (0.0, 0.0)) for s in ("tokenize", "forward", "stack", "sinks", "probabilities")]
            rest = tuple(total[i] - sum(n[i] for n in named) for i in (0, 1))
            after = tuple(total[i] - stages["tokenize"][i] - stages["forward"][i] for i in (0, 1))
            handoff = (got - sent) - result.elapsed_ms / 1e3 - result.queued_ms / 1e3
            del result
            bare = bare_forward(model, text)
            over = (total[0] - bare[0], total[1] - bare[1])
            if k >= 2:  # the first two warm the allocator and the pools
                rows.append({**stages, "rest": rest, "after forward": after, "hand-off": (handoff, float("nan")),
                             "bare forward": bare, "total − bare": over})
    finally:
        worker.shutdown()
    return rows


def report(name: str, rows: list, load: tuple) -> None:
    print(f"\n{name}: p50 over {len(rows)} runs (load average before: {load[0]:.2f})")
    print(f"  {'stage':<15}{'CPU ms':>10}{'wall ms':>10}")
    for stage in (*STAGES, "hand-off"):
        if not any(stage in r for r in rows):
            continue
        wall = np.median([r.get(stage, (0.0, 0.0))[0] for r in rows]) * 1e3
        cpu = np.median([r.get(stage, (0.0, 0.0))[1] for r in rows]) * 1e3
        print(f"  {stage:<15}{cpu:>10.1f}{wall:>10.1f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="both", choices=("gpt2-small", "base", "both"))
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--tokens", type=int, default=512)
    parser.add_argument("--threads", type=int, default=1, help="the worker's torch threads (the app's default: 1)")
    parser.add_argument("--folders", type=Path, default=None, help="keep the built folders here")
    args = parser.parse_args()

    from app.malloc_policy import return_large_blocks_to_the_system

    return_large_blocks_to_the_system()
    scratch = None
    if args.folders is None:
        scratch = tempfile.TemporaryDirectory(prefix="hf_worker_")
        args.folders = Path(scratch.name)
    sizes = ("gpt2-small", "base") if args.size == "both" else (args.size,)
    for size in sizes:
        folder = build(size, args.folders)
        load = os.getloadavg()
        report(size, measure(folder, args.runs, args.tokens, args.threads), load)


if __name__ == "__main__":
    main()
