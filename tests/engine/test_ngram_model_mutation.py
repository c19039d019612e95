"""engine.ngram.model against values worked out in the test: fractions by hand, nltk.lm's
scores, and the sampling rule written out with exact fractions and the same seeded
random.Random.  These are the cases the mutation run of model.py found untested
(docs/testing.md, "engine/ngram/model.py"): perplexity's edges, the rows a lookup gives,
sentence and corpus bookkeeping, sampling, EM's stopping rule, fit's checks and progress."""
import itertools
import random
import re
import warnings
from fractions import Fraction as F
from types import SimpleNamespace

import numpy as np
import pytest
from nltk.lm import MLE as NltkMLE
from nltk.lm import Laplace
from nltk.lm.preprocessing import padded_everygram_pipeline
from nltk.lm.vocabulary import Vocabulary as NltkVocabulary

from engine.ngram import NLTK, TEXTBOOK, Conventions, corpus_from_sentences, fit
from engine.ngram import model as model_module
from engine.ngram.estimators import Estimator
from engine.ngram.model import (EM_ITERATIONS, cross_entropy_of, em_weights, fewer_orders, padded_blocks,
                                perplexity_of)
from engine.ngram.progress import COUNT, STATISTICS, Progress
from engine.ngram.tokens import Corpus
from engine.ngram.vocabulary import build_vocabulary

ABA = [["a", "b", "a"], ["b", "a"]]  # nltk bigram padding: <s> a b a </s>, <s> b a </s>


def exactly(message: str) -> str:
    return f"^{re.escape(message)}$"


def nltk_lm(kind, order, sentences, cutoff=1):
    text, vocabulary_text = padded_everygram_pipeline(order, sentences)
    lm = kind(order, vocabulary=NltkVocabulary(unk_cutoff=cutoff))
    lm.fit(text, vocabulary_text)
    return lm


@pytest.fixture(scope="module")
def bigram():
    return fit(corpus_from_sentences(ABA), 2)


# ---- perplexity ----------------------------------------------------------------------------
def test_cross_entropy_and_perplexity_of_hand_worked_probabilities():
    # log2 1/2 = -1, log2 1/8 = -3: H = 2 bits, PP = 2^2 = 4
    assert cross_entropy_of([0.5, 0.125]) == 2.0
    assert perplexity_of([0.5, 0.125]) == 4.0
    assert cross_entropy_of([F(1, 2), F(1, 8)]) == 2.0  # exact fractions are read as floats
    assert cross_entropy_of([0.5, 0.0]) == perplexity_of([0.5, 0.0]) == float("inf")


def test_perplexity_beyond_the_largest_float_is_infinite_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert perplexity_of([2.0 ** -1074]) == float("inf")  # H = 1074 bits: 2^1074 > 1.8e308
    assert perplexity_of([2.0 ** -1000]) == pytest.approx(2.0 ** 1000, rel=1e-12)


# ---- the model's rows, scores and sentences ------------------------------------------------
def test_fit_is_mle_by_default_and_with_estimator_shares_the_counts(bigram):
    # c(b a) = 2 of c(b ·) = 2; c(a b) = 1 and c(a </s>) = 2 of c(a ·) = 3
    assert bigram.score("a", ["b"]) == 1.0
    assert bigram.score("b", ["a"]) == pytest.approx(1 / 3, rel=1e-15)
    laplace = bigram.with_estimator("laplace")
    assert laplace.statistics is bigram.statistics and laplace.vocabulary is bigram.vocabulary
    reference = nltk_lm(Laplace, 2, ABA)
    for word in ("a", "b", "</s>", "<s>", "x"):
        assert laplace.score(word, ["a"]) == pytest.approx(reference.score(word, ["a"]), rel=1e-12)


