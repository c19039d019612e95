"""engine.entropy_analysis and engine.infotheory, value by value, against scipy and formulas
written out here.  Written to kill the mutants `make mutation` found alive in those modules
(docs/testing.md): every field of the reports, every default, every branch of the checks."""
import math

import numpy as np
import pytest
import scipy.special
import scipy.stats
from scipy.spatial.distance import jensenshannon

from engine.distribution_parser import DistributionError, SumError, parse_distribution, text_distribution
from engine.entropy_analysis import analyse, gaussian_report
from engine.infotheory import (align, cross_entropy, entropy, gaussian_density, gaussian_kl, gaussian_kl_numeric,
                               huffman_code,
                               js_divergence,
                               kl_divergence, kl_terms, row_entropies, surprisal)


def closed_form_kl(m1, s1, m2, s2):
    """KL(N1||N2) in nats = ln(s2/s1) + (s1² + (m1-m2)²) / (2 s2²) - 1/2."""
    return math.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5


# (0, 2) vs (9, 0.5): the grid's left end comes from N1 and its right end from N2; swapped, the
# other way round; standard deviations other than 1 tell 4σ from 4/σ.
@pytest.mark.parametrize("m1, s1, m2, s2, lo, hi", [
    (0.0, 2.0, 9.0, 0.5, -8.0, 11.0),
    (9.0, 0.5, 0.0, 2.0, -8.0, 11.0),
])
def test_gaussian_report_grid_densities_and_kl_in_bits(m1, s1, m2, s2, lo, hi):
    r = gaussian_report(m1, s1, m2, s2, unit="bits")
    assert r.unit == "bits"
    assert len(r.x) == 2001 and r.x[0] == lo and r.x[-1] == hi
    np.testing.assert_allclose(r.x, np.linspace(lo, hi, 2001))
    np.testing.assert_allclose(r.density_1, scipy.stats.norm(m1, s1).pdf(r.x), rtol=1e-12, atol=1e-300)
    np.testing.assert_allclose(r.density_2, scipy.stats.norm(m2, s2).pdf(r.x), rtol=1e-12, atol=1e-300)
    bits = math.log(2)
    assert r.kl_12 == pytest.approx(closed_form_kl(m1, s1, m2, s2) / bits, rel=1e-12)
    assert r.kl_21 == pytest.approx(closed_form_kl(m2, s2, m1, s1) / bits, rel=1e-12)
    assert r.kl_12_numeric == pytest.approx(closed_form_kl(m1, s1, m2, s2) / bits, rel=1e-7)
    assert r.kl_21_numeric == pytest.approx(closed_form_kl(m2, s2, m1, s1) / bits, rel=1e-7)


def test_gaussian_report_defaults_to_nats_and_needs_two_grid_points():
    r = gaussian_report(1, 1, 1, 1)
    assert r.unit == "nats" and r.kl_12 == 0.0
    assert len(gaussian_report(0, 1, 1, 1, points=2).x) == 2
    assert len(gaussian_report(0, 1, 1, 1, points=1).x) == 2
    assert len(gaussian_report(0, 1, 1, 1, points=7).x) == 7


def test_gaussian_density_matches_scipy():
    x = np.array([-3, 0, 1, 2.5, 7])  # integers mixed in: read as float64
    np.testing.assert_allclose(gaussian_density(x, 1.5, 0.7), scipy.stats.norm(1.5, 0.7).pdf(x), rtol=1e-13)
    np.testing.assert_allclose(gaussian_density([0, 1, 2], -1, 3), scipy.stats.norm(-1, 3).pdf([0, 1, 2]),
                               rtol=1e-13)
    # float32 grids are computed in float64, not rounded to float32
    grid = np.linspace(-2, 2, 9, dtype=np.float32)
    got = gaussian_density(grid, 0.1, 0.3)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, scipy.stats.norm(0.1, 0.3).pdf(grid.astype(np.float64)), rtol=1e-13)


