"""The embedding matrices of the shipped models as word vectors.

Each encoder-decoder model has two: the source embedding (zh-en-toy: its Chinese words; the
date models: the characters of the input) and the target embedding (zh-en-toy: its English
words, tied to the output projection; the date models: digits and '-').  The rows of the four
special tokens (<pad>, <s>, </s>, <unk>) are left out: they are not words.  The model is read
with the engine's own loader (safetensors), so what is shown is what the model computes with.
The Transformer multiplies embeddings by √d_model before use; a common factor changes no cosine.
"""
from __future__ import annotations

import numpy as np

import json
from pathlib import Path

from assets import asset_path
from engine.embeddings.errors import EmbeddingQueryError
from engine.embeddings.vectors import Embeddings

SIDES = ("source", "target")
#: word2vec and GloVe vectors trained here (``python -m engine train word2vec|glove``)
TRAINED_DIR = asset_path("embeddings")  # found through the package: the wheel carries them too


def model_embeddings(model: str, side: str = "source") -> Embeddings:
    """``side`` "source" or "target" of a shipped model (name or folder)."""
    from engine.models.checkpoint import load_checkpoint
    from engine.models.registry import resolve
    from engine.tokenizer import SPECIALS

    if side not in SIDES:
        raise EmbeddingQueryError("no_model_embedding", model=model, side=side)
    folder = resolve(model)
    module, config, source, target = load_checkpoint(folder, "cpu")
    tokenizer = source if side == "source" else target
    layer = getattr(module, f"{side}_embedding", None)
    if layer is None:
        raise EmbeddingQueryError("no_model_embedding", model=model, side=side)
    weight = layer.weight.detach().cpu().numpy().astype(np.float32)
    rows = [i for i, token in enumerate(tokenizer.itos) if token not in SPECIALS]
    words = [tokenizer.itos[i] for i in rows]
    name = f"{config.get('name', folder.name)} {side}"
    return Embeddings.from_arrays(words, weight[rows], name)


def trained_names(folder=None) -> list[str]:
    """The shipped trained embeddings: "word2vec-en", "glove-zh", …"""
    folder = Path(folder or TRAINED_DIR)
    return sorted(p.name for p in folder.iterdir() if (p / "config.json").is_file()) if folder.is_dir() else []


def trained_embeddings(name: str, folder=None) -> Embeddings:
    """Vectors written by ``python -m engine train word2vec|glove`` (a name under
    assets/embeddings, or a folder)."""
    from safetensors.numpy import load_file

    path = Path(name) if Path(name).is_dir() else Path(folder or TRAINED_DIR) / name
    if not (path / "config.json").is_file():
        raise EmbeddingQueryError("no_trained_embedding", name=name, known=", ".join(trained_names(folder)) or "none")
    config = json.loads((path / "config.json").read_text(encoding="utf-8"))
    vectors = load_file(str(path / "vectors.safetensors"))["vectors"]
    return Embeddings.from_arrays(config["words"], vectors, f"{config['method']} ({config['language']})")
