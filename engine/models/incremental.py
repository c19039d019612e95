"""Token-at-a-time decoding of the shipped models, for sampling many sequences at once.

``decode_prefixes`` reruns the decoder over whole prefixes and projects every position onto
the vocabulary: right for a search that shows attention, wasteful for 1,000 samples (step t
costs t positions).  These decoders keep what the earlier tokens left behind — the
Transformer's self-attention keys and values per layer (and the source's cross-attention
keys and values, computed once), the LSTM's (h, c) — and run only the new token:

    step = incremental_decoder(module, state)        # state: module.prepare(source) for one input
    logits = step(None, prefixes)                    # (rows, 1) of ⟨s⟩ -> (rows, V)
    logits = step(parents, prefixes)                 # row i continues row parents[i]; reads prefixes[:, -1]

They give the logits of the last position of ``module.decode_prefixes(state, prefixes)`` (the
tests compare them) for prefixes without ⟨pad⟩ — decoding never writes it.  Eval mode only
(dropout is not applied).
"""
from __future__ import annotations

import math

import torch



def _attend(q, k, v):
    """softmax(q kᵀ / √d) v for one new query per row over all its earlier positions (none
    is masked: a sampled prefix has no ⟨pad⟩, and the causal mask allows every earlier key)."""
    return torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.size(-1)), dim=-1) @ v


def _keeps_every_row(parents, rows: int) -> bool:
    """True when `parents` is 0, 1, …, rows − 1 (no sequence left, none reordered): the caches
    stay as they are instead of being copied."""
    return parents.numel() == rows and bool((parents == torch.arange(rows, device=parents.device)).all())


class TransformerSteps:
    def __init__(self, module, state):
        self.module = module
        memory = state["memory"]  # (1, S, D)
        self.source_mask = state["source_mask"]  # (1, 1, 1, S)
        self.cross = [(self._heads(layer.cross_attention, layer.cross_attention.k_proj(memory)),
                       self._heads(layer.cross_attention, layer.cross_attention.v_proj(memory)))
                      for layer in module.decoder_layers]
        self.keys: list[torch.Tensor] = []
        self.values: list[torch.Tensor] = []
        self.length = 0

    @staticmethod
    def _heads(attention, x):  # (B, L, D) -> (B, H, L, d_head)
        return attention._split(x)

    def _attend_source(self, layer: int, q):
        """Cross-attention of (B, H, 1, d) queries on the one source every row shares: heads
        first, (H, B, d) @ (H, d, S), so the source's keys and values are never copied B times."""
        keys, values = self.cross[layer]  # (1, H, S, d)
        queries = q[:, :, 0].transpose(0, 1)  # (H, B, d)
        scores = queries @ keys[0].transpose(-2, -1) / math.sqrt(q.size(-1))  # (H, B, S)
        scores = scores.masked_fill(~self.source_mask[0, 0], -math.inf)  # (1, S) over every row
        return (torch.softmax(scores, dim=-1) @ values[0]).transpose(0, 1)[:, :, None]  # (B, H, 1, d)

    @staticmethod
    def _merge(context):  # (B, H, 1, d_head) -> (B, 1, D)
        b, h, t, d = context.shape
        return context.transpose(1, 2).reshape(b, t, h * d)

    @torch.inference_mode()
    def __call__(self, parents, prefixes):
        if parents is None:
            self.keys, self.values, self.length = [], [], 0
            logits = None
            for t in range(prefixes.size(1)):
                logits = self._advance(prefixes[:, t])
            return logits
        if not _keeps_every_row(parents, self.keys[0].size(0)):
            self.keys = [k[parents] for k in self.keys]
            self.values = [v[parents] for v in self.values]
        return self._advance(prefixes[:, -1])

    def _advance(self, tokens):
        m = self.module
        y = m.target_embedding(tokens[:, None]) * math.sqrt(m.cfg.d_model) + m.positional_encoding[self.length]
        fresh = not self.keys
        for i, layer in enumerate(m.decoder_layers):
            sa = layer.self_attention
            k, v = self._heads(sa, sa.k_proj(y)), self._heads(sa, sa.v_proj(y))
            if fresh:
                self.keys.append(k)
                self.values.append(v)
            else:
                self.keys[i] = torch.cat([self.keys[i], k], dim=2)
                self.values[i] = torch.cat([self.values[i], v], dim=2)
            context = _attend(self._heads(sa, sa.q_proj(y)), self.keys[i], self.values[i])
            y = layer.norm1(y + sa.out_proj(self._merge(context)))
            ca = layer.cross_attention
            context = self._attend_source(i, self._heads(ca, ca.q_proj(y)))
            y = layer.norm2(y + ca.out_proj(self._merge(context)))
            y = layer.norm3(y + layer.feed_forward(y))
        self.length += 1
        return y[:, 0] @ m.target_embedding.weight.T


class RNNSteps:
    def __init__(self, module, state):
        self.module = module
        self.state = state
        self.h = self.c = None

    @torch.inference_mode()
    def __call__(self, parents, prefixes):
        if parents is None:
            rows = prefixes.size(0)
            ann = self.state["annotations"]
            self.h = ann.new_zeros((rows, self.module.cfg.decoder_hidden))
            self.c = torch.zeros_like(self.h)
            logits = None
            for t in range(prefixes.size(1)):
                logits = self._advance(prefixes[:, t])
            return logits
        if not _keeps_every_row(parents, self.h.size(0)):
            self.h, self.c = self.h[parents], self.c[parents]
        return self._advance(prefixes[:, -1])

    def _advance(self, tokens):
        m, s = self.module, self.state
        rows = tokens.size(0)
        context, _ = m.attention(self.h, s["annotations"].expand(rows, -1, -1),
                                 s["projected"].expand(rows, -1, -1), s["source_mask"].expand(rows, -1))
        self.h, self.c = m.decoder(torch.cat([m.target_embedding(tokens), context], dim=-1), (self.h, self.c))
        return m.output(torch.cat([self.h, context], dim=-1))


def incremental_decoder(module, state):
    """The token-at-a-time decoder of a shipped module (kind "transformer" or "rnn"), or None
    for a module of another kind."""
    kinds = {"transformer": TransformerSteps, "rnn": RNNSteps}
    steps = kinds.get(getattr(module, "kind", None))
    return steps(module, state) if steps is not None else None


__all__ = ["RNNSteps", "TransformerSteps", "incremental_decoder"]
