"""BLEU: clipped n-gram precision with a brevity penalty (Papineni et al., 2002).

For a candidate c and references r_1..r_R, tokenised into words:

    count(g)   = how often the n-gram g occurs in c
    clip(g)    = max_k  (how often g occurs in r_k)         the most any ONE reference allows
    matches_n  = sum over distinct n-grams g of c of min(count(g), clip(g))
    total_n    = max(0, |c| - n + 1)                        the candidate's n-grams
    p_n        = matches_n / total_n                        modified precision (shown in percent)

    r  = the reference length closest to |c| (on a tie, the shorter one)
    BP = 1 if |c| >= r, else exp(1 - r/|c|)  (0 for an empty candidate)

    BLEU = 100 * BP * exp( (1/N) * sum_{n=1..N} log p_n )

For a corpus, matches_n, total_n, |c| and r are summed over the sentences before the formula is
applied (BLEU is not the mean of sentence BLEU).  N is ``max_n`` (4), or with ``effective_order``
the largest n for which the candidate has n-grams at all, so that a 3-word sentence is scored on
n = 1..3 instead of getting 0.

A zero precision makes BLEU 0, which is harsh for single sentences; the smoothing methods of
Chen & Cherry (2014) replace a zero p_n:

    "none"   p_n = matches_n / total_n                          (0 stays 0)
    "floor"  p_n = eps / total_n when matches_n = 0             eps = smooth_value, 0.1 by default
    "add-k"  p_n = (matches_n + k) / (total_n + k) for n >= 2   k = smooth_value, 1 by default
    "exp"    p_n = 1 / (2^j * total_n) for the j-th n whose matches_n = 0 (the mteval-v13a rule)

If the candidate matches no n-gram at all, BLEU is 0 and every precision is reported as 0 whatever
the smoothing.  All of this, the defaults included, is what sacrebleu 2.x computes
(``sacrebleu.sentence_bleu`` / ``corpus_bleu``); the tests check it against sacrebleu.

Tokenisation ``"13a"`` follows mteval-v13a.pl, the script WMT used: trailing whitespace is dropped,
``<skipped>`` removed, end-of-line hyphenation joined, the SGML entities &quot; &amp; &lt; &gt;
decoded, then

  1. every ASCII punctuation mark except ' - . , becomes a token of its own;
  2. a period or comma is split off unless a digit is on BOTH sides (3.14 and 1,000 stay whole);
  3. a hyphen after a digit is split off (1990-91 -> 1990 - 91).

``"none"`` only splits on whitespace.  ``lowercase=True`` lowercases before tokenising.

Besides the scores, :func:`ngram_table` gives every intermediate number a student would check by
hand: each distinct candidate n-gram with its count, clip and clipped contribution, and which
candidate tokens are matched.
"""
from __future__ import annotations

import math
import re
import string
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from engine.messages import EngineError, Message

__all__ = [
    "BLEUError", "BLEUResult", "NgramRow", "NgramTable", "SMOOTHING_DEFAULTS", "TOKENIZERS",
    "sentence_bleu", "corpus_bleu", "ngram_table", "tokenize_text", "closest_reference_length",
]

#: smoothing method -> its default smooth_value (None: the method takes no value)
SMOOTHING_DEFAULTS: dict[str, float | None] = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None}
TOKENIZERS = ("13a", "none")


class BLEUError(EngineError, ValueError):
    """A bad argument to a BLEU function (unknown option, missing references, ...)."""


# --- tokenisation -------------------------------------------------------------------------------

_SGML_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))
# mteval keeps apostrophes and hyphens inside words; periods and commas get their own rules.
_OWN_TOKEN = re.compile("([" + re.escape("".join(sorted(set(string.punctuation) - set("'-.,")))) + "])")
_PERIOD_COMMA_AFTER_NON_DIGIT = re.compile(r"([^0-9])([.,])")
_PERIOD_COMMA_BEFORE_NON_DIGIT = re.compile(r"([.,])([^0-9])")
_HYPHEN_AFTER_DIGIT = re.compile(r"([0-9])(-)")


