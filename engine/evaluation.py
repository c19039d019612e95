"""Exact-match evaluation on fresh draws of a model's task generator (split "test").

For tasks whose sentences have several valid renderings (zh-en) an output is right when it is
any of them, and the report adds corpus BLEU (engine.bleu, every rendering a reference) and
exact match on the held-out combinations (split "heldout", never seen in training).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine.inference import Seq2SeqModel
from engine.tasks import get_task


@dataclass(frozen=True)
class EvaluationReport:
    n: int
    seed: int
    exact_match: float
    per_locale: dict  # group -> (correct, total); the group is the locale (dates) or the tense (zh-en)
    errors: tuple  # up to 20 (text, expected, got)
    group: str = "locale"
    bleu: float | None = None  # corpus BLEU (0-100) against all valid renderings
    heldout_exact: float | None = None  # exact match on n held-out combinations
    heldout_errors: tuple = ()


def _outputs(model: Seq2SeqModel, texts: list[str], batch: int) -> list[str]:
    out = []
    for i in range(0, len(texts), batch):
        out.extend(model.translate_batch(texts[i: i + batch]))
    return out


def _tally(examples, outputs, group_of, is_correct, expected_of):
    """-> ({group: (correct, total)} sorted by group, up to 20 errors (text, expected, got))."""
    counts = defaultdict(lambda: [0, 0])
    errors = []
    for example, output in zip(examples, outputs):
        row = counts[group_of(example)]
        row[1] += 1
        if is_correct(example, output):
            row[0] += 1
        elif len(errors) < 20:
            errors.append((example.text, expected_of(example), output))
    return {k: tuple(v) for k, v in sorted(counts.items())}, tuple(errors)


def evaluate(model: Seq2SeqModel, n: int = 5000, seed: int = 123, batch: int = 500) -> EvaluationReport:
    task = get_task(model.config.get("task", "dates"))
    if task.name == "zh-en":
        return _evaluate_renderings(model, n, seed, batch)
    examples = task.stream(seed, "test").take(n)
    outputs = _outputs(model, [e.text for e in examples], batch)
    per_locale, errors = _tally(examples, outputs, lambda e: e.locale, task.is_correct, lambda e: e.iso)
    correct = sum(c for c, _ in per_locale.values())
    return EvaluationReport(n, seed, correct / n if n else 0.0, per_locale, errors)


def _evaluate_renderings(model: Seq2SeqModel, n: int, seed: int, batch: int) -> EvaluationReport:
    from engine.bleu import corpus_bleu

    if n < 1:
        raise ValueError("evaluate needs --n of at least 1")
    task = get_task("zh-en")
    examples = task.stream(seed, "test").take(n)
    outputs = _outputs(model, [e.text for e in examples], batch)
    per_tense, errors = _tally(examples, outputs, lambda e: e.tense, task.is_correct,
                               lambda e: " | ".join(e.renderings))
    correct = sum(c for c, _ in per_tense.values())
    # reference_streams[k][i]: the k-th rendering of sentence i, None where it has fewer.
    depth = max(len(e.renderings) for e in examples)
    streams = [[e.renderings[k] if k < len(e.renderings) else None for e in examples] for k in range(depth)]
    bleu = corpus_bleu(outputs, streams).score

    heldout = task.stream(seed, "heldout").take(n)
    heldout_outputs = _outputs(model, [e.text for e in heldout], batch)
    held, heldout_errors = _tally(heldout, heldout_outputs, lambda e: "all", task.is_correct,
                                  lambda e: " | ".join(e.renderings))
    return EvaluationReport(n, seed, correct / n, per_tense, errors, group="tense", bleu=bleu,
                            heldout_exact=held["all"][0] / n, heldout_errors=heldout_errors)


def record_metrics(model: Seq2SeqModel, report: EvaluationReport, command: str, folder=None) -> None:
    """Store an evaluation in the model folder's config.json (`folder`, a name or path; default the
    model's name), next to the training record."""
    import json
    import time

    from engine.models.files import CONFIG_FILE
    from engine.models.registry import resolve

    path = resolve(folder or model.name) / CONFIG_FILE
    config = json.loads(path.read_text(encoding="utf-8"))
    metrics = config.setdefault("metrics", {})
    metrics.update({
        "exact_match": report.exact_match,
        "evaluation_n": report.n,
        "evaluation_seed": report.seed,
        "evaluation_split": "test",
        f"per_{report.group}": {k: {"correct": c, "total": t} for k, (c, t) in report.per_locale.items()},
        "evaluation_command": command,
        "evaluated_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    })
    if report.bleu is not None:
        metrics.update({"bleu": report.bleu, "heldout_exact": report.heldout_exact, "heldout_n": report.n})
    path.write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
