"""engine.ngram.estimators on tiny corpora worked by hand (fractions in the comments and in the
test), the branches random corpora rarely reach (a context followed by every outcome, unseen
contexts), the helpers, and every refusal's message word for word."""
from collections import Counter
from fractions import Fraction as F

import numpy as np
import pytest

from engine.ngram import ESTIMATORS, TEXTBOOK, corpus_from_sentences, count_of_counts, fit, make_estimator
from engine.ngram import estimators
from engine.ngram.estimators import check_weights, gather, ney_discount, ratio


def test_gather_reads_rows_and_gives_zero_for_minus_one():
    assert gather(np.array([5, 7, 9]), np.array([2, -1, 0, 1])).tolist() == [9, 0, 5, 7]
    empty = gather(np.zeros(0, np.int32), np.array([-1, -1]))  # a table with no rows
    assert empty.tolist() == [0.0, 0.0] and empty.dtype == np.float64


def test_ratio_is_zero_where_the_denominator_is():
    assert ratio([1, 3, 0], [4, 0, 0]).tolist() == [0.25, 0.0, 0.0]
    assert ratio(np.array([1, 2]), 4).tolist() == [0.25, 0.5]
    assert ratio(3, 2).shape == () and float(ratio(3, 2)) == 1.5
    assert ratio(1, [2, 4, 0]).tolist() == [0.5, 0.25, 0.0]  # the shape of either
    assert ratio(np.array([1, 3], np.int32), np.array([2, 4], np.int64)).dtype == np.float64


def test_statistics_report_each_order_as_it_is_summed(small):
    from engine.ngram.estimators import Statistics
    from engine.ngram.progress import STATISTICS, Progress, Step

    steps = []
    Statistics(fit(small, 3, "mle").counts, Progress(steps.append))
    assert steps == [Step(STATISTICS, done, 3) for done in range(4)]


def test_make_estimator_by_name_with_its_parameters_and_defaults():
    kinds = {name: type(make_estimator(name)) for name in ESTIMATORS}
    assert kinds == {"mle": estimators.MLE, "laplace": estimators.Laplace, "lidstone": estimators.Lidstone,
                     "good-turing": estimators.GoodTuring, "katz": estimators.Katz,
                     "backoff": estimators.NaiveBackoff, "interpolation": estimators.Interpolated,
                     "kneser-ney": estimators.KneserNey}
    assert all(make_estimator(name).name == name for name in ESTIMATORS)
    assert make_estimator("lidstone").delta == 0.5 and make_estimator("lidstone", delta=0.1).delta == 0.1
    assert make_estimator("laplace").delta == 1.0
    assert make_estimator("kneser-ney").discount is None and make_estimator("kneser-ney", discount=0.3).discount == 0.3
    assert make_estimator("interpolation").weights is None
    assert make_estimator("interpolation", weights=[0.5, 0.5]).weights.tolist() == [0.5, 0.5]
    assert make_estimator("interpolation", weights=[0, 1]).weights.dtype == np.float64  # λs are fractions
    assert [make_estimator(name).sums_to_one for name in ESTIMATORS] == [name != "backoff" for name in ESTIMATORS]
    with pytest.raises(ValueError) as error:
        make_estimator("witten-bell")
    assert str(error.value) == ("unknown estimator 'witten-bell'; one of mle, laplace, lidstone, good-turing, "
                                "katz, backoff, interpolation, kneser-ney")


def test_the_base_estimator_has_no_probabilities():
    with pytest.raises(NotImplementedError):
        estimators.Estimator().probabilities(None)


@pytest.mark.parametrize("delta", [0, -0.5, float("nan")])
def test_lidstone_refuses_a_delta_that_is_not_positive(delta):
    with pytest.raises(ValueError) as error:
        estimators.Lidstone(delta)
    assert str(error.value) == f"add-δ needs δ > 0, not {delta}"


@pytest.mark.parametrize("discount", [0, -0.1, 1.0000001])
def test_kneser_ney_refuses_a_discount_outside_zero_to_one(discount):
    with pytest.raises(ValueError) as error:
        estimators.KneserNey(discount)
    assert str(error.value) == f"the Kneser-Ney discount D must be in (0, 1], not {discount}"


def test_kneser_ney_takes_a_discount_of_one():
    model = fit(corpus_from_sentences([["a", "b"], ["a", "c"], ["b", "c"]]), 2, "kneser-ney", conventions=TEXTBOOK,
                discount=1.0)
    # after "a" (b, c once each): max(1 − 1, 0)/2 + 1·2/2·P1(b); P1 as in the D = 1 unigram:
    # continuation counts a 1, b 2, c 2, </s> 2 (7), 4 types: P1(b) = 1/7 + 4/7·1/5 = 9/35
    assert model.score("b", ("a",)) == pytest.approx(9 / 35, abs=1e-15)


