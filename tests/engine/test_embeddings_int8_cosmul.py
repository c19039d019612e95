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
        # float32, as the docstring's rounding margins assume (and half the bytes of float64)
        assert shifted.dtype == products.dtype == denominators.dtype == np.float32
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


def gensim_on_the_first(emb, a, b, c, k, rows):
    """gensim's answers among the first ``rows`` words alone (its most_similar_cosmul ignores
    restrict_vocab): a KeyedVectors of those words, given the query's unit vectors (from the whole
    vocabulary, so a query word may lie beyond them), every word ranked, the query words and the
    zero vectors' nan scores dropped."""
    from gensim.models import KeyedVectors

    whole = as_keyed_vectors(emb)
    first = KeyedVectors(emb.dimension)
    first.add_vectors(list(emb.words[:rows]), np.asarray(emb.vectors[:rows]))
    unit = [whole.get_vector(w, norm=True) for w in (a, b, c)]
    with np.errstate(divide="ignore", invalid="ignore"):  # gensim divides by the zero norms
        theirs = first.most_similar_cosmul(positive=unit[1:], negative=unit[:1], topn=rows)
    return [(w, s) for w, s in theirs if w not in (a, b, c) and np.isfinite(s)][:k]


def survivors_counted(monkeypatch) -> list:
    """The number of words given exact intervals at each call of candidates (the floor's
    survivors: intervals' last call in it)."""
    counts, real = [], int8_cosmul.intervals
    monkeypatch.setattr(int8_cosmul, "intervals",
                        lambda shifted, delta: counts.append(shifted.shape[1]) or real(shifted, delta))
    return counts


def test_it_applies_from_int8_scores_least_rows_up_to_its_max_dimension(monkeypatch):
    """The same limits as int8_scores' pass (its copy is the one read), and only where the
    three-row kernel passed its check."""
    monkeypatch.setattr(int8_scores, "LEAST_ROWS", 3000)
    at_most = Embeddings.from_arrays(["x", "y"], np.ones((2, int8_scores.MAX_DIMENSION)), "wide")
    beyond = Embeddings.from_arrays(["x", "y"], np.ones((2, int8_scores.MAX_DIMENSION + 1)), "wider")
    assert int8_cosmul.applies(at_most, 3000) and int8_cosmul.applies(at_most, 10**6)
    assert not int8_cosmul.applies(at_most, 2999)
    assert not int8_cosmul.applies(beyond, 3000)
    monkeypatch.setattr(int8_cosines, "three_rows_are_sound", lambda: False)
    assert not int8_cosmul.applies(at_most, 10**6)


def test_the_row_bounds_are_made_once_per_matrix(monkeypatch):
    """δ_x for every row is a pass of its own over the matrix: the second query reuses the
    first's (as it reuses the int8 copy), a new matrix gets its own."""
    assert int8_cosines.three_rows_are_sound()  # its own check calls _bounds: done before counting
    made, real = [], int8_cosines._bounds
    monkeypatch.setattr(int8_cosines, "_bounds", lambda *args: made.append(1) or real(*args))
    for seed in (25, 26):
        kv = random_keyed_vectors(n=1000, dim=16, seed=seed)
        emb = as_embeddings(kv)
        for a, b, c in (("man", "king", "woman"), ("w1", "w2", "w3")):
            assert_same_answers(queries.analogy(emb, a, b, c, 5, method="mul").pairs(), gensim_cosmul(kv, a, b, c, 5))
    assert len(made) == 2


