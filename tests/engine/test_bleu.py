"""engine.bleu against sacrebleu (the oracle of design §5), on the lesson presets and at random."""
import math
import re

import pytest
import sacrebleu
from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from engine.bleu import (
    BLEUError, closest_reference_length, corpus_bleu, ngram_table, sentence_bleu, tokenize_text,
)

TOL = 1e-9
SMOOTHINGS = [("none", None), ("floor", None), ("floor", 0.3), ("add-k", None), ("add-k", 0.5),
              ("exp", None)]

REPEATED = "the the the the the the the"
CAT_REFS = ["the cat is on the mat", "there is a cat on the mat"]
CAPITALISED_REFS = ["The cat is on the mat", "There is a cat on the mat"]
BIGRAM_CANDIDATE = "The cat the cat on the mat"


def oracle(candidates, streams, *, smoothing, smooth_value, effective_order, tokenize="13a",
           lowercase=False, max_n=4):
    metric = BLEU(smooth_method=smoothing, smooth_value=smooth_value, tokenize=tokenize,
                  lowercase=lowercase, effective_order=effective_order, max_ngram_order=max_n)
    return metric.corpus_score(candidates, streams)


def assert_same(ours, theirs, smoothing):
    assert ours.score == pytest.approx(theirs.score, abs=TOL, rel=0)
    assert ours.precisions == pytest.approx(theirs.precisions, abs=TOL, rel=0)
    assert ours.brevity_penalty == pytest.approx(theirs.bp, abs=TOL, rel=0)
    assert ours.candidate_length == theirs.sys_len
    assert ours.reference_length == theirs.ref_len
    if smoothing != "add-k":  # sacrebleu adds k to its counts; ours stay the raw counts
        assert list(ours.counts) == list(theirs.counts)
        assert list(ours.totals) == list(theirs.totals)


# --- the lesson presets ---------------------------------------------------------------------------

def test_repeated_the_scores_as_in_the_lesson():
    result = sentence_bleu(REPEATED, CAT_REFS)
    assert (result.counts[0], result.totals[0]) == (2, 7)
    assert result.precisions[0] == pytest.approx(100 * 2 / 7, abs=TOL)
    assert result.score == pytest.approx(7.8098498423, abs=1e-10)
    assert result.score == pytest.approx(sacrebleu.sentence_bleu(REPEATED, CAT_REFS).score, abs=TOL)


def test_repeated_the_table_clips_at_the_most_in_one_reference():
    table = ngram_table(REPEATED, CAT_REFS, 1)
    [row] = table.rows
    assert (row.ngram, row.count, row.clip, row.clipped) == (("the",), 7, 2, 2)
    assert (table.matches, table.total) == (2, 7)
    assert table.matched_tokens == (0, 1)
    assert (table.n, table.candidate_tokens) == (1, ("the",) * 7)


def test_capitalised_references_match_case_sensitively_unless_lowercase():
    # "The" at the start of each reference is a different word from "the"; one lowercase
    # "the" is left in each reference ("on the mat").
    assert sentence_bleu(REPEATED, CAPITALISED_REFS).counts[0] == 1
    assert sentence_bleu(REPEATED, CAPITALISED_REFS, lowercase=True).counts[0] == 2
    for lowercase in (False, True):
        ours = sentence_bleu(REPEATED, CAPITALISED_REFS, lowercase=lowercase)
        theirs = sacrebleu.sentence_bleu(REPEATED, CAPITALISED_REFS, lowercase=lowercase)
        assert_same(ours, theirs, "exp")


def test_bigram_example_is_four_of_six_and_the_course_notes_slip_three_of_six():
    table = ngram_table(BIGRAM_CANDIDATE, CAPITALISED_REFS, 2, lowercase=True)
    assert (table.matches, table.total) == (4, 6)
    rows = {row.ngram: (row.count, row.clip, row.clipped) for row in table.rows}
    assert rows == {("the", "cat"): (2, 1, 1), ("cat", "the"): (1, 0, 0), ("cat", "on"): (1, 1, 1),
                    ("on", "the"): (1, 1, 1), ("the", "mat"): (1, 1, 1)}
    assert table.matched_tokens == (0, 1, 3, 4, 5, 6)
    slip = ngram_table("The cat the cat on the cat", CAPITALISED_REFS, 2, lowercase=True)
    assert (slip.matches, slip.total) == (3, 6)
    assert sentence_bleu(BIGRAM_CANDIDATE, CAPITALISED_REFS, lowercase=True).precisions[1] == \
        pytest.approx(100 * 4 / 6, abs=TOL)