# ---- surprisal and KL terms: units, zeros, signs ------------------------------------------------

def test_surprisal_is_in_bits_by_default_and_infinite_for_impossible_outcomes():
    got = surprisal([0.5, 0.25, 0.25, 0.0])
    np.testing.assert_array_equal(got, [1.0, 2.0, 2.0, np.inf])
    np.testing.assert_allclose(surprisal([0.1, 0.9], base=10), [1.0, -math.log10(0.9)], rtol=1e-14)


@pytest.mark.parametrize("base", [2, 0.5])
def test_certain_outcomes_and_equal_terms_are_plus_zero(base):
    # -log 1 is -0.0, and 0.0 divided by log 0.5 < 0 is -0.0: the tables must not show "-0"
    s = surprisal([1.0, 0.0], base=base)
    assert s[0] == 0.0 and not np.signbit(s[0])
    terms = kl_terms([0.5, 0.5], [0.5, 0.5], base=base)
    assert np.all(terms == 0.0) and not np.any(np.signbit(terms))


# ---- matching P's and Q's outcomes ------------------------------------------------------------

def test_align_reorders_q_and_keeps_what_was_typed_about_it():
    p = parse_distribution("a: 0.5, b: 0.5")
    q = parse_distribution("b: 3, a: 1")  # counts: normalised, total 4
    p2, q2 = align(p, q)
    assert p2 is p
    assert q2.labels == ("a", "b")
    np.testing.assert_array_equal(q2.probabilities, [0.25, 0.75])
    assert q2.normalized is True and q2.kind == "counts" and q2.total == 4.0 and q2.labelled is True


def test_align_union_of_text_outcomes_keeps_the_text_fields():
    p, q = text_distribution("aab"), text_distribution("bc")
    p2, q2 = align(p, q, union=True)
    assert p2.labels == q2.labels == ("a", "b", "c")
    np.testing.assert_allclose(p2.probabilities, [2 / 3, 1 / 3, 0.0])
    np.testing.assert_allclose(q2.probabilities, [0.0, 0.5, 0.5])
    for before, after in ((p, p2), (q, q2)):
        assert (after.normalized, after.kind, after.total, after.labelled) == (True, "characters", before.total, True)


def test_align_names_at_most_five_missing_outcomes():
    seven = ", ".join(f"{c}: 1" for c in "abcdefg")
    others = ", ".join(f"{c}: 1" for c in "hijklmn")
    with pytest.raises(DistributionError) as info:
        align(parse_distribution(seven), parse_distribution(others))
    assert str(info.value) == ("P and Q must name the same outcomes: Q has no “a”, “b”, “c”, “d”, “e” and 2 more; "
                               "P has no “h”, “i”, “j”, “k”, “l” and 2 more.")
    five = ", ".join(f"{c}: 1" for c in "abcde")
    with pytest.raises(DistributionError) as info:
        align(parse_distribution(five + ", z: 1"), parse_distribution("z: 1, y: 1"))
    assert str(info.value) == ("P and Q must name the same outcomes: Q has no “a”, “b”, “c”, “d”, “e”; "
                               "P has no “y”.")
    with pytest.raises(DistributionError) as info:
        align(parse_distribution("abcdef: 1, z: 1"), parse_distribution("z: 1, y: 1, x: 1, w: 1, v: 1, u: 1, t: 1"))
    assert str(info.value).endswith("P has no “y”, “x”, “w”, “v”, “u” and 1 more.")


# ---- the code lengths the view tabulates --------------------------------------------------------

