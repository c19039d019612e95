"""Beam-search speed on the shipped models.

    python benchmarks/beam.py                 # CPU (and CUDA when available), ~1 minute
    python benchmarks/beam.py --runs 9 --threads 0 --devices cpu     # 0: torch's thread count

Prints, for every shipped model and device:
  * the median wall time of one search (engine.decoding.beam_search through
    Seq2SeqModel.beam) for B in {1, 5, 10, 32}, over --runs runs of each of a few inputs;
  * the speed-up of the batched search (one decoder call per step for all live beams) over the
    same search driven one beam at a time (the step function wrapped so that it is called once
    per prefix), measured in the same run, with a check that both find the same hypotheses.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch  # noqa: E402

from engine import load_model  # noqa: E402
from engine.decoding import beam_search  # noqa: E402
from engine.models.registry import list_models  # noqa: E402

INPUTS = ("4 Nov 1988", "Friday 26, March 2021", "2021年3月26日")
WIDTHS = (1, 5, 10, 32)


def one_beam_at_a_time(step):
    """The same step function, called once per prefix: what a search without batching does."""

    def looped(prefixes):
        return torch.cat([step([p]) for p in prefixes], dim=0)

    return looped


def run_search(model, text, width, batched=True):
    _, state = model.prepare(text)
    step = model.step_function(state)
    if not batched:
        step = one_beam_at_a_time(step)
    tgt = model.target_tokenizer
    return beam_search(step, bos_id=tgt.bos_id, eos_id=tgt.eos_id, beam_width=width,
                       max_length=model.max_target_length, length_penalty="power", alpha=0.7)


def median_ms(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def usable_inputs(model):
    out = []
    for text in INPUTS:
        try:
            model.encode_source(text)
            out.append(text)
        except ValueError:
            pass
    return out or [INPUTS[0]]


def bench(name, device, runs, widths):
    model = load_model(name, device=device)
    texts = usable_inputs(model)
    with torch.inference_mode():
        for text in texts:  # warm-up (lazy initialisation, CUDA kernels)
            run_search(model, text, 2)
        rows = []
        for width in widths:
            batched = statistics.median(median_ms(lambda t=t: run_search(model, t, width), runs) for t in texts)
            looped = statistics.median(median_ms(lambda t=t: run_search(model, t, width, batched=False), runs)
                                       for t in texts)
            same = all(
                [h.tokens for h in run_search(model, t, width).hypotheses]
                == [h.tokens for h in run_search(model, t, width, batched=False).hypotheses] for t in texts)
            steps = statistics.median(run_search(model, t, width).steps_run for t in texts)
            rows.append((width, batched, looped, same, steps))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="timed runs per input and width (median)")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch CPU threads (default 1: one search is too small to gain from more, and a "
                             "busy machine makes multi-threaded timings noisy; 0 = torch's choice)")
    parser.add_argument("--devices", default=None, help="comma-separated, e.g. cpu,cuda (default: cpu + cuda if any)")
    parser.add_argument("--widths", default=",".join(map(str, WIDTHS)))
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    devices = args.devices.split(",") if args.devices else ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    widths = [int(w) for w in args.widths.split(",")]
    models = [m.name for m in list_models() if not m.error]
    print(f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads, {os.cpu_count()} CPUs; "
          f"median of {args.runs} runs x {len(INPUTS)} inputs; length_penalty=power, alpha=0.7")
    if torch.cuda.is_available():
        print(f"CUDA: {torch.cuda.get_device_name(0)}")
    print()
    header = f"{'model':<22} {'device':<6} {'B':>3} {'steps':>5} {'batched ms':>11} {'1-at-a-time ms':>15} " \
             f"{'speed-up':>9} {'same output':>11}"
    print(header)
    print("-" * len(header))
    for name in models:
        for device in devices:
            for width, batched, looped, same, steps in bench(name, device, args.runs, widths):
                print(f"{name:<22} {device:<6} {width:>3} {steps:>5g} {batched:>11.1f} {looped:>15.1f} "
                      f"{looped / batched:>8.2f}x {'yes' if same else 'NO':>11}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
