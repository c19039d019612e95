"""Pure numpy transforms of attention stacks for word-piece models (no torch, no transformers).

All functions take weights of shape [..., query, key] (one heatmap, or a [layer, head, q, k]
stack) and return float32 arrays, new ones or in the memory an `empty(shape)` argument hands
out (engine.hf.toggles reuses it); inputs are never modified.

Merge word pieces into words (the view's "merge to words" toggle).  With query groups
Q_1..Q_m and key groups K_1..K_n (each a run of positions of one word):

    M[a, b] = (1 / |Q_a|) · Σ_{i ∈ Q_a} Σ_{j ∈ K_b} A[i, j]

Columns are summed (the attention a query pays to a word is the total it pays to its pieces)
and rows are averaged (a word attends as the average of its pieces), so each row of M still
sums to what a row of A sums to (1 for softmax attention).

Hide special tokens and renormalise.  With a set H of hidden positions, rows and columns of H
are removed and each remaining row is divided by its remaining mass:

    R[i, j] = A[i, j] / Σ_{j' ∉ H} A[i, j']     for i, j ∉ H

A row whose remaining mass is 0 (it attended only to hidden tokens) becomes all zeros.

Attention-sink mass per head: the mean over queries of the mass that lands on the sink keys S
(special tokens and the first position):

    sink[l, h] = (1 / Q) · Σ_i Σ_{j ∈ S} A[l, h, i, j]
"""
from __future__ import annotations

import numpy as np

# Markers tokenizers put on word pieces: BERT continues a word with "##"; GPT-2 (byte-level
# BPE) starts a word with "Ġ" (an encoded space); SentencePiece starts a word with "▁".
CONTINUATION_PREFIX = "##"
WORD_START_PREFIXES = ("Ġ", "▁")


def word_groups(word_ids) -> list[tuple[int, ...]]:
    """Runs of consecutive positions that share a word id; a position whose word id is None
    (a special token) is a group of its own.  -> list of position tuples, in order."""
    groups: list[list[int]] = []
    previous = object()
    for position, word in enumerate(word_ids):
        if word is None or word != previous or not groups:
            groups.append([position])
        else:
            groups[-1].append(position)
        previous = word if word is not None else object()
    return [tuple(g) for g in groups]


def word_ids_from_pieces(tokens, special) -> list[int | None]:
    """Word ids from the pieces' own markers, for tokenizers that cannot report them.

    A piece starts a new word unless it begins with "##"; a piece beginning with "Ġ" or "▁"
    always starts one; if any piece carries a start marker, pieces without one continue the
    previous word (GPT-2 and SentencePiece style).  Special tokens get None."""
    uses_start_marker = any(t.startswith(WORD_START_PREFIXES) for t, s in zip(tokens, special) if not s)
    out: list[int | None] = []
    word = -1
    previous_special = True
    for token, is_special in zip(tokens, special):
        if is_special:
            out.append(None)
            previous_special = True
            continue
        if uses_start_marker:
            new_word = token.startswith(WORD_START_PREFIXES) or previous_special
        else:
            new_word = not token.startswith(CONTINUATION_PREFIX) or previous_special
        if new_word:
            word += 1
        out.append(word)
        previous_special = False
    return out


def _membership(groups, n: int) -> np.ndarray:
    """(len(groups), n) 0/1 matrix: row g marks the positions of group g."""
    member = np.zeros((len(groups), n), dtype=np.float64)
    for g, positions in enumerate(groups):
        member[g, list(positions)] = 1.0
    if not np.array_equal(member.sum(axis=0), np.ones(n)):
        raise ValueError("groups must cover every position exactly once")
    return member


def _run_starts(groups, n: int) -> list[int] | None:
    """The first position of each group when the groups are consecutive runs covering
    0..n-1 in order (as word_groups makes them), else None."""
    starts, expected = [], 0
    for group in groups:
        if not group or list(group) != list(range(expected, expected + len(group))):
            return None
        starts.append(expected)
        expected += len(group)
    return starts if expected == n else None


