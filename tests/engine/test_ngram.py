"""engine.ngram against independent oracles: nltk.lm (MLE, Laplace, Lidstone), hand-worked
Kneser-Ney and Good-Turing tables, scipy for the EM optimum, and the sum-to-1 property."""
import math
import random
from collections import Counter
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.lm import MLE, Laplace, Lidstone
from nltk.lm.preprocessing import padded_everygram_pipeline
from nltk.lm.vocabulary import Vocabulary as NltkVocabulary

from engine.ngram import ESTIMATORS, NLTK, TEXTBOOK, corpus_from_sentences, count_of_counts, fit
from engine.ngram.estimators import ney_discount
from engine.ngram.model import em_weights

WORDS = st.sampled_from(list("abcdef"))
SENTENCES = st.lists(st.lists(WORDS, min_size=1, max_size=7), min_size=1, max_size=7)


def nltk_model(kind, order, sentences, cutoff, gamma):
    vocabulary = NltkVocabulary(unk_cutoff=cutoff)
    model = {"mle": lambda: MLE(order, vocabulary=vocabulary),
             "laplace": lambda: Laplace(order, vocabulary=vocabulary),
             "lidstone": lambda: Lidstone(gamma, order, vocabulary=vocabulary)}[kind]()
    text, vocab_text = padded_everygram_pipeline(order, sentences)
    model.fit(text, vocab_text)
    return model


@settings(max_examples=150, deadline=None)
@given(SENTENCES, st.lists(st.sampled_from(list("abcdefxy")), min_size=0, max_size=6), st.integers(1, 4),
       st.sampled_from(["mle", "laplace", "lidstone"]), st.sampled_from([1, 1, 2]),
       st.floats(0.01, 3.0))
def test_mle_laplace_lidstone_equal_nltk(sentences, test, order, kind, cutoff, gamma):
    reference = nltk_model(kind, order, sentences, cutoff, gamma)
    model = fit(corpus_from_sentences(sentences), order, kind, delta=gamma, cutoff=cutoff)
    scored = model.sentence(test)
    padded = ["<s>"] * (order - 1) + test + ["</s>"]
    expected = [reference.score(padded[i + order - 1], tuple(padded[i:i + order - 1]) or None)
                for i in range(len(test) + 1)]
    assert list(scored.tokens) == test + ["</s>"]
    np.testing.assert_allclose(scored.probabilities, expected, rtol=0, atol=1e-12)
    assert len(model.vocabulary) == len(reference.vocab)


@settings(max_examples=120, deadline=None)
@given(SENTENCES, st.integers(1, 4), st.sampled_from([NLTK, TEXTBOOK]), st.sampled_from([1, 2]),
       st.lists(st.sampled_from(list("abcdefxy")), max_size=4), st.data())
def test_every_estimator_is_a_distribution_over_the_outcomes(sentences, order, conventions, cutoff, context, data):
    corpus = corpus_from_sentences(sentences)
    contexts = [tuple(context), tuple(sentences[0][:order - 1]), ()]
    for name in ESTIMATORS:
        if name == "backoff":
            continue
        model = fit(corpus, order, name, conventions=conventions, cutoff=cutoff)
        for h in contexts:
            p = model.distribution(h)
            assert np.all(p >= 0)
            if name == "mle" and p.sum() == 0:  # MLE of a context never seen: undefined (nltk: 0)
                continue
            assert p.sum() == pytest.approx(1.0, abs=1e-9), (name, h)


def test_outcomes_are_the_vocabulary_unknown_and_end_under_the_textbook_convention():
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "laplace", conventions=TEXTBOOK)
    outcomes = model.vocabulary.tokens[:model.vocabulary.outcome_count]
    assert sorted(outcomes) == sorted(["a", "b", "</s>", "<unk>"])
    assert model.score("a", ("<s>",)) == pytest.approx((1 + 1) / (1 + 4))


def test_naive_backoff_does_not_sum_to_one_and_shows_its_sum():
    # Textbook bigram on "a b": after "a" only "b" was seen (P = 1); every other outcome falls
    # back to the unigram MLE: a 1/3, b (seen), </s> 1/3, <unk> 0 -> sum 1 + 1/3 + 1/3.
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "backoff", conventions=TEXTBOOK)
    assert model.estimator.sums_to_one is False
    assert model.distribution(("a",)).sum() == pytest.approx(5 / 3, abs=1e-12)


