"""N-gram counts as sorted integer arrays (no Python object per n-gram).

An order-k table's rows are the distinct k-grams sorted by (context, word), where the context
(w1 … w_{k−1}) is a row of the order-(k−1) table (the order-0 table being the single empty
context, row 0).  The rows are stored as a compressed sparse row matrix: ``offsets`` (one per
context row of order k−1, and one more) says where each context's continuations begin, and
``words`` holds the last word of each row, sorted within its context.  So a row costs its last
word (2 bytes while |V| ≤ 65 536, else 4) instead of an 8-byte (context, word) key, and any
(context, word) is found by a binary search inside its context's block (``OrderTable.find``,
through which every look-up goes).

Per order k the table holds:

* ``offsets`` and ``words`` (the rows, as above);
* ``count`` — c(context, word) over the predicted positions (the textbook convention does not
  count n-grams that end in ``<s>``; such a row stays with count 0 so that longer n-grams
  can still be found through it);

and derives, the first time an estimator asks (Good-Turing, Katz, Kneser-Ney; counting, MLE and
add-δ never do), and keeps:

* ``prefix`` (row of the context in order k−1; ``word`` is ``words``);
* ``suffix`` — row of (w2 … w_k) in order k−1, for Kneser-Ney's continuation counts and Katz;
* ``first`` — the first word (Kneser-Ney keeps raw counts for n-grams that start with ``<s>``).

Counts, offsets and the derived columns are int32 (int64 for a text of 2^31 positions or more).
A model of a large file is mostly these tables: 6 bytes a distinct n-gram for a vocabulary of
up to 65 536 types (8 above it) plus 4 bytes a context, 18–20 more once the three columns are
derived (a 200 MB text has some 20–30 M distinct n-grams of orders 1-3).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.ngram.progress import COUNT, QUIET, Progress
from engine.ngram.vocabulary import PaddedText, index_dtype


#: rows of a table worked on at once (bounds the temporaries of a big table)
DERIVE_ROWS = 1 << 20
#: rows moved at once when a merge inserts rows (four int64 arrays of this length: 2 MB)
MOVE_ROWS = 1 << 16
#: rows summed at once per context (three float64/int64 arrays of this length: 6 MB; 2^20 rows
#: made the context sums of a 100 MB text's trigrams its peak, 39 MB above what they keep)
SUM_ROWS = 1 << 18


def word_dtype(vocabulary_size: int):
    """The narrowest whole-byte integer for a word id below ``vocabulary_size`` (as numpy can
    index and compare it): uint16 up to 65 536 types, else int32."""
    return np.uint16 if vocabulary_size <= 1 << 16 else np.int32


def lower_bound(offsets: np.ndarray, words: np.ndarray, contexts: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """For each (context, target): the first row of the context's block (``words[offsets[c]:
    offsets[c + 1]]``, sorted) whose word is not below the target, as int64 (the block's end
    when every word is below it).

    A binary search of all pairs at once, by powers of two from the longest block's down: a
    pair moves on by the step while the row before where it would land is still in its block
    and below its target.  Each step is five passes over the pairs into buffers made once, in
    the offsets' width (int32: half the bytes; a third of the time of a search that halves each
    pair's own range, and faster than np.searchsorted over int64 keys of a table of millions of
    rows, whose probes miss the cache)."""
    if len(contexts) <= FEW_PAIRS:
        return _few_lower_bounds(offsets, words, contexts, targets)
    position = offsets[contexts]
    end = offsets[contexts + 1]
    steps = int((end - position).max()).bit_length()  # more than FEW_PAIRS pairs: never empty
    known = np.iinfo(words.dtype)
    if known.min <= targets.min() and targets.max() <= known.max:
        targets = targets.astype(words.dtype)  # compared in the words' width
    before, inside, below = np.empty_like(position), np.empty(len(position), bool), np.empty(len(position), bool)
    word = np.empty(len(position), words.dtype)
    for step in (1 << np.arange(steps - 1, -1, -1)).tolist():
        np.add(position, step - 1, out=before)  # the last row the step would pass
        np.less(before, end, out=inside)
        np.take(words, before, out=word, mode="clip")  # clipped where it is not inside
        np.less(word, targets, out=below)
        inside &= below
        np.add(position, step, out=position, where=inside)
    return position.astype(np.int64)


#: pairs searched one by one (a typed sentence's look-ups: a numpy step per halving costs more
#: than the search itself for so few; a keystroke makes some fifty such look-ups)
FEW_PAIRS = 16


def _few_lower_bounds(offsets: np.ndarray, words: np.ndarray, contexts: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """lower_bound for a few pairs: np.searchsorted inside each pair's block (a Python int
    target outside the words' range is compared as the int it is: before or after them all)."""
    out = np.empty(len(contexts), np.int64)
    for i, (context, target) in enumerate(zip(np.asarray(contexts).tolist(), np.asarray(targets).tolist())):
        start, end = int(offsets[context]), int(offsets[context + 1])
        out[i] = start + int(np.searchsorted(words[start:end], target))
    return out


