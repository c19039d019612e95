"""The shipped models: shapes, attention invariants, translations, errors."""
import math
import shutil

import numpy as np
import pytest
import torch

import engine
from engine import InputError, ModelLoadError, load_model

MODELS = ("date-transformer", "date-rnn-attention")

CASES = [
    ("Friday 26, March 2021", "2021-03-26"),  # the lesson's own example (en)
    ("4 Nov 1988", "1988-11-04"),
    ("15/10/1971", "1971-10-15"),
    ("2021年3月26日星期五", "2021-03-26"),  # zh full
    ("1999年12月31日", "1999-12-31"),  # zh long
    ("Freitag, 26. März 2021", "2021-03-26"),  # de full
    ("vendredi 26 mars 2021", "2021-03-26"),  # fr full
    ("3 août 1975", "1975-08-03"),  # fr, non-ASCII month
]


@pytest.fixture(scope="module", params=MODELS)
def model(request):
    return load_model(request.param, device="cpu")


@pytest.fixture(scope="module")
def transformer():
    return load_model("date-transformer", device="cpu")


@pytest.mark.parametrize("text,iso", CASES)
def test_fixed_inputs_translate_correctly(model, text, iso):
    assert model.translate(text) == iso


#: the Examples menu's dates, read by hand (weekdays checked against a calendar: 10 July 2007 was a
#: Tuesday, 3 March 2001 a Saturday)
EXAMPLE_ISO = {"4 Nov 1988": "1988-11-04", "26 March 2021": "2021-03-26", "Tuesday, July 10, 2007": "2007-07-10",
               "1988年11月4日": "1988-11-04", "Samstag, 3. März 2001": "2001-03-03", "9 septembre 1970": "1970-09-09"}


def test_every_example_offered_is_translated_correctly(model):
    """A lecturer picks from Examples in front of the class: each one the shipped config offers
    must come out right, and the configs offer what the task (and so a retrained model) offers."""
    import datetime

    from engine.models.registry import list_models
    from engine.tasks import get_task

    offered = next(info.examples for info in list_models() if info.name == model.name)
    assert offered == get_task("dates").examples and set(offered) == set(EXAMPLE_ISO)
    for text in offered:
        assert model.translate(text) == EXAMPLE_ISO[text], text
    assert datetime.date(2007, 7, 10).strftime("%A") == "Tuesday" and datetime.date(2001, 3, 3).weekday() == 5


def test_attention_shapes_and_rows_sum_to_one(model):
    r = model.attention("4 Nov 1988")
    s, t = len(r.source_tokens), len(r.target_tokens)
    assert r.output_text == "1988-11-04"
    assert len(r.output_tokens) == t == 11  # ten characters and </s>
    assert r.cross.shape[2:] == (t, s)
    np.testing.assert_allclose(r.cross.sum(-1), 1.0, atol=1e-5)
    if model.architecture == "transformer":
        cfg = model.module.cfg
        assert r.encoder_self.shape == (cfg.n_encoder_layers, cfg.n_heads, s, s)
        assert r.decoder_self.shape == (cfg.n_decoder_layers, cfg.n_heads, t, t)
        assert r.cross.shape[:2] == (cfg.n_decoder_layers, cfg.n_heads)
        np.testing.assert_allclose(r.encoder_self.sum(-1), 1.0, atol=1e-5)
        np.testing.assert_allclose(r.decoder_self.sum(-1), 1.0, atol=1e-5)
        upper = np.triu(np.ones((t, t), dtype=bool), k=1)
        assert (r.decoder_self[..., upper] == 0.0).all()
    else:
        assert r.cross.shape[:2] == (1, 1)
        assert r.encoder_self is None and r.decoder_self is None


def test_output_probabilities_are_the_models_softmax(model):
    r = model.attention("26/03/2021")
    assert r.output_probabilities.shape == (len(r.output_tokens),)
    assert ((r.output_probabilities > 0) & (r.output_probabilities <= 1)).all()
    # log P(output) from the per-token probabilities equals the teacher-forced score
    assert math.isclose(float(np.log(r.output_probabilities).sum()), model.score("26/03/2021", r.output_text),
                        abs_tol=1e-4)


