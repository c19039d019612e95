"""Corpora for the n-gram models: the zh-en grammar (English, Chinese words, Chinese
characters), the date strings (characters), and a user's text file.

Built-in corpora are seeded: the training sentences come from the generator's "train" stream,
the held-out sentences from its "validation" stream (the same distribution, other draws), so a
(kind, words, seed) triple always gives the same two corpora.

A text file is read in chunks (``CHUNK_BYTES``), each line one sentence: UTF-8 (a BOM is
skipped) or, when it is not UTF-8, GB18030 if the start of the file reads as Chinese in it (or,
after a start in plain ASCII, the first chunk that is not); anything else is refused with a
message that says so.  Only integer arrays and one dictionary
entry per distinct word are kept (engine.ngram.tokens.CorpusBuilder), so memory stays a small
multiple of the file (docs/language-model.md has the measured figure).  ``progress(done, total)``
is called after each chunk and ``cancel()`` (or ``cancel.is_set()``, a threading.Event) is
checked before each one: a worker can show a progress bar and stop the reading.
"""
from __future__ import annotations

import codecs
import os

from engine.allocator import map_large_allocations
from engine.messages import EngineError
from engine.ngram.progress import Cancelled, is_cancelled
from engine.ngram.tokens import CHARACTERS, CHINESE_CHARACTERS, CHINESE_WORDS, ENGLISH, WHITESPACE, Corpus, CorpusBuilder, tokenise

CHUNK_BYTES = 1 << 20
SAMPLE_BYTES = 1 << 16
BUILT_IN = ("en", "zh-words", "zh-chars", "dates")
MAX_WORDS = 1_000_000
BATCH_SENTENCES = 4096  # sentences given to the builder at once (its memory: a list of their ids)


class TextFileError(EngineError, ValueError):
    """The file cannot be read as text (encoding, binary content); ``code``: one of the
    ``text_file_*`` codes of engine.messages, so the app shows it in the user's language."""


# ---- built-in corpora ---------------------------------------------------------------------
def _grammar_sentences(kind: str, seed: int, split: str):
    if kind == "dates":
        from engine.data.dates import DateStream

        stream = DateStream(seed, split)
        while True:
            yield tokenise(stream.draw().text, CHARACTERS)
    from engine.data.zh_en import ZhEnStream

    stream = ZhEnStream(seed, split)
    while True:
        example = stream.draw()
        if kind == "en":
            yield tokenise(example.target, ENGLISH)
        elif kind == "zh-words":
            yield list(example.source_tokens)
        else:
            yield tokenise(example.text, CHINESE_CHARACTERS)


def _take_words(sentences, words: int) -> Corpus:
    builder, taken, batch = CorpusBuilder(), 0, []
    for tokens in sentences:
        if taken >= words:
            break
        batch.append(tokens)
        taken += len(tokens)
        if len(batch) == BATCH_SENTENCES:
            builder.add(batch)
            batch = []
    builder.add(batch)
    return builder.build()


def built_in_corpus(kind: str, words: int, seed: int = 0,
                    heldout_words: int | None = None) -> tuple[Corpus, Corpus]:
    """(train, held-out) of about ``words`` and ``heldout_words`` (default words/10, at least
    1000) tokens: whole sentences, the last one may pass the size."""
    if kind not in BUILT_IN:
        raise ValueError(f"unknown corpus {kind!r}; one of {', '.join(BUILT_IN)}")
    if not 1 <= words <= MAX_WORDS:
        raise ValueError(f"a built-in corpus has 1 to {MAX_WORDS:,} words, not {words}")
    heldout_words = max(1000, words // 10) if heldout_words is None else heldout_words
    return (_take_words(_grammar_sentences(kind, seed, "train"), words),
            _take_words(_grammar_sentences(kind, seed, "validation"), heldout_words))


def heldout_examples(kind: str, seed: int, sentences: int):
    """The zh-en examples behind the first ``sentences`` held-out sentences of a built-in
    corpus (for the true floor, engine.ngram.floor)."""
    from engine.data.zh_en import ZhEnStream

    if kind not in ("en", "zh-words", "zh-chars"):
        raise ValueError(f"the corpus {kind!r} does not come from the zh-en grammar")
    return ZhEnStream(seed, "validation").take(sentences)


# ---- text files ---------------------------------------------------------------------------
def _is_cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\u3000" <= ch <= "\u303f"


def detect_encoding(sample: bytes) -> str:
    """'utf-8-sig', 'utf-8' or 'gb18030' for the start of a file; TextFileError otherwise."""
    if sample.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if sample.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in sample:
        raise TextFileError("text_file_nul_bytes")
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=False)
        return "utf-8"
    except UnicodeDecodeError as utf8_error:
        try:
            text = codecs.getincrementaldecoder("gb18030")().decode(sample, final=False)
        except UnicodeDecodeError:
            text = ""
        wide = [c for c in text if ord(c) > 127]
        if wide and sum(map(_is_cjk, wide)) >= 0.5 * len(wide):
            return "gb18030"
        raise TextFileError("text_file_not_text", byte=utf8_error.start) from None


