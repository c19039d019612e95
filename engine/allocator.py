"""Large freed blocks back to the system (glibc's malloc), for reading and counting big texts.

glibc serves an allocation above its mmap threshold with a mapping of its own, unmapped when it
is freed; but each such block freed raises the threshold to its size (up to 32 MB), after which
arrays of that size come from the heap, whose freed holes stay resident.  Counting a 20 MB text
file block by block (engine.ngram.counts) then left 203 MB resident where the live arrays took
108 MB.  Setting the threshold (mallopt(M_MMAP_THRESHOLD)) turns that adjustment off, for the
rest of the process: an array of 1 MiB or more is mapped when made and unmapped when freed.
Elsewhere (macOS, Windows, another C library) this does nothing.
"""
from __future__ import annotations

import ctypes
import sys

M_MMAP_THRESHOLD = -3  # glibc's malloc.h
THRESHOLD_BYTES = 128 << 10  # glibc's own starting value, kept

_set = False


def map_large_allocations() -> bool:
    """Fixes glibc's mmap threshold at THRESHOLD_BYTES (once); whether it is set."""
    global _set
    if _set or not sys.platform.startswith("linux"):
        return _set
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    _set = mallopt(M_MMAP_THRESHOLD, THRESHOLD_BYTES) == 1
    return _set