# ---- Kneser-Ney, worked by hand ------------------------------------------------------------
# Textbook convention, bigram, D = 1/2, sentences "a b", "a c", "b c":
#   padded <s> a b </s> | <s> a c </s> | <s> b c </s>; outcomes a b c </s> <unk> (O = 5).
#   Continuation counts N1+(· w): a {<s>} 1, b {<s>, a} 2, c {a, b} 2, </s> {b, c} 2; total 7,
#   4 types.  P1(w) = max(N1+ − D, 0)/7 + D·4/7·1/5:
#   a 9/70, b c </s> 19/70, <unk> 4/70.
#   After "a" (c(a·) = 2, 2 types): P(b|a) = (1 − D)/2 + D·2/2·P1(b) = 27/70,
#   P(a|a) = D·P1(a) = 9/140, P(</s>|a) = 19/140, P(<unk>|a) = 2/70.
#   After <s> (c = 3, 2 types): P(a|<s>) = (2 − D)/3 + D·2/3·P1(a) = 19/35.
#   After "c" (c(c </s>) = 2, one type): P(</s>|c) = (2 − D)/2 + D·1/2·P1(</s>) = 229/280.
HAND_KN = [(("a",), "b", F(27, 70)), (("a",), "c", F(27, 70)), (("a",), "a", F(9, 140)),
           (("a",), "</s>", F(19, 140)), (("a",), "<unk>", F(2, 70)), (("<s>",), "a", F(19, 35)),
           (("zzz",), "b", F(19, 70)), (("zzz",), "zzz", F(4, 70)), (("c",), "</s>", F(2, 2) - F(1, 4) + F(1, 4) * F(19, 70))]


@pytest.mark.parametrize("context, word, expected", HAND_KN)
def test_kneser_ney_equals_the_hand_worked_example(context, word, expected):
    model = fit(corpus_from_sentences([["a", "b"], ["a", "c"], ["b", "c"]]), 2, "kneser-ney",
                conventions=TEXTBOOK, discount=0.5)
    assert model.score(word, context) == pytest.approx(float(expected), abs=1e-15)


def test_kneser_ney_gives_unknown_words_and_unseen_contexts_probability():
    # Where nltk's KneserNeyInterpolated gives 0 (issue 3211) or divides by zero (issue 2332).
    model = fit(corpus_from_sentences([["the", "cat", "sat"], ["the", "dog", "sat"]]), 3, "kneser-ney")
    assert 0 < model.score("zebra", ("the", "cat")) < 1
    assert 0 < model.score("sat", ("purple", "zebra")) < 1
    assert math.isfinite(model.sentence(["a", "zebra", "sat"]).perplexity)


def test_ney_discount_is_n1_over_n1_plus_two_n2():
    assert ney_discount(np.array([1, 1, 1, 2, 5])) == pytest.approx(3 / (3 + 2 * 1))
    assert ney_discount(np.array([2, 3])) == 0.5  # no n1: the documented fallback


# ---- Good-Turing, worked by hand -------------------------------------------------------------
def test_good_turing_table_of_the_fishing_example():
    # Jurafsky & Martin: carp 10, perch 3, whitefish 2, trout, salmon, eel 1 (N = 18).
    table = count_of_counts([10, 3, 2, 1, 1, 1])
    assert table.total == 18
    assert list(table.n_r[:3]) == [3, 1, 1] and table.n_r[9] == 1
    assert table.r_star[0] == pytest.approx(2 / 3)  # 2 N2 / N1
    assert table.r_star[1] == pytest.approx(3.0)  # 3 N3 / N2
    assert table.r_star[2] == 0.0  # N4 = 0
    assert table.unseen_mass == pytest.approx(3 / 18)  # P(catfish or bass) = N1 / N
    assert table.r_star[0] / table.total == pytest.approx(1 / 27)  # P(trout)
    # Katz's d_r leave (0, 1] for every cut-off k (d_3 = 0 for k >= 3, d_2 = 3/2 for k = 2, and
    # d_1 = 0 for k = 1): no cut-off fits, nothing is discounted by Katz's rule.
    assert table.k == 0 and np.all(table.discount == 1.0)


