"""Open a user's embedding file: GloVe text (no header), word2vec text (header "N d"),
fastText ``.vec`` (word2vec text) and word2vec binary, with progress, cancel and a cache.

    emb = load_embeddings("glove.6B.300d.txt", "glove", progress=print, cancelled=event.is_set)

A text file is read twice: once to hash it (the cache key; on a second thread, while the
first counts lines; not at all without the cache) and count its lines (so the float32 matrix
is allocated once, at its final size: peak memory stays near the matrix itself), then in
blocks of whole lines parsed by ``text_parser`` on a few threads (numpy releases the GIL), each
block's row norms computed by the thread that parsed it.  ``progress(fraction)`` is called from the calling thread after every
block; ``cancelled()`` is polled as often and raises ``LoadCancelled`` when it returns true.
"""
from __future__ import annotations

import hashlib
import mmap
import os
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from engine.embeddings import cache as embedding_cache
from engine.embeddings.errors import EmbeddingFileError, LoadCancelled
from engine.embeddings.text_parser import parse_block
from engine.embeddings.vectors import Embeddings, row_norms
from engine.messages import Message

#: format name -> has a "N d" header line
TEXT_FORMATS = {"glove": False, "word2vec": True, "fasttext": True}
BINARY_FORMAT = "word2vec-binary"
FORMATS = (*TEXT_FORMATS, BINARY_FORMAT)
BLOCK_BYTES = 1 << 20  # 1 MB: the parser's temporaries are ~15× the block, per thread
_HASH_SHARE = 0.1  # the part of the progress bar the first (hashing) pass takes


def _no_progress(_fraction):
    pass


def _never():
    return False


def load_embeddings(path, fmt: str, *, progress=None, cancelled=None, cache: bool = True,
                    cache_dir=None, threads: int | None = None) -> Embeddings:
    """The vectors of an embedding file, from the cache when this file was opened before.

    ``fmt``: one of FORMATS.  ``cache_dir``: the cache's folder (default
    ``cache.embeddings_cache_dir()``).  ``threads``: parsing threads (default: up to 2)."""
    if fmt not in FORMATS:
        raise EmbeddingFileError("unknown_format", fmt=fmt, known=", ".join(FORMATS))
    path = Path(path)
    progress = progress or _no_progress
    cancelled = cancelled or _never
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise IsADirectoryError("not a file")
    except OSError as exc:
        raise EmbeddingFileError("unreadable", path=path, reason=exc.strerror or str(exc)) from None
    folder = Path(cache_dir) if cache_dir is not None else embedding_cache.embeddings_cache_dir()
    if cache:
        entry = embedding_cache.find_by_stat(path, fmt, folder)
        hit = entry and embedding_cache.open_entry(entry)
        if hit:
            progress(1.0)
            return _from_cache(hit, path)
    sha256, lines, first_line = _first_pass(path, size, fmt != BINARY_FORMAT, progress, cancelled, hashed=cache)
    if cache:
        entry = embedding_cache.find_by_hash(sha256, fmt, folder)
        hit = entry and embedding_cache.open_entry(entry)
        if hit:
            _remember(path, fmt, sha256, folder)
            progress(1.0)
            return _from_cache(hit, path)
    if fmt == BINARY_FORMAT:
        words, vectors = _read_binary(path, size, first_line, progress, cancelled)
        norms = row_norms(vectors)
    else:
        words, vectors, norms = _read_text(path, size, fmt, lines, first_line, progress, cancelled, threads)
    index = _index_of(words, path, header=fmt != "glove")
    if cache:
        try:
            embedding_cache.store(folder, sha256, fmt, path.name, words, vectors, norms)
            _remember(path, fmt, sha256, folder)
        except OSError:
            pass  # a full or read-only disk costs the next open its speed, not this one its result
    progress(1.0)
    return Embeddings(tuple(words), vectors, norms, path.name, index)


def _remember(path, fmt, sha256, folder):
    try:
        embedding_cache.remember_file(path, fmt, sha256, folder)
    except OSError:
        pass


def _from_cache(hit, path: Path) -> Embeddings:
    words, vectors, norms, _meta = hit
    return Embeddings(tuple(words), vectors, norms, path.name, dict(zip(words, range(len(words)))))


def _first_pass(path: Path, size: int, text: bool, progress, cancelled, hashed: bool = True):
    """(SHA-256 of the bytes, or None when not ``hashed``; number of newlines, first line) in
    one read of the file; refuses a text file with a NUL byte (a binary file: no text file holds
    one).  The hash runs on a second thread (hashlib releases the GIL) while this one counts
    (here SHA-256 took 0.65 s and counting newlines 0.42 s per GB, one after the other before)."""
    digest = hashlib.sha256()
    lines = 0
    first_line = None
    done = 0
    with open(path, "rb") as f, ThreadPoolExecutor(max_workers=1) as hasher:
        hashing = None
        while block := f.read(BLOCK_BYTES):
            if cancelled():
                raise LoadCancelled()
            if hashed:
                if hashing is not None:
                    hashing.result()  # one block waiting at most: the blocks are hashed in order
                hashing = hasher.submit(digest.update, block)
            lines += block.count(b"\n")
            if text and b"\0" in block:
                raise EmbeddingFileError("not_text", path=path)
            if first_line is None:
                first_line = block.split(b"\n", 1)[0]
            done += len(block)
            progress(_HASH_SHARE * done / max(size, 1))
    if not first_line or not first_line.strip():
        raise EmbeddingFileError("empty", path=path)
    if b"\0" in first_line:
        raise EmbeddingFileError("not_text", path=path)
    return digest.hexdigest() if hashed else None, lines, first_line


