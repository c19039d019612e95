"""engine.bleu against sacrebleu (the oracle of design §5), on the lesson presets and at random."""
import pytest
import sacrebleu
from hypothesis import given, settings, strategies as st
from sacrebleu.metrics import BLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from engine.bleu import (
    BLEUError, corpus_bleu, ngram_table, sentence_bleu, tokenize_text,
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

@pytest.mark.parametrize("call,message", [
    (lambda: sentence_bleu("a", ["a"], smoothing="laplace"), "unknown smoothing 'laplace'"),
    (lambda: sentence_bleu("a", ["a"], tokenize="intl"), "unknown tokenize 'intl'"),
    (lambda: sentence_bleu("a", []), "no reference"),
    (lambda: sentence_bleu("a", [None]), "no reference"),
    (lambda: sentence_bleu("a", "a"), "not a single string"),
    (lambda: sentence_bleu("a", ["a"], max_n=0), "max_n must be a positive integer"),
    (lambda: sentence_bleu("a", ["a"], smooth_value=0.1), "takes no smooth_value"),
    (lambda: sentence_bleu("a", ["a"], smoothing="floor", smooth_value=-1), "finite number >= 0"),
    (lambda: sentence_bleu(3, ["a"]), "must be a string"),
    (lambda: corpus_bleu(["a", "b"], [["a", "b"], ["a"]]), "reference stream 1 must be a list of 2"),
    (lambda: corpus_bleu([], [[]]), "non-empty list"),
    (lambda: corpus_bleu(["a"], []), "at least one reference stream"),
    (lambda: ngram_table("a", ["a"], 0), "n must be a positive integer"),
])
def test_bad_arguments_raise_a_clear_value_error(call, message):
    with pytest.raises(BLEUError, match=message) as caught:
        call()
    assert isinstance(caught.value, ValueError)
