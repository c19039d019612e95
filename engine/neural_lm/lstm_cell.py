"""The LSTM written out step by step (numpy, float64) from the weights of a torch ``nn.LSTM``,
so every gate can be shown: for each input x_t, with h_0 = c_0 = 0,

    i_t = σ(W_ii x_t + b_ii + W_hi h_{t−1} + b_hi)      input gate
    f_t = σ(W_if x_t + b_if + W_hf h_{t−1} + b_hf)      forget gate
    g_t = tanh(W_ig x_t + b_ig + W_hg h_{t−1} + b_hg)   candidate cell
    o_t = σ(W_io x_t + b_io + W_ho h_{t−1} + b_ho)      output gate
    c_t = f_t ⊙ c_{t−1} + i_t ⊙ g_t                     memory cell
    h_t = o_t ⊙ tanh(c_t)

torch stacks the four blocks of rows of ``weight_ih_l0`` / ``weight_hh_l0`` (and the biases)
in the order i, f, g, o (torch.nn.LSTM's documentation).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class LstmWeights:
    w_ih: np.ndarray  # (4H, E)
    w_hh: np.ndarray  # (4H, H)
    bias: np.ndarray  # (4H,): b_ih + b_hh

    @property
    def hidden_size(self) -> int:
        return self.w_hh.shape[1]


def weights_of(lstm) -> LstmWeights:
    """The float64 weights of a one-layer, one-direction torch nn.LSTM."""
    def array(name):
        return getattr(lstm, name).detach().cpu().double().numpy()

    return LstmWeights(array("weight_ih_l0"), array("weight_hh_l0"), array("bias_ih_l0") + array("bias_hh_l0"))


@dataclass(frozen=True)
class LstmTrace:
    """Per step t (rows) and unit (columns)."""

    input: np.ndarray
    forget: np.ndarray
    candidate: np.ndarray
    output: np.ndarray
    cell: np.ndarray
    hidden: np.ndarray


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))  # = 1 / (1 + e^−x), without overflow


def lstm_steps(weights: LstmWeights, inputs: np.ndarray) -> LstmTrace:
    """inputs (T, E) -> the gates, cells and hidden states of every step."""
    size = weights.hidden_size
    h, c = np.zeros(size), np.zeros(size)
    rows = {name: [] for name in ("input", "forget", "candidate", "output", "cell", "hidden")}
    for x in np.asarray(inputs):  # the float64 weights make every product float64
        z = weights.w_ih @ x + weights.w_hh @ h + weights.bias
        i, f, g, o = sigmoid(z[:size]), sigmoid(z[size:2 * size]), np.tanh(z[2 * size:3 * size]), sigmoid(z[3 * size:])
        c = f * c + i * g
        h = o * np.tanh(c)
        for name, value in zip(rows, (i, f, g, o, c, h)):
            rows[name].append(value)
    return LstmTrace(**{name: np.array(values).reshape(len(values), size) for name, values in rows.items()})
