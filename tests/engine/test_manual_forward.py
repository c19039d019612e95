"""Both shipped models recomputed in numpy from their own weights, in float64.

Nothing of the engine's forward code is used: the test reads the state dict and writes the
equations out (LSTM gates in torch's i, f, g, o order; additive attention
e = v . tanh(W_s s + b + W_a a); post-norm Transformer layers with softmax(QK^T / sqrt(d))).
The teacher-forced attention and output probabilities that model.attention() returns must
equal these.  A wrong mask, a swapped head split, a missing scale or a shifted decoder input
changes the numbers.
"""
import math

import numpy as np
import pytest
import torch

from engine import load_model

INPUTS = [("4 Nov 1988", "1988-11-04"), ("vendredi 26 mars 2021", "2021-03-27"), ("2021年3月26日星期五", "2021-03-26")]


def weights(model):
    return {k: v.detach().double().numpy() for k, v in model.module.state_dict().items()}


def softmax(x, axis=-1):
    z = np.exp(x - x.max(axis=axis, keepdims=True))
    return z / z.sum(axis=axis, keepdims=True)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def teacher_forced_ids(model, text, target):
    src = model.source_tokenizer.encode(text).ids
    tgt = model.target_tokenizer
    out = [tgt.stoi[c] for c in target] + [tgt.eos_id]
    return src, [tgt.bos_id] + out[:-1], out


# ---- RNN with additive attention -----------------------------------------------------------

def lstm_step(x, h, c, w_ih, w_hh, b):
    """torch's LSTM cell: gates = W_ih x + W_hh h + b, split as input, forget, cell, output."""
    i, f, g, o = np.split(w_ih @ x + w_hh @ h + b, 4)
    c = sigmoid(f) * c + sigmoid(i) * np.tanh(g)
    return sigmoid(o) * np.tanh(c), c


def rnn_encoder(w, src):
    """Bidirectional LSTM over the real tokens: a(t') = [forward h(t'); backward h(t')]."""
    x = w["source_embedding.weight"][src]
    hidden = w["encoder.weight_hh_l0"].shape[1]
    out = np.zeros((len(src), 2 * hidden))
    for suffix, order, half in (("", range(len(src)), slice(0, hidden)),
                                ("_reverse", reversed(range(len(src))), slice(hidden, None))):
        h, c = np.zeros(hidden), np.zeros(hidden)
        b = w[f"encoder.bias_ih_l0{suffix}"] + w[f"encoder.bias_hh_l0{suffix}"]
        for t in order:
            h, c = lstm_step(x[t], h, c, w[f"encoder.weight_ih_l0{suffix}"], w[f"encoder.weight_hh_l0{suffix}"], b)
            out[t, half] = h
    return out


def rnn_alignment_row(w, s, annotations):
    """e(t') = v . tanh(W_s s + b + W_a a(t')), softmax over the given (real) positions."""
    energies = np.tanh(annotations @ w["attention.annotation_proj.weight"].T
                       + w["attention.state_proj.weight"] @ s + w["attention.state_proj.bias"]) \
        @ w["attention.energy.weight"][0]
    return softmax(energies)


def rnn_forward(w, src, target_in):
    """-> alignment (T, S), log-probabilities (T, V) of the teacher-forced pass."""
    annotations = rnn_encoder(w, src)
    hidden = w["decoder.weight_hh"].shape[1]
    h, c = np.zeros(hidden), np.zeros(hidden)
    b = w["decoder.bias_ih"] + w["decoder.bias_hh"]
    alignment, logp = [], []
    for y_prev in target_in:
        alpha = rnn_alignment_row(w, h, annotations)
        context = alpha @ annotations
        h, c = lstm_step(np.concatenate([w["target_embedding.weight"][y_prev], context]), h, c,
                         w["decoder.weight_ih"], w["decoder.weight_hh"], b)
        logits = w["output.weight"] @ np.concatenate([h, context]) + w["output.bias"]
        alignment.append(alpha)
        logp.append(logits - np.log(np.exp(logits - logits.max()).sum()) - logits.max())
    return np.array(alignment), np.array(logp)


