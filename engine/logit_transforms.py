"""The next-token transforms of sampling, with Hugging Face ``generate``'s semantics.

Each transform takes raw logits (rows, V) — a float tensor, one row per sequence — and returns
new logits; a token it cuts gets -inf (probability 0 after the softmax).  ``generate(do_sample
=True)`` applies them in this order, and so does :func:`transform_logits`:

1. repetition penalty (RepetitionPenaltyLogitsProcessor): a logit x of a token already in the
   sequence becomes x · θ if x < 0, else x / θ (θ > 1 discourages repeats).  Not shift
   invariant: it must see raw logits, not log-probabilities.
2. temperature T (TemperatureLogitsWarper): x / T.  T = 0 (which Hugging Face refuses) is
   taken here as the limit T → 0: only the most probable token(s) stay, tied ones equally.
3. top-k (TopKLogitsWarper): keep the tokens whose logit is at least the k-th largest
   (tokens tied with the k-th all stay); k is raised to ``min_tokens_to_keep``; k = 0 is off.
4. top-p (TopPLogitsWarper, nucleus): sort ascending, cut every token whose cumulative
   probability (from the least probable up) is ≤ 1 − p, but never the ``min_tokens_to_keep``
   most probable.  The kept set is the smallest top set whose mass reaches p.  Among tokens
   tied at the border, torch.sort's order decides which are cut; it is not stable on the CPU,
   and Hugging Face calls it the same way, so the same tokens are cut as there (a stable sort
   cut different ones in the tests).  p = 1 is off.
5. min-p (MinPLogitsWarper): cut tokens with probability < min_p · (the top probability),
   but never the ``min_tokens_to_keep`` most probable.  min_p = 0 is off.

Every probability is the softmax of the logits at that stage, as Hugging Face computes it in
float32.  :func:`transform_stages` reports, for one distribution, every stage's probabilities,
the tokens it keeps, the mass of the previous stage it keeps and its entropy in bits.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import torch

STAGE_NAMES = ("model", "repetition penalty", "temperature", "top-k", "top-p", "min-p")


@dataclass(frozen=True)
class SamplingSettings:
    """What the transforms do; the defaults change nothing (plain ancestral sampling)."""

    temperature: float = 1.0
    top_k: int = 0  # 0: off
    top_p: float = 1.0  # 1: off
    min_p: float = 0.0  # 0: off
    repetition_penalty: float = 1.0  # 1: off
    min_tokens_to_keep: int = 1

    def __post_init__(self):
        if not (math.isfinite(self.temperature) and self.temperature >= 0):
            raise ValueError(f"the temperature must be 0 or more, not {self.temperature}")
        if isinstance(self.top_k, bool) or not isinstance(self.top_k, int) or self.top_k < 0:
            raise ValueError(f"top-k must be a whole number, 0 (off) or more, not {self.top_k}")
        if not 0 <= self.top_p <= 1:
            raise ValueError(f"top-p must lie between 0 and 1, not {self.top_p}")
        if not 0 <= self.min_p <= 1:
            raise ValueError(f"min-p must lie between 0 and 1, not {self.min_p}")
        if not (math.isfinite(self.repetition_penalty) and self.repetition_penalty > 0):
            raise ValueError(f"the repetition penalty must be more than 0, not {self.repetition_penalty}")
        if isinstance(self.min_tokens_to_keep, bool) or not isinstance(self.min_tokens_to_keep, int) \
                or self.min_tokens_to_keep < 1:
            raise ValueError(f"min_tokens_to_keep must be 1 or more, not {self.min_tokens_to_keep}")


def _cut(logits: torch.Tensor, remove: torch.Tensor) -> torch.Tensor:
    return logits.masked_fill(remove, -math.inf)


def repetition_penalty(logits: torch.Tensor, previous: torch.Tensor, penalty: float) -> torch.Tensor:
    """Penalise the tokens of `previous` ((rows, t) ids, the sequence so far) in each row."""
    if penalty == 1.0 or previous is None or previous.numel() == 0:
        return logits
    seen = torch.gather(logits, 1, previous)
    seen = torch.where(seen < 0, seen * penalty, seen / penalty)
    return logits.scatter(1, previous, seen)


def temperature(logits: torch.Tensor, value: float) -> torch.Tensor:
    if value == 1.0:
        return logits
    if value == 0.0:  # the limit T -> 0: all mass on the maximum (shared by ties)
        top = logits.amax(dim=-1, keepdim=True)
        return torch.where(logits == top, torch.zeros_like(logits), torch.full_like(logits, -math.inf))
    return logits / value


def top_k(logits: torch.Tensor, k: int, min_tokens_to_keep: int = 1) -> torch.Tensor:
    if k == 0:
        return logits
    k = min(max(k, min_tokens_to_keep), logits.size(-1))
    kth = torch.topk(logits, k).values[..., -1, None]
    return _cut(logits, logits < kth)


def top_p(logits: torch.Tensor, p: float, min_tokens_to_keep: int = 1) -> torch.Tensor:
    if p >= 1.0:
        return logits
    ascending, order = torch.sort(logits, descending=False)  # generate's call: same ties
    cumulative = ascending.softmax(dim=-1).cumsum(dim=-1)
    remove_sorted = cumulative <= (1 - p)
    remove_sorted[..., -min_tokens_to_keep:] = False
    remove = remove_sorted.scatter(1, order, remove_sorted)
    return _cut(logits, remove)


def min_p(logits: torch.Tensor, fraction: float, min_tokens_to_keep: int = 1) -> torch.Tensor:
    if fraction == 0.0:
        return logits
    probs = torch.softmax(logits, dim=-1)
    remove = probs < fraction * probs.amax(dim=-1, keepdim=True)
    keep_top = torch.topk(probs, min(min_tokens_to_keep, probs.size(-1)), dim=-1).indices
    remove.scatter_(-1, keep_top, False)
    return _cut(logits, remove)


def _stages(logits: torch.Tensor, settings: SamplingSettings, previous: torch.Tensor | None):
    """(name, logits after that stage) in generate's order, "model" first."""
    keep = settings.min_tokens_to_keep
    yield "model", logits
    logits = repetition_penalty(logits, previous, settings.repetition_penalty)
    yield "repetition penalty", logits
    logits = temperature(logits, settings.temperature)
    yield "temperature", logits
    logits = top_k(logits, settings.top_k, keep)
    yield "top-k", logits
    logits = top_p(logits, settings.top_p, keep)
    yield "top-p", logits
    yield "min-p", min_p(logits, settings.min_p, keep)