def test_a_unigram_model_ignores_the_context(bigram):
    unigram = fit(corpus_from_sentences(ABA), 1)  # nltk: no pads, a 3 and b 2 of 5 tokens
    assert unigram.context_ids(("b",)).shape == (0,) and unigram.context_ids(("b",)).dtype == np.int64
    assert unigram.score("a", ("b",)) == pytest.approx(3 / 5, rel=1e-15)
    np.testing.assert_allclose(unigram.distribution(("b", "a")), [3 / 5, 2 / 5, 0], rtol=1e-15)


def test_lookup_gives_minus_one_for_unseen_contexts_and_n_grams(bigram):
    v = bigram.vocabulary
    a, b, unk = v.id("a"), v.id("b"), v.unk_id
    lookup = bigram.lookup(np.array([[b], [unk], [a]]), np.array([a, a, unk]))
    assert lookup.contexts[0].tolist() == [0, 0, 0]  # the unigram's one empty context
    assert lookup.contexts[1][0] >= 0 and lookup.contexts[1][1] == -1 and lookup.contexts[1][2] >= 0
    assert lookup.grams[0][2] == -1 and lookup.grams[1][1:].tolist() == [-1, -1]
    assert bigram.counts.table(1).count[lookup.grams[0][0]] == 3  # a
    assert bigram.counts.table(2).count[lookup.grams[1][0]] == 2  # b a


def test_sentence_keeps_the_typed_tokens_and_shows_what_the_model_saw(bigram):
    scored = bigram.sentence(["a", "x"])
    assert scored.tokens == ("a", "x", "</s>")
    assert scored.model_tokens == ("a", "<UNK>", "</s>")
    assert scored.contexts == (("<s>",), ("a",), ("<UNK>",))
    reference = nltk_lm(NltkMLE, 2, ABA)
    expected = [reference.score("a", ["<s>"]), reference.score("<UNK>", ["a"]), reference.score("</s>", ["<UNK>"])]
    assert scored.probabilities.tolist() == pytest.approx(expected, rel=1e-15)
    assert expected == [0.5, 0, 0]


def test_context_ids_pad_a_short_context_and_keep_the_last_n_minus_one():
    trigram = fit(corpus_from_sentences(ABA), 3)
    v = trigram.vocabulary
    assert trigram.context_ids(("a",)).tolist() == [v.bos_id, v.id("a")]
    assert trigram.context_ids(("a", "b", "a")).tolist() == [v.id("b"), v.id("a")]
    assert trigram.context_ids(None).tolist() == [v.bos_id, v.bos_id]


def test_evaluate_counts_sentences_unknown_words_and_zero_probabilities(bigram):
    # a x: P(a|<s>) = 1/2, P(<UNK>|a) = 0, P(</s>|<UNK>) = 0;  b a: 1/2, P(a|b) = 1, P(</s>|a) = 2/3
    evaluation = bigram.evaluate(corpus_from_sentences([["a", "x"], ["b", "a"]]))
    assert (evaluation.tokens, evaluation.sentences, evaluation.unknown, evaluation.zero_probabilities) == (6, 2, 1, 2)
    assert evaluation.cross_entropy == evaluation.perplexity == float("inf")
    seen = bigram.evaluate(corpus_from_sentences([["b", "a"]]))
    assert seen.zero_probabilities == 0 and seen.sentences == 1
    h = (1 + 0 + np.log2(3 / 2)) / 3  # -(log2 1/2 + log2 1 + log2 2/3) / 3
    assert seen.cross_entropy == pytest.approx(h, rel=1e-14)
    assert seen.perplexity == pytest.approx((1 / 2 * 1 * 2 / 3) ** (-1 / 3), rel=1e-14)


def test_type_ids_keep_the_last_answer_for_the_same_tuple_of_types(bigram):
    types = ("a", "x", "b")
    first = bigram.type_ids(types)
    v = bigram.vocabulary
    assert first.tolist() == [v.id("a"), v.unk_id, v.id("b")] and first.dtype == np.int32
    assert bigram.type_ids(types) is first
    again = bigram.type_ids(tuple(list(types)))  # equal, but another tuple: looked up afresh
    assert again is not first and again.tolist() == first.tolist()
    assert bigram.type_ids(()).tolist() == []


