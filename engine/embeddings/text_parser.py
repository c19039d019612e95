"""Lines of a text embedding file ("word v1 v2 … vd") to words and a float32 matrix.

Two parsers with one meaning:

* ``parse_lines_exact`` — line by line with Python's ``float``; slow, and the one that says
  what is wrong and on which line.
* ``parse_block_fast`` — a whole block of lines at once with numpy, for the plain decimals
  embedding files are made of ("-0.41800", "3", "12.5"): each token's digits make an integer m
  (at most 15 digits, so m is exact in a double) that is divided by 10^f (f digits after the
  point, 10^f exact in a double too).  One correctly rounded IEEE division of two exact numbers
  is the correctly rounded value of the decimal, which is what ``strtod`` — and so ``float``,
  numpy and gensim — return; the float32 cast that follows is theirs too.  A block holding
  anything else (an exponent, "nan", a bad line) returns None and goes to the exact parser, so
  both paths give the same numbers and the same refusals.

Why not numpy's own parsers: on the same lines, measured here, ``np.fromstring(sep=" ")``
took 0.24× and ``np.loadtxt`` 0.20× gensim's time, twice the issue's 0.1×; they make one C call
per number.  This one makes a few vectorised passes over a block's bytes and tokens: token
bounds, then per token its whole part (two byte gathers) and its fraction (one 8-byte word, the
SWAR digit parse of fast_float).
"""
from __future__ import annotations

import math

import numpy as np

from engine.embeddings.errors import EmbeddingFileError
from engine.messages import Message

#: 10**k as exact doubles (k ≤ 22) and as int64 (k ≤ 18)
_POW10 = 10.0 ** np.arange(23)
_IPOW10 = 10 ** np.arange(19, dtype=np.int64)
_MAX_DIGITS = 15
_SEPARATOR = 32  # bytes ≤ 32 (space, tab, CR, LF) separate tokens
_DIGIT_0, _DOT, _MINUS, _NEWLINE = 48, 46, 45, 10
_PADDING_SIZE = 8
_PADDING = b" " * _PADDING_SIZE


def _decode_word(raw: bytes, path, line: int) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise EmbeddingFileError("bad_encoding", path=path, line=line) from None


def parse_lines_exact(block: bytes, dim: int, first_line: int, path) -> tuple[list[str], np.ndarray]:
    """Every line of ``block`` (complete lines; ``first_line`` is the 1-based number of its
    first) → (words, values (n, dim) float32); ``dim`` ≥ 1 (the loader reads it from the header
    or the first line, and refuses a first line without numbers itself).  Raises
    EmbeddingFileError naming the line."""
    lines = block.split(b"\n")
    if lines[-1] == b"":  # split always gives at least one piece
        lines.pop()
    words, rows = [], []
    for offset, raw in enumerate(lines):
        number = first_line + offset
        if not raw.strip():
            raise EmbeddingFileError("malformed_line", path=path, line=number,
                                     reason=Message("embedding_reason_empty_line"))
        if raw[:1].isspace():
            raise EmbeddingFileError("malformed_line", path=path, line=number,
                                     reason=Message("embedding_reason_leading_space"))
        word, *numbers = raw.split()
        if len(numbers) != dim:
            raise EmbeddingFileError("mixed_dimensions", path=path, line=number, expected=dim, found=len(numbers))
        try:
            row = [float(x) for x in numbers]
        except ValueError:
            bad = next(x for x in numbers if not _is_float(x))
            raise EmbeddingFileError("malformed_line", path=path, line=number,
                                     reason=Message("embedding_reason_not_a_number",
                                                    token=bad.decode("utf-8", "replace"))) from None
        if not all(math.isfinite(x) for x in row):
            raise EmbeddingFileError("not_finite", path=path, line=number)
        words.append(_decode_word(word, path, number))
        rows.append(row)
    with np.errstate(over="ignore"):  # too large for float32: infinite, refused just below
        values = np.array(rows).astype(np.float32).reshape(len(rows), dim)  # rows of Python floats: float64
    if not np.isfinite(values).all():  # finite as a double, too large for float32
        raise EmbeddingFileError("not_finite", path=path, line=first_line + int(np.flatnonzero(~np.isfinite(values).all(axis=1))[0]))
    return words, values


def _is_float(text: bytes) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _token_bounds(buf: np.ndarray):
    """Start and end (exclusive) of every run of bytes > 32 (``buf`` starts with the padding
    and ends with a newline, so every run has a separator on each side)."""
    inside = buf > _SEPARATOR
    starts = np.flatnonzero(inside[1:] & ~inside[:-1]) + 1
    ends = np.flatnonzero(inside[:-1] & ~inside[1:]) + 1
    return starts, ends


