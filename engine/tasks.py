"""What a model is trained to do: its data stream, tokenizers and what counts as a right answer.

Training and evaluation ask a :class:`Task` for everything task-specific, so a new task is
one entry in :data:`TASKS`.  A model's config.json names its task ("dates", "zh-en").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.messages import Message
from engine.tokenizer import CharTokenizer

DATE_TARGET_CHARS = list("0123456789-")
#: the date models' Examples menu: one date per language and style they were trained on (English
#: day-month and US weekday forms, Chinese, German, French), each translated correctly by both
#: shipped models (tests/engine/test_models.py); unambiguous, so no 10/07 that reads two ways
DATE_EXAMPLES = ("4 Nov 1988", "26 March 2021", "Tuesday, July 10, 2007", "1988年11月4日",
                 "Samstag, 3. März 2001", "9 septembre 1970")


@dataclass(frozen=True)
class Task:
    name: str
    description: str
    build_tokenizers: Callable[[], tuple]  # -> (source, target)
    stream: Callable[[int, str], object]  # (seed, split) -> an object with .take(n)
    source_text: Callable[[object], str]
    target_text: Callable[[object], str]  # the training target of one example
    is_correct: Callable[[object, str], bool]  # does an output answer the example?
    input_hint: str  # completes "the input is empty: type ..."
    examples: tuple[str, ...] = ()  # inputs for the views' examples menus


def _date_tokenizers():
    from engine.data.dates import covering_examples

    return CharTokenizer.from_texts(e.text for e in covering_examples()), CharTokenizer(DATE_TARGET_CHARS)


def _date_stream(seed, split):
    from engine.data.dates import DateStream

    return DateStream(seed, split)


def _zh_en_tokenizers():
    from engine.data.zh_en import chinese_lexicon, english_vocabulary
    from engine.word_tokenizer import CHINESE_WORDS, ENGLISH_WORDS, WordTokenizer

    return WordTokenizer(chinese_lexicon(), CHINESE_WORDS), WordTokenizer(english_vocabulary(), ENGLISH_WORDS)


def _zh_en_stream(seed, split):
    from engine.data.zh_en import ZhEnStream

    return ZhEnStream(seed, split)


def _zh_en_examples():
    from engine.data.zh_en import EXAMPLES

    return EXAMPLES


def _date_list_tokenizers():
    from engine.data.date_lists import source_alphabet

    return CharTokenizer(source_alphabet()), CharTokenizer(DATE_TARGET_CHARS + [" "])


def _date_list_stream(seed, split):
    from engine.data.date_lists import DateListStream

    return DateListStream(seed, split)


TASKS = {
    "dates": Task(
        name="dates",
        description="human-written dates (en, zh, de, fr; CLDR and lesson formats) -> ISO 8601",
        build_tokenizers=_date_tokenizers,
        stream=_date_stream,
        source_text=lambda e: e.text,
        target_text=lambda e: e.iso,
        is_correct=lambda e, output: output == e.iso,
        input_hint=Message("hint_date", example="26 March 2021"),
        examples=DATE_EXAMPLES,
    ),
    "date-lists": Task(
        name="date-lists",
        description="lists of 1-4 human-written dates separated by ' | ' -> their ISO forms separated by spaces",
        build_tokenizers=_date_list_tokenizers,
        stream=_date_list_stream,
        source_text=lambda e: e.text,
        target_text=lambda e: e.iso,
        is_correct=lambda e, output: output == e.iso,
        input_hint="dates separated by |, for example 4 Nov 1988 | 26 March 2021",
    ),
    "zh-en": Task(
        name="zh-en",
        description="toy Chinese sentences (subject, time, aspect, verb, object) -> English, "
                    "several valid renderings each",
        build_tokenizers=_zh_en_tokenizers,
        stream=_zh_en_stream,
        source_text=lambda e: e.text,
        target_text=lambda e: e.target,
        is_correct=lambda e, output: e.is_valid(output),
        input_hint=Message("hint_chinese_sentence", example="简九月要访问非洲"),
        examples=_zh_en_examples(),
    ),
}


def get_task(name: str) -> Task:
    try:
        return TASKS[name]
    except KeyError:
        raise ValueError(f"unknown task {name!r} (known: {', '.join(TASKS)})") from None
