"""Exact-match evaluation on fresh draws of the date generator (split "test")."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine.data.dates import DateStream
from engine.inference import Seq2SeqModel


@dataclass(frozen=True)
class EvaluationReport:
    n: int
    seed: int
    exact_match: float
    per_locale: dict  # locale -> (correct, total)
    errors: tuple  # up to 20 (text, expected, got)


def evaluate(model: Seq2SeqModel, n: int = 5000, seed: int = 123, batch: int = 500) -> EvaluationReport:
    examples = DateStream(seed, "test").take(n)
    per_locale = defaultdict(lambda: [0, 0])
    errors = []
    for i in range(0, n, batch):
        chunk = examples[i: i + batch]
        outputs = model.translate_batch([e.text for e in chunk])
        for example, output in zip(chunk, outputs):
            counts = per_locale[example.locale]
            counts[1] += 1
            if output == example.iso:
                counts[0] += 1
            elif len(errors) < 20:
                errors.append((example.text, example.iso, output))
    correct = sum(c for c, _ in per_locale.values())
    return EvaluationReport(n, seed, correct / n if n else 0.0,
                            {k: tuple(v) for k, v in sorted(per_locale.items())}, tuple(errors))


def record_metrics(model: Seq2SeqModel, report: EvaluationReport, command: str) -> None:
    """Store an evaluation in the model folder's config.json, next to the training record."""
    import json
    import time

    from engine.models.files import CONFIG_FILE
    from engine.models.registry import resolve

    path = resolve(model.name) / CONFIG_FILE
    config = json.loads(path.read_text(encoding="utf-8"))
    metrics = config.setdefault("metrics", {})
    metrics.update({
        "exact_match": report.exact_match,
        "evaluation_n": report.n,
        "evaluation_seed": report.seed,
        "evaluation_split": "test",
        "per_locale": {k: {"correct": c, "total": t} for k, (c, t) in report.per_locale.items()},
        "evaluation_command": command,
        "evaluated_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    })
    path.write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
