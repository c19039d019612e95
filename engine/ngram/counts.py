"""N-gram counts as sorted integer arrays (no Python object per n-gram).

Every k-gram of the padded text gets an integer key built from its prefix's row and its last
word: key = row of (w1 … w_{k−1}) in the order-(k−1) table × |V| + w_k, the order-0 table
being the single empty context (row 0).  ``np.unique`` over the keys of every position gives
the order-k table, sorted by (prefix, word): the continuations of one context are one
contiguous block, and any (context, word) is found with ``np.searchsorted``.

Per order k the table holds:

* ``keys`` (sorted, int64);
* ``count`` — c(context, word) over the predicted positions (the textbook convention does not
  count n-grams that end in ``<s>``; such a row stays with count 0 so that longer n-grams
  can still be found through it);

and derives, the first time an estimator asks (Good-Turing, Katz, Kneser-Ney; counting, MLE and
add-δ never do), and keeps:

* ``prefix`` (row of the context in order k−1) and ``word`` — the key's quotient and remainder;
* ``suffix`` — row of (w2 … w_k) in order k−1, for Kneser-Ney's continuation counts and Katz;
* ``first`` — the first word (Kneser-Ney keeps raw counts for n-grams that start with ``<s>``).

All but the keys are int32 (int64 for a text of 2^31 positions or more).  A model of a large file
is mostly these tables: 12 bytes a distinct n-gram, 28 once all four columns are derived (a
200 MB text of a real vocabulary has some 20 M distinct n-grams of orders 1-3).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.ngram.progress import COUNT, QUIET, Progress
from engine.ngram.vocabulary import PaddedText, index_dtype


#: rows of a table worked on at once (bounds the temporaries of a big table)
DERIVE_ROWS = 1 << 20
#: rows moved at once when a merge inserts keys (four int64 arrays of this length: 2 MB)
MOVE_ROWS = 1 << 16
#: rows summed at once per context (three float64/int64 arrays of this length: 6 MB; 2^20 rows
#: made the context sums of a 100 MB text's trigrams its peak, 39 MB above what they keep)
SUM_ROWS = 1 << 18


class OrderTable:
    def __init__(self, order: int, keys: np.ndarray, count: np.ndarray, vocabulary_size: int,
                 lower: "OrderTable | None", small):
        self.order, self.keys, self.count = order, keys, count
        self.vocabulary_size = vocabulary_size
        self._lower, self._small = lower, small  # the order-(k−1) table (None for k = 1); the columns' dtype

    def _derived(self, part) -> np.ndarray:
        """A column made a slice of DERIVE_ROWS rows at a time (``part(keys slice)``)."""
        out = np.empty(len(self.keys), self._small)
        for at in range(0, len(self.keys), DERIVE_ROWS):
            out[at:at + DERIVE_ROWS] = part(self.keys[at:at + DERIVE_ROWS])
        return out

    @cached_property
    def prefix(self) -> np.ndarray:
        return self._derived(lambda keys: keys // self.vocabulary_size)

    @cached_property
    def word(self) -> np.ndarray:
        return self._derived(lambda keys: keys % self.vocabulary_size)

    @cached_property
    def suffix(self) -> np.ndarray:
        lower, size = self._lower, self.vocabulary_size
        if lower is None:
            return np.zeros(len(self.keys), self._small)
        # the suffix (w2 … wk) is found from the suffix (w2 … w_{k−1}) of the prefix
        return self._derived(lambda keys: lower.find(lower.suffix[keys // size].astype(np.int64) * size + keys % size))

    @cached_property
    def first(self) -> np.ndarray:
        if self._lower is None:
            return self.word
        return self._derived(lambda keys: self._lower.first[keys // self.vocabulary_size])

    def __len__(self) -> int:
        return len(self.keys)

    def find(self, keys: np.ndarray) -> np.ndarray:
        """Rows of these keys, −1 where absent."""
        if not len(self.keys):
            return np.full(len(keys), -1, np.int64)
        rows = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[rows] == keys, rows, -1)

    def per_context(self, values, contexts: int, dtype=np.float64) -> np.ndarray:
        """Σ of ``values`` over each context's continuations (one per context row, as ``dtype``:
        an integer dtype for integer values, whose sums are then exact and half the bytes).

        A slice of rows at a time: the rows are sorted by context, so each slice adds to one
        range of contexts, and a big table's values are never copied whole as float64."""
        out = np.zeros(contexts, dtype)
        for at in range(0, len(self.keys), SUM_ROWS):
            prefix = self.keys[at:at + SUM_ROWS] // self.vocabulary_size
            low = int(prefix[0])
            prefix -= low  # in place: one array of the slice, not two
            sums = np.bincount(prefix, weights=values[at:at + SUM_ROWS])
            out[low:low + len(sums)] += sums if out.dtype.kind == "f" else np.rint(sums).astype(out.dtype)
        return out