def _shown(line: bytes, limit: int = 60) -> str:
    text = line.decode("utf-8", "replace").strip()
    return text if len(text) <= limit else text[:limit] + "…"


def _header(first_line: bytes, path):
    parts = first_line.split()
    try:
        count, dim = (int(p) for p in parts)
        if count < 0 or dim < 1:
            raise ValueError
    except ValueError:
        raise EmbeddingFileError("bad_header", path=path, found=_shown(first_line)) from None
    return count, dim


def _read_text(path: Path, size: int, fmt: str, lines: int, first_line: bytes, progress, cancelled, threads):
    if TEXT_FORMATS[fmt]:
        expected, dim = _header(first_line, path)
        header_lines = 1
    else:
        parts = first_line.split()
        if len(parts) == 2 and all(p.isdigit() for p in parts):
            raise EmbeddingFileError("header_in_glove", path=path, found=_shown(first_line))
        expected, dim, header_lines = None, len(parts) - 1, 0
        if dim < 1:
            raise EmbeddingFileError("malformed_line", path=path, line=1,
                                         reason=Message("embedding_reason_no_numbers"))
    capacity = lines + 1 - header_lines
    vectors = np.empty((capacity, dim), dtype=np.float32)
    norms = np.empty(capacity, dtype=np.float32)
    words: list[str] = []
    threads = threads or min(2, os.cpu_count() or 1)
    pending = deque()
    with open(path, "rb") as f, ThreadPoolExecutor(max_workers=threads) as pool:
        if header_lines:
            f.readline()
        next_line = 1 + header_lines
        for block, line_count in _blocks(f, path):
            if cancelled():
                for future, *_ in pending:
                    future.cancel()
                raise LoadCancelled()
            pending.append((pool.submit(_parsed_with_norms, block, dim, next_line, path), line_count, f.tell()))
            next_line += line_count
            while len(pending) > threads:
                _collect(pending.popleft(), words, vectors, norms, size, progress)
        while pending:
            _collect(pending.popleft(), words, vectors, norms, size, progress)
    rows = len(words)
    if expected is not None and rows != expected:
        raise EmbeddingFileError("header_count", path=path, expected=expected, found=rows)
    if rows == 0:
        raise EmbeddingFileError("empty", path=path)
    if rows < capacity:
        vectors, norms = vectors[:rows], norms[:rows]
    return words, vectors, norms


def _parsed_with_norms(block, dim, first_line, path):
    """parse_block's (words, values) and the values' row norms, as row_norms computes them
    (each row's norm depends on that row alone): on the parsing thread, not after the parse."""
    words, values = parse_block(block, dim, first_line, path)
    return words, values, row_norms(values)


def _collect(item, words, vectors, norms, size, progress):
    future, line_count, position = item
    block_words, values, block_norms = future.result()
    start = len(words)
    vectors[start:start + len(block_words)] = values
    norms[start:start + len(block_words)] = block_norms
    words.extend(block_words)
    progress(_HASH_SHARE + (1 - _HASH_SHARE) * position / max(size, 1))


def _blocks(f, path):
    """(bytes of whole lines, each ending in "\\n"; how many) of about BLOCK_BYTES each.  The
    file's last line may lack its newline, and blank lines at its very end are dropped (one
    block is held back to know which is the last)."""
    held, rest = None, b""
    while chunk := f.read(BLOCK_BYTES):
        data = rest + chunk
        cut = data.rfind(b"\n") + 1
        block, rest = data[:cut], data[cut:]
        if block:
            if held is not None:
                yield held, held.count(b"\n")
            held = block
    last = (held or b"") + rest
    if last.strip():
        last = last.rstrip() + b"\n"
        yield last, last.count(b"\n")


def _index_of(words, path, header: bool) -> dict:
    index = {}
    for i, word in enumerate(words):
        first = index.setdefault(word, i)
        if first != i:
            offset = 2 if header else 1
            raise EmbeddingFileError("duplicate_word", path=path, word=word, line=i + offset,
                                     first_line=first + offset)
    return index


def _read_binary(path: Path, size: int, first_line: bytes, progress, cancelled):
    """word2vec's binary layout: "N d\\n", then per word its UTF-8 bytes, a space and d
    little-endian float32 (the C tool adds a newline after each vector, gensim does not:
    both are read, as gensim does, by dropping newlines in front of a word)."""
    count, dim = _header(first_line, path)
    vectors = np.empty((count, dim), dtype=np.float32)
    words = []
    vector_bytes = 4 * dim
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
        position = len(first_line) + 1
        for i in range(count):
            if i % 4096 == 0:
                if cancelled():
                    raise LoadCancelled()
                progress(_HASH_SHARE + (1 - _HASH_SHARE) * position / max(size, 1))
            space = data.find(b" ", position)
            if space < 0 or space + 1 + vector_bytes > size:
                raise EmbeddingFileError("truncated", path=path, word_number=i + 1, expected=count)
            raw = data[position:space].lstrip(b"\n")
            try:
                word = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise EmbeddingFileError("bad_encoding", path=path, line=i + 2) from None
            if not word or "\n" in word:
                raise EmbeddingFileError("malformed_line", path=path, line=i + 2,
                                         reason=Message("embedding_reason_bad_binary_word", number=i + 1))
            words.append(word)
            vectors[i] = np.frombuffer(data, dtype="<f4", count=dim, offset=space + 1)
            position = space + 1 + vector_bytes
    finite = np.isfinite(vectors).all(axis=1)
    if not finite.all():
        raise EmbeddingFileError("not_finite", path=path, line=int(np.flatnonzero(~finite)[0]) + 2)
    return words, vectors