@pytest.mark.parametrize("smoothing,smooth_value", SMOOTHINGS)
@pytest.mark.parametrize("effective_order", [True, False])
@pytest.mark.parametrize("candidate,references,lowercase", [
    (REPEATED, CAT_REFS, False), (REPEATED, CAPITALISED_REFS, False),
    (REPEATED, CAPITALISED_REFS, True), (BIGRAM_CANDIDATE, CAPITALISED_REFS, True),
    ("the cat", CAT_REFS, False), ("", CAT_REFS, False), ("mat", ["a b c d e f"], False),
])
def test_presets_equal_sacrebleu_for_every_option(candidate, references, lowercase, smoothing,
                                                  smooth_value, effective_order):
    ours = sentence_bleu(candidate, references, smoothing=smoothing, smooth_value=smooth_value,
                         effective_order=effective_order, lowercase=lowercase)
    theirs = oracle([candidate], [[ref] for ref in references], smoothing=smoothing,
                    smooth_value=smooth_value, effective_order=effective_order, lowercase=lowercase)
    assert_same(ours, theirs, smoothing)


def test_defaults_equal_sacrebleus_defaults():
    candidates = ["the cat sat on the mat .", "a dog , barking"]
    streams = [["the cat is on the mat.", "the dog barks"], ["there is a cat on the mat", None]]
    assert_same(corpus_bleu(candidates, streams), sacrebleu.corpus_bleu(candidates, streams), "exp")
    assert_same(sentence_bleu(candidates[1], ["the dog barks", "a dog, barking!"]),
                sacrebleu.sentence_bleu(candidates[1], ["the dog barks", "a dog, barking!"]), "exp")


def test_brevity_penalty_uses_the_closest_reference_ties_to_the_shorter():
    # candidate of 4 words, references of 3 and 5 words: both 1 away, the shorter (3) wins, BP 1
    assert sentence_bleu("a b c d", ["a b c", "a b c d e"]).reference_length == 3
    result = sentence_bleu("a b", ["a b c d e f", "a b c"])
    assert result.reference_length == 3
    assert result.brevity_penalty == pytest.approx(0.6065306597126334, abs=TOL)  # exp(1 - 3/2)


def test_an_empty_candidate_against_an_empty_reference_has_no_brevity_penalty():
    # c = r = 0: c >= r, so BP = 1 (sacrebleu too), although nothing can be scored.
    ours = sentence_bleu("", [""])
    assert (ours.score, ours.brevity_penalty, ours.candidate_length, ours.reference_length) == \
        (0.0, 1.0, 0, 0)
    assert_same(ours, sacrebleu.sentence_bleu("", [""]), "exp")


def test_closest_reference_length_by_hand():
    assert closest_reference_length(4, [3, 5]) == 3        # 1 away each: the shorter
    assert closest_reference_length(4, [6, 2]) == 2        # 2 away each: the shorter
    assert closest_reference_length(4, [9, 5, 1]) == 5
    assert closest_reference_length(0, [2, 1]) == 1


def test_default_options_are_sacrebleus_for_a_sentence_shorter_than_four_words():
    # "the cat" has no 3- or 4-grams: only effective order (sentence_bleu's default) keeps its
    # score above 0, as sacrebleu.sentence_bleu does; corpus_bleu's default (no effective order,
    # case-sensitive) gives 0 here, as sacrebleu.corpus_bleu does.
    ours = sentence_bleu("the cat", CAT_REFS)
    assert_same(ours, sacrebleu.sentence_bleu("the cat", CAT_REFS), "exp")
    # p1 = p2 = 100 %, N = 2; c = 2, closest r = 6: BP = exp(1 - 6/2)
    assert ours.score == pytest.approx(100 * math.exp(-2), abs=TOL) and ours.orders_used == 2
    candidates, streams = ["The cat", "a dog"], [["the cat", "A dog"]]
    ours = corpus_bleu(candidates, streams)
    assert_same(ours, sacrebleu.corpus_bleu(candidates, streams), "exp")
    assert (ours.counts, ours.totals, ours.score) == ((2, 0, 0, 0), (4, 2, 0, 0), 0.0)  # "cat", "dog"


def test_defaults_of_the_table_and_tokeniser_are_case_sensitive_13a():
    assert tokenize_text("The Cat, 3.5-4.") == ("The", "Cat", ",", "3.5", "-", "4", ".")
    table = ngram_table("The cat.", ["the cat ."], 1)
    assert [(row.ngram, row.clipped) for row in table.rows] == \
        [(("The",), 0), (("cat",), 1), ((".",), 1)]