def test_interpolation_weights_are_checked_with_messages():
    with pytest.raises(ValueError) as error:
        check_weights(np.array([0.5, 0.5]), 2)
    assert str(error.value) == "interpolation needs 3 weights (uniform, then orders 1 to 2), not 2"
    for weights in ([1.2, -0.2, 0.0], [0.3, 0.3, 0.3], [0.5, 0.5, 1e-8]):
        with pytest.raises(ValueError) as error:
            check_weights(np.array(weights), 2)
        assert str(error.value) == "interpolation weights must be non-negative and sum to 1"
    check_weights(np.array([0.0, 0.5, 0.5 + 5e-10]), 2)  # within 1e-9 of 1, a zero weight allowed


# Textbook bigram, "a b", "a c", "b c": outcomes a b c </s> <unk> (O = 5); unigram counts a 2,
# b 2, c 2, </s> 3 (N = 9); after "a": b 1, c 1; after <s>: a 2, b 1.
SMALL = [["a", "b"], ["a", "c"], ["b", "c"]]


@pytest.fixture(scope="module")
def small():
    return corpus_from_sentences(SMALL)


def test_interpolation_defaults_to_equal_weights(small):
    model = fit(small, 2, "interpolation", conventions=TEXTBOOK)
    assert model.estimator.weights.tolist() == [1 / 3] * 3
    # (1/5 + 2/9 + 1/2)/3; an unseen context: its P_2 is P_1, so (1/5 + 2·2/9)/3
    assert model.score("b", ("a",)) == pytest.approx(float((F(1, 5) + F(2, 9) + F(1, 2)) / 3), abs=1e-15)
    assert model.score("b", ("zzz",)) == pytest.approx(float((F(1, 5) + 2 * F(2, 9)) / 3), abs=1e-15)
    components = model.estimator.components(model.lookup(np.array([[model.vocabulary.id("a")]]),
                                                          np.array([model.vocabulary.id("</s>")])))
    assert components.shape == (1, 3) and components[0].tolist() == pytest.approx([0.2, 3 / 9, 0.0], abs=1e-15)


def test_mle_laplace_and_lidstone_by_hand(small):
    mle = fit(small, 2, "mle", conventions=TEXTBOOK)
    assert mle.score("a", ("<s>",)) == pytest.approx(2 / 3, abs=1e-15)
    assert mle.score("a", ("zzz",)) == 0.0  # an unseen context: 0, as nltk
    laplace = mle.with_estimator("laplace")
    assert laplace.score("a", ("<s>",)) == pytest.approx(3 / 8, abs=1e-15)  # (2 + 1)/(3 + 5)
    assert laplace.score("a", ("zzz",)) == pytest.approx(1 / 5, abs=1e-15)
    lidstone = mle.with_estimator("lidstone", delta=0.25)
    assert lidstone.score("c", ("a",)) == pytest.approx(1.25 / 3.25, abs=1e-15)  # (1 + δ)/(2 + 5δ)


def test_statistics_count_each_context_and_its_distinct_continuations(small):
    model = fit(small, 2, "good-turing", conventions=TEXTBOOK)
    stats = model.statistics
    assert stats.totals[0].tolist() == [9]  # the empty context
    assert stats.types[0].tolist() == [4]  # a b c </s> seen, <unk> not
    names = model.vocabulary.tokens
    unigram = model.counts.table(1)
    by_context = {names[w]: (int(stats.totals[1][row]), int(stats.types[1][row])) for row, w in enumerate(unigram.word)}
    assert by_context == {"<s>": (3, 2), "a": (2, 2), "b": (2, 2), "c": (2, 1), "</s>": (0, 0)}
    assert stats.totals[1].dtype.kind == "i" and stats.types[1].dtype.kind == "i"  # exact sums


