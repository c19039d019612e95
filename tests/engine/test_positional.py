"""engine.positional against closed forms written out here with plain `math` loops.

The reference functions below deliberately do not call the module's helpers (frequencies,
pair_indices, ...): they spell out the three layouts from the formulas in the issue.
"""
from __future__ import annotations

import math
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.positional import (MAX_D_MODEL, MAX_OFFSET, MAX_POSITIONS, VARIANT_USES, VARIANTS, analyse,
                               decimal_digit_encoding, encode_positions, frequencies, linear_encoding,
                               neighbour_steps, pair_indices, relative_shift_matrix, sinusoidal_encoding,
                               wavelengths)


# ---- independent closed forms ---------------------------------------------------------------

def ref_omega(i: int, d_model: int, base: float, variant: str) -> float:
    if variant == "tensor2tensor":
        return math.exp(-i * math.log(base) / max(d_model / 2 - 1, 1))
    return 1.0 / math.pow(base, 2 * i / d_model)


def ref_columns(i: int, d_model: int, variant: str) -> tuple[int, int]:
    """(sine column, cosine column) of pair i."""
    if variant == "paper":
        return 2 * i, 2 * i + 1
    return i, d_model // 2 + i


def ref_pe(pos: float, d_model: int, base: float = 10000.0, variant: str = "paper") -> list[float]:
    row = [0.0] * d_model
    for i in range(d_model // 2):
        s, c = ref_columns(i, d_model, variant)
        w = ref_omega(i, d_model, base, variant)
        row[s] = math.sin(pos * w)
        row[c] = math.cos(pos * w)
    return row


def ref_shift(k: float, d_model: int, base: float, variant: str) -> list[list[float]]:
    m = [[0.0] * d_model for _ in range(d_model)]
    for i in range(d_model // 2):
        s, c = ref_columns(i, d_model, variant)
        a = ref_omega(i, d_model, base, variant) * k
        # sin(x + a) = cos a sin x + sin a cos x ;  cos(x + a) = -sin a sin x + cos a cos x
        m[s][s], m[s][c] = math.cos(a), math.sin(a)
        m[c][s], m[c][c] = -math.sin(a), math.cos(a)
    return m


CASES = [
    (2, 10000.0), (4, 10000.0), (6, 10000.0), (16, 10000.0), (64, 10000.0), (128, 10000.0),
    (8, 100.0), (32, 10.0), (10, 1e6), (12, 2.5),
]


# ---- sinusoidal_encoding -----------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("d_model, base", CASES)
def test_encoding_matches_closed_form(d_model, base, variant):
    n = 300
    pe = sinusoidal_encoding(n, d_model, base, variant)
    assert pe.dtype == np.float64 and pe.shape == (n, d_model)
    expected = np.array([ref_pe(p, d_model, base, variant) for p in range(n)])
    assert np.max(np.abs(pe - expected)) <= 1e-12


def test_default_arguments_are_the_paper_with_base_10000():
    assert np.array_equal(sinusoidal_encoding(50, 20), sinusoidal_encoding(50, 20, 10000.0, "paper"))
    paper_w = [ref_omega(i, 8, 10000.0, "paper") for i in range(4)]
    assert np.allclose(frequencies(8), paper_w, rtol=1e-14, atol=0)
    assert np.allclose(wavelengths(8), [2 * math.pi / w for w in paper_w], rtol=1e-14, atol=0)
    assert [c.tolist() for c in pair_indices(6)] == [[0, 2, 4], [1, 3, 5]]


def test_a_single_position_and_a_single_pair():
    assert sinusoidal_encoding(1, 2).tolist() == [[0.0, 1.0]]  # sin 0, cos 0
    assert decimal_digit_encoding(1).tolist() == [[0.0]]
    assert linear_encoding(1).tolist() == [[0.0]]
    a = analyse(1, 2)
    assert a.similarity_matrix.tolist() == [[1.0]] and a.sinusoidal_steps.shape == (0,)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_base_below_one_is_allowed(variant):
    # Unusual (the frequencies then grow with i) but a positive finite base is all the formula needs.
    pe = sinusoidal_encoding(30, 8, 0.5, variant)
    assert np.max(np.abs(pe - np.array([ref_pe(p, 8, 0.5, variant) for p in range(30)]))) <= 1e-12


@pytest.mark.parametrize("variant, expected", [
    ("paper", [0.84147098, 0.54030231, 0.00999983, 0.99995]),
    ("tensor2tensor", [0.84147098, 0.0001, 0.54030231, 1.0]),
    ("concatenated", [0.84147098, 0.00999983, 0.54030231, 0.99995]),
])
def test_values_quoted_in_the_issue(variant, expected):
    pe = sinusoidal_encoding(2, 4, variant=variant)
    assert np.allclose(pe[1], expected, atol=5e-9)
    assert np.max(np.abs(pe[1] - ref_pe(1, 4, 10000.0, variant))) <= 1e-12
    assert np.array_equal(pe[0], [0.0, 1.0, 0.0, 1.0] if variant == "paper" else [0.0, 0.0, 1.0, 1.0])


def test_layouts_hold_the_same_numbers_for_paper_and_concatenated():
    paper = sinusoidal_encoding(40, 16, variant="paper")
    concatenated = sinusoidal_encoding(40, 16, variant="concatenated")
    order = [0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15]
    assert np.array_equal(paper[:, order], concatenated)


@pytest.mark.parametrize("variant", VARIANTS)
def test_frequencies_and_wavelengths(variant):
    for d_model, base in CASES:
        w = frequencies(d_model, base, variant)
        expected = [ref_omega(i, d_model, base, variant) for i in range(d_model // 2)]
        assert np.allclose(w, expected, rtol=1e-14, atol=0)
        assert np.allclose(wavelengths(d_model, base, variant), [2 * math.pi / x for x in expected],
                           rtol=1e-14, atol=0)
    # tensor2tensor spans exactly 2*pi .. 2*pi*base; the paper stops one step short of base.
    assert wavelengths(8, 10000.0, "tensor2tensor")[-1] == pytest.approx(2 * math.pi * 10000.0, rel=1e-12)
    assert wavelengths(8, 10000.0, "paper")[-1] == pytest.approx(2 * math.pi * 10000.0 ** 0.75, rel=1e-12)


def test_pair_indices():
    assert pair_indices(6, "paper")[0].tolist() == [0, 2, 4]
    assert pair_indices(6, "paper")[1].tolist() == [1, 3, 5]
    for variant in ("tensor2tensor", "concatenated"):
        assert pair_indices(6, variant)[0].tolist() == [0, 1, 2]
        assert pair_indices(6, variant)[1].tolist() == [3, 4, 5]


def test_encode_positions_agrees_with_the_table_and_beyond():
    pe = encode_positions([0, 3, 7, 1234.5], 12, 500.0, "tensor2tensor")
    expected = np.array([ref_pe(p, 12, 500.0, "tensor2tensor") for p in (0, 3, 7, 1234.5)])
    assert np.max(np.abs(pe - expected)) <= 1e-12
    assert np.array_equal(encode_positions(range(20), 8), sinusoidal_encoding(20, 8))


def test_encode_positions_takes_a_scalar_and_exact_fractions():
    assert np.max(np.abs(encode_positions(2.5, 6) - [ref_pe(2.5, 6)])) <= 1e-12
    thirds = encode_positions([Fraction(1, 2), Fraction(7, 3)], 6, variant="concatenated")
    expected = [ref_pe(0.5, 6, variant="concatenated"), ref_pe(7 / 3, 6, variant="concatenated")]
    assert np.max(np.abs(thirds - expected)) <= 1e-12


# ---- the relative-shift matrix ----------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("d_model, base", CASES[:6])
def test_shift_matrix_is_the_block_rotation(d_model, base, variant):
    for k in (0, 1, 5, -3, 17):
        m = relative_shift_matrix(k, d_model, base, variant)
        assert m.shape == (d_model, d_model) and m.dtype == np.float64
        assert np.max(np.abs(m - np.array(ref_shift(k, d_model, base, variant)))) <= 1e-12


@pytest.mark.parametrize("variant", VARIANTS)
def test_shift_matrices_compose_and_are_orthogonal(variant):
    d_model, base = 32, 10000.0
    for j, k in [(0, 0), (1, 1), (3, 5), (-4, 9), (100, 250), (7, -7)]:
        mj, mk = relative_shift_matrix(j, d_model, base, variant), relative_shift_matrix(k, d_model, base, variant)
        assert np.max(np.abs(mj @ mk - relative_shift_matrix(j + k, d_model, base, variant))) <= 1e-12
        assert np.max(np.abs(mk @ mk.T - np.eye(d_model))) <= 1e-12
        assert np.max(np.abs(mk.T - relative_shift_matrix(-k, d_model, base, variant))) <= 1e-12
    assert np.array_equal(relative_shift_matrix(0, d_model, base, variant), np.eye(d_model))


@settings(max_examples=200, deadline=None)
@given(
    pos=st.integers(0, 5000), k=st.integers(-5000, 5000),
    d_model=st.sampled_from([2, 4, 6, 10, 64, 100, 512]),
    base=st.sampled_from([10.0, 100.0, 10000.0, 123456.0]),
    variant=st.sampled_from(VARIANTS),
)
def test_shift_maps_pe_pos_to_pe_pos_plus_k(pos, k, d_model, base, variant):
    shifted = relative_shift_matrix(k, d_model, base, variant) @ encode_positions([pos], d_model, base, variant)[0]
    assert np.max(np.abs(shifted - np.array(ref_pe(pos + k, d_model, base, variant)))) <= 1e-9


def test_shift_maps_every_row_of_the_table():
    pe = sinusoidal_encoding(200, 48)
    m = relative_shift_matrix(13, 48)
    assert np.max(np.abs(pe[:-13] @ m.T - pe[13:])) <= 1e-9


@pytest.mark.parametrize("variant", VARIANTS)
def test_dot_product_depends_on_the_distance_only(variant):
    d_model, base = 24, 10000.0
    pe = sinusoidal_encoding(300, d_model, base, variant)
    for k in (0, 1, 2, 10, 57):
        dots = np.einsum("ij,ij->i", pe[:-k or None], pe[k:])
        closed = sum(math.cos(ref_omega(i, d_model, base, variant) * k) for i in range(d_model // 2))
        assert np.max(np.abs(dots - closed)) <= 1e-11


# ---- the naive codes -------------------------------------------------------------------------

def test_decimal_digit_encoding():
    codes = decimal_digit_encoding(1000)
    assert codes.shape == (1000, 3) and codes.dtype == np.float64
    for p in (0, 7, 42, 99, 100, 305, 999):
        assert codes[p].tolist() == [float(ch) for ch in f"{p:03d}"]
    assert decimal_digit_encoding(10).shape == (10, 1)
    assert decimal_digit_encoding(5, n_digits=4)[3].tolist() == [0.0, 0.0, 0.0, 3.0]


def test_decimal_digit_widths_from_1_to_18():
    # n_digits keeps the lowest digits: 47 in one digit is 7.
    assert decimal_digit_encoding(48, n_digits=1)[47].tolist() == [7.0]
    assert decimal_digit_encoding(3, n_digits=18)[2].tolist() == [0.0] * 17 + [2.0]
    for bad in (0, 19, 2.5, True):  # 10**18 is the largest power of ten in an int64
        with pytest.raises(ValueError, match="n_digits must be an integer from 1 to 18"):
            decimal_digit_encoding(5, n_digits=bad)


def test_linear_encoding_scale():
    assert linear_encoding(4, 0.5)[:, 0].tolist() == [0.0, 2.0, 4.0, 6.0]
    for bad in (0, 0.0, -1.0, float("inf")):
        with pytest.raises(ValueError, match="scale must be a positive finite number"):
            linear_encoding(4, bad)


def test_linear_encoding_and_neighbour_steps():
    lin = linear_encoding(50)
    assert lin.shape == (50, 1) and lin[37, 0] == 37 / 1000
    steps = neighbour_steps(decimal_digit_encoding(120))
    assert steps[8] == 1.0  # 8 -> 9
    assert steps[9] == pytest.approx(math.sqrt(1 + 81))  # 09 -> 10
    assert steps[99] == pytest.approx(math.sqrt(1 + 81 + 81))  # 099 -> 100
    # unsigned codes: 0 - 3 must be -3, not 253
    assert neighbour_steps(np.array([[0], [3], [1]], dtype=np.uint8)).tolist() == [3.0, 2.0]
    with pytest.raises(ValueError, match=r"^codes must be a \(positions, dimensions\) matrix$"):
        neighbour_steps([0.0, 1.0, 2.0])
    sinus = neighbour_steps(sinusoidal_encoding(100, 16))
    closed = math.sqrt(sum(2 - 2 * math.cos(ref_omega(i, 16, 10000.0, "paper")) for i in range(8)))
    assert np.max(np.abs(sinus - closed)) <= 1e-12


# ---- analyse(): what the view shows ----------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_analyse_matches_closed_forms(variant):
    n, d_model, base, pos, k = 60, 20, 500.0, 7, 90  # pos + k lies beyond the table
    a = analyse(n, d_model, base, variant, pos=pos, k=k, similarity="dot")
    expected = np.array([ref_pe(p, d_model, base, variant) for p in range(n)])
    assert np.max(np.abs(a.encoding - expected)) <= 1e-12
    ref_sim = np.array([[sum(math.cos(ref_omega(i, d_model, base, variant) * (p - q)) for i in range(d_model // 2))
                         for q in range(n)] for p in range(n)])
    assert np.max(np.abs(a.similarity_matrix - ref_sim)) <= 1e-11
    assert np.max(np.abs(a.source - ref_pe(pos, d_model, base, variant))) <= 1e-12
    assert np.max(np.abs(a.target - ref_pe(pos + k, d_model, base, variant))) <= 1e-12
    assert np.max(np.abs(a.rotated - a.target)) <= 1e-12
    assert a.max_abs_diff == float(np.max(np.abs(a.rotated - a.target))) <= 1e-12
    assert np.max(np.abs(a.shift_matrix - np.array(ref_shift(k, d_model, base, variant)))) <= 1e-12
    assert np.allclose(a.wavelengths, [2 * math.pi / ref_omega(i, d_model, base, variant) for i in range(10)],
                       rtol=1e-14, atol=0)
    assert np.allclose(a.frequencies, [ref_omega(i, d_model, base, variant) for i in range(10)], rtol=1e-14, atol=0)
    assert a.decimal.shape == (n, 2) and a.decimal[47].tolist() == [4.0, 7.0]
    assert a.linear[:, 0].tolist() == [p / 1000 for p in range(n)]
    assert a.sinusoidal_steps.shape == a.decimal_steps.shape == a.linear_steps.shape == (n - 1,)
    for i in range(d_model // 2):
        s, c = ref_columns(i, d_model, variant)
        assert a.column_kind(s) == ("sin", i) and a.column_kind(c) == ("cos", i)


def test_analyse_cosine_similarity():
    a = analyse(40, 16, similarity="cosine")
    pe = np.array([ref_pe(p, 16) for p in range(40)])
    ref = [[sum(x * y for x, y in zip(pe[p], pe[q])) / (math.sqrt(sum(x * x for x in pe[p])) *
                                                         math.sqrt(sum(y * y for y in pe[q])))
            for q in range(40)] for p in range(40)]
    assert np.max(np.abs(a.similarity_matrix - np.array(ref))) <= 1e-12
    assert np.allclose(np.diag(a.similarity_matrix), 1.0, atol=1e-15, rtol=0)


def test_analyse_result_is_frozen():
    a = analyse(10, 4)
    with pytest.raises(ValueError):
        a.encoding[0, 0] = 3.0
    with pytest.raises(AttributeError):
        a.pos = 3  # type: ignore[misc]
    for name, value in vars(a).items():
        if isinstance(value, np.ndarray):  # no array is writable, nor a view of a writable one
            assert not value.flags.writeable and (value.base is None or not value.base.flags.writeable), name


def test_analyse_records_its_parameters_as_plain_python_values():
    a = analyse(np.int64(12), np.int64(6), 500, "concatenated", pos=np.int64(2), k=3, similarity="cosine")
    assert (a.n_positions, a.d_model, a.base, a.variant, a.pos, a.k, a.similarity) == (
        12, 6, 500.0, "concatenated", 2, 3, "cosine")
    assert [type(x) for x in (a.n_positions, a.d_model, a.base, a.pos, a.k)] == [int, int, float, int, int]
    default = analyse(10, 8)
    assert (default.pos, default.k, default.similarity, default.variant) == (0, 1, "dot", "paper")
    assert np.max(np.abs(default.target - ref_pe(1, 8))) <= 1e-12


def test_analyse_sizes_up_to_the_limits():
    assert analyse(MAX_POSITIONS, 2).similarity_matrix.shape == (MAX_POSITIONS, MAX_POSITIONS)
    assert analyse(3, MAX_D_MODEL).shift_matrix.shape == (MAX_D_MODEL, MAX_D_MODEL)
    # the largest offsets, and pos + k = 0
    for pos, k in [(MAX_OFFSET, -MAX_OFFSET), (0, MAX_OFFSET), (3, -3)]:
        a = analyse(4, 6, pos=pos, k=k)
        assert np.max(np.abs(a.source - ref_pe(pos, 6))) <= 1e-9
        assert np.max(np.abs(a.target - ref_pe(pos + k, 6))) <= 1e-9


# ---- errors ---------------------------------------------------------------------------------

@pytest.mark.parametrize("d_model", [0, -2, 3, 7, 2.0, "8", None, True])
def test_bad_d_model(d_model):
    with pytest.raises(ValueError, match="d_model"):
        sinusoidal_encoding(10, d_model)
    with pytest.raises(ValueError, match="d_model"):
        relative_shift_matrix(1, d_model)


@pytest.mark.parametrize("n", [0, -1, 2.5, "10", None, True])
def test_bad_number_of_positions(n):
    with pytest.raises(ValueError, match="positions"):
        sinusoidal_encoding(n, 8)
    with pytest.raises(ValueError, match="positions"):
        decimal_digit_encoding(n)
    with pytest.raises(ValueError, match="the number of positions must be a positive integer"):
        linear_encoding(n)
    with pytest.raises(ValueError, match="positions"):
        analyse(n, 8)


@pytest.mark.parametrize("base", [0, -1.0, float("inf"), float("nan"), "10000", None])
def test_bad_base(base):
    with pytest.raises(ValueError, match="base"):
        sinusoidal_encoding(10, 8, base)
    with pytest.raises(ValueError, match="base"):
        relative_shift_matrix(1, 8, base)
    with pytest.raises(ValueError, match="base"):
        wavelengths(8, base)


def test_other_bad_arguments():
    with pytest.raises(ValueError, match="variant 'rotary'; choose one of paper, tensor2tensor, concatenated"):
        sinusoidal_encoding(10, 8, variant="rotary")
    with pytest.raises(ValueError, match="d_model must be even"):  # 1 is positive, but has no partner
        sinusoidal_encoding(10, 1)
    with pytest.raises(ValueError, match="shift"):
        relative_shift_matrix(float("nan"), 8)
    with pytest.raises(ValueError, match="d_model"):
        pair_indices(5)
    with pytest.raises(ValueError, match="n_digits"):
        decimal_digit_encoding(10, n_digits=-1)
    with pytest.raises(ValueError, match="scale"):
        linear_encoding(10, scale="big")
    with pytest.raises(ValueError, match="^positions must be finite numbers$"):
        encode_positions([1.0, float("inf")], 8)


def test_analyse_limits_and_arguments():
    with pytest.raises(ValueError, match=str(MAX_POSITIONS)):
        analyse(MAX_POSITIONS + 1, 8)
    with pytest.raises(ValueError, match=str(MAX_D_MODEL)):
        analyse(10, MAX_D_MODEL + 2)
    with pytest.raises(ValueError, match="pos"):
        analyse(10, 8, pos=-1)
    with pytest.raises(ValueError, match=r"pos \+ k must be 0 or more, got 2 \+ -3 = -1"):
        analyse(10, 8, pos=2, k=-3)
    with pytest.raises(ValueError, match="^pos must be an integer, got 1.5"):
        analyse(10, 8, pos=1.5)
    with pytest.raises(ValueError, match="^k must be an integer, got '2'"):
        analyse(10, 8, k="2")
    for pos, k in [(MAX_OFFSET + 1, 0), (0, MAX_OFFSET + 1), (MAX_OFFSET, -MAX_OFFSET - 1)]:
        with pytest.raises(ValueError, match="pos and k can be at most 1,000,000 here"):
            analyse(10, 8, pos=pos, k=k)
    with pytest.raises(ValueError, match="similarity 'euclid'; choose one of dot, cosine"):
        analyse(10, 8, similarity="euclid")
    with pytest.raises(ValueError, match="odd|even"):
        analyse(10, 9)


def test_every_variant_says_where_it_is_used():
    assert set(VARIANT_USES) == set(VARIANTS)
    assert all(VARIANT_USES[v].strip() for v in VARIANTS)


def test_engine_module_imports_neither_qt_nor_torch():
    code = ("import sys, engine.positional; "
            "bad = [m for m in ('PySide6', 'pyqtgraph', 'torch') if m in sys.modules]; "
            "print(*bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
