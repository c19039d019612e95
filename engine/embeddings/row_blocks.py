"""One product over the rows of a large matrix, shared between the calling thread and a helper.

A neighbour, 3CosAdd or 3CosMul query over 400,000 words is one pass of torch's int8 kernels
over the whole int8 copy (128 MB): 8.5 ms of one core for one query vector, about 20 ms for
3CosMul's four.  The app's worker runs torch with one thread (its models are tiny, and torch's
own threads wait for each other at every parallel region, which collapses when the machine is
busy), so the second core waited: during the query the GUI thread used 0.2–0.8 ms of CPU
(measured in the view, issue 25).

Here the rows are cut into blocks that both threads take one at a time, the caller included:
where the helper gets no core (a loaded machine) the caller takes every block itself and cancels
the helper's turn if it has not begun, so the query costs what it cost before plus at most one
block's wait; where it gets one, the pass takes about half the time.  Each block is a product of
its own rows only, so every row's value is the same as in one product over all (tested).
"""
from __future__ import annotations

import itertools
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

#: rows per block: 400,000 rows are 8 blocks (about 1 ms of the one-row kernel each); a multiple
#: of int8_cosines.ROW_BLOCK, as its kernel is only given such counts
BLOCK_ROWS = 50_048

_helper: list = []
_lock = threading.Lock()


def _start_helper() -> None:
    """The helper thread's torch: one intra-op thread, as the app's worker.  torch's OpenMP count
    is the calling thread's own (a new thread starts with one per core, and the kernels would
    start a team of two from here); torch.set_num_threads also sets its process-wide pthreadpool
    (XNNPACK's, unused here) to 1, which the app's worker (InferenceWorker threads=1) already does."""
    import torch

    torch.set_num_threads(1)


def helper() -> ThreadPoolExecutor | None:
    """The helper thread (made at first use), or None on a single core."""
    with _lock:
        if not _helper:
            cores = os.cpu_count() or 1
            _helper.append(ThreadPoolExecutor(1, "embedding-rows", _start_helper) if cores > 1 else None)
    return _helper[0]


#: a last block of fewer rows joins the one before it (the kernels were checked on no fewer)
LEAST_ROWS = 64

#: glibc's mmap threshold as the app fixes it (app/malloc_policy.py, for the memory it gives
#: back): each array of this size or more is a new mapping, its pages faulted in at first write
MAPPED_BYTES = 128 * 1024

_kept = threading.local()


def kept(name: str, shape, dtype=np.float32) -> np.ndarray:
    """An array of ``shape`` that this thread keeps under ``name`` from one call to the next
    (made anew when the shape or type changes); its caller must be done with it before the
    thread asks for it again.  Why: a query's arrays made anew under the app's malloc policy
    were new mappings at every query — a 3CosMul query over 400,000 words took 3,242 minor
    faults in the view's process (26.3 ms of one thread's CPU, against 19.4 ms and 1 fault in a
    process without that policy)."""
    arrays = _kept.__dict__
    array = arrays.get(name)
    if array is None or array.shape != tuple(shape) or array.dtype != dtype:
        array = arrays[name] = np.empty(shape, dtype=dtype)
    return array


def pieces(start: int, stop: int, row_bytes: int) -> list[tuple[int, int]]:
    """(low, high) pieces of rows start…stop, each of a multiple of LEAST_ROWS rows whose
    kernel output (``row_bytes`` a row, allocated by torch) stays under MAPPED_BYTES, so that it
    comes from the thread's heap instead of a new mapping (a last piece of fewer than
    LEAST_ROWS joins the one before it).  A kernel's sums are the same row by row whatever the
    rows given with them (tested)."""
    rows = max(LEAST_ROWS, (MAPPED_BYTES - 1) // row_bytes // LEAST_ROWS * LEAST_ROWS)
    return [(start + low, start + high) for low, high in blocks(stop - start, rows)]


def blocks(rows: int, block_rows: int = BLOCK_ROWS, least_rows: int = LEAST_ROWS) -> list[tuple[int, int]]:
    """(start, stop) of each block of ``rows`` rows, in order; a last block of fewer than
    ``least_rows`` joins the one before it."""
    parts = [(start, min(rows, start + block_rows)) for start in range(0, rows, block_rows)]
    if len(parts) > 1 and parts[-1][1] - parts[-1][0] < least_rows:
        parts[-2:] = [(parts[-2][0], rows)]
    return parts


def each_block(product, rows: int, block_rows: int | None = None, least_rows: int = LEAST_ROWS) -> list:
    """[product(start, stop) for each block], computed by this thread and the helper together."""
    import torch

    parts = blocks(rows, BLOCK_ROWS if block_rows is None else block_rows, least_rows)
    done: list = [None] * len(parts)
    taken = itertools.count()  # next() of a count is atomic under the GIL: each block taken once

    def take_blocks() -> None:
        with torch.inference_mode():
            while (i := next(taken)) < len(parts):
                done[i] = product(*parts[i])

    pool = helper() if len(parts) > 1 else None
    turn = pool.submit(take_blocks) if pool is not None else None
    try:
        take_blocks()
    finally:
        if turn is not None and not turn.cancel():
            turn.result()  # the helper's last block (re-raises its error)
    return done
