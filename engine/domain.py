"""Whether an output can be true at all: checks a model's output against what its task allows.

A date model writes ten characters in the shape of an ISO date whatever it is given ("hello
world" → 1977-07-07, "31/02/2021" → 2021-02-31, "2000-01-01" → 1010-00-20); shape is not truth.
``is_calendar_date`` says whether such an output names a day that exists in the proleptic
Gregorian calendar (year 0001 to 9999, month 01–12, the month's own number of days, 29 February
in leap years only), which is what the date task's targets are.
"""
from __future__ import annotations

import datetime
import re

_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def is_calendar_date(text: str) -> bool:
    """True when `text` is exactly YYYY-MM-DD and that day exists (2021-02-29 does not)."""
    match = _ISO_DATE.fullmatch(text)
    if match is None:
        return False
    year, month, day = (int(part) for part in match.groups())
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return True
