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
