"""engine.distribution_parser, message by message and field by field.  Written to kill the
mutants `make mutation` found alive (docs/testing.md): each expected value is typed out here."""
import math

import numpy as np
import pytest

from engine.distribution_parser import (DistributionError, SumError, format_distribution, parse_distribution,
                                        text_distribution)
from engine.entropy_analysis import analyse


def message(call, *args, **kwargs) -> str:
    with pytest.raises(DistributionError) as info:
        call(*args, **kwargs)
    return str(info.value)


# ---- text mode ------------------------------------------------------------------------------

def test_text_mode_messages_word_for_word():
    assert message(text_distribution, 42) == "Type some text to count."
    assert message(text_distribution, "") == "Nothing to count yet: type some text."
    assert message(text_distribution, "   ", unit="word") == "Nothing to count yet: type some text."
    assert message(text_distribution, "?! ...", unit="word") == "No words found: a word is a run of letters or digits."
    many = "".join(chr(0x4E00 + i) for i in range(10_001))
    assert message(text_distribution, many) == (
        "That is 10,001 different characters; the calculator handles at most 10,000 outcomes.")
    assert len(text_distribution(many[:10_000])) == 10_000


def test_windows_line_ends_count_as_one_new_line():
    d = text_distribution("a\r\nb\nc\r")
    assert d.labels == ("↵", "a", "b", "c", "␍")
    np.testing.assert_array_equal(d.probabilities, [2 / 6, 1 / 6, 1 / 6, 1 / 6, 1 / 6])
    assert d.total == 6.0


def test_text_mode_fields_for_words_and_characters():
    d = text_distribution("to be or not to be", unit="word")
    assert d.labels == ("to", "be", "or", "not")
    np.testing.assert_array_equal(d.probabilities, [2 / 6, 2 / 6, 1 / 6, 1 / 6])
    assert d.probabilities.dtype == np.float64
    assert (d.normalized, d.kind, d.total, d.labelled) == (True, "words", 6.0, True)
    assert d.labelled is True and d.normalized is True
    c = text_distribution("abca")
    assert (c.normalized, c.kind, c.total, c.labelled) == (True, "characters", 4.0, True)


# ---- errors from analyse name the field and keep the sum -------------------------------------------------

def test_sum_error_from_analyse_keeps_its_total():
    with pytest.raises(SumError) as info:
        analyse("0.5 0.4")
    assert str(info.value).startswith("P: These probabilities add up to 0.9, not 1.")
    assert info.value.total == pytest.approx(0.9, abs=1e-15)
    with pytest.raises(SumError) as info:
        analyse("0.5 0.5", "30% 30%")
    assert str(info.value).startswith("Q: These percentages add up to 60%, not 100%.")
    assert info.value.total == pytest.approx(0.6, abs=1e-15)
    assert math.isfinite(info.value.total)


# ---- writing a distribution back as text -------------------------------------------------------

def test_format_distribution_writes_values_as_given_unless_asked_to_tidy():
    assert format_distribution(["a", "b"], [0.5, 0.4]) == "a: 0.5\nb: 0.4"
    assert format_distribution(["a", "b"], [0.5, 0.4], tidy=0.2) == f"a: {0.5 / 0.9!r}\nb: {0.4 / 0.9!r}"
    # a zero is fine, and a sum exactly `tidy` away from 1 is still tidied
    assert format_distribution(["a", "b", "c"], [0.0, 0.5, 0.75], tidy=0.25) == "a: 0.0\nb: 0.4\nc: 0.6"
    # a negative value is never hidden by dividing
    assert format_distribution(["a", "b"], [-0.5, 1.6], tidy=0.2) == "a: -0.5\nb: 1.6"
    assert format_distribution([], []) == ""


def test_format_distribution_tidies_float32_in_float64():
    p32 = np.array([0.1, 0.2, 0.7], dtype=np.float32)
    wide = [float(v) for v in p32]
    total = math.fsum(wide)
    assert total != 1.0
    expected = "\n".join(f"{label}: {v / total!r}" for label, v in zip("xyz", wide))
    assert format_distribution(list("xyz"), p32, tidy=1e-6) == expected


def test_format_distribution_counts_labels_and_probabilities_in_its_message():
    assert message(format_distribution, ["a"], [0.5, 0.5]) == "There are 1 label but 2 probabilities."
    assert message(format_distribution, ["a", "b"], [1.0]) == "There are 2 labels but 1 probability."


