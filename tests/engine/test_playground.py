"""engine.playground against numpy written out here, and hand-computed lesson numbers."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from engine.playground import (
    MAX_SIZE, NAME_AGE_PRESET, MatrixInputError, matrix_attention, parse_matrix, query_attention,
    random_matrices, scale_factor, why_scale,
)

TOL = 1e-12


def reference_attention(q, k, v, factor, causal=False):
    """softmax(factor * Q K^T) V written out loop by loop, independent of the engine."""
    n, m = q.shape[0], k.shape[0]
    weights = np.zeros((n, m))
    for i in range(n):
        visible = [j for j in range(m) if not causal or j <= i]
        scores = [factor * sum(q[i, a] * k[j, a] for a in range(q.shape[1])) for j in visible]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        for j, e in zip(visible, exps):
            weights[i, j] = e / sum(exps)
    return weights, weights @ v


# --- query mode: the lesson's name -> age preset ----------------------------------------------------

def test_name_age_preset_scaled_by_root_three():
    result = query_attention(**NAME_AGE_PRESET)
    assert result.dot_products.tolist() == [1.0, 1.0, 0.0, 1.0]
    e = math.exp(1 / math.sqrt(3))  # each matching key's exp(score); the third key has exp(0) = 1
    expected = [e / (3 * e + 1)] * 2 + [1 / (3 * e + 1)] + [e / (3 * e + 1)]
    np.testing.assert_allclose(result.weights, expected, rtol=0, atol=TOL)
    # not the idealised 1/3, 1/3, 0, 1/3 of the lesson: 0.2808, 0.2808, 0.1576, 0.2808
    np.testing.assert_allclose(result.weights, [0.2808, 0.2808, 0.1576, 0.2808], atol=5e-5)
    age = (18 * e + 20 * e + 22 + 19 * e) / (3 * e + 1)
    assert float(result.output) == pytest.approx(age, abs=TOL)
    assert float(result.output) == pytest.approx(19.4729, abs=5e-5)  # not 19


def test_name_age_preset_unscaled():
    result = query_attention(**NAME_AGE_PRESET, scale=0.0)
    assert result.factor == 1.0
    e = math.e
    np.testing.assert_allclose(result.weights, [e / (3 * e + 1)] * 2 + [1 / (3 * e + 1)] +
                               [e / (3 * e + 1)], rtol=0, atol=TOL)
    assert float(result.output) == pytest.approx((57 * e + 22) / (3 * e + 1), abs=TOL)
    np.testing.assert_allclose(result.weights, [0.2969, 0.2969, 0.1092, 0.2969], atol=5e-5)


def test_query_mode_with_vector_values_equals_numpy():
    rng = np.random.default_rng(5)
    keys, values, query = rng.normal(size=(6, 4)), rng.normal(size=(6, 3)), rng.normal(size=4)
    result = query_attention(keys, values, query, scale=0.5)
    weights, output = reference_attention(query[None, :], keys, values, 4 ** -0.25)
    np.testing.assert_allclose(result.weights, weights[0], rtol=0, atol=TOL)
    np.testing.assert_allclose(result.output, output[0], rtol=0, atol=TOL)
    np.testing.assert_allclose(result.scores, 4 ** -0.25 * (keys @ query), rtol=0, atol=TOL)


# --- matrix mode ------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 6), m=st.integers(1, 6), d_k=st.integers(1, 8), d_v=st.integers(1, 5),
       seed=st.integers(0, 2 ** 32 - 1), t=st.sampled_from([0.0, 0.25, 0.5, 1.0]),
       causal=st.booleans())
def test_matrix_mode_equals_a_loop_computation(n, m, d_k, d_v, seed, t, causal):
    q, k, v = random_matrices(n, m, d_k, d_v, seed, decimals=None)
    result = matrix_attention(q, k, v, scale=t, causal=causal)
    factor = d_k ** (-t / 2)
    weights, output = reference_attention(q, k, v, factor, causal)
    np.testing.assert_allclose(result.products, q @ k.T, rtol=0, atol=TOL)
    np.testing.assert_allclose(result.weights, weights, rtol=0, atol=TOL)
    np.testing.assert_allclose(result.output, output, rtol=0, atol=TOL)
    np.testing.assert_allclose(result.weights.sum(axis=1), 1.0, rtol=0, atol=TOL)
    if causal:
        above = np.triu(np.ones((n, m), dtype=bool), k=1)
        assert np.all(result.weights[above] == 0.0)  # exactly zero, not tiny
        assert np.all(np.isneginf(result.scores[above]))
        assert not result.allowed[above].any()


def test_scale_interpolates_geometrically_from_one_to_inverse_root_dk():
    assert scale_factor(16, 0.0) == 1.0
    assert scale_factor(16, 1.0) == 0.25
    assert scale_factor(16, 0.5) == 0.5
    with pytest.raises(MatrixInputError, match="between 0 and 1"):
        scale_factor(16, 1.5)


def test_cell_edit_recomputes():
    q, k, v = random_matrices(3, 3, 2, 2, seed=1)
    before = matrix_attention(q, k, v).output
    q = q.copy()
    q[1, 0] += 1.0
    after = matrix_attention(q, k, v).output
    _, expected = reference_attention(q, k, v, 1 / math.sqrt(2))
    np.testing.assert_allclose(after, expected, rtol=0, atol=TOL)
    assert not np.allclose(before[1], after[1])


def test_random_matrices_are_seeded_and_rounded():
    a = random_matrices(2, 3, 4, 5, seed=7)
    b = random_matrices(2, 3, 4, 5, seed=7)
    assert [x.shape for x in a] == [(2, 4), (3, 4), (3, 5)]
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    rng = np.random.default_rng(7)
    np.testing.assert_array_equal(a[0], np.round(rng.standard_normal((2, 4)), 2))
    assert not np.array_equal(a[0], random_matrices(2, 3, 4, 5, seed=8)[0])


@pytest.mark.parametrize("call,message", [
    (lambda: matrix_attention(np.ones((2, 3)), np.ones((2, 2)), np.ones((2, 1))), "same d_k"),
    (lambda: matrix_attention(np.ones((2, 2)), np.ones((3, 2)), np.ones((2, 1))), "one value per key"),
    (lambda: matrix_attention([[1.0, np.nan]], [[1.0, 2.0]], [[1.0]]), "not finite"),
    (lambda: matrix_attention(np.ones((33, 2)), np.ones((2, 2)), np.ones((2, 1))), "at most 32"),
    (lambda: query_attention([[1, 2]], [1, 2], [1, 2]), "1 keys but 2 values"),
    (lambda: query_attention([[1, 2]], [1], [1, 2, 3]), "query has 3 numbers"),
    (lambda: query_attention([[1, 2], [3]], [1, 2], [1, 2]), "not a rectangular array"),
    (lambda: random_matrices(0, 2, 2, 2, seed=0), "n must be between 1 and 32"),
    (lambda: why_scale([0, 4]), "1..1024"),
])
def test_bad_shapes_raise_matrix_input_error(call, message):
    with pytest.raises(MatrixInputError, match=message):
        call()


# --- why scale --------------------------------------------------------------------------------------

def test_why_scale_spread_and_peak():
    stats = why_scale(samples=400, keys=16, seed=3)
    assert stats.d_k.tolist() == [2 ** i for i in range(11)]
    # unscaled q.k spreads like sqrt(d_k); scaled stays near 1 (400 x 16 samples: within 10 %)
    np.testing.assert_allclose(stats.dot_std, np.sqrt(stats.d_k), rtol=0.1)
    np.testing.assert_allclose(stats.scaled_dot_std, 1.0, rtol=0.1)
    # without scaling softmax becomes a hard max at d_k = 1024; with it, it stays soft
    assert stats.max_weight[-1] > 0.95
    assert 1 / 16 < stats.scaled_max_weight[-1] < 0.5
    assert stats.max_weight[-1] > stats.max_weight[0]
    again = why_scale(samples=400, keys=16, seed=3)
    assert np.array_equal(stats.max_weight, again.max_weight)  # deterministic for a seed


def test_why_scale_first_point_equals_numpy_with_the_same_draws():
    stats = why_scale([5], keys=4, samples=50, seed=11)
    rng = np.random.default_rng(11)
    q, k = rng.standard_normal((50, 1, 5)), rng.standard_normal((50, 4, 5))
    dots = np.einsum("sid,skd->sk", q, k)
    for raw, std, peak in ((dots, stats.dot_std, stats.max_weight),
                           (dots / math.sqrt(5), stats.scaled_dot_std, stats.scaled_max_weight)):
        assert std[0] == pytest.approx(raw.std(), abs=TOL)
        e = np.exp(raw - raw.max(axis=1, keepdims=True))
        assert peak[0] == pytest.approx((e / e.sum(axis=1, keepdims=True)).max(axis=1).mean(),
                                        abs=TOL)


# --- the parser -------------------------------------------------------------------------------------

def test_parse_text_and_cells():
    np.testing.assert_array_equal(parse_matrix("1, 2; 3 4"), [[1, 2], [3, 4]])
    np.testing.assert_array_equal(parse_matrix("1 2\n\n-3.5e1 .5\n"), [[1, 2], [-35, 0.5]])
    np.testing.assert_array_equal(parse_matrix([["1", " 2 "], ["\u22123", 4.0]]), [[1, 2], [-3, 4]])
    assert parse_matrix("7").dtype == np.float64


@pytest.mark.parametrize("text,row,column,message", [
    ("1, 2; 3 x", 1, 1, "row 2, column 2: 'x' is not a number"),
    ("1, nan", 0, 1, "row 1, column 2: 'nan' is not a number"),
    ("1e999", 0, 0, "not a finite number"),
    ("1,,2", 0, 1, "row 1, column 2 is empty"),
    ("1 2; 3", 1, 1, "row 2 has 1 numbers but row 1 has 2"),
    ([["1", "2"], ["3", "inf"]], 1, 1, "row 2, column 2: 'inf' is not a number"),
    ([[1.0, float("inf")]], 0, 1, "not a finite number"),
    ("", None, None, "is empty"),
    (";".join(["1"] * 33), None, None, "at most 32x32"),
    (" ".join(["1"] * 33), None, None, "at most 32x32"),
])
def test_malformed_input_names_the_cell(text, row, column, message):
    with pytest.raises(MatrixInputError, match=message) as caught:
        parse_matrix(text)
    assert (caught.value.row, caught.value.column) == (row, column)


FINITE = st.floats(allow_nan=False, allow_infinity=False, width=64)


@settings(max_examples=300, deadline=None)
@given(matrix=st.integers(1, 5).flatmap(lambda w: st.lists(st.lists(FINITE, min_size=w, max_size=w),
                                                              min_size=1, max_size=5)),
       cell_sep=st.sampled_from([",", ", ", " ", "\t", " , "]), row_sep=st.sampled_from([";", "\n", " ; "]))
def test_parser_reads_back_what_repr_writes(matrix, cell_sep, row_sep):
    text = row_sep.join(cell_sep.join(repr(x) for x in row) for row in matrix)
    np.testing.assert_array_equal(parse_matrix(text), np.array(matrix))


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list("0123456789.,;eE+- \n\t\u2212xnaif_")), max_size=40))
def test_parser_fuzz_only_ever_returns_finite_or_raises_its_error(text):
    try:
        matrix = parse_matrix(text)
    except MatrixInputError as error:
        if error.row is not None:
            assert 0 <= error.row < MAX_SIZE and 0 <= error.column <= MAX_SIZE
        return
    assert matrix.ndim == 2 and matrix.dtype == np.float64 and np.isfinite(matrix).all()
    assert 1 <= matrix.shape[0] <= MAX_SIZE and 1 <= matrix.shape[1] <= MAX_SIZE