# ---- sampling ---------------------------------------------------------------------------------
def replay_sample(model, score, end, seed, max_tokens=50):
    """The sampling rule written out: P(w | the last n−1 tokens, <s> before the start) for each
    outcome in id order, <s> (when it is a word of its own) given 0, u = random.Random(seed).random()
    times the sum, the first outcome whose running sum (exact fractions) passes u; the sentence
    stops at ``end`` (None: never)."""
    names = model.vocabulary.tokens[:model.vocabulary.outcome_count]
    n = model.order
    rng = random.Random(seed)
    out = []
    for _ in range(max_tokens):
        context = (["<s>"] * (n - 1) + out)[len(out):]
        weights = [F(0) if w == "<s>" else F(score(w, context)) for w in names]
        u = F(rng.random()) * sum(weights)
        running = F(0)
        for word, weight in zip(names, weights):
            running += weight
            if u < running:
                break
        if word == end:
            break
        out.append(word)
    return out


@pytest.mark.parametrize("sentences, order, cutoff", [
    (ABA, 2, 1),  # <s> is an outcome with Laplace mass: never drawn
    ([["a"], ["b"]], 2, 2),  # no word known: <s> is id 0, </s> 1, <UNK> 2
    ([["a", "a", "a"]], 2, 2),  # <s> and </s> below the cut-off: both <UNK>, which ends the sentence
    (ABA, 3, 1),
])
def test_sampling_follows_nltk_laplace_through_the_seeded_rule(sentences, order, cutoff):
    model = fit(corpus_from_sentences(sentences), order, "laplace", cutoff=cutoff)
    reference = nltk_lm(Laplace, order, sentences, cutoff)
    end = reference.vocab.lookup("</s>")
    for seed in range(12):
        assert model.sample(seed=seed) == replay_sample(model, reference.score, end, seed)
    assert model.sample() == replay_sample(model, reference.score, end, 0)


def test_nltk_unigram_samples_never_end_and_may_hold_unknown_words():
    # nltk's n = 1 counts no </s>; its eos_id is <UNK>'s, which Laplace gives 1/6 here
    model = fit(corpus_from_sentences([["a", "b", "a"]]), 1, "laplace")
    reference = nltk_lm(Laplace, 1, [["a", "b", "a"]])
    drawn = [model.sample(seed=seed, max_tokens=12) for seed in range(6)]
    assert drawn == [replay_sample(model, reference.score, None, seed, 12) for seed in range(6)]
    assert "<UNK>" in sum(drawn, [])
    assert len(model.sample()) == 50


def test_textbook_unigram_samples_end_at_the_end_of_sentence():
    # textbook n = 1: a 2, b 1, </s> 1 of 4 predicted tokens
    model = fit(corpus_from_sentences([["a", "b", "a"]]), 1, conventions=TEXTBOOK)
    by_hand = {"a": F(1, 2), "b": F(1, 4), "</s>": F(1, 4), "<unk>": F(0)}
    drawn = [model.sample(seed=seed) for seed in range(12)]
    assert drawn == [replay_sample(model, lambda w, _: by_hand[w], "</s>", seed) for seed in range(12)]
    assert max(map(len, drawn)) < 50


def fixed_draws(u):
    class Fixed:
        def __init__(self, seed):
            pass

        def random(self):
            return u
    return SimpleNamespace(Random=Fixed)


def test_a_draw_on_a_boundary_goes_to_the_next_outcome_with_probability(monkeypatch):
    # Laplace P(·|<s>) = 1/5 <s>, 1/5 </s>, 3/5 <UNK>; without <s>: 0, 1/4, 3/4
    model = fit(corpus_from_sentences([["a"], ["b"]]), 2, "laplace", cutoff=2)
    assert model.vocabulary.bos_id == 0
    monkeypatch.setattr(model_module, "random", fixed_draws(0.0))  # random() can return 0.0
    assert model.sample() == []  # </s>, not the <s> of cumulative share 0
    monkeypatch.setattr(model_module, "random", fixed_draws(1 - 2 ** -53))  # its largest value
    assert model.sample(max_tokens=3) == ["<UNK>"] * 3


