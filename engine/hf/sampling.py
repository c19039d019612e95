"""Ancestral sampling from a Hugging Face decoder (decoder-only or encoder-decoder) with
engine.sampling's batched loop, on the key/value cache (engine.hf.kv_cache): one model call
per step for every sequence still running, as ``generate(do_sample=True,
num_return_sequences=N)`` makes.

The transforms see the cache's log-probabilities (log-softmax of the logits): temperature,
top-k, top-p and min-p give the same distribution on them as on raw logits (each is unchanged
by adding a constant to a row), the repetition penalty does not and is refused here.  Nothing
is suppressed (generate suppresses nothing by default).  The first of the model's EOS ids ends
a sequence.  ``log_prob`` is the model's own log P of the generated tokens given the prompt.
"""
from __future__ import annotations

import time

import torch

from engine.hf.model import DEFAULT_MAX_NEW_TOKENS
from engine.logit_transforms import SamplingSettings
from engine.sampling import SamplingResult, group_samples, sample_sequences


def sample_hf(model, text: str, *, n: int, seed: int, settings: SamplingSettings = SamplingSettings(),
              max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS) -> SamplingResult:
    """`n` continuations (decoder-only) or translations (encoder-decoder) of `text`."""
    if settings.repetition_penalty != 1.0:
        raise ValueError("the repetition penalty needs raw logits; Hugging Face models are sampled here from "
                         "log-probabilities: leave it at 1")
    decoder = model.decoder(text)

    def next_logits(parents, prefixes):
        if parents is None:
            return decoder.start(prefixes.size(0))
        return decoder.extend(parents, prefixes[:, -1])

    eos = model.eos_id if model.eos_id is not None else -1  # no EOS: every sequence runs to the limit
    generator = torch.Generator(device=model.device).manual_seed(int(seed))
    started = time.perf_counter()
    with torch.inference_mode():
        # the first row of `prefixes` only stands for the prompt: the cache holds the prompt itself
        sampled = sample_sequences(next_logits, n=n, bos_id=eos if eos >= 0 else 0, eos_id=eos,
                                   max_length=max_new_tokens, settings=settings, generator=generator,
                                   device=model.device)
    seconds = time.perf_counter() - started

    def decode(tokens):
        return model.tokenizer.decode(list(tokens), skip_special_tokens=True)

    return group_samples(sampled, decode, text, n=n, seed=seed, settings=settings, seconds=seconds)


__all__ = ["sample_hf"]
