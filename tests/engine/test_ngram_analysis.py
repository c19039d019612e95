"""engine.ngram.analysis: continuations (MLE vs smoothed), the counts behind a probability,
held-out perplexity against δ and against n — against Counter-based counts and separately
fitted models."""
import math
from collections import Counter

import numpy as np
import pytest

from engine.ngram import TEXTBOOK, analysis, corpus_from_sentences, fit
from engine.ngram.analysis import continuations, delta_curve, evidence, log_spaced, order_curve
from engine.ngram.corpora import built_in_corpus

SENTENCES = [["the", "cat", "sat"], ["the", "dog", "sat"], ["a", "cat", "ran"], ["the", "cat", "ran"]]


@pytest.mark.parametrize("lookup_rows", [3, 1 << 16])  # the outcomes looked up a few at a time, or at once
def test_continuations_show_counts_mle_and_the_mass_moved_to_unseen_words(lookup_rows, monkeypatch):
    monkeypatch.setattr(analysis, "LOOKUP_ROWS", lookup_rows)
    model = fit(corpus_from_sentences(SENTENCES), 2, "laplace", conventions=TEXTBOOK)
    table = continuations(model, ("the",))
    after_the = Counter(s[i + 1] for s in SENTENCES for i in range(len(s) - 1) if s[i] == "the")
    assert table.context == ("the",) and table.context_count == sum(after_the.values())
    rows = dict(zip(table.tokens, zip(table.counts, table.mle, table.smoothed)))
    for word, (count, mle, smoothed) in rows.items():
        assert count == after_the[word]
        assert mle == pytest.approx(after_the[word] / 3)
        assert smoothed == pytest.approx((after_the[word] + 1) / (3 + model.vocabulary.outcome_count))
    assert list(table.smoothed) == sorted(table.smoothed, reverse=True)
    unseen = [w for w in rows if after_the[w] == 0]
    assert table.unseen_mass == pytest.approx(len(unseen) / (3 + model.vocabulary.outcome_count))


@pytest.mark.parametrize("estimator", ["laplace", "backoff"])
def test_top_continuations_are_the_most_probable_rows_with_sums_over_every_outcome(estimator, monkeypatch):
    monkeypatch.setattr(analysis, "LOOKUP_ROWS", 3)
    model = fit(corpus_from_sentences(SENTENCES), 2, estimator, conventions=TEXTBOOK)
    p = model.distribution(("the",))  # every outcome in one batch: another path
    after_the = Counter(s[i + 1] for s in SENTENCES for i in range(len(s) - 1) if s[i] == "the")
    table, total, unseen = analysis.top_continuations(model, ("the",), 4)
    assert list(table.smoothed) == pytest.approx(sorted(p, reverse=True)[:4]) and len(table.tokens) == 4
    assert [model.score(w, ("the",)) for w in table.tokens] == pytest.approx(list(table.smoothed))
    assert list(table.counts) == [after_the[w] for w in table.tokens] and table.context_count == 3
    assert total == pytest.approx(p.sum())  # the naive back-off's exceeds 1
    names = model.vocabulary.tokens
    assert unseen == pytest.approx(sum(p[i] for i in range(len(p)) if after_the[names[i]] == 0))


def test_evidence_lists_the_counts_at_every_order():
    model = fit(corpus_from_sentences(SENTENCES), 3, "katz", conventions=TEXTBOOK)
    e = evidence(model, "ran", ("the", "dog"))
    assert e.contexts == (("the", "dog"), ("dog",), ())
    assert e.counts == (0, 0, 2)  # "the dog ran" and "dog ran" never occur; "ran" twice
    assert e.context_counts == (1, 1, sum(len(s) + 1 for s in SENTENCES))
    assert e.mle == 0.0 and e.backoff_order == 1
    assert e.probability == pytest.approx(model.score("ran", ("the", "dog")))
    # "the cat ran" once of c(the cat ·) = 2; "cat ran" twice of c(cat ·) = 3: the MLE is the top order's
    seen = evidence(model, "ran", ("the", "cat"))
    assert seen.counts == (1, 2, 2) and seen.context_counts[:2] == (2, 3) and seen.mle == 0.5
    unseen = evidence(model, "cat", ("zebra", "the"))
    assert unseen.contexts[0] == ("<unk>", "the") and unseen.context_counts[0] == 0 and not unseen.mle_is_defined