@dataclass(frozen=True)
class NgramCounts:
    order: int
    vocabulary_size: int  # |V| in the keys (every model id, <s> included)
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
            table = self.tables[j]
            keys = np.where(rows >= 0, rows, 0) * self.vocabulary_size + grams[:, j]
            rows = np.where(rows >= 0, table.find(keys), -1)
        return rows


def fewer_orders(counts: NgramCounts, order: int, corrections) -> NgramCounts:
    """Orders 1..``order`` of ``counts``, less ``corrections``: (n-gram as ids, count to subtract)
    pairs (engine.ngram.model.fewer_orders: the n-grams of padding alone, which a shorter padding
    has fewer of).  The keys are shared, not copied: an order's count is copied only when one of
    its n-grams is corrected, and the columns already derived are kept.  A row whose count falls
    to 0 stays (such rows are the unseen to every estimator, as the textbook's n-grams that end in
    <s> are), so no key of a longer n-gram has to change."""
    fixed: dict[int, list] = {}
    for gram, amount in corrections:
        fixed.setdefault(len(gram), []).append((np.asarray(gram, np.int64), amount))
    tables: list[OrderTable] = []
    for table in counts.tables[:order]:
        count = table.count
        for gram, amount in fixed.get(table.order, ()):
            row = int(counts.rows(gram[None, :])[0])
            if row < 0 or count[row] < amount:
                raise ValueError(f"the n-gram {gram.tolist()} has fewer than the {amount} counts to take off")
            if count is table.count:
                count = count.copy()
            count[row] -= amount
        lower = OrderTable(table.order, table.keys, count, table.vocabulary_size, tables[-1] if tables else None,
                           table._small)
        for column in ("prefix", "word", "suffix", "first"):  # they depend on the keys alone
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
    new = np.ones(len(keys), bool)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.flatnonzero(new)
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
    return distinct, np.rint(np.bincount(keys, weights=weights, minlength=top)[distinct]).astype(np.int64)


#: keys of counted blocks gathered before they are merged into an order's table: each merge
#: moves the table's rows (merging every block of a long text would move them hundreds of
#: times), and sorting what was gathered takes about 60 bytes a key for a moment (2^20 keys
#: made that 75 MB; 2^18, a third more CPU for the merges)
MERGE_KEYS = 1 << 19