def test_encoder_attention_equals_softmax_of_the_models_own_q_and_k(transformer):
    m = transformer.module
    ids = torch.tensor([transformer.encode_source("4 Nov 1988").ids])
    with torch.inference_mode():
        x = m._embed(m.source_embedding, ids)
        attn = m.encoder_layers[0].self_attention
        q, k = attn._split(attn.q_proj(x)), attn._split(attn.k_proj(x))
        expected = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(attn.d_head), dim=-1)[0].numpy()
    got = transformer.attention("4 Nov 1988").encoder_self[0]
    np.testing.assert_allclose(got, expected, atol=1e-5)


def test_cross_attention_equals_softmax_of_the_models_own_q_and_k(transformer):
    m = transformer.module
    r = transformer.attention("4 Nov 1988")
    tgt = transformer.target_tokenizer
    src = torch.tensor([transformer.encode_source("4 Nov 1988").ids])
    target_in = torch.tensor([[tgt.stoi.get(t, tgt.bos_id) if t != "<s>" else tgt.bos_id for t in r.target_tokens]])
    with torch.inference_mode():
        memory, source_mask, _ = m.encode(src)
        layer = m.decoder_layers[0]
        y = m._embed(m.target_embedding, target_in)
        t = target_in.size(1)
        mask = torch.ones(t, t, dtype=torch.bool).tril()[None, None]
        attended, _ = layer.self_attention(y, y, mask)
        y = layer.norm1(y + attended)
        ca = layer.cross_attention
        q, k = ca._split(ca.q_proj(y)), ca._split(ca.k_proj(memory))
        expected = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(ca.d_head), dim=-1)[0].numpy()
    np.testing.assert_allclose(r.cross[0], expected, atol=1e-5)


def test_teacher_forcing_shows_the_forced_target(model):
    r = model.attention("4 Nov 1988", target="1988-12-04")
    assert r.teacher_forced
    assert r.output_text == "1988-12-04"
    assert r.output_tokens[-1] == "</s>"
    assert r.cross.shape[2] == 11


def test_unknown_characters_are_reported_not_fatal(model):
    r = model.attention("4 Nov 1988 ☃")
    assert r.unknown_characters == ("☃",)
    assert "<unk>" in r.source_tokens


def test_too_long_and_empty_inputs_are_refused_clearly(model):
    with pytest.raises(InputError, match="at most"):
        model.translate("1" * 500)
    with pytest.raises(InputError, match="empty"):
        model.translate("   ")


def test_shipped_configs_record_how_they_were_made():
    for info in engine.list_models():
        cfg = load_model(info.name, device="cpu").config
        assert "python -m engine train" in cfg["training"]["command"]
        assert cfg["training"]["wall_time_s"] > 0
        assert cfg["training"]["torch_version"]
        assert info.size_bytes <= 10_000_000


@pytest.fixture
def models_copy(tmp_path, monkeypatch):
    for name in MODELS:
        shutil.copytree(engine.models.registry.DEFAULT_MODELS_DIR / name, tmp_path / name)
    monkeypatch.setenv("ATTENTION_LAB_MODELS", str(tmp_path))
    return tmp_path


def test_corrupt_weights_raise_model_load_error_naming_the_file(models_copy):
    weights = models_copy / "date-rnn-attention" / "model.safetensors"
    weights.write_bytes(b"\x00garbage" * 100)
    with pytest.raises(ModelLoadError) as info:
        load_model("date-rnn-attention", device="cpu")
    assert info.value.path == weights
    assert "corrupt" in info.value.reason
    assert str(weights) in str(info.value)
    assert load_model("date-transformer", device="cpu").translate("4 Nov 1988") == "1988-11-04"