def merge_to_words(weights, query_groups, key_groups) -> np.ndarray:
    """Merge word pieces: sum the columns of each key group, average the rows of each query
    group (formula in the module docstring).  weights [..., Q, K] -> [..., len(query_groups),
    len(key_groups)]."""
    a = np.asarray(weights)
    n_q, n_k = a.shape[-2], a.shape[-1]
    q_starts, k_starts = _run_starts(query_groups, n_q), _run_starts(key_groups, n_k)
    if q_starts is None or k_starts is None:  # any grouping: membership matrices
        rows = _membership(query_groups, n_q)
        cols = _membership(key_groups, n_k)
        row_mean = rows / rows.sum(axis=1, keepdims=True)
        return (row_mean @ a.astype(np.float64) @ cols.T).astype(np.float32)
    return merge_runs(a.astype(np.float32, copy=False), q_starts, k_starts)


def merge_runs(a: np.ndarray, q_starts, k_starts, empty=None) -> np.ndarray:
    """merge_to_words for groups that are consecutive runs covering every position in order,
    given by their first positions: gathers and adds of whole slices, O(Q·K).  Rows are summed
    first (the next step then gathers from the shorter array), then the columns, then each row
    divided by its word's number of pieces.  float32 sums: a word has few pieces, so rounding
    stays near float32 resolution.  `a` float32 [..., Q, K]; the result and the row sums go into
    arrays `empty(shape)` returns (default: new ones)."""
    empty = empty or float32_array
    q_starts, k_starts = np.asarray(q_starts, dtype=np.intp), np.asarray(k_starts, dtype=np.intp)
    n_q = a.shape[-2]
    # every query its own word (no pieces): the rows are summed over nothing, so `a` itself
    rows = a if q_starts.size == n_q else run_sums(a, q_starts, -2, out=empty(a.shape[:-2] + (q_starts.size, a.shape[-1])))
    summed = run_sums(rows, k_starts, -1, out=empty(rows.shape[:-1] + (k_starts.size,)))
    return summed if rows is a else _divide_rows_by_run_length(summed, q_starts, n_q)  # (x / 1 is x)


def run_sums(a: np.ndarray, starts, axis: int, out: np.ndarray | None = None, stop: int | None = None) -> np.ndarray:
    """Sums of consecutive runs along `axis` (-1 or -2): run r holds positions starts[r] up to
    the next start (the last one up to `stop`, by default the end).  -> a with that axis of
    length len(starts), written into `out` when given (then `a` should be C-contiguous: np.take
    copies any other input whole first).

    numpy's add.reduceat calls its inner loop once per run and per element of the other
    axes (11 M calls for 400 words over a 72-head, 512-token stack: most of a second).  Here
    the first position of every run is gathered at once (`take`: the result, the one array of
    the output's size made), then for each further offset the runs that long get that
    position added in place (a word's second, third … piece: few columns or rows).  Each new
    array of the output's size costs page faults on a fresh allocation (12 MB for one MiniLM
    layer at 512 tokens: tens of milliseconds of system time in the app's worker, measured),
    so none is made but the result, and none at all with `out` (engine.hf.toggles passes
    reused memory)."""
    starts = np.asarray(starts, dtype=np.intp)
    n = a.shape[axis] if stop is None else stop
    lengths = np.diff(np.append(starts, n))
    if out is not None:
        if lengths.size and lengths.max() == 1:  # one position per run, consecutive: a plain copy
            np.copyto(out, a[_along(a.ndim, axis, slice(int(starts[0]), int(starts[0]) + starts.size))])
            return out
        if a.ndim > 2 and not a.flags.c_contiguous:  # kept rows of each head: contiguous one by one
            for i in range(a.shape[0]):
                run_sums(a[i], starts, axis, out[i], stop)
            return out
        # mode="clip" (the positions are in range): with "raise" np.take writes into a temporary
        # first and copies it into `out`, twice the work (measured: 5.4 against 2.6 ms for a
        # MiniLM layer at 512 tokens along the keys)
        total = np.take(a, starts, axis=axis, out=out, mode="clip")
    elif starts.size == n:  # every run is one position: nothing to add
        return a.copy()
    else:
        total = None
    # `take` copies a non-contiguous input whole first (the kept rows and columns of a hidden
    # special token are a view): indexing gathers from the view itself
    gather = a.take if a.flags.c_contiguous else (lambda positions, axis: a[_along(a.ndim, axis, positions)])
    if total is None:
        total = gather(starts, axis=axis)
    for offset in range(1, int(lengths.max()) if lengths.size else 0):
        runs = np.flatnonzero(lengths > offset)
        total[_along(a.ndim, axis, runs)] += gather(starts[runs] + offset, axis=axis)
    return total


