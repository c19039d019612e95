"""Human-written dates in four locales paired with their ISO form ("2021-03-26").

Each example picks a locale, a format and a date uniformly.  Formats are babel's CLDR
``short``/``medium``/``long``/``full`` for the locale plus the lesson's own patterns.  Formats
that write the year with two digits follow Python's ``%y`` pivot (69-99 -> 19xx, 00-68 -> 20xx)
and are only drawn from 1969-01-01..2068-12-31, so every input has exactly one right answer;
the others cover 1900-01-01..2099-12-31.

Streams are deterministic for a (seed, split) pair, and the split name is part of the random
seed, so a training draw and an evaluation draw never share a seed even when the numbers match.
"""
from __future__ import annotations

import datetime as _dt
import random
from dataclasses import dataclass
from functools import lru_cache

from babel.dates import format_date, get_date_format

LOCALES = ("en", "zh", "de", "fr")
CLDR_WIDTHS = ("short", "medium", "long", "full")
LESSON_PATTERNS = ("d MMM y", "d MMMM y", "dd/MM/y", "dd-MM-y", "EE d, MMM y", "EEEE d, MMMM y")

FULL_RANGE = (_dt.date(1900, 1, 1), _dt.date(2099, 12, 31))
TWO_DIGIT_YEAR_RANGE = (_dt.date(1969, 1, 1), _dt.date(2068, 12, 31))


@dataclass(frozen=True)
class DateFormat:
    locale: str
    name: str  # "short".."full" or the lesson's pattern itself
    pattern: str  # the CLDR pattern actually used

    @property
    def two_digit_year(self) -> bool:
        # CLDR: "yy" is the two-digit year; "y" alone is the full year.
        return "yy" in self.pattern and "yyy" not in self.pattern

    @property
    def date_range(self) -> tuple[_dt.date, _dt.date]:
        return TWO_DIGIT_YEAR_RANGE if self.two_digit_year else FULL_RANGE


@lru_cache(maxsize=None)
def all_formats() -> tuple[DateFormat, ...]:
    formats = []
    for locale in LOCALES:
        for width in CLDR_WIDTHS:
            formats.append(DateFormat(locale, width, get_date_format(width, locale=locale).pattern))
        for pattern in LESSON_PATTERNS:
            formats.append(DateFormat(locale, pattern, pattern))
    return tuple(formats)


def render(date: _dt.date, fmt: DateFormat) -> str:
    """The date as babel writes it in that locale and pattern."""
    return format_date(date, fmt.pattern, locale=fmt.locale)


@dataclass(frozen=True)
class DateExample:
    text: str
    iso: str
    locale: str
    format_name: str


class DateStream:
    """Deterministic stream of examples for one (seed, split)."""

    def __init__(self, seed: int, split: str = "train"):
        self.seed = seed
        self.split = split
        # A string seed is hashed with SHA-512 by `random`, stable across runs and platforms.
        self._rng = random.Random(f"attention-lab/dates/{split}/{seed}")
        self._formats = all_formats()

    def draw(self) -> DateExample:
        fmt = self._rng.choice(self._formats)
        lo, hi = fmt.date_range
        date = lo + _dt.timedelta(days=self._rng.randrange((hi - lo).days + 1))
        return DateExample(render(date, fmt), date.isoformat(), fmt.locale, fmt.name)

    def take(self, n: int) -> list[DateExample]:
        return [self.draw() for _ in range(n)]


def sample_dates(n: int, seed: int, split: str = "train") -> list[DateExample]:
    return DateStream(seed, split).take(n)


def covering_examples() -> list[DateExample]:
    """Examples that contain every character the generator can produce.

    Used to build the source vocabulary: every month and weekday name in every format and
    locale (two years: one of each century, leap day included), all digits in every position.
    """
    dates = [_dt.date(2021, 1, 1) + _dt.timedelta(days=d) for d in range(365)]
    dates += [_dt.date(1996, 2, 29), _dt.date(1969, 7, 20), _dt.date(2068, 12, 31), _dt.date(1900, 1, 1),
              _dt.date(2099, 12, 31), _dt.date(1987, 6, 15), _dt.date(2034, 8, 9)]
    out = []
    for fmt in all_formats():
        for date in dates:
            lo, hi = fmt.date_range
            if lo <= date <= hi:
                out.append(DateExample(render(date, fmt), date.isoformat(), fmt.locale, fmt.name))
    return out