def test_simple_good_turing_by_hand():
    # N_1 = 4, N_2 = 2, N_3 = 1 (N = 11).  Z_r = N_r / (½(t − q)): 4/1, 2/1, 1/1 (t = 2·3 − 2 for
    # the last r); the line through (log r, log Z_r) by the textbook least-squares formulas.
    table = count_of_counts([1, 1, 1, 1, 2, 2, 3])
    x, y = np.log([1.0, 2.0, 3.0]), np.log([4.0, 2.0, 1.0])
    b = np.sum((x - x.mean()) * (y - y.mean())) / np.sum((x - x.mean()) ** 2)
    assert table.slope == pytest.approx(b)
    # r = 1: Turing x = 2 N_2/N_1 = 1 lies within 1.96·√(4·2/16·1.5) of y, so y from r = 1 on.
    expected = [r * (1 + 1 / r) ** (b + 1) for r in (1, 2, 3)]
    assert table.sgt_r_star == pytest.approx(expected)
    n_prime = 4 * expected[0] + 2 * expected[1] + expected[2]
    assert table.sgt_probability == pytest.approx([(1 - 4 / 11) * e / n_prime for e in expected])
    assert table.unseen_mass + float(np.sum(table.n_r * table.sgt_probability)) == pytest.approx(1.0)


def test_katz_discounts_follow_katz_formula_when_counts_are_smooth():
    # N_r = 1000 / r^2 ... hand-computable: d_r = (r*/r − 6 N6/N1) / (1 − 6 N6/N1).
    n_r = {1: 1000, 2: 300, 3: 150, 4: 90, 5: 60, 6: 40}
    counts = [r for r, n in n_r.items() for _ in range(n)]
    table = count_of_counts(counts)
    common = 6 * 40 / 1000
    for r in range(1, 6):
        r_star = (r + 1) * n_r[r + 1] / n_r[r]
        assert table.discount[r - 1] == pytest.approx((r_star / r - common) / (1 - common))
    assert table.k == 5 and table.discount[5] == 1.0


def test_good_turing_estimator_discounts_seen_and_shares_the_rest_equally():
    sentences = [["a", "b"], ["a", "c"], ["a", "b"], ["b", "c"], ["c", "a"], ["b", "b"]]
    model = fit(corpus_from_sentences(sentences), 1, "good-turing", conventions=TEXTBOOK)
    p = model.distribution(())
    vocab = model.vocabulary
    counts = {t: sum(s.count(t) for s in sentences) for t in "abc"}
    counts["</s>"] = len(sentences)
    table = count_of_counts(list(counts.values()))
    n = sum(counts.values())
    for token, c in counts.items():
        assert p[vocab.id(token)] == pytest.approx(table.sgt_discount_of(np.array([c]))[0] * c / n)
    assert p[vocab.unk_id] == pytest.approx(1 - sum(p[vocab.id(t)] for t in counts))


# ---- perplexity --------------------------------------------------------------------------
def test_perplexity_is_two_to_the_cross_entropy_and_the_inverse_geometric_mean():
    model = fit(corpus_from_sentences([["a", "b", "a"], ["b", "a"]]), 2, "laplace")
    scored = model.sentence(["a", "b", "b"])
    p = [float(x) for x in scored.probabilities]
    geometric = math.prod(p) ** (1 / len(p))
    assert scored.perplexity == pytest.approx(1 / geometric, rel=1e-12)
    assert scored.perplexity == pytest.approx(2 ** scored.cross_entropy, rel=1e-12)
    assert scored.cross_entropy == pytest.approx(-sum(math.log2(x) for x in p) / len(p), rel=1e-12)


def test_mle_zero_probability_gives_infinite_perplexity():
    model = fit(corpus_from_sentences([["a", "b"]]), 2, "mle")
    assert model.sentence(["b", "a"]).perplexity == math.inf


def test_corpus_evaluation_equals_scoring_each_sentence():
    train = corpus_from_sentences([["a", "b", "c"], ["b", "c", "a", "a"], ["c", "b"]])
    test = [["a", "c"], ["b", "x", "a", "c"], ["c"]]
    model = fit(train, 3, "kneser-ney")
    evaluation = model.evaluate(corpus_from_sentences(test))
    p = np.concatenate([model.sentence(s).probabilities for s in test])
    assert evaluation.tokens == len(p) == sum(len(s) + 1 for s in test)
    assert evaluation.unknown == 1
    assert evaluation.cross_entropy == pytest.approx(-np.mean(np.log2(p)), rel=1e-12)


