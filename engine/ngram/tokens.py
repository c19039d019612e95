"""Tokenisation and the encoded corpus every n-gram count starts from.

A corpus is kept as integer arrays, never as lists of Python strings: ``types`` holds each
distinct token once, ``ids`` every running token as an index into it (uint16 while there are
at most 65 536 types, then 3 bytes a token up to 2^24 types (``PackedIds``: a slice reads as
int32), else int32; only ever used as an index), and ``offsets`` where each sentence starts
(sentence ``s`` is ``ids[offsets[s]:offsets[s + 1]]``).  A 200 MB text file then costs 2 or 3
bytes per running token instead of a Python object each.

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
    ids: "np.ndarray | PackedIds"  # every running token, an index into types (id_dtype)
    offsets: np.ndarray  # int32 (int64 from 2^31 tokens), len = sentences + 1, offsets[0] = 0

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

    def blocks(self, tokens: int):
        """The corpus as consecutive corpora of whole sentences, about ``tokens`` tokens each
        (views of these arrays, not copies): a long text is worked through a block at a time."""
        offsets = self.offsets
        starts = np.unique(np.searchsorted(offsets, np.arange(0, self.token_count, tokens), side="right") - 1)
        bounds = np.append(starts, self.sentence_count)
        for first, last in zip(bounds[:-1], bounds[1:]):
            at = offsets[first]
            yield Corpus(self.types, self.ids[at:offsets[last]], offsets[first:last + 1] - at)


#: the most types whose ids are kept in 3 bytes (PackedIds)
PACKED_TYPES = 1 << 24


def id_dtype(types: int):
    """The smallest dtype that indexes ``types`` token types as an array (PackedIds, between
    uint16 and int32, is chosen by CorpusBuilder)."""
    return np.uint16 if types <= 1 << 16 else np.int32


def index_dtype(size: int):
    """int32 for positions and counts below 2^31 − 1 (half the bytes of int64), else int64."""
    return np.int32 if size < 2 ** 31 - 1 else np.int64


class PackedIds:
    """Token ids below 2^24 in 3 bytes each (little-endian): a 200 MB text's 37 M running tokens
    of 825 000 types take 110 MB instead of int32's 147 MB, the largest thing its load kept after
    the count tables.  Read as an array: a slice (what blocks of sentences take) decodes to int32,
    anything else decodes the whole."""

    dtype = np.dtype("<i4")  # of what a read gives

    def __init__(self, data: np.ndarray):
        self.data = data  # uint8, 3 per id

    @classmethod
    def of(cls, ids) -> "PackedIds":
        four = np.asarray(ids, "<u4").view(np.uint8).reshape(-1, 4)
        return cls(four[:, :3].ravel())

    def __len__(self) -> int:
        return len(self.data) // 3

    def decode(self, start: int, stop: int) -> np.ndarray:
        four = np.zeros((max(0, stop - start), 4), np.uint8)
        four[:, :3] = self.data[3 * start:3 * stop].reshape(-1, 3)
        return four.view(self.dtype).ravel()

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            return self.decode(start, stop) if step == 1 else self.decode(0, len(self))[index]
        if isinstance(index, (int, np.integer)):
            at = int(index) + (len(self) if index < 0 else 0)
            if not 0 <= at < len(self):
                raise IndexError(f"index {index} out of {len(self)} ids")
            return int(self.decode(at, at + 1)[0])
        return self.decode(0, len(self))[index]

    def __array__(self, dtype=None, copy=None):
        return self.decode(0, len(self))  # numpy casts it to a dtype asked for


def _packs(types: int) -> bool:
    """Whether ids of ``types`` types are kept in 3 bytes (PackedIds)."""
    return 1 << 16 < types <= PACKED_TYPES


def _as_stored(ids: np.ndarray, types: int):
    """A chunk's ids as the builder keeps them with ``types`` types so far."""
    return PackedIds.of(ids) if _packs(types) else ids


class CorpusBuilder:
    """Appends tokenised sentences chunk by chunk; the only Python-level structure is the
    type -> id dictionary (one entry per distinct token).  Builders that share ``index`` (the
    training and held-out sentences of one file) number the types alike."""

    def __init__(self, index: dict[str, int] | None = None):
        self._index: dict[str, int] = {} if index is None else index
        self._chunks: list = []  # uint16 arrays, PackedIds or int32 arrays, by the types when each was added
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
            self._chunks.append(_as_stored(np.asarray(flat, dtype=id_dtype(len(index))), len(index)))
            self._lengths.append(np.asarray(lengths, dtype=np.int32))  # lengths: half the bytes of int64 per line

    def build(self, types: tuple[str, ...] | None = None) -> Corpus:
        """The corpus (``types``: the index's keys, passed when several builders share them); the
        chunks are freed one by one as they are copied, so the ids are in memory once (not
        twice, as with np.concatenate) at the peak."""
        types = tuple(self._index) if types is None else types
        total = sum(len(c) for c in self._chunks)
        packed = _packs(len(types))
        ids = np.empty(3 * total, np.uint8) if packed else np.empty(total, id_dtype(len(types)))
        at = 0
        for i, chunk in enumerate(self._chunks):
            if packed:
                bytes_ = chunk if isinstance(chunk, PackedIds) else PackedIds.of(chunk)
                ids[3 * at:3 * (at + len(chunk))] = bytes_.data
            else:
                ids[at:at + len(chunk)] = chunk[:] if isinstance(chunk, PackedIds) else chunk
            at += len(chunk)
            self._chunks[i] = None
        self._chunks = []
        lengths = np.concatenate(self._lengths) if self._lengths else np.zeros(0, np.int32)
        # int32 below 2^31 tokens: half the bytes (a 200 MB text's 2.7 M sentences: 11 MB less)
        offsets = np.zeros(len(lengths) + 1, index_dtype(total))
        np.cumsum(lengths, out=offsets[1:])
        return Corpus(types, PackedIds(ids) if packed else ids, offsets)


def corpus_from_sentences(sentences) -> Corpus:
    """[["Jane", "visits", "Africa"], …] -> Corpus."""
    builder = CorpusBuilder()
    builder.add(sentences)
    return builder.build()


def corpus_from_lines(lines, tokeniser: str = WHITESPACE) -> Corpus:
    """Each line one sentence, cut by the tokeniser; blank lines are skipped."""
    return corpus_from_sentences(tokenise(line, tokeniser) for line in lines)
