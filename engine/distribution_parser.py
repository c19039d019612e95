"""Reading what a student types: a distribution as numbers (:func:`parse_distribution`) or as
the frequencies of text (:func:`text_distribution`), and writing one back as text
(:func:`format_distribution`): ``from engine.distribution_parser import parse_distribution,
DistributionError``.  The measures on a distribution are in :mod:`engine.infotheory`.

Entries are separated by commas, semicolons, new lines or spaces, in any mix.  Each value is
a decimal (``0.25``, ``2.5e-1``), a percentage (``25%``) or a fraction (``1/4``); an entry may
carry a label before a colon or an equals sign (``rain: 0.25``, ``"light rain" = 1/4``; quote
a label that contains separators, ``\\"`` and ``\\\\`` escape inside quotes).  Either every
entry has a label or none has; unlabelled outcomes are called x1, x2, ...

Counts or probabilities?  The rule:

* plain numbers are **counts** when any of them is above 1, or when all are whole numbers
  adding up to more than 1 (``8 1 0.5 0.5``, ``3 1``): they are divided by their total and the
  distribution says ``normalized=True``;
* otherwise the values are **probabilities** and must add up to 1 within 1e-6 (percentages:
  to 100%; fractions likewise).  If they do not, :class:`SumError` says what they add up to and
  offers to normalise: ``parse_distribution(text, normalize=True)`` divides them by their sum
  (and sets ``normalized=True``);
* percentages above 100% and fractions above 1 are errors, and so is mixing counts with
  percentages or fractions.

Text mode (:func:`text_distribution`) turns typed text into the frequency distribution of its
characters (``unit="char"``; a space is shown as ␣, a new line as ↵, a tab as ⇥) or of its
words (``unit="word"``: runs of letters and digits, apostrophes inside words kept), most
frequent first, optionally ignoring case.  It is always normalised from counts.

Every user error raises :class:`DistributionError` (a ``ValueError``) with a message a student
can act on; nothing is evaluated (no ``eval``).  At most 10,000 outcomes are accepted.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from engine.messages import EngineError, Message, counted


__all__ = [
    "MAX_OUTCOMES", "DistributionError", "SumError", "Distribution",
    "parse_distribution", "text_distribution", "format_distribution",
]
# quote, format_sum, refuse_too_many and read_only_array are shared with engine.infotheory,
# whose checks of probability arrays speak in the same words.

MAX_OUTCOMES = 10_000
SUM_TOLERANCE = 1e-6


class DistributionError(EngineError, ValueError):
    """Input that is not a probability distribution; the message says why, in plain words
    (engine.messages: a code and its arguments)."""


class SumError(DistributionError):
    """Probabilities that do not add up to 1; ``total`` is what they add up to.  Normalising
    (``normalize=True``) divides each by ``total``."""

    def __init__(self, code: str, total: float | None = None, /, **arguments):
        super().__init__(code, **arguments)
        self.total = total


@dataclass(frozen=True, eq=False)
class Distribution:
    """A validated probability distribution.

    ``probabilities`` is a read-only float64 array adding up to 1; ``normalized`` is True when
    it was obtained by dividing the typed values by their total (counts, or on request);
    ``kind`` is how the values were read ("probabilities", "percentages", "fractions",
    "counts", "characters", "words"); ``total`` is the sum of the values as typed (the number
    of counts, or the probabilities' own sum); ``labelled`` is True when the labels were typed.
    """

    labels: tuple
    probabilities: np.ndarray
    normalized: bool = False
    kind: str = "probabilities"
    total: float = 1.0
    labelled: bool = False

    def __len__(self) -> int:
        return len(self.labels)


# ---- parsing -------------------------------------------------------------------------------

_HARD_SEPARATORS = ",;\n\r，；、"
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity|∞)", re.IGNORECASE)
# a typed value without its label: a decimal, a percentage or a fraction
_VALUE_SHAPE = re.compile(rf"(?:{_NUMBER.pattern})(?:%|/(?:{_NUMBER.pattern}))?")


def quote(text: str) -> str:
    """How a typed piece is shown in a message (shortened if long)."""
    text = text if len(text) <= 40 else text[:37] + "…"
    return f"“{text}”"


def format_sum(total: float, target: float = 1.0) -> str:
    """The sum with enough digits that it visibly differs from the target."""
    for digits in range(6, 18):
        text = f"{total:.{digits}g}"
        if float(text) != target:
            return text
    return repr(total)


_QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’"}


def _tokens(text: str):
    """Yield ("word", s), ("quoted", s), ("colon", ":") and ("hard", ",") tokens.  Spaces
    separate words; a quote opens a quoted label only at the start of a word (so "it's" is a
    word)."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in _HARD_SEPARATORS:
            yield "hard", c
            i += 1
        elif c.isspace():
            i += 1
        elif c in ":=":
            yield "colon", c
            i += 1
        elif c in _QUOTES:
            close = _QUOTES[c]
            j = i + 1
            chars = []
            while j < n and text[j] != close:
                if text[j] == "\\" and j + 1 < n:
                    chars.append({"n": "\n", "t": "\t"}.get(text[j + 1], text[j + 1]))
                    j += 2
                else:
                    chars.append(text[j])
                    j += 1
            if j >= n:
                raise DistributionError("quote_not_closed", quote=c, text=quote(text[i + 1:i + 20]), close=close)
            yield "quoted", "".join(chars)
            i = j + 1
        else:
            j = i
            while j < n and not (text[j].isspace() or text[j] in _HARD_SEPARATORS or text[j] in ":="):
                j += 1
            yield "word", text[i:j]
            i = j


def _entries(text: str) -> list[tuple[str | None, str]]:
    """(label or None, value text) for each entry, in order."""
    entries: list[tuple[str | None, str]] = []
    chunk: list[tuple[str, str]] = []

    def flush():
        if chunk:
            entries.extend(_chunk_entries(chunk))
            chunk.clear()
            if len(entries) > MAX_OUTCOMES:
                refuse_too_many(len(entries), "outcomes", more=True)

    for kind, value in _tokens(text):
        if kind == "hard":
            flush()
        elif (kind == "word" and chunk and chunk[-1][0] == "word"
              and (value.startswith(("%", "/")) or chunk[-1][1].endswith("/"))):
            chunk[-1] = ("word", chunk[-1][1] + value)  # "80 %" is "80%", "1 / 4" is "1/4"
        else:
            chunk.append((kind, value))
    flush()
    return entries


def _chunk_entries(chunk: list[tuple[str, str]]) -> list[tuple[str | None, str]]:
    """Entries in one chunk (the text between commas, semicolons or new lines)."""
    if not any(kind == "colon" for kind, _ in chunk):
        out = []
        for kind, value in chunk:
            if kind == "quoted":
                raise DistributionError("label_without_value", label=quote(value), written=f'"{value}"')
            out.append((None, value))
        return out
    out = []
    label_parts: list[tuple[str, str]] = []
    i = 0
    while i < len(chunk):
        kind, value = chunk[i]
        if kind != "colon":
            label_parts.append((kind, value))
            i += 1
            continue
        # a colon: the label is what came before it, the value is the next word
        if not label_parts:
            raise DistributionError("colon_without_label")
        if len(label_parts) > 1 and any(k == "quoted" for k, _ in label_parts):
            raise DistributionError("mixed_quoted_label", label=quote(" ".join(v for _, v in label_parts)))
        label = " ".join(v for _, v in label_parts)  # (words are never blank: spaces split them)
        if i + 1 >= len(chunk) or chunk[i + 1][0] != "word":
            raise DistributionError("no_value_after_colon", label=quote(label + ":"), name=label)
        out.append((label, chunk[i + 1][1]))
        label_parts = []
        i += 2
    if label_parts:
        words = " ".join(v for _, v in label_parts)
        if all(k == "word" and _VALUE_SHAPE.fullmatch(v) for k, v in label_parts):
            raise DistributionError("unlabelled_among_labelled", value=quote(words))
        raise DistributionError("words_without_value", words=quote(words), name=words)
    return out


def _number(word: str, shown: str) -> float:
    w = word.strip().replace("−", "-")  # (thin spaces never get here: they separate entries)
    if _NON_FINITE.fullmatch(w):
        raise DistributionError("not_finite_number", value=quote(shown))
    if not _NUMBER.fullmatch(w):
        raise DistributionError("not_a_number", value=quote(shown))
    value = float(w)
    if not math.isfinite(value):
        raise DistributionError("number_too_large", value=quote(shown))
    return value


def _negative(shown: str):
    raise DistributionError("negative_value", value=quote(shown))


def _value(word: str) -> tuple[float, str]:
    """(value on the scale of 1, kind) for one typed value."""
    w = word.strip()
    if w.endswith("%"):
        number = _number(w[:-1], w)
        if number < 0:
            _negative(w)
        if number > 100:
            raise DistributionError("over_100_percent", value=quote(w))
        return number / 100.0, "percent"
    if "/" in w:
        top, _, bottom = w.partition("/")
        a, b = _number(top, w), _number(bottom, w)
        if b == 0:
            raise DistributionError("divides_by_zero", value=quote(w))
        value = a / b
        if value < 0:
            _negative(w)
        if not math.isfinite(value):
            raise DistributionError("number_too_large", value=quote(w))
        if value > 1:
            raise DistributionError("fraction_over_1", value=quote(w))
        return value, "fraction"
    value = _number(w, w)
    if value < 0:
        _negative(w)
    return value, "decimal"


def refuse_too_many(count: int, what: str, more: bool = False):
    """`what`: "outcomes", "characters" or "words" (different ones, counted in a text)."""
    if more:
        raise DistributionError("more_than_limit_outcomes", limit=f"{MAX_OUTCOMES:,}")
    raise DistributionError("too_many_outcomes", count=f"{count:,}", what=Message(f"what_{what}"),
                            limit=f"{MAX_OUTCOMES:,}")


def read_only_array(a: np.ndarray) -> np.ndarray:
    a = np.array(a, dtype=np.float64)
    a.setflags(write=False)
    return a


def parse_distribution(text: str, normalize: bool = False) -> Distribution:
    """Read a distribution typed by a student (see the module docstring for the formats and
    the counts-or-probabilities rule).  Raises DistributionError (SumError when probabilities
    do not add up to 1 and ``normalize`` is False)."""
    if not isinstance(text, str):
        raise DistributionError("distribution_not_text")
    entries = _entries(text)
    if not entries:
        raise DistributionError("nothing_to_read")
    labelled = [label is not None for label, _ in entries]
    if any(labelled) and not all(labelled):
        first = next(value for label, value in entries if label is None)
        raise DistributionError("unlabelled_among_labelled", value=quote(first))
    if all(labelled):
        seen: set[str] = set()
        for label, _ in entries:
            if label in seen:
                raise DistributionError("outcome_twice", label=quote(label))
            seen.add(label)
        labels = tuple(label for label, _ in entries)
    else:
        labels = tuple(f"x{i + 1}" for i in range(len(entries)))
    parsed = [_value(value) for _, value in entries]
    values = np.array([v for v, _ in parsed]) + 0.0  # Python floats; "-0", "-0%", "-0/1": +0.0
    kinds = {k for _, k in parsed}
    if not np.any(values > 0):
        raise DistributionError("all_zero")
    plain = kinds == {"decimal"}
    whole = bool(np.all(values == np.floor(values)))
    big = values > 1
    counts = plain and (bool(big.any()) or (whole and float(values.sum()) > 1))
    if not plain and big.any():
        example = entries[int(np.argmax(big))][1]
        raise DistributionError("count_among_fractions", value=quote(example))
    scaled = values / values.max()  # never overflows, even for huge counts
    try:
        total = math.fsum(values)
    except OverflowError:  # counts adding up to more than a float holds (1e308 1e308)
        total = math.inf
    probabilities = scaled / math.fsum(scaled)
    if counts:
        return Distribution(labels, read_only_array(probabilities), True, "counts", total, all(labelled))
    kind = ("percentages" if kinds == {"percent"} else "fractions" if kinds == {"fraction"}
            else "probabilities")
    if abs(total - 1.0) <= SUM_TOLERANCE:
        return Distribution(labels, read_only_array(probabilities), False, kind, total, all(labelled))
    if normalize:
        return Distribution(labels, read_only_array(probabilities), True, kind, total, all(labelled))
    if kind == "percentages":
        raise SumError("percentages_not_100", total, total=format_sum(total * 100, 100.0) + "%")
    raise SumError("sum_not_one", total, total=format_sum(total))


_VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}
_WORD = re.compile(r"\w+(?:['’]\w+)*")


