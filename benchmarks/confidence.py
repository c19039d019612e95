"""What the output strip's confidence colour can honestly mean: per model, the probability the
model gave each token of its greedy output, on n in-domain test inputs (right or wrong by the
task's own check) and on issue 22's out-of-domain inputs.

    python benchmarks/confidence.py [--n 2000]

Prints the accuracy, the quantiles of the smallest token probability of each output, and the
same for the issue's inputs; "green ≥ p" marks outputs right ≥ 99 % of the time only if the
outputs at or above p are (the models are right on every in-domain input measured, so the
question is how many out-of-domain outputs a threshold lets through).
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from domain_flags import ISSUE_INPUTS  # noqa: E402  (the issue's inputs, one list for both scripts)


def smallest_token_probabilities(model, texts):
    from engine.decoding import greedy_search_batch

    tgt = model.target_tokenizer
    step = model.step_function(model.prepare_batch(texts), rows=len(texts))
    results = greedy_search_batch(step, batch_size=len(texts), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                  max_length=model.max_target_length)
    return [tgt.decode(r.tokens) for r in results], [math.exp(min(r.token_logprobs)) for r in results]


def main(argv=None) -> int:
    from engine import load_model
    from engine.tasks import TASKS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    args = parser.parse_args(argv)
    for name, issue in ISSUE_INPUTS.items():
        model = load_model(name, device="cpu")
        task = TASKS[model.task]
        examples = task.stream(123, "test").take(args.n)
        outputs, smallest = [], []
        for start in range(0, args.n, 250):
            chunk = examples[start:start + 250]
            o, s = smallest_token_probabilities(model, [e.text for e in chunk])
            outputs += o
            smallest += s
        right = np.array([task.is_correct(e, o) for e, o in zip(examples, outputs)])
        smallest = np.array(smallest)
        q = np.quantile(smallest, [0.0, 0.01, 0.05, 0.5])
        print(f"{name}: in-domain right {right.mean():.4f} of {args.n}; smallest token probability per output: "
              f"min {q[0]:.3f}, 1 % {q[1]:.3f}, 5 % {q[2]:.3f}, median {q[3]:.3f}")
        issue_outputs, issue_smallest = smallest_token_probabilities(model, list(issue))
        for text, out, p in zip(issue, issue_outputs, issue_smallest):
            print(f"  {text!r} -> {out!r}: smallest token probability {p:.3f}"
                  f"{' (at or above the in-domain 1 % quantile)' if p >= q[1] else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
