"""engine.infotheory and engine.entropy_analysis against independent oracles: scipy (entropy,
rel_entr, quad), a heapq Huffman written here, and the closed forms written out in the tests."""
import heapq
import math

import numpy as np
import pytest
import scipy.integrate
import scipy.special
import scipy.stats
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import jensenshannon

from engine.distribution_parser import (
    MAX_OUTCOMES,
    Distribution,
    DistributionError,
    SumError,
    format_distribution,
    parse_distribution,
    text_distribution,
)
from engine.entropy_analysis import analyse, gaussian_report
from engine.infotheory import (
    cross_entropy,
    entropy,
    fixed_length_code,
    gaussian_kl,
    gaussian_kl_numeric,
    huffman_code,
    js_divergence,
    kl_divergence,
    kl_terms,
    row_entropies,
)

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def close(a, b, tol=1e-12):
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


weights = st.one_of(st.just(0.0), st.floats(1e-200, 1e3), st.integers(0, 20).map(float))


@st.composite
def distributions(draw, n=None):
    n = n or draw(st.integers(1, 30))
    w = np.array(draw(st.lists(weights, min_size=n, max_size=n)))
    assume(w.sum() > 0)
    return w / w.sum()


@st.composite
def pairs(draw):
    n = draw(st.integers(1, 30))
    return draw(distributions(n)), draw(distributions(n))


bases = st.sampled_from([2, math.e, 10, 3.5])


# ---- the measures against scipy ------------------------------------------------------------

@FAST
@given(distributions(), bases)
def test_entropy_matches_scipy(p, base):
    assert close(entropy(p, base), scipy.stats.entropy(p, base=base))


@FAST
@given(pairs(), bases)
def test_kl_matches_scipy_rel_entr(pq, base):
    p, q = pq
    expected = float(np.sum(scipy.special.rel_entr(p, q))) / math.log(base)
    assert close(kl_divergence(p, q, base), expected)
    assert close(kl_divergence(p, q, base), scipy.stats.entropy(p, q, base=base))


@FAST
@given(pairs(), bases)
def test_cross_entropy_is_entropy_plus_kl_by_scipy(pq, base):
    p, q = pq
    expected = scipy.stats.entropy(p, base=base) + scipy.stats.entropy(p, q, base=base)
    assert close(cross_entropy(p, q, base), expected)


@FAST
@given(pairs(), bases)
def test_js_matches_scipy(pq, base):
    p, q = pq
    expected = jensenshannon(p, q, base=base) ** 2
    assert close(js_divergence(p, q, base), expected, 1e-10)
    assert 0 <= js_divergence(p, q, 2) <= 1 + 1e-12


def test_kl_with_zeros():
    p, q = [0.5, 0.5, 0.0], [0.5, 0.0, 0.5]
    assert kl_divergence(p, q) == math.inf
    assert cross_entropy(p, q) == math.inf
    assert kl_divergence([0.5, 0.5, 0.0], [0.25, 0.25, 0.5]) == pytest.approx(1.0)
    assert entropy([1.0, 0.0]) == 0.0
    assert math.isfinite(js_divergence(p, q))


def test_known_values():
    assert entropy([0.5, 0.5]) == pytest.approx(1.0)
    assert entropy([0.25] * 4) == pytest.approx(2.0)
    assert entropy([0.25] * 4, base=math.e) == pytest.approx(math.log(4))
    assert entropy([0.8, 0.1, 0.05, 0.05]) == pytest.approx(1.0219280948873621, abs=1e-12)
    assert entropy([0.1] * 10, base=10) == pytest.approx(1.0)


@pytest.mark.parametrize("bad, message", [
    ([0.5, -0.1, 0.6], "negative"),
    ([0.5, float("nan")], "NaN or infinity"),
    ([0.5, 0.4], "add up to 0.9"),
    ([], "empty"),
    ([[0.5, 0.5]], "flat list"),
    ("0.5 0.5", "parse_distribution"),
    (["a", "b"], "list of numbers"),
])
def test_measures_validate_their_input(bad, message):
    with pytest.raises(DistributionError, match=message):
        entropy(bad)


