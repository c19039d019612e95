"""The decoding lab: one next-token distribution through temperature, top-k, top-p and min-p,
and N samples beside greedy and beam search (for zh-en-toy, against the grammar's truth)."""
from app.views.decoding.view import DecodingView

__all__ = ["DecodingView"]
