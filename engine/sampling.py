"""Ancestral sampling of many sequences at once, and what each distinct output is worth.

    result = sample_model(model, "简九月要访问非洲", n=1000, seed=0,
                          settings=SamplingSettings(temperature=0.7, top_p=0.9))
    result.samples[0].text, result.samples[0].count, result.samples[0].log_prob

All N sequences advance together: one decoder call per step for every sequence still running
(a sequence leaves the batch at its ⟨/s⟩; the shipped models run only the new token, with
their caches: engine.models.incremental), each next token drawn (:func:`draw`)
from the transformed distribution (engine.logit_transforms, Hugging Face's order) with one
seeded ``torch.Generator``, so a seed gives the same samples again on the same device.

What the sampler draws from: the model's logits with the tokens decoding never writes (⟨pad⟩,
⟨s⟩, ⟨unk⟩: ``Seq2SeqModel.never_generated``) cut first, as greedy and beam search cut them,
then the transforms.  Each distinct output carries two numbers:

* ``log_prob``: the model's own log P(output + ⟨/s⟩ | input), unmasked, natural log: the
  teacher-forced number ``Seq2SeqModel.score`` gives.  It is summed while sampling, from the
  model's own log-softmax at each drawn token (the same conditionals teacher forcing
  multiplies; the tests compare the two), so no second pass over the outputs is needed;
* ``sample_log_prob``: log P of drawing exactly this output under the sampler's distribution
  (after the cut and the transforms): the probability its frequency estimates.

A sequence that has not written ⟨/s⟩ after the model's ``max_target_length`` tokens stops
there (``finished`` False; its log P is that of its tokens, without ⟨/s⟩).
"""
from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass

import numpy as np
import torch

from engine.logit_transforms import SamplingSettings, transform_logits
from engine.models.incremental import incremental_decoder

@dataclass(frozen=True)
class SampledSequences:
    """N sampled sequences, in the order they were drawn."""

    tokens: tuple[tuple[int, ...], ...]  # without ⟨s⟩, ending with ⟨/s⟩ when finished
    sample_log_probs: np.ndarray  # (N,) log P of each under the sampler's distribution
    model_log_probs: np.ndarray  # (N,) log P of each under the model's own distribution
    finished: np.ndarray  # (N,) bool
    steps: int  # decoder calls made


def sample_sequences(next_logits, *, n: int, bos_id: int, eos_id: int, max_length: int,
                     settings: SamplingSettings = SamplingSettings(), generator: torch.Generator | None = None,
                     suppressed=(), device=None) -> SampledSequences:
    """Draw `n` sequences token by token.

    ``next_logits(parents, prefixes)`` returns raw logits (rows, V) for the next token of each
    row of `prefixes` ((rows, t) ids, ⟨s⟩ first); row i of a call continues row ``parents[i]``
    of the previous call (a decoder with a key/value cache reorders it; one that reruns whole
    prefixes ignores it).  The first call has ``parents`` None and `n` rows of ⟨s⟩.  Tokens
    in `suppressed` get probability 0 before the transforms.
    """
    if n < 1:
        raise ValueError("the number of samples must be at least 1")
    if max_length < 1:
        raise ValueError("max_length must be at least 1")
    suppressed = list(suppressed)
    prefixes = torch.full((n, 1), bos_id, dtype=torch.long, device=device)
    running = torch.arange(n, device=device)  # which sample each row of `prefixes` is
    drawn = torch.full((n, max_length), eos_id, dtype=torch.long, device=device)
    lengths = torch.full((n,), max_length, dtype=torch.long, device=device)
    log_probs = torch.zeros(n, dtype=torch.float64, device=device)
    own_log_probs = torch.zeros(n, dtype=torch.float64, device=device)
    parents, steps = None, 0
    for step in range(max_length):
        logits = next_logits(parents, prefixes).float()
        steps += 1
        own = torch.log_softmax(logits, dim=-1)  # the model's own, before anything is cut
        if suppressed:
            logits = logits.clone()
            logits[:, suppressed] = -math.inf
        logp = torch.log_softmax(transform_logits(logits, settings, prefixes), dim=-1)
        tokens = draw(logp, generator)  # (rows, 1)
        log_probs[running] += logp.gather(1, tokens)[:, 0].double()
        own_log_probs[running] += own.gather(1, tokens)[:, 0].double()
        drawn[running, step] = tokens[:, 0]
        ended = tokens[:, 0] == eos_id
        lengths[running[ended]] = step + 1
        parents = torch.nonzero(~ended)[:, 0]
        if parents.numel() == 0:
            break
        running = running[parents]
        prefixes = torch.cat([prefixes[parents], tokens[parents]], dim=1)
    lengths_list = lengths.tolist()
    rows = drawn.tolist()
    tokens = tuple(tuple(row[:length]) for row, length in zip(rows, lengths_list))
    finished = np.array([bool(t) and t[-1] == eos_id for t in tokens])
    return SampledSequences(tokens, log_probs.cpu().numpy(), own_log_probs.cpu().numpy(), finished, steps)