def test_bad_base_and_mismatched_lengths():
    with pytest.raises(DistributionError, match="base"):
        entropy([1.0], base=1)
    with pytest.raises(DistributionError, match="base"):
        entropy([1.0], base=-2)
    with pytest.raises(DistributionError, match="P has 2 outcomes but Q has 3"):
        kl_divergence([0.5, 0.5], [0.2, 0.3, 0.5])


# ---- Huffman -------------------------------------------------------------------------------

def reference_huffman_lengths(p):
    """Codeword lengths of a Huffman code: merge the two least likely, each merge adds 1 bit
    to every leaf below it."""
    items = [(pi, i, [i]) for i, pi in enumerate(p) if pi > 0]
    lengths = {i: 0 for _, i, _ in items}
    if len(items) == 1:
        return lengths
    heapq.heapify(items)
    tie = len(p)
    while len(items) > 1:
        a, _, la = heapq.heappop(items)
        b, _, lb = heapq.heappop(items)
        for leaf in la + lb:
            lengths[leaf] += 1
        heapq.heappush(items, (a + b, tie, la + lb))
        tie += 1
    return lengths


def prefix_free(codes):
    codes = sorted(codes)
    return all(not codes[i + 1].startswith(codes[i]) for i in range(len(codes) - 1))


def test_huffman_lesson_example():
    p = [0.4, 0.2, 0.2, 0.1, 0.1]
    codes = huffman_code(p)
    average = sum(pi * len(c) for pi, c in zip(p, codes))
    assert average == pytest.approx(2.2)
    assert entropy(p) == pytest.approx(2.121928, abs=1e-6)
    assert prefix_free(codes)


@FAST
@given(distributions())
def test_huffman_bounds_prefix_free_and_optimal(p):
    codes = huffman_code(p)
    assert len(codes) == len(p)
    used = [c for pi, c in zip(p, codes) if pi > 0]
    assert all(c is None for pi, c in zip(p, codes) if pi == 0)
    assert all(set(c) <= {"0", "1"} for c in used)
    assert prefix_free(used)
    average = sum(pi * len(c) for pi, c in zip(p, codes) if pi > 0)
    h = entropy(p)
    # H <= L < H + 1; at the limit (p = [1, 1e-200]: L = 1, H = 7e-198) H + 1 rounds to L
    assert h - 1e-12 <= average
    assert average < h + 1 or average == pytest.approx(h + 1, abs=1e-12)
    reference = reference_huffman_lengths(p)
    assert average == pytest.approx(sum(p[i] * length for i, length in reference.items()), abs=1e-12)
    if len(used) > 1:  # a full binary tree: Kraft's sum is exactly 1
        assert sum(2.0 ** -len(c) for c in used) == pytest.approx(1.0)


def test_huffman_single_outcome_needs_no_bits():
    assert huffman_code([1.0]) == [""]
    assert huffman_code([0.0, 1.0, 0.0]) == [None, "", None]


def test_huffman_deep_tree_does_not_recurse():
    p = 0.5 ** np.arange(1, 1001)
    p[-1] *= 2  # make it add up to 1
    codes = huffman_code(p)
    assert max(len(c) for c in codes) == 999
    assert prefix_free(codes)


def test_fixed_length_code():
    assert fixed_length_code(1) == [""]
    assert fixed_length_code(4) == ["00", "01", "10", "11"]
    assert len(fixed_length_code(5)[0]) == 3
    assert len(fixed_length_code(1024)[0]) == 10


# ---- Gaussians -----------------------------------------------------------------------------

def test_gaussian_kl_oracles():
    assert gaussian_kl(0, 1, 1, 1) == pytest.approx(0.5, abs=1e-12)
    assert gaussian_kl(0, 1, 0, 2) == pytest.approx(0.318147180560, abs=1e-12)
    assert gaussian_kl(0, 1, 1, 1, base=2) == pytest.approx(0.5 / math.log(2), abs=1e-12)
    assert gaussian_kl(3, 2, 3, 2) == 0.0


def quad_kl(m1, s1, m2, s2):
    p = scipy.stats.norm(m1, s1)
    q = scipy.stats.norm(m2, s2)
    value, _ = scipy.integrate.quad(lambda x: p.pdf(x) * (p.logpdf(x) - q.logpdf(x)),
                                    m1 - 15 * s1, m1 + 15 * s1, limit=200, epsabs=1e-13, epsrel=1e-12)
    return value