def _mteval_13a(text: str) -> str:
    # mteval also turns the remaining newlines into spaces; that is left out because nothing
    # below tells a newline from a space (both are non-digits, neither is punctuation) and
    # split() drops both.
    text = text.replace("<skipped>", "").replace("-\n", "")
    for entity, char in _SGML_ENTITIES:
        text = text.replace(entity, char)
    # The padding spaces let rule 2/3 split a period or comma at either end of the line.
    text = f" {text} "
    text = _OWN_TOKEN.sub(r" \1 ", text)
    text = _PERIOD_COMMA_AFTER_NON_DIGIT.sub(r"\1 \2 ", text)
    text = _PERIOD_COMMA_BEFORE_NON_DIGIT.sub(r" \1 \2", text)
    return _HYPHEN_AFTER_DIGIT.sub(r"\1 \2 ", text)


def tokenize_text(text: str, tokenize: str = "13a", lowercase: bool = False) -> tuple[str, ...]:
    """The words BLEU counts in ``text``: lowercased if asked, ``"13a"`` or whitespace tokenised."""
    _check_options(tokenize=tokenize)
    if not isinstance(text, str):
        raise BLEUError("bleu_sentence_not_text", type=type(text).__name__)
    if lowercase:
        text = text.lower()
    text = text.rstrip()
    if tokenize == "13a":
        text = _mteval_13a(text)
    return tuple(text.split())


def _ngrams(tokens: Sequence[str], n: int) -> list[tuple[str, ...]]:
    return [tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)]


def closest_reference_length(candidate_length: int, reference_lengths: Sequence[int]) -> int:
    """The reference length nearest to the candidate's; on a tie the shorter one wins.

    (sacrebleu and nltk do this; some older tools use the shortest reference instead.)
    """
    if not reference_lengths:
        raise BLEUError("bleu_no_reference")
    return min(reference_lengths, key=lambda length: (abs(length - candidate_length), length))


# --- the n-gram table ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NgramRow:
    """One distinct candidate n-gram.  ``clipped = min(count, clip)`` is what it adds to matches_n;
    ``matched_starts`` are the first ``clipped`` of its start positions in the candidate."""
    ngram: tuple[str, ...]
    count: int
    clip: int
    clipped: int
    starts: tuple[int, ...]
    matched_starts: tuple[int, ...]


@dataclass(frozen=True)
class NgramTable:
    """All order-n numbers of one sentence: rows in order of first appearance in the candidate,
    ``matches`` = sum of clipped counts, ``total`` = number of candidate n-grams."""
    n: int
    candidate_tokens: tuple[str, ...]
    rows: tuple[NgramRow, ...]
    matches: int
    total: int

    @property
    def matched_tokens(self) -> tuple[int, ...]:
        """Candidate token positions covered by a matched n-gram (for highlighting)."""
        covered = {start + offset for row in self.rows for start in row.matched_starts
                   for offset in range(self.n)}
        return tuple(sorted(covered))


def ngram_table(candidate: str, references: Sequence[str | None], n: int, *,
                tokenize: str = "13a", lowercase: bool = False) -> NgramTable:
    """The order-``n`` clipping table of ``candidate`` against ``references`` (see module doc)."""
    _check_order(n, "n")
    return _table(tokenize_text(candidate, tokenize, lowercase),
                  [tokenize_text(ref, tokenize, lowercase) for ref in _reference_list(references)],
                  n)