def text_distribution(text: str, unit: str = "char", ignore_case: bool = False) -> Distribution:
    """The frequency distribution of the characters (unit="char") or words (unit="word") of
    `text`, most frequent first (ties in order of first appearance).  Characters that are hard
    to see get a visible stand-in: space ␣, new line ↵, tab ⇥."""
    if not isinstance(text, str):
        raise DistributionError("text_not_text")
    if unit not in ("char", "word"):
        raise DistributionError("unknown_text_unit", unit=repr(unit))
    if ignore_case:
        text = text.lower()
    if unit == "char":
        text = text.replace("\r\n", "\n")
        items = [_VISIBLE.get(c, c) for c in text]
        what = "characters"
    else:
        items = _WORD.findall(text)
        what = "words"
    if not items:
        raise DistributionError("nothing_to_count" if not text.strip()  # (no characters: no text)
                                else "no_words")
    counter = Counter(items)  # keeps first-appearance order for ties
    if len(counter) > MAX_OUTCOMES:
        refuse_too_many(len(counter), what)
    ordered = sorted(counter.items(), key=lambda kv: -kv[1])  # stable sort
    labels = tuple(k for k, _ in ordered)
    values = np.array([v for _, v in ordered])  # whole counts: divided by a float below
    total = float(values.sum())
    return Distribution(labels, read_only_array(values / total), True, "characters" if unit == "char" else "words",
                        total, True)


