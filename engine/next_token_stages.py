"""The sampling transforms on one next-token distribution, in numpy: what the decoding view
draws for every slider position.

The same pipeline as engine.logit_transforms (Hugging Face ``generate(do_sample=True)``'s order
and semantics, float32 logits as there), for one row of logits and without torch, so that the
view can run it on the GUI thread over logits the worker has already computed: a slider move
costs a few sorts of V numbers, no model call.  The stages:

1. "model": the model's own distribution (nothing cut);
2. "special": the tokens decoding never writes (⟨pad⟩, ⟨s⟩, ⟨unk⟩) cut, as the sampler, greedy
   and beam search cut them;
3. "temperature" x / T (T = 0: the limit, only the top token(s) stay);
4. "top-k": keep the tokens whose logit is at least the k-th largest (0: off);
5. "top-p": cut the tokens whose cumulative probability from the least probable up is ≤ 1 − p,
   never the ``min_tokens_to_keep`` most probable (1: off);
6. "min-p": cut the tokens whose probability is below min-p × the top probability (0: off).

One difference from torch, documented rather than hidden: among tokens whose logits are exactly
equal at top-p's border, torch's unstable sort decides which are cut and numpy's stable one here
may choose another.  A trained model's float32 logits are not tied like that (the tests compare
the view's bars with Hugging Face's warpers on the shipped models' logits).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

STAGE_NAMES = ("model", "special", "temperature", "top-k", "top-p", "min-p")


@dataclass(frozen=True)
class Stage:
    """One stage of the pipeline (float64 arrays over the vocabulary)."""

    name: str
    probabilities: np.ndarray  # (V,) the softmax after this stage
    kept: np.ndarray  # (V,) bool: tokens not cut so far
    kept_mass: float  # the previous stage's probability on the tokens this one keeps (1 for "model")
    entropy_bits: float


def softmax(logits: np.ndarray) -> np.ndarray:
    """exp(x − max) / Σ, in the dtype of `logits`; -inf entries get 0."""
    top = logits.max()
    shifted = np.exp(logits - top)
    return shifted / shifted.sum()


def entropy_bits(probabilities: np.ndarray) -> float:
    p = probabilities[probabilities > 0]
    return float(-(p * np.log2(p)).sum()) + 0.0  # + 0.0: a certain outcome gives 0, not -0


def _cut(logits: np.ndarray, remove: np.ndarray) -> np.ndarray:
    return np.where(remove, np.float32(-np.inf), logits).astype(np.float32)


def temperature(logits: np.ndarray, value: float) -> np.ndarray:
    if value == 1.0:
        return logits
    if value == 0.0:
        return np.where(logits == logits.max(), np.float32(0), np.float32(-np.inf)).astype(np.float32)
    return (logits / np.float32(value)).astype(np.float32)


def top_k(logits: np.ndarray, k: int, min_tokens_to_keep: int = 1) -> np.ndarray:
    if k == 0:
        return logits
    k = min(max(k, min_tokens_to_keep), logits.size)
    kth = np.sort(logits)[-k]
    return _cut(logits, logits < kth)


def top_p(logits: np.ndarray, p: float, min_tokens_to_keep: int = 1) -> np.ndarray:
    if p >= 1.0:
        return logits
    order = np.argsort(logits, kind="stable")  # ascending, as generate sorts
    cumulative = np.cumsum(softmax(logits[order]), dtype=np.float32)
    remove_sorted = cumulative <= np.float32(1 - p)
    remove_sorted[-min_tokens_to_keep:] = False
    remove = np.empty_like(remove_sorted)
    remove[order] = remove_sorted
    return _cut(logits, remove)


def min_p(logits: np.ndarray, fraction: float, min_tokens_to_keep: int = 1) -> np.ndarray:
    if fraction == 0.0:
        return logits
    probs = softmax(logits)
    remove = probs < np.float32(fraction) * probs.max()
    keep_top = np.argsort(-probs, kind="stable")[:min(min_tokens_to_keep, probs.size)]
    remove[keep_top] = False
    return _cut(logits, remove)


def next_token_stages(logits, never_generated=(), *, temperature_value: float = 1.0, top_k_value: int = 0,
                      top_p_value: float = 1.0, min_p_value: float = 0.0,
                      min_tokens_to_keep: int = 1) -> tuple[Stage, ...]:
    """Every stage of STAGE_NAMES for one distribution: `logits` (V,) the model's raw logits,
    `never_generated` the token ids cut at "special"."""
    if not (math.isfinite(temperature_value) and temperature_value >= 0):
        raise ValueError(f"the temperature must be 0 or more, not {temperature_value}")
    x = np.asarray(logits, dtype=np.float32).ravel()
    special = x.copy()
    special[list(never_generated)] = -np.inf
    after_temperature = temperature(special, temperature_value)
    after_top_k = top_k(after_temperature, int(top_k_value), min_tokens_to_keep)
    after_top_p = top_p(after_top_k, top_p_value, min_tokens_to_keep)
    after_min_p = min_p(after_top_p, min_p_value, min_tokens_to_keep)
    stages, last = [], None
    for name, stage_logits in zip(STAGE_NAMES, (x, special, after_temperature, after_top_k, after_top_p,
                                                after_min_p)):
        probs = softmax(stage_logits.astype(np.float64))
        kept = np.isfinite(stage_logits)
        kept_mass = 1.0 if last is None else float(last[kept].sum())
        stages.append(Stage(name, probs, kept, kept_mass, entropy_bits(probs)))
        last = probs
    return tuple(stages)


__all__ = ["STAGE_NAMES", "Stage", "entropy_bits", "min_p", "next_token_stages", "softmax", "temperature", "top_k",
           "top_p"]