def test_a_query_at_bfloat16s_worst_rounding_passes_the_check_and_a_longer_one_does_not():
    """Every component of the three query rows an exact midpoint between two bfloat16 numbers
    just above a power of two (±2⁻³(1 + 2⁻⁸), ±2⁻⁴(1 + 2⁻⁸)): each row moves by 2⁻¹¹√63.5 =
    0.996 · 2⁻⁸ when rounded, the most a query of norm 0.999977 can, and within ρ = RHO; the
    three together move by √3 times that (a norm taken over the whole 3 × d block would refuse
    them).  Twice such a query (norm 2) moves by twice as much: refused, with the figure."""
    rng = np.random.default_rng(7)
    magnitudes = np.array([2.0 ** -3] * 63 + [2.0 ** -4] * 2) * (1 + 2.0 ** -8)
    units = (magnitudes[:, None] * rng.choice([-1.0, 1.0], (65, 3))).astype(np.float32)
    moved = np.sqrt(63 * 2.0 ** -22 + 2 * 2.0 ** -24)  # |x − bf16(x)| = 2⁻¹¹ and 2⁻¹² (ties to even)
    assert np.linalg.norm(units.astype(np.float64), axis=0) == pytest.approx(0.999977, abs=1e-6)
    assert moved <= int8_cosmul.RHO < np.sqrt(3) * moved
    vectors = rng.standard_normal((64, 65)).astype(np.float32)
    emb = Embeddings.from_arrays([f"w{i}" for i in range(64)], vectors, "midpoints")
    shifted, _, _, delta = int8_cosmul.first_pass(emb, units, 64)
    exact_units = vectors.astype(np.float64) / np.linalg.norm(vectors.astype(np.float64), axis=1, keepdims=True)
    assert (np.abs(shifted - (1 + (exact_units @ units.astype(np.float64)).T)) <= delta).all()
    with pytest.raises(ArithmeticError, match=r"a bfloat16 query moved by 0\.0077"):
        int8_cosmul.first_pass(emb, units * 2, 64)


def test_two_row_blocks_equal_gensims():
    """53,000 rows: two blocks of the kernel (50,048 rows, then 2,944 shared with the helper
    thread), then a tail of 8; the same words, order and scores as gensim."""
    kv = random_keyed_vectors(n=53_000, dim=40, seed=27)
    emb = as_embeddings(kv)
    for a, b, c in (("man", "king", "woman"), ("w52000", "w50100", "w7")):
        for k in (1, 10):
            assert_same_answers(queries.analogy(emb, a, b, c, k, method="mul").pairs(), gensim_cosmul(kv, a, b, c, k))


def small_vocabulary():
    """100 words × 8: a = e₀ (row 5), b = e₁ (row 6), c = e₂ (row 80: in the tail after the kernel's
    64 rows), zero vectors at rows 10 and 90, vectors of norm ~10⁻¹⁵ at rows 30 and 95, two
    clear best answers x₁ ∝ −e₀ + e₁ + e₂ (row 20, score ≈ 2.95) and x₂ ∝ e₁ + e₂ (row 21,
    ≈ 1.46), the rest near a (scores below 1; the tiny row 95 is the 4th answer)."""
    rng = np.random.default_rng(32)
    eye = np.eye(8)
    vectors = eye[0] * 2 + rng.standard_normal((100, 8)) * 0.8
    vectors[5], vectors[6], vectors[80] = eye[0], eye[1], eye[2]
    vectors[10] = vectors[90] = 0.0
    vectors[30] *= 1e-15
    vectors[95] *= 1e-15
    vectors[20] = (-eye[0] + eye[1] + eye[2]) / np.sqrt(3) + rng.standard_normal(8) * 0.01
    vectors[21] = (eye[1] + eye[2]) / np.sqrt(2) + rng.standard_normal(8) * 0.01
    return Embeddings.from_arrays([f"w{i}" for i in range(100)], vectors.astype(np.float32), "small")


@pytest.mark.parametrize("restrict_vocab", [None, 90, 40])
def test_query_words_zero_vectors_and_k_beyond_the_words_equal_gensims(restrict_vocab):
    """The query words and zero vectors are never answers, in the kernel's rows or the tail; k
    beyond the words answers every other word (no k-th best lower end is finite); at k = 5 the
    three invalid rows among the kernel's must not take a place in the k-th best lower end (the
    3rd-5th answers are near a, far below x₂); 40 rows are all tail (no kernel rows at all)."""
    emb = small_vocabulary()
    rows = emb.searched_rows(restrict_vocab)
    for k in (1, 5, 200):
        theirs = gensim_on_the_first(emb, "w5", "w6", "w80", k, rows)
        ours = queries.analogy(emb, "w5", "w6", "w80", k, method="mul", restrict_vocab=restrict_vocab)
        assert_same_answers(ours.pairs(), theirs)
        assert len(theirs) == min(k, rows - 2 - (rows > 80) - (rows > 10) - (rows > 90))
    if restrict_vocab is None:
        # the test's premise: the 3rd-5th answers include kernel rows, and x₂ is far above them
        answers = [emb.index[w] for w, _ in gensim_on_the_first(emb, "w5", "w6", "w80", 5, rows)]
        assert answers[:2] == [20, 21] and min(answers[2:]) < 64


