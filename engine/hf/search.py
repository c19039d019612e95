"""A Hugging Face beam search (engine.hf.HFBeamResult) in the form the beam view draws
(engine.beam_analysis.BeamAnalysis), so the tree, the n-best table, the formula and the
step-through work on it unchanged.  The request and the conversion run in the worker: they live
here, in the engine, and the view only draws the BeamAnalysis (app/views/beam/).

What differs from a shipped model's analysis, and why:

* the length normalisation is generate's, score = log P / L^α with L the generated tokens
  (EOS included): the view's "power" formula, so it is labelled "power";
* tokens are the tokenizer's pieces (Ġ, ▁, ## markers kept in the tree: word pieces are shown as
  such); the table and the captions merge them into words (engine.token_units.join_tokens);
* the root of the tree is the prompt (decoder) or the decoder start (encoder-decoder):
  labelled ⟨start⟩, an id after the last one the search met;
* there is no greedy run and no error analysis (they need the shipped models' scoring); the
  view says so instead of showing them.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.beam_analysis import BeamAnalysis, hypothesis_token_logprobs, scored_sequence
from engine.jobs import HFBeamRequest
from engine.messages import Message

ROOT_LABEL = "⟨start⟩"
NO_EOS = -1  # a model without an EOS token: no sequence ends with it


@dataclass(frozen=True)
class HFSearchRequest(HFBeamRequest):
    """HFBeamRequest whose value is already the BeamAnalysis the view draws (converted in the
    worker, so the view's search loop holds one kind of value whatever the model)."""

    expected: str | None = None

    def run(self, ctx):
        return analysis_from_hf(super().run(ctx), self.expected)


def from_folder(analysis) -> bool:
    """True for an analysis made by analysis_from_hf (it has no greedy run)."""
    return analysis.greedy is None


def analysis_from_hf(result, expected: str | None = None) -> BeamAnalysis:
    """`result`: an engine.hf.beam.HFBeamResult.  `expected`: the output the user typed for the
    error analysis, which is not available here (stated in `expected_error`)."""
    search = result.result
    vocab = [""] * (max(result.token_text, default=-1) + 1)
    for token_id, piece in result.token_text.items():
        vocab[token_id] = piece
    root_id = len(vocab)
    vocab.append(ROOT_LABEL)
    eos_id = result.eos_ids[0] if result.eos_ids else NO_EOS
    hypotheses = tuple(
        scored_sequence(text, h.tokens, [vocab[t] for t in h.tokens],
                        hypothesis_token_logprobs(search, h.node_id), "power", search.alpha, eos_id,
                        node_id=h.node_id, logprob=h.logprob, score=h.score, max_length=search.max_length)
        for h, text in zip(search.hypotheses, result.texts))
    note = None
    if expected:
        note = Message("hf_no_error_analysis")
    return BeamAnalysis(
        model=result.model, text=result.text, source_tokens=tuple(result.prompt_tokens), unknown_characters=(),
        vocab=tuple(vocab), bos_id=root_id, eos_id=eos_id, beam_width=search.beam_width, length_penalty="power",
        alpha=search.alpha, max_length=search.max_length, forced_prefix=(), result=search, hypotheses=hypotheses,
        greedy=None, error=None, expected_error=note, target_unit=result.unit, source_unit=result.unit)