def test_kneser_ney_with_ney_discounts_by_hand(small):
    # Unigram level, continuation counts a 1 ({<s>}), b 2 ({<s>, a}), c 2 ({a, b}), </s> 2
    # ({b, c}): 7, 4 types, n1 = 1, n2 = 3, D1 = 1/7; P1(w) = max(a − D1, 0)/7 + D1·4/7·1/5.
    # Bigram level (raw counts): <s> a 2, <s> b 1, a b 1, a c 1, b </s> 1, b c 1, c </s> 2:
    # n1 = 5, n2 = 2, D2 = 5/9.
    model = fit(corpus_from_sentences(SMALL), 2, "kneser-ney", conventions=TEXTBOOK)
    assert model.estimator.discounts == pytest.approx([1 / 7, 5 / 9], abs=1e-15)
    d1, d2 = F(1, 7), F(5, 9)

    def p1(a):
        return max(a - d1, 0) / 7 + d1 * F(4, 7) / 5

    expected = {("a", "b"): (1 - d2) / 2 + d2 * F(2, 2) * p1(2),  # 167/441
                ("<s>", "a"): (2 - d2) / 3 + d2 * F(2, 3) * p1(1),  # 235/441
                ("<s>", "c"): d2 * F(2, 3) * p1(2),
                ("c", "</s>"): (2 - d2) / 2 + d2 * F(1, 2) * p1(2),
                ("zzz", "<unk>"): p1(0)}  # an unseen context: the unigram level, 4/245
    for (h, w), p in expected.items():
        assert model.score(w, (h,)) == pytest.approx(float(p), abs=1e-15), (h, w)
    assert float(expected["a", "b"]) == pytest.approx(167 / 441) and float(expected["<s>", "a"]) == pytest.approx(235 / 441)


def test_ney_discount_counts_only_ones_and_twos():
    assert ney_discount(np.array([1, 2, 2, 3, 0])) == pytest.approx(1 / 5)
    assert ney_discount(np.array([1, 1])) == 1.0
    assert ney_discount(np.array([0, 2, 3])) == 0.5


# cut-off 2, textbook: b and c (once each) become <unk>.  "a a b", "a c", "a": a a <unk> | a <unk> | a;
# outcomes a </s> <unk>, every one seen (a 4, <unk> 2, </s> 3); after "a": a 1, <unk> 2, </s> 1,
# every outcome again.  Nothing unseen is left to take the mass the discounts free.
EVERY_OUTCOME = [["a", "a", "b"], ["a", "c"], ["a"]]


@pytest.fixture(scope="module")
def every_outcome():
    return corpus_from_sentences(EVERY_OUTCOME)


def discounted_shares(counts: dict, all_counts, katz: bool) -> dict:
    """d_c·c / Σ d_c'·c' (the discounted counts renormalised), d from the order's table."""
    table = count_of_counts(list(all_counts))
    discount = table.katz_discount_of if katz else table.sgt_discount_of
    weighted = {w: float(discount(np.array([c]))[0]) * c for w, c in counts.items()}
    return {w: x / sum(weighted.values()) for w, x in weighted.items()}


BIGRAMS = Counter({("<s>", "a"): 3, ("a", "a"): 1, ("a", "<unk>"): 2, ("<unk>", "</s>"): 2, ("a", "</s>"): 1})
UNIGRAMS = {"a": 4, "<unk>": 2, "</s>": 3}
AFTER_A = {"a": 1, "<unk>": 2, "</s>": 1}


@pytest.mark.parametrize("name", ["good-turing", "katz"])
def test_a_context_followed_by_every_outcome_shares_out_what_the_discounts_free(name, every_outcome):
    model = fit(every_outcome, 2, name, conventions=TEXTBOOK, cutoff=2)
    assert sorted(model.vocabulary.tokens[:model.vocabulary.outcome_count]) == ["</s>", "<unk>", "a"]
    katz = name == "katz"
    for context, counts, table in (((), UNIGRAMS, UNIGRAMS.values()), (("a",), AFTER_A, BIGRAMS.values())):
        if not context:
            unigram = fit(every_outcome, 1, name, conventions=TEXTBOOK, cutoff=2)
            p = unigram.distribution(())
            names = unigram.vocabulary.tokens
        else:
            p = model.distribution(context)
            names = model.vocabulary.tokens
        expected = discounted_shares(counts, table, katz)
        got = {names[i]: p[i] for i in range(len(p))}
        assert got == pytest.approx(expected, abs=1e-15), (name, context)
    # the discounts are not all 1 here, so renormalising is what makes these sum to 1
    assert count_of_counts(list(BIGRAMS.values())).sgt_discount_of(np.array([1]))[0] < 1
    # after <s> only "a" (3 of 3): d_3 to it, and 1 − d_3 to </s> and <unk>: equally under
    # Good-Turing; under Katz in proportion to their (renormalised) unigram estimates
    d3 = float(count_of_counts(list(BIGRAMS.values())).sgt_discount_of(np.array([3]))[0])
    assert d3 < 1
    unigram = discounted_shares(UNIGRAMS, UNIGRAMS.values(), katz)
    shares = {w: unigram[w] / (1 - unigram["a"]) if katz else 0.5 for w in ("</s>", "<unk>")}
    expected = {"a": d3, **{w: (1 - d3) * share for w, share in shares.items()}}
    p = model.distribution(("<s>",))
    assert {model.vocabulary.tokens[i]: p[i] for i in range(len(p))} == pytest.approx(expected, abs=1e-15)


