"""``python -m engine sample``: N samples of a shipped model's output, grouped.

    python -m engine sample --model zh-en-toy --n 10000 --seed 0 --json "简九月要访问非洲"

JSON (one object): ``samples`` lists the distinct outputs, most frequent first, each with
``text``, ``count``, ``log_prob`` (the model's teacher-forced log P of the output followed by
⟨/s⟩, natural log), ``sample_log_prob`` (log P of drawing it after the transforms) and
``finished`` (false: it reached the model's length limit without ⟨/s⟩); for zh-en models also
``grammar_prob`` (the grammar's P of that rendering, 0 for an invalid one; null when the grammar
cannot generate the input) and ``valid``; for date models ``valid`` (a real calendar date).
Around them: the settings, the greedy output, the share of valid samples and, for zh-en, the
grammar's distribution with the total variation and KL (bits; null when infinite) between it
and the sample frequencies.  Without --json a table is printed.
"""
from __future__ import annotations

import json
import math

from engine.device import DEVICE_CHOICES


def add_sample_parser(sub) -> None:
    p = sub.add_parser("sample", help="draw N outputs (temperature, top-k, top-p, min-p) and count the "
                                      "distinct ones with their probabilities")
    p.add_argument("--model", required=True, help="a shipped model's name, or its folder")
    p.add_argument("--device", default="auto", choices=DEVICE_CHOICES,
                   help="where the model runs (auto: CUDA, then MPS, else CPU)")
    p.add_argument("--n", type=int, default=1000, help="sequences to draw")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--temperature", type=float, default=1.0, help="0: the limit T -> 0 (the most probable token)")
    p.add_argument("--top-k", type=int, default=0, help="keep the k most probable tokens (0: off)")
    p.add_argument("--top-p", type=float, default=1.0, help="keep the smallest top set of mass >= p (1: off)")
    p.add_argument("--min-p", type=float, default=0.0, help="cut tokens below min_p x the top probability (0: off)")
    p.add_argument("--repetition-penalty", type=float, default=1.0, help="1: off")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("text")


def sampling_report(model, text: str, result) -> dict:
    """The JSON object of the command (everything but the model is in `result`)."""
    from engine.sampling_truth import grammar_probabilities, is_calendar_date, kl_bits, total_variation

    task = model.config.get("task", "dates")
    grammar = grammar_probabilities(text) if task == "zh-en" else None
    samples = []
    for s in result.samples:
        row = {"text": s.text, "count": s.count, "log_prob": s.log_prob, "sample_log_prob": s.sample_log_prob,
               "finished": s.finished}
        if task == "zh-en":
            row["grammar_prob"] = None if grammar is None else (grammar.get(s.text, 0.0) if s.finished else 0.0)
            row["valid"] = None if grammar is None else row["grammar_prob"] > 0
        elif task == "dates":
            row["valid"] = s.finished and is_calendar_date(s.text)
        samples.append(row)
    settings = result.settings
    report = {
        "model": model.name, "input": result.source_text, "n": result.n, "seed": result.seed,
        "settings": {"temperature": settings.temperature, "top_k": settings.top_k, "top_p": settings.top_p,
                     "min_p": settings.min_p, "repetition_penalty": settings.repetition_penalty},
        "greedy": model.translate(text),
        "distinct": len(samples),
        "seconds": round(result.seconds, 4),
        "samples": samples,
    }
    if samples and samples[0].get("valid") is not None:
        report["valid_fraction"] = sum(r["count"] for r in samples if r["valid"]) / result.n
    if grammar is not None:
        frequencies = {r["text"]: r["count"] / result.n for r in samples if r["finished"]}
        report["grammar"] = grammar
        report["total_variation"] = total_variation(grammar, frequencies)
        kl = kl_bits(grammar, frequencies)
        report["kl_grammar_to_samples_bits"] = kl if math.isfinite(kl) else None
    return report


def _table(report: dict) -> str:
    zh_en = "grammar" in report
    head = ["count", "freq", "P model", "log P"] + (["P grammar"] if zh_en else []) + ["output"]
    lines = ["\t".join(head)]
    for r in report["samples"]:
        cells = [str(r["count"]), f"{r['count'] / report['n']:.4f}", f"{math.exp(r['log_prob']):.4f}",
                 f"{r['log_prob']:.4f}"]
        if zh_en:
            cells.append(f"{r['grammar_prob']:.2f}")
        lines.append("\t".join(cells + [r["text"] if r["finished"] else r["text"] + " …"]))
    summary = [f"# {report['distinct']} distinct outputs in {report['n']} samples; greedy: {report['greedy']}"]
    if "valid_fraction" in report:
        summary.append(f"# valid: {report['valid_fraction']:.4f}")
    if zh_en:
        kl = report["kl_grammar_to_samples_bits"]
        summary.append(f"# total variation to the grammar: {report['total_variation']:.4f}; "
                       f"KL(grammar || samples): {'inf' if kl is None else f'{kl:.4f}'} bits")
    return "\n".join(summary + lines)


def cmd_sample(args) -> None:
    import torch

    from engine import load_model
    from engine.logit_transforms import SamplingSettings
    from engine.sampling import sample_model

    settings = SamplingSettings(temperature=args.temperature, top_k=args.top_k, top_p=args.top_p,
                                min_p=args.min_p, repetition_penalty=args.repetition_penalty)
    model = load_model(args.model, device=args.device)
    with torch.inference_mode():
        result = sample_model(model, args.text, n=args.n, seed=args.seed, settings=settings)
    report = sampling_report(model, args.text, result)
    print(json.dumps(report, ensure_ascii=False) if args.json else _table(report))


__all__ = ["add_sample_parser", "cmd_sample", "sampling_report"]
