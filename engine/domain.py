"""Whether an output can be true at all: checks a model's output against what its task allows.

A date model writes ten characters in the shape of an ISO date whatever it is given ("hello
world" → 1977-07-07, "31/02/2021" → 2021-02-31, "2000-01-01" → 1010-00-20); shape is not truth.
``is_calendar_date`` says whether such an output names a day that exists in the proleptic
Gregorian calendar (year 0001 to 9999, month 01–12, the month's own number of days, 29 February
in leap years only), which is what the date task's targets are.

``DomainReport`` (``domain_report(model, text)``, ``domain_reports(model, texts)``) gathers what
else can be said: input the tokenizer does not know (named), a date input without numbers or whose
numbers the output lost, a Chinese sentence outside the grammar the toy model learnt or an output
that is none of its valid renderings, and, from the word model's own cross-attention, source
words the output drops and output words that only an unreadable source word supports (the rule
is in docs/attention.md, "Domain honesty").  benchmarks/domain_flags.py measures how often it
flags in-domain inputs.
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

import numpy as np

from engine.messages import Message

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


# ---- is the input one the model was trained on, and does the output answer it? -------------------
#: a source word receiving less cross-attention than this, summed over all output words (the mean
#: over layers and heads), is "dropped".  Chosen on in-domain zh-en sentences (the test split,
#: benchmarks/domain_flags.py): at 0.5, 4.8 % of them had a word below it (measure words such as
#: 一只, which the model reads through the noun); at 0.3, 1 in 1,000; 汤姆 ("Tom"), which the model
#: leaves out of 简和汤姆九月访问非洲, gets 0.23
DROPPED_MASS = 0.3
_NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class DomainReport:
    """What can be said about one input and the model's output beyond the output itself; every
    field is empty/False when nothing is wrong.  `reasons` are engine Messages, one per finding."""

    unknown: tuple[str, ...] = ()  # input characters or words the model's tokenizer does not know
    invalid_date: bool = False  # a date model's output that names no calendar day
    no_number: bool = False  # a date input without a number: every training date writes its year in digits
    missing_numbers: tuple[str, ...] = ()  # numbers of a date input that are not in the output date
    outside_grammar: bool = False  # a zh-en input that is not a sentence of the grammar it learnt
    rejected_output: bool = False  # a grammar sentence whose output is none of its valid renderings
    dropped: tuple[str, ...] = ()  # source words the output hardly attends to (DROPPED_MASS)
    invented: tuple[str, ...] = ()  # output words whose strongest source is a word the model cannot read

    @property
    def flagged(self) -> bool:
        return bool(self.reasons)

    @property
    def reasons(self) -> tuple[Message, ...]:
        """One Message per finding: yes/no findings first, then those that name what they found."""
        found = [Message(code) for name, code in _FLAGS if getattr(self, name)]
        found += [Message(code, **{argument: ", ".join(getattr(self, name))})
                  for name, code, argument in _NAMING if getattr(self, name)]
        return tuple(found)


#: DomainReport field -> the code of its reason
_FLAGS = (("invalid_date", "domain_invalid_date"), ("no_number", "domain_no_number"),
          ("outside_grammar", "domain_outside_grammar"), ("rejected_output", "domain_rejected_output"))
#: DomainReport field -> the code of its reason and the argument that names what was found
_NAMING = (("unknown", "domain_unknown", "tokens"), ("missing_numbers", "domain_missing_numbers", "numbers"),
           ("dropped", "domain_dropped", "words"), ("invented", "domain_invented", "words"))


def date_numbers_missing(source: str, output: str) -> tuple[str, ...]:
    """Numbers typed in a date that the output date does not contain as its year, its year's last
    two digits, its month or its day ("14 juillet 1789" → 1989-07-14 misses 1789)."""
    if not is_calendar_date(output):
        return ()  # said otherwise: an output that is no date cannot contain anything
    year, month, day = (int(part) for part in output.split("-"))
    allowed = {year, year % 100, month, day}
    return tuple(n for n in _NUMBER.findall(source) if int(n) not in allowed)


def check_output(task: str | None, source: str, source_tokens, unknown, output_tokens, output: str,
                 cross: np.ndarray | None = None, unknown_token: str = "<unk>") -> DomainReport:
    """The DomainReport of one translation.  `source_tokens` and `output_tokens` as the model read
    and wrote them (output ending with "</s>" when finished), `unknown` what its tokenizer did not
    know, `cross` its cross-attention (layer, head, output position, source position) over ⟨s⟩ +
    the output: used for the word model only (a character of a date carries no meaning alone)."""
    fields: dict = {"unknown": tuple(unknown)}
    if task == "dates":
        fields["invalid_date"] = not is_calendar_date(output)
        fields["no_number"] = not _NUMBER.search(source)
        fields["missing_numbers"] = date_numbers_missing(source, output)
    elif task == "zh-en":
        from engine.valid_outputs import valid_outputs

        valid = valid_outputs(task, source)
        fields["outside_grammar"] = valid is None
        fields["rejected_output"] = valid is not None and output not in valid
        if cross is not None:
            fields["dropped"], fields["invented"] = _attention_support(source_tokens, output_tokens, cross,
                                                                       unknown_token)
    return DomainReport(**fields)


def _attention_support(source_tokens, output_tokens, cross, unknown_token):
    """(dropped source words, invented output words) from the mean cross-attention over layers
    and heads: a source word whose attention summed over the output words is below DROPPED_MASS
    is dropped; an output word (not "</s>") whose most-attended source word is one the tokenizer
    could not read is invented (nothing it read supports it)."""
    weights = np.asarray(cross, dtype=np.float64).mean(axis=(0, 1))[: len(output_tokens), : len(source_tokens)]
    words = [i for i, token in enumerate(output_tokens) if token != "</s>"]
    mass = weights[words].sum(axis=0) if words else np.zeros(len(source_tokens))
    dropped = tuple(token for token, m in zip(source_tokens, mass) if m < DROPPED_MASS and token != unknown_token)
    invented = tuple(output_tokens[i] for i in words if source_tokens[int(np.argmax(weights[i]))] == unknown_token)
    return dropped, invented


def attention_domain(model, result) -> DomainReport:
    """The DomainReport of an AttentionResult of `model`'s own (greedy) output: no model call."""
    return check_output(getattr(model, "task", None), result.source_text, result.source_tokens,
                        result.unknown_characters, result.output_tokens, result.output_text, result.cross,
                        model.source_tokenizer.tokens([model.source_tokenizer.unk_id])[0])


