"""What the attention view's overview grid draws, computed from a whole [layer, head, query, key]
stack: a small image per head (block means) and each head's mean row entropy.

This is pure numpy (torch only for the pooling), so it runs in a worker thread: at 512 tokens x
72 heads (19 M weights) it is tens of milliseconds of work that the heatmap the user looks at
does not need to wait for.

    summary = summarise(stack)                 # OverviewSummary
    summary.images[layer, head]                # the tile, at most TILE_PIXELS per side
    summary.head_entropy[layer, head]          # bits

Formulas:

* tile image: with f = ceil(Q / TILE_PIXELS), g = ceil(K / TILE_PIXELS), pixel (r, c) is the mean
  of the f x g block of weights A[r·f : (r+1)·f, c·g : (c+1)·g] (an edge block: the mean of the
  weights it holds).  The mean-over-heads tile is the mean of the heads' tiles (block means are
  linear).
* mean row entropy of a matrix: (1/Q) Σ_i H(A[i]) with H(p) = -Σ_j p_j log2 p_j (0 log 0 = 0);
  for the mean over heads, of the matrix (1/H) Σ_h A[h].
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

TILE_PIXELS = 128


def downsample(stack: np.ndarray, limit: int = TILE_PIXELS) -> np.ndarray:
    """[..., Q, K] -> [..., ceil(Q/f), ceil(K/g)] with f = ceil(Q/limit), g = ceil(K/limit):
    each pixel is the mean of an f x g block (edge blocks: the mean of what they hold).
    Unchanged when both sides are within `limit`.

    torch's average pooling with ceil_mode computes exactly these block means (an edge window
    is divided by the cells inside the input), a few times faster than numpy's reduceat."""
    a = np.asarray(stack, dtype=np.float32)
    q, k = a.shape[-2:]
    f, g = -(-q // limit), -(-k // limit)
    if f == 1 and g == 1:
        return a
    # imported here: only stacks over TILE_PIXELS tokens (Hugging Face models, loaded by the
    # worker, so torch is in memory already) come this far; the window must show before torch
    import torch

    images = torch.from_numpy(np.ascontiguousarray(a)).reshape(-1, 1, q, k)
    with torch.no_grad():
        pooled = torch.nn.functional.avg_pool2d(images, (f, g), stride=(f, g), ceil_mode=True,
                                                count_include_pad=False)
    return pooled.reshape(*a.shape[:-2], -(-q // f), -(-k // g)).numpy()


#: weights per block of mean_row_entropy_bits: ~1 MB of float32, so that its four passes
#: (logarithm, product, zeros, sums) run over a block still in the CPU's cache
ENTROPY_BLOCK = 1 << 18
#: added to every weight before its logarithm (mean_row_entropy_bits)
_TINY = np.float32(np.finfo(np.float32).tiny)


def mean_row_entropy_bits(stack: np.ndarray) -> np.ndarray:
    """[..., Q, K] -> [...]: the mean over rows of H(row) = -Σ_j p_j log2 p_j (0 log 0 = 0).

    Vectorised in float32 (rows summed pairwise, their mean in float64): a 72-head, 512-token
    stack (19 M weights) costs about half of engine.infotheory.row_entropies' float64 copy and
    checks, within ~1e-7 bits, and the captions show two decimals.  Attention rows are softmax
    outputs: finite and non-negative.  The logarithm is taken of p + TINY (the smallest normal
    float32, 2**-126): the same float32 as p for every p >= 2**-102, and for p = 0 a finite -126
    whose product with p is 0, so no weight needs replacing afterwards.  numpy's log2 of an
    exact 0 leaves its vectorised path: a causal stack (half its weights 0) took 2.4 times as
    long as a full one this way before (117 against 49 ms for GPT-2-small's 144 heads at 512
    tokens; now 42 and 39 ms, the same sums).  Computed a block of rows at a time (the same
    sums): over the whole 76 MB stack at once each pass went to memory, 33 ms against 19 ms."""
    p = np.asarray(stack, dtype=np.float32)
    if p.size == 0:
        return np.zeros(p.shape[:-2], dtype=np.float64)
    rows = p.reshape(-1, p.shape[-1])
    sums = np.empty(rows.shape[0], dtype=np.float32)
    step = max(1, ENTROPY_BLOCK // max(p.shape[-1], 1))
    logs = np.empty((min(step, rows.shape[0]), rows.shape[1]), dtype=np.float32)
    for start in range(0, rows.shape[0], step):
        block = rows[start:start + step]
        out = logs[:block.shape[0]]
        np.add(block, _TINY, out=out)
        np.log2(out, out=out)
        np.multiply(out, block, out=out)
        out.sum(axis=-1, out=sums[start:start + block.shape[0]])
    return -sums.reshape(p.shape[:-1]).mean(axis=-1, dtype=np.float64) + 0.0


@dataclass(frozen=True)
class OverviewSummary:
    """What the overview grid draws for one stack [L, H, Q, K]."""

    images: np.ndarray  # [L, H, q, k] float32 tiles (q <= TILE_PIXELS, k <= TILE_PIXELS)
    means: np.ndarray  # [L, q, k] the mean-over-heads tiles
    head_entropy: np.ndarray  # [L, H] mean row entropy of each head, bits
    mean_entropy: np.ndarray  # [L] mean row entropy of the mean over heads, bits
    rows: int  # Q and K of the full-resolution matrices (each tile fills its box, whatever its size)
    cols: int

    @property
    def shape(self) -> tuple[int, int]:
        """(layers, heads)."""
        return self.images.shape[0], self.images.shape[1]


def summarise(stack: np.ndarray, limit: int = TILE_PIXELS, means: np.ndarray | None = None) -> OverviewSummary:
    """Tiles and entropies of a [L, H, Q, K] stack (formulas in the module docstring); `means`,
    when given, is the stack's [L, Q, K] mean over heads, already computed (not computed again)."""
    stack = np.asarray(stack, dtype=np.float32)
    if stack.ndim != 4:
        raise ValueError(f"an overview needs a [layer, head, query, key] stack, not shape {stack.shape}")
    if max(stack.shape[2:]) <= limit:  # tiles at full resolution: nothing to pool
        images = stack
        head_entropy, mean_entropy = _entropies(stack, means)
    else:
        # the pooling (torch, which lets go of the GIL) on a second thread while this one takes
        # the entropies (numpy, likewise): on two idle cores the summary of MiniLM's 72 heads at
        # 512 tokens takes the longer of ~21 and ~30 ms instead of their sum
        pooled: dict = {}

        def pool():
            try:
                pooled["images"] = downsample(stack, limit)
            except BaseException as error:  # handed to the caller below
                pooled["error"] = error

        pooling = threading.Thread(target=pool, name="overview-pooling", daemon=True)
        pooling.start()
        try:
            head_entropy, mean_entropy = _entropies(stack, means)
        finally:
            pooling.join()
        if "error" in pooled:
            raise pooled["error"]
        images = pooled["images"]
    return OverviewSummary(images=images, means=images.mean(axis=1), head_entropy=head_entropy,
                           mean_entropy=mean_entropy, rows=stack.shape[2], cols=stack.shape[3])


def _entropies(stack: np.ndarray, means: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(each head's, the mean over heads') mean row entropy in bits of a [L, H, Q, K] stack
    (`means`: its mean over heads, when already known)."""
    return mean_row_entropy_bits(stack), mean_row_entropy_bits(stack.mean(axis=1) if means is None else means)
