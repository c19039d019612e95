"""Scaled dot-product attention, returning its weights explicitly.

    Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k) + mask) V

Masked positions get -inf before the softmax, so their weight is exactly 0.  The weights are
returned rather than stored on a module: no hidden state, safe to call from any thread.
"""
from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(q, k, v, mask=None):
    """q: (..., T, d_k), k: (..., S, d_k), v: (..., S, d_v); mask broadcastable to (..., T, S),
    True where attention is allowed.  Returns (output (..., T, d_v), weights (..., T, S))."""
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))  # (..., T, S)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    # A query whose every key is masked (only padding queries) would be NaN: make it 0.
    weights = torch.nan_to_num(weights, nan=0.0)
    return weights @ v, weights


def causal_mask(length: int, device=None) -> torch.Tensor:
    """(T, T) boolean mask, True on and below the diagonal: query t sees keys 0..t."""
    return torch.ones(length, length, dtype=torch.bool, device=device).tril()