def test_code_report_field_by_field_with_an_outcome_neither_p_nor_q_can_produce():
    # P = (1/2, 1/4, 1/4, 0), Q = (1/4, 1/4, 1/2, 0): both Huffman codes are complete binary
    # trees, so the lengths are -log2 of the probabilities; the fourth outcome gets no codeword.
    a = analyse("0.5 0.25 0.25 0", "0.25 0.25 0.5 0", unit="nats")
    c = a.code
    assert isinstance(c.huffman, tuple) and c.huffman[3] is None
    assert [len(w) for w in c.huffman[:3]] == [1, 2, 2]
    assert c.huffman_lengths.dtype == np.float64
    np.testing.assert_array_equal(c.huffman_lengths[:3], [1.0, 2.0, 2.0])
    assert math.isnan(c.huffman_lengths[3])
    np.testing.assert_array_equal(c.ideal_lengths, [1.0, 2.0, 2.0, np.inf])
    assert c.fixed == ("00", "01", "10", "11") and c.fixed_bits == 2 and c.average_fixed == 2.0
    assert c.entropy_bits == 1.5 and c.average_huffman == 1.5  # 0.5·1 + 0.25·2 + 0.25·2
    # P's data coded with Q's code: 0.5·2 + 0.25·2 + 0.25·1; and H(P, Q) in bits, whatever the unit
    assert c.average_q_code == 1.75
    assert c.cross_entropy_bits == pytest.approx(-(0.5 * math.log2(0.25) + 0.25 * math.log2(0.25)
                                                   + 0.25 * math.log2(0.5)), abs=1e-15)


def test_code_report_lengths_are_float_even_without_a_zero_and_q_fields_empty_without_q():
    a = analyse("0.5 0.5")
    assert a.code.huffman_lengths.dtype == np.float64
    np.testing.assert_array_equal(a.code.huffman_lengths, [1.0, 1.0])
    assert a.code.average_q_code is None and a.code.cross_entropy_bits is None


@pytest.mark.parametrize("labelled_side", ["p", "q"])
def test_align_gives_the_unlabelled_side_the_other_sides_names_and_keeps_the_rest(labelled_side):
    named = parse_distribution("heads: 0.5, tails: 0.5")
    plain = parse_distribution("3 1")  # counts: normalised, total 4, x1 x2
    p, q = (named, plain) if labelled_side == "p" else (plain, named)
    p2, q2 = align(p, q)
    renamed, kept = (q2, p2) if labelled_side == "p" else (p2, q2)
    assert kept is named
    assert renamed.labels == ("heads", "tails")
    np.testing.assert_array_equal(renamed.probabilities, [0.75, 0.25])
    assert (renamed.normalized, renamed.kind, renamed.total, renamed.labelled) == (True, "counts", 4.0, False)
    assert renamed.labelled is False


def test_align_returns_unlabelled_distributions_themselves():
    p, q = parse_distribution("0.5 0.5"), parse_distribution("1 3")
    p2, q2 = align(p, q)
    assert p2 is p and q2 is q


def test_analyse_normalises_on_request():
    a = analyse("0.2 0.2", "1/8 1/8", normalize=True)
    np.testing.assert_array_equal(a.p, [0.5, 0.5])
    np.testing.assert_array_equal(a.q, [0.5, 0.5])
    assert a.p_source.normalized and a.q_source.normalized
    with pytest.raises(DistributionError, match="add up to 0.4"):
        analyse("0.2 0.2")


def test_analyse_word_mode_respects_case_unless_asked_to_ignore_it():
    a = analyse("The cat saw the cat", "the dog", mode="word")
    assert a.labels == ("cat", "The", "saw", "the", "dog")
    np.testing.assert_allclose(a.p, [0.4, 0.2, 0.2, 0.2, 0.0])
    np.testing.assert_allclose(a.q, [0.0, 0.0, 0.0, 0.5, 0.5])
    b = analyse("The cat saw the cat", "THE dog", mode="word", ignore_case=True)
    assert b.labels == ("the", "cat", "saw", "dog")
    np.testing.assert_allclose(b.p, [0.4, 0.4, 0.2, 0.0])
    np.testing.assert_allclose(b.q, [0.5, 0.0, 0.0, 0.5])
    c = analyse("Aa", "aA", mode="char", ignore_case=True)
    assert c.labels == ("a",) and c.p_source.kind == "characters"


