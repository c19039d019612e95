"""engine.ngram.goodturing against hand-worked count-of-counts tables: Katz's cut-off lowered
until every d_r fits (the formula worked out in fractions here), the edge tables (nothing seen,
one distinct count, no singletons), and Simple Good-Turing against a plain-Python version of
Gale & Sampson's rule written from their paper (dictionaries of r -> N_r, the least-squares line
by its textbook formula)."""
import math
from fractions import Fraction as F

import numpy as np
import pytest

from engine.ngram.goodturing import averaged_counts, count_of_counts, katz_discounts


def counts_of(n_r: dict[int, int]) -> list[int]:
    """A list of counts whose count-of-counts table is ``n_r`` (r -> N_r)."""
    return [r for r, n in n_r.items() for _ in range(n)]


def gale_sampson(n_r: dict[int, int]):
    """(r* by r, slope b, intercept a, p_r by r) as Gale & Sampson (1995) describe it."""
    rs = sorted(r for r, n in n_r.items() if n)
    z = {}
    for i, r in enumerate(rs):
        q = rs[i - 1] if i else 0
        t = rs[i + 1] if i + 1 < len(rs) else 2 * r - q
        z[r] = n_r[r] / ((t - q) / 2)
    xs, ys = [math.log(r) for r in rs], [math.log(z[r]) for r in rs]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
    a = my - b * mx
    r_star, turing = {}, True
    for r in rs:
        smooth = r * (1 + 1 / r) ** (b + 1)
        following = n_r.get(r + 1, 0)
        if turing and following:
            raw = (r + 1) * following / n_r[r]
            if abs(raw - smooth) > 1.96 * math.sqrt((r + 1) ** 2 * following / n_r[r] ** 2 * (1 + following / n_r[r])):
                r_star[r] = raw
                continue
        turing = False
        r_star[r] = smooth
    total = sum(r * n for r, n in n_r.items())
    seen_mass = sum(n_r[r] * r_star[r] for r in rs)
    p = {r: (1 - n_r.get(1, 0) / total) * r_star[r] / seen_mass for r in rs}
    return r_star, b, a, p


# r -> N_r.  SMOOTH: Turing's estimate for r = 1 (it lies outside the confidence band), the line
# from r = 2 on; GAPPED: N_4 = 0 (Turing stops at r = 3, whose N_{r+1} is 0) and N_7 = 0;
# LINE: the line from r = 1 on (Turing's 0.8 lies within the band).
SMOOTH = {1: 2000, 2: 300, 3: 150, 4: 90, 5: 60, 6: 40}
GAPPED = {1: 120, 2: 40, 3: 24, 5: 15, 6: 5, 8: 2}
LINE = {1: 10, 2: 4, 3: 2, 5: 1}
# NEAR: Turing's estimates for r = 1 and 2 lie 2.41 and 2.46 standard deviations from the line,
# just outside the 1.96 band (a band any wider, or a spread computed otherwise, takes the line)
NEAR = {1: 23, 2: 19, 3: 3, 4: 1}
# UPHILL (N_2 > N_1, as the zh-en grammar's n-grams): Turing's r* for r = 1 and 2, the line only
# for the last r, which has no N_{r+1}; AFTER_ONE: Turing's 2·1/2 for r = 1, from an N_2 of 1;
# INSIDE: r = 2 lies 1.83 standard deviations from the line (the line, just inside the band).
UPHILL = {1: 6, 2: 41, 3: 4}
AFTER_ONE = {1: 2, 2: 1, 3: 13, 4: 3}
INSIDE = {1: 8, 2: 21, 3: 7, 4: 1}


@pytest.mark.parametrize("n_r", [SMOOTH, GAPPED, LINE, NEAR, UPHILL, AFTER_ONE, INSIDE],
                         ids=["smooth", "gapped", "line", "near", "uphill", "after one", "inside"])
def test_simple_good_turing_follows_gale_and_sampson(n_r):
    table = count_of_counts(counts_of(n_r))
    r_star, b, a, p = gale_sampson(n_r)
    top = max(n_r)
    assert table.r.tolist() == list(range(1, top + 1))
    assert table.n_r.tolist() == [n_r.get(r, 0) for r in range(1, top + 1)]
    assert table.slope == pytest.approx(b, rel=1e-12) and table.intercept == pytest.approx(a, rel=1e-12)
    assert table.sgt_r_star.tolist() == pytest.approx([r_star.get(r, 0.0) for r in range(1, top + 1)], rel=1e-12)
    assert table.sgt_probability.tolist() == pytest.approx([p.get(r, 0.0) for r in range(1, top + 1)], rel=1e-12)
    total = sum(r * n for r, n in n_r.items())
    assert table.total == total
    assert table.unseen_mass == pytest.approx(n_r[1] / total, rel=1e-15)
    # min(1, p_r N / r), and 1 on the rows no n-gram has (p_r = 0 there)
    expected = [min(1.0, p[r] * total / r) if r in p else 1.0 for r in range(1, top + 1)]
    assert table.sgt_discount.tolist() == pytest.approx(expected, rel=1e-12)