def test_good_turing_renormalises_the_discounted_unigrams_by_hand():
    # cut-off 2 on "a b", "a": a 2, <unk> 1, </s> 2 (N = 5), N_1 = 1, N_2 = 2.  Simple Good-Turing:
    # Z_1 = 1/(½·2) = 1, Z_2 = 2/(½(3 − 1)) = 2: the line through (0, 0), (ln 2, ln 2), slope 1, so
    # y = r (1 + 1/r)²: 4 (Turing's 2·2/1 = 4 too) and 4.5; Σ N_r r* = 13, p_r = (1 − 1/5) r*/13;
    # d_1 = p_1·5 = 16/13, capped at 1, d_2 = p_2·5/2 = 9/13.  Seen: a and </s> 9/13·2/5 = 18/65,
    # <unk> 13/65, 49/65 in all; no outcome unseen, so they share the rest in proportion.
    model = fit(corpus_from_sentences([["a", "b"], ["a"]]), 1, "good-turing", conventions=TEXTBOOK, cutoff=2)
    assert model.estimator.tables[0].sgt_discount.tolist() == pytest.approx([1.0, 9 / 13], abs=1e-15)
    assert [model.score(w) for w in ("a", "b", "</s>")] == pytest.approx([18 / 49, 13 / 49, 18 / 49], abs=1e-15)


def test_good_turing_gives_the_left_mass_equally_to_the_unseen_by_hand(small):
    # unigram counts a 2, b 2, c 2, </s> 3 (N = 9): N_2 = 3, N_3 = 1, no N_1 (unseen mass 0), so
    # Simple Good-Turing's p_r·N/r caps at 1 or below; <unk> gets 1 − Σ seen.
    model = fit(small, 1, "good-turing", conventions=TEXTBOOK)
    table = count_of_counts([2, 2, 2, 3])
    d2, d3 = table.sgt_discount_of(np.array([2, 3]))
    assert model.score("a") == pytest.approx(d2 * 2 / 9, abs=1e-15)
    assert model.score("</s>") == pytest.approx(d3 * 3 / 9, abs=1e-15)
    assert model.score("zzz") == pytest.approx(1 - 3 * d2 * 2 / 9 - d3 * 3 / 9, abs=1e-15)


def test_naive_backoff_trigram_by_hand(small):
    # textbook trigram: <s> <s> a b </s> | <s> <s> a c </s> | <s> <s> b c </s>
    model = fit(small, 3, "backoff", conventions=TEXTBOOK)
    assert model.score("b", ("<s>", "a")) == pytest.approx(1 / 2)  # trigram seen: c(<s> a b)/c(<s> a ·)
    assert model.score("c", ("b", "a")) == pytest.approx(1 / 2)  # (b, a) unseen; bigram a c: 1 of 2
    assert model.score("</s>", ("a", "a")) == pytest.approx(3 / 9)  # no a </s>: unigram 3/9
    assert model.score("zzz", ("a", "b")) == 0.0  # <unk> never seen at any order


@pytest.mark.parametrize("name", ["katz", "kneser-ney"])
def test_a_lower_order_made_from_a_higher_ones_tables_estimates_as_a_fresh_fit(name):
    # fewer_orders keeps the trigram model's lower tables, whose rows include contexts never
    # predicted (count 0: under nltk's padding, n-grams ending in the second </s>): they must
    # add no lower-order mass and no continuation count.  Every (context, word) pair of the
    # bigram model, against a fresh fit.
    from engine.ngram.model import fewer_orders

    corpus = corpus_from_sentences([["a", "b", "c", "b"], ["b", "b", "b", "c"], ["c", "a"], ["a", "a", "c"]])
    lower = fewer_orders(fit(corpus, 3, "mle"), 2, corpus).with_estimator(name)
    fresh = fit(corpus, 2, name)
    outcomes = lower.vocabulary.outcome_count
    contexts = np.repeat(np.arange(len(lower.vocabulary)), outcomes)[:, None]
    words = np.tile(np.arange(outcomes), len(lower.vocabulary))
    assert lower.vocabulary.tokens == fresh.vocabulary.tokens
    np.testing.assert_allclose(lower.probabilities(contexts, words), fresh.probabilities(contexts, words),
                               rtol=0, atol=1e-15)
