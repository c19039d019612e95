"""The cache of opened embedding files: a float32 ``vectors.npy``, ``norms.npy`` and
``words.txt`` in a folder named after the SHA-256 of the file's bytes, so a second open maps
the matrix from disk instead of parsing text again.

Where: ``$ATTENTION_LAB_CACHE``, else the platform's user cache folder (``$XDG_CACHE_HOME`` or
``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows), under
``attention-lab/embeddings`` — never inside the package.

Finding an entry without reading the whole file again: a small note per (path, size,
modification time, format) names the content hash, so an unchanged file is found by ``stat``
alone; a file copied or touched is hashed (a second or two per GB, far less than parsing) and
finds the same entry.  Every write goes to a temporary folder first and is renamed into
place, so a crash or a second process never leaves a half-written entry behind.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

#: bump when the layout of an entry changes: old entries are then ignored
CACHE_VERSION = 1
_VECTORS, _NORMS, _WORDS, _META = "vectors.npy", "norms.npy", "words.txt", "meta.json"


def cache_root() -> Path:
    """attention-lab's folder in the user's cache folder."""
    explicit = os.environ.get("ATTENTION_LAB_CACHE")
    if explicit:
        return Path(explicit)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / "attention-lab" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "attention-lab"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "attention-lab"


def embeddings_cache_dir(root: Path | None = None) -> Path:
    return (root or cache_root()) / "embeddings"


def file_sha256(path, chunk: int = 8 << 20) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(chunk):
            digest.update(block)
    return digest.hexdigest()


def _stat_key(path: Path, fmt: str) -> str:
    st = path.stat()
    text = f"{CACHE_VERSION}\0{path.resolve()}\0{st.st_size}\0{st.st_mtime_ns}\0{fmt}"
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:40]


def _entry_dir(folder: Path, sha256: str, fmt: str) -> Path:
    return folder / f"{sha256[:40]}-{fmt}-v{CACHE_VERSION}"


def find_by_stat(path, fmt: str, folder: Path) -> Path | None:
    """The entry of an unchanged file (same path, size and modification time), if any."""
    try:
        note = json.loads((folder / "files" / f"{_stat_key(Path(path), fmt)}.json").read_text(encoding="utf-8"))
        entry = _entry_dir(folder, note["sha256"], fmt)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return entry if (entry / _META).is_file() else None


def find_by_hash(sha256: str, fmt: str, folder: Path) -> Path | None:
    entry = _entry_dir(folder, sha256, fmt)
    return entry if (entry / _META).is_file() else None


def remember_file(path, fmt: str, sha256: str, folder: Path) -> None:
    """Note that this path (as it is now) holds the bytes hashed to ``sha256``."""
    notes = folder / "files"
    notes.mkdir(parents=True, exist_ok=True)
    target = notes / f"{_stat_key(Path(path), fmt)}.json"
    _write_atomically(target, json.dumps({"sha256": sha256, "path": str(Path(path).resolve())}))


def _write_atomically(target: Path, text: str) -> None:
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, target)


def store(folder: Path, sha256: str, fmt: str, source_name: str, words, vectors: np.ndarray,
          norms: np.ndarray) -> Path:
    """Write an entry (atomically: a temporary folder renamed into place)."""
    folder.mkdir(parents=True, exist_ok=True)
    entry = _entry_dir(folder, sha256, fmt)
    if (entry / _META).is_file():
        return entry
    temporary = Path(tempfile.mkdtemp(dir=folder, prefix=".tmp-"))
    try:
        np.save(temporary / _VECTORS, np.ascontiguousarray(vectors, dtype=np.float32))
        np.save(temporary / _NORMS, np.asarray(norms, dtype=np.float32))
        (temporary / _WORDS).write_bytes("\n".join(words).encode("utf-8"))
        meta = {"version": CACHE_VERSION, "sha256": sha256, "format": fmt, "source": source_name,
                "words": len(words), "dimension": int(vectors.shape[1])}
        (temporary / _META).write_text(json.dumps(meta), encoding="utf-8")
        try:
            os.replace(temporary, entry)
        except OSError:  # another process stored the same entry first
            if not (entry / _META).is_file():
                raise
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    return entry


def open_entry(entry: Path):
    """(words, vectors (a read-only memory map), norms, meta) of an entry; None when the entry
    is unreadable or inconsistent (it is then rebuilt)."""
    try:
        meta = json.loads((entry / _META).read_text(encoding="utf-8"))
        vectors = np.load(entry / _VECTORS, mmap_mode="r")
        norms = np.load(entry / _NORMS)
        text = (entry / _WORDS).read_bytes().decode("utf-8")
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    words = text.split("\n") if text or meta.get("words") == 1 else []
    n = len(words)
    if (meta.get("version") != CACHE_VERSION or vectors.dtype != np.float32 or vectors.ndim != 2
            or vectors.shape != (n, meta.get("dimension")) or norms.shape != (n,) or meta.get("words") != n):
        return None
    return words, vectors, norms, meta