def _along(ndim: int, axis: int, positions) -> tuple:
    """An index that picks `positions` along `axis` and everything along the other axes."""
    index = [slice(None)] * ndim
    index[axis] = positions
    return tuple(index)


def _kept(a: np.ndarray, keep: np.ndarray, axis: int) -> np.ndarray:
    """The positions `keep` marks along `axis`: a view when they are one contiguous range (the
    usual case: [CLS] first and [SEP] last hidden), else a gather."""
    kept = np.flatnonzero(keep)
    if kept.size and kept[-1] - kept[0] + 1 == kept.size:
        index = [slice(None)] * a.ndim
        index[axis] = slice(int(kept[0]), int(kept[-1]) + 1)
        return a[tuple(index)]
    return a.take(kept, axis=axis)


def float32_array(shape) -> np.ndarray:
    """A new float32 array of `shape` (contents undefined): the transforms' default `empty`."""
    return np.empty(shape, dtype=np.float32)


def hide_and_renormalise(weights, hidden_queries, hidden_keys, empty=None) -> np.ndarray:
    """Drop hidden query rows and key columns (boolean masks), renormalise each remaining row
    to sum to 1 (formula in the module docstring).  [..., Q, K] -> [..., Q', K'], in the array
    `empty(shape)` returns (float32; default: a new one)."""
    a = np.asarray(weights, dtype=np.float32)
    keep_q, keep_k = _keep_masks(a, hidden_queries, hidden_keys)
    kept = _kept(_kept(a, keep_q, -2), keep_k, -1)
    return np.multiply(kept, reciprocal_row_mass(kept), out=(empty or float32_array)(kept.shape), dtype=np.float32)


def sink_mass(weights, sink_keys) -> np.ndarray:
    """Mean over queries of the attention on the sink keys (boolean mask): [..., Q, K] -> [...]."""
    a = np.asarray(weights)
    sinks = np.asarray(sink_keys, dtype=bool)
    if sinks.shape != (a.shape[-1],):
        raise ValueError("sink_keys must have one entry per key")
    # the few sink columns first, then float64: not a float64 copy of the whole stack
    return a[..., sinks].astype(np.float64).sum(axis=-1).mean(axis=-1).astype(np.float32)


def hide_then_merge(weights, hidden_queries, hidden_keys, query_groups, key_groups) -> np.ndarray:
    """hide_and_renormalise, then merge_to_words of what is left (`query_groups`, `key_groups`:
    runs over the kept positions); see hide_then_merge_runs."""
    a = np.asarray(weights, dtype=np.float32)
    keep_q, keep_k = _keep_masks(a, hidden_queries, hidden_keys)
    q_starts = _run_starts(query_groups, int(keep_q.sum()))
    k_starts = _run_starts(key_groups, int(keep_k.sum()))
    if q_starts is None or k_starts is None:
        return merge_to_words(hide_and_renormalise(a, ~keep_q, ~keep_k), query_groups, key_groups)
    return hide_then_merge_runs(a, keep_q, keep_k, q_starts, k_starts)