# ---- interpolation and EM ----------------------------------------------------------------
def test_em_weights_reach_the_likelihood_maximum_scipy_finds():
    from scipy.optimize import minimize_scalar

    rng = np.random.default_rng(0)
    parts = np.column_stack([rng.uniform(0.01, 1, 500), rng.uniform(0.01, 1, 500) ** 3])
    weights = em_weights(parts, iterations=5000, tolerance=1e-13)
    best = minimize_scalar(lambda lam: -np.sum(np.log(parts @ [lam, 1 - lam])), bounds=(0, 1),
                           method="bounded", options={"xatol": 1e-10})
    assert weights[0] == pytest.approx(best.x, abs=1e-6)


def test_fitted_interpolation_is_no_worse_on_held_out_than_equal_weights():
    rng = random.Random(3)
    words = "the cat dog sat ran on mat a".split()
    train = corpus_from_sentences([[rng.choice(words) for _ in range(6)] for _ in range(200)])
    heldout = corpus_from_sentences([[rng.choice(words) for _ in range(6)] for _ in range(50)])
    model = fit(train, 3, "interpolation")
    before = model.evaluate(heldout).cross_entropy
    weights = model.fit_interpolation(heldout)
    assert weights.sum() == pytest.approx(1.0) and np.all(weights >= 0)
    assert model.evaluate(heldout).cross_entropy <= before + 1e-12


def test_typed_weights_are_checked():
    with pytest.raises(ValueError, match="sum to 1"):
        fit(corpus_from_sentences([["a"]]), 2, "interpolation", weights=[0.5, 0.5, 0.5])


# ---- sampling ----------------------------------------------------------------------------
def test_sampling_is_seeded_and_follows_a_deterministic_model():
    model = fit(corpus_from_sentences([["a", "b", "c"]]), 3, "mle")
    assert model.sample(seed=1) == ["a", "b", "c"]
    kn = fit(corpus_from_sentences([["a", "b", "c"], ["c", "b"], ["b", "a", "a"]]), 2, "kneser-ney")
    assert kn.sample(seed=5) == kn.sample(seed=5)
    assert all(t in kn.vocabulary.tokens for t in kn.sample(seed=7))


def test_sampled_first_words_follow_the_model_distribution():
    from scipy.stats import chisquare

    model = fit(corpus_from_sentences([["a"], ["a"], ["b"], ["a", "c"]]), 2, "laplace", conventions=TEXTBOOK)
    p = model.distribution(())
    draws = [model.sample(seed=s, max_tokens=1) for s in range(3000)]
    observed = np.zeros(len(p))
    for d in draws:
        observed[model.vocabulary.id(d[0]) if d else model.vocabulary.eos_id] += 1
    assert chisquare(observed, p * len(draws)).pvalue > 1e-4


@pytest.mark.parametrize("contexts, size", [(1, 50), (3, 300), (900, 1000), (70_000, 65_537), (10**6, 10**6)])
def test_block_counts_merged_equal_a_counter_on_the_dense_and_the_sorted_path(contexts, size):
    # keys context × |V| + word: few of them (the dense path) or spread wide (sorted); words of
    # 2 bytes and of 4 (|V| above 65 536); the table's rows read back as (context, word) pairs
    # from its offsets, one run of rows per context
    from engine.ngram.counts import _Tally

    rng = np.random.default_rng(contexts % 97 + size)
    used = rng.integers(0, contexts, 40)  # a few contexts, so that their blocks hold many words
    pairs = np.stack([used[rng.integers(0, 40, 5000)], rng.integers(0, size, 5000)], axis=1)
    pairs[:2500, 1] %= 7  # repeated n-grams
    predicted = rng.random(5000) < 0.8
    tally = _Tally(np.int64, len(pairs), contexts, size, merge_keys=1500)  # gathered, then merged, a few times
    for block in np.array_split(np.arange(len(pairs)), 13):
        tally.add(pairs[block, 0] * size + pairs[block, 1], predicted[block])
    offsets, words, counts = tally.table()
    assert len(offsets) == contexts + 1 and offsets[0] == 0 and offsets[-1] == len(words)
    table = list(zip(np.repeat(np.arange(contexts), np.diff(offsets)).tolist(), words.tolist()))
    assert table == sorted(set(map(tuple, pairs.tolist())))
    expected = Counter(map(tuple, pairs[predicted].tolist()))
    assert counts.tolist() == [expected[pair] for pair in table]