class _Tally:
    """One order's table being counted: sorted distinct keys and their counts, grown a block at
    a time.

    Its arrays are made once with room for every key the order can have (``capacity``: at most
    one per position counted) and grow inside that room: pages never written are never
    resident, and a merge moves the rows within the array instead of copying it whole (as
    np.insert or a realloc would: at the last merge of a 200 MB text, 110 MB of keys twice)."""

    def __init__(self, count_dtype, capacity: int, merge_keys: int = MERGE_KEYS):
        self._keys, self._counts = np.empty(capacity, np.int64), np.empty(capacity, count_dtype)
        self._size = 0
        self._pending: list[tuple[np.ndarray, np.ndarray]] = []
        self._pending_keys = 0
        self._merge_keys = merge_keys

    def add(self, keys: np.ndarray, weights: np.ndarray) -> None:
        """Counts a block's keys, each weighted (1: counted, 0: only present)."""
        keys, counts = _summed(keys, weights)
        self._pending.append((keys, counts.astype(self._counts.dtype)))
        self._pending_keys += len(self._pending[-1][0])
        if self._pending_keys >= self._merge_keys:
            self._flush()

    def table(self) -> tuple[np.ndarray, np.ndarray]:
        """(keys, counts): views of the arrays' first rows (the room after them stays unwritten)."""
        self._flush()
        return self._keys[:self._size], self._counts[:self._size]

    def _flush(self) -> None:
        if not self._pending:
            return
        if len(self._pending) == 1:  # one block's keys are distinct and sorted already
            keys, counts = self._pending[0]
        else:
            keys, counts = _summed(np.concatenate([k for k, _ in self._pending]),
                                   np.concatenate([c for _, c in self._pending]))
        self._pending, self._pending_keys = [], 0
        size = self._size
        at = np.searchsorted(self._keys[:size], keys)
        shared = at < size
        shared[shared] = self._keys[at[shared]] == keys[shared]
        self._counts[at[shared]] += counts[shared].astype(self._counts.dtype)
        fresh = ~shared
        at, keys, counts = at[fresh], keys[fresh], counts[fresh]
        if size + len(at) > len(self._keys):
            raise ValueError(f"more distinct keys than the {len(self._keys):,} positions counted")
        insert_in_place(self._keys, size, at, keys)
        insert_in_place(self._counts, size, at, counts.astype(self._counts.dtype))
        self._size = size + len(at)


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


def _row_map(table: OrderTable) -> np.ndarray | None:
    """Row of each key of the table (−1: absent), indexed by the key, when its keys are below
    DENSE_KEYS (the order-1 table always: its keys are the words; the grammar corpora's bigrams):
    a gather per position instead of a binary search.  None for a larger key range.  The map
    covers every key the order can make (each row of the order below × |V|), seen or not."""
    size = table.vocabulary_size * (1 if table._lower is None else len(table._lower))
    if table.order > 1 and size > DENSE_KEYS:
        return None
    rows = np.full(size, -1, np.int64)
    rows[table.keys] = np.arange(len(table))
    return rows


def _context_rows(text: PaddedText, tables: list[OrderTable], vocabulary_size: int,
                  row_maps: list[np.ndarray | None]) -> np.ndarray:
    """Row, in the last of ``tables`` (order k−1), of the (k−1)-gram ending at each position of
    the block (−1 where it would cross the start of its padded sentence); k ≥ 2.  ``row_maps``:
    _row_map of each table."""
    rows = row_maps[0][text.ids]
    for j, table in enumerate(tables[1:], start=2):
        inside = text.position >= j - 1
        before = np.empty_like(rows)
        before[0] = 0
        before[1:] = rows[:-1]
        keys = np.where(before >= 0, before, 0) * vocabulary_size + text.ids
        found = table.find(keys) if row_maps[j - 1] is None else row_maps[j - 1][keys]
        rows = np.where(inside, found, -1)
    return rows


def count_blocks(blocks, order: int, vocabulary_size: int, positions: int,
                 progress: Progress = QUIET) -> NgramCounts:
    """Counts of every order 1..n over padded text given as blocks of whole sentences
    (``positions`` in all: every row, word and count then fits the tables' small dtype).

    ``blocks()`` returns a fresh iterable of PaddedText blocks; it is walked once per order,
    because an order-k key is the row of its context in the finished order-(k−1) table × |V| +
    the word.  Each block's keys are counted on their own and merged into the order's sorted
    table (a batch of blocks at a time), so memory holds the tables and one block's per-position
    arrays, never an array per position of the whole text.

    ``progress(COUNT, positions counted, positions, order=k)`` after each block (it raises
    Cancelled when the job is cancelled: engine.ngram.progress)."""
    small = index_dtype(max(positions, vocabulary_size))
    tables: list[OrderTable] = []
    for k in range(1, order + 1):
        # made once, not per block: a million-word vocabulary's array is 8 MB
        row_maps = [_row_map(table) for table in tables]
        tally = _Tally(small, positions)
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
        keys, counts = tally.table()
        del tally
        tables.append(OrderTable(k, keys, counts, vocabulary_size, tables[-1] if tables else None, small))
    return NgramCounts(order, vocabulary_size, tuple(tables))