class OrderTable:
    def __init__(self, order: int, offsets: np.ndarray, words: np.ndarray, count: np.ndarray,
                 lower: "OrderTable | None", small):
        self.order, self.offsets, self.words, self.count = order, offsets, words, count
        self._lower, self._small = lower, small  # the order-(k−1) table (None for k = 1); the columns' dtype

    @property
    def contexts(self) -> int:
        """Rows of the order-(k−1) table (1 for k = 1: the empty context)."""
        return len(self.offsets) - 1

    def context_rows(self, start: int, stop: int) -> np.ndarray:
        """The context row of each row start … stop−1 (``small``; the rows sorted by context,
        so each context's rows are one run; none for an empty range)."""
        first = int(np.searchsorted(self.offsets, start, side="right")) - 1
        last = int(np.searchsorted(self.offsets, stop - 1, side="right")) - 1
        bounds = np.clip(self.offsets[first:last + 2], start, stop)
        return np.repeat(np.arange(first, last + 1, dtype=self._small), np.diff(bounds))

    def _derived(self, part) -> np.ndarray:
        """A column made a slice of DERIVE_ROWS rows at a time (``part(start, stop)``)."""
        out = np.empty(len(self), self._small)
        for start, stop in row_slices(len(self), DERIVE_ROWS):
            out[start:stop] = part(start, stop)
        return out

    @cached_property
    def prefix(self) -> np.ndarray:
        return self._derived(self.context_rows)

    @property
    def word(self) -> np.ndarray:
        return self.words

    @cached_property
    def suffix(self) -> np.ndarray:
        lower = self._lower
        if lower is None:
            return np.zeros(len(self), self._small)
        # the suffix (w2 … wk) is found from the suffix (w2 … w_{k−1}) of the prefix
        return self._derived(lambda start, stop: lower.find(lower.suffix[self.context_rows(start, stop)],
                                                            self.words[start:stop]))

    @cached_property
    def first(self) -> np.ndarray:
        if self._lower is None:
            return self.words
        return self._derived(lambda start, stop: self._lower.first[self.context_rows(start, stop)])

    def __len__(self) -> int:
        return len(self.words)

    def find(self, contexts: np.ndarray, words: np.ndarray) -> np.ndarray:
        """Rows of the n-grams (context row, word), −1 where absent (``contexts``: rows of the
        order below, each one that exists)."""
        contexts = np.asarray(contexts, np.int64)  # context + 1 below must not wrap (uint16 rows)
        words = np.asarray(words)
        if not len(self):
            return np.full(len(words), -1, np.int64)
        if self.contexts == 1:  # order 1: one block, sorted
            rows = np.searchsorted(self.words, words)
        else:
            rows = lower_bound(self.offsets, self.words, contexts, words)
        inside = rows < self.offsets[contexts + 1]
        inside &= self.words[np.minimum(rows, len(self) - 1)] == words
        return np.where(inside, rows, -1)

    def per_context(self, values, contexts: int, dtype=np.float64) -> np.ndarray:
        """Σ of ``values`` over each context's continuations (one per context row, as ``dtype``:
        an integer dtype for integer values, whose sums are then exact and half the bytes).

        A slice of rows at a time: the rows are sorted by context, so each slice adds to one
        range of contexts, and a big table's values are never copied whole as float64."""
        out = np.zeros(contexts, dtype)
        for start, stop in row_slices(len(self), SUM_ROWS):
            prefix = self.context_rows(start, stop)
            low = int(prefix[0])
            prefix -= low  # in place: one array of the slice, not two
            sums = np.bincount(prefix, weights=values[start:stop])
            out[low:low + len(sums)] += sums if out.dtype.kind == "f" else np.rint(sums).astype(out.dtype)
        return out