def _table(tokens: tuple[str, ...], references: list[tuple[str, ...]], n: int) -> NgramTable:
    reference_counts = [Counter(_ngrams(ref, n)) for ref in references]
    starts: dict[tuple[str, ...], list[int]] = {}
    for start, gram in enumerate(_ngrams(tokens, n)):
        starts.setdefault(gram, []).append(start)
    rows = []
    for gram, positions in starts.items():
        clip = max(counts[gram] for counts in reference_counts)
        clipped = min(len(positions), clip)
        rows.append(NgramRow(gram, len(positions), clip, clipped, tuple(positions),
                             tuple(positions[:clipped])))
    return NgramTable(n, tokens, tuple(rows), sum(row.clipped for row in rows),
                      max(0, len(tokens) - n + 1))


# --- scores -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BLEUResult:
    """A BLEU score and every number behind it.

    ``precisions[n-1]`` is p_n in percent after smoothing; ``counts``/``totals`` are the raw
    matches_n/total_n (sacrebleu's ``counts`` also include add-k's +k, these do not);
    ``orders_used`` is N in the formula (smaller than max_n only with effective order, and
    max_n when nothing matched, where BLEU is 0 whatever N is);
    ``smooth_value`` is the value actually used (None for "none" and "exp").
    """
    score: float
    precisions: tuple[float, ...]
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    brevity_penalty: float
    candidate_length: int
    reference_length: int
    orders_used: int
    smoothing: str
    smooth_value: float | None

    def formula(self) -> str:
        """The BLEU formula with this result's numbers filled in."""
        bp = (f"BP = exp(1 - {self.reference_length}/{self.candidate_length}) = "
              f"{self.brevity_penalty:.6g}" if self.brevity_penalty < 1 else "BP = 1")
        if self.candidate_length == 0:  # r/0 is no number: an empty candidate simply gets BP = 0
            bp = "BP = 0 (empty candidate)"
        if self.score == 0:
            return f"{bp};  a precision is 0 (or nothing matched), so BLEU = 0"
        logs = " + ".join(f"log {p:.6g}%" for p in self.precisions[:self.orders_used])
        return (f"{bp};  BLEU = {self.brevity_penalty:.6g} * exp(({logs}) / {self.orders_used})"
                f" = {self.score:.6g}")


def sentence_bleu(candidate: str, references: Sequence[str | None], *, max_n: int = 4,
                  smoothing: str = "exp", tokenize: str = "13a", effective_order: bool = True,
                  lowercase: bool = False, smooth_value: float | None = None) -> BLEUResult:
    """BLEU of one candidate against one or more references (defaults as sacrebleu.sentence_bleu).

    ``None`` references are ignored, as in sacrebleu.  See the module docstring for the formula.
    """
    return corpus_bleu([candidate], [[ref] for ref in _reference_list(references)], max_n=max_n,
                       smoothing=smoothing, tokenize=tokenize, effective_order=effective_order,
                       lowercase=lowercase, smooth_value=smooth_value)


def corpus_bleu(candidates: Sequence[str], reference_streams: Sequence[Sequence[str | None]], *,
                max_n: int = 4, smoothing: str = "exp", tokenize: str = "13a",
                effective_order: bool = False, lowercase: bool = False,
                smooth_value: float | None = None) -> BLEUResult:
    """Corpus BLEU (defaults as sacrebleu.corpus_bleu): statistics summed over sentences.

    ``reference_streams[k][i]`` is the k-th reference of sentence i; a ``None`` entry means
    sentence i has fewer references.
    """
    _check_options(tokenize=tokenize, smoothing=smoothing)
    _check_order(max_n, "max_n")
    smooth_value = _smooth_value(smoothing, smooth_value)
    if isinstance(candidates, str) or not candidates:
        raise BLEUError("bleu_no_candidates")
    if isinstance(reference_streams, str) or not reference_streams:
        raise BLEUError("bleu_no_reference_stream")
    for k, stream in enumerate(reference_streams):
        if isinstance(stream, str) or len(stream) != len(candidates):
            raise BLEUError("bleu_stream_length", stream=k, count=len(candidates),
                            given=Message("bleu_a_string") if isinstance(stream, str) else len(stream))
    counts, totals = [0] * max_n, [0] * max_n
    candidate_length = reference_length = 0
    for i, candidate in enumerate(candidates):
        tokens = tokenize_text(candidate, tokenize, lowercase)
        references = [tokenize_text(ref, tokenize, lowercase) for ref in
                      _reference_list([stream[i] for stream in reference_streams], sentence=i)]
        for n in range(1, max_n + 1):
            table = _table(tokens, references, n)
            counts[n - 1] += table.matches
            totals[n - 1] += table.total
        candidate_length += len(tokens)
        reference_length += closest_reference_length(len(tokens), [len(ref) for ref in references])
    return _combine(counts, totals, candidate_length, reference_length, smoothing, smooth_value,
                    effective_order)