def _single_separator_bounds(buf: np.ndarray, dim: int):
    """Token bounds the cheap way, for the usual block (after the 8 bytes of padding, one
    space between tokens and one newline after each line, dim + 1 tokens a line): every token
    lies between two consecutive separators.  None when the block is not like that."""
    # from the padding's last byte on: it, one separator after each token, the final newline
    separators = np.flatnonzero(buf <= _SEPARATOR)[_PADDING_SIZE - 1:]
    if (np.diff(separators) < 2).any():  # two in a row (a leading space is one after the padding)
        return None
    starts, ends = separators[:-1] + 1, separators[1:]
    lines, rest = divmod(starts.size, dim + 1)
    if rest:
        return None
    # the separator after each token: a newline exactly after every line's last token
    after = (buf[ends] == _NEWLINE).reshape(lines, dim + 1)
    if not (after[:, -1].all() and not after[:, :-1].any()):
        return None
    return starts, ends


def parse_block_fast(block: bytearray, dim: int) -> tuple[list[str], np.ndarray] | None:
    """The same as ``parse_lines_exact`` for a block of complete lines, each ending in "\\n",
    whose numbers are all plain decimals; None when the block holds anything else (then the
    exact parser reads it and names the problem).  Overwrites the words in ``block``."""
    if not block or block[-1] != _NEWLINE:
        return None
    block[:0] = _PADDING  # room for the 8-byte reads of _plain_decimals
    buf = np.frombuffer(block, dtype=np.uint8)
    bounds = _single_separator_bounds(buf, dim)
    if bounds is None:  # CRLF, runs of spaces, or a bad line: find every token's bounds
        starts, ends = _token_bounds(buf)
        line_starts = np.concatenate(([_PADDING_SIZE], np.flatnonzero(buf[:-1] == _NEWLINE) + 1))
        # every line holds dim + 1 tokens, the first at the line's first byte: token t·(dim+1)
        # is line t's word
        if starts.size != line_starts.size * (dim + 1):
            return None
        if not np.array_equal(starts[:: dim + 1], line_starts):
            return None
    else:
        starts, ends = bounds
    word_starts, word_ends = starts[:: dim + 1].tolist(), ends[:: dim + 1].tolist()
    raw_words = [bytes(block[s:e]) for s, e in zip(word_starts, word_ends)]
    try:
        words = b"\n".join(raw_words).decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    for s, e in zip(word_starts, word_ends):  # the words out of the way of the number passes
        block[s:e] = b" " * (e - s)
    numbers = np.arange(starts.size) % (dim + 1) != 0  # every token but each line's word
    values = _plain_decimals(buf, starts[numbers], ends[numbers])
    if values is None:
        return None
    return words, values.astype(np.float32).reshape(len(words), dim)