def transform_logits(logits: torch.Tensor, settings: SamplingSettings,
                     previous: torch.Tensor | None = None) -> torch.Tensor:
    """All transforms of `settings` on (rows, V) logits; `previous` (rows, t) are the ids so far
    (only the repetition penalty reads them)."""
    *_, (_, last) = _stages(logits, settings, previous)
    return last


@dataclass(frozen=True)
class Stage:
    """One step of the pipeline on one next-token distribution (float64 numpy arrays)."""

    name: str
    probabilities: np.ndarray  # (V,) the softmax after this stage (of the float32 logits, in float64)
    kept: np.ndarray  # (V,) bool: tokens this stage has not cut (finite logit)
    kept_mass: float  # the previous stage's probability on the tokens this one keeps (1 for "model")
    entropy_bits: float  # of `probabilities`


def entropy_bits(probabilities: np.ndarray) -> float:
    """H(p) = −Σ p log2 p over the tokens with p > 0."""
    p = probabilities[probabilities > 0]
    return float(-(p * np.log2(p)).sum())


def transform_stages(logits, settings: SamplingSettings, previous=()) -> tuple[Stage, ...]:
    """Every stage of :func:`transform_logits` for one distribution: `logits` (V,) raw logits
    (-inf for tokens that may never be written), `previous` the ids so far.  Inactive stages
    repeat the previous one (kept mass 1)."""
    row = torch.as_tensor(logits, dtype=torch.float32).reshape(1, -1)
    before = torch.as_tensor(list(previous), dtype=torch.long).reshape(1, -1)
    stages, last = [], None
    for name, stage_logits in _stages(row, settings, before):
        probs = torch.softmax(stage_logits[0].double(), dim=-1).numpy()  # float64: sums to 1 within 1e-16
        kept = torch.isfinite(stage_logits[0]).numpy()  # (a kept token's probability may underflow to 0)
        kept_mass = 1.0 if last is None else float(last[kept].sum())
        stages.append(Stage(name, probs, kept, kept_mass, entropy_bits(probs)))
        last = probs
    return tuple(stages)


__all__ = ["STAGE_NAMES", "SamplingSettings", "Stage", "entropy_bits", "min_p", "repetition_penalty",
           "temperature", "top_k", "top_p", "transform_logits", "transform_stages"]