def test_analyse_refuses_an_unknown_mode_by_name():
    with pytest.raises(DistributionError) as info:
        analyse("0.5 0.5", mode="words")
    assert str(info.value) == "Unknown input mode 'words': choose numbers, char or word."


def test_analyse_without_q_field_by_field():
    a = analyse("a: 0.5, b: 0.25, c: 0.25", "", unit="nats")
    p = np.array([0.5, 0.25, 0.25])
    assert (a.unit, a.base, a.labels) == ("nats", math.e, ("a", "b", "c"))
    np.testing.assert_array_equal(a.p, p)
    assert a.p_source.labels == ("a", "b", "c") and a.p_source.kind == "probabilities"
    assert a.entropy_p == pytest.approx(scipy.stats.entropy(p), abs=1e-15)
    np.testing.assert_allclose(a.surprisal_p, -np.log(p), rtol=1e-15)
    assert a.kl_pq_infinite == () and a.kl_qp_infinite == ()
    assert a.q is a.q_source is a.entropy_q is a.cross_pq is a.cross_qp is a.kl_pq is a.kl_qp is a.js is None
    assert a.surprisal_q is None and a.kl_terms is None and not a.has_q
    assert a.code.entropy_bits == 1.5 and a.code.average_huffman == 1.5


def test_analyse_with_q_field_by_field_in_hartleys():
    a = analyse("x: 0.7, y: 0.2, z: 0.1, w: 0", "z: 0.5, y: 0.25, x: 0.25, w: 0", unit="hartleys")
    p, q = np.array([0.7, 0.2, 0.1, 0.0]), np.array([0.25, 0.25, 0.5, 0.0])
    assert (a.unit, a.base, a.labels) == ("hartleys", 10.0, ("x", "y", "z", "w"))
    np.testing.assert_array_equal(a.p, p)
    np.testing.assert_array_equal(a.q, q)
    assert a.p_source.labels == ("x", "y", "z", "w") and a.q_source.labels == ("z", "y", "x", "w")
    tol = dict(rel=1e-13, abs=1e-15)
    assert a.entropy_p == pytest.approx(scipy.stats.entropy(p, base=10), **tol)
    assert a.entropy_q == pytest.approx(scipy.stats.entropy(q, base=10), **tol)
    assert a.cross_pq == pytest.approx(-np.sum(p[:3] * np.log10(q[:3])), **tol)
    assert a.cross_qp == pytest.approx(-np.sum(q[:3] * np.log10(p[:3])), **tol)
    assert a.kl_pq == pytest.approx(scipy.stats.entropy(p, q, base=10), **tol)
    assert a.kl_qp == pytest.approx(scipy.stats.entropy(q, p, base=10), **tol)
    assert a.js == pytest.approx(jensenshannon(p, q, base=10) ** 2, rel=1e-10)
    assert a.kl_pq_infinite == () and a.kl_qp_infinite == ()
    np.testing.assert_allclose(a.surprisal_p, np.append(-np.log10(p[:3]), np.inf), rtol=1e-14)
    np.testing.assert_allclose(a.surprisal_q, np.append(-np.log10(q[:3]), np.inf), rtol=1e-14)
    np.testing.assert_allclose(a.kl_terms, scipy.special.rel_entr(p, q) / math.log(10), rtol=1e-14)
    assert a.has_q and a.code.average_q_code == pytest.approx(0.7 * 2 + 0.2 * 2 + 0.1 * 1)


def test_analyse_names_outcomes_impossible_under_p():
    a = analyse("a: 0.5, b: 0.5, c: 0", "a: 0.25, b: 0.25, c: 0.5")
    assert a.kl_qp == math.inf and a.kl_qp_infinite == ("c",) and a.kl_pq_infinite == ()


# ---- Huffman ties: broken by the order of the outcomes ------------------------------------------

