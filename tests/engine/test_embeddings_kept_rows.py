"""3CosMul's first pass keeps the t̂ rows of the last query vectors (int8_cosmul.KEPT_ROWS per
matrix): typing c after a and b, each keystroke's query shares two of its three vectors with the
one before, and their rows are copied instead of computed again.  Kept or computed, the rows are
those a fresh pass gives, to the bit; a changed word, another number of words searched and rows
pushed out of the store are computed again; and the answers stay gensim's."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from engine.embeddings import int8_cosines, int8_cosmul, queries
from tests.engine.embeddings_fixtures import random_keyed_vectors
from tests.engine.test_embeddings_queries import as_embeddings

pytestmark = [pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning"),
              pytest.mark.skipif(not int8_cosines.three_rows_are_sound(),
                                 reason="torch's int8 kernel is not used on this CPU (int8_scores' _int_mm is)")]

WORDS = 20_000
ROWS = WORDS - WORDS % int8_cosines.ROW_BLOCK


@pytest.fixture
def vectors():
    kv = random_keyed_vectors(WORDS, 48, seed=5)
    return kv, as_embeddings(kv)  # a new matrix per test: its store of rows starts empty


def units_of(emb, *words):
    return np.stack([emb.unit(w) for w in words], axis=1)


@pytest.fixture
def kernel_rows(monkeypatch):
    """The number of query rows the int8 kernel is given at each call."""
    calls = []
    real = torch.ops.aten._weight_int8pack_mm

    class Counting:
        def __call__(self, query, codes, scales):
            calls.append(query.shape[0])
            return real(query, codes, scales)

    monkeypatch.setattr(torch.ops.aten, "_weight_int8pack_mm", Counting())
    return calls


def test_rows_kept_from_the_query_before_equal_a_fresh_pass(vectors, kernel_rows):
    kv, emb = vectors
    a, b, c, d = kv.index_to_key[10:14]
    int8_cosmul.first_pass(emb, units_of(emb, a, b, c), ROWS, reuse=True)
    assert set(kernel_rows) == {3}
    kernel_rows.clear()
    kept = [x.copy() for x in int8_cosmul.first_pass(emb, units_of(emb, a, b, d), ROWS, reuse=True)]
    assert kernel_rows and set(kernel_rows) == {1}  # only d's row is computed
    kernel_rows.clear()
    fresh = int8_cosmul.first_pass(emb, units_of(emb, a, b, d), ROWS)
    # the reference computes its three rows: a fresh pass that read the store would compare the
    # kept rows with themselves
    assert set(kernel_rows) == {3}
    for got, expected in zip(kept, fresh):
        assert np.array_equal(got, expected)
    kernel_rows.clear()
    # the same three in another order, and c back: nothing computed, rows in their places
    moved = int8_cosmul.first_pass(emb, units_of(emb, d, a, c), ROWS, reuse=True)[0].copy()
    assert kernel_rows == []
    fresh = int8_cosmul.first_pass(emb, units_of(emb, d, a, c), ROWS)[0]
    assert set(kernel_rows) == {3}
    assert np.array_equal(moved, fresh)


def test_two_rows_asked_and_another_number_of_rows(vectors, kernel_rows):
    kv, emb = vectors
    a, b, c, d, e = kv.index_to_key[20:25]
    int8_cosmul.first_pass(emb, units_of(emb, a, b, c), ROWS, reuse=True)
    kernel_rows.clear()
    got = int8_cosmul.first_pass(emb, units_of(emb, d, b, e), ROWS, reuse=True)[0].copy()
    assert set(kernel_rows) == {2}
    assert np.array_equal(got, int8_cosmul.first_pass(emb, units_of(emb, d, b, e), ROWS)[0])
    kernel_rows.clear()
    fewer = ROWS - int8_cosines.ROW_BLOCK  # another number of words searched: computed again
    got = int8_cosmul.first_pass(emb, units_of(emb, d, b, e), fewer, reuse=True)[0].copy()
    assert set(kernel_rows) == {3}
    assert np.array_equal(got, int8_cosmul.first_pass(emb, units_of(emb, d, b, e), fewer)[0])


def test_the_store_keeps_the_last_rows_and_recycles_the_oldest(vectors, kernel_rows):
    kv, emb = vectors
    words = kv.index_to_key[30:30 + 3 * 4]
    for i in range(4):  # twelve rows, all different
        int8_cosmul.first_pass(emb, units_of(emb, *words[3 * i:3 * i + 3]), ROWS, reuse=True)
    store = int8_cosmul._known_rows(emb)
    assert len(store) == int8_cosmul.KEPT_ROWS
    kernel_rows.clear()
    # the first query's rows were pushed out (their arrays now hold others): computed again
    got = int8_cosmul.first_pass(emb, units_of(emb, *words[:3]), ROWS, reuse=True)[0].copy()
    assert set(kernel_rows) == {3}
    assert np.array_equal(got, int8_cosmul.first_pass(emb, units_of(emb, *words[:3]), ROWS)[0])
    # the last query's rows are kept
    kernel_rows.clear()
    int8_cosmul.first_pass(emb, units_of(emb, *words[9:12]), ROWS, reuse=True)
    assert kernel_rows == []


def test_typing_c_letter_by_letter_answers_as_gensim(vectors):
    """a and b fixed, c changed query after query (rows kept from each query for the next):
    each answer is gensim's most_similar_cosmul."""
    kv, emb = vectors
    a, b = kv.index_to_key[40:42]
    for c in kv.index_to_key[42:50]:
        got = queries.analogy(emb, a, b, c, 10, "mul")
        expected = kv.most_similar_cosmul(positive=[b, c], negative=[a], topn=10)
        assert [x.word for x in got.candidates] == [w for w, _ in expected]
        np.testing.assert_allclose([x.score for x in got.candidates], [s for _, s in expected], rtol=0, atol=1e-6)
