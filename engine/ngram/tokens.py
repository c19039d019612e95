"""Tokenisation and the encoded corpus every n-gram count starts from.

A corpus is kept as integer arrays, never as lists of Python strings: ``types`` holds each
distinct token once, ``ids`` every running token as an index into it (int32), and
``offsets`` where each sentence starts (sentence ``s`` is ``ids[offsets[s]:offsets[s + 1]]``).
A 200 MB text file then costs 4 bytes per running token instead of a Python object each.

Tokenisers (``TOKENISERS``):

* ``whitespace`` — the whitespace-separated words, case kept (the CLI contract, nltk's tests);
* ``english`` — English words and punctuation marks ("Jane visits Africa." -> Jane, visits,
  Africa, "."), the rule of the zh-en grammar's English side (engine.word_tokenizer);
* ``zh-chars`` — every non-space character is a token (Chinese characters);
* ``chars`` — every character, spaces included (the date strings: "4 Nov 1988");
* ``zh-words`` — Chinese words by forward maximum matching against the zh-en grammar's lexicon
  (engine.word_tokenizer's segmenter); a span the lexicon does not know is one token.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

WHITESPACE = "whitespace"
ENGLISH = "english"
CHINESE_CHARACTERS = "zh-chars"
CHINESE_WORDS = "zh-words"
CHARACTERS = "chars"
TOKENISERS = (WHITESPACE, ENGLISH, CHINESE_CHARACTERS, CHARACTERS, CHINESE_WORDS)


@lru_cache(maxsize=1)
def _chinese_segmenter():
    from engine.data.zh_en import chinese_lexicon
    from engine.word_tokenizer import CHINESE_WORDS as KIND
    from engine.word_tokenizer import WordTokenizer

    return WordTokenizer(chinese_lexicon(), KIND)


def tokenise(text: str, tokeniser: str = WHITESPACE) -> list[str]:
    """One sentence (one line) -> its tokens."""
    if tokeniser == WHITESPACE:
        return text.split()
    if tokeniser == ENGLISH:
        from engine.word_tokenizer import _ENGLISH_TOKEN

        return _ENGLISH_TOKEN.findall(text)
    if tokeniser == CHINESE_CHARACTERS:
        return [c for c in text if not c.isspace()]
    if tokeniser == CHARACTERS:
        return list(text.rstrip("\r\n"))
    if tokeniser == CHINESE_WORDS:
        return [piece for piece, _ in _chinese_segmenter().segment(text)]
    raise ValueError(f"unknown tokeniser {tokeniser!r}; one of {', '.join(TOKENISERS)}")


@dataclass(frozen=True)
class Corpus:
    """Sentences of tokens as arrays: ``types[ids[offsets[s]:offsets[s + 1]]]`` is sentence s."""

    types: tuple[str, ...]
    ids: np.ndarray  # int32, every running token
    offsets: np.ndarray  # int64, len = sentences + 1, offsets[0] = 0

    @property
    def sentence_count(self) -> int:
        return len(self.offsets) - 1

    @property
    def token_count(self) -> int:
        return len(self.ids)

    def sentence(self, s: int) -> list[str]:
        return [self.types[i] for i in self.ids[self.offsets[s]:self.offsets[s + 1]]]

    def sentences(self) -> list[list[str]]:
        return [self.sentence(s) for s in range(self.sentence_count)]


class CorpusBuilder:
    """Appends tokenised sentences chunk by chunk; the only Python-level structure is the
    type -> id dictionary (one entry per distinct token)."""

    def __init__(self):
        self._index: dict[str, int] = {}
        self._chunks: list[np.ndarray] = []
        self._lengths: list[np.ndarray] = []

    def add(self, sentences) -> None:
        """Adds a batch of sentences (each a list of tokens); empty sentences are skipped."""
        index = self._index
        flat, lengths = [], []
        for tokens in sentences:
            if tokens:
                flat.extend(index.setdefault(t, len(index)) for t in tokens)
                lengths.append(len(tokens))
        if lengths:
            self._chunks.append(np.asarray(flat, dtype=np.int32))
            self._lengths.append(np.asarray(lengths, dtype=np.int64))

    def build(self) -> Corpus:
        """The corpus; the chunks are freed one by one as they are copied, so the ids are in
        memory once (not twice, as with np.concatenate) at the peak."""
        ids = np.empty(sum(len(c) for c in self._chunks), np.int32)
        at = 0
        for i, chunk in enumerate(self._chunks):
            ids[at:at + len(chunk)] = chunk
            at += len(chunk)
            self._chunks[i] = None
        self._chunks = []
        lengths = np.concatenate(self._lengths) if self._lengths else np.zeros(0, np.int64)
        offsets = np.zeros(len(lengths) + 1, np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return Corpus(tuple(self._index), ids, offsets)


def corpus_from_sentences(sentences) -> Corpus:
    """[["Jane", "visits", "Africa"], …] -> Corpus."""
    builder = CorpusBuilder()
    builder.add(sentences)
    return builder.build()


def corpus_from_lines(lines, tokeniser: str = WHITESPACE) -> Corpus:
    """Each line one sentence, cut by the tokeniser; blank lines are skipped."""
    return corpus_from_sentences(tokenise(line, tokeniser) for line in lines)