def test_huffman_ties_follow_outcome_order_then_merge_order():
    # Uniform over 4: merge outcomes 0+1 (first two), then 2+3, then those two nodes in the order
    # they were made; the first popped of each pair gets "0".
    assert huffman_code([0.25] * 4) == ["00", "01", "10", "11"]
    # (0.4, 0.2, 0.2, 0.2): merge 1+2 -> 0.4 (made after outcome 0, so it ties and comes second),
    # then 3 (0.2) + outcome 0 (0.4) -> 0.6, then the 0.4 node + the 0.6 node.
    assert huffman_code([0.4, 0.2, 0.2, 0.2]) == ["11", "00", "01", "10"]


def test_zero_measures_are_plus_zero_in_every_base():
    # a logarithm base below 1 has a negative log: 0 / log(0.5) is -0.0, which must not reach a label
    for base in (2, 0.5):
        for value in (entropy([1.0], base=base), cross_entropy([1.0, 0.0], [1.0, 0.0], base=base),
                      kl_divergence([0.3, 0.7], [0.3, 0.7], base=base), js_divergence([0.3, 0.7], [0.3, 0.7], base=base)):
            assert value == 0.0 and math.copysign(1.0, value) == 1.0, (base, value)


def test_a_base_below_one_flips_the_sign_of_js_as_of_kl():
    p, q = [0.9, 0.1], [0.2, 0.8]
    expected_nats = jensenshannon(p, q) ** 2
    assert js_divergence(p, q, base=0.5) == pytest.approx(expected_nats / math.log(0.5), rel=1e-10)
    assert kl_divergence(p, q, base=0.5) == pytest.approx(scipy.stats.entropy(p, q) / math.log(0.5), rel=1e-12)


# ---- row entropies (attention maps) --------------------------------------------------------------

def test_row_entropies_compute_float32_maps_in_float64():
    rng = np.random.default_rng(3)
    rows = rng.dirichlet(np.ones(7), size=5).astype(np.float32)
    wide = rows.astype(np.float64)  # taken as they are: not divided by their float32 sums
    np.testing.assert_allclose(row_entropies(rows), -np.sum(wide * np.log2(wide), axis=-1), rtol=1e-13)


def test_row_entropies_messages_and_zero_sign():
    cases = [([["a", "b"]], "The matrix must hold numbers."),
             (0.5, "row_entropies needs at least one row of probabilities, not a single number."),
             ([[0.5, np.inf]], "The matrix contains NaN or infinity: every probability must be a real number."),
             ([[0.5, -0.25]], "The matrix has a negative probability (-0.25).")]
    for bad, text in cases:
        with pytest.raises(DistributionError) as info:
            row_entropies(bad)
        assert str(info.value) == text
    h = row_entropies([[1.0, 0.0], [0.5, 0.5]], base=0.5)
    assert h[0] == 0.0 and not np.signbit(h[0]) and h[1] == pytest.approx(-1.0)
    h = row_entropies([[1.0, 0.0], [0.0, 0.0]])  # -(0 + 0) is -0.0 in bits too
    assert not np.any(np.signbit(h))


def test_numeric_gaussian_kl_uses_at_least_three_points_and_an_odd_count():
    # Simpson's rule on 3 points of mu1 ± 12 sigma1: h/3 (f0 + 4 f1 + f2), h = 12 sigma1, written out here
    m1, s1, m2, s2 = 0.5, 1.5, -1.0, 2.0
    x = np.array([m1 - 12 * s1, m1, m1 + 12 * s1])
    log_p, log_q = scipy.stats.norm(m1, s1).logpdf(x), scipy.stats.norm(m2, s2).logpdf(x)
    f = np.exp(log_p) * (log_p - log_q)
    three = 12 * s1 / 3 * (f[0] + 4 * f[1] + f[2])
    for points in (1, 2, 3):
        assert gaussian_kl_numeric(m1, s1, m2, s2, points=points) == pytest.approx(three, rel=1e-12)
    # 4 points become 5: Simpson on mu1 ± 12 sigma1 in 4 steps of 6 sigma1
    x5 = np.linspace(m1 - 12 * s1, m1 + 12 * s1, 5)
    log_p, log_q = scipy.stats.norm(m1, s1).logpdf(x5), scipy.stats.norm(m2, s2).logpdf(x5)
    f5 = np.exp(log_p) * (log_p - log_q)
    five = 6 * s1 / 3 * (f5[0] + 4 * f5[1] + 2 * f5[2] + 4 * f5[3] + f5[4])
    assert gaussian_kl_numeric(m1, s1, m2, s2, points=4) == pytest.approx(five, rel=1e-12)