@pytest.mark.parametrize("lookup_rows", [50, 1 << 16])  # the held-out text in many blocks, or one
def test_delta_curve_equals_fitting_add_delta_for_each_delta(lookup_rows, monkeypatch):
    monkeypatch.setattr(analysis, "LOOKUP_ROWS", lookup_rows)
    train, heldout = built_in_corpus("en", 3000, seed=2)
    model = fit(train, 2, "kneser-ney")
    deltas = log_spaced(1e-3, 3, 9)
    curve = delta_curve(model, heldout, deltas)
    expected = [fit(train, 2, "lidstone", delta=d).evaluate(heldout).perplexity for d in deltas]
    assert curve.heldout == pytest.approx(expected, rel=1e-12)
    assert curve.best == int(np.argmin(expected))  # the values agree to 1e-12, summed in another order
    assert 0 < curve.best < len(deltas) - 1  # too little and too much smoothing are both worse


def test_order_curve_train_falls_and_mle_held_out_becomes_infinite():
    train, heldout = built_in_corpus("en", 3000, seed=2)
    curve = order_curve(train, heldout, [1, 2, 3, 4], "mle", conventions=TEXTBOOK)
    assert np.all(np.diff(curve.train) < 0)
    assert math.isinf(curve.heldout[-1])
    assert curve.heldout[0] == pytest.approx(fit(train, 1, "mle", conventions=TEXTBOOK).evaluate(heldout).perplexity)


def test_with_estimator_reuses_the_counts():
    model = fit(corpus_from_sentences(SENTENCES), 2, "mle")
    other = model.with_estimator("lidstone", delta=0.2)
    assert other.counts is model.counts
    assert other.score("cat", ("the",)) == pytest.approx(fit(corpus_from_sentences(SENTENCES), 2, "lidstone",
                                                             delta=0.2).score("cat", ("the",)))


def test_first_zero_sentence_is_rescued_by_smoothing():
    from engine.ngram.analysis import first_zero_sentence

    train, heldout = built_in_corpus("en", 3000, seed=2)
    mle = fit(train, 2, "mle")
    s = first_zero_sentence(mle, heldout)
    assert s is not None
    assert all(math.isfinite(mle.sentence(heldout.sentence(i)).perplexity) for i in range(s))
    assert math.isinf(mle.sentence(heldout.sentence(s)).perplexity)
    assert math.isfinite(mle.with_estimator("laplace").sentence(heldout.sentence(s)).perplexity)
    assert first_zero_sentence(mle.with_estimator("kneser-ney"), heldout) is None


def test_continuations_total_shows_the_naive_backoff_excess():
    # Textbook bigram on "a b": after "a" only "b" (P = 1); the rest back off to the unigram
    # MLE: a 1/3, </s> 1/3, <unk> 0 -> 5/3.
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "backoff", conventions=TEXTBOOK)
    assert continuations(model, ("a",)).total == pytest.approx(5 / 3)
    assert continuations(model.with_estimator("kneser-ney"), ("a",)).total == pytest.approx(1.0)


# ---- hand-worked values ----------------------------------------------------------------------
# nltk's convention, bigram, trained on "a b": outcomes a b <s> </s> <UNK> (O = 5), every seen
# context seen once.  "a b" scores a|<s>, b|a, </s>|b, each seen: (1 + δ)/(1 + 5δ); "b a" scores
# b|<s>, a|b, </s>|a, none seen: δ/(1 + 5δ).
def test_delta_curve_by_hand_and_its_progress(monkeypatch):
    from engine.ngram.progress import HELDOUT, Progress, Step

    monkeypatch.setattr(analysis, "LOOKUP_ROWS", 4)  # two sentences of two words a block
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "mle")
    steps = []
    deltas = [0.5, 1.0, 2.0]
    heldout = corpus_from_sentences([["a", "b"], ["b", "a"], ["a", "b"]])
    curve = delta_curve(model, heldout, deltas, Progress(steps.append))
    # 9 tokens: 6 seen, 3 not
    expected = [((1 + 5 * d) / (1 + d)) ** (6 / 9) * ((1 + 5 * d) / d) ** (3 / 9) for d in deltas]
    assert curve.heldout.tolist() == pytest.approx(expected, rel=1e-12)
    assert curve.x.tolist() == deltas and curve.train is None
    assert steps == [Step(HELDOUT, 0, 6), Step(HELDOUT, 4, 6), Step(HELDOUT, 6, 6)]


