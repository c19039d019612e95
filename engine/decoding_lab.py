"""What the decoding view asks the worker for (app/views/decoding): the logits of every step of
the greedy output, and a table of N samples beside greedy and the beam's n-best.

* ``NextTokenRequest(model, text, output)`` → :class:`StepLogits`: one teacher-forced decoder
  pass over ⟨s⟩ + the greedy output (or the `output` given, tokens of a row of the sample
  table) gives the raw logits of each output step.  The view runs the
  transforms over them itself (engine.next_token_stages, numpy), so moving a slider or choosing
  another step needs no model call.
* ``SampleTableRequest(model, text, n, seed, settings)`` → :class:`SampleTable`: N seeded samples
  (engine.sampling.sample_model) grouped into distinct outputs with count, the model's
  teacher-forced log P, the grammar's probability and validity (engine.sampling_cli's report:
  the same numbers as ``python -m engine sample --json``), plus the greedy output and the beam's
  hypotheses with the same columns, for contrast.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine.jobs import EngineContext, ShippedModelRequest
from engine.token_units import CHARACTERS, tokenizer_unit

#: the beam the table shows for contrast (the beam view's default)
BEAM_WIDTH = 5


@dataclass(frozen=True)
class StepLogits:
    model: str
    text: str
    vocab: tuple[str, ...]  # target tokens by id
    output_ids: tuple[int, ...]  # the output followed, ⟨/s⟩ last when it finished
    greedy: bool  # the output is the greedy one (else the one asked for)
    logits: np.ndarray  # (len(output_ids), V) float32: the raw logits that predicted each output token
    never_generated: tuple[int, ...]  # ids the sampler, greedy and beam search cut
    target_unit: str = CHARACTERS  # what one output token is (engine.token_units)

    @property
    def output_tokens(self) -> tuple[str, ...]:
        return tuple(self.vocab[i] for i in self.output_ids)


def step_logits(model, text: str, output=()) -> StepLogits:
    """The logits of every step of `output` (target token strings, ⟨/s⟩ last when finished) or,
    when it is empty or holds a token this model does not have (a session of another model), of
    the greedy output."""
    import torch

    tgt = model.target_tokenizer
    given = bool(output) and all(t in tgt.stoi for t in output) and len(output) <= model.max_target_length
    ids = tuple(tgt.stoi[t] for t in output) if given else tuple(int(t) for t in model.greedy(text).tokens)
    with torch.inference_mode():
        _, state = model.prepare(text)
        prefixes = torch.tensor([[tgt.bos_id, *ids[:-1]]], dtype=torch.long, device=model.device)
        logits, _ = model.decode_prefixes(state, prefixes)
    return StepLogits(model.name, text.strip(), tuple(tgt.itos), ids, not given,
                      np.ascontiguousarray(logits[0].float().cpu().numpy()), tuple(model.never_generated),
                      tokenizer_unit(tgt))


@dataclass(frozen=True)
class NextTokenRequest(ShippedModelRequest):
    """The value is a StepLogits."""

    model: str
    text: str
    output: tuple = ()  # target tokens of the output to follow (empty: greedy)

    def run(self, ctx: EngineContext):
        return step_logits(ctx.model(self.model), self.text, self.output)


@dataclass(frozen=True)
class OutputRow:
    """One output: sampled (count > 0), or greedy's or a beam hypothesis (count: how often the
    sample drew it, maybe 0)."""

    tokens: tuple[str, ...]  # target tokens, ⟨/s⟩ last when finished
    text: str  # the tokenizer's decoding (what the grammar is compared with)
    count: int
    log_prob: float  # the model's teacher-forced log P (⟨/s⟩ included), natural log
    finished: bool
    grammar_prob: float | None  # zh-en: the grammar's P (0: invalid); None otherwise
    valid: bool | None  # zh-en: a valid rendering; dates: a real calendar date; None: unknown


@dataclass(frozen=True)
class SampleTable:
    model: str
    text: str
    task: str  # "zh-en" or "dates"
    vocab: tuple[str, ...]
    n: int
    seed: int
    temperature: float
    top_k: int
    top_p: float
    min_p: float
    samples: tuple[OutputRow, ...]  # distinct, most frequent first
    greedy: OutputRow
    beam: tuple[OutputRow, ...]  # best score first
    beam_width: int
    grammar: dict | None  # zh-en sentence the grammar generates: {rendering: P}
    total_variation: float | None  # TV(grammar, sample frequencies)
    kl_bits: float | None  # KL(grammar ‖ sample frequencies) in bits (inf: a valid rendering never drawn)
    reverse_kl_bits: float | None  # KL(sample frequencies ‖ grammar) in bits (inf: an invalid output drawn)
    valid_fraction: float | None  # share of the N samples that are valid
    seconds: float
    target_unit: str = CHARACTERS  # what one output token is (engine.token_units)

    @property
    def sampled_mass(self) -> float:
        """Σ P model over the distinct outputs sampled: the model's probability the table covers."""
        return math.fsum(math.exp(r.log_prob) for r in self.samples)