def test_truncated_weights_and_missing_files(models_copy):
    weights = models_copy / "date-transformer" / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:5000])
    with pytest.raises(ModelLoadError, match="corrupt"):
        load_model("date-transformer", device="cpu")
    weights.unlink()
    with pytest.raises(ModelLoadError, match="missing"):
        load_model("date-transformer", device="cpu")
    (models_copy / "date-rnn-attention" / "config.json").write_text("{not json")
    with pytest.raises(ModelLoadError, match="not valid JSON"):
        load_model("date-rnn-attention", device="cpu")
    with pytest.raises(ModelLoadError, match="no model named"):
        load_model("no-such-model", device="cpu")


@pytest.mark.slow  # every hypothesis rescored
def test_beam_hypotheses_logprob_equals_the_teacher_forced_score(model):
    tgt = model.target_tokenizer
    for text in ("4 Nov 1988", "Friday 26, March 2021", "12.06.75"):
        result = model.beam(text, beam_width=5, alpha=0.7)
        assert len(result.hypotheses) == 5
        for h in result.hypotheses:
            assert h.finished
            assert not {tgt.pad_id, tgt.bos_id, tgt.unk_id} & set(h.tokens)  # never generated
            # masking drops those tokens without renormalising: log P is the model's own
            assert h.logprob == pytest.approx(model.score(text, tgt.decode(h.tokens)), abs=1e-4)


def test_a_target_longer_than_the_model_can_write_is_refused_not_truncated(model):
    with pytest.raises(InputError, match="at most"):
        model.score("4 Nov 1988", "1988-11-04" * 3)
    with pytest.raises(InputError, match="at most"):
        model.attention("4 Nov 1988", target="1988-11-04" * 3)


# ---- one greedy implementation, one model interface ----------------------------------------------

BATCH_TEXTS = ["4 Nov 1988", "15/10/1971", "Friday 26, March 2021", "2021年3月26日星期五", "3 août 1975",
               "Freitag, 26. März 2021", "1999年12月31日", "12.06.75"]


@pytest.mark.slow  # every input alone, for two models
def test_batch_greedy_equals_one_input_at_a_time(model):
    from engine.decoding import greedy_search_batch

    tgt = model.target_tokenizer
    assert len({len(t) for t in BATCH_TEXTS}) > 4  # inputs of different lengths share one padded batch
    step = model.step_function(model.prepare_batch(BATCH_TEXTS), rows=len(BATCH_TEXTS))
    batch = greedy_search_batch(step, batch_size=len(BATCH_TEXTS), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                max_length=model.max_target_length)
    for text, together in zip(BATCH_TEXTS, batch):
        alone = model.greedy(text)
        assert together.tokens == alone.tokens
        np.testing.assert_allclose(together.token_logprobs, alone.token_logprobs, atol=1e-4)
        # and the same numbers as teacher forcing the output through the model
        assert alone.logprob == pytest.approx(model.score(text, tgt.decode(alone.tokens)), abs=1e-4)
    assert model.translate_batch(BATCH_TEXTS) == [model.translate(t) for t in BATCH_TEXTS]


def test_attention_reuses_the_last_greedy_pass(model):
    calls = []
    decode = model.module.decode_prefixes

    def counting(state, prefixes):
        calls.append(prefixes.shape[1])
        return decode(state, prefixes)

    model.module.decode_prefixes = counting
    try:
        r = model.attention("4 Nov 1988")
    finally:
        del model.module.decode_prefixes
    # one decoder pass per generated token (prefix lengths 1..T), none extra for the attention
    assert calls == list(range(1, len(r.output_tokens) + 1))


def test_shipped_models_satisfy_the_protocols(model):
    from engine.models.protocol import DecoderModule, TranslationModel

    assert isinstance(model.module, DecoderModule)
    assert isinstance(model, TranslationModel)

    class NoDecoder:
        kind = "none"

        def prepare(self, source_ids):
            return source_ids

        def expand_state(self, state, batch):
            return state

    assert not isinstance(NoDecoder(), DecoderModule)
