"""The lesson's date translator: a bidirectional LSTM encoder and an LSTM decoder with
additive (Bahdanau) attention.

At output step t the decoder's previous state s(t-1) is compared with every encoder state
a(t') by a small dense network,

    e(t, t') = v . tanh(W [s(t-1); a(t')] + b)        alpha(t, .) = softmax over t' of e(t, .)
    context(t) = sum over t' of alpha(t, t') a(t')

and the decoder LSTM reads [embedding of the previous output; context(t)].  The alignment
matrix alpha (output step x input position) is returned with the logits.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn

from engine.models.base import Seq2SeqConfig, Seq2SeqModule


@dataclass(frozen=True)
class RNNConfig(Seq2SeqConfig):
    """The encoder-decoder's sizes (shared with engine.models.rnn_plain, the same network without attention)."""
    embedding_dim: int = 32
    encoder_hidden: int = 64  # per direction; encoder states a(t') have 2x this size
    decoder_hidden: int = 128


@dataclass(frozen=True)
class RNNAttentionConfig(RNNConfig):
    attention_hidden: int = 64


class AdditiveAttention(nn.Module):
    """Energy from a one-hidden-layer network on [s(t-1); a(t')]; W is split into its s and a
    halves so the encoder half is computed once per input instead of once per step."""

    def __init__(self, state_size: int, annotation_size: int, hidden: int):
        super().__init__()
        self.state_proj = nn.Linear(state_size, hidden, bias=True)
        self.annotation_proj = nn.Linear(annotation_size, hidden, bias=False)
        self.energy = nn.Linear(hidden, 1, bias=False)

    def forward(self, state, annotations, projected_annotations, source_mask):
        """state (B, Ds), annotations (B, S, Da), projected (B, S, hidden), mask (B, S) ->
        context (B, Da), weights (B, S)."""
        energies = self.energy(torch.tanh(projected_annotations + self.state_proj(state)[:, None, :])).squeeze(-1)
        energies = energies.masked_fill(~source_mask, float("-inf"))
        weights = torch.softmax(energies, dim=-1)
        context = torch.bmm(weights[:, None, :], annotations).squeeze(1)
        return context, weights


class DateRNNAttention(Seq2SeqModule):
    kind = "rnn"

    def __init__(self, cfg: RNNAttentionConfig):
        super().__init__(cfg, cfg.embedding_dim)
        self.encoder = nn.LSTM(cfg.embedding_dim, cfg.encoder_hidden, batch_first=True, bidirectional=True)
        annotation_size = 2 * cfg.encoder_hidden
        self.attention = self.make_attention(cfg)
        self.decoder = nn.LSTMCell(cfg.embedding_dim + annotation_size, cfg.decoder_hidden)
        self.output = nn.Linear(cfg.decoder_hidden + annotation_size, cfg.target_vocab_size)
        self.dropout = nn.Dropout(cfg.dropout)

    @staticmethod
    def make_attention(cfg):
        return AdditiveAttention(cfg.decoder_hidden, 2 * cfg.encoder_hidden, cfg.attention_hidden)

    def annotate(self, source_ids):
        """source_ids (B, S) -> encoder states a(t') (B, S, 2*enc), zero at padding, and the mask (B, S)."""
        source_mask = source_ids != self.cfg.pad_id
        lengths = source_mask.sum(1).clamp(min=1).cpu()
        embedded = self.dropout(self.source_embedding(source_ids))
        packed = nn.utils.rnn.pack_padded_sequence(embedded, lengths, batch_first=True, enforce_sorted=False)
        out, _ = self.encoder(packed)
        annotations, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=source_ids.size(1))
        return self.dropout(annotations), source_mask  # (B, S, 2*enc)

    def prepare(self, source_ids):
        """source_ids (B, S) -> encoder annotations and their attention projection."""
        annotations, source_mask = self.annotate(source_ids)
        return {
            "annotations": annotations,
            "projected": self.attention.annotation_proj(annotations),
            "source_mask": source_mask,
        }

    @staticmethod
    def expand_state(state, batch: int):
        return {k: v.expand(batch, *v.shape[1:]) for k, v in state.items()}

    def decode_prefixes(self, state, prefixes):
        """prefixes (B, T) starting with <s> -> logits (B, T, V) and the alignment as
        {"cross": [weights (B, 1, T, S)]} (one layer, one head, like the Transformer's)."""
        b, t = prefixes.shape
        h = prefixes.new_zeros((b, self.cfg.decoder_hidden), dtype=self.output.weight.dtype)
        c = torch.zeros_like(h)
        embedded = self.dropout(self.target_embedding(prefixes))
        logits, alignment = [], []
        for step in range(t):
            context, weights = self.read_source(h, state)
            h, c = self.decoder(torch.cat([embedded[:, step], context], dim=-1), (h, c))
            logits.append(self.output(self.dropout(torch.cat([h, context], dim=-1))))
            alignment.append(weights)
        logits = torch.stack(logits, dim=1)  # (B, T, V)
        if alignment[0] is None:  # a decoder without attention (engine.models.rnn_plain) has no alignment
            return logits, {"cross": []}
        alignment = torch.stack(alignment, dim=1)[:, None]  # (B, 1, T, S)
        return logits, {"cross": [alignment]}

    def read_source(self, state_before, source):
        """What the decoder reads of the source at one step: (context (B, Da), weights (B, S))."""
        return self.attention(state_before, source["annotations"], source["projected"], source["source_mask"])

    def forward(self, source_ids, target_in):
        return self.decode_prefixes(self.prepare(source_ids), target_in)
