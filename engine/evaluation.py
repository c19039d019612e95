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
