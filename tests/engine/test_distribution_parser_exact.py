"""engine.distribution_parser, message by message and field by field.  Written to kill the
mutants `make mutation` found alive (docs/testing.md): each expected value is typed out here."""
import math

import numpy as np
import pytest

from engine.distribution_parser import DistributionError, SumError, text_distribution
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