@settings(max_examples=40, deadline=None)
@given(st.floats(-5, 5), st.floats(0.2, 5), st.floats(-5, 5), st.floats(0.2, 5))
def test_gaussian_closed_form_and_numeric_match_quad(m1, s1, m2, s2):
    expected = quad_kl(m1, s1, m2, s2)
    assert gaussian_kl(m1, s1, m2, s2) == pytest.approx(expected, rel=1e-8, abs=1e-9)
    assert gaussian_kl_numeric(m1, s1, m2, s2) == pytest.approx(expected, rel=1e-8, abs=1e-9)


@pytest.mark.parametrize("args, message", [
    ((0, 0, 0, 1), "σ1 is a standard deviation"),
    ((0, 1, 0, -1), "σ2 is a standard deviation"),
    ((float("nan"), 1, 0, 1), "μ1 must be a finite number"),
    (("a", 1, 0, 1), "μ1 must be a number"),
])
def test_gaussian_bad_arguments(args, message):
    with pytest.raises(DistributionError, match=message):
        gaussian_kl(*args)


def test_gaussian_report():
    r = gaussian_report(0, 1, 1, 1, unit="nats")
    assert r.kl_12 == pytest.approx(0.5) and r.kl_21 == pytest.approx(0.5)
    assert r.kl_12_numeric == pytest.approx(0.5, abs=1e-9)
    assert np.trapezoid(r.density_1, r.x) == pytest.approx(1.0, abs=1e-3)


# ---- the parser: formats -------------------------------------------------------------------

@pytest.mark.parametrize("text, kind", [
    ("0.8 0.1 0.05 0.05", "probabilities"),
    ("80% 10% 5% 5%", "percentages"),
    ("80 %, 10 %, 5 %, 5 %", "percentages"),
    ("0.8, 0.1; 0.05\n0.05", "probabilities"),
    ("16/20 1/10 1 / 20 1/20", "fractions"),
    ("8 1 0.5 0.5", "counts"),
    ("16 2 1 1", "counts"),
])
def test_formats_read_the_same_distribution(text, kind):
    d = parse_distribution(text)
    np.testing.assert_allclose(d.probabilities, [0.8, 0.1, 0.05, 0.05], rtol=1e-12)
    assert d.kind == kind
    assert d.normalized == (kind == "counts")
    assert d.labels == ("x1", "x2", "x3", "x4") and not d.labelled


def test_fractions_and_counts():
    d = parse_distribution("1/2 1/4 1/8 1/8")
    np.testing.assert_allclose(d.probabilities, [0.5, 0.25, 0.125, 0.125])
    d = parse_distribution("8 1 0.5 0.5")
    assert d.normalized and d.kind == "counts" and d.total == 10
    d = parse_distribution("1 1")  # whole numbers adding up to more than 1: counts
    assert d.normalized and list(d.probabilities) == [0.5, 0.5]
    d = parse_distribution("1 0 0")  # a sure outcome, not counts
    assert not d.normalized and list(d.probabilities) == [1, 0, 0]


def test_labelled_entries():
    d = parse_distribution("sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05")
    assert d.labels == ("sunny", "cloudy", "rain", "snow") and d.labelled
    np.testing.assert_allclose(d.probabilities, [0.8, 0.1, 0.05, 0.05])
    d = parse_distribution("light rain: 50% heavy rain = 50%")
    assert d.labels == ("light rain", "heavy rain")
    d = parse_distribution("\"a, b\": 1/2\n'it\\'s': 1/2")
    assert d.labels == ("a, b", "it's")
    d = parse_distribution("it's: 3, isn't: 1")
    assert d.labels == ("it's", "isn't") and d.kind == "counts"


def test_normalize_on_request():
    d = parse_distribution("0.5 0.4", normalize=True)
    assert d.normalized and d.total == pytest.approx(0.9)
    np.testing.assert_allclose(d.probabilities, [5 / 9, 4 / 9])
    d = parse_distribution("0.5 0.5", normalize=True)
    assert not d.normalized  # nothing to do


def test_near_one_is_accepted():
    d = parse_distribution("0.333333 0.333333 0.333334")
    assert not d.normalized
    assert d.probabilities.sum() == pytest.approx(1.0, abs=1e-15)


def test_probabilities_are_read_only():
    d = parse_distribution("0.5 0.5")
    with pytest.raises(ValueError):
        d.probabilities[0] = 1.0