def test_whitespace_tokenisation_keeps_punctuation_attached():
    # candidate words "a,b" "c"; reference words "a" "," "b" "c": only "c" matches, and the
    # bigram "a,b c" does not; c = 2, r = 4, BP = exp(1 - 4/2); p2 = 0 -> exp smoothing 1/(2*1).
    ours = sentence_bleu("a,b c", ["a , b c"], tokenize="none")
    assert (ours.counts, ours.totals) == ((1, 0, 0, 0), (2, 1, 0, 0))
    assert ours.score == pytest.approx(100 * math.exp(-1) * math.sqrt(0.5 * 0.5), abs=TOL)
    assert_same(ours, sacrebleu.sentence_bleu("a,b c", ["a , b c"], tokenize="none"), "exp")


def test_end_of_line_hyphenation_is_joined_but_a_final_hyphen_stays():
    # tokenize_text drops trailing whitespace first, so "re-\n" at the very end keeps its hyphen
    # (as mteval, which reads one line at a time); "e-\nmail" inside the text becomes "email".
    assert tokenize_text("e-\nmail re-\n") == ("email", "re-")
    assert tokenize_text("a\nb\tc.\n") == ("a", "b", "c", ".")


def test_smoothing_method_and_value_are_reported_with_sacrebleus_defaults():
    for method in ("none", "floor", "add-k", "exp"):
        result = sentence_bleu("the cat", CAT_REFS, smoothing=method)
        assert (result.smoothing, result.smooth_value) == (method, BLEU.SMOOTH_DEFAULTS[method])
    given = sentence_bleu("the cat", CAT_REFS, smoothing="add-k", smooth_value=2)
    assert given.smooth_value == 2.0 and isinstance(given.smooth_value, float)


def test_floor_smoothing_precision_of_exactly_one_percent_is_used():
    # 11 distinct words against the same words reversed: every unigram matches, no longer
    # n-gram does; floor eps = 0.1 gives p2 = 0.1/10 = 1 %, p3 = 0.1/9, p4 = 0.1/8 (in percent
    # 10/9 and 1.25).  A precision of 1 % is small but not zero.
    candidate = "a b c d e f g h i j k"
    reference = " ".join(reversed(candidate.split()))
    ours = sentence_bleu(candidate, [reference], smoothing="floor")
    assert ours.precisions == pytest.approx((100.0, 1.0, 10 / 9, 1.25), abs=TOL)
    assert ours.score == pytest.approx((100.0 * 1.0 * 10 / 9 * 1.25) ** 0.25, abs=TOL)
    assert_same(ours, sacrebleu.sentence_bleu(candidate, [reference], smooth_method="floor"), "floor")


# --- orders used and the formula line (what the BLEU view prints) -------------------------------

def test_orders_used_is_the_number_of_orders_with_candidate_ngrams_under_effective_order():
    assert sentence_bleu("the cat", CAT_REFS, effective_order=False).orders_used == 4
    # "the dog": p1 = 1/2, p2 = 0/1 with no smoothing -> BLEU 0, still over N = 2 orders
    zero = sentence_bleu("the dog", CAT_REFS, smoothing="none")
    assert (zero.score, zero.orders_used) == (0.0, 2)
    # nothing matched at all: BLEU 0 and N stays max_n (documented in BLEUResult)
    assert sentence_bleu("x", ["a b"], max_n=3).orders_used == 3


def test_formula_line_with_hand_worked_numbers():
    # REPEATED: p1 = 2/7; no "the the" bigram in a reference, so exp smoothing gives
    # p2 = 1/(2*6), p3 = 1/(4*5), p4 = 1/(8*4); c = 7, closest r = 7, BP = 1.
    hand = 100 * (2 / 7 * 1 / 12 * 1 / 20 * 1 / 32) ** 0.25
    assert hand == pytest.approx(7.80985, abs=5e-6)
    assert sentence_bleu(REPEATED, CAT_REFS).formula() == (
        "BP = 1;  BLEU = 1 * exp((log 28.5714% + log 8.33333% + log 5% + log 3.125%) / 4) = 7.80985")
    # "a b": both precisions 100 %, effective order N = 2, r = 3 (closest to 2),
    # BP = exp(1 - 3/2) = 0.6065306...
    assert sentence_bleu("a b", ["a b c d e f", "a b c"]).formula() == (
        "BP = exp(1 - 3/2) = 0.606531;  BLEU = 0.606531 * exp((log 100% + log 100%) / 2) = 60.6531")
    assert sentence_bleu("x y", ["a b"]).formula() == \
        "BP = 1;  a precision is 0 (or nothing matched), so BLEU = 0"
    assert sentence_bleu("x", ["a b"]).formula() == \
        "BP = exp(1 - 2/1) = 0.367879;  a precision is 0 (or nothing matched), so BLEU = 0"