@pytest.mark.parametrize("deltas", [[0.1, 0.0], [-1.0], [0.5, -0.0]])
def test_delta_curve_refuses_a_delta_that_is_not_positive(deltas):
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "mle")
    with pytest.raises(ValueError, match=r"^add-δ needs every δ > 0$"):
        delta_curve(model, corpus_from_sentences([["a"]]), deltas)


def test_merged_histogram_adds_the_counts_of_equal_values():
    values, times = analysis._merged_histogram([(np.array([0, 2]), np.array([3, 1])),
                                                (np.array([2, 5]), np.array([4, 1]))])
    assert values.tolist() == [0, 2, 5] and times.tolist() == [3, 5, 1]


def test_order_curve_passes_the_estimator_options():
    # trigram on "a b", the same conventions: "b a" scores b|<s> <s> seen as a context once
    # (1/6 at δ = 1), then a|<s> b and </s>|b a with unseen contexts: δ/(5δ) = 1/5 each.
    train = corpus_from_sentences([["a", "b"]])
    curve = order_curve(train, corpus_from_sentences([["b", "a"]]), [2, 3], "lidstone", delta=1.0)
    assert curve.x.tolist() == [2, 3]
    assert curve.train.tolist() == pytest.approx([3.0, 3.0], rel=1e-12)  # (1 + 5)/(1 + 1)
    assert curve.heldout.tolist() == pytest.approx([6.0, 150 ** (1 / 3)], rel=1e-12)
    assert curve.best == 1  # 150^(1/3) ≈ 5.31 < 6


def test_best_is_the_lowest_held_out_point():
    assert analysis.Curve(np.array([1, 2, 3, 4]), np.array([5.0, 2.0, 3.0, 2.0])).best == 1


def test_log_spaced_defaults_run_from_1e_4_to_10_in_41_points():
    deltas = log_spaced()
    assert len(deltas) == 41 and deltas[0] == pytest.approx(1e-4, rel=1e-12) and deltas[-1] == pytest.approx(10.0)
    assert deltas[8] == pytest.approx(1e-3, rel=1e-12)  # 8 points a decade
    assert log_spaced(0.01, 1.0, 3).tolist() == pytest.approx([0.01, 0.1, 1.0], rel=1e-12)


def test_first_zero_sentence_finds_the_sentence_of_the_zero_even_at_its_end():
    # bigram MLE on "a b": "a b" scores 1, 1, 1; "a" ends with P(</s> | a) = 0.
    mle = fit(corpus_from_sentences([["a", "b"]]), 2, "mle")
    assert analysis.first_zero_sentence(mle, corpus_from_sentences([["a", "b"], ["a", "b"], ["a"], ["b"]])) == 2
    assert analysis.first_zero_sentence(mle, corpus_from_sentences([["b"], ["a", "b"]])) == 0
    assert analysis.first_zero_sentence(mle, corpus_from_sentences([["a", "b"]])) is None


# textbook trigram on "a b": <s> <s> a b </s>; c(·) = 3 at order 1.
@pytest.mark.parametrize("word, context, contexts, counts, context_counts, landing", [
    ("zzz", (), (("<s>", "<s>"), ("<s>",), ()), (0, 0, 0), (1, 1, 3), 0),
    ("b", ("a",), (("<s>", "a"), ("a",), ()), (1, 1, 1), (1, 1, 3), 3),
    ("a", ("b",), (("<s>", "b"), ("b",), ()), (0, 0, 1), (0, 1, 3), 1),
    ("</s>", ("zzz", "b"), (("<unk>", "b"), ("b",), ()), (0, 1, 1), (0, 1, 3), 2),
])
def test_evidence_by_hand(word, context, contexts, counts, context_counts, landing):
    model = fit(corpus_from_sentences([["a", "b"]]), 3, "interpolation", conventions=TEXTBOOK)
    e = evidence(model, word, context)
    assert e.word == (word if word != "zzz" else "<unk>")
    assert (e.contexts, e.counts, e.context_counts, e.backoff_order) == (contexts, counts, context_counts, landing)
    assert e.mle == (counts[0] / context_counts[0] if context_counts[0] else 0.0)
    assert e.mle_is_defined == (context_counts[0] > 0)
    assert e.probability == model.score(word, context)