def row_slices(rows: int, size: int):
    """(start, stop) of rows 0 … rows−1 taken ``size`` at a time (a big table's temporaries are
    a slice's)."""
    for start in range(0, rows, size):
        yield start, min(start + size, rows)


@dataclass(frozen=True)
class NgramCounts:
    order: int
    vocabulary_size: int  # |V|: every model id, <s> included
    tables: tuple[OrderTable, ...]  # tables[k - 1] is order k

    def table(self, k: int) -> OrderTable:
        return self.tables[k - 1]

    def contexts(self, k: int) -> int:
        """Rows of the order-(k−1) table: the possible contexts of order k (1 for k = 1)."""
        return 1 if k == 1 else len(self.tables[k - 2])

    def rows(self, grams: np.ndarray) -> np.ndarray:
        """Rows of the n-grams ``grams`` (B, k) in the order-k table, −1 where unseen."""
        rows = np.zeros(len(grams), np.int64)
        for j in range(grams.shape[1]):
            rows = np.where(rows >= 0, self.tables[j].find(np.maximum(rows, 0), grams[:, j]), -1)
        return rows


def fewer_orders(counts: NgramCounts, order: int, corrections) -> NgramCounts:
    """Orders 1..``order`` of ``counts``, less ``corrections``: (n-gram as ids, count to subtract)
    pairs (engine.ngram.model.fewer_orders: the n-grams of padding alone, which a shorter padding
    has fewer of).  The rows (offsets and words) are shared, not copied: an order's count is
    copied only when one of its n-grams is corrected, and the columns already derived are kept.
    A row whose count falls to 0 stays (such rows are the unseen to every estimator, as the
    textbook's n-grams that end in <s> are), so no row of a longer n-gram has to change."""
    fixed: dict[int, list] = {}
    for gram, amount in corrections:
        fixed.setdefault(len(gram), []).append((list(gram), amount))
    tables: list[OrderTable] = []
    for table in counts.tables[:order]:
        count = table.count
        for gram, amount in fixed.get(table.order, ()):
            row = int(counts.rows(np.array([gram]))[0])
            if row < 0 or count[row] < amount:
                raise ValueError(f"the n-gram {gram} has fewer than the {amount} counts to take off")
            if count is table.count:
                count = count.copy()
            count[row] -= amount
        lower = OrderTable(table.order, table.offsets, table.words, count, tables[-1] if tables else None,
                           table._small)
        for column in ("prefix", "suffix", "first"):  # they depend on the rows alone
            if column in table.__dict__:
                lower.__dict__[column] = table.__dict__[column]
        tables.append(lower)
    return NgramCounts(order, counts.vocabulary_size, tuple(tables))


#: the dense count's allowance above 4 × the keys (16 bytes per possible key: 64 MB at most)
DENSE_KEYS = 1 << 22


