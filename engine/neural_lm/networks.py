"""The two networks (torch modules, no I/O).

* ``MlpLm`` — Bengio et al. (2003) without the direct input-to-output connections: the
  embeddings of the n−1 previous tokens, concatenated, -> tanh hidden layer -> logits over the
  outcomes (words, </s>, <unk>).
* ``LstmLm`` — embedding -> one LSTM layer -> logits over the outcomes at every step.

Inputs are ids of the whole vocabulary (outcomes and <s>); outputs cover the outcomes only.
"""
from __future__ import annotations

import torch
from torch import nn


class MlpLm(nn.Module):
    def __init__(self, vocabulary_size: int, outcomes: int, context: int, embedding_dim: int, hidden: int,
                 dropout: float = 0.0):
        super().__init__()
        self.context = context
        self.embedding = nn.Embedding(vocabulary_size, embedding_dim)
        self.hidden = nn.Linear(context * embedding_dim, hidden)
        self.dropout = nn.Dropout(dropout)
        self.output = nn.Linear(hidden, outcomes)

    def forward(self, contexts: torch.Tensor) -> torch.Tensor:
        """contexts (B, n−1) -> logits (B, outcomes)."""
        x = self.embedding(contexts).flatten(1)  # (B, (n−1)·E)
        return self.output(self.dropout(torch.tanh(self.hidden(self.dropout(x)))))


class LstmLm(nn.Module):
    def __init__(self, vocabulary_size: int, outcomes: int, embedding_dim: int, hidden: int, dropout: float = 0.0):
        super().__init__()
        self.embedding = nn.Embedding(vocabulary_size, embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden, batch_first=True)
        self.dropout = nn.Dropout(dropout)
        self.output = nn.Linear(hidden, outcomes)

    def hidden_states(self, inputs: torch.Tensor) -> torch.Tensor:
        """inputs (B, T) -> the LSTM's hidden states (B, T, H), from zero initial states."""
        states, _ = self.lstm(self.dropout(self.embedding(inputs)))
        return states

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        """inputs (B, T) -> logits (B, T, outcomes): position t predicts the token after input t."""
        return self.output(self.dropout(self.hidden_states(inputs)))


ARCHITECTURES = {"mlp-lm": MlpLm, "lstm-lm": LstmLm}


def build_network(kind: str, hyperparameters: dict) -> nn.Module:
    if kind not in ARCHITECTURES:
        raise ValueError(f"unknown neural language model {kind!r}; one of {', '.join(ARCHITECTURES)}")
    return ARCHITECTURES[kind](**hyperparameters)