@pytest.fixture(scope="module")
def rnn():
    return load_model("date-rnn-attention", device="cpu")


@pytest.fixture(scope="module")
def transformer():
    return load_model("date-transformer", device="cpu")


@pytest.mark.parametrize("text,target", INPUTS)
def test_rnn_alignment_and_probabilities_recomputed_in_numpy(rnn, text, target):
    src, target_in, out = teacher_forced_ids(rnn, text, target)
    alignment, logp = rnn_forward(weights(rnn), src, target_in)
    r = rnn.attention(text, target=target)
    np.testing.assert_allclose(r.cross[0, 0], alignment, atol=2e-5)
    np.testing.assert_allclose(r.output_probabilities, np.exp(logp[np.arange(len(out)), out]), rtol=2e-4)
    np.testing.assert_allclose(r.top_probabilities, np.exp(logp.max(-1)), rtol=2e-4)


def test_rnn_alignment_ignores_padding_positions_in_a_batch(rnn):
    """In a padded batch each row's softmax runs over its real input positions only."""
    texts = ["Friday 26, March 2021", "4 Nov 1988", "1/2/2003"]
    w = weights(rnn)
    tgt = rnn.target_tokenizer
    ids = [rnn.source_tokenizer.encode(t).ids for t in texts]
    src = torch.zeros((len(ids), max(map(len, ids))), dtype=torch.long)
    for i, row in enumerate(ids):
        src[i, : len(row)] = torch.tensor(row)
    target_in = [tgt.bos_id] + [tgt.stoi[c] for c in "2001-01-0"]
    with torch.inference_mode():
        _, attn = rnn.module(src, torch.tensor([target_in] * len(texts)))
    batched = attn["cross"][0][:, 0].double().numpy()  # (B, T, S_max)
    for row, source_ids in enumerate(ids):
        expected, _ = rnn_forward(w, source_ids, target_in)
        np.testing.assert_allclose(batched[row, :, : len(source_ids)], expected, atol=2e-5)
        assert (batched[row, :, len(source_ids):] == 0.0).all()


# ---- Transformer ------------------------------------------------------------------------------

def positional_encoding(length, d_model):
    """Vaswani et al.: PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(p / 10000^(2i/d))."""
    pe = np.zeros((length, d_model))
    for p in range(length):
        for i in range(0, d_model, 2):
            pe[p, i] = math.sin(p / 10000 ** (i / d_model))
            pe[p, i + 1] = math.cos(p / 10000 ** (i / d_model))
    return pe