def test_turing_estimate_is_kept_while_it_is_outside_the_band():
    table = count_of_counts(counts_of(SMOOTH))
    assert table.sgt_r_star[0] == 2 * 300 / 2000  # exactly Turing's (r + 1) N_{r+1} / N_r
    assert table.sgt_r_star[1] != 3 * 150 / 300  # the line from r = 2 on
    uphill = count_of_counts(counts_of(UPHILL))
    assert uphill.sgt_r_star[:2].tolist() == [2 * 41 / 6, 3 * 4 / 41]
    assert uphill.sgt_r_star[2] == pytest.approx(3 * (4 / 3) ** (uphill.slope + 1), rel=1e-15)


def test_katz_cut_off_is_lowered_until_every_discount_fits():
    # N_1..N_5 = 10, 4, 2, 0, 1 (N = 29).  k = 5: N_6 = 0, d_3 = 4 N_4 / (3 N_3) = 0 does not fit;
    # k = 4: 5 N_5 / N_1 = 1/2, d_3 = (0 − 1/2)/(1/2) < 0; k = 3: d_3 = 0 again; k = 2: the
    # common term is 3 N_3 / N_1 = 3/5, d_1 = (2·4/10 − 3/5)/(2/5) = 1/2, d_2 = (3·2/(2·4) − 3/5)/(2/5) = 3/8.
    table = count_of_counts(counts_of(LINE))
    assert table.k == 2
    assert table.discount.tolist() == pytest.approx([0.5, 0.375, 1.0, 1.0, 1.0], abs=1e-15)
    assert table.r_star.tolist() == pytest.approx([0.8, 1.5, 0.0, 0.0, 0.0], abs=1e-15)
    assert table.total == 29 and table.unseen_mass == pytest.approx(10 / 29, abs=1e-15)
    counts = np.array([0, 1, 2, 3, 5, 6, 100])
    by_count = pytest.approx([1.0, 0.5, 0.375, 1.0, 1.0, 1.0, 1.0], abs=1e-15)
    assert table.discount_of(counts).tolist() == by_count and table.katz_discount_of(counts).tolist() == by_count
    sgt = table.sgt_discount
    assert table.sgt_discount_of(counts).tolist() == [1.0, sgt[0], sgt[1], sgt[2], sgt[4], 1.0, 1.0]


def katz_by_hand(n_r: list[int], k: int) -> list[F]:
    """d_1 … d_k in fractions, Katz's formula with (k+1) N_{k+1} / N_1 as the common term."""
    n = dict(enumerate(n_r, start=1))
    common = F((k + 1) * n.get(k + 1, 0), n[1])
    return [(F((r + 1) * n.get(r + 1, 0), n[r] * r) - common) / (1 - common) for r in range(1, k + 1)]


def test_a_cut_off_whose_common_term_reaches_one_is_skipped_for_a_lower_one():
    # N = 10, 4, 2, 3: k = 4 gives d_3 = 4·3/(3·2) = 2 > 1; k = 3 has 4 N_4 / N_1 = 6/5 >= 1 (no
    # discount can take N_1/N then); k = 2 fits.  With N_1 = 12 the common term of k = 3 is exactly 1.
    for n_r in ([10, 4, 2, 3], [12, 4, 2, 3]):
        discount, k = katz_discounts(np.array(n_r))
        assert k == 2
        assert discount.tolist() == pytest.approx([float(d) for d in katz_by_hand(n_r, 2)] + [1.0, 1.0], abs=1e-15)


def test_a_discount_above_one_does_not_fit():
    # N = 9, 3, 1, 1: k = 3 has common term 4/9 and d_3 = (4/3 − 4/9)/(5/9) = 8/5; k = 2 fits
    # with 1/2, 1/4.  N = 7, 4, 2, 1: d_1 = 4/3 for k = 3 and 2 for k = 2: no cut-off fits.
    assert katz_by_hand([9, 3, 1, 1], 3)[2] == F(8, 5)
    discount, k = katz_discounts(np.array([9, 3, 1, 1]))
    assert k == 2 and discount.tolist() == pytest.approx([0.5, 0.25, 1.0, 1.0], abs=1e-15)
    assert katz_by_hand([7, 4, 2, 1], 3)[0] == F(4, 3) and katz_by_hand([7, 4, 2, 1], 2)[0] == 2
    discount, k = katz_discounts(np.array([7, 4, 2, 1]))
    assert k == 0 and discount.tolist() == [1.0] * 4