def _judged(task: str, grammar, text: str, finished: bool) -> tuple[float | None, bool | None]:
    from engine.sampling_truth import is_calendar_date

    if task == "zh-en":
        if grammar is None:
            return None, None
        p = grammar.get(text, 0.0) if finished else 0.0
        return p, p > 0
    if task == "dates":
        return None, finished and is_calendar_date(text)
    return None, None


def _row(model, task, grammar, ids, log_prob: float, count: int) -> OutputRow:
    tgt = model.target_tokenizer
    ids = tuple(int(t) for t in ids)
    finished = bool(ids) and ids[-1] == tgt.eos_id
    text = tgt.decode(ids)
    grammar_prob, valid = _judged(task, grammar, text, finished)
    return OutputRow(tuple(tgt.tokens(ids)), text, count, float(log_prob), finished, grammar_prob, valid)


def sample_table(model, text: str, *, n: int, seed: int, settings, beam_width: int = BEAM_WIDTH) -> SampleTable:
    from engine.sampling import sample_model
    from engine.sampling_cli import sampling_report

    result = sample_model(model, text, n=n, seed=seed, settings=settings)
    report = sampling_report(model, text, result)
    task = model.config.get("task", "dates")
    grammar = report.get("grammar")
    samples = tuple(_row(model, task, grammar, s.tokens, s.log_prob, s.count) for s in result.samples)
    counts = {s.tokens: s.count for s in result.samples}
    greedy = model.greedy(text)
    greedy_row = _row(model, task, grammar, greedy.tokens, greedy.logprob, counts.get(tuple(greedy.tokens), 0))
    beam = model.beam(text, beam_width=beam_width)
    beam_rows = tuple(_row(model, task, grammar, h.tokens, h.logprob, counts.get(tuple(h.tokens), 0))
                      for h in beam.hypotheses)
    kl = report.get("kl_grammar_to_samples_bits", math.inf if grammar is not None else None)
    reverse = None
    if grammar is not None:
        from engine.sampling_truth import kl_bits

        # an unfinished output is not a rendering, whatever its words: its own key, with grammar P 0
        frequencies = {row.text if row.finished else row.text + " …": row.count / result.n for row in samples}
        reverse = kl_bits(frequencies, grammar)
    return SampleTable(model.name, result.source_text, task, tuple(model.target_tokenizer.itos), result.n,
                       result.seed, settings.temperature, settings.top_k, settings.top_p, settings.min_p, samples,
                       greedy_row, beam_rows, beam_width, grammar, report.get("total_variation"),
                       math.inf if grammar is not None and kl is None else kl, reverse, report.get("valid_fraction"),
                       result.seconds, tokenizer_unit(model.target_tokenizer))


@dataclass(frozen=True)
class SampleTableRequest(ShippedModelRequest):
    """The value is a SampleTable."""

    model: str
    text: str
    n: int
    seed: int
    temperature: float = 1.0
    top_k: int = 0
    top_p: float = 1.0
    min_p: float = 0.0

    def run(self, ctx: EngineContext):
        from engine.logit_transforms import SamplingSettings

        settings = SamplingSettings(temperature=self.temperature, top_k=self.top_k, top_p=self.top_p,
                                    min_p=self.min_p)
        return sample_table(ctx.model(self.model), self.text, n=self.n, seed=self.seed, settings=settings)


__all__ = ["BEAM_WIDTH", "NextTokenRequest", "OutputRow", "SampleTable", "SampleTableRequest", "StepLogits",
           "sample_table", "step_logits"]
