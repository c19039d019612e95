"""The BERT-base and GPT-2-small-shaped folders benchmarks/hf_app.py builds (tests/engine/hf_sized.py):
the published shapes and parameter counts (on the meta device: nothing allocated), and small
folders built the same way open in the engine with causal masks where they belong."""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
import torch  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from hf_sized import bert_config, gpt2_config, minilm_tokenizer, random_bert, random_gpt2  # noqa: E402

MINILM_VOCAB = 30_522  # bert-base-uncased's WordPiece vocabulary, which all-MiniLM-L6-v2 shares
#: parameters of bert-base-uncased's BertModel and of gpt2's GPT2LMHeadModel (tied output), as published
BERT_BASE_PARAMETERS = 109_482_240
GPT2_SMALL_PARAMETERS = 124_439_808
GPT2_VOCAB = 50_257


def parameters_on_meta(model_class, config) -> int:
    with torch.device("meta"):
        return sum(p.numel() for p in model_class(config).parameters())


def test_the_bert_config_is_bert_base():
    from transformers import BertModel

    config = bert_config(MINILM_VOCAB)
    shape = (config.num_hidden_layers, config.num_attention_heads, config.hidden_size, config.intermediate_size)
    assert shape == (12, 12, 768, 3072) and config.max_position_embeddings == 512
    assert parameters_on_meta(BertModel, config) == BERT_BASE_PARAMETERS


def test_the_gpt2_config_is_gpt2_small_over_the_minilm_vocabulary():
    from transformers import GPT2LMHeadModel

    config = gpt2_config(MINILM_VOCAB, 0, 102)
    assert (config.n_layer, config.n_head, config.n_embd, config.n_positions) == (12, 12, 768, 1024)
    # the same blocks; only the (tied) embedding has fewer rows
    expected = GPT2_SMALL_PARAMETERS - (GPT2_VOCAB - MINILM_VOCAB) * 768
    assert parameters_on_meta(GPT2LMHeadModel, config) == expected


def test_the_tokenizer_is_minilms():
    assert len(minilm_tokenizer()) == MINILM_VOCAB


SMALL = {"bert": dict(num_hidden_layers=2, num_attention_heads=4, hidden_size=32, intermediate_size=64),
         "gpt2": dict(n_layer=3, n_head=2, n_embd=16)}


@pytest.mark.parametrize("name", ["bert", "gpt2"])
def test_a_small_folder_built_the_same_way_opens_in_the_engine(tmp_path, name):
    from engine.hf.model import load_hf_model

    build = {"bert": random_bert, "gpt2": random_gpt2}[name]
    folder = build(tmp_path / name, **SMALL[name])
    saved = json.loads((folder / "config.json").read_text())
    assert (folder / "model.safetensors").exists() and not list(folder.glob("*.bin"))
    assert saved["model_type"] == name and saved["vocab_size"] == MINILM_VOCAB

    result = load_hf_model(folder, device="cpu").attention("the cat sat on the mat")
    kind = "encoder_self" if name == "bert" else "decoder_self"
    stack = getattr(result, kind)
    layers, heads = (2, 4) if name == "bert" else (3, 2)
    tokens = len(minilm_tokenizer()("the cat sat on the mat").input_ids)
    assert stack.shape == (layers, heads, tokens, tokens)
    np.testing.assert_allclose(stack.sum(axis=-1), 1.0, atol=1e-5)
    future = np.triu(np.ones((tokens, tokens), dtype=bool), k=1)
    if name == "gpt2":
        assert np.all(stack[..., future] == 0.0)  # causal
    else:
        assert np.all(stack[..., future] > 0.0)  # bidirectional
