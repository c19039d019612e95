"""A user's text file as the language-model view's corpus: read once (with progress and
cancel, in the worker), split into training and held-out sentences, and kept for the requests
that follow, so a keystroke never reads the file again.

Every tenth line is held out, as for pasted text (the last line when there are fewer than ten;
a single line is both).  Words are the whitespace-separated tokens, except in a file that is
mostly Chinese characters (written without spaces): there each character is a token.  Files
above ``MAX_FILE_BYTES`` are refused before reading, as is anything that is not UTF-8 or
GB18030 text (engine.ngram.corpora.read_text_file), each with a coded message.
"""
from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from engine.ngram.corpora import SAMPLE_BYTES, TextFileError, _is_cjk, detect_encoding, read_lines_into
from engine.ngram.progress import Cancelled
from engine.ngram.tokens import CHINESE_CHARACTERS, WHITESPACE, Corpus, CorpusBuilder

MAX_FILE_BYTES = 200_000_000
#: files kept read (a 200 MB file's corpus is 70-150 MB of integer arrays)
KEPT_FILES = 2
#: a file whose sampled text is at least this share CJK characters is cut into characters
CJK_SHARE = 0.3


@dataclass(frozen=True)
class FileCorpus:
    path: str
    encoding: str  # "utf-8" or "gb18030"
    tokeniser: str  # engine.ngram.tokens: "whitespace" or "zh-chars"
    train: Corpus
    heldout: Corpus
    heldout_is_train: bool  # a single line: nothing is held out
    size_bytes: int


@dataclass(frozen=True)
class FileLoad:
    """What the view shows of a load: the corpus's sizes, or that it was cancelled."""

    path: str
    cancelled: bool
    encoding: str = ""
    tokeniser: str = ""
    sentences: int = 0
    tokens: int = 0
    types: int = 0
    heldout_tokens: int = 0


_kept: OrderedDict = OrderedDict()
_lock = threading.Lock()  # the view reads files on one worker and scores on another


def _key(path: str) -> tuple:
    stat = os.stat(path)
    return os.path.abspath(path), stat.st_size, stat.st_mtime_ns


def choose_tokeniser(path: str) -> str:
    """"zh-chars" for a file whose start is mostly CJK characters, else "whitespace"."""
    with open(path, "rb") as f:
        sample = f.read(SAMPLE_BYTES)
    encoding = detect_encoding(sample)
    text = sample.decode(encoding, errors="ignore")
    visible = [c for c in text if not c.isspace()]
    cjk = sum(map(_is_cjk, visible))
    return CHINESE_CHARACTERS if visible and cjk >= CJK_SHARE * len(visible) else WHITESPACE


class EveryTenthLine:
    """Splits sentences as they are read: 9, 19, 29 … (counted from 0, blank lines not counted)
    to the held-out corpus, the others to the training one.  The text is never in memory whole
    and then copied into the two parts: at a 200 MB file's size, that copy was the read's peak."""

    def __init__(self):
        self._index: dict[str, int] = {}
        self._train, self._heldout = CorpusBuilder(self._index), CorpusBuilder(self._index)
        self._sentences = 0

    def add(self, sentences) -> None:
        train, heldout = [], []
        for tokens in sentences:
            if tokens:
                (heldout if self._sentences % 10 == 9 else train).append(tokens)
                self._sentences += 1
        self._train.add(train)
        self._heldout.add(heldout)

    def build(self) -> tuple[Corpus, Corpus, bool]:
        """(train, held-out, held-out is the training text): with fewer than ten sentences the
        last one is held out; a single sentence is both."""
        types = tuple(self._index)
        train, heldout = self._train.build(types), self._heldout.build(types)
        if heldout.sentence_count:
            return train, heldout, False
        if train.sentence_count <= 1:
            return train, train, True
        last = int(train.offsets[-2])
        return (Corpus(types, train.ids[:last], train.offsets[:-1]),
                Corpus(types, train.ids[last:], np.array([0, len(train.ids) - last], np.int64)), False)


def split_every_tenth(sentences) -> tuple[Corpus, Corpus, bool]:
    """EveryTenthLine over token lists, all at once."""
    splitter = EveryTenthLine()
    splitter.add(sentences)
    return splitter.build()


def read_file_corpus(path: str, progress=None, cancel=None) -> FileCorpus:
    """The file's corpus, read now or kept from an earlier read of the same unchanged file."""
    try:
        key = _key(path)
    except OSError as error:
        raise TextFileError("text_file_unreadable", detail=error.strerror or str(error)) from None
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]
    if key[1] > MAX_FILE_BYTES:
        raise TextFileError("text_file_too_big", megabytes=f"{key[1] / 1e6:,.1f}",
                            limit=f"{MAX_FILE_BYTES / 1e6:,.0f}")
    try:
        tokeniser = choose_tokeniser(path)
        splitter = EveryTenthLine()
        encoding = read_lines_into(splitter, path, tokeniser, progress=progress, cancel=cancel)
    except OSError as error:
        raise TextFileError("text_file_unreadable", detail=error.strerror or str(error)) from None
    train, heldout, same = splitter.build()
    if train.token_count == 0:
        raise TextFileError("text_file_no_words")
    loaded = FileCorpus(key[0], encoding, tokeniser, train, heldout, same, key[1])
    with _lock:
        _kept[key] = loaded
        while len(_kept) > KEPT_FILES:
            _kept.popitem(last=False)
    return loaded


def forget_read(path: str) -> None:
    """Drops what was kept of the file at ``path`` (every version of it)."""
    path = os.path.abspath(path)
    with _lock:
        for key in [key for key in _kept if key[0] == path]:
            del _kept[key]


def load_file(path: str, progress=None, cancel=None) -> FileLoad:
    """Reads the file for the view (progress(done, total) in bytes; cancel a threading.Event):
    its sizes, or ``cancelled``; a file that cannot be read raises TextFileError."""
    try:
        corpus = read_file_corpus(path, progress, cancel)
    except Cancelled:
        return FileLoad(path, cancelled=True)
    everything = corpus.train.token_count + (0 if corpus.heldout_is_train else corpus.heldout.token_count)
    return FileLoad(path, False, corpus.encoding, corpus.tokeniser,
                    corpus.train.sentence_count + (0 if corpus.heldout_is_train else corpus.heldout.sentence_count),
                    everything, len(corpus.train.types), corpus.heldout.token_count)