def test_format_distribution_escapes_labels_that_need_quotes():
    text = format_distribution(["a\nb", "c\td", 'say "hi"', "back\\slash", "two words", "x,y"], [0.5, 0.1, 0.1, 0.1, 0.1, 0.1])
    assert text.split("\n") == ['"a\\nb": 0.5', '"c\\td": 0.1', '"say \\"hi\\"": 0.1', '"back\\\\slash": 0.1',
                                "two words: 0.1", '"x,y": 0.1']
    assert parse_distribution(text).labels == ("a\nb", "c\td", 'say "hi"', "back\\slash", "two words", "x,y")


# ---- how typed pieces and sums are shown in messages -----------------------------------------------

def test_long_pieces_are_shortened_after_forty_characters():
    forty, forty_one = "a" * 40, "b" * 41
    assert message(parse_distribution, "0.5 " + forty).startswith(f"“{forty}” is not a number.")
    assert message(parse_distribution, "0.5 " + forty_one).startswith(f"“{'b' * 37}…” is not a number.")


def test_sums_are_shown_with_six_significant_digits_when_that_is_enough():
    assert message(parse_distribution, "0.1 0.1234567").startswith("These probabilities add up to 0.223457, not 1.")
    assert message(parse_distribution, "0.3 0.3 0.3 0.1000015").startswith(
        "These probabilities add up to 1.000001, not 1.")


# ---- percentages and fractions: limits and messages ---------------------------------------------

def test_percentages_up_to_exactly_100_and_their_messages():
    np.testing.assert_array_equal(parse_distribution("100% 0%").probabilities, [1.0, 0.0])
    assert message(parse_distribution, "100.5% 0%") == (
        "“100.5%” is more than 100%: a probability is at most 100%. For counts, leave out the % sign.")
    assert message(parse_distribution, "-5% 50%") == (
        "“-5%” is negative: probabilities and counts cannot be below 0.")
    assert message(parse_distribution, "x% 50%").startswith("“x%” is not a number. Write decimals (0.25)")
    assert message(parse_distribution, "inf% 50%") == (
        "“inf%” is not a finite number: every probability must be a real number between 0 and 1 "
        "(and every count a real number of at least 0).")


def test_a_second_slash_is_read_after_the_first_fraction_part():
    # "inf/1/2": the part before the first slash is infinite, which is what the message says
    assert message(parse_distribution, "inf/1/2 0").startswith("“inf/1/2” is not a finite number:")
    assert message(parse_distribution, "1/2/4 0").startswith("“1/2/4” is not a number.")


def test_thin_spaces_separate_entries_like_spaces():
    d = parse_distribution("1\u20093\u202f4")
    assert d.labels == ("x1", "x2", "x3") and d.kind == "counts"
    np.testing.assert_array_equal(d.probabilities, [1 / 8, 3 / 8, 4 / 8])


@pytest.mark.parametrize("text", ["-0 1", "-0% 100%", "-0/1 1/1", "−0 0.5 0.5"])
def test_a_typed_minus_zero_is_a_plain_zero(text):
    # -0.0 would show as "-0.000" in the tables
    p = parse_distribution(text).probabilities
    assert p[0] == 0.0 and not np.signbit(p).any()


def test_fraction_limits_and_messages():
    np.testing.assert_array_equal(parse_distribution("0/2 1/1").probabilities, [0.0, 1.0])
    assert parse_distribution("0/2 1/1").kind == "fractions"
    assert message(parse_distribution, "x/2 0").startswith("“x/2” is not a number.")
    assert message(parse_distribution, "1/x 0").startswith("“1/x” is not a number.")
    assert message(parse_distribution, "1e308/1e-308 0") == (
        "“1e308/1e-308” is too large to be a number this calculator can use.")


# ---- labels: every message a student can get ------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (": 0.5", "A colon has no label before it: write the outcome's name first, as in rain: 0.25."),
    ('"a" b: 0.5', "“a b” mixes a quoted label with other words: put the whole label inside the quotes."),
    ("a: 0.5 b c", "“b c” has no value: write it as b c: 0.25, or remove it."),
    ("a: 50% 50%", "“50%” has no label, but other outcomes do: label every outcome or none."),
    ("a: 0.5 0.25 1/4", "“0.25 1/4” has no label, but other outcomes do: label every outcome or none."),
    ('a: 0.5 "b"', "“b” has no value: write it as b: 0.25, or remove it."),
])
def test_label_messages_word_for_word(text, expected):
    assert message(parse_distribution, text) == expected


def test_a_quoted_label_may_hold_spaces_or_be_empty():
    assert parse_distribution('"light rain": 0.5, "": 0.5').labels == ("light rain", "")


