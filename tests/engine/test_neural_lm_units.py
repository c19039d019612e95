"""The pure parts of engine.neural_lm (no trained model): the vocabulary and id arrays, the
learning-rate schedule, and the step-by-step LSTM against torch's nn.LSTM on random weights.
Fast: the mutation run ([tool.mutmut]) uses this file."""
import numpy as np
import pytest
import torch

from engine.neural_lm.lstm_cell import lstm_steps, sigmoid, weights_of
from engine.neural_lm.training import learning_rate
from engine.neural_lm.vocabulary import (padded_batch, sentence_ids, sequence, vocabulary_from_tokens, vocabulary_of,
                                        windows)
from engine.ngram.tokens import corpus_from_sentences
from engine.ngram.vocabulary import Vocabulary


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


# ---- the vocabulary and id arrays, worked by hand --------------------------------------------
def test_the_vocabulary_of_a_corpus_is_the_textbook_one():
    corpus = corpus_from_sentences([["a", "b", "a"], ["c", "b"]])
    v = vocabulary_of(corpus)
    assert v == Vocabulary(("a", "b", "c", "</s>", "<unk>", "<s>"), 5, 4, 5, 3, 1)
    assert vocabulary_from_tokens(list(v.tokens)) == v
    other = corpus_from_sentences([["b", "zebra"], ["c"], []])
    assert [ids.tolist() for ids in sentence_ids(other, v)] == [[1, 4], [2]]
    assert all(ids.dtype == np.int64 for ids in sentence_ids(other, v))
    assert sentence_ids(corpus_from_sentences([]), v) == []


@pytest.mark.parametrize("tokens", [["a", "</s>", "<unk>"], ["<s>"], ["</s>", "<s>", "<unk>"]])
def test_a_vocabulary_must_end_with_the_three_specials(tokens):
    with pytest.raises(ValueError, match="^a neural LM's vocabulary ends with </s>, <unk>, <s>$"):
        vocabulary_from_tokens(tokens)


def test_windows_and_sequences_of_one_sentence():
    v = vocabulary_from_tokens(["a", "b", "c", "</s>", "<unk>", "<s>"])  # </s> 3, <unk> 4, <s> 5
    contexts, targets = windows(np.array([2, 0, 1]), v, 3)
    assert contexts.tolist() == [[5, 5, 5], [5, 5, 2], [5, 2, 0], [2, 0, 1]]
    assert targets.tolist() == [2, 0, 1, 3]
    contexts, targets = windows(np.array([], np.int64), v, 1)  # an empty sentence predicts </s>
    assert contexts.tolist() == [[5]] and targets.tolist() == [3]
    inputs, outputs = sequence(np.array([2, 0], np.int32), v)
    assert inputs.tolist() == [5, 2, 0] and outputs.tolist() == [2, 0, 3]
    assert inputs.dtype == outputs.dtype == np.int64


def test_a_padded_batch_fills_with_end_and_ignores_past_each_end():
    v = vocabulary_from_tokens(["a", "b", "</s>", "<unk>", "<s>"])
    inputs, targets = padded_batch([np.array([0, 1, 1]), np.array([], np.int64), np.array([1])], v, ignore=-1)
    assert inputs.tolist() == [[4, 0, 1, 1], [4, 2, 2, 2], [4, 1, 2, 2]]
    assert targets.tolist() == [[0, 1, 1, 2], [2, -1, -1, -1], [1, 2, -1, -1]]
    assert inputs.dtype == targets.dtype == np.int64


# ---- the LSTM against torch.nn.LSTMCell and the gate equations written out ----------------------
def logistic(x):
    return 1.0 / (1.0 + np.exp(-x))


def test_every_gate_and_state_equals_lstm_cell_and_the_written_out_equations():
    torch.manual_seed(11)
    lstm = torch.nn.LSTM(3, 4)  # float32, as trained: weights_of reads them as float64
    cell = torch.nn.LSTMCell(3, 4).double()
    with torch.no_grad():
        for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
            getattr(cell, name).copy_(getattr(lstm, name + "_l0").double())
    w_ih, w_hh = lstm.weight_ih_l0.detach().double().numpy(), lstm.weight_hh_l0.detach().double().numpy()
    b = (lstm.bias_ih_l0 + lstm.bias_hh_l0).detach().double().numpy()
    weights = weights_of(lstm)
    assert weights.w_ih.dtype == np.float64 and weights.hidden_size == 4
    assert np.array_equal(weights.w_ih, w_ih) and np.array_equal(weights.w_hh, w_hh)
    assert np.array_equal(weights.bias, lstm.bias_ih_l0.detach().double().numpy()
                          + lstm.bias_hh_l0.detach().double().numpy())
    x = torch.randn(6, 3, dtype=torch.float64) * 2
    trace = lstm_steps(weights, x.numpy().astype(np.float32))  # float32 inputs are read as float64
    h, c = np.zeros(4), np.zeros(4)
    th, tc = torch.zeros(1, 4, dtype=torch.float64), torch.zeros(1, 4, dtype=torch.float64)
    for t in range(6):
        z = w_ih @ x[t].numpy().astype(np.float32).astype(np.float64) + w_hh @ h + b
        i, f, g, o = logistic(z[0:4]), logistic(z[4:8]), np.tanh(z[8:12]), logistic(z[12:16])
        c = f * c + i * g
        h = o * np.tanh(c)
        th, tc = cell(torch.from_numpy(x[t].numpy().astype(np.float32).astype(np.float64))[None], (th, tc))
        for name, expected in (("input", i), ("forget", f), ("candidate", g), ("output", o), ("cell", c),
                               ("hidden", h)):
            assert np.allclose(getattr(trace, name)[t], expected, rtol=0, atol=1e-13), (name, t)
        assert np.allclose(trace.hidden[t], th[0].detach().numpy(), rtol=0, atol=1e-13)
        assert np.allclose(trace.cell[t], tc[0].detach().numpy(), rtol=0, atol=1e-13)
    assert all(getattr(trace, name).shape == (6, 4) and getattr(trace, name).dtype == np.float64
               for name in ("input", "forget", "candidate", "output", "cell", "hidden"))


def test_no_input_gives_empty_traces_of_the_hidden_width():
    torch.manual_seed(0)
    trace = lstm_steps(weights_of(torch.nn.LSTM(3, 5)), np.zeros((0, 3)))
    assert trace.forget.shape == trace.hidden.shape == (0, 5)


def test_sigmoid_by_hand():
    assert sigmoid(np.array([0.0]))[0] == 0.5
    assert sigmoid(np.array([np.log(3.0)]))[0] == pytest.approx(0.75, abs=1e-15)  # 1 / (1 + 1/3)
    assert sigmoid(np.array([-np.log(3.0)]))[0] == pytest.approx(0.25, abs=1e-15)