_LABEL_CHAR = r"[^\s,;:=\"'%/\\，；、“”‘’]"
_PLAIN_LABEL = re.compile(rf"{_LABEL_CHAR}+(?: {_LABEL_CHAR}+)*")


def format_distribution(labels, probabilities, tidy: float = 0.0) -> str:
    """Text that :func:`parse_distribution` reads back as these labels and probabilities:
    ``label: p`` entries, one per line, labels quoted where they need it.

    ``tidy``: when the probabilities add up to 1 within this tolerance (rounding of float32
    softmax outputs, say), they are divided by their sum first, so that they parse cleanly."""
    labels = [str(label) for label in labels]
    values = np.asarray(probabilities, dtype=np.float64).ravel()
    total = math.fsum(values)
    if abs(total - 1.0) <= tidy and np.all(values >= 0):  # (tidy 0: only an exact 1, divided by 1)
        values = values / total
    probabilities = [float(p) for p in values]
    if len(labels) != len(probabilities):
        raise DistributionError("labels_probabilities_mismatch", labels=counted(len(labels), "label"),
                                probabilities=counted(len(probabilities), "probability"))
    lines = []
    for label, p in zip(labels, probabilities):
        if not _PLAIN_LABEL.fullmatch(label):
            label = '"' + label.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
                .replace("\t", "\\t") + '"'
        lines.append(f"{label}: {p!r}")
    return "\n".join(lines)