@pytest.mark.parametrize("text, expected", [
    ('"rain: 0.5', 'The quote " before “rain: 0.5” is never closed: end the label with ".'),
    ("“rain: 0.5", "The quote “ before “rain: 0.5” is never closed: end the label with ”."),
    ("'abcdefghijklmnopqrstuvwxyz", "The quote ' before “abcdefghijklmnopqrs” is never closed: end the label with '."),
    ('"rain" 0.5', 'The label “rain” has no value: write it as "rain": 0.5.'),
    ("a: 0.5, b:", "“b:” has no value after the colon: write a number, as in b: 0.25."),
    ("a: 0.5, b: : 0.5", "“b:” has no value after the colon: write a number, as in b: 0.25."),
    ("a: 0.5, a: 0.5", "The outcome “a” appears twice: each outcome needs its own name."),
    ("50% 2 3", "“2” looks like a count, but other values are percentages or fractions: "
                "use one kind of number for the whole distribution."),
    ("", "Nothing to read yet: type some probabilities, for example 0.5 0.5, or counts, for example 3 1."),
    ("0 0", "All values are 0: at least one outcome must have a probability (or count) above 0."),
    ("1/0 1", "“1/0” divides by zero: a fraction needs a denominator above 0."),
    ("3/2 0", "“3/2” is more than 1: a probability is at most 1. For counts, write whole numbers."),
    ("1e999 1", "“1e999” is too large to be a number this calculator can use."),
    ("0.5 -0.1 0.6", "“-0.1” is negative: probabilities and counts cannot be below 0."),
    ("0.5,0.5," * 5001, "That is more than 10,000 outcomes; the calculator handles at most 10,000 outcomes."),
])
def test_parser_messages_word_for_word(text, expected):
    assert message(parse_distribution, text) == expected


def test_parser_refuses_what_is_not_text():
    assert message(parse_distribution, 0.5) == "Type the distribution as text, for example 0.5 0.5."
    assert message(parse_distribution, None) == "Type the distribution as text, for example 0.5 0.5."


def test_escapes_inside_quoted_labels():
    d = parse_distribution(r'"a\nb": 0.25, "c\td": 0.25, "say \"hi\"": 0.25, "x\\y": 0.25')
    assert d.labels == ("a\nb", "c\td", 'say "hi"', "x\\y")


def test_colons_without_spaces_and_labels_with_capital_x():
    d = parse_distribution("a:1,b:3")
    assert d.labels == ("a", "b") and d.kind == "counts"
    np.testing.assert_array_equal(d.probabilities, [0.25, 0.75])
    assert parse_distribution("Xmas: 0.5, XX=0.5").labels == ("Xmas", "XX")


def test_a_backslash_at_the_end_of_an_unclosed_label():
    # the backslash escapes the closing quote, or is the last character: the label never closes
    assert message(parse_distribution, '"a\\"') == 'The quote " before “a\\"” is never closed: end the label with ".'
    assert message(parse_distribution, '"a\\') == 'The quote " before “a\\” is never closed: end the label with ".'


def test_counts_adding_up_to_more_than_a_float_holds():
    # math.fsum raised OverflowError here before: a bare traceback instead of a distribution
    d = parse_distribution("1e308 1e308 1.5e308")
    assert d.kind == "counts" and d.total == math.inf
    np.testing.assert_allclose(d.probabilities, [2 / 7, 2 / 7, 3 / 7], rtol=1e-15)


def test_the_first_unlabelled_value_is_named_when_labels_are_mixed():
    assert message(parse_distribution, "a: 0.25, 0.75") == (
        "“0.75” has no label, but other outcomes do: label every outcome or none.")


def test_fields_of_accepted_and_normalised_distributions():
    d = parse_distribution("0.5 0.5")
    assert (d.normalized, d.kind, d.total, d.labelled) == (False, "probabilities", 1.0, False)
    d = parse_distribution("a: 50%, b: 40%", normalize=True)
    assert (d.normalized, d.kind, d.labelled) == (True, "percentages", True)
    assert d.total == pytest.approx(0.9, abs=1e-15)
    np.testing.assert_allclose(d.probabilities, [5 / 9, 4 / 9], rtol=1e-15)
    d = parse_distribution("1/2 1/4", normalize=True)
    assert (d.normalized, d.kind, d.labelled, d.labels) == (True, "fractions", False, ("x1", "x2"))


def test_a_percentage_sum_is_shown_with_the_digits_that_tell_it_from_100():
    assert message(parse_distribution, "50% 50.0002%").startswith("These percentages add up to 100.0002%, not 100%.")
