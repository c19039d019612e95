"""3CosMul's one-pass first pass (engine/embeddings/int8_cosmul.py) against gensim's
``most_similar_cosmul`` and against cosines computed in float64: the pass is taken, its bound
holds, its floor drops words (and never one of the k best), and the words it must never count —
the query words and zero vectors — never raise the floor."""
from __future__ import annotations

import numpy as np
import pytest

from engine.embeddings import int8_cosines, int8_cosmul, int8_scores, queries
from engine.embeddings.vectors import Embeddings
from tests.engine.embeddings_fixtures import random_keyed_vectors
# int8_pass_always (autouse): the first pass on the tests' small vocabularies too
from tests.engine.test_embeddings_int8_scores import int8_pass_always, near_ties  # noqa: F401 - fixtures
from tests.engine.test_embeddings_queries import as_embeddings, as_keyed_vectors, assert_same_answers

pytestmark = [pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning"),
              pytest.mark.skipif(not int8_cosines.three_rows_are_sound(),
                                 reason="torch's int8 kernel is not used on this CPU (int8_scores' _int_mm is)")]


def gensim_cosmul(kv, a, b, c, k):
    return kv.most_similar_cosmul(positive=[b, c], negative=[a], topn=k)


def pool_of(emb, a, b, c, k):
    units = np.stack([emb.unit(w) for w in (a, b, c)], axis=1)
    return int8_cosmul.candidates(emb, units, len(emb), k, [emb.index[w] for w in (a, b, c)])


def test_the_pass_is_taken_and_its_floor_leaves_few_words(near_ties, monkeypatch):  # noqa: F811
    kv, emb = near_ties
    taken = []
    real = int8_cosmul.candidates
    monkeypatch.setattr(int8_cosmul, "candidates", lambda *args: taken.append(1) or real(*args))
    assert_same_answers(queries.analogy(emb, "r1", "r2", "r3", 10, method="mul").pairs(),
                        gensim_cosmul(kv, "r1", "r2", "r3", 10))
    assert taken and 10 <= len(pool_of(emb, "r1", "r2", "r3", 10)) < len(emb) // 20


def test_near_ties_equal_gensims(near_ties):  # noqa: F811
    """400 words whose scores are about 1e-6 apart, far below what int8 codes and a bfloat16
    result tell apart."""
    kv, emb = near_ties
    for k in (1, 10, 50):
        assert_same_answers(queries.analogy(emb, "a", "q", "c", k, method="mul").pairs(),
                            gensim_cosmul(kv, "a", "q", "c", k))


@pytest.mark.parametrize("rows", [3000, 3001, 3071])
def test_random_vectors_equal_gensims_with_and_without_a_tail_after_the_blocks(rows):
    """3,000 rows are not a multiple of the kernel's 64 (the last 56 are always scored again);
    k beyond a sixteenth of the words takes no floor (every word is a survivor)."""
    kv = random_keyed_vectors(n=rows, dim=40, seed=23)
    emb = as_embeddings(kv)
    words = kv.index_to_key
    for i in range(0, 45, 5):
        a, b, c = words[i], words[i + 1], words[i + 2]
        for k in (1, 10, 300):
            assert_same_answers(queries.analogy(emb, a, b, c, k, method="mul").pairs(),
                                gensim_cosmul(kv, a, b, c, k))