class NoMass(Estimator):
    def probabilities(self, lookup):
        return np.zeros(len(lookup.grams[0]))


def test_sampling_a_context_without_probability_is_refused():
    model = fit(corpus_from_sentences(ABA), 2, NoMass())
    with pytest.raises(ValueError, match=exactly(
            "the model gives this context no probability at all (MLE, unseen context)")):
        model.sample()


# ---- λs by EM ---------------------------------------------------------------------------------
def test_em_starts_uniform_and_stops_once_no_weight_moves_by_the_tolerance():
    assert em_weights(np.ones((2, 3)), iterations=0).tolist() == [1 / 3, 1 / 3, 1 / 3]
    # from (1/2, 1/2): responsibilities (1, 0) and (1/2, 1/2) -> (3/4, 1/4), a move of exactly 1/4;
    # then (1, 0) and (3/4, 1/4) -> (7/8, 1/8), a move of 1/8 < 1/4: stop there
    parts = np.array([[1.0, 0.0], [1.0, 1.0]])
    assert em_weights(parts, tolerance=0.25).tolist() == [7 / 8, 1 / 8]
    assert em_weights(parts, iterations=1, tolerance=0).tolist() == [3 / 4, 1 / 4]
    assert EM_ITERATIONS == 500


def test_fit_interpolation_passes_its_iterations_and_tolerance_to_em():
    # nltk n = 1 on "a a b": held-out "a b" predicts a, b and </s> (= <UNK>): parts
    # (uniform 1/3, unigram) = (1/3, 2/3), (1/3, 1/3), (1/3, 0); one step from (1/2, 1/2):
    # responsibilities of the uniform part 1/3, 1/2, 1 -> λ = (11/18, 7/18), a move of 1/9
    train = corpus_from_sentences([["a", "a", "b"]])
    heldout = corpus_from_sentences([["a", "b"]])
    for options in ({"iterations": 1}, {"tolerance": 0.2}):
        model = fit(train, 1, "interpolation")
        weights = model.fit_interpolation(heldout, **options)
        np.testing.assert_allclose(weights, [11 / 18, 7 / 18], rtol=1e-15)
        assert model.score("a") == pytest.approx(11 / 18 / 3 + 7 / 18 * 2 / 3, rel=1e-15)
    with pytest.raises(ValueError, match=exactly("λs are fitted for linear interpolation only")):
        fit(train, 1, "laplace").fit_interpolation(heldout)


# ---- fit ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("order", [0, 11])
def test_fit_refuses_an_order_outside_1_to_10(order):
    with pytest.raises(ValueError, match=exactly(f"the order n must be between 1 and 10, not {order}")):
        fit(corpus_from_sentences(ABA), order)


def test_fit_takes_order_10_and_refuses_a_text_without_tokens():
    assert fit(corpus_from_sentences([["a"]]), 10).score("a") == 1.0  # after nine <s>
    with pytest.raises(ValueError, match=exactly("the training text has no tokens")):
        fit(corpus_from_sentences([]), 2)


def test_fit_reports_each_order_counted_and_each_order_s_statistics():
    steps = []
    fit(corpus_from_sentences(ABA), 2, progress=Progress(report=steps.append))
    counted = [s for s in steps if s.stage == COUNT]
    # 5 words and, per sentence, one <s> and one </s>: 9 positions
    assert {s.order for s in counted} == {1, 2} and {s.total for s in counted} == {9}
    assert [(s.done, s.total) for s in steps if s.stage == STATISTICS] == [(0, 2), (1, 2), (2, 2)]


