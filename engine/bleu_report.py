"""Everything the BLEU view shows for one candidate, computed in one call (no Qt).

`bleu_report` runs :func:`engine.bleu.sentence_bleu` with the chosen options, the per-order
clipping tables (:func:`engine.bleu.ngram_table`), the same sentence under every smoothing method
(short sentences depend on it strongly), and the brevity penalty some older tools compute with the
*shortest* reference instead of the closest:

    r_shortest = min_k |r_k|
    BP_shortest = 1 if c >= r_shortest, else exp(1 - r_shortest / c)   (0 for c = 0)
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from engine.bleu import (SMOOTHING_DEFAULTS, BLEUError, BLEUResult, NgramTable, ngram_table,
                         sentence_bleu, tokenize_text)

__all__ = ["BLEUReport", "bleu_report"]


@dataclass(frozen=True)
class BLEUReport:
    """``result``: the score with the chosen options; ``tables[n-1]``: the order-n clipping table;
    ``by_smoothing``: (method, result) for every smoothing method, options otherwise the same."""
    candidate: str
    references: tuple[str, ...]
    result: BLEUResult
    candidate_tokens: tuple[str, ...]
    reference_tokens: tuple[tuple[str, ...], ...]
    tables: tuple[NgramTable, ...]
    shortest_reference_length: int
    shortest_brevity_penalty: float
    by_smoothing: tuple[tuple[str, BLEUResult], ...]


def bleu_report(candidate: str, references: Sequence[str], *, max_n: int = 4,
                smoothing: str = "exp", tokenize: str = "13a", effective_order: bool = True,
                lowercase: bool = False) -> BLEUReport:
    """The BLEU of ``candidate`` against ``references`` with every number behind it.

    Raises :class:`engine.bleu.BLEUError` for bad options or no references."""
    references = tuple(references) if not isinstance(references, str) else references
    if isinstance(references, str) or not references:
        raise BLEUError("bleu_no_reference")
    options = dict(max_n=max_n, tokenize=tokenize, effective_order=effective_order,
                   lowercase=lowercase)
    result = sentence_bleu(candidate, references, smoothing=smoothing, **options)
    by_smoothing = tuple((method, result if method == smoothing else
                          sentence_bleu(candidate, references, smoothing=method, **options))
                         for method in SMOOTHING_DEFAULTS)
    tables = tuple(ngram_table(candidate, references, n, tokenize=tokenize, lowercase=lowercase)
                   for n in range(1, max_n + 1))
    reference_tokens = tuple(tokenize_text(ref, tokenize, lowercase) for ref in references)
    c = result.candidate_length
    shortest = min(len(tokens) for tokens in reference_tokens)
    if c >= shortest:
        shortest_bp = 1.0
    else:
        shortest_bp = math.exp(1 - shortest / c) if c else 0.0
    return BLEUReport(candidate, references, result, tables[0].candidate_tokens, reference_tokens,
                      tables, shortest, shortest_bp, by_smoothing)
