"""The float16 first pass of neighbour and 3CosAdd queries (engine/embeddings/half_scores.py)
against gensim's KeyedVectors: the same words, order and scores (1e-6) as the float32 pass, on
random vectors and on vectors whose cosines are closer together than float16 can tell apart."""
from __future__ import annotations

import numpy as np
import pytest

from engine.embeddings import half_scores, queries
from tests.engine.embeddings_fixtures import random_keyed_vectors
from tests.engine.test_embeddings_queries import as_embeddings, assert_same_answers

# gensim 4.4's most_similar_cosmul calls its own deprecated init_sims
pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning")


@pytest.fixture(autouse=True)
def half_pass_always(monkeypatch):
    """The first pass on the tests' small vocabularies too (it starts at 50,000 words)."""
    monkeypatch.setattr(half_scores, "LEAST_ROWS", 0)


@pytest.fixture(scope="module")
def near_ties():
    """5,000 words: "q" and 400 words at cosines 0.9 + i·2e-6 with it (i = 0 … 399, in a shuffled
    order), 80 times closer together than float16's steps near 0.9 (4.9e-4); the rest random."""
    rng = np.random.default_rng(7)
    dim = 48
    q = np.zeros(dim)
    q[0] = 1.0
    cosines = 0.9 + rng.permutation(400) * 2e-6
    others = rng.standard_normal((400, dim))
    others[:, 0] = 0.0
    others /= np.linalg.norm(others, axis=1, keepdims=True)
    tied = cosines[:, None] * q + np.sqrt(1 - cosines ** 2)[:, None] * others
    rest = rng.standard_normal((4599, dim))
    words = ["q"] + [f"t{i}" for i in range(400)] + [f"r{i}" for i in range(4599)]
    vectors = np.vstack([q, tied * rng.uniform(0.5, 3, (400, 1)), rest]).astype(np.float32)
    from gensim.models import KeyedVectors

    kv = KeyedVectors(dim)
    kv.add_vectors(words, vectors)
    return kv, as_embeddings(kv)


def test_the_first_pass_is_taken_and_its_candidates_are_few(near_ties):
    _, emb = near_ties
    query = emb.unit("t3")
    pool = half_scores.candidates(emb, query, len(emb), 10, (emb.index["t3"],))
    assert half_scores.applies(emb, len(emb)) and 10 <= len(pool) < len(emb) // 4


def test_neighbours_on_near_ties_equal_gensims_where_a_float16_top_k_does_not(near_ties):
    kv, emb = near_ties
    for k in (1, 10, 50):
        assert_same_answers(queries.neighbours(emb, "q", k).pairs(), kv.most_similar("q", topn=k))
    # the test can fail: ranked by their float16 scores alone, the ten best are other words
    half = half_scores.unit_rows_half(emb).numpy().astype(np.float32)
    naive = np.argsort(-(half[1:] @ half[0]), kind="stable")[:10] + 1
    assert [emb.words[i] for i in naive] != [w for w, _ in kv.most_similar("q", topn=10)]


def assert_analogies_equal_gensims(kv, emb):
    for a, b, c in (("t1", "q", "t2"), ("r5", "q", "r6"), ("t7", "t8", "q")):
        assert_same_answers(queries.analogy(emb, a, b, c, 10).pairs(),
                            kv.most_similar(positive=[b, c], negative=[a], topn=10))


def assert_random_queries_equal_gensims(restricts=(700,)):
    """Neighbours (also over the first N of each of ``restricts``) and 3CosAdd on 3,000 random
    vectors of 40 dimensions."""
    kv = random_keyed_vectors(n=3000, dim=40, seed=12)
    emb = as_embeddings(kv)
    for word in kv.index_to_key[:60:3]:
        assert_same_answers(queries.neighbours(emb, word, 10).pairs(), kv.most_similar(word, topn=10))
        for restrict in restricts:
            assert_same_answers(queries.neighbours(emb, word, 5, restrict_vocab=restrict).pairs(),
                                kv.most_similar(word, topn=5, restrict_vocab=restrict))
    assert_same_answers(queries.analogy(emb, "man", "king", "woman", 8, restrict_vocab=900).pairs(),
                        kv.most_similar(positive=["king", "woman"], negative=["man"], topn=8, restrict_vocab=900))


def test_analogies_on_near_ties_equal_gensims(near_ties):
    assert_analogies_equal_gensims(*near_ties)


def test_random_vectors_and_restrict_vocab_equal_gensims():
    assert_random_queries_equal_gensims()


def test_a_zero_vector_is_never_a_candidate_answer():
    vectors = np.array([[1, 0], [0, 0], [0.8, 0.6], [-1, 0.1]], dtype=np.float32)
    from engine.embeddings.vectors import Embeddings

    emb = Embeddings.from_arrays(["a", "zero", "b", "c"], vectors, "tiny")
    # cos(a, b) = 0.8, cos(a, c) = −1/√1.01; the zero vector has no cosine
    assert [c.word for c in queries.neighbours(emb, "a", 3).candidates] == ["b", "c"]


def heavy_tailed_queries():
    """(emb, [(query, its exact cosines with every word)]): 8,000 words × 300 (GloVe's size of
    vector), heavy-tailed components and a wide spread of norms; ten unit queries of its words,
    their cosines computed in float64 by numpy."""
    rng = np.random.default_rng(3)
    vectors = (rng.standard_t(3, (8000, 300)) * rng.uniform(0.01, 50, (8000, 1))).astype(np.float32)
    emb = as_embeddings_of(vectors)
    exact_units = vectors.astype(np.float64) / np.linalg.norm(vectors.astype(np.float64), axis=1, keepdims=True)
    asked = [emb.unit(emb.words[j]) for j in range(0, 8000, 800)]
    return emb, [(query, exact_units @ query.astype(np.float64)) for query in asked]


def test_the_float16_cosines_stay_within_the_bound_of_the_exact_ones():
    """The bound the proof rests on, against cosines computed in float64."""
    import torch

    emb, asked = heavy_tailed_queries()
    half = half_scores.unit_rows_half(emb)
    worst = max(float(np.abs((half @ torch.from_numpy(query).half()).float().numpy() - exact).max())
                for query, exact in asked)
    assert 0 < worst < half_scores.BOUND


def as_embeddings_of(vectors):
    from engine.embeddings.vectors import Embeddings

    return Embeddings.from_arrays([f"w{i}" for i in range(len(vectors))], vectors, "random")
