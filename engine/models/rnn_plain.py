"""The lesson's encoder-decoder *without* attention: the same bidirectional LSTM encoder and
LSTM decoder as engine.models.rnn_attention, but the decoder reads one fixed context at every
step, the encoder's final state

    c = [forward state after the last input character; backward state after the first]

(what ``nn.LSTM`` returns as ``h_n``), instead of an attention-weighted sum of all encoder
states.  Everything the decoder knows about the input has to pass through these 2 x
encoder_hidden numbers, which is the bottleneck attention was invented to remove (Bahdanau et
al., 2015; the lesson's second notes).  Only the attention network is missing, so a comparison
of the two differs in nothing else.
"""
from __future__ import annotations

import torch

from engine.models.rnn_attention import DateRNNAttention


class DateRNNNoAttention(DateRNNAttention):
    kind = "rnn"

    @staticmethod
    def make_attention(cfg):
        return None

    def prepare(self, source_ids):
        """source_ids (B, S) -> the encoder's final state (B, 2*enc) and, for the record, the mask."""
        annotations, source_mask = self.annotate(source_ids)
        return {"final": final_state(annotations, source_mask), "source_mask": source_mask}

    def read_source(self, state_before, source):
        return source["final"], None


def final_state(annotations: torch.Tensor, source_mask: torch.Tensor) -> torch.Tensor:
    """annotations (B, S, 2H) of a bidirectional encoder, mask (B, S) -> (B, 2H): the forward
    half at each row's last real position and the backward half at position 0 (both have then
    read the whole input)."""
    half = annotations.size(-1) // 2
    last = (source_mask.sum(1).clamp(min=1) - 1).to(annotations.device)  # (B,)
    rows = torch.arange(annotations.size(0), device=annotations.device)
    return torch.cat([annotations[rows, last, :half], annotations[:, 0, half:]], dim=-1)