def layer_norm(x, w, prefix, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * w[prefix + ".weight"] + w[prefix + ".bias"]


def linear(x, w, prefix):
    return x @ w[prefix + ".weight"].T + w[prefix + ".bias"]


def multi_head(w, prefix, query, key_value, n_heads, allowed):
    """softmax(Q K^T / sqrt(d_head)) per head, with `allowed` (T, S) False -> weight 0.
    -> (output (T, D), weights (H, T, S))."""
    q, k, v = (linear(x, w, f"{prefix}.{name}_proj") for x, name in ((query, "q"), (key_value, "k"), (key_value, "v")))
    d_head = q.shape[-1] // n_heads
    heads = [slice(h * d_head, (h + 1) * d_head) for h in range(n_heads)]
    probs = []
    for cols in heads:
        scores = q[:, cols] @ k[:, cols].T / math.sqrt(d_head)
        probs.append(softmax(np.where(allowed, scores, -np.inf)))
    probs = np.array(probs)
    context = np.concatenate([probs[h] @ v[:, cols] for h, cols in enumerate(heads)], axis=-1)
    return linear(context, w, f"{prefix}.out_proj"), probs


def feed_forward(x, w, prefix):
    return linear(np.maximum(linear(x, w, f"{prefix}.net.0"), 0.0), w, f"{prefix}.net.3")


def transformer_forward(model, src, target_in):
    """-> {kind: (L, H, Q, K)}, log-probabilities (T, V), post-norm layers as in the paper."""
    cfg = model.module.cfg
    w = weights(model)
    scale = math.sqrt(cfg.d_model)
    pe = positional_encoding(max(len(src), len(target_in)), cfg.d_model)
    x = w["source_embedding.weight"][src] * scale + pe[: len(src)]
    every = np.ones((len(src), len(src)), dtype=bool)
    attention = {"encoder_self": [], "decoder_self": [], "cross": []}
    for layer in range(cfg.n_encoder_layers):
        p = f"encoder_layers.{layer}"
        attended, a = multi_head(w, f"{p}.self_attention", x, x, cfg.n_heads, every)
        x = layer_norm(x + attended, w, f"{p}.norm1")
        x = layer_norm(x + feed_forward(x, w, f"{p}.feed_forward"), w, f"{p}.norm2")
        attention["encoder_self"].append(a)
    t = len(target_in)
    causal = np.tril(np.ones((t, t), dtype=bool))
    to_source = np.ones((t, len(src)), dtype=bool)
    y = w["target_embedding.weight"][target_in] * scale + pe[:t]
    for layer in range(cfg.n_decoder_layers):
        p = f"decoder_layers.{layer}"
        attended, a = multi_head(w, f"{p}.self_attention", y, y, cfg.n_heads, causal)
        y = layer_norm(y + attended, w, f"{p}.norm1")
        attention["decoder_self"].append(a)
        attended, a = multi_head(w, f"{p}.cross_attention", y, x, cfg.n_heads, to_source)
        y = layer_norm(y + attended, w, f"{p}.norm2")
        attention["cross"].append(a)
        y = layer_norm(y + feed_forward(y, w, f"{p}.feed_forward"), w, f"{p}.norm3")
    logits = y @ w["target_embedding.weight"].T  # tied output projection
    logp = logits - logits.max(-1, keepdims=True)
    logp -= np.log(np.exp(logp).sum(-1, keepdims=True))
    return {k: np.array(v) for k, v in attention.items()}, logp


@pytest.mark.parametrize("text,target", INPUTS)
def test_transformer_attention_of_every_layer_and_head_recomputed_in_numpy(transformer, text, target):
    src, target_in, out = teacher_forced_ids(transformer, text, target)
    expected, logp = transformer_forward(transformer, src, target_in)
    r = transformer.attention(text, target=target)
    tgt = transformer.target_tokenizer
    # Query rows are labelled by the decoder inputs (<s> + target), not by what each row produced.
    assert list(r.target_tokens) == ["<s>"] + list(target)
    assert list(r.output_tokens) == list(target) + ["</s>"]
    assert list(r.target_tokens) == tgt.tokens(target_in) and list(r.output_tokens) == tgt.tokens(out)
    for kind in ("encoder_self", "decoder_self", "cross"):
        np.testing.assert_allclose(getattr(r, kind), expected[kind], atol=5e-5, err_msg=kind)
    np.testing.assert_allclose(r.output_probabilities, np.exp(logp[np.arange(len(out)), out]), rtol=5e-4)
    assert transformer.score(text, target) == pytest.approx(float(logp[np.arange(len(out)), out].sum()), abs=1e-3)


def test_greedy_attention_is_the_teacher_forced_attention_of_its_own_output(transformer):
    """Without a target the heatmaps show the pass over <s> + output: the same numbers as forcing
    that output."""
    text = "Friday 26, March 2021"
    r = transformer.attention(text)
    src, target_in, _ = teacher_forced_ids(transformer, text, r.output_text)
    expected, _ = transformer_forward(transformer, src, target_in)
    np.testing.assert_allclose(r.cross, expected["cross"], atol=5e-5)
    np.testing.assert_allclose(r.decoder_self, expected["decoder_self"], atol=5e-5)