def _plain_decimals_by_digit(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray | None:
    """The value of every token [starts[t], ends[t]) of ``buf`` (at least one) as a double, if
    every token is an optional '-', digits, and at most one '.' among them (at most 15 digits);
    else None.  The rare reader (a number with more than 8 digits on a side), so it has no
    shortcut for the usual one-point-per-number layout.

    Works on the tokens' positions rather than on every byte: a '-' may only be a token's first
    byte and a token holds at most one dot, so the bytes after the dot are the fraction's
    digits, and digit j from the right sits at ends - 1 - j (one further left once past the dot).
    """
    length = ends - starts
    negative = buf[starts] == _MINUS
    dot_at = np.flatnonzero(buf == _DOT)
    digits = int(np.count_nonzero((buf - np.uint8(_DIGIT_0)) < 10))
    minus = int(np.count_nonzero(buf == _MINUS))
    # every byte of a token is a digit, a dot or a '-' (separators are outside tokens), and
    # each '-' is some token's first byte
    if int(length.sum()) != digits + dot_at.size + minus or minus != int(np.count_nonzero(negative)):
        return None
    dot_token = np.searchsorted(starts, dot_at, side="right") - 1
    if (np.diff(dot_token) == 0).any():
        return None  # two dots in one token
    fraction = np.zeros(starts.size, dtype=np.int64)
    fraction[dot_token] = ends[dot_token] - 1 - dot_at
    has_dot = np.zeros(starts.size, dtype=bool)
    has_dot[dot_token] = True
    n_digits = length - negative - has_dot
    if n_digits.min() < 1 or n_digits.max() > _MAX_DIGITS:
        return None
    # a double: every partial sum is a whole number below 10^15, exact in it
    mantissa = np.zeros(starts.size)
    whole_digits_at = ends - 1 - has_dot  # where digit j sits once j ≥ fraction
    for j in range(int(n_digits.max())):
        at = np.where(j < fraction, ends - 1 - j, whole_digits_at - j)
        # past a short token's first digit ``at`` points before the token (even before the
        # buffer: ≥ 8 − 15, a valid negative index) and the uint8 difference wraps around:
        # those digits are masked just below
        digit = buf[at] - np.uint8(_DIGIT_0)
        if j >= int(n_digits.min()):
            digit[j >= n_digits] = 0
        mantissa += digit * _IPOW10[j]
    values = mantissa / _POW10[fraction]
    np.negative(values, out=values, where=negative)
    return values


#: per count k of characters kept (0..8): the top k bytes of a little-endian 8-byte word (the
#: last k characters of the 8), and '0' in each of those bytes
_LAST_BYTES = np.array([0] + [((1 << (8 * k)) - 1) << (8 * (8 - k)) for k in range(1, 9)], dtype=np.uint64)
_ZEROS_IN_LAST = _LAST_BYTES & np.uint64(0x3030303030303030)
_BYTES_0_AND_4 = np.uint64(0x000000FF000000FF)


def _eight_digits(words: np.ndarray, count: np.ndarray) -> np.ndarray:
    """The last ``count`` (0..8) characters of each 8-byte word — known to be digits — read
    as a decimal integer.  The classic SWAR parse (fast_float's
    ``parse_eight_digits_unrolled``): the other bytes become 0 (masking before subtracting
    '0', so no byte borrows from its neighbour), then three multiplications combine the eight
    digits.  In place, to keep the temporaries few."""
    val = words & _LAST_BYTES[count]
    val -= _ZEROS_IN_LAST[count]
    high = val >> np.uint64(8)
    val *= np.uint64(10)
    val += high
    high = val >> np.uint64(16)
    high &= _BYTES_0_AND_4
    high *= np.uint64(0x0000271000000001)  # 1 + (10000 << 32)
    val &= _BYTES_0_AND_4
    val *= np.uint64(0x000F424000000064)  # 100 + (1000000 << 32)
    val += high
    val >>= np.uint64(32)
    return val


def _short_whole_part(buf: np.ndarray, last: np.ndarray, count: np.ndarray) -> np.ndarray:
    """The 0, 1 or 2 digits ending at ``last`` (inclusive) as an integer — the whole part of
    nearly every number in an embedding file — with two byte gathers in uint8 (at most 99)."""
    units = buf[last] - np.uint8(_DIGIT_0)
    units *= count >= 1
    tens = buf[last - 1] - np.uint8(_DIGIT_0)  # last ≥ 7: ``buf`` starts with 8 separators
    tens *= count >= 2
    tens *= np.uint8(10)
    units += tens
    return units


def _plain_decimals(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray | None:
    """The value of every token [starts[t], ends[t]) of ``buf`` (at least one: a block holds a
    line of dim ≥ 1 numbers) as a double, if every token is an optional '-', up to 8 digits, an
    optional '.' and up to 8 digits; else the digit-by-digit reader above, which takes up to 15
    digits anywhere.  ``buf`` starts with 8 separators.

    What a token holds is settled by counting, not by looking at each byte: if the tokens' bytes
    add up to the digits, dots and '-' of the whole block, the '-' are as many as the tokens
    that start with one, and no token holds two dots, then every other byte is a digit.  The
    fraction (after the point) is then read as one 8-byte word ending where the token ends."""
    dot_at = np.flatnonzero(buf == _DOT)
    if dot_at.size == starts.size and ((starts < dot_at) & (dot_at < ends)).all():
        point = dot_at  # the usual file: one dot in every number
        has_dot = 1
    else:
        dot_token = np.searchsorted(starts, dot_at, side="right") - 1
        if (np.diff(dot_token) == 0).any():
            return None  # two dots in one token
        point = ends.copy()
        point[dot_token] = dot_at
        has_dot = np.zeros(starts.size, dtype=np.int64)
        has_dot[dot_token] = 1
    negative = buf[starts] == _MINUS
    digits = int(np.count_nonzero((buf - np.uint8(_DIGIT_0)) < 10))
    minus = int(np.count_nonzero(buf == _MINUS))
    length = ends - starts
    if int(length.sum()) != digits + dot_at.size + minus or minus != int(np.count_nonzero(negative)):
        return None
    whole = point - starts - negative  # digits before the point
    fraction = ends - point - has_dot  # digits after it
    if whole.max() > 8 or fraction.max() > 8:
        return _plain_decimals_by_digit(buf, starts, ends)
    if (whole + fraction).min() < 1:
        return None  # "." or "-" alone
    if whole.max() <= 2:
        whole_value = _short_whole_part(buf, point - 1, whole)
    else:
        whole_value = _eight_digits(_eight_byte_words(buf)[point - 8], whole)
    fraction_value = _eight_digits(_eight_byte_words(buf)[ends - 8], fraction)
    # whole · 10^f + fraction < 10^16: exact as a double, as are 10^f and the one division
    scale = _POW10[fraction]
    values = whole_value * scale
    values += fraction_value
    values /= scale
    np.negative(values, out=values, where=negative)
    return values


def _eight_byte_words(buf: np.ndarray) -> np.ndarray:
    """Element i: the little-endian 8-byte word of buf[i:i + 8] (a view, unaligned)."""
    return np.ndarray((buf.size - 7,), dtype="<u8", buffer=buf, strides=(1,))


def parse_block(block: bytes, dim: int, first_line: int, path) -> tuple[list[str], np.ndarray]:
    """Fast when it can be, exact always (see the module's docstring)."""
    fast = parse_block_fast(bytearray(block), dim)
    if fast is not None:
        return fast
    return parse_lines_exact(block, dim, first_line, path)
