"""engine.ngram's array estimators against plain-Python versions of the same formulas, written
with dictionaries of n-gram tuples (textbook convention: n−1 <s>, one </s>, cut-off 1), on
random small corpora.  The Good-Turing tables (count_of_counts) have their own hand-worked
tests; here they only supply d_r."""
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ngram import TEXTBOOK, corpus_from_sentences, count_of_counts, fit
from engine.ngram.estimators import ney_discount

SENTENCES = st.lists(st.lists(st.sampled_from(list("abcde")), min_size=1, max_size=7), min_size=1, max_size=8)
BOS, EOS, UNK = "<s>", "</s>", "<unk>"


class Reference:
    def __init__(self, sentences, n):
        self.n = n
        self.counts = {k: Counter() for k in range(1, n + 1)}
        for s in sentences:
            padded = [BOS] * (n - 1) + s + [EOS]
            for end in range(n - 1, len(padded)):
                for k in range(1, n + 1):
                    self.counts[k][tuple(padded[end - k + 1:end + 1])] += 1
        self.outcomes = sorted({w for s in sentences for w in s}) + [EOS, UNK]

    def after(self, k, h, counts=None):
        """{w: count} of the order-k n-grams (h, w)."""
        counts = counts or self.counts[k]
        return {g[-1]: c for g, c in counts.items() if g[:-1] == h and c > 0}

    # -- Good-Turing and Katz --
    def discount(self, k, c, katz):
        table = count_of_counts(list(self.counts[k].values()))
        return float((table.katz_discount_of if katz else table.sgt_discount_of)(np.array([c]))[0])

    def good_turing(self, k, h, katz=False):
        seen = self.after(k, h)
        total = sum(seen.values())
        if total == 0:
            return None
        p = {w: self.discount(k, c, katz) * c / total for w, c in seen.items()}
        unseen = [w for w in self.outcomes if w not in seen]
        left = max(1 - sum(p.values()), 0.0)
        if not unseen:
            return {w: q / (1 - left) for w, q in p.items()}
        return {**{w: left / len(unseen) for w in unseen}, **p}

    def katz(self, h):
        k = len(h) + 1
        if k == 1:
            return self.good_turing(1, ())
        lower = self.katz(h[1:])
        seen = self.after(k, h)
        total = sum(seen.values())
        if total == 0:
            return lower
        p = {w: self.discount(k, c, True) * c / total for w, c in seen.items()}
        left = max(1 - sum(p.values()), 0.0)
        room = 1 - sum(lower[w] for w in seen)
        if room <= 1e-12:
            return {w: p.get(w, 0.0) / (1 - left) for w in self.outcomes}
        return {w: p[w] if w in p else left / room * lower[w] for w in self.outcomes}

    # -- interpolation --
    def interpolation(self, h, weights):
        parts = [{w: 1 / len(self.outcomes) for w in self.outcomes}]
        for k in range(1, self.n + 1):
            seen = self.after(k, h[len(h) - (k - 1):] if k > 1 else ())
            total = sum(seen.values())
            parts.append({w: seen.get(w, 0) / total for w in self.outcomes} if total else parts[-1])
        return {w: sum(lam * part[w] for lam, part in zip(weights, parts)) for w in self.outcomes}

    # -- Kneser-Ney --
    def adjusted(self, k):
        if k == self.n:
            return self.counts[k]
        continuation = Counter(g[1:] for g, c in self.counts[k + 1].items() if c > 0)
        return Counter({g: (c if g[0] == BOS else continuation[g]) for g, c in self.counts[k].items()})

    def kneser_ney(self, h, discount=None):
        p = {w: 1 / len(self.outcomes) for w in self.outcomes}
        for k in range(1, self.n + 1):
            a = self.adjusted(k)
            d = discount if discount is not None else ney_discount(np.array(list(a.values())))
            seen = self.after(k, h[len(h) - (k - 1):] if k > 1 else (), a)
            total = sum(seen.values())
            if total:
                p = {w: (max(seen.get(w, 0) - d, 0) + d * len(seen) * p[w]) / total for w in self.outcomes}
        return p


def assert_engine_equals_reference(sentences, n, estimator, expected_after, **parameters):
    """Every outcome's P(· | h) for a few contexts h (the sentence start, a seen context, one
    with an unknown word): engine vs ``expected_after(reference, h)``, h as the model sees it."""
    model = fit(corpus_from_sentences(sentences), n, estimator, conventions=TEXTBOOK, **parameters)
    ref = Reference(sentences, n)
    last = [BOS] * (n - 1) + sentences[-1]
    for h in (tuple(last[:n - 1]), tuple(last[len(last) - (n - 1):]), tuple("zb"[:n - 1])):
        p = model.distribution(h)
        got = {model.vocabulary.tokens[i]: p[i] for i in range(model.vocabulary.outcome_count)}
        expected = expected_after(ref, tuple(t if t in ref.outcomes or t == BOS else UNK for t in h))
        assert set(got) == set(expected)
        for w in expected:
            assert abs(got[w] - expected[w]) < 1e-12, (estimator, h, w, got[w], expected[w])


@settings(max_examples=60, deadline=None)
@given(SENTENCES, st.integers(1, 3))
def test_good_turing_equals_the_dictionary_version(sentences, n):
    assert_engine_equals_reference(
        sentences, n, "good-turing",
        lambda ref, h: ref.good_turing(n, h) or {w: 1 / len(ref.outcomes) for w in ref.outcomes})


@settings(max_examples=60, deadline=None)
@given(SENTENCES, st.integers(1, 3))
def test_katz_equals_the_dictionary_version(sentences, n):
    assert_engine_equals_reference(sentences, n, "katz", lambda ref, h: ref.katz(h))


@settings(max_examples=60, deadline=None)
@given(SENTENCES, st.integers(1, 3), st.lists(st.floats(0.01, 1.0), min_size=4, max_size=4))
def test_interpolation_equals_the_dictionary_version(sentences, n, raw):
    weights = np.array(raw[:n + 1]) / sum(raw[:n + 1])
    assert_engine_equals_reference(sentences, n, "interpolation", lambda ref, h: ref.interpolation(h, weights),
                                   weights=weights)


@settings(max_examples=60, deadline=None)
@given(SENTENCES, st.integers(1, 4), st.sampled_from([None, 0.3, 1.0]))
def test_kneser_ney_equals_the_dictionary_version(sentences, n, discount):
    assert_engine_equals_reference(sentences, n, "kneser-ney", lambda ref, h: ref.kneser_ney(h, discount),
                                   discount=discount)