def test_zero_vectors_and_the_query_words_never_raise_the_floor():
    """Every 16th word (the rows the floor is sampled from) is a zero vector, whose approximate
    score (all three cosines 0: 0.25 / 0.5 = 0.5) is twice every real word's here (the words lie
    near a, so s_a ≈ 1 and s_b, s_c ≈ ½: about 0.25).  Counted in the floor they would drop every
    real word: gensim ranks the real words (zero vectors score nan and are never answers)."""
    rng = np.random.default_rng(4)
    dim, rows = 8, 3200
    vectors = np.eye(dim)[0] + rng.standard_normal((rows, dim)) * 0.05
    vectors[::16] = 0.0
    vectors[1], vectors[2], vectors[3] = np.eye(dim)[0], np.eye(dim)[1], np.eye(dim)[2]
    emb = Embeddings.from_arrays([f"w{i}" for i in range(rows)], vectors.astype(np.float32), "zeros")
    kv = as_keyed_vectors(emb)
    for k in (5, 100):
        ours = queries.analogy(emb, "w1", "w2", "w3", k, method="mul").pairs()
        with np.errstate(divide="ignore", invalid="ignore"):  # gensim divides by the zero norms
            theirs = gensim_cosmul(kv, "w1", "w2", "w3", k + 200)
        assert_same_answers(ours, [(w, s) for w, s in theirs if np.isfinite(s)][:k])
        assert len(ours) == k and all(0.2 < score < 0.35 for _, score in ours)


def test_the_one_pass_cosines_stay_within_their_bound_of_the_exact_ones():
    """t̂ = 1 + σ·bf16(c·q̃) within δ_x (ρ = 2⁻⁸) of 1 + the float64 cosine, for the three query
    rows at once: 8,000 words × 300, heavy-tailed components and a wide spread of norms."""
    rng = np.random.default_rng(5)
    vectors = (rng.standard_t(3, (8000, 300)) * rng.uniform(0.01, 50, (8000, 1))).astype(np.float32)
    emb = Embeddings.from_arrays([f"w{i}" for i in range(8000)], vectors, "random")
    exact_units = vectors.astype(np.float64) / np.linalg.norm(vectors.astype(np.float64), axis=1, keepdims=True)
    worst = 0.0
    for j in range(0, 8000, 1000):
        units = np.stack([emb.unit(emb.words[i]) for i in (j, j + 1, j + 2)], axis=1)
        shifted, products, denominators, delta = int8_cosmul.first_pass(emb, units, 8000)
        exact = 1 + (exact_units @ units.astype(np.float64)).T
        assert (np.abs(shifted - exact) <= delta).all()
        worst = max(worst, float((np.abs(shifted - exact) / delta).max()))
        # P bounds |t_b t_c| and D is t_a's lower end plus 2ε, as the module's docstring writes them
        assert (np.abs(exact[1] * exact[2]) <= products).all()
        assert (exact[0] + 2e-6 >= denominators).all()
        np.testing.assert_allclose(products, (np.abs(shifted[1]) + delta) * (np.abs(shifted[2]) + delta), rtol=1e-6)
        np.testing.assert_allclose(denominators, shifted[0] - delta + 2e-6, rtol=0, atol=1e-6)
    assert worst > 0.05  # the bound is not vacuous: the error reaches a twentieth of it
    # δ_x = r_x + (1 + r_x)ρ + 2⁻⁸(1 + r_x)(1 + ρ) + SLACK with ρ = 2⁻⁸, the worst of a bfloat16
    # query (int8_cosines' docstring), written out here in float64
    residuals = int8_scores.int8_rows(emb).residuals.astype(np.float64)
    rho = 2.0 ** -8
    written = residuals + (1 + residuals) * rho + 2.0 ** -8 * (1 + residuals) * (1 + rho) + int8_scores.SLACK
    assert (delta >= written * (1 - 1e-6)).all()


def test_without_the_three_row_kernel_the_int_mm_pass_answers(monkeypatch):
    kv = random_keyed_vectors(n=3000, dim=40, seed=24)
    emb = as_embeddings(kv)
    monkeypatch.setattr(int8_cosmul, "applies", lambda *_: False)
    used = []
    real = int8_scores.cosmul_candidates
    monkeypatch.setattr(int8_scores, "cosmul_candidates", lambda *args: used.append(1) or real(*args))
    assert_same_answers(queries.analogy(emb, "man", "king", "woman", 10, method="mul").pairs(),
                        gensim_cosmul(kv, "man", "king", "woman", 10))
    assert used
