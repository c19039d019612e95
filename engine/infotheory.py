"""Entropy, cross-entropy, KL and Jensen-Shannon divergence, Huffman codes, Gaussian KL.

For discrete distributions P = (p_1..p_n) and Q = (q_1..q_n) over the same outcomes, in a
logarithm of base b (2: bits, e: nats, 10: hartleys):

    H(P)      = -sum_i p_i log p_i                 entropy: the average surprise of P
    H(P, Q)   = -sum_i p_i log q_i                 cross-entropy: surprise of a model Q on data from P
    KL(P||Q)  =  sum_i p_i log(p_i / q_i)          = H(P, Q) - H(P) >= 0
    JS(P, Q)  =  KL(P||M)/2 + KL(Q||M)/2,  M = (P + Q)/2      symmetric, at most 1 bit

with 0 log 0 = 0 and p log(p/0) = inf for p > 0: a model that gives probability 0 to an
outcome that happens pays an infinite price.  The functions agree with ``scipy.stats.entropy``
and ``scipy.special.rel_entr`` (scipy is only a test dependency), but unlike scipy they check
their input: negative, NaN or infinite values, or values that do not add up to 1 (within 1e-6),
raise :class:`DistributionError`.

For two normal distributions N1 = N(mu1, sigma1^2) and N2 = N(mu2, sigma2^2):

    KL(N1||N2) = ln(sigma2/sigma1) + (sigma1^2 + (mu1 - mu2)^2) / (2 sigma2^2) - 1/2   nats

A Huffman code gives outcome i a codeword of length l_i with H(P) <= sum p_i l_i < H(P) + 1
(bits); a fixed-length code needs ceil(log2 n) bits for every outcome.

Reading what a student types (:func:`parse_distribution`)
---------------------------------------------------------
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

import heapq
import math
import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

__all__ = [
    "MAX_OUTCOMES", "UNITS", "DistributionError", "SumError", "Distribution",
    "parse_distribution", "text_distribution", "format_distribution", "align",
    "entropy", "cross_entropy", "kl_divergence", "js_divergence", "surprisal",
    "huffman_code", "fixed_length_code", "gaussian_kl", "gaussian_kl_numeric",
    "gaussian_density", "Analysis", "CodeReport", "analyse", "GaussianReport", "gaussian_report",
]

MAX_OUTCOMES = 10_000
#: the unit of information for each logarithm base
UNITS = {"bits": 2.0, "nats": math.e, "hartleys": 10.0}
SUM_TOLERANCE = 1e-6


class DistributionError(ValueError):
    """Input that is not a probability distribution; the message says why, in plain words."""


class SumError(DistributionError):
    """Probabilities that do not add up to 1; ``total`` is what they add up to.  Normalising
    (``normalize=True``) divides each by ``total``."""

    def __init__(self, message: str, total: float | None = None):
        super().__init__(message)
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


def _quote(text: str) -> str:
    """How a typed piece is shown in a message (shortened if long)."""
    text = text if len(text) <= 40 else text[:37] + "…"
    return f"“{text}”"


def _fmt(x: float) -> str:
    return f"{x:.6g}"


def _fmt_sum(total: float, target: float = 1.0) -> str:
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
                raise DistributionError(
                    f"The quote {c} before {_quote(text[i + 1:i + 20])} is never closed: "
                    f"end the label with {close}.")
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
                _too_many(len(entries), "outcomes", more=True)

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
                raise DistributionError(
                    f"The label {_quote(value)} has no value: write it as \"{value}\": 0.5.")
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
            raise DistributionError(
                "A colon has no label before it: write the outcome's name first, as in rain: 0.25.")
        if len(label_parts) > 1 and any(k == "quoted" for k, _ in label_parts):
            raise DistributionError(
                f"{_quote(' '.join(v for _, v in label_parts))} mixes a quoted label with other "
                "words: put the whole label inside the quotes.")
        label = " ".join(v for _, v in label_parts)
        if label_parts[0][0] != "quoted" and not label.strip():
            raise DistributionError("An outcome has an empty label: write a name before the colon.")
        if i + 1 >= len(chunk) or chunk[i + 1][0] != "word":
            raise DistributionError(
                f"{_quote(label + ':')} has no value after the colon: write a number, as in {label}: 0.25.")
        out.append((label, chunk[i + 1][1]))
        label_parts = []
        i += 2
    if label_parts:
        words = " ".join(v for _, v in label_parts)
        if all(_NUMBER.fullmatch(v.rstrip("%")) for k, v in label_parts if k == "word"):
            raise DistributionError(
                f"{_quote(words)} has no label, but other outcomes do: label every outcome or none.")
        raise DistributionError(
            f"{_quote(words)} has no value: write it as {words}: 0.25, or remove it.")
    return out


def _number(word: str, shown: str) -> float:
    w = word.strip().replace("−", "-").replace("\u2009", "").replace("\u202f", "")
    if _NON_FINITE.fullmatch(w):
        raise DistributionError(
            f"{_quote(shown)} is not a finite number: every probability must be a real number "
            "between 0 and 1 (and every count a real number of at least 0).")
    if not _NUMBER.fullmatch(w):
        raise DistributionError(
            f"{_quote(shown)} is not a number. Write decimals (0.25), percentages (25%), "
            "fractions (1/4) or counts (3); name an outcome with a colon (rain: 0.25).")
    value = float(w)
    if not math.isfinite(value):
        raise DistributionError(f"{_quote(shown)} is too large to be a number this calculator can use.")
    return value


def _negative(shown: str):
    raise DistributionError(
        f"{_quote(shown)} is negative: probabilities and counts cannot be below 0.")


def _value(word: str) -> tuple[float, str]:
    """(value on the scale of 1, kind) for one typed value."""
    w = word.strip()
    if w.endswith("%"):
        number = _number(w[:-1], w)
        if number < 0:
            _negative(w)
        if number > 100:
            raise DistributionError(
                f"{_quote(w)} is more than 100%: a probability is at most 100%. "
                "For counts, leave out the % sign.")
        return number / 100.0, "percent"
    if "/" in w:
        top, _, bottom = w.partition("/")
        a, b = _number(top, w), _number(bottom, w)
        if b == 0:
            raise DistributionError(f"{_quote(w)} divides by zero: a fraction needs a denominator above 0.")
        value = a / b
        if value < 0:
            _negative(w)
        if not math.isfinite(value):
            raise DistributionError(f"{_quote(w)} is too large to be a number this calculator can use.")
        if value > 1:
            raise DistributionError(
                f"{_quote(w)} is more than 1: a probability is at most 1. For counts, write whole numbers.")
        return value + 0.0, "fraction"
    value = _number(w, w)
    if value < 0:
        _negative(w)
    return value + 0.0, "decimal"  # + 0.0 turns -0.0 into 0.0


def _too_many(count: int, what: str, more: bool = False):
    amount = f"more than {MAX_OUTCOMES:,}" if more else f"{count:,}"
    raise DistributionError(
        f"That is {amount} {what}; the calculator handles at most {MAX_OUTCOMES:,} outcomes.")


def _frozen(a: np.ndarray) -> np.ndarray:
    a = np.array(a, dtype=np.float64)
    a.setflags(write=False)
    return a


def parse_distribution(text: str, normalize: bool = False) -> Distribution:
    """Read a distribution typed by a student (see the module docstring for the formats and
    the counts-or-probabilities rule).  Raises DistributionError (SumError when probabilities
    do not add up to 1 and ``normalize`` is False)."""
    if not isinstance(text, str):
        raise DistributionError("Type the distribution as text, for example 0.5 0.5.")
    entries = _entries(text)
    if not entries:
        raise DistributionError(
            "Nothing to read yet: type some probabilities, for example 0.5 0.5, "
            "or counts, for example 3 1.")
    labelled = [label is not None for label, _ in entries]
    if any(labelled) and not all(labelled):
        first = next(value for label, value in entries if label is None)
        raise DistributionError(
            f"{_quote(first)} has no label, but other outcomes do: label every outcome or none.")
    if all(labelled):
        seen: set[str] = set()
        for label, _ in entries:
            if label in seen:
                raise DistributionError(
                    f"The outcome {_quote(label)} appears twice: each outcome needs its own name.")
            seen.add(label)
        labels = tuple(label for label, _ in entries)
    else:
        labels = tuple(f"x{i + 1}" for i in range(len(entries)))
    parsed = [_value(value) for _, value in entries]
    values = np.array([v for v, _ in parsed], dtype=np.float64)
    kinds = {k for _, k in parsed}
    if not np.any(values > 0):
        raise DistributionError(
            "All values are 0: at least one outcome must have a probability (or count) above 0.")
    plain = kinds == {"decimal"}
    whole = bool(np.all(values == np.floor(values)))
    big = values > 1
    counts = plain and (bool(big.any()) or (whole and float(values.sum()) > 1))
    if not plain and big.any():
        example = entries[int(np.argmax(big))][1]
        raise DistributionError(
            f"{_quote(example)} looks like a count, but other values are percentages or fractions: "
            "use one kind of number for the whole distribution.")
    scaled = values / values.max()  # never overflows, even for huge counts
    total = float(math.fsum(values)) if math.isfinite(math.fsum(values)) else math.inf
    probabilities = scaled / math.fsum(scaled)
    if counts:
        return Distribution(labels, _frozen(probabilities), True, "counts", total, all(labelled))
    kind = ("percentages" if kinds == {"percent"} else "fractions" if kinds == {"fraction"}
            else "probabilities")
    if abs(total - 1.0) <= SUM_TOLERANCE:
        return Distribution(labels, _frozen(probabilities), False, kind, total, all(labelled))
    if normalize:
        return Distribution(labels, _frozen(probabilities), True, kind, total, all(labelled))
    if kind == "percentages":
        shown, target = _fmt_sum(total * 100, 100.0) + "%", "100%"
    else:
        shown, target = _fmt_sum(total), "1"
    raise SumError(
        f"These {'percentages' if kind == 'percentages' else 'probabilities'} add up to {shown}, "
        f"not {target}. Correct them, or normalise them (divide each by {shown}).", total)


_VISIBLE = {" ": "␣", "\n": "↵", "\t": "⇥", "\r": "␍"}
_WORD = re.compile(r"\w+(?:['’]\w+)*")


def text_distribution(text: str, unit: str = "char", ignore_case: bool = False) -> Distribution:
    """The frequency distribution of the characters (unit="char") or words (unit="word") of
    `text`, most frequent first (ties in order of first appearance).  Characters that are hard
    to see get a visible stand-in: space ␣, new line ↵, tab ⇥."""
    if not isinstance(text, str):
        raise DistributionError("Type some text to count.")
    if unit not in ("char", "word"):
        raise DistributionError(f"Unknown text unit {unit!r}: choose 'char' or 'word'.")
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
        raise DistributionError(
            "Nothing to count yet: type some text." if unit == "char" or not text.strip()
            else "No words found: a word is a run of letters or digits.")
    counter = Counter(items)  # keeps first-appearance order for ties
    if len(counter) > MAX_OUTCOMES:
        _too_many(len(counter), f"different {what}")
    ordered = sorted(counter.items(), key=lambda kv: -kv[1])  # stable sort
    labels = tuple(k for k, _ in ordered)
    values = np.array([v for _, v in ordered], dtype=np.float64)
    total = float(values.sum())
    return Distribution(labels, _frozen(values / total), True, "characters" if unit == "char" else "words",
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
    total = math.fsum(values) if values.size else 0.0
    if tidy > 0 and abs(total - 1.0) <= tidy and np.all(values >= 0):
        values = values / total
    probabilities = [float(p) for p in values]
    if len(labels) != len(probabilities):
        raise DistributionError(
            f"There are {len(labels)} labels but {len(probabilities)} probabilities.")
    lines = []
    for label, p in zip(labels, probabilities):
        if not _PLAIN_LABEL.fullmatch(label):
            label = '"' + label.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") \
                .replace("\t", "\\t") + '"'
        lines.append(f"{label}: {p!r}")
    return "\n".join(lines)


# ---- the measures --------------------------------------------------------------------------

def _log_base(base) -> float:
    try:
        b = float(base)
    except (TypeError, ValueError):
        raise DistributionError(f"The logarithm base must be a number, not {base!r}.") from None
    if not (math.isfinite(b) and b > 0 and b != 1):
        raise DistributionError(
            f"The logarithm base must be a positive number other than 1 (2: bits, e: nats, "
            f"10: hartleys), not {base!r}.")
    return math.log(b)


def _probabilities(p, name: str = "P") -> np.ndarray:
    """A validated 1-D float64 copy of p, divided by its sum (which must be 1 within 1e-6)."""
    if isinstance(p, Distribution):
        return np.array(p.probabilities, dtype=np.float64)
    if isinstance(p, str):
        raise DistributionError(f"{name} is text: read it with parse_distribution first.")
    try:
        a = np.array(p, dtype=np.float64)
    except (TypeError, ValueError):
        raise DistributionError(f"{name} must be a list of numbers.") from None
    if a.ndim != 1:
        raise DistributionError(f"{name} must be a flat list of probabilities (got shape {a.shape}).")
    if a.size == 0:
        raise DistributionError(f"{name} is empty: it needs at least one outcome.")
    if a.size > MAX_OUTCOMES:
        _too_many(a.size, "outcomes")
    if not np.all(np.isfinite(a)):
        raise DistributionError(f"{name} contains NaN or infinity: every probability must be a real number.")
    if np.any(a < 0):
        raise DistributionError(f"{name} has a negative probability ({_fmt(float(a.min()))}).")
    total = math.fsum(a)
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise SumError(f"{name}'s probabilities add up to {_fmt_sum(total)}, not 1.", total)
    return a / total


def _pair(p, q) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(p, Distribution) and isinstance(q, Distribution):
        p, q = align(p, q)
    a, b = _probabilities(p, "P"), _probabilities(q, "Q")
    if a.size != b.size:
        raise DistributionError(
            f"P has {a.size} outcomes but Q has {b.size}: they must be over the same outcomes.")
    return a, b


def _xlogx(p: np.ndarray) -> np.ndarray:
    out = np.zeros_like(p)
    pos = p > 0
    out[pos] = p[pos] * np.log(p[pos])
    return out


def _xlogy(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """p log q with 0 log q = 0 (also for q = 0) and p log 0 = -inf for p > 0."""
    out = np.zeros_like(p)
    pos = p > 0
    with np.errstate(divide="ignore"):
        out[pos] = p[pos] * np.log(q[pos])
    return out


def _rel_entr(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """p log(p/q) elementwise: 0 where p = 0, inf where q = 0 < p."""
    out = np.zeros_like(p)
    pos = p > 0
    zero_q = pos & (q == 0)
    both = pos & (q > 0)
    with np.errstate(over="ignore", divide="ignore", under="ignore"):
        ratio = p[both] / q[both]
        logs = np.log(ratio)
        # p/q can overflow (or underflow) for extreme values; the difference of logs cannot
        bad = ~np.isfinite(logs) | (ratio == 0)
        logs[bad] = np.log(p[both][bad]) - np.log(q[both][bad])
    out[both] = p[both] * logs
    out[zero_q] = np.inf
    return out


def surprisal(p, base=2) -> np.ndarray:
    """-log p for each outcome (inf where p = 0): how surprised you are when it happens."""
    a = _probabilities(p)
    out = np.full_like(a, np.inf)
    pos = a > 0
    out[pos] = -np.log(a[pos]) / _log_base(base)
    return out + 0.0


def entropy(p, base=2) -> float:
    """H(P) = -sum p log p."""
    a = _probabilities(p)
    return float(-np.sum(_xlogx(a)) / _log_base(base)) + 0.0


def cross_entropy(p, q, base=2) -> float:
    """H(P, Q) = -sum p log q; inf when some q = 0 < p."""
    a, b = _pair(p, q)
    return float(-np.sum(_xlogy(a, b)) / _log_base(base)) + 0.0


def kl_divergence(p, q, base=2) -> float:
    """KL(P||Q) = sum p log(p/q) >= 0; inf when some q = 0 < p."""
    a, b = _pair(p, q)
    return float(np.sum(_rel_entr(a, b)) / _log_base(base)) + 0.0


def js_divergence(p, q, base=2) -> float:
    """JS(P, Q) = KL(P||M)/2 + KL(Q||M)/2 with M = (P+Q)/2; always finite (at most 1 bit)."""
    a, b = _pair(p, q)
    m = (a + b) / 2
    value = 0.5 * np.sum(_rel_entr(a, m)) + 0.5 * np.sum(_rel_entr(b, m))
    return max(float(value / _log_base(base)), 0.0)


# ---- codes ---------------------------------------------------------------------------------

def huffman_code(probabilities) -> list:
    """Binary Huffman codewords ("0"/"1" strings), one per outcome in the input order.

    Outcomes with probability 0 never occur and get no codeword (None).  When only one outcome
    has a positive probability it needs no bits: its codeword is "" (length 0).  Ties are
    broken by the order of the outcomes, so the result is deterministic.
    """
    a = _probabilities(probabilities)
    positive = [i for i in range(a.size) if a[i] > 0]
    codes: list = [None] * a.size
    if len(positive) == 1:
        codes[positive[0]] = ""
        return codes
    # heap of (probability, tie-breaker, node); a node is a leaf index or a pair of nodes
    heap = [(float(a[i]), k, i) for k, i in enumerate(positive)]
    heapq.heapify(heap)
    counter = len(heap)
    while len(heap) > 1:
        p0, _, n0 = heapq.heappop(heap)
        p1, _, n1 = heapq.heappop(heap)
        heapq.heappush(heap, (p0 + p1, counter, (n0, n1)))
        counter += 1
    stack = [(heap[0][2], "")]
    while stack:  # iterative: a skewed distribution makes a very deep tree
        node, prefix = stack.pop()
        if isinstance(node, tuple):
            stack.append((node[1], prefix + "1"))
            stack.append((node[0], prefix + "0"))
        else:
            codes[node] = prefix
    return codes


def fixed_length_code(n: int) -> list[str]:
    """The fixed-length binary code for n outcomes: ceil(log2 n) bits each (0 bits for n = 1)."""
    bits = (int(n) - 1).bit_length()
    return [format(i, f"0{bits}b") if bits else "" for i in range(int(n))]


# ---- Gaussians -----------------------------------------------------------------------------

def _gaussian_args(mu1, sigma1, mu2, sigma2) -> tuple[float, float, float, float]:
    out = []
    for name, value in (("μ1", mu1), ("σ1", sigma1), ("μ2", mu2), ("σ2", sigma2)):
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise DistributionError(f"{name} must be a number, not {value!r}.") from None
        if not math.isfinite(v):
            raise DistributionError(f"{name} must be a finite number, not {value!r}.")
        if name.startswith("σ") and v <= 0:
            raise DistributionError(f"{name} is a standard deviation: it must be above 0, not {value!r}.")
        out.append(v)
    return tuple(out)  # type: ignore[return-value]


def gaussian_kl(mu1, sigma1, mu2, sigma2, base=math.e) -> float:
    """KL(N(mu1, sigma1²) || N(mu2, sigma2²)) from the closed form (nats unless `base` says)."""
    m1, s1, m2, s2 = _gaussian_args(mu1, sigma1, mu2, sigma2)
    with np.errstate(all="ignore"):
        ratio = s1 / s2
        nats = -math.log(ratio) + 0.5 * (ratio * ratio + ((m1 - m2) / s2) ** 2) - 0.5
    return max(nats, 0.0) / _log_base(base)


def gaussian_density(x, mu, sigma) -> np.ndarray:
    """The normal density N(mu, sigma²) at x."""
    m, s, _, _ = _gaussian_args(mu, sigma, 0.0, 1.0)
    z = (np.asarray(x, dtype=np.float64) - m) / s
    return np.exp(-0.5 * z * z) / (s * math.sqrt(2 * math.pi))


def _log_density(x: np.ndarray, mu: float, sigma: float) -> np.ndarray:
    z = (x - mu) / sigma
    return -0.5 * z * z - math.log(sigma * math.sqrt(2 * math.pi))


def gaussian_kl_numeric(mu1, sigma1, mu2, sigma2, base=math.e, points: int = 4001) -> float:
    """KL(N1||N2) by Simpson's rule on mu1 ± 12 sigma1 (where all but ~1e-32 of N1's mass lies),
    integrating p(x) (log p(x) - log q(x)) with log-densities, so no log of 0 is ever taken."""
    m1, s1, m2, s2 = _gaussian_args(mu1, sigma1, mu2, sigma2)
    points = max(int(points), 3) | 1  # Simpson needs an odd number of points
    x = np.linspace(m1 - 12 * s1, m1 + 12 * s1, points)
    with np.errstate(all="ignore"):
        log_p = _log_density(x, m1, s1)
        f = np.exp(log_p) * (log_p - _log_density(x, m2, s2))
    h = (x[-1] - x[0]) / (points - 1)
    weights = np.ones(points)
    weights[1:-1:2] = 4
    weights[2:-1:2] = 2
    return float(h / 3 * np.dot(weights, f)) / _log_base(base)


# ---- one call per edit: everything the view shows ------------------------------------------

def align(p: Distribution, q: Distribution, union: bool = False) -> tuple[Distribution, Distribution]:
    """P and Q over the same outcomes in P's order.  Labelled distributions are matched by
    label (Q reordered); with ``union`` (text mode) outcomes missing on one side get
    probability 0 there.  Different outcomes raise DistributionError."""
    if union:
        labels = list(p.labels) + [label for label in q.labels if label not in set(p.labels)]
        return _reindex(p, labels), _reindex(q, labels)
    if p.labelled and q.labelled:
        if set(p.labels) != set(q.labels):
            only_p = [label for label in p.labels if label not in set(q.labels)]
            only_q = [label for label in q.labels if label not in set(p.labels)]
            parts = []
            if only_p:
                parts.append("Q has no " + _names(only_p))
            if only_q:
                parts.append("P has no " + _names(only_q))
            raise DistributionError(
                "P and Q must name the same outcomes: " + "; ".join(parts) + ".")
        return p, _reindex(q, list(p.labels))
    if len(p) != len(q):
        raise DistributionError(
            f"P has {len(p)} outcomes but Q has {len(q)}: they must have the same number of outcomes.")
    if q.labelled and not p.labelled:
        p = Distribution(q.labels, p.probabilities, p.normalized, p.kind, p.total, False)
    elif p.labelled and not q.labelled:
        q = Distribution(p.labels, q.probabilities, q.normalized, q.kind, q.total, False)
    return p, q


def _names(labels: list[str]) -> str:
    shown = ", ".join(_quote(label) for label in labels[:5])
    return shown + (f" and {len(labels) - 5} more" if len(labels) > 5 else "")


def _reindex(d: Distribution, labels: list[str]) -> Distribution:
    index = {label: i for i, label in enumerate(d.labels)}
    values = np.array([d.probabilities[index[label]] if label in index else 0.0 for label in labels])
    return Distribution(tuple(labels), _frozen(values), d.normalized, d.kind, d.total, d.labelled)


@dataclass(frozen=True, eq=False)
class CodeReport:
    """Code lengths for P (bits): Huffman next to the ideal -log2 p and a fixed-length code."""

    huffman: tuple  # codeword per outcome, None for p = 0
    huffman_lengths: np.ndarray  # nan where there is no codeword
    ideal_lengths: np.ndarray  # -log2 p (inf for p = 0)
    fixed: tuple
    fixed_bits: int
    entropy_bits: float
    average_huffman: float
    average_fixed: float
    #: average length on data from P of the Huffman code built for Q (inf if Q gives some
    #: outcome of P probability 0), and the cross-entropy H(P, Q) in bits it approaches
    average_q_code: float | None = None
    cross_entropy_bits: float | None = None


@dataclass(frozen=True, eq=False)
class Analysis:
    """Everything the Entropy & KL view shows, in the requested unit (codes: in bits)."""

    unit: str
    base: float
    labels: tuple
    p: np.ndarray
    q: np.ndarray | None
    p_source: Distribution  # P and Q as read, before their outcomes were matched
    q_source: Distribution | None
    entropy_p: float
    entropy_q: float | None
    cross_pq: float | None
    cross_qp: float | None
    kl_pq: float | None
    kl_qp: float | None
    js: float | None
    kl_pq_infinite: tuple  # outcomes where q = 0 < p (they make KL(P||Q) infinite)
    kl_qp_infinite: tuple  # outcomes where p = 0 < q
    surprisal_p: np.ndarray
    surprisal_q: np.ndarray | None
    kl_terms: np.ndarray | None  # p log(p/q) per outcome
    code: CodeReport

    @property
    def has_q(self) -> bool:
        return self.q is not None


def _read(text: str, mode: str, normalize: bool, ignore_case: bool) -> Distribution:
    if mode == "numbers":
        return parse_distribution(text, normalize=normalize)
    return text_distribution(text, unit=mode, ignore_case=ignore_case)


def _code_report(p: np.ndarray, q: np.ndarray | None) -> CodeReport:
    codes = huffman_code(p)
    lengths = np.array([len(c) if c is not None else np.nan for c in codes], dtype=np.float64)
    used = p > 0
    fixed = fixed_length_code(p.size)
    fixed_bits = len(fixed[0]) if fixed else 0
    average_q = cross = None
    if q is not None:
        q_codes = huffman_code(q)
        q_lengths = np.array([len(c) if c is not None else np.inf for c in q_codes])
        with np.errstate(invalid="ignore"):
            average_q = float(np.sum(np.where(used, p * q_lengths, 0.0)))
        cross = cross_entropy(p, q, base=2)
    return CodeReport(
        huffman=tuple(codes), huffman_lengths=_frozen(lengths), ideal_lengths=_frozen(surprisal(p, 2)),
        fixed=tuple(fixed), fixed_bits=fixed_bits, entropy_bits=entropy(p, 2),
        average_huffman=float(np.sum(p[used] * lengths[used])), average_fixed=float(fixed_bits),
        average_q_code=average_q, cross_entropy_bits=cross,
    )


def analyse(p_text: str, q_text: str = "", unit: str = "bits", mode: str = "numbers",
            normalize: bool = False, ignore_case: bool = False) -> Analysis:
    """Read P (and Q, when `q_text` is not blank) and compute everything the view shows.

    mode: "numbers" (parse_distribution), "char" or "word" (text_distribution; P and Q are then
    put over the union of their outcomes).  Errors raise DistributionError with "P: " or "Q: "
    in front of the message when it is about one of them."""
    if unit not in UNITS:
        raise DistributionError(f"Unknown unit {unit!r}: choose bits, nats or hartleys.")
    if mode not in ("numbers", "char", "word"):
        raise DistributionError(f"Unknown input mode {mode!r}: choose numbers, char or word.")
    base = UNITS[unit]
    p_dist = _labelled_error(lambda: _read(p_text, mode, normalize, ignore_case), "P")
    q_dist = None
    if isinstance(q_text, str) and q_text.strip():
        q_dist = _labelled_error(lambda: _read(q_text, mode, normalize, ignore_case), "Q")
    p_source, q_source = p_dist, q_dist  # as typed (before matching their outcomes)
    if q_dist is not None:
        p_dist, q_dist = align(p_dist, q_dist, union=mode != "numbers")
    p = np.array(p_dist.probabilities)
    labels = p_dist.labels
    if q_dist is None:
        return Analysis(
            unit=unit, base=base, labels=labels, p=_frozen(p), q=None, p_source=p_source, q_source=None,
            entropy_p=entropy(p, base), entropy_q=None, cross_pq=None, cross_qp=None, kl_pq=None,
            kl_qp=None, js=None, kl_pq_infinite=(), kl_qp_infinite=(), surprisal_p=_frozen(surprisal(p, base)),
            surprisal_q=None, kl_terms=None, code=_code_report(p, None),
        )
    q = np.array(q_dist.probabilities)
    return Analysis(
        unit=unit, base=base, labels=labels, p=_frozen(p), q=_frozen(q), p_source=p_source, q_source=q_source,
        entropy_p=entropy(p, base), entropy_q=entropy(q, base),
        cross_pq=cross_entropy(p, q, base), cross_qp=cross_entropy(q, p, base),
        kl_pq=kl_divergence(p, q, base), kl_qp=kl_divergence(q, p, base), js=js_divergence(p, q, base),
        kl_pq_infinite=tuple(labels[i] for i in np.flatnonzero((q == 0) & (p > 0))),
        kl_qp_infinite=tuple(labels[i] for i in np.flatnonzero((p == 0) & (q > 0))),
        surprisal_p=_frozen(surprisal(p, base)), surprisal_q=_frozen(surprisal(q, base)),
        kl_terms=_frozen(_rel_entr(p, q) / _log_base(base)), code=_code_report(p, q),
    )


def _labelled_error(read, name: str) -> Distribution:
    try:
        return read()
    except SumError as exc:
        raise SumError(f"{name}: {exc}", exc.total) from None
    except DistributionError as exc:
        raise DistributionError(f"{name}: {exc}") from None


@dataclass(frozen=True, eq=False)
class GaussianReport:
    """Both densities on a shared grid and KL both ways, closed form and numerical."""

    unit: str
    x: np.ndarray
    density_1: np.ndarray
    density_2: np.ndarray
    kl_12: float
    kl_21: float
    kl_12_numeric: float
    kl_21_numeric: float


def gaussian_report(mu1, sigma1, mu2, sigma2, unit: str = "nats", points: int = 2001) -> GaussianReport:
    if unit not in UNITS:
        raise DistributionError(f"Unknown unit {unit!r}: choose bits, nats or hartleys.")
    m1, s1, m2, s2 = _gaussian_args(mu1, sigma1, mu2, sigma2)
    base = UNITS[unit]
    lo, hi = min(m1 - 4 * s1, m2 - 4 * s2), max(m1 + 4 * s1, m2 + 4 * s2)
    x = np.linspace(lo, hi, max(int(points), 2))
    return GaussianReport(
        unit=unit, x=_frozen(x), density_1=_frozen(gaussian_density(x, m1, s1)),
        density_2=_frozen(gaussian_density(x, m2, s2)),
        kl_12=gaussian_kl(m1, s1, m2, s2, base), kl_21=gaussian_kl(m2, s2, m1, s1, base),
        kl_12_numeric=gaussian_kl_numeric(m1, s1, m2, s2, base),
        kl_21_numeric=gaussian_kl_numeric(m2, s2, m1, s1, base),
    )
