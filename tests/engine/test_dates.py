import datetime as dt

from engine.data.dates import (FULL_RANGE, TWO_DIGIT_YEAR_RANGE, DateStream, all_formats, covering_examples, render,
                               sample_dates)


def test_same_seed_same_examples_and_splits_differ():
    assert sample_dates(50, 7) == sample_dates(50, 7)
    assert sample_dates(50, 7, "train") != sample_dates(50, 7, "test")
    assert sample_dates(50, 7) != sample_dates(50, 8)


def test_formats_cover_locales_widths_and_lesson_patterns():
    formats = all_formats()
    assert len(formats) == 4 * (4 + 6)
    assert {f.locale for f in formats} == {"en", "zh", "de", "fr"}
    names = {f.name for f in formats}
    assert {"short", "medium", "long", "full", "d MMM y", "EEEE d, MMMM y"} <= names


def test_every_example_renders_back_from_its_iso_date_and_respects_year_ranges():
    by_key = {(f.locale, f.name): f for f in all_formats()}
    seen = set()
    for example in DateStream(3, "train").take(3000):
        fmt = by_key[(example.locale, example.format_name)]
        date = dt.date.fromisoformat(example.iso)
        assert render(date, fmt) == example.text
        lo, hi = TWO_DIGIT_YEAR_RANGE if fmt.two_digit_year else FULL_RANGE
        assert lo <= date <= hi
        seen.add((fmt.locale, fmt.name))
    assert len(seen) == 40


def test_two_digit_year_formats_are_unambiguous_under_the_pivot():
    two_digit = [f for f in all_formats() if f.two_digit_year]
    assert {(f.locale, f.name) for f in two_digit} == {("en", "short"), ("de", "short")}
    en_short = next(f for f in two_digit if f.locale == "en")
    assert render(dt.date(1969, 7, 20), en_short) == "7/20/69"
    assert render(dt.date(2068, 1, 2), en_short) == "1/2/68"


def test_lesson_examples_are_produced():
    texts = {e.text for e in covering_examples()}
    assert "Friday 26, March 2021" in texts
    assert "2021年3月26日星期五" in texts
    assert "Freitag, 26. März 2021" in texts
