"""Reusable memory for the attention stacks a Hugging Face model hands to the views.

MiniLM at 512 tokens returns 6 x 12 x 512 x 512 float32 weights (75 MB) per keystroke.  Copied
into a fresh array, most of the copy's time is the operating system mapping new pages on first
write (measured here: 113 ms for a fresh array against 25 ms into memory already used, on a busy
2-core machine).  So each result's stack is written into a buffer from a small pool, reused
once nothing refers to it any more: no result, and no view of it (a heatmap's image, a layer),
still holds it.  A buffer still in use is never written.
"""
from __future__ import annotations

import sys

import numpy as np

# sys.getrefcount of a pooled buffer that nothing else holds, read in StackBuffers.array's loop:
# the pool's list, the loop variable and getrefcount's own argument.  numpy views (slices,
# reshapes) of a buffer refer to the buffer itself, so any live view raises the count.
_UNUSED_REFCOUNT = 3


class StackBuffers:
    """A pool of at most `keep` flat float32 buffers, handed out as arrays of any shape that
    fits.  Used from one thread (the model's worker); results may be dropped on any thread."""

    def __init__(self, keep: int = 3):
        self.keep = keep
        self._buffers: list[np.ndarray] = []
        self.allocated = 0  # buffers made (tests: reuse really happens)

    def array(self, shape: tuple[int, ...]) -> np.ndarray:
        """A float32 array of `shape` whose memory nothing else refers to (contents undefined)."""
        size = int(np.prod(shape))
        chosen = None
        for buffer in self._buffers:
            if buffer.size >= size and sys.getrefcount(buffer) == _UNUSED_REFCOUNT:
                if chosen is None or buffer.size < chosen.size:
                    chosen = buffer
        if chosen is None:
            chosen = np.empty(size, dtype=np.float32)
            self.allocated += 1
            self._buffers.append(chosen)
            del self._buffers[:-self.keep]  # forget the oldest: one in use stays alive through its views
        return chosen[:size].reshape(shape)