def hide_then_merge_runs(a: np.ndarray, keep_q, keep_k, q_starts, k_starts, empty=None) -> np.ndarray:
    """Both toggles on float32 `a` [..., Q, K]: the positions `keep_q`, `keep_k` kept and
    renormalised, then merged into the runs starting at `q_starts`, `k_starts` (first positions
    among the kept ones), with two arrays of the output's order made instead of three: a row's
    columns are summed first (renormalising divides a whole row by one number, so it commutes
    with summing the row's columns; the row's mass is the sum of its merged columns), then the
    rows are divided in place and averaged per word.  Same values up to float32 rounding
    (tests/engine/test_hf_transforms.py).  The two arrays come from `empty(shape)` (default:
    new ones)."""
    empty = empty or float32_array
    q_starts, k_starts = np.asarray(q_starts, dtype=np.intp), np.asarray(k_starts, dtype=np.intp)
    # kept positions that are one range (the usual case: [CLS] first, [SEP] last) are read from
    # `a` itself: its kept rows by slicing (each head's block stays contiguous), its kept columns
    # at an offset (a column slice would make a view np.take copies whole, and fancy indexing
    # gathers at twice the time); other ones are gathered first
    a, q_first, q_stop = _kept_span(a, keep_q, -2)
    a, k_first, k_stop = _kept_span(a, keep_k, -1)
    kept_rows = a[..., q_first:q_stop, :]
    words = run_sums(kept_rows, k_first + k_starts, -1, out=empty(kept_rows.shape[:-1] + (k_starts.size,)),
                     stop=k_stop)  # [..., Q', words]
    words *= reciprocal_row_mass(words)
    if q_starts.size == words.shape[-2]:  # no query has pieces: the rows are merged already
        return words
    merged = run_sums(words, q_starts, -2, out=empty(words.shape[:-2] + (q_starts.size, k_starts.size)))
    return _divide_rows_by_run_length(merged, q_starts, words.shape[-2])


def _divide_rows_by_run_length(summed: np.ndarray, starts: np.ndarray, n: int) -> np.ndarray:
    """Row a of `summed` divided by the length of run a (runs from `starts`, the last up to `n`),
    in place: the mean over a word's pieces."""
    summed /= np.diff(np.append(starts, n)).astype(np.float32)[:, None]  # int64 sizes: a float64 quotient
    return summed


def _keep_masks(a: np.ndarray, hidden_queries, hidden_keys) -> tuple[np.ndarray, np.ndarray]:
    """The kept queries and keys (boolean masks) of [..., Q, K] `a`; ValueError unless one entry
    per query and per key."""
    keep_q = ~np.asarray(hidden_queries, dtype=bool)
    keep_k = ~np.asarray(hidden_keys, dtype=bool)
    if keep_q.shape != (a.shape[-2],) or keep_k.shape != (a.shape[-1],):
        raise ValueError("the masks must have one entry per query and per key")
    return keep_q, keep_k


def _kept_span(a: np.ndarray, keep: np.ndarray, axis: int) -> tuple[np.ndarray, int, int]:
    """(array, first, stop): the positions `keep` marks along `axis` are first..stop-1 of the
    array: `a` itself when they are one contiguous range, else their gather."""
    kept = np.flatnonzero(keep)
    if kept.size and kept[-1] - kept[0] + 1 == kept.size:
        return a, int(kept[0]), int(kept[-1]) + 1
    return a.take(kept, axis=axis), 0, int(kept.size)


def reciprocal_row_mass(rows: np.ndarray) -> np.ndarray:
    """[..., 1] float32: 1 / the sum of each row over the last axis, 0 for a row with no mass.
    Multiplying by it renormalises in one pass over the weights, instead of a zero-filled array
    and a masked division (two passes and a mask: the "hide special tokens" toggle at 512
    tokens waited for it in the background worker)."""
    mass = rows.sum(axis=-1, keepdims=True)
    scale = np.zeros(mass.shape, dtype=np.float32)
    np.divide(1.0, mass, out=scale, where=mass > 0)
    return scale