def sampled_good_words(rows=3200, seed=33):
    """``rows`` words × 8 with a = e₀, b = e₁, c = e₂ at rows 1-3; every 16th row (those the floor
    is sampled from) near −e₀ + e₁ + e₂ (scores ≈ 3), every other row near a (scores near ¼)."""
    rng = np.random.default_rng(seed)
    eye = np.eye(8)
    vectors = eye[0] * 2 + rng.standard_normal((rows, 8)) * 0.5
    vectors[::16] = (-eye[0] + eye[1] + eye[2]) + rng.standard_normal((rows // 16, 8)) * 0.15
    vectors[1], vectors[2], vectors[3] = eye[0], eye[1], eye[2]
    return Embeddings.from_arrays([f"w{i}" for i in range(rows)], vectors.astype(np.float32), "sampled")


@pytest.mark.parametrize("k", [10, 200])
def test_the_floor_drops_every_word_its_bound_rules_out(k, monkeypatch):
    """k = 200 is the whole sample (3,200 rows / 16).  From the float64 cosines t = 1 + cos and
    any δ⁺ ≥ every δ_x (here 0.03: r_x ≤ √8/254 = 0.0111 for int8 codes of 8 numbers, and
    δ_x = r_x + (1 + r_x)ρ + 2⁻⁸(1 + r_x)(1 + ρ) + SLACK ≤ 0.0193): the floor is at least the
    k-th best of the sampled words' L⁻ = (t_b − 2δ⁺)(t_c − 2δ⁺) / (2 (t_a + 2δ⁺ + 2ε)), and a
    word with (|t_b| + 2δ⁺)(|t_c| + 2δ⁺) < 2 T⁻ (t_a − 2δ⁺ + 2ε) (1 − 10⁻⁵) is below it: the pass
    drops at least those (more than nine words in ten here), and still answers as gensim."""
    emb = sampled_good_words()
    kv = as_keyed_vectors(emb)
    counts = survivors_counted(monkeypatch)
    ours = queries.analogy(emb, "w1", "w2", "w3", k, method="mul").pairs()
    assert_same_answers(ours, gensim_cosmul(kv, "w1", "w2", "w3", k))
    vectors = np.asarray(emb.vectors, dtype=np.float64)
    t = 1 + (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)) @ vectors[1:4].T  # rows (t_a, t_b, t_c)
    wide, epsilon = 2 * 0.03, 1e-6
    lower = (t[:, 1] - wide) * (t[:, 2] - wide) / (2 * (t[:, 0] + wide + 2 * epsilon))
    lower[(t[:, 1] < wide) | (t[:, 2] < wide) | (t[:, 0] - wide + 2 * epsilon <= 0)] = -np.inf
    lower[[1, 2, 3]] = -np.inf  # the query words (none is sampled here: rows 1-3)
    floor = np.sort(lower[::16])[-k]
    denominator = t[:, 0] - wide + 2 * epsilon
    ruled_out = (denominator > 0) & ((np.abs(t[:, 1]) + wide) * (np.abs(t[:, 2]) + wide)
                                     < 2 * floor * denominator * (1 - 1e-5) * (1 - 1e-6))
    assert ruled_out.sum() > 0.9 * len(emb)
    assert counts[-1] <= len(emb) - ruled_out.sum()


def test_a_query_word_among_the_sampled_rows_never_raises_the_floor():
    """a (row 0) is one of the rows the floor is sampled from, and scores high there (2.9 for
    a itself would drop x₂); at k = 2 the floor is the 2nd best sampled lower end of the
    other words: x₁ (row 16, sampled, ≈ 2.95) and x₂ (row 17, ≈ 1.46) are both answers."""
    rng = np.random.default_rng(35)
    eye = np.eye(8)
    vectors = eye[0] * 2 + rng.standard_normal((3200, 8)) * 0.5
    vectors[0], vectors[1], vectors[2] = eye[0], eye[1], eye[2]
    vectors[16] = (-eye[0] + eye[1] + eye[2]) / np.sqrt(3)
    vectors[17] = (eye[1] + eye[2]) / np.sqrt(2)
    emb = Embeddings.from_arrays([f"w{i}" for i in range(3200)], vectors.astype(np.float32), "gap")
    kv = as_keyed_vectors(emb)
    for k in (2, 3):
        ours = queries.analogy(emb, "w0", "w1", "w2", k, method="mul").pairs()
        assert_same_answers(ours, gensim_cosmul(kv, "w0", "w1", "w2", k))
        assert [w for w, _ in ours[:2]] == ["w16", "w17"]