def test_a_text_of_one_block_is_padded_once_for_every_order(monkeypatch):
    calls = []

    def counted(*args):
        calls.append(args)
        return padded_blocks(*args)
    monkeypatch.setattr(model_module, "BLOCK_TOKENS", 5)
    monkeypatch.setattr(model_module, "padded_blocks", counted)
    single = fit(corpus_from_sentences(ABA), 3)  # exactly 5 tokens: one block
    assert len(calls) == 1
    calls.clear()
    several = fit(corpus_from_sentences(ABA + [["b"]]), 3)  # 6: padded again for each order
    assert len(calls) == 3
    assert single.score("a", ["a", "b"]) == several.score("a", ["a", "b"]) == 1.0


def test_padded_blocks_hold_about_block_tokens_of_whole_sentences(monkeypatch):
    corpus = corpus_from_sentences([["a", "b"], ["c", "d"], ["a"], ["b", "c"]])
    vocabulary, type_to_model = build_vocabulary(corpus, 2, NLTK)
    monkeypatch.setattr(model_module, "BLOCK_TOKENS", 4)
    blocks = list(padded_blocks(corpus, type_to_model, vocabulary, 2, NLTK))
    names = [[vocabulary.tokens[i] for i in block.ids] for block in blocks]
    assert names == [["<s>", "a", "b", "</s>", "<s>", "c", "d", "</s>"],
                     ["<s>", "a", "</s>", "<s>", "b", "c", "</s>"]]


# ---- a lower order from a higher one's tables ----------------------------------------------------
LEFT_PADDED = Conventions("left-padded", "<s>", "</s>", "<UNK>", right_pads_full=False, bos_is_outcome=True)


def assert_same_model(lower, fresh):
    """Every context's distribution under estimators that read every order's counts."""
    assert lower.vocabulary == fresh.vocabulary and lower.conventions is fresh.conventions
    contexts = list(itertools.product(fresh.vocabulary.tokens, repeat=fresh.order - 1))
    for name in ("mle", "kneser-ney", "interpolation"):
        got, expected = lower.with_estimator(name), fresh.with_estimator(name)
        for context in contexts:
            np.testing.assert_allclose(got.distribution(context), expected.distribution(context), rtol=0,
                                       atol=1e-15, err_msg=f"{name} after {context}")


@pytest.mark.parametrize("conventions, cutoff, sentences", [
    (LEFT_PADDED, 1, [["a", "b", "a"], ["b"], ["c", "a"]]),  # three <s> in front, one </s> after
    (NLTK, 2, [["a", "b", "a"], ["b"], ["c", "a"]]),  # c is <UNK> at every order
    (TEXTBOOK, 1, [["a", "b", "b"]]),  # one sentence
])
def test_fewer_orders_equal_a_fresh_fit(conventions, cutoff, sentences):
    corpus = corpus_from_sentences(sentences)
    high = fit(corpus, 4, conventions=conventions, cutoff=cutoff)
    for order in (2, 3):
        steps = []
        lower = fewer_orders(high, order, corpus, Progress(report=steps.append))
        assert lower.order == order and lower.estimator.name == "mle"
        assert [(s.done, s.total) for s in steps if s.stage == STATISTICS] == [(k, order) for k in range(order + 1)]
        fresh = fit(corpus, order, conventions=conventions, cutoff=cutoff)
        assert_same_model(lower, fresh)
        assert lower.sentence(["a", "b"]).probabilities.tolist() == fresh.sentence(["a", "b"]).probabilities.tolist()


@pytest.mark.parametrize("order", [0, 3])
def test_fewer_orders_are_1_to_n_minus_1(order):
    corpus = corpus_from_sentences(ABA)
    with pytest.raises(ValueError, match=exactly(f"fewer orders than 3 are 1 to 2, not {order}")):
        fewer_orders(fit(corpus, 3), order, corpus)


def test_a_text_with_an_empty_sentence_is_counted_again():
    # "a b", "", "b": the empty sentence's n-grams are <s> and </s> together
    corpus = Corpus(("a", "b"), np.array([0, 1, 1], np.uint16), np.array([0, 2, 2, 3]))
    assert fewer_orders(fit(corpus, 3), 2, corpus) is None
