"""The int8 first pass of 3CosMul queries (engine/embeddings/int8_scores.py) against gensim's
``most_similar_cosmul``: the same words, order and scores (1e-6) as the float32 pass, on random
vectors, with restrict_vocab, and on words whose scores are closer together than int8 can tell
apart; and the error bound the pass rests on against cosines computed in float64."""
from __future__ import annotations

import numpy as np
import pytest

from engine.embeddings import int8_scores, queries
from engine.embeddings.vectors import Embeddings
from tests.engine.embeddings_fixtures import random_keyed_vectors
from tests.engine.test_embeddings_queries import as_embeddings, assert_same_answers

# gensim 4.4's most_similar_cosmul calls its own deprecated init_sims
pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning")


@pytest.fixture(autouse=True)
def int8_pass_always(monkeypatch):
    """The first pass on the tests' small vocabularies too (it starts at 50,000 words)."""
    monkeypatch.setattr(int8_scores, "LEAST_ROWS", 0)


def gensim_cosmul(kv, a, b, c, k):
    return kv.most_similar_cosmul(positive=[b, c], negative=[a], topn=k)


@pytest.fixture(scope="module")
def near_ties():
    """5,000 words × 48: "q"; "a" and "c" along two axes neither q nor any tied word uses; 400 words at cosines
    0.9 + i·2e-6 with q (i = 0 … 399, shuffled) and 0 with a and c, so that their 3CosMul scores
    for a : q :: c : ? are about 1e-6 apart (int8 steps are near 1e-2); the rest random but near a, so that the tied words are the
    best answers."""
    from gensim.models import KeyedVectors

    rng = np.random.default_rng(11)
    dim = 48
    axes = np.eye(dim)
    q = rng.standard_normal(dim)
    q[:3] = 0.0  # not along an axis: int8's per-row scale would keep an axis' component exactly
    q /= np.linalg.norm(q)
    cosines = 0.9 + rng.permutation(400) * 2e-6
    others = rng.standard_normal((400, dim))
    others[:, 1:3] = 0.0
    others -= (others @ q)[:, None] * q
    others /= np.linalg.norm(others, axis=1, keepdims=True)
    tied = cosines[:, None] * q + np.sqrt(1 - cosines ** 2)[:, None] * others
    rest = rng.standard_normal((4597, dim))
    rest[:, 1] = np.abs(rest[:, 1]) + 4  # near a: their s_a is large and their scores low
    words = ["q", "a", "c"] + [f"t{i}" for i in range(400)] + [f"r{i}" for i in range(4597)]
    vectors = np.vstack([q, axes[1] * 2, axes[2] * 0.5, tied * rng.uniform(0.5, 3, (400, 1)), rest])
    kv = KeyedVectors(dim)
    kv.add_vectors(words, vectors.astype(np.float32))
    return kv, as_embeddings(kv)


def test_the_first_pass_is_taken_and_its_candidates_are_few(near_ties):
    _, emb = near_ties
    units = np.stack([emb.unit(w) for w in ("r1", "r2", "r3")], axis=1)
    pool = int8_scores.cosmul_candidates(emb, units, len(emb), 10, [emb.index[w] for w in ("r1", "r2", "r3")])
    assert int8_scores.applies(emb, len(emb)) and 10 <= len(pool) < len(emb) // 4


def test_near_ties_equal_gensims_where_an_int8_top_k_does_not(near_ties):
    kv, emb = near_ties
    for k in (1, 10, 50):
        assert_same_answers(queries.analogy(emb, "a", "q", "c", k, method="mul").pairs(),
                            gensim_cosmul(kv, "a", "q", "c", k))
    # the test can fail: ranked by their int8 scores alone, the ten best are other words
    units = np.stack([emb.unit(w) for w in ("a", "q", "c")], axis=1)
    approx, _ = int8_scores._approximate_cosines(int8_scores.int8_rows(emb), units, len(emb))
    scores = queries.cosmul_scores(np.ascontiguousarray(approx.T))
    scores[[emb.index[w] for w in ("a", "q", "c")]] = -np.inf
    naive = np.argsort(-scores, kind="stable")[:10]
    assert [emb.words[i] for i in naive] != [w for w, _ in gensim_cosmul(kv, "a", "q", "c", 10)]


def test_random_vectors_and_restrict_vocab_equal_gensims():
    kv = random_keyed_vectors(n=3000, dim=40, seed=21)
    emb = as_embeddings(kv)
    words = kv.index_to_key
    for i in range(0, 60, 6):
        a, b, c = words[i], words[i + 1], words[i + 2]
        assert_same_answers(queries.analogy(emb, a, b, c, 10, method="mul").pairs(), gensim_cosmul(kv, a, b, c, 10))
    # gensim 4.4's most_similar_cosmul ignores restrict_vocab: gensim on the first 700 words alone
    from gensim.models import KeyedVectors

    first = KeyedVectors(40)
    first.add_vectors(words[:700], kv.vectors[:700])
    assert_same_answers(queries.analogy(emb, "man", "king", "woman", 8, method="mul", restrict_vocab=700).pairs(),
                        gensim_cosmul(first, "man", "king", "woman", 8))


def test_a_zero_vector_is_never_a_candidate_answer():
    vectors = np.array([[1, 0], [0, 0], [0.8, 0.6], [-1, 0.1], [0.6, -0.8]], dtype=np.float32)
    emb = Embeddings.from_arrays(["a", "zero", "b", "c", "d"], vectors, "tiny")
    assert [c.word for c in queries.analogy(emb, "b", "a", "c", 4, method="mul").candidates] == ["d"]


def test_the_int8_cosines_stay_within_their_bound_of_the_exact_ones():
    """The bound the proof rests on, r_x + ρ + r_x·ρ + SLACK, against cosines computed in float64
    by numpy: 8,000 words × 300 (GloVe's size of vector), heavy-tailed components and a wide
    spread of norms."""
    rng = np.random.default_rng(5)
    vectors = (rng.standard_t(3, (8000, 300)) * rng.uniform(0.01, 50, (8000, 1))).astype(np.float32)
    emb = Embeddings.from_arrays([f"w{i}" for i in range(8000)], vectors, "random")
    copy = int8_scores.int8_rows(emb)
    exact_units = vectors.astype(np.float64) / np.linalg.norm(vectors.astype(np.float64), axis=1, keepdims=True)
    worst = 0.0
    for j in range(0, 8000, 1000):
        units = np.stack([emb.unit(emb.words[i]) for i in (j, j + 1, j + 2)], axis=1)
        approx, query_residuals = int8_scores._approximate_cosines(copy, units, 8000)
        exact = (exact_units @ units.astype(np.float64)).T
        bound = copy.residuals * (1 + query_residuals[:, None]) + query_residuals[:, None] + int8_scores.SLACK
        assert (np.abs(approx - exact) <= bound).all()
        worst = max(worst, float((np.abs(approx - exact) / bound).max()))
    assert worst > 0.05  # the bound is not vacuous: the error reaches a twentieth of it
