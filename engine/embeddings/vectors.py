"""A vocabulary with one vector per word: the matrix E of the notes, stored one word per row.

The notes write E as a d × V matrix whose column j is word j's embedding e_j; here
``vectors`` is its transpose (V × d, row j is e_j), the layout of every embedding file and of
``torch.nn.Embedding.weight``.  Rows are kept in the file's order: embedding files list the
most frequent words first, which is what ``restrict_vocab`` (the first N rows) relies on.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from engine.embeddings.errors import EmbeddingQueryError


def row_norms(vectors: np.ndarray, rows_at_once: int = 65536) -> np.ndarray:
    """‖e_j‖ for every row, float32, computed as gensim's ``fill_norms`` does — a slice of rows
    at a time, since ``np.linalg.norm`` squares its whole input first (a second matrix)."""
    norms = np.empty(vectors.shape[0], dtype=np.float32)
    for start in range(0, vectors.shape[0], rows_at_once):
        norms[start:start + rows_at_once] = np.linalg.norm(vectors[start:start + rows_at_once], axis=1)
    return norms


@dataclass(frozen=True, eq=False)
class Embeddings:
    """``words[j]`` has the vector ``vectors[j]`` (float32; may be a read-only memory map) of
    length ``norms[j]``; ``name`` says where the vectors come from."""

    words: tuple[str, ...]
    vectors: np.ndarray
    norms: np.ndarray
    name: str
    index: dict = field(repr=False)

    @classmethod
    def from_arrays(cls, words, vectors, name: str, norms=None) -> "Embeddings":
        words = tuple(words)
        vectors = np.asarray(vectors)
        if vectors.dtype != np.float32:
            vectors = vectors.astype(np.float32)
        if vectors.ndim != 2 or vectors.shape[0] != len(words):
            raise ValueError(f"{len(words)} words need a ({len(words)}, d) matrix, got {vectors.shape}")
        index = {w: i for i, w in enumerate(words)}
        if len(index) != len(words):
            seen = set()
            duplicate = next(w for w in words if w in seen or seen.add(w))
            raise ValueError(f"the word {duplicate!r} appears twice")
        norms = row_norms(vectors) if norms is None else np.asarray(norms, dtype=np.float32)
        return cls(words, vectors, norms, name, index)

    def __len__(self) -> int:
        return len(self.words)

    @property
    def dimension(self) -> int:
        return int(self.vectors.shape[1])

    def __contains__(self, word) -> bool:
        return word in self.index

    def position(self, word: str) -> int:
        """Row j of ``word`` (EmbeddingQueryError "unknown_word" if it has none)."""
        try:
            return self.index[word]
        except KeyError:
            raise EmbeddingQueryError("unknown_word", word=word, source=self.name) from None

    def unit(self, word: str) -> np.ndarray:
        """ê = e / ‖e‖ for one word (float32, as gensim's ``get_vector(norm=True)``)."""
        j = self.position(word)
        if self.norms[j] == 0:
            raise EmbeddingQueryError("zero_vector", word=word, source=self.name)
        return np.asarray(self.vectors[j], dtype=np.float32) / self.norms[j]

    def searched_rows(self, restrict_vocab: int | None) -> int:
        """How many rows a query compares with: all, or the first ``restrict_vocab`` (more than
        the vocabulary means all, as gensim's slice does)."""
        if restrict_vocab is None:
            return len(self.words)
        if restrict_vocab < 1:
            raise EmbeddingQueryError("bad_restrict_vocab", value=restrict_vocab)
        return min(int(restrict_vocab), len(self.words))