def test_a_discount_of_exactly_one_fits():
    # N = 20, 10, 5, 1: k = 3 has common term 4/20 and d_1 = (2·10/20 − 1/5)/(4/5) = 1 exactly.
    discount, k = katz_discounts(np.array([20, 10, 5, 1]))
    assert k == 3 and discount[0] == 1.0
    assert discount.tolist() == pytest.approx([float(d) for d in katz_by_hand([20, 10, 5, 1], 3)] + [1.0], abs=1e-15)


def test_a_smaller_cut_off_can_be_asked_for():
    n_r = [1000, 300, 150, 90, 60, 40]
    for k in (2, 3, 4):
        by_hand = pytest.approx([float(d) for d in katz_by_hand(n_r, k)] + [1.0] * (6 - k), abs=1e-12)
        discount, used = katz_discounts(np.array(n_r), k)
        assert used == k and discount.tolist() == by_hand


def test_count_of_counts_takes_a_smaller_cut_off():
    # k = 5 fits this table (test_katz_discounts_follow_katz_formula…); asked for 3, d_4 and d_5 stay 1
    n_r = [1000, 300, 150, 90, 60, 40]
    table = count_of_counts(counts_of(dict(enumerate(n_r, start=1))), 3)
    assert table.k == 3
    assert table.discount.tolist() == pytest.approx([float(d) for d in katz_by_hand(n_r, 3)] + [1.0] * 3, abs=1e-12)


@pytest.mark.parametrize("n_r", [[0, 2, 1], [3, 1], [5]], ids=["no singletons", "two rows", "only ones"])
def test_no_cut_off_fits_and_nothing_is_discounted_by_katz(n_r):
    # no N_1: no mass to move; [3, 1]: k = 2 gives d_2 = 0, k = 1 always d_1 = 0; [5]: d_1 = 0
    discount, k = katz_discounts(np.array(n_r))
    assert k == 0 and discount.tolist() == [1.0] * len(n_r)


def test_with_no_cut_off_katz_uses_simple_good_turing():
    table = count_of_counts([2, 2, 3])  # N_1 = 0, N_2 = 2, N_3 = 1
    assert table.k == 0 and table.unseen_mass == 0.0
    counts = np.array([0, 1, 2, 3, 4])
    assert table.katz_discount_of(counts).tolist() == table.sgt_discount_of(counts).tolist()
    assert table.discount_of(counts).tolist() == [1.0] * 5


def test_a_table_of_one_distinct_count_has_no_line():
    # Gale & Sampson need two points for the line: r* = r, the documented slope −1 and intercept 0.
    table = count_of_counts([3, 3, 0])
    assert table.n_r.tolist() == [0, 0, 2] and table.total == 6
    assert table.sgt_r_star.tolist() == [0.0, 0.0, 3.0]
    assert (table.slope, table.intercept) == (-1.0, 0.0)
    assert table.sgt_probability.tolist() == [0.0, 0.0, 0.5]  # (1 − 0/6)·3 / (2·3)
    assert table.sgt_discount.tolist() == [1.0, 1.0, 1.0]  # 0.5·6/3 = 1; rows with no n-gram: 1


def test_every_ngram_seen_once_keeps_its_count():
    table = count_of_counts([1, 1, 1])
    assert table.unseen_mass == 1.0 and table.sgt_probability.tolist() == [0.0]
    assert table.sgt_discount.tolist() == [1.0] and table.k == 0


def test_an_empty_table():
    for counts in ([], [0, 0]):
        table = count_of_counts(counts)
        assert len(table.r) == len(table.n_r) == len(table.sgt_r_star) == 0
        assert table.total == 0 and table.unseen_mass == 0.0 and table.k == 0
        assert table.sgt_discount.tolist() == [] and table.sgt_probability.tolist() == []
        assert table.sgt_discount_of(np.array([0, 3])).tolist() == [1.0, 1.0]
        assert table.katz_discount_of(np.array([0, 3])).tolist() == [1.0, 1.0]


def test_averaged_counts_spread_each_n_r_over_its_gap():
    # r = 1, 2, 3, 5, 8: q = 0, 1, 2, 3, 5; t = 2, 3, 5, 8, 2·8 − 5 = 11
    rs, z = averaged_counts(np.array([120, 40, 24, 0, 15, 0, 0, 2]))
    assert rs.tolist() == [1, 2, 3, 5, 8]
    assert z.tolist() == pytest.approx([120 / 1, 40 / 1, 24 / 1.5, 15 / 2.5, 2 / 3], rel=1e-15)
