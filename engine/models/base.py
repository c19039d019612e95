"""What every shipped model has, whatever its architecture: the settings (the architectures add
their own sizes in TransformerConfig and RNNAttentionConfig) and the two token embeddings."""
from __future__ import annotations

from dataclasses import dataclass

from torch import nn


@dataclass(frozen=True)
class Seq2SeqConfig:
    source_vocab_size: int
    target_vocab_size: int
    dropout: float = 0.1
    #: positions the model accepts: longer inputs are refused, outputs are cut here
    max_source_length: int = 40
    max_target_length: int = 16
    pad_id: int = 0


class Seq2SeqModule(nn.Module):
    """The base of DateTransformer and DateRNNAttention: `cfg`, and the source and target token
    embeddings (`embedding_dim` wide; the padding token's row stays zero)."""

    def __init__(self, cfg: Seq2SeqConfig, embedding_dim: int):
        super().__init__()
        self.cfg = cfg
        self.source_embedding = nn.Embedding(cfg.source_vocab_size, embedding_dim, padding_idx=cfg.pad_id)
        self.target_embedding = nn.Embedding(cfg.target_vocab_size, embedding_dim, padding_idx=cfg.pad_id)
