"""Sampling 1,000 sequences: the shipped models, and a tiny GPT-2 against Hugging Face's generate.

    python benchmarks/sampling.py                 # ~1-2 minutes on a 2-core CPU
    python benchmarks/sampling.py --runs 5 --threads 1

Prints, for N = 1,000 samples (median of --runs, after one warm-up; wall and CPU time):
  * engine.sampling.sample_model on date-transformer and date-rnn-attention ("4 Nov 1988") and
    zh-en-toy ("简九月要访问非洲"): the batched sampling loop (target ≤ 1 s on the 2-core CPU);
  * a tiny random GPT-2 built here from a config (tests/engine/hf_tiny.py, nothing
    downloaded): generate(do_sample=True, top_k=0, num_return_sequences=1000, max_new_tokens=M)
    and engine.hf.sampling.sample_hf with the same settings, and their ratio (target ≤ 1.2×).
Both samplers run until every sequence has ended or M tokens were generated.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")  # no progress bars between the table's rows
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

import torch  # noqa: E402

from engine import load_model  # noqa: E402
from engine.logit_transforms import SamplingSettings  # noqa: E402
from engine.sampling import sample_model  # noqa: E402

SHIPPED = (("date-transformer", "4 Nov 1988"), ("date-rnn-attention", "4 Nov 1988"),
           ("zh-en-toy", "简九月要访问非洲"))
PROMPT = "the cat sat"


def timed(call, runs: int):
    """(median wall seconds, median CPU seconds of this process) over `runs` calls after one warm-up."""
    call()
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def shipped_rows(n: int, runs: int, device: str):
    rows = []
    for name, text in SHIPPED:
        model = load_model(name, device=device)
        result = sample_model(model, text, n=n, seed=0)
        wall, cpu = timed(lambda: sample_model(model, text, n=n, seed=0), runs)
        rows.append((name, wall, cpu, result.steps, len(result.samples)))
    return rows


def gpt2_rows(n: int, runs: int, max_new_tokens: int, device: str):
    from hf_tiny import tiny_gpt2
    from transformers import AutoModelForCausalLM

    from engine.hf.model import load_hf_model
    from engine.hf.sampling import sample_hf

    with tempfile.TemporaryDirectory() as folder:
        path = tiny_gpt2(Path(folder) / "gpt2")
        ours = load_hf_model(path, device=device)
        reference = AutoModelForCausalLM.from_pretrained(path, use_safetensors=True).to(device).eval()
        ids = torch.tensor([ours.tokenizer(PROMPT).input_ids], device=device)

        def generate():
            with torch.inference_mode():
                return reference.generate(ids, attention_mask=torch.ones_like(ids), do_sample=True, top_k=0,
                                          num_return_sequences=n, max_new_tokens=max_new_tokens,
                                          pad_token_id=ours.tokenizer.pad_token_id)

        def sample():
            return sample_hf(ours, PROMPT, n=n, seed=0, settings=SamplingSettings(),
                             max_new_tokens=max_new_tokens)

        hf_wall, hf_cpu = timed(generate, runs)
        our_wall, our_cpu = timed(sample, runs)
        generated = generate().size(1) - ids.size(1)
        return (hf_wall, hf_cpu, generated), (our_wall, our_cpu, sample().steps)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads (the app's worker uses 1)")
    parser.add_argument("--max-new-tokens", type=int, default=20, help="tiny GPT-2: the longest continuation")
    parser.add_argument("--device", default="cpu")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    print(f"# nproc {os.cpu_count()}, torch {torch.__version__}, {args.threads} thread(s), device {args.device}, "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, medians of {args.runs}")
    print(f"| model | {args.n} samples: wall | CPU | decoder calls | distinct outputs |")
    print("|---|---|---|---|---|")
    for name, wall, cpu, steps, distinct in shipped_rows(args.n, args.runs, args.device):
        print(f"| {name} | {wall * 1e3:.0f} ms | {cpu * 1e3:.0f} ms | {steps} | {distinct} |")
    (hf_wall, hf_cpu, hf_steps), (our_wall, our_cpu, our_steps) = gpt2_rows(args.n, args.runs, args.max_new_tokens,
                                                                            args.device)
    print(f"| tiny GPT-2, generate(do_sample=True, num_return_sequences={args.n}) | {hf_wall * 1e3:.0f} ms | "
          f"{hf_cpu * 1e3:.0f} ms | {hf_steps} | |")
    print(f"| tiny GPT-2, engine.hf.sampling.sample_hf | {our_wall * 1e3:.0f} ms | {our_cpu * 1e3:.0f} ms | "
          f"{our_steps} | |")
    print(f"# ours / generate on the tiny GPT-2: {our_wall / hf_wall:.2f}x wall, {our_cpu / hf_cpu:.2f}x CPU "
          f"(target <= 1.2x)")
    print(f"# load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