def test_numeric_gaussian_kl_is_infinite_without_a_warning_when_n2_is_a_spike():
    # log q overflows to -inf on the grid: the integral is +inf, quietly (warnings are errors in the tests)
    assert gaussian_kl_numeric(0, 1, 0, 1e-200) == math.inf


# ---- extreme ratios p/q, default units, messages ---------------------------------------------------

@pytest.mark.parametrize("p, q", [
    ([1e-310, 1.0], [1.0, 1e-310]),  # 1 / 1e-310 overflows: the term comes from log p - log q
    ([1e-310, 1.0], [0.3, 0.7]),     # 1e-310 / 0.3 underflows to a subnormal
])
def test_kl_terms_of_extreme_ratios_equal_p_times_log_difference(p, q):
    p_, q_ = np.array(p), np.array(q)
    expected = p_ * (np.log(p_) - np.log(q_)) / math.log(2)  # quietly: warnings are errors here
    np.testing.assert_allclose(kl_terms(p, q), expected, rtol=1e-12)
    assert kl_divergence(p, q) == pytest.approx(expected.sum(), rel=1e-12)


def test_cross_entropy_and_js_default_to_bits():
    p, q = [0.5, 0.5], [0.25, 0.75]
    assert cross_entropy(p, q) == pytest.approx(-(0.5 * math.log2(0.25) + 0.5 * math.log2(0.75)), rel=1e-14)
    assert js_divergence(p, q) == pytest.approx(jensenshannon(p, q, base=2) ** 2, rel=1e-10)


def test_gaussian_parameter_messages_name_the_parameter():
    for args, text in (((0, 1, "x", 1), "μ2 must be a number, not 'x'."),
                       ((0, 1, math.inf, 1), "μ2 must be a finite number, not inf."),
                       ((0, 1, 0, 0), "σ2 is a standard deviation: it must be above 0, not 0.")):
        with pytest.raises(DistributionError) as info:
            gaussian_kl_numeric(*args)
        assert str(info.value) == text


def test_one_distribution_object_and_one_plain_list_are_paired_by_position():
    p = parse_distribution("heads: 0.5, tails: 0.5")
    assert kl_divergence(p, [0.25, 0.75]) == pytest.approx(0.5 * math.log2(2) + 0.5 * math.log2(0.5 / 0.75), rel=1e-14)
    assert kl_divergence([0.25, 0.75], p) == pytest.approx(0.25 * math.log2(0.5) + 0.75 * math.log2(1.5), rel=1e-14)


@pytest.mark.parametrize("m1, s1, m2, s2, expected", [
    (0, 1e300, 0, 1e-300, math.inf),             # (s1/s2)² is infinite: nan before
    (1e300, 1, -1e300, 1e-10, math.inf),         # ((m1 - m2)/s2)² is infinite
    (0, 1e-300, 0, 1e300, 600 * math.log(10) - 0.5),  # s1/s2 underflows to 0: a math domain error before
    (0, 1e-200, 0, 1e200, 400 * math.log(10) - 0.5),
])
def test_closed_form_gaussian_kl_of_extreme_parameters_is_a_number(m1, s1, m2, s2, expected):
    # ln(s2/s1) = ln 10^600 when s1 = 1e-300, s2 = 1e300, and the other terms vanish
    assert gaussian_kl(m1, s1, m2, s2) == pytest.approx(expected, rel=1e-13)


