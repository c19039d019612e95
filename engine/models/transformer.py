"""A small encoder-decoder Transformer (Vaswani et al., 2017) from torch primitives.

One forward pass returns every layer's and head's attention weights, so the app can show
encoder self-attention, decoder masked self-attention and cross-attention of the same run.
Shapes: B batch, S source length, T target length, H heads, D d_model.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch
from torch import nn

from engine.attention import causal_mask, scaled_dot_product_attention
from engine.models.base import Seq2SeqConfig, Seq2SeqModule
from engine.positional import sinusoidal_encoding


@dataclass(frozen=True)
class TransformerConfig(Seq2SeqConfig):
    d_model: int = 128
    n_heads: int = 4
    n_encoder_layers: int = 2
    n_decoder_layers: int = 2
    d_ff: int = 256
    #: False: the encoder adds no positional encoding, so it sees its input as a bag of tokens
    #: (the experiment "why positional encoding"); the decoder keeps its own either way
    encoder_positions: bool = True


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, dropout: float):
        super().__init__()
        if d_model % n_heads:
            raise ValueError("d_model must be divisible by n_heads")
        self.n_heads, self.d_head = n_heads, d_model // n_heads
        self.q_proj = nn.Linear(d_model, d_model)
        self.k_proj = nn.Linear(d_model, d_model)
        self.v_proj = nn.Linear(d_model, d_model)
        self.out_proj = nn.Linear(d_model, d_model)
        self.dropout = nn.Dropout(dropout)

    def _split(self, x):  # (B, L, D) -> (B, H, L, d_head)
        b, length, _ = x.shape
        return x.view(b, length, self.n_heads, self.d_head).transpose(1, 2)

    def forward(self, query, key_value, mask):
        q = self._split(self.q_proj(query))
        k = self._split(self.k_proj(key_value))
        v = self._split(self.v_proj(key_value))
        context, weights = scaled_dot_product_attention(q, k, v, mask)  # (B, H, T, d), (B, H, T, S)
        b, _, t, _ = context.shape
        context = context.transpose(1, 2).reshape(b, t, self.n_heads * self.d_head)
        return self.dropout(self.out_proj(context)), weights


class FeedForward(nn.Module):
    def __init__(self, d_model: int, d_ff: int, dropout: float):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model))
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.dropout(self.net(x))


class EncoderLayer(nn.Module):
    """Post-norm as in the paper: x = LayerNorm(x + Sublayer(x))."""

    def __init__(self, cfg: TransformerConfig):
        super().__init__()
        self.self_attention = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.dropout)
        self.feed_forward = FeedForward(cfg.d_model, cfg.d_ff, cfg.dropout)
        self.norm1 = nn.LayerNorm(cfg.d_model)
        self.norm2 = nn.LayerNorm(cfg.d_model)

    def forward(self, x, source_mask):
        attended, weights = self.self_attention(x, x, source_mask)
        x = self.norm1(x + attended)
        return self.norm2(x + self.feed_forward(x)), weights


class DecoderLayer(nn.Module):
    def __init__(self, cfg: TransformerConfig):
        super().__init__()
        self.self_attention = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.dropout)
        self.cross_attention = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.dropout)
        self.feed_forward = FeedForward(cfg.d_model, cfg.d_ff, cfg.dropout)
        self.norm1 = nn.LayerNorm(cfg.d_model)
        self.norm2 = nn.LayerNorm(cfg.d_model)
        self.norm3 = nn.LayerNorm(cfg.d_model)

    def forward(self, y, memory, target_mask, memory_mask):
        attended, self_weights = self.self_attention(y, y, target_mask)
        y = self.norm1(y + attended)
        attended, cross_weights = self.cross_attention(y, memory, memory_mask)
        y = self.norm2(y + attended)
        return self.norm3(y + self.feed_forward(y)), self_weights, cross_weights


class DateTransformer(Seq2SeqModule):
    """Encoder-decoder Transformer; output projection tied to the decoder embedding."""

    kind = "transformer"

    def __init__(self, cfg: TransformerConfig):
        super().__init__(cfg, cfg.d_model)
        n_pos = max(cfg.max_source_length, cfg.max_target_length) + 1
        pe = torch.tensor(sinusoidal_encoding(n_pos, cfg.d_model), dtype=torch.float32)
        self.register_buffer("positional_encoding", pe, persistent=False)  # (P, D), recomputed, not saved
        self.encoder_layers = nn.ModuleList(EncoderLayer(cfg) for _ in range(cfg.n_encoder_layers))
        self.decoder_layers = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.n_decoder_layers))
        self.dropout = nn.Dropout(cfg.dropout)
        self._reset_parameters()

    def _reset_parameters(self):
        for name, p in self.named_parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)
        for emb in (self.source_embedding, self.target_embedding):
            nn.init.normal_(emb.weight, std=self.cfg.d_model ** -0.5)
            with torch.no_grad():
                emb.weight[self.cfg.pad_id].zero_()

    def _embed(self, embedding, ids, positions: bool = True):  # (B, L) -> (B, L, D)
        x = embedding(ids) * math.sqrt(self.cfg.d_model)
        return self.dropout(x + self.positional_encoding[: ids.size(1)] if positions else x)

    def encode(self, source_ids):
        """source_ids (B, S) -> memory (B, S, D), source key mask (B, 1, 1, S), per-layer weights."""
        source_mask = (source_ids != self.cfg.pad_id)[:, None, None, :]
        x = self._embed(self.source_embedding, source_ids, self.cfg.encoder_positions)
        weights = []
        for layer in self.encoder_layers:
            x, w = layer(x, source_mask)
            weights.append(w)  # (B, H, S, S)
        return x, source_mask, weights

    def decode(self, target_in, memory, source_mask):
        """target_in (B, T) starting with <s> -> logits (B, T, V), self weights, cross weights."""
        t = target_in.size(1)
        target_mask = causal_mask(t, target_in.device)[None, None] & (target_in != self.cfg.pad_id)[:, None, None, :]
        y = self._embed(self.target_embedding, target_in)
        self_weights, cross_weights = [], []
        for layer in self.decoder_layers:
            y, sw, cw = layer(y, memory, target_mask, source_mask)
            self_weights.append(sw)  # (B, H, T, T)
            cross_weights.append(cw)  # (B, H, T, S)
        logits = y @ self.target_embedding.weight.T  # tied output projection
        return logits, self_weights, cross_weights

    def forward(self, source_ids, target_in):
        memory, source_mask, enc_w = self.encode(source_ids)
        logits, self_w, cross_w = self.decode(target_in, memory, source_mask)
        return logits, {"encoder_self": enc_w, "decoder_self": self_w, "cross": cross_w}

    # --- engine.models.protocol.DecoderModule: the interface shared with the RNN ---
    def prepare(self, source_ids):
        """Everything the decoder needs about the source, computed once per input."""
        memory, source_mask, enc_w = self.encode(source_ids)
        return {"memory": memory, "source_mask": source_mask, "encoder_self": enc_w}

    @staticmethod
    def expand_state(state, batch: int):
        """Repeat a batch-1 prepared source for `batch` decoder rows (views, no copies)."""
        return {
            "memory": state["memory"].expand(batch, -1, -1),
            "source_mask": state["source_mask"].expand(batch, -1, -1, -1),
            "encoder_self": state["encoder_self"],
        }

    def decode_prefixes(self, state, prefixes):
        """prefixes (B, T) all starting with <s> -> (logits (B, T, V), attention dict)."""
        logits, self_w, cross_w = self.decode(prefixes, state["memory"], state["source_mask"])
        return logits, {"encoder_self": state["encoder_self"], "decoder_self": self_w, "cross": cross_w}