def domain_report(model, text: str) -> DomainReport:
    """The DomainReport of `model`'s greedy output for `text` (one forward pass with attention)."""
    return attention_domain(model, model.attention(text))


def domain_reports(model, texts: list[str]) -> list[DomainReport]:
    """domain_report of many inputs with one batched greedy search (the same outputs as one by
    one: tests/engine/test_batch_equals_single.py); its last decoder pass gives every row's
    cross-attention."""
    from engine.decoding import greedy_search_batch

    src, tgt = model.source_tokenizer, model.target_tokenizer
    step = model.step_function(model.prepare_batch(texts), rows=len(texts))
    results = greedy_search_batch(step, batch_size=len(texts), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                  max_length=model.max_target_length)
    cross = step.last_pass[1].get("cross")
    stacked = None if not cross else np.stack([w.float().cpu().numpy() for w in cross], axis=1)  # (B, L, H, T, S)
    unk = src.tokens([src.unk_id])[0]
    reports = []
    for row, (text, result) in enumerate(zip(texts, results)):
        encoded = src.encode(text.strip(), max_length=model.max_source_length, truncate=True)
        reports.append(check_output(getattr(model, "task", None), text.strip(), encoded.tokens, encoded.unknown,
                                    tgt.tokens(result.tokens), tgt.decode(result.tokens),
                                    None if stacked is None else stacked[row], unk))
    return reports