# ---- the parser: every documented error, with its message -----------------------------------

ERRORS = [
    ("", "Nothing to read yet: type some probabilities"),
    ("   \n ,; ", "Nothing to read yet"),
    ("0.5 abc", "“abc” is not a number. Write decimals (0.25), percentages (25%), fractions (1/4)"),
    ("0.5 1..2", "“1..2” is not a number"),
    ("0.5 -0.1 0.6", "“-0.1” is negative: probabilities and counts cannot be below 0"),
    ("0.5 −0.5", "“−0.5” is negative"),
    ("-1/2 1/2", "“-1/2” is negative"),
    ("0 0 0", "All values are 0: at least one outcome must have a probability"),
    ("0% 0%", "All values are 0"),
    ("0.5 nan", "“nan” is not a finite number"),
    ("0.5 inf", "“inf” is not a finite number"),
    ("0.5 ∞", "“∞” is not a finite number"),
    ("1e999 1", "“1e999” is too large"),
    ("0.5 0.4", "These probabilities add up to 0.9, not 1. Correct them, or normalise them"),
    ("50% 40%", "These percentages add up to 90%, not 100%"),
    ("1/2 1/4", "add up to 0.75, not 1"),
    ("0.3 0.3 0.3 0.1000015", "add up to 1.000001, not 1"),
    ("150% 0%", "“150%” is more than 100%"),
    ("3/2 0", "“3/2” is more than 1"),
    ("1/0 1", "“1/0” divides by zero"),
    ("50% 3", "“3” looks like a count, but other values are percentages or fractions"),
    ("a: 0.5, 0.5", "“0.5” has no label, but other outcomes do: label every outcome or none"),
    ("a: 0.5, a: 0.5", "The outcome “a” appears twice"),
    ("a: 0.5, b:", "“b:” has no value after the colon"),
    (": 0.5", "A colon has no label before it"),
    ("\"rain: 0.5", "is never closed"),
    ("\"rain\" 0.5", "The label “rain” has no value"),
    ("a: 0.5 b", "“b” has no value"),
    (" ".join(["1"] * (MAX_OUTCOMES + 1)), "more than 10,000 outcomes; the calculator handles at most 10,000"),
]


@pytest.mark.parametrize("text, message", ERRORS, ids=[f"e{i}" for i in range(len(ERRORS))])
def test_parser_errors(text, message):
    with pytest.raises(DistributionError) as info:
        parse_distribution(text)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)
    assert "\n" not in str(info.value)


def test_sum_error_offers_normalising():
    with pytest.raises(SumError) as info:
        parse_distribution("0.5 0.4")
    assert info.value.total == pytest.approx(0.9)
    assert "normalise" in str(info.value)


def test_ten_thousand_outcomes_are_fine():
    d = parse_distribution(" ".join(["1"] * MAX_OUTCOMES))
    assert len(d) == MAX_OUTCOMES and d.kind == "counts"


def test_p_and_q_mismatch_errors():
    with pytest.raises(DistributionError, match="P has 2 outcomes but Q has 3: they must have the same number"):
        analyse("0.5 0.5", "0.2 0.3 0.5")
    with pytest.raises(DistributionError, match="P and Q must name the same outcomes: Q has no “snow”; P has no “fog”"):
        analyse("rain: 0.5, snow: 0.5", "rain: 0.5, fog: 0.5")


def test_analyse_prefixes_the_field():
    with pytest.raises(DistributionError, match="^P: “x” is not a number"):
        analyse("x", "0.5 0.5")
    with pytest.raises(SumError, match="^Q: These probabilities add up to 0.9"):
        analyse("0.5 0.5", "0.5 0.4")


# ---- the parser never raises anything else -------------------------------------------------

pieces = st.sampled_from([
    "0", "1", "0.5", ".5", "1e-3", "1e999", "-", "−", "+", "%", "/", "1/2", "0/0", "3/2", ":", "=",
    ",", ";", " ", "\n", "\"", "'", "“", "”", "\\", "nan", "inf", "∞", "rain", "a b", "50%", "150%",
    "١", "½", "\x00", "1_000", "0x10", "1.0.0", "e", "E5", "1e", "9" * 400,
])


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(pieces, max_size=30).map("".join)), st.booleans())
def test_parser_raises_only_distribution_error(text, normalize):
    try:
        d = parse_distribution(text, normalize=normalize)
    except DistributionError:
        return
    p = d.probabilities
    assert len(d.labels) == p.size >= 1
    assert np.all(np.isfinite(p)) and np.all(p >= 0)
    assert p.sum() == pytest.approx(1.0, abs=1e-9)
    entropy(d)  # every parsed distribution is usable


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.text(max_size=200), st.sampled_from(["numbers", "char", "word"]),
       st.sampled_from(["bits", "nats", "hartleys"]), st.booleans())
