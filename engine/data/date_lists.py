"""Lists of one to four human-written dates -> their ISO forms, for the experiment "why attention".

    "4 Nov 1988 | 星期五 26, 三月 2021"  ->  "1988-11-04 2021-03-26"

Each date is drawn as in engine.data.dates (same locales, formats and ranges); the number of
dates is uniform in 1..MAX_DATES.  Inputs then run from 6 to about 130 characters and outputs
from 10 to 43, while each date is exactly as hard as in the single-date task: a drop in accuracy
with length shows the fixed-size context of an encoder-decoder without attention running out of
room (it must hold up to 32 digits at once), not harder dates.  Chosen over a long-date format
because the length is the only thing that changes, and the output grows with the input.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.data.dates import DateStream, covering_examples

MAX_DATES = 4
SEPARATOR = " | "


@dataclass(frozen=True)
class DateListExample:
    text: str
    iso: str  # the ISO dates separated by single spaces
    locale: str  # the group evaluation reports by: the number of dates ("2 dates")
    count: int


class DateListStream:
    """Deterministic stream of date lists for one (seed, split); the split is part of the seed."""

    def __init__(self, seed: int, split: str = "train"):
        self._rng = random.Random(f"attention-lab/date-lists/{split}/{seed}")
        self._dates = DateStream(seed, f"date-lists/{split}")

    def draw(self) -> DateListExample:
        count = self._rng.randint(1, MAX_DATES)
        dates = self._dates.take(count)
        return DateListExample(SEPARATOR.join(d.text for d in dates), " ".join(d.iso for d in dates),
                               f"{count} date{'s' if count > 1 else ''}", count)

    def take(self, n: int) -> list[DateListExample]:
        return [self.draw() for _ in range(n)]


def source_alphabet() -> list[str]:
    """Every character a list can contain: the single-date alphabet and the separator's."""
    return sorted(set("".join(e.text for e in covering_examples())) | set(SEPARATOR))