@pytest.mark.parametrize("seed", range(3))
def test_a_table_finds_each_context_and_word_as_a_dict_of_its_rows(seed):
    # rows given as a list of (context, word) pairs, the table built from them by hand; every
    # look-up (present, absent word, empty context, words past the vocabulary) against a dict
    from engine.ngram.counts import OrderTable

    rng = np.random.default_rng(seed)
    contexts, size = int(rng.integers(1, 30)), int(rng.integers(2, 70_000))
    pairs = sorted({(int(c), int(w)) for c, w in zip(rng.integers(0, contexts, 400),
                                                     rng.integers(0, size, 400) ** (seed + 1) % size)})
    offsets = np.searchsorted([c for c, _ in pairs], np.arange(contexts + 1))
    words = np.array([w for _, w in pairs], np.uint16 if size <= 1 << 16 else np.int32)
    table = OrderTable(2, offsets.astype(np.int32), words, np.ones(len(pairs), np.int32), None, np.int32)
    row_of = {pair: row for row, pair in enumerate(pairs)}
    asked = pairs + [(int(c), int(w)) for c, w in zip(rng.integers(0, contexts, 300), rng.integers(0, size + 5, 300))]
    found = table.find(np.array([c for c, _ in asked]), np.array([w for _, w in asked]))
    assert found.tolist() == [row_of.get(pair, -1) for pair in asked]
    one_by_one = [int(table.find(np.array([c]), np.array([w]))[0]) for c, w in asked[::7]]  # the few-pairs path
    assert one_by_one == [row_of.get(pair, -1) for pair in asked[::7]]
    assert table.prefix.tolist() == [c for c, _ in pairs]
    start, stop = sorted(rng.integers(0, len(pairs) + 1, 2).tolist())
    assert table.context_rows(start, stop).tolist() == [c for c, _ in pairs[start:stop]]


@pytest.mark.parametrize("seed", range(3))
def test_block_ends_move_by_the_rows_inserted_before_them(seed, monkeypatch):
    from engine.ngram import counts

    monkeypatch.setattr(counts, "SUM_ROWS", 5)  # a few ends at a time
    rng = np.random.default_rng(seed)
    offsets = np.cumsum(np.r_[0, rng.integers(0, 4, 40)]).astype(np.int32)
    inserted = np.sort(rng.integers(seed * 10, 40, int(rng.integers(0, 25))))
    expected = [int(end) + sum(1 for c in inserted if c < i) for i, end in enumerate(offsets)]
    counts.add_to_ends(offsets, inserted)
    assert offsets.tolist() == expected


@pytest.mark.parametrize("seed", range(4))
def test_inserting_in_place_gives_what_np_insert_gives(seed, monkeypatch):
    from engine.ngram import counts

    monkeypatch.setattr(counts, "MOVE_ROWS", 7)  # rows moved a few at a time
    rng = np.random.default_rng(seed)
    size, added = int(rng.integers(0, 60)), int(rng.integers(0, 40))
    old = rng.integers(0, 1000, size)
    at = np.sort(rng.integers(0, size + 1, added))
    values = rng.integers(-1000, 0, added)
    buffer = np.full(size + added + 5, -7)
    buffer[:size] = old
    counts.insert_in_place(buffer, size, at, values)
    assert buffer[:size + added].tolist() == np.insert(old, at, values).tolist()
    assert buffer[size + added:].tolist() == [-7] * 5  # the room after the rows is untouched


@pytest.mark.parametrize("colliding", [False, True])
@pytest.mark.parametrize("at_once", [3, 1 << 16])  # the tokens asked a few at a time, or together
def test_the_token_index_answers_as_a_dict_of_the_tokens(colliding, at_once, monkeypatch):
    from engine.ngram import vocabulary

    monkeypatch.setattr(vocabulary, "IDS_AT_ONCE", at_once)
    if colliding:  # few distinct hashes: every lookup walks past other tokens of its hash
        monkeypatch.setattr(vocabulary, "_hash", lambda token: len(token) % 3)
    tokens = ("a", "bb", "<s>", "c", "bb", "dd", "<s>", "eee", "")  # repeats: the last id wins, as in a dict
    index = vocabulary.TokenIndex(tokens)
    expected = {t: i for i, t in enumerate(tokens)}
    asked = list(tokens) + ["zz", "<UNK>", "x", "bbb"]
    assert [index.get(t, -1) for t in asked] == [expected.get(t, -1) for t in asked]
    assert index.ids(asked, -1).tolist() == [expected.get(t, -1) for t in asked]
    assert vocabulary.TokenIndex(()).ids(["a"], 5).tolist() == [5]
