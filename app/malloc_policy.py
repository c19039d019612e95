"""Large arrays go back to the operating system when they are freed (glibc only).

Why: glibc serves an allocation of 128 KiB or more with its own memory mapping, which is
unmapped on free, but each time such a block is freed it raises that threshold to the block's
size (up to 32 MiB).  After the first large array (a 2,048-position encoding, a B=64 search's
rows) arrays of up to that size come from the heaps of the GUI and worker threads, where a
few small blocks still in use keep their pages from being given back.  In the soak
(`tests/app/test_soak.py`) that left 41-51 MB more resident memory after 60 s of random
edits with the very inputs of the start on screen; with the threshold fixed at 128 KiB, 15 MB.
Fixing the threshold turns the adjustment off (glibc's mallopt(M_MMAP_THRESHOLD)).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys

#: glibc's parameter number for mallopt (malloc.h)
M_MMAP_THRESHOLD = -3
#: glibc's default before any adjustment
MMAP_THRESHOLD_BYTES = 128 * 1024

_applied = False


def return_large_blocks_to_the_system() -> bool:
    """Fix glibc's mmap threshold at 128 KiB (once per process).  True when it was set; False on
    another C library or platform, where nothing changes."""
    global _applied
    if _applied:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    _applied = mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES) == 1
    return _applied