def _reads_as_gb18030(f, data: bytes) -> bool:
    """Whether ``data`` and the bytes after it (read ahead, then given back) are GB18030 Chinese."""
    ahead = f.read(SAMPLE_BYTES)
    f.seek(-len(ahead), os.SEEK_CUR)
    try:
        return detect_encoding(data + ahead) == "gb18030"
    except TextFileError:
        return False


def read_text_file(path, tokeniser: str = WHITESPACE, progress=None, cancel=None,
                   chunk_bytes: int = CHUNK_BYTES) -> tuple[Corpus, str]:
    """(corpus, encoding) of a text file: each non-blank line one sentence."""
    builder = CorpusBuilder()
    encoding = read_lines_into(builder, path, tokeniser, progress, cancel, chunk_bytes)
    return builder.build(), encoding


def read_lines_into(builder, path, tokeniser: str = WHITESPACE, progress=None, cancel=None,
                    chunk_bytes: int = CHUNK_BYTES) -> str:
    """Reads a text file chunk by chunk into ``builder`` (its ``add`` takes each chunk's lines
    as token lists, blank ones included) and returns the encoding ("utf-8" or "gb18030")."""
    map_large_allocations()  # a big text's counting must not leave its freed blocks resident
    total = os.path.getsize(path)
    done = 0
    with open(path, "rb") as f:
        encoding = detect_encoding(f.read(SAMPLE_BYTES))
        f.seek(0)
        decoder = codecs.getincrementaldecoder(encoding)()
        rest, ascii_so_far = "", True
        while True:
            if is_cancelled(cancel):
                raise Cancelled()
            chunk = f.read(chunk_bytes)
            pending = decoder.getstate()[0]  # bytes of a character cut by the last chunk
            try:
                text = rest + decoder.decode(chunk, final=not chunk)
            except UnicodeDecodeError as error:
                data = pending + chunk
                # what this chunk decoded before the error counts too (a first chunk of é then 他
                # was read again as GB18030, é included)
                ascii_before = ascii_so_far and data[:error.start].isascii()
                if not (ascii_before and encoding == "utf-8" and _reads_as_gb18030(f, data)):
                    # error.start counts from the bytes the last chunk left pending, not from chunk
                    raise TextFileError("text_file_stops_being_text", encoding=encoding.replace("-sig", ""),
                                        byte=f"{done - len(pending) + error.start:,}") from None
                # Only ASCII so far, which both read alike: GB18030 from the start, losing nothing.
                encoding = "gb18030"
                decoder = codecs.getincrementaldecoder(encoding)()
                # never at the end: there data is what the last chunk left pending, which
                # detect_encoding reads as the start of a UTF-8 character
                text = rest + decoder.decode(data)
            ascii_so_far = ascii_so_far and text.isascii()
            lines = text.split("\n")
            rest = lines.pop() if chunk else ""
            builder.add(tokenise(line, tokeniser) for line in lines)  # at the end: every line, the last too
            done += len(chunk)
            if progress is not None:
                progress(done, total)
            if not chunk:
                break
    return encoding.replace("-sig", "")


CORPUS_TOKENISERS = {"en": ENGLISH, "zh-words": CHINESE_WORDS, "zh-chars": CHINESE_CHARACTERS,
                     "dates": CHARACTERS}