# --- random sentences -----------------------------------------------------------------------------

WORDS = st.sampled_from([
    "the", "The", "cat", "Cat", "mat", "on", "is", "a", "dog", "3.14", "1,000", "1990-91", "x-y",
    "it's", "U.S.", "end.", "(a)", "&amp;", "&quot;hi&quot;", "<skipped>", "e-\nmail", "!", "?",
    ",", ".", "--", "$5", "über", "ÜBER", "Straße", "a/b", "[x]", "{y}", "@", "#tag", "1.", ".5",
])
SEPARATORS = st.sampled_from([" ", " ", " ", "", "\n", "\t", "  "])


@st.composite
def sentences(draw, min_words=0, max_words=10):
    words = draw(st.lists(WORDS, min_size=min_words, max_size=max_words))
    seps = draw(st.lists(SEPARATORS, min_size=len(words), max_size=len(words)))
    return "".join(sep + word for sep, word in zip(seps, words)) + draw(st.sampled_from(["", " ", "\n"]))


OPTIONS = st.fixed_dictionaries({
    "smoothing": st.sampled_from(["none", "floor", "add-k", "exp"]),
    "effective_order": st.booleans(),
    "tokenize": st.sampled_from(["13a", "none"]),
    "lowercase": st.booleans(),
    "max_n": st.integers(1, 5),
})


def smooth_value_for(smoothing, draw_value):
    return draw_value if smoothing in ("floor", "add-k") else None


@settings(max_examples=300, deadline=None)
@given(candidate=sentences(), references=st.lists(sentences(1), min_size=1, max_size=4),
       options=OPTIONS, value=st.sampled_from([None, 0.0, 0.05, 2.0]))
def test_random_sentences_equal_sacrebleu(candidate, references, options, value):
    smooth_value = smooth_value_for(options["smoothing"], value)
    ours = sentence_bleu(candidate, references, smooth_value=smooth_value, **options)
    theirs = oracle([candidate], [[ref] for ref in references], smooth_value=smooth_value, **options)
    assert_same(ours, theirs, options["smoothing"])


@settings(max_examples=150, deadline=None)
@given(data=st.data(), options=OPTIONS, n_refs=st.integers(1, 4), n_sentences=st.integers(1, 5))
def test_random_corpora_equal_sacrebleu(data, options, n_refs, n_sentences):
    candidates = data.draw(st.lists(sentences(), min_size=n_sentences, max_size=n_sentences))
    streams = [data.draw(st.lists(sentences(1), min_size=n_sentences, max_size=n_sentences))
               for _ in range(n_refs)]
    ours = corpus_bleu(candidates, streams, **options)
    theirs = oracle(candidates, streams, smooth_value=None, **options)
    assert_same(ours, theirs, options["smoothing"])


@settings(max_examples=300, deadline=None)
@given(text=st.lists(st.sampled_from(list("ab1. ,-'&;()\n<>/ü") + [
    "&quot;", "&amp;", "&lt;", "<skipped>", "-\n", "3.1", "x,y", "9-", "\t"]), max_size=30).map("".join))
def test_13a_tokens_equal_sacrebleus(text):
    assert list(tokenize_text(text)) == Tokenizer13a()(text.rstrip()).split()


@settings(max_examples=200, deadline=None)
@given(candidate=sentences(), references=st.lists(sentences(1), min_size=1, max_size=4),
       n=st.integers(1, 4), lowercase=st.booleans())
def test_ngram_table_rows_agree_with_a_direct_count(candidate, references, n, lowercase):
    table = ngram_table(candidate, references, n, lowercase=lowercase)
    tokens = Tokenizer13a()((candidate.lower() if lowercase else candidate).rstrip()).split()
    refs = [Tokenizer13a()((r.lower() if lowercase else r).rstrip()).split() for r in references]

    def occurrences(words, gram):
        return sum(1 for i in range(len(words) - n + 1) if tuple(words[i:i + n]) == gram)

    for row in table.rows:
        assert row.count == occurrences(tokens, row.ngram) == len(row.starts)
        assert row.clip == max(occurrences(ref, row.ngram) for ref in refs)
        assert row.clipped == min(row.count, row.clip) == len(row.matched_starts)
        assert all(tuple(tokens[s:s + n]) == row.ngram for s in row.starts)
    assert sum(row.count for row in table.rows) == table.total == max(0, len(tokens) - n + 1)
    result = sentence_bleu(candidate, references, max_n=n, lowercase=lowercase)
    assert table.matches == result.counts[n - 1]


