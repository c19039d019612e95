"""A padded batch must give every input exactly what it gets alone.

Padding is invisible to one input at a time (the app), so a missing padding mask shows only in
batched work: evaluation, training.  Each test runs inputs of different lengths together and
compares every row with the same input run by itself.  Removing the Transformer's source
padding mask, or the mask in the RNN's additive attention, makes these tests fail.
"""
import numpy as np
import pytest
import torch

from engine import load_model
from engine.data.dates import DateStream
from engine.training import batch_loss, make_batch, make_loss_function

MODELS = ("date-transformer", "date-rnn-attention")

# Lengths from 8 to 21 characters, four scripts: every row of a batch has a different amount of padding.
TEXTS = [
    "Friday 26, March 2021",
    "4 Nov 1988",
    "15/10/1971",
    "2021年3月26日星期五",
    "vendredi 26 mars 2021",
    "3 août 1975",
    "1/2/2003",
    "Freitag, 26. März 2021",
]
# A teacher-forced target per input that is not always the model's own output.
TARGETS = ["2021-03-26", "1988-11-05", "1971-10-15", "2021-03-26", "2020-03-26", "1975-08-03", "2003-02-01",
           "2021-12-26"]


@pytest.fixture(scope="module", params=MODELS)
def model(request):
    m = load_model(request.param, device="cpu")
    m.module.eval()
    return m


def padded(rows, pad_id=0):
    """Right-pad lists of ids into one (B, L) tensor, built here rather than by the engine."""
    width = max(len(r) for r in rows)
    out = torch.full((len(rows), width), pad_id, dtype=torch.long)
    for i, r in enumerate(rows):
        out[i, : len(r)] = torch.tensor(r)
    return out


def batched_teacher_forced(model, texts, targets):
    """One padded forward pass of all inputs with their forced targets -> (log-softmax (B, T, V),
    attention dict) from the model's own prepare/decode_prefixes."""
    src_ids = [model.encode_source(t).ids for t in texts]
    tgt = model.target_tokenizer
    outs = [model.target_ids(t) for t in targets]
    target_in = padded([[tgt.bos_id] + o[:-1] for o in outs])
    with torch.inference_mode():
        state = model.module.prepare(padded(src_ids))
        logits, attn = model.module.decode_prefixes(state, target_in)
        logp = torch.log_softmax(logits.double(), dim=-1).numpy()
    return src_ids, outs, logp, attn, state


def test_lengths_differ_so_the_batch_really_is_padded(model):
    lengths = {len(model.encode_source(t).ids) for t in TEXTS}
    assert len(lengths) >= 5 and max(lengths) - min(lengths) >= 10


@pytest.mark.slow  # every input alone, for two models
def test_translate_batch_equals_translate_one_by_one(model):
    assert model.translate_batch(TEXTS) == [model.translate(t) for t in TEXTS]


@pytest.mark.slow  # every input alone, for two models
def test_batched_score_equals_score(model):
    _, outs, logp, _, _ = batched_teacher_forced(model, TEXTS, TARGETS)
    for row, (text, target, ids) in enumerate(zip(TEXTS, TARGETS, outs)):
        batched = float(sum(logp[row, t, i] for t, i in enumerate(ids)))
        assert batched == pytest.approx(model.score(text, target), abs=2e-4)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_batched_attention_equals_attention_of_each_input(model):
    src_ids, outs, _, attn, state = batched_teacher_forced(model, TEXTS, TARGETS)
    for row, (text, target) in enumerate(zip(TEXTS, TARGETS)):
        single = model.attention(text, target=target)
        s, t = len(src_ids[row]), len(outs[row])
        cross = torch.stack([w[row] for w in attn["cross"]]).numpy()  # (L, H, T_max, S_max)
        np.testing.assert_allclose(cross[:, :, :t, :s], single.cross, atol=2e-5)
        assert (cross[:, :, :t, s:] == 0.0).all(), "padding positions must get exactly zero attention"
        if model.architecture == "transformer":
            enc = torch.stack([w[row] for w in state["encoder_self"]]).numpy()
            np.testing.assert_allclose(enc[:, :, :s, :s], single.encoder_self, atol=2e-5)
            assert (enc[:, :, :s, s:] == 0.0).all()
            dec = torch.stack([w[row] for w in attn["decoder_self"]]).numpy()
            np.testing.assert_allclose(dec[:, :, :t, :t], single.decoder_self, atol=2e-5)


def label_smoothed_nll(logp: np.ndarray, targets, smoothing: float) -> np.ndarray:
    """Per-token loss of label smoothing over V classes:
    (1 - eps) * (-log p_y) + eps * mean_v(-log p_v)."""
    return np.array([(1 - smoothing) * -row[y] + smoothing * -row.mean() for row, y in zip(logp, targets)])


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_training_loss_of_a_padded_batch_is_the_mean_of_per_example_losses(model):
    examples = DateStream(7, "validation").take(12)
    src_lengths = {len(e.text) for e in examples}
    assert len(src_lengths) >= 4  # the batch is padded
    source, target = model.source_tokenizer, model.target_tokenizer
    loss_fn = make_loss_function(target)
    with torch.no_grad():
        batch = batch_loss(model.module, loss_fn, *make_batch(examples, source, target, "cpu")).item()
        token_losses = []
        for e in examples:
            src = torch.tensor([source.encode(e.text).ids])
            ids = target.encode(e.iso).ids + [target.eos_id]
            logits, _ = model.module(src, torch.tensor([[target.bos_id] + ids[:-1]]))
            logp = torch.log_softmax(logits[0].double(), dim=-1).numpy()
            token_losses.append(label_smoothed_nll(logp, ids, 0.1))
    # Every ISO target has the same length, so the token mean is also the mean of per-example means.
    assert len({len(t) for t in token_losses}) == 1
    assert batch == pytest.approx(float(np.mean([t.mean() for t in token_losses])), abs=5e-7)
    assert batch == pytest.approx(float(np.concatenate(token_losses).mean()), abs=5e-7)


def test_padded_target_rows_do_not_count_in_the_loss(model):
    """Targets of different lengths (a shortened ISO date): <pad> target positions add nothing."""
    examples = DateStream(3, "validation").take(4)
    source, target = model.source_tokenizer, model.target_tokenizer
    short = [type(e)(e.text, e.iso[:4], e.locale, e.format_name) for e in examples[:2]] + examples[2:]
    loss_fn = make_loss_function(target)
    with torch.no_grad():
        batch = batch_loss(model.module, loss_fn, *make_batch(short, source, target, "cpu")).item()
        token_losses = []
        for e in short:
            ids = target.encode(e.iso).ids + [target.eos_id]
            logits, _ = model.module(torch.tensor([source.encode(e.text).ids]),
                                     torch.tensor([[target.bos_id] + ids[:-1]]))
            token_losses.append(label_smoothed_nll(torch.log_softmax(logits[0].double(), -1).numpy(), ids, 0.1))
    assert batch == pytest.approx(float(np.concatenate(token_losses).mean()), abs=5e-7)