def _summed(keys: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(sorted distinct keys, the sum of the ``weights`` of each): integer weights, or bool ones
    (a block's positions: True where counted, False where only present).

    Keys below a few times their number plus DENSE_KEYS (a small vocabulary: the grammar
    corpora) are counted in dense arrays, O(N + top); others are sorted (the default sort, not
    np.unique's slower stable one)."""
    if not len(keys):
        return keys, np.zeros(0, np.int64)
    top = int(keys.max()) + 1
    if top <= 4 * len(keys) + DENSE_KEYS:
        return _summed_dense(keys, weights, top)
    order = np.argsort(keys)
    ordered = keys[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])  # each run's first key
    return ordered[starts], np.add.reduceat(weights[order].astype(np.int64), starts)


def _summed_dense(keys: np.ndarray, weights: np.ndarray, top: int) -> tuple[np.ndarray, np.ndarray]:
    """_summed through arrays of ``top`` entries.  Which keys occur is a bool mask (a byte a
    possible key: its scan is a quarter of the trigram counting's time that the nonzeros of an
    int64 bincount took), and bool weights select the keys counted instead of weighting a
    float bincount."""
    present = np.zeros(top, bool)
    present[keys] = True
    distinct = np.flatnonzero(present)
    del present
    if weights.dtype == bool:
        counted = keys if weights.all() else keys[weights]
        return distinct, np.bincount(counted, minlength=top)[distinct]
    return distinct, np.rint(np.bincount(keys, weights=weights)[distinct]).astype(np.int64)  # top − 1 is a key


#: keys of counted blocks gathered before they are merged into an order's table: each merge
#: moves the table's rows (merging every block of a long text would move them hundreds of
#: times), and sorting what was gathered takes about 60 bytes a key for a moment (2^20 keys
#: made that 75 MB; 2^18, a third more CPU for the merges)
MERGE_KEYS = 1 << 19


class _Tally:
    """One order's table being counted: its rows (offsets per context, words, counts: see
    OrderTable), grown a block at a time.  A block's n-grams come as keys context × |V| + word
    (only while they are summed and merged: a merge's worth at most).

    Its arrays are made once with room for every row the order can have (``capacity``: at most
    one per position counted) and grow inside that room: pages never written are never
    resident, and a merge moves the rows within the array instead of copying it whole (as
    np.insert or a realloc would: at the last merge of a 200 MB text, 110 MB of keys twice)."""

    def __init__(self, count_dtype, capacity: int, contexts: int, vocabulary_size: int,
                 merge_keys: int = MERGE_KEYS):
        self._words = np.empty(capacity, word_dtype(vocabulary_size))
        self._counts = np.empty(capacity, count_dtype)
        self._offsets = np.zeros(contexts + 1, count_dtype)
        self._vocabulary_size = vocabulary_size
        self._size = 0
        self._pending: list[tuple[np.ndarray, np.ndarray]] = []
        self._pending_keys = 0
        self._merge_keys = merge_keys

    def add(self, keys: np.ndarray, weights: np.ndarray) -> None:
        """Counts a block's keys (context row × |V| + word), each weighted (1: counted, 0: only
        present)."""
        keys, counts = _summed(keys, weights)
        self._pending.append((keys, counts.astype(self._counts.dtype)))
        self._pending_keys += len(self._pending[-1][0])
        if self._pending_keys >= self._merge_keys:
            self._flush()

    def table(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(offsets, words, counts): the words and counts views of the arrays' first rows (the
        room after them stays unwritten)."""
        self._flush()
        return self._offsets, self._words[:self._size], self._counts[:self._size]

    def _flush(self) -> None:
        if not self._pending:
            return
        if len(self._pending) == 1:  # one block's keys are distinct and sorted already
            keys, counts = self._pending[0]
        else:
            keys, counts = _summed(np.concatenate([k for k, _ in self._pending]),
                                   np.concatenate([c for _, c in self._pending]))
        self._pending, self._pending_keys = [], 0
        contexts, words = np.divmod(keys, self._vocabulary_size)
        del keys
        size, offsets = self._size, self._offsets
        at = lower_bound(offsets, self._words, contexts, words)
        shared = at < offsets[contexts + 1]
        shared[shared] = self._words[at[shared]] == words[shared]
        self._counts[at[shared]] += counts[shared].astype(self._counts.dtype)
        fresh = ~shared
        at, contexts, words, counts = at[fresh], contexts[fresh], words[fresh], counts[fresh]
        if size + len(at) > len(self._words):
            raise ValueError(f"more distinct n-grams than the {len(self._words):,} positions counted")
        insert_in_place(self._words, size, at, words)  # cast by the assignment into the buffer
        insert_in_place(self._counts, size, at, counts)
        self._size = size + len(at)
        add_to_ends(offsets, contexts)


def add_to_ends(offsets: np.ndarray, contexts: np.ndarray) -> None:
    """Moves each context's block end (``offsets[c + 1]``) on by the rows inserted in it or
    before it (``contexts``, sorted: one per row inserted), in place, a slice of SUM_ROWS ends
    at a time: the contexts of a big table are millions, and the first changed is where it
    starts."""
    if not len(contexts):
        return
    changed, inserted = np.unique(contexts, return_counts=True)
    ends = changed + 1  # the offsets that move by the rows inserted in their context
    buffer = np.empty(SUM_ROWS, offsets.dtype)
    carried = 0  # rows inserted in the contexts before the slice
    start = int(ends[0])
    while carried < len(contexts):  # an end not yet moved is at start or after it: inside offsets
        stop = min(start + SUM_ROWS, len(offsets))
        step = buffer[:stop - start]
        lo, hi = np.searchsorted(ends, [start, stop])
        step[:] = 0
        step[ends[lo:hi] - start] = inserted[lo:hi]
        step[0] += carried
        np.cumsum(step, out=step)
        offsets[start:stop] += step
        carried, start = int(step[-1]), stop
    offsets[start:] += carried  # past the last context changed: all of them


def insert_in_place(buffer: np.ndarray, size: int, at: np.ndarray, values: np.ndarray) -> None:
    """Makes ``buffer[:size + len(at)]`` what np.insert(buffer[:size], at, values) returns (``at``
    sorted), inside ``buffer``: each old row moves to its index plus the number of values inserted
    at or before it, the last rows first, a slice at a time, so that no row is overwritten before
    it has moved; then each value goes to its ``at`` plus the values before it."""
    if not len(at):
        return
    for end in range(size, 0, -MOVE_ROWS):
        start = max(0, end - MOVE_ROWS)
        rows = np.arange(start, end)
        shift = np.searchsorted(at, rows, side="right")
        if not shift[-1]:
            break  # these rows and all before them stay where they are
        buffer[rows + shift] = buffer[start:end].copy()  # a slice's copy: its target may overlap it
    buffer[at + np.arange(len(at))] = values


def _row_map(table: OrderTable, vocabulary_size: int) -> np.ndarray | None:
    """Row of each n-gram of the table (−1: absent), indexed by its key context row × |V| + word,
    when those keys are below DENSE_KEYS (the order-1 table always: its keys are the words; the
    grammar corpora's bigrams): a gather per position instead of a binary search.  None for a
    larger key range.  The map covers every key the order can make, seen or not."""
    size = vocabulary_size * table.contexts
    if table.order > 1 and size > DENSE_KEYS:
        return None
    rows = np.full(size, -1, np.int64)
    for start, stop in row_slices(len(table), DERIVE_ROWS):
        keys = table.context_rows(start, stop).astype(np.int64) * vocabulary_size + table.words[start:stop]
        rows[keys] = np.arange(start, stop)
    return rows


def _context_rows(text: PaddedText, tables: list[OrderTable], vocabulary_size: int,
                  row_maps: list[np.ndarray | None]) -> np.ndarray:
    """Row, in the last of ``tables`` (order k−1), of the (k−1)-gram ending at each position of
    the block (−1 where it would cross the start of its padded sentence); k ≥ 2.  ``row_maps``:
    _row_map of each table."""
    rows = row_maps[0][text.ids]
    for j, table in enumerate(tables[1:], start=2):
        inside = text.position >= j - 1
        # the row before each position; it is −1 (or the previous sentence's, at position 0) only
        # where this position is not inside, so what is found there with it is never used
        before = np.roll(rows, 1)
        if row_maps[j - 1] is None:
            found = table.find(before, text.ids)
        else:
            found = row_maps[j - 1][before * vocabulary_size + text.ids]
        rows = np.where(inside, found, -1)
    return rows


def count_blocks(blocks, order: int, vocabulary_size: int, positions: int,
                 progress: Progress = QUIET) -> NgramCounts:
    """Counts of every order 1..n over padded text given as blocks of whole sentences
    (``positions`` in all: every row, word and count then fits the tables' small dtype).

    ``blocks()`` returns a fresh iterable of PaddedText blocks; it is walked once per order,
    because an order-k n-gram is the row of its context in the finished order-(k−1) table and
    the word.  Each block's n-grams are counted on their own and merged into the order's sorted
    table (a batch of blocks at a time), so memory holds the tables and one block's per-position
    arrays, never an array per position of the whole text.

    ``progress(COUNT, positions counted, positions, order=k)`` after each block (it raises
    Cancelled when the job is cancelled: engine.ngram.progress)."""
    small = index_dtype(max(positions, vocabulary_size))
    tables: list[OrderTable] = []
    for k in range(1, order + 1):
        # made once, not per block: a million-word vocabulary's array is 8 MB
        row_maps = [_row_map(table, vocabulary_size) for table in tables]
        tally = _Tally(small, positions, len(tables[-1]) if tables else 1, vocabulary_size)
        done = 0
        progress(COUNT, done, positions, order=k)
        for text in blocks():
            if k == 1:
                ends, block_keys = np.arange(len(text.ids)), text.ids.astype(np.int64)
            else:
                rows = _context_rows(text, tables, vocabulary_size, row_maps)
                ends = np.flatnonzero(text.position >= k - 1)
                block_keys = rows[ends - 1] * vocabulary_size + text.ids[ends]
                del rows
            tally.add(block_keys, text.predicted[ends])
            del block_keys, ends
            done += len(text.ids)
            progress(COUNT, done, positions, order=k)
        offsets, words, counts = tally.table()
        del tally
        tables.append(OrderTable(k, offsets, words, counts, tables[-1] if tables else None, small))
    return NgramCounts(order, vocabulary_size, tuple(tables))