def test_analyse_raises_only_distribution_error(p_text, q_text, mode, unit, normalize):
    try:
        analyse(p_text, q_text, unit=unit, mode=mode, normalize=normalize)
    except DistributionError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=8), min_size=1, max_size=12, unique=True), st.data())
def test_format_distribution_round_trips(labels, data):
    w = np.array(data.draw(st.lists(st.floats(0, 1), min_size=len(labels), max_size=len(labels))))
    assume(w.sum() > 0)
    p = w / w.sum()
    d = parse_distribution(format_distribution(labels, p))
    assert d.labels == tuple(labels)
    np.testing.assert_allclose(d.probabilities, p, rtol=1e-12, atol=1e-300)


def test_format_distribution_tidies_float32_rounding():
    text = format_distribution(["a", "b"], [0.5000004, 0.5], tidy=1e-4)
    assert parse_distribution(text).probabilities.sum() == pytest.approx(1.0, abs=1e-15)
    with pytest.raises(SumError):  # a real mismatch is left for the student to see
        parse_distribution(format_distribution(["a", "b"], [0.5, 0.4], tidy=1e-4))


# ---- text mode -----------------------------------------------------------------------------

def test_text_mode_characters_and_words():
    d = text_distribution("hello world")
    assert d.labels[0] == "l" and d.probabilities[0] == pytest.approx(3 / 11)
    assert "␣" in d.labels and d.normalized and d.kind == "characters"
    d = text_distribution("The cat and the hat. The end!", unit="word", ignore_case=True)
    assert d.labels[0] == "the" and d.probabilities[0] == pytest.approx(3 / 7)
    d = text_distribution("The the", unit="word")
    assert d.labels == ("The", "the")


@pytest.mark.parametrize("text, unit, message", [
    ("", "char", "Nothing to count yet"),
    ("!!! ...", "word", "No words found"),
    ("x", "syllable", "Unknown text unit"),
])
def test_text_mode_errors(text, unit, message):
    with pytest.raises(DistributionError, match=message):
        text_distribution(text, unit=unit)


def test_text_mode_too_many_words():
    text = " ".join(f"w{i}" for i in range(MAX_OUTCOMES + 1))
    with pytest.raises(DistributionError, match="10,001 different words; the calculator handles at most 10,000"):
        text_distribution(text, unit="word")


def test_text_mode_aligns_p_and_q_on_all_outcomes():
    a = analyse("aab", "abc", mode="char")
    assert a.labels == ("a", "b", "c")
    np.testing.assert_allclose(a.p, [2 / 3, 1 / 3, 0])
    np.testing.assert_allclose(a.q, [1 / 3, 1 / 3, 1 / 3])
    assert a.kl_qp == math.inf and a.kl_qp_infinite == ("c",)
    assert math.isfinite(a.kl_pq)


# ---- analyse: the view's report ------------------------------------------------------------

def test_analyse_report_matches_scipy():
    a = analyse("sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05",
                "snow: 0.25, rain: 0.25, cloudy: 0.25, sunny: 0.25", unit="nats")
    p, q = np.array([0.8, 0.1, 0.05, 0.05]), np.full(4, 0.25)
    assert a.labels == ("sunny", "cloudy", "rain", "snow")
    assert close(a.entropy_p, scipy.stats.entropy(p))
    assert close(a.entropy_q, math.log(4))
    assert close(a.kl_pq, scipy.stats.entropy(p, q))
    assert close(a.kl_qp, scipy.stats.entropy(q, p))
    assert close(a.cross_pq, a.entropy_p + a.kl_pq)
    assert close(a.js, jensenshannon(p, q) ** 2, 1e-10)
    np.testing.assert_allclose(a.kl_terms, scipy.special.rel_entr(p, q))
    np.testing.assert_allclose(a.surprisal_p, -np.log(p))
    assert a.code.average_fixed == 2 and a.code.fixed_bits == 2
    assert a.code.entropy_bits <= a.code.average_huffman < a.code.entropy_bits + 1
    assert a.code.average_q_code == 2.0
    assert a.code.cross_entropy_bits == pytest.approx(2.0)