def _combine(counts: list[int], totals: list[int], candidate_length: int, reference_length: int,
             smoothing: str, smooth_value: float | None, effective_order: bool) -> BLEUResult:
    """The formula of the module docstring applied to summed statistics."""
    if candidate_length >= reference_length:
        brevity_penalty = 1.0
    else:
        brevity_penalty = math.exp(1 - reference_length / candidate_length) if candidate_length else 0.0
    max_n = len(counts)
    precisions = [0.0] * max_n

    def result(score: float, orders_used: int) -> BLEUResult:
        return BLEUResult(score, tuple(precisions), tuple(counts), tuple(totals), brevity_penalty,
                          candidate_length, reference_length, orders_used, smoothing, smooth_value)

    if not any(counts):
        return result(0.0, max_n)
    orders_used = max_n
    zeros_so_far = 0
    for n in range(1, max_n + 1):
        matches, total = counts[n - 1], totals[n - 1]
        if smoothing == "add-k" and n > 1:
            matches, total = matches + smooth_value, total + smooth_value
        if total == 0:
            break  # no candidate n-grams of this order, hence none longer either
        if effective_order:
            orders_used = n
        if matches > 0:
            precisions[n - 1] = 100.0 * matches / total
        elif smoothing == "exp":
            zeros_so_far += 1
            precisions[n - 1] = 100.0 / (2 ** zeros_so_far * total)
        elif smoothing == "floor":
            precisions[n - 1] = 100.0 * smooth_value / total
    used = precisions[:orders_used]
    if min(used) <= 0:
        return result(0.0, orders_used)
    return result(brevity_penalty * math.exp(sum(math.log(p) for p in used) / orders_used),
                  orders_used)


# --- argument checks ----------------------------------------------------------------------------

def _check_options(*, tokenize: str, smoothing: str = "exp") -> None:
    if tokenize not in TOKENIZERS:
        raise BLEUError("bleu_unknown_tokenize", tokenize=repr(tokenize), choices=", ".join(TOKENIZERS))
    if smoothing not in SMOOTHING_DEFAULTS:
        raise BLEUError("bleu_unknown_smoothing", smoothing=repr(smoothing), choices=", ".join(SMOOTHING_DEFAULTS))


def _check_order(n: object, name: str) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BLEUError("bleu_not_positive", name=name, value=repr(n))


def _smooth_value(smoothing: str, value: float | None) -> float | None:
    default = SMOOTHING_DEFAULTS[smoothing]
    if value is None:
        return default
    if default is None:
        raise BLEUError("bleu_no_smooth_value", smoothing=repr(smoothing))
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or value < 0:
        raise BLEUError("bleu_smooth_value_invalid", value=repr(value))
    return float(value)


def _reference_list(references: Sequence[str | None], sentence: int | None = None) -> list[str]:
    """The references that are there (None entries dropped); at least one."""
    if isinstance(references, str):
        raise BLEUError("bleu_references_single_string")
    present = [ref for ref in references if ref is not None]
    if not present:
        if sentence is None:
            raise BLEUError("bleu_no_reference_any")
        raise BLEUError("bleu_no_reference_sentence", sentence=sentence)
    return present
