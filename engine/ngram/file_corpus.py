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

from engine.ngram.corpora import SAMPLE_BYTES, Cancelled, TextFileError, _is_cjk, detect_encoding, read_text_file
from engine.ngram.tokens import CHINESE_CHARACTERS, WHITESPACE, Corpus

MAX_FILE_BYTES = 200_000_000
#: files kept read (a 200 MB file's corpus is about 200 MB of integer arrays)
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


def split_every_tenth(corpus: Corpus) -> tuple[Corpus, Corpus, bool]:
    """(train, held-out, held-out is the training text): sentences 9, 19, 29 … held out, the
    last one when there are fewer than ten, none (both the whole text) for a single sentence."""
    count = corpus.sentence_count
    if count == 1:
        return corpus, corpus, True
    held = np.zeros(count, bool)
    held[9::10] = True
    if not held.any():
        held[-1] = True
    return _subset(corpus, ~held), _subset(corpus, held), False


def _subset(corpus: Corpus, keep: np.ndarray) -> Corpus:
    lengths = np.diff(corpus.offsets)
    token_keep = np.repeat(keep, lengths)
    offsets = np.zeros(int(keep.sum()) + 1, np.int64)
    np.cumsum(lengths[keep], out=offsets[1:])
    return Corpus(corpus.types, corpus.ids[token_keep], offsets)


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
        corpus, encoding = read_text_file(path, tokeniser, progress=progress, cancel=cancel)
    except OSError as error:
        raise TextFileError("text_file_unreadable", detail=error.strerror or str(error)) from None
    if corpus.token_count == 0:
        raise TextFileError("text_file_no_words")
    train, heldout, same = split_every_tenth(corpus)
    loaded = FileCorpus(key[0], encoding, tokeniser, train, heldout, same, key[1])
    with _lock:
        _kept[key] = loaded
        while len(_kept) > KEPT_FILES:
            _kept.popitem(last=False)
    return loaded


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