def test_closed_form_gaussian_kl_of_huge_over_tiny_sigma_is_infinite():
    assert gaussian_kl(0, 1e300, 0, 1e-300) == math.inf
    assert gaussian_kl(0, 1e-300, 0, 1e300) == pytest.approx(math.log(1e300) - math.log(1e-300) - 0.5, rel=1e-15)


def test_kl_terms_of_nearly_equal_probabilities_keep_their_digits():
    # p/q = 1 ± 2^-29 exactly; log(p/q) keeps every digit of the tiny term, log p - log q loses
    # about half of them (cancellation).  The oracle: p log1p((p - q)/q), with p - q exact.
    e = 2.0 ** -30
    p, q = [0.5 + e, 0.5 - e], [0.5, 0.5]
    expected = [x * math.log1p((x - y) / y) for x, y in zip(p, q)]
    np.testing.assert_allclose(kl_terms(p, q, base=math.e), expected, rtol=1e-13)


def test_zero_probabilities_add_exactly_nothing_whatever_memory_held_before():
    # 0 log 0 = 0 must come from the code, not from what freed memory happened to hold: fill
    # numpy's cache of small freed buffers with NaN first (a masked attention row is all zeros)
    rows = [[0.5, 0.0, 0.5, 0.0], [0.0, 0.0, 0.0, 0.0]]
    for _ in range(5):
        for shape in ((2, 4), (4,)):
            junk = [np.full(shape, np.nan) for _ in range(16)]
            del junk
            np.testing.assert_array_equal(row_entropies(rows), [1.0, 0.0])
            np.testing.assert_array_equal(row_entropies(np.array(rows[0])), 1.0)


def test_two_distribution_measures_name_the_side_that_is_wrong():
    def message(call, p, q):
        with pytest.raises(DistributionError) as info:
            call(p, q)
        return str(info.value)

    assert message(kl_divergence, [0.5, 0.4], [0.5, 0.5]) == "P's probabilities add up to 0.9, not 1."
    assert message(cross_entropy, [0.5, 0.5], [0.5, -0.5, 1.0]) == "Q has a negative probability (-0.5)."
    assert message(js_divergence, [], [1.0]) == "P is empty: it needs at least one outcome."
    assert message(kl_terms, [1.0], [[1.0]]) == "Q must be a flat list of probabilities (got shape (1, 1))."


def test_one_distribution_measures_check_size_sum_and_name_p():
    with pytest.raises(SumError) as info:
        entropy([0.5, 0.4])
    assert str(info.value) == "P's probabilities add up to 0.9, not 1."
    assert info.value.total == 0.9
    assert entropy([1e-4] * 10_000) == pytest.approx(math.log2(10_000), rel=1e-12)
    with pytest.raises(DistributionError) as info:
        surprisal([1e-4] * 10_001)
    assert str(info.value) == "That is 10,001 outcomes; the calculator handles at most 10,000 outcomes."


def test_a_sum_within_the_tolerance_is_divided_by_itself():
    # 1.0000005 is accepted as 1 and divided by its sum, as scipy does
    p = [0.5, 0.5000005]
    assert entropy(p) == pytest.approx(scipy.stats.entropy(p, base=2), rel=1e-12)
    np.testing.assert_allclose(surprisal(p), -np.log2(np.array(p) / math.fsum(p)), rtol=1e-12)


def test_logarithm_base_messages():
    with pytest.raises(DistributionError) as info:
        entropy([1.0], base="x")
    assert str(info.value) == "The logarithm base must be a number, not 'x'."
    with pytest.raises(DistributionError) as info:
        entropy([1.0], base=0)
    assert str(info.value) == ("The logarithm base must be a positive number other than 1 (2: bits, e: nats, "
                               "10: hartleys), not 0.")