# --- bad arguments ----------------------------------------------------------------------------------

# The whole message is compared (anchored, escaped): it is what the BLEU view shows a student.
@pytest.mark.parametrize("call,message", [
    (lambda: sentence_bleu("a", ["a"], smoothing="laplace"),
     "unknown smoothing 'laplace'; choose one of none, floor, add-k, exp"),
    (lambda: sentence_bleu("a", ["a"], tokenize="intl"), "unknown tokenize 'intl'; choose one of 13a, none"),
    (lambda: tokenize_text("a", tokenize="char"), "unknown tokenize 'char'; choose one of 13a, none"),
    (lambda: sentence_bleu("a", []), "no reference: BLEU needs at least one"),
    (lambda: sentence_bleu("a", [None]), "no reference: BLEU needs at least one"),
    (lambda: sentence_bleu("a", "a"), "references must be a list of strings, not a single string"),
    (lambda: ngram_table("a", "a", 1), "references must be a list of strings, not a single string"),
    (lambda: sentence_bleu("a", ["a"], max_n=0), "max_n must be a positive integer, got 0"),
    (lambda: sentence_bleu("a", ["a"], max_n=True), "max_n must be a positive integer, got True"),
    (lambda: sentence_bleu("a", ["a"], max_n=2.0), "max_n must be a positive integer, got 2.0"),
    (lambda: sentence_bleu("a", ["a"], max_n="4"), "max_n must be a positive integer, got '4'"),
    (lambda: sentence_bleu("a", ["a"], smooth_value=0.1), "smoothing 'exp' takes no smooth_value"),
    (lambda: sentence_bleu("a", ["a"], smoothing="none", smooth_value=0.0),
     "smoothing 'none' takes no smooth_value"),
    (lambda: sentence_bleu("a", ["a"], smoothing="floor", smooth_value=-1),
     "smooth_value must be a finite number >= 0, got -1"),
    (lambda: sentence_bleu("a", ["a"], smoothing="floor", smooth_value=True),
     "smooth_value must be a finite number >= 0, got True"),
    (lambda: sentence_bleu("a", ["a"], smoothing="add-k", smooth_value="0.1"),
     "smooth_value must be a finite number >= 0, got '0.1'"),
    (lambda: sentence_bleu("a", ["a"], smoothing="add-k", smooth_value=float("inf")),
     "smooth_value must be a finite number >= 0, got inf"),
    (lambda: sentence_bleu("a", ["a"], smoothing="floor", smooth_value=float("nan")),
     "smooth_value must be a finite number >= 0, got nan"),
    (lambda: sentence_bleu(3, ["a"]), "a sentence must be a string, not int"),
    (lambda: corpus_bleu(["a", "b"], [["a", "b"], ["a"]]),
     "reference stream 1 must be a list of 2 strings (one per candidate), got 1"),
    (lambda: corpus_bleu(["a"], ["a"]),
     "reference stream 0 must be a list of 1 strings (one per candidate), got a string"),
    (lambda: corpus_bleu(["a"], [[None]]), "no reference for sentence 0: BLEU needs at least one"),
    (lambda: corpus_bleu(["a", "b"], [["a", None], [None, None]]),
     "no reference for sentence 1: BLEU needs at least one"),
    (lambda: corpus_bleu([], [[]]), "candidates must be a non-empty list of strings"),
    (lambda: corpus_bleu("ab", [["a", "b"]]), "candidates must be a non-empty list of strings"),
    (lambda: corpus_bleu(["a"], []), "at least one reference stream is needed"),
    (lambda: corpus_bleu(["a"], "a"), "at least one reference stream is needed"),
    (lambda: ngram_table("a", ["a"], 0), "n must be a positive integer, got 0"),
    (lambda: closest_reference_length(3, []), "at least one reference is needed"),
])
def test_bad_arguments_raise_a_clear_value_error(call, message):
    with pytest.raises(BLEUError, match="^" + re.escape(message) + "$") as caught:
        call()
    assert isinstance(caught.value, ValueError)