def draw(logp: torch.Tensor, generator: torch.Generator | None) -> torch.Tensor:
    """One token per row of log-probabilities (rows, V) -> (rows, 1), by the inverse of the
    cumulative distribution: u ~ U[0, 1) times the row's total, the first token whose
    cumulative sum exceeds it (a token of probability 0 is never the first).  Float64, so a
    token of probability 1e-12 keeps its chance; twice as fast here as torch.multinomial."""
    cdf = logp.double().exp().cumsum(dim=-1)
    u = torch.rand((logp.size(0), 1), generator=generator, dtype=torch.float64, device=logp.device)
    return torch.searchsorted(cdf, u * cdf[:, -1:], right=True)


class PrefixDecoder:
    """``next_logits`` for a shipped model (engine.inference.Seq2SeqModel) and one prepared
    input: each call runs the decoder over the whole prefixes (the shipped models have no
    cache) with the one-input state expanded to the rows, and returns the last position's
    raw logits."""

    def __init__(self, model, state):
        self.model = model
        self.state = state

    @torch.inference_mode()
    def __call__(self, parents, prefixes):
        logits, _ = self.model.decode_prefixes(self.state, prefixes)
        return logits[:, -1]


@dataclass(frozen=True)
class DistinctSample:
    tokens: tuple[int, ...]  # without ⟨s⟩; ⟨/s⟩ last when finished
    text: str
    count: int
    log_prob: float  # the model's teacher-forced log P (⟨/s⟩ included), natural log
    sample_log_prob: float  # log P of drawing it under the sampler's distribution
    finished: bool


@dataclass(frozen=True)
class SamplingResult:
    source_text: str
    n: int
    seed: int
    settings: SamplingSettings
    samples: tuple[DistinctSample, ...]  # most frequent first (then most probable, then text)
    steps: int  # decoder calls for the whole batch
    seconds: float  # the sampling loop (not preparing the input or grouping the outputs)


def count_distinct(sampled: SampledSequences) -> list[tuple[tuple[int, ...], int, float, float, bool]]:
    """(tokens, count, model log P, sample log P, finished) per distinct sequence, in
    first-drawn order."""
    counts = Counter(sampled.tokens)
    first = {}
    for i, seq in enumerate(sampled.tokens):
        first.setdefault(seq, i)
    return [(seq, counts[seq], float(sampled.model_log_probs[i]), float(sampled.sample_log_probs[i]),
             bool(sampled.finished[i]))
            for seq, i in first.items()]


def group_samples(sampled: SampledSequences, decode, source_text: str, *, n: int, seed: int,
                  settings: SamplingSettings, seconds: float) -> SamplingResult:
    """The distinct outputs of `sampled` with their counts, most frequent first; `decode`
    turns a token sequence into its text."""
    samples = [DistinctSample(seq, decode(seq), count, model_lp, sample_lp, finished)
               for seq, count, model_lp, sample_lp, finished in count_distinct(sampled)]
    samples.sort(key=lambda s: (-s.count, -s.sample_log_prob, s.text))
    return SamplingResult(source_text.strip(), n, int(seed), settings, tuple(samples), sampled.steps, seconds)


def sample_model(model, text: str, *, n: int, seed: int, settings: SamplingSettings = SamplingSettings()
                 ) -> SamplingResult:
    """`n` samples of a shipped model's output for `text`, grouped into distinct outputs."""
    _, state = model.prepare(text)
    tgt = model.target_tokenizer
    generator = torch.Generator(device=model.device).manual_seed(int(seed))
    started = time.perf_counter()
    with torch.inference_mode():
        decoder = incremental_decoder(model.module, state) or PrefixDecoder(model, state)
        sampled = sample_sequences(decoder, n=n, bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                   max_length=model.max_target_length, settings=settings, generator=generator,
                                   suppressed=model.never_generated, device=model.device)
    return group_samples(sampled, tgt.decode, text, n=n, seed=seed, settings=settings,
                         seconds=time.perf_counter() - started)


__all__ = ["DistinctSample", "PrefixDecoder", "SampledSequences", "SamplingResult", "count_distinct",
           "group_samples", "sample_model", "sample_sequences"]