def test_continuations_rank_equal_probabilities_by_count():
    # naive back-off, textbook bigram: after "a", b and </s> were each seen once of 2 (1/2), and
    # c falls back to its unigram MLE 6/12 = 1/2 (a 2, b 1, c 6, </s> 3): the seen come first.
    model = fit(corpus_from_sentences([["a", "b"], ["a"], ["c"] * 6]), 2, "backoff", conventions=TEXTBOOK)
    table = continuations(model, ("a",))
    assert table.smoothed[:3].tolist() == [0.5, 0.5, 0.5]
    assert set(table.tokens[:2]) == {"b", "</s>"} and table.tokens[2] == "c"
    assert table.counts[:3].tolist() == [1, 1, 0] and table.mle[:3].tolist() == [0.5, 0.5, 0.0]
    assert table.context_count == 2 and table.total == pytest.approx(0.5 + 0.5 + 0.5 + 2 / 12)


def test_top_continuations_rank_equal_probabilities_by_count():
    # the same ties as above: of three rows at 1/2, the two seen after "a" first
    model = fit(corpus_from_sentences([["a", "b"], ["a"], ["c"] * 6]), 2, "backoff", conventions=TEXTBOOK)
    top, _, _ = analysis.top_continuations(model, ("a",), 3)
    assert set(top.tokens[:2]) == {"b", "</s>"} and top.tokens[2] == "c" and top.counts.tolist() == [1, 1, 0]


def test_continuations_of_an_unseen_context_have_no_mle():
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "laplace", conventions=TEXTBOOK)
    table = continuations(model, ("zzz",))
    assert table.context == ("<unk>",) and table.context_count == 0
    assert table.mle.tolist() == [0.0] * 4 and table.counts.tolist() == [0] * 4
    assert table.smoothed.tolist() == pytest.approx([0.25] * 4)


@pytest.mark.parametrize("lookup_rows, blocks", [(3, [3, 1]), (1, [1, 1, 1, 1]), (1 << 16, [4])])
def test_outcomes_are_looked_up_a_block_at_a_time(lookup_rows, blocks, monkeypatch):
    # textbook bigram on "a b": outcomes a b </s> <unk>; the continuations of "a" in blocks of
    # LOOKUP_ROWS outcomes (the memory bound of a big text's table), each outcome once
    monkeypatch.setattr(analysis, "LOOKUP_ROWS", lookup_rows)
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "mle", conventions=TEXTBOOK)
    asked = []
    lookup = model.lookup
    monkeypatch.setattr(model, "lookup", lambda contexts, words: asked.append(words.tolist()) or lookup(contexts, words))
    table = continuations(model, ("a",))
    assert [len(words) for words in asked] == blocks and sorted(sum(asked, [])) == [0, 1, 2, 3]
    assert table.context_count == 1 and table.tokens[0] == "b" and table.smoothed.tolist() == [1.0, 0.0, 0.0, 0.0]
    assert table.counts.dtype == np.int64 and table.counts.tolist() == [1, 0, 0, 0]


def test_delta_curve_x_are_floats_and_order_curve_defaults_to_mle():
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "mle")
    curve = delta_curve(model, corpus_from_sentences([["a", "b"]]), [1, 2])
    assert curve.x.dtype == np.float64 and curve.heldout.tolist() == pytest.approx([3.0, 11 / 3], rel=1e-12)
    default = order_curve(corpus_from_sentences([["a", "b"]]), corpus_from_sentences([["b", "a"]]), [2])
    assert default.train.tolist() == [1.0] and default.heldout.tolist() == [math.inf]  # MLE: P = 0
