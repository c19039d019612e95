"""N-gram counts as sorted integer arrays (no Python object per n-gram).

Every k-gram of the padded text gets an integer key built from its prefix's row and its last
word: key = row of (w1 … w_{k−1}) in the order-(k−1) table × |V| + w_k, the order-0 table
being the single empty context (row 0).  ``np.unique`` over the keys of every position gives
the order-k table, sorted by (prefix, word): the continuations of one context are one
contiguous block, and any (context, word) is found with ``np.searchsorted``.

Per order k the table holds:

* ``keys`` (sorted, int64), ``prefix`` (row of the context in order k−1), ``word``;
* ``count`` — c(context, word) over the predicted positions (the textbook convention does not
  count n-grams that end in ``<s>``; such a row stays with count 0 so that longer n-grams
  can still be found through it);
* ``suffix`` — row of (w2 … w_k) in order k−1, for Kneser-Ney's continuation counts and Katz;
* ``first`` — the first word (Kneser-Ney keeps raw counts for n-grams that start with ``<s>``).

All but the keys are int32 (int64 for a text of 2^31 positions or more): a model of a large file
keeps several of these tables.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.ngram.vocabulary import PaddedText


@dataclass(frozen=True)
class OrderTable:
    order: int
    keys: np.ndarray
    prefix: np.ndarray
    word: np.ndarray
    count: np.ndarray
    suffix: np.ndarray
    first: np.ndarray

    def __len__(self) -> int:
        return len(self.keys)

    def find(self, keys: np.ndarray) -> np.ndarray:
        """Rows of these keys, −1 where absent."""
        if not len(self.keys):
            return np.full(len(keys), -1, np.int64)
        rows = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[rows] == keys, rows, -1)

    def per_context(self, values, contexts: int) -> np.ndarray:
        """Σ of ``values`` over each context's continuations (float64, one per context row)."""
        return np.bincount(self.prefix, weights=values, minlength=contexts)


@dataclass(frozen=True)
class NgramCounts:
    order: int
    vocabulary_size: int  # |V| in the keys (every model id, <s> included)
    tables: tuple[OrderTable, ...]  # tables[k - 1] is order k

    def table(self, k: int) -> OrderTable:
        return self.tables[k - 1]

    def contexts(self, k: int) -> int:
        """Rows of the order-(k−1) table: the possible contexts of order k (1 for k = 1)."""
        return 1 if k == 1 else len(self.tables[k - 2])

    def rows(self, grams: np.ndarray) -> np.ndarray:
        """Rows of the n-grams ``grams`` (B, k) in the order-k table, −1 where unseen."""
        rows = np.zeros(len(grams), np.int64)
        for j in range(grams.shape[1]):
            table = self.tables[j]
            keys = np.where(rows >= 0, rows, 0) * self.vocabulary_size + grams[:, j]
            rows = np.where(rows >= 0, table.find(keys), -1)
        return rows


def _unique(keys: np.ndarray):
    """np.unique(keys, return_index=True, return_inverse=True), except that the index is of
    some occurrence, not the first (any occurrence gives an n-gram's suffix and first word).

    Keys below a few times the number of positions (a small vocabulary: the grammar corpora)
    are counted in a dense array, O(N); others are sorted (the default sort, not np.unique's
    slower stable one)."""
    if not len(keys):
        return keys, np.zeros(0, np.int64), np.zeros(0, np.int64)
    top = int(keys.max()) + 1
    if top <= 4 * len(keys) + 1_000_000:
        present = np.zeros(top, bool)
        present[keys] = True
        table_keys = np.flatnonzero(present)
        rank = np.cumsum(present) - 1
        inverse = rank[keys]
        occurrence = np.empty(len(table_keys), np.int64)
        occurrence[inverse] = np.arange(len(keys))
        return table_keys, occurrence, inverse
    order = np.argsort(keys)
    ordered = keys[order]
    new = np.ones(len(keys), bool)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    inverse = np.empty(len(keys), np.int64)
    inverse[order] = np.cumsum(new) - 1
    return ordered[starts], order[starts], inverse


def count_ngrams(text: PaddedText, order: int, vocabulary_size: int) -> NgramCounts:
    """Counts of every order 1..n over the padded text."""
    ids = text.ids
    previous = None  # row of the (k−1)-gram ending at each position (−1: none)
    tables = []
    for k in range(1, order + 1):
        # the k-gram ending here lies inside its sentence
        ends = np.arange(len(ids)) if k == 1 else np.flatnonzero(text.position >= k - 1)
        keys = ids[ends].astype(np.int64)
        if k > 1:
            keys += previous[ends - 1].astype(np.int64) * vocabulary_size
        table_keys, first_at, inverse = _unique(keys)
        del keys
        small = text.position.dtype  # int32 unless the text has 2^31 positions
        count = np.bincount(inverse[text.predicted[ends]], minlength=len(table_keys)).astype(small)
        at = ends[first_at]  # one position of each k-gram
        suffix = np.zeros(len(table_keys), small) if k == 1 else previous[at]
        tables.append(OrderTable(k, table_keys, (table_keys // vocabulary_size).astype(small),
                                 (table_keys % vocabulary_size).astype(small), count, suffix, ids[at - (k - 1)]))
        if k < order:
            current = np.full(len(ids), -1, text.position.dtype)
            current[ends] = inverse
            previous = current
        del ends, inverse
    return NgramCounts(order, vocabulary_size, tuple(tables))