def test_analyse_names_the_outcome_that_makes_kl_infinite():
    a = analyse("sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05",
                "sunny: 0.5, cloudy: 0.5, rain: 0, snow: 0")
    assert a.kl_pq == math.inf and a.kl_pq_infinite == ("rain", "snow")
    assert math.isfinite(a.kl_qp) and a.kl_qp_infinite == ()
    assert a.kl_terms[2] == math.inf


def test_analyse_without_q_and_unit_checks():
    a = analyse("0.5 0.5", "  ")
    assert a.q is None and a.kl_pq is None and a.entropy_p == pytest.approx(1.0)
    assert analyse("0.1 " * 10, unit="hartleys").entropy_p == pytest.approx(1.0)
    with pytest.raises(DistributionError, match="Unknown unit"):
        analyse("0.5 0.5", unit="dits")


def test_unlabelled_p_takes_q_labels():
    a = analyse("0.5 0.5", "heads: 0.5, tails: 0.5")
    assert a.labels == ("heads", "tails")


def test_distribution_objects_are_accepted():
    p = parse_distribution("a: 0.5, b: 0.5")
    q = parse_distribution("b: 0.25, a: 0.75")
    assert kl_divergence(p, q) == pytest.approx(0.5 * math.log2(0.5 / 0.75) + 0.5 * math.log2(0.5 / 0.25))
    assert isinstance(p, Distribution)


# ---- row_entropies: one entropy per row (attention maps) -------------------------------------

@FAST
@given(st.integers(1, 6), st.integers(1, 12), st.sampled_from([2, math.e, 10]), st.data())
def test_row_entropies_match_scipy_row_by_row(rows, cols, base, data):
    m = np.array([data.draw(distributions(cols)) for _ in range(rows)])
    got = row_entropies(m, base=base)
    assert got.shape == (rows,)
    for h, row in zip(got, m):
        assert math.isclose(h, scipy.stats.entropy(row, base=base), rel_tol=1e-9, abs_tol=1e-12)


def test_row_entropies_of_a_stack_and_of_special_rows():
    rng = np.random.default_rng(7)
    stack = rng.dirichlet(np.ones(9), size=(2, 4, 5)).astype(np.float32)  # (layer, head, query, key)
    got = row_entropies(stack)
    assert got.shape == (2, 4, 5)
    np.testing.assert_allclose(got, scipy.stats.entropy(stack.astype(np.float64), base=2, axis=-1), rtol=1e-6)
    # a fully masked query row (all zeros) has entropy 0; a one-hot row too; uniform: log2 n
    np.testing.assert_array_equal(row_entropies([[0, 0, 0, 0], [0, 1, 0, 0]]), [0.0, 0.0])
    assert row_entropies([[0.25] * 4]) == pytest.approx([2.0])
    assert row_entropies([0.5, 0.5], base=math.e) == pytest.approx(math.log(2))  # one row: a 0-d result


@pytest.mark.parametrize("bad,message", [
    ([[0.5, -0.5, 1.0]], "negative"),
    ([[np.nan, 1.0]], "NaN"),
    (0.5, "at least one row"),
])
def test_row_entropies_refuse_bad_input(bad, message):
    with pytest.raises(DistributionError, match=message):
        row_entropies(bad)


def test_kl_terms_are_the_terms_kl_adds_up():
    p, q = [0.5, 0.25, 0.25, 0.0], [0.25, 0.25, 0.0, 0.5]
    np.testing.assert_array_equal(kl_terms(p, q), scipy.special.rel_entr(p, q) / math.log(2))
    assert kl_terms([0.5, 0.5], [0.25, 0.75], base=math.e).sum() == pytest.approx(
        kl_divergence([0.5, 0.5], [0.25, 0.75], base=math.e))


def test_mismatched_sizes_say_one_outcome_not_one_outcomes():
    with pytest.raises(DistributionError, match=r"^P has 1 outcome but Q has 2"):
        kl_divergence([1.0], [0.5, 0.5])
