"""The int8 first pass of neighbour and 3CosAdd queries (engine/embeddings/int8_cosines.py)
against gensim's KeyedVectors: the same words, order and scores (1e-6) as the float32 pass, on
random vectors (row counts that are and are not a multiple of the kernel's block) and on vectors
whose cosines are closer together than int8 codes or a bfloat16 result can tell apart."""
from __future__ import annotations

import numpy as np
import pytest

from engine.embeddings import int8_cosines, int8_scores, queries
from tests.engine.embeddings_fixtures import random_keyed_vectors
from tests.engine.test_embeddings_half_scores import near_ties  # noqa: F401 - a fixture
from tests.engine.test_embeddings_half_scores import (assert_analogies_equal_gensims,
                                                      assert_random_queries_equal_gensims, heavy_tailed_queries)
from tests.engine.test_embeddings_queries import as_embeddings, assert_same_answers

pytestmark = [pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning"),
              pytest.mark.skipif(not int8_cosines._kernel_is_sound(),
                                 reason="torch's int8 kernel is not used on this CPU (the float16 pass is)")]


@pytest.fixture(autouse=True)
def int8_pass_always(monkeypatch):
    """The first pass on the tests' small vocabularies too (it starts at 50,000 words)."""
    monkeypatch.setattr(int8_scores, "LEAST_ROWS", 0)


def test_the_int8_pass_is_taken_and_its_candidates_are_few(near_ties):  # noqa: F811
    _, emb = near_ties
    pool = int8_cosines.candidates(emb, emb.unit("t3"), len(emb), 10, (emb.index["t3"],))
    assert int8_cosines.applies(emb, len(emb)) and 10 <= len(pool) < len(emb) // 4


@pytest.fixture(scope="module")
def rotated_ties(near_ties):  # noqa: F811
    """near_ties turned by a random rotation (the same cosines): "q" no longer lies on an axis,
    where int8 codes scaled by the row's largest component would hold its cosines exactly."""
    from gensim.models import KeyedVectors

    kv, _ = near_ties
    rotation, _ = np.linalg.qr(np.random.default_rng(5).standard_normal((kv.vector_size,) * 2))
    turned = KeyedVectors(kv.vector_size)
    turned.add_vectors(kv.index_to_key, (kv.vectors.astype(np.float64) @ rotation).astype(np.float32))
    return turned, as_embeddings(turned)


def test_neighbours_on_near_ties_equal_gensims_where_an_int8_top_k_does_not(rotated_ties):
    kv, emb = rotated_ties
    for k in (1, 10, 50):
        assert_same_answers(queries.neighbours(emb, "q", k).pairs(), kv.most_similar("q", topn=k))
    # the test can fail: ranked by the first pass's scores alone, the ten best are other words
    copy = int8_scores.int8_rows(emb)
    approx = int8_cosines._kernel_sums(int8_cosines._bf16(emb.unit("q"), copy.codes.shape[1])[0], copy.codes) * copy.scales
    naive = np.argsort(-approx[1:], kind="stable")[:10] + 1
    assert [emb.words[i] for i in naive] != [w for w, _ in kv.most_similar("q", topn=10)]


def test_analogies_on_near_ties_equal_gensims(rotated_ties):
    assert_analogies_equal_gensims(*rotated_ties)


def test_random_vectors_and_restrict_vocab_equal_gensims():
    # 3,000 rows = 46 blocks of 64 and 56 more; restrict_vocab 700 and 960: a tail and none
    assert_random_queries_equal_gensims(restricts=(700, 960))


def test_fewer_rows_than_a_block_are_all_candidates():
    kv = random_keyed_vectors(n=50, dim=16, seed=4)
    emb = as_embeddings(kv)
    word = kv.index_to_key[0]
    assert len(int8_cosines.candidates(emb, emb.unit(word), 50, 3, (0,))) == 49
    assert_same_answers(queries.neighbours(emb, word, 3).pairs(), kv.most_similar(word, topn=3))


def test_the_int8_cosines_stay_within_their_bound_of_the_exact_ones():
    """The bound the proof rests on, against cosines computed in float64, row by row."""
    emb, asked = heavy_tailed_queries()
    copy = int8_scores.int8_rows(emb)
    closest, worst = np.inf, 0.0
    for query, exact in asked:
        rounded, rho = int8_cosines._bf16(query, copy.codes.shape[1])
        error = np.abs(int8_cosines._kernel_sums(rounded, copy.codes) * copy.scales - exact)
        worst = max(worst, float(error.max()))
        closest = min(closest, float((int8_cosines._bounds(copy.residuals, rho) - error).min()))
    assert worst > 0 and closest >= 0
