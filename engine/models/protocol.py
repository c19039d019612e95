"""The interfaces decoding and the views rely on, as typing.Protocols.

Two levels:

* :class:`DecoderModule`, a torch module that encodes a source once and then runs its decoder
  over whole prefixes.  engine.models.transformer.DateTransformer and
  engine.models.rnn_attention.DateRNNAttention implement it; engine.inference.Seq2SeqModel
  needs nothing else from a module.
* :class:`TranslationModel`, a loaded model as the searches and analyses use it
  (engine.inference.Seq2SeqModel implements it; engine.beam_analysis.analyse_beam runs on
  anything that does, such as a hand-written table of probabilities in a test).

Shapes: B rows, S source length, T prefix length (⟨s⟩ included), V target vocabulary.  A
"state" is whatever the module's ``prepare`` returns (a dict of tensors); only the module looks
inside it, apart from the key "encoder_self" (per-layer encoder attention, when the model has
one).  The attention dict of ``decode_prefixes`` maps "cross" (always) and "decoder_self"
(Transformer only) to one (B, heads, T, keys) tensor per layer; the encoder-decoder without
attention (engine.models.rnn_plain) has no layer of it: "cross" is an empty list.

Both protocols are runtime-checkable: ``isinstance(model, TranslationModel)`` checks that the
names exist (not their signatures).
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class DecoderModule(Protocol):
    #: "transformer" or "rnn"
    kind: str

    def prepare(self, source_ids) -> Any:
        """source_ids (B, S), padded with the pad id -> the state the decoder reads."""

    def expand_state(self, state, batch: int) -> Any:
        """A one-row state repeated for `batch` decoder rows (views, no copies)."""

    def decode_prefixes(self, state, prefixes) -> tuple[Any, dict]:
        """prefixes (B, T), each starting with ⟨s⟩ -> (logits (B, T, V), attention dict):
        row t of the logits predicts the token after prefixes[:, : t + 1]."""


@runtime_checkable
class TranslationModel(Protocol):
    name: str
    #: the most tokens an output may have, ⟨/s⟩ included
    max_target_length: int
    #: ids, tokens and text of outputs (engine.tokenizer.CharTokenizer)
    target_tokenizer: Any
    #: target ids no search may generate (⟨pad⟩, ⟨s⟩, ⟨unk⟩ for the shipped models)
    never_generated: tuple

    def prepare(self, text: str) -> tuple[Any, Any]:
        """text -> (engine.tokenizer.Encoded source, prepared state for one input)."""

    def step_function(self, state, suppress: bool = True):
        """The step_fn of engine.decoding for this state: prefixes (lists of ids from ⟨s⟩) ->
        next-token log-probabilities (len(prefixes), V); with `suppress`, -inf at the
        never-generated ids, otherwise the model's own distribution (teacher forcing)."""


__all__ = ["DecoderModule", "TranslationModel"]
