"""Small embedding files written by gensim itself (the oracle) for the embeddings tests."""
from __future__ import annotations

import itertools

import numpy as np
from gensim.models import KeyedVectors

#: words a file may hold: ASCII, accents, Chinese, punctuation, digits, a word that is a number
WORDS = ["king", "queen", "man", "woman", "naïve", "北京", "东京", "U.S.", "1990", "-3", "e", "nan-ish"]


def random_keyed_vectors(n: int = 400, dim: int = 24, seed: int = 0, scale: float = 1.0) -> KeyedVectors:
    rng = np.random.default_rng(seed)
    words = WORDS + [f"w{i}" for i in range(n - len(WORDS))]
    kv = KeyedVectors(dim)
    kv.add_vectors(words, (rng.standard_normal((n, dim)) * scale).astype(np.float32))
    return kv


def write_all_formats(kv: KeyedVectors, folder) -> dict:
    """{format: (path, gensim's load_word2vec_format keyword arguments)}"""
    files = {
        "word2vec": (folder / "vectors.txt", {}),
        "word2vec-binary": (folder / "vectors.bin", {"binary": True}),
        "glove": (folder / "glove.txt", {"no_header": True}),
        "fasttext": (folder / "vectors.vec", {}),
    }
    kv.save_word2vec_format(str(files["word2vec"][0]))
    kv.save_word2vec_format(str(files["word2vec-binary"][0]), binary=True)
    kv.save_word2vec_format(str(files["glove"][0]), write_header=False)
    # fastText writes "%.4f"-like decimals with a header: the same reader as word2vec text
    with open(files["fasttext"][0], "w", encoding="utf-8") as f:
        f.write(f"{len(kv.index_to_key)} {kv.vector_size}\n")
        for word in kv.index_to_key:
            f.write(word + " " + " ".join(f"{x:.4f}" for x in kv[word]) + " \n")
    return files


def gensim_load(path, **options) -> KeyedVectors:
    """gensim's load_word2vec_format; with no_header=True gensim 4.4 reopens the file and never
    closes the first handle (a ResourceWarning, an error under this project's warning filter)."""
    import gc
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        kv = KeyedVectors.load_word2vec_format(str(path), **options)
        gc.collect()
    return kv


def planted_analogies(tmp_path):
    """Vectors with a shared offset between the words of 40 pairs (x_i → X_i + offset, plus
    noise, so some analogies are right and some wrong), spellings that differ only in case,
    and a Google-format file with three sections, an unknown word and a line of three words."""
    rng = np.random.default_rng(5)
    dim, pairs = 30, 40
    base = rng.standard_normal((pairs, dim))
    offset = rng.standard_normal(dim) * 0.8
    words = [f"m{i}" for i in range(pairs)] + [f"f{i}" for i in range(pairs)]
    vectors = np.vstack([base, base + offset + rng.standard_normal((pairs, dim)) * 0.6])
    words += ["Paris", "PARIS", "france", "Berlin", "germany"] + [f"z{i}" for i in range(300)]
    vectors = np.vstack([vectors, rng.standard_normal((305, dim))])
    kv = KeyedVectors(dim)
    kv.add_vectors(words, vectors.astype(np.float32))
    lines = [": pairs"]
    lines += [f"m{i} f{i} m{j} f{j}" for i, j in itertools.permutations(range(12), 2)]
    lines += [": capitals", "paris france berlin germany", "PARIS FRANCE Berlin GERMANY", "Paris france nowhere x",
              "m1 f1 m2", ": more pairs"]
    lines += [f"m{i} f{i} m{j} f{j}" for i, j in itertools.permutations(range(25, 40), 2)]
    path = tmp_path / "questions.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return kv, path
