"""The pure parts of engine.neural_lm (no trained model): the vocabulary and id arrays, the
learning-rate schedule, and the step-by-step LSTM against torch's nn.LSTM on random weights.
Fast: the mutation run ([tool.mutmut]) uses this file."""
import numpy as np
import pytest
import torch

from engine.neural_lm.lstm_cell import lstm_steps, sigmoid, weights_of
from engine.neural_lm.training import learning_rate
from engine.neural_lm.vocabulary import padded_batch, sequence, vocabulary_from_tokens, windows


def test_vocabulary_round_trips_and_pads_the_textbook_way():
    v = vocabulary_from_tokens(["a", "b", "</s>", "<unk>", "<s>"])
    assert (v.outcome_count, v.eos_id, v.unk_id, v.bos_id) == (4, 2, 3, 4)
    assert v.ids(["b", "zzz"]).tolist() == [1, 3]
    contexts, targets = windows(np.array([0, 1]), v, 2)
    assert contexts.tolist() == [[4, 4], [4, 0], [0, 1]]
    assert targets.tolist() == [0, 1, 2]
    inputs, outputs = sequence(np.array([1, 0]), v)
    assert inputs.tolist() == [4, 1, 0] and outputs.tolist() == [1, 0, 2]
    batch_in, batch_out = padded_batch([np.array([1]), np.array([0, 0])], v)
    assert batch_in.tolist() == [[4, 1, 2], [4, 0, 0]]
    assert batch_out.tolist() == [[1, 2, -100], [0, 0, 2]]
    with pytest.raises(ValueError):
        vocabulary_from_tokens(["a", "<s>", "</s>", "<unk>"])


def test_learning_rate_warms_up_then_anneals_to_a_hundredth():
    assert learning_rate(0.0, 1.0) == 0.0
    assert learning_rate(0.025, 1.0) == pytest.approx(0.5)
    assert learning_rate(0.05, 1.0) == pytest.approx(1.0)
    assert learning_rate(0.525, 1.0) == pytest.approx(0.505)
    assert learning_rate(1.0, 2.0) == pytest.approx(0.02)


def test_sigmoid_is_the_logistic_function_without_overflow():
    x = np.array([-800.0, -3.0, 0.0, 2.5, 800.0])
    with np.errstate(over="ignore"):
        expected = 1 / (1 + np.exp(-x))
    assert np.allclose(sigmoid(x), expected, atol=1e-15)


def test_step_lstm_equals_torch_on_random_weights():
    torch.manual_seed(3)
    lstm = torch.nn.LSTM(5, 7, batch_first=True).double()
    x = torch.randn(1, 9, 5, dtype=torch.float64)
    expected, (h_n, c_n) = lstm(x)
    trace = lstm_steps(weights_of(lstm), x[0].numpy())
    assert np.abs(trace.hidden - expected[0].detach().numpy()).max() < 1e-12
    assert np.abs(trace.cell[-1] - c_n[0, 0].detach().numpy()).max() < 1e-12
    assert np.allclose(trace.hidden, trace.output * np.tanh(trace.cell))
