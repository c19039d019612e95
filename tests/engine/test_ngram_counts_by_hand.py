"""engine.ngram.counts against tables worked out by hand: a 10-word corpus's unigram, bigram and
trigram rows (offsets, words, counts, derived columns), the binary searches against
``bisect``, the boundary cases (an empty table, two contexts, 65,536 types, a context's rows
split between two slices) and nltk's ``NgramCounter`` for the nltk convention's counts."""
from bisect import bisect_left

import numpy as np
import pytest
from nltk.lm.counter import NgramCounter
from nltk.lm.preprocessing import padded_everygram_pipeline

from engine.ngram import NLTK, corpus_from_sentences, fit
from engine.ngram import counts as counts_module
from engine.ngram.counts import OrderTable, count_blocks, lower_bound
from engine.ngram.progress import COUNT
from engine.ngram.vocabulary import PaddedText

# ---- the 10-word corpus, textbook convention, n = 3 -----------------------------------------
# Sentences "a b a c", "b a b", "c a b".  Ids: a 0, b 1, c 2, </s> 3, <unk> 4, <s> 5 (V = 6);
# padded with two <s> and one </s>; only positions 2.. are predicted (counted), so the n-grams
# that end in <s> are rows with count 0:
#   <s> <s> a b a c </s> | <s> <s> b a b </s> | <s> <s> c a b </s>   (7 + 6 + 6 = 19 positions)
SENTENCE_IDS = [[5, 5, 0, 1, 0, 2, 3], [5, 5, 1, 0, 1, 3], [5, 5, 2, 0, 1, 3]]
V, POSITIONS = 6, 19

# Order 1: one context (the empty one); rows a b c </s> <s> (<unk> never occurs).
UNIGRAM = dict(offsets=[0, 5], words=[0, 1, 2, 3, 5], count=[4, 4, 2, 3, 0])
# Order 2: contexts are the unigram rows (a 0, b 1, c 2, </s> 3, <s> 4):
#   a: b 3, c 1 | b: a 2, </s> 2 | c: a 1, </s> 1 | </s>: none | <s>: a 1, b 1, c 1, <s> 0
BIGRAM = dict(offsets=[0, 2, 4, 6, 6, 10], words=[1, 2, 0, 3, 0, 3, 0, 1, 2, 5],
              count=[3, 1, 2, 2, 1, 1, 1, 1, 1, 0])
# Order 3: contexts are the bigram rows 0 (a b) 1 (a c) 2 (b a) 3 (b </s>) 4 (c a) 5 (c </s>)
# 6 (<s> a) 7 (<s> b) 8 (<s> c) 9 (<s> <s>):
#   a b: a 1, </s> 2 | a c: </s> 1 | b a: b 1, c 1 | c a: b 1 | <s> a: b 1 | <s> b: a 1 |
#   <s> c: a 1 | <s> <s>: a 1, b 1, c 1
TRIGRAM = dict(offsets=[0, 2, 3, 5, 5, 6, 6, 7, 8, 9, 12], words=[0, 3, 3, 1, 2, 1, 1, 0, 0, 0, 1, 2],
               count=[1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
HAND = {1: UNIGRAM, 2: BIGRAM, 3: TRIGRAM}
# The derived columns: the context row (prefix), the row of (w2 … wk) one order down (suffix),
# the first word (first).
DERIVED = {
    1: dict(prefix=[0, 0, 0, 0, 0], suffix=[0, 0, 0, 0, 0], first=[0, 1, 2, 3, 5]),
    2: dict(prefix=[0, 0, 1, 1, 2, 2, 4, 4, 4, 4], suffix=[1, 2, 0, 3, 0, 3, 0, 1, 2, 4],
            first=[0, 0, 1, 1, 2, 2, 5, 5, 5, 5]),
    3: dict(prefix=[0, 0, 1, 2, 2, 4, 6, 7, 8, 9, 9, 9], suffix=[2, 3, 5, 0, 1, 0, 0, 2, 4, 6, 7, 8],
            first=[0, 0, 0, 1, 1, 2, 5, 5, 5, 5, 5, 5]),
}


def padded(sentences, left):
    ids = np.concatenate([np.array(s, np.int32) for s in sentences])
    position = np.concatenate([np.arange(len(s), dtype=np.int32) for s in sentences])
    return PaddedText(ids, position, position >= left)


def hand_counts(progress=None):
    blocks = [padded([s], 2) for s in SENTENCE_IDS]  # a block a sentence: each order merged from three
    if progress is None:
        return count_blocks(lambda: blocks, 3, V, POSITIONS)
    return count_blocks(lambda: blocks, 3, V, POSITIONS, progress)


@pytest.fixture(scope="module")
def counts():
    return hand_counts()


@pytest.mark.parametrize("k", [1, 2, 3])
def test_each_orders_rows_and_counts_are_the_hand_worked_table(counts, k):
    table = counts.table(k)
    assert table.order == k
    assert {name: getattr(table, name).tolist() for name in HAND[k]} == HAND[k]
    assert {name: getattr(table, name).tolist() for name in DERIVED[k]} == DERIVED[k]
    assert table.words.dtype == np.uint16  # six types: two bytes a word
    assert table.offsets.dtype == table.count.dtype == table.prefix.dtype == table.suffix.dtype == np.int32


def test_the_counts_know_their_order_vocabulary_and_contexts(counts):
    assert (counts.order, counts.vocabulary_size, len(counts.tables)) == (3, V, 3)
    assert [counts.contexts(k) for k in (1, 2, 3)] == [1, 5, 10]  # the empty context; unigram, bigram rows
    assert [counts.table(k).contexts for k in (1, 2, 3)] == [1, 5, 10]


def test_counting_reports_each_block_of_each_order():
    steps = []
    hand_counts(lambda stage, done, total, order=0: steps.append((stage, done, total, order)))
    assert steps == [(COUNT, done, POSITIONS, k) for k in (1, 2, 3) for done in (0, 7, 13, 19)]


def test_rows_of_ngrams_seen_unseen_and_with_an_unseen_prefix(counts):
    grams = np.array([[0, 1, 0], [5, 5, 2], [0, 1, 3], [2, 1, 0], [4, 0, 1], [0, 1, 1], [5, 5, 5]])
    # a b a, <s> <s> c, a b </s>; c b a and <unk> a b: their prefix is unseen; a b b: unseen;
    # <s> <s> <s>: never a row (the text has two <s> in a row at most)
    assert counts.rows(grams).tolist() == [0, 11, 1, -1, -1, -1, -1]
    assert counts.rows(np.array([[1, 3], [5, 5], [3, 0]])).tolist() == [3, 9, -1]
    empty = counts.rows(np.zeros((2, 0), np.int64))  # the empty n-gram: row 0 of the order-0 table
    assert empty.tolist() == [0, 0] and empty.dtype == np.int64


def test_context_sums_add_up_a_context_split_between_slices(counts, monkeypatch):
    monkeypatch.setattr(counts_module, "SUM_ROWS", 2)  # "b a"'s rows 3, 4 and "<s> <s>"'s 9-11 fall in two slices
    table = counts.table(3)
    totals = table.per_context(table.count, 10, table.count.dtype)
    assert totals.tolist() == [3, 1, 2, 0, 1, 0, 1, 1, 1, 3] and totals.dtype == np.int32
    types = table.per_context(table.count > 0, 10)
    assert types.tolist() == [2, 1, 2, 0, 1, 0, 1, 1, 1, 3] and types.dtype == np.float64
    quarters = table.per_context(np.full(12, 0.25), 10)  # weights, not counts: not rounded
    assert quarters.tolist() == [0.5, 0.25, 0.5, 0, 0.25, 0, 0.25, 0.25, 0.25, 0.75]


def test_context_rows_of_a_range_of_rows(counts):
    table = counts.table(3)
    assert table.context_rows(2, 9).tolist() == [1, 2, 2, 4, 6, 7, 8]
    for start in range(len(table) + 1):  # an empty range, wherever it starts
        empty = table.context_rows(start, start)
        assert empty.tolist() == [] and empty.dtype == np.int32
    assert table.context_rows(0, 12).dtype == np.int32


def test_a_derived_column_is_made_a_slice_of_derive_rows_at_a_time(counts, monkeypatch):
    monkeypatch.setattr(counts_module, "DERIVE_ROWS", 5)
    asked = []
    column = counts.table(3)._derived(lambda start, stop: asked.append((start, stop)) or np.arange(start, stop))
    assert asked == [(0, 5), (5, 10), (10, 12)] and column.tolist() == list(range(12))


# ---- nltk's counts ---------------------------------------------------------------------------
def test_counts_of_every_order_equal_nltks_ngram_counter():
    # nltk's convention (n − 1 <s> and n − 1 </s>, every position counted), several blocks of
    # sentences: each table's rows read back as n-grams must be nltk's counts, none missing.
    sentences = [["a", "b", "a", "c"], ["b", "a", "b"], ["c", "a", "b"], ["a"], ["b", "b", "c", "a", "c"]]
    model = fit(corpus_from_sentences(sentences), 3, "mle", conventions=NLTK)
    text, _ = padded_everygram_pipeline(3, sentences)
    reference = NgramCounter(text)
    tokens = model.vocabulary.tokens
    for k in (1, 2, 3):
        table = model.counts.table(k)
        got = {}
        for row in range(len(table)):
            gram, r = [], row
            for lower in reversed(model.counts.tables[:k]):
                gram.insert(0, tokens[int(lower.words[r])])
                r = int(lower.prefix[r])
            got[tuple(gram)] = int(table.count[row])
        if k == 1:
            expected = {(w,): c for w, c in reference.unigrams.items()}
        else:
            expected = {(*context, w): c for context in reference[k].conditions()
                        for w, c in reference[k][context].items()}
        assert got == expected


# ---- binary searches -------------------------------------------------------------------------
# A uint16 table of three contexts (the middle one empty), with the largest word 65535.
SEARCHED = OrderTable(2, np.array([0, 3, 3, 7], np.int32), np.array([2, 7, 65535, 0, 1, 9, 65535], np.uint16),
                      np.ones(7, np.int32), None, np.int32)
BLOCKS = [[2, 7, 65535], [], [0, 1, 9, 65535]]


def expected_bound(context, target):
    start = [0, 3, 3][context]
    return start + bisect_left(BLOCKS[context], target)


@pytest.mark.parametrize("targets", [[-5, -1], [0, 1, 2], [3, 7, 8, 9], [65534, 65535], [65536, 70000, 1 << 40],
                                     [-1, 5, 65535, 65536]])
def test_lower_bound_equals_bisect_in_each_block_below_above_and_at_the_word_range(targets):
    contexts = np.tile([0, 1, 2], 6 * len(targets))  # more than FEW_PAIRS: the search by powers of two
    asked = np.repeat(targets, 18)
    expected = [expected_bound(c, t) for c, t in zip(contexts.tolist(), asked.tolist())]
    found = lower_bound(SEARCHED.offsets, SEARCHED.words, contexts, asked)
    assert found.tolist() == expected and found.dtype == np.int64
    one_by_one = [int(lower_bound(SEARCHED.offsets, SEARCHED.words, np.array([c]), np.array([t]))[0])
                  for c, t in zip([0, 1, 2] * len(targets), np.repeat(targets, 3).tolist())]
    assert one_by_one == [expected_bound(c, t) for c, t in zip([0, 1, 2] * len(targets), np.repeat(targets, 3).tolist())]


def test_find_in_a_table_of_two_contexts_searches_each_block():
    # two contexts: not the one-block order-1 table, although a binary search of all its words
    # at once would find some of them
    table = OrderTable(2, np.array([0, 2, 4], np.int32), np.array([5, 9, 1, 3], np.uint16), np.ones(4, np.int32),
                       None, np.int32)
    contexts, words = np.array([1, 1, 0, 1, 0, 0]), np.array([1, 3, 9, 5, 1, 5])
    assert table.find(contexts, words).tolist() == [2, 3, 1, -1, -1, 0]


def test_find_in_an_empty_table_finds_nothing():
    empty = OrderTable(1, np.array([0, 0], np.int32), np.zeros(0, np.uint16), np.zeros(0, np.int32), None, np.int32)
    found = empty.find(np.array([0, 0, 0]), np.array([0, 1, 70000]))
    assert found.tolist() == [-1, -1, -1] and found.dtype == np.int64


# ---- 65,536 types: the last of two-byte words ------------------------------------------------
@pytest.mark.parametrize("types, width", [(1 << 16, np.uint16), ((1 << 16) + 1, np.int32)])
def test_words_are_two_bytes_up_to_65536_types_and_four_above(types, width):
    # one sentence of every id once, then the last id and 0 again: the bigram (last, 0) is in
    # the block of the last context row, whatever width the caller's context rows have
    last = types - 1
    ids = np.r_[np.arange(types), last, 0].astype(np.int32)
    text = PaddedText(ids, np.arange(len(ids), dtype=np.int32), np.ones(len(ids), bool))
    counts = count_blocks(lambda: [text], 2, types, len(ids))
    unigram, bigram = counts.table(1), counts.table(2)
    assert unigram.words.dtype == bigram.words.dtype == width
    assert unigram.words.tolist() == list(range(types)) and unigram.count[[0, last]].tolist() == [2, 2]
    assert len(bigram) == types + 1 and bigram.count.sum() == types + 1
    # (last, 0) and (last, last) in the last context's block; (0, 1) the first row
    rows = bigram.find(np.array([last, last, 0, last], np.uint16 if width == np.uint16 else np.int32),
                       np.array([0, last, 1, 1]))
    assert rows.tolist() == [bigram.offsets[last], bigram.offsets[last] + 1, 0, -1]
    many = bigram.find(np.full(20, last), np.tile([0, last, 5, types], 5))  # the search by powers of two
    assert many.tolist() == [bigram.offsets[last], bigram.offsets[last] + 1, -1, -1] * 5


# ---- summing a block's keys ------------------------------------------------------------------
def test_summed_keys_on_the_sorted_and_the_dense_path_are_int64_sums():
    from engine.ngram.counts import _summed

    spread = np.array([10**9, 5, 10**9, 7])  # far above 4 × keys + DENSE_KEYS: sorted
    for keys, weights, expected in [
            (spread, np.array([1, 2, 3, 4]), ([5, 7, 10**9], [2, 4, 4])),
            (spread, np.array([True, False, True, True]), ([5, 7, 10**9], [0, 1, 2])),
            (np.array([3, 1, 3]), np.array([2, 5, 7]), ([1, 3], [5, 9])),  # dense, counts merged
            (np.array([3, 1, 3]), np.array([True, True, True]), ([1, 3], [1, 2])),
            (np.array([3, 1, 3]), np.array([False, True, False]), ([1, 3], [1, 0])),
            (np.zeros(0, np.int64), np.zeros(0, bool), ([], []))]:
        distinct, sums = _summed(keys, weights)
        assert (distinct.tolist(), sums.tolist()) == expected
        assert sums.dtype == np.int64


@pytest.mark.parametrize("top, dense", [(20, True), (21, False)])
def test_keys_are_counted_densely_up_to_four_times_their_number_plus_dense_keys(top, dense, monkeypatch):
    # the dense count makes arrays of `top` entries: its memory is bounded by that allowance,
    # and a wider key range is sorted instead (the same sums either way)
    monkeypatch.setattr(counts_module, "DENSE_KEYS", 8)  # three keys: top up to 4 × 3 + 8 = 20
    calls = []
    dense_count = counts_module._summed_dense
    monkeypatch.setattr(counts_module, "_summed_dense", lambda *a: calls.append(a[2]) or dense_count(*a))
    distinct, sums = counts_module._summed(np.array([0, top - 1, top - 1]), np.array([True, True, False]))
    assert (distinct.tolist(), sums.tolist()) == ([0, top - 1], [1, 1])
    assert calls == ([top] if dense else [])


def test_a_tally_gathers_blocks_until_merge_keys_keys_then_merges():
    from engine.ngram.counts import _Tally

    tally = _Tally(np.int32, 100, 1, 50, merge_keys=4)
    merged = []
    for keys in ([1, 2], [3], [4], [1, 5, 6], [7]):
        tally.add(np.array(keys), np.ones(len(keys), bool))
        merged.append(tally._size)  # rows in the table so far
    assert merged == [0, 0, 4, 4, 7]  # 2, 3, then 4 keys gathered: merged; 3 gathered, 4: merged
    offsets, words, counts = tally.table()
    assert (offsets.tolist(), words.tolist(), counts.tolist()) == ([0, 7], [1, 2, 3, 4, 5, 6, 7], [2, 1, 1, 1, 1, 1, 1])


def test_a_tally_refuses_more_distinct_ngrams_than_its_room():
    from engine.ngram.counts import _Tally

    tally = _Tally(np.int32, 2, 1, 10)
    tally.add(np.array([1, 2, 3]), np.ones(3, bool))
    with pytest.raises(ValueError, match=r"^more distinct n-grams than the 2 positions counted$"):
        tally.table()


def test_inserting_before_a_single_row_moves_it():
    buffer = np.array([5, -7])
    counts_module.insert_in_place(buffer, 1, np.array([0]), np.array([9]))
    assert buffer.tolist() == [9, 5]


@pytest.mark.parametrize("pairs, one_by_one", [(16, True), (17, False)])
def test_up_to_few_pairs_are_searched_one_by_one(pairs, one_by_one, monkeypatch):
    # a keystroke's look-ups: a numpy step per halving would cost more than the search
    calls = []
    few = counts_module._few_lower_bounds
    monkeypatch.setattr(counts_module, "_few_lower_bounds", lambda *a: calls.append(len(a[2])) or few(*a))
    contexts, targets = np.arange(pairs) % 3, np.arange(pairs) * 4099 % 65537
    found = lower_bound(SEARCHED.offsets, SEARCHED.words, contexts, targets)
    assert found.tolist() == [expected_bound(c, t) for c, t in zip(contexts.tolist(), targets.tolist())]
    assert calls == ([pairs] if one_by_one else [])


def test_an_empty_tables_context_rows_are_none():
    empty = OrderTable(2, np.array([0, 0, 0], np.int32), np.zeros(0, np.uint16), np.zeros(0, np.int32), None, np.int32)
    rows = empty.context_rows(0, 0)
    assert rows.tolist() == [] and rows.dtype == np.int32


# ---- counting's look-ups: the row map and each position's context -----------------------------
@pytest.mark.parametrize("derive_rows", [3, 1 << 20])
def test_the_row_map_of_the_bigram_table_is_its_rows_by_key(counts, derive_rows, monkeypatch):
    monkeypatch.setattr(counts_module, "DERIVE_ROWS", derive_rows)  # made three rows at a time, or at once
    # key context row × 6 + word: a b 1, a c 2, b a 6, b </s> 9, c a 12, c </s> 15, <s> a 24, <s> b 25,
    # <s> c 26, <s> <s> 29
    expected = np.full(30, -1)
    expected[[1, 2, 6, 9, 12, 15, 24, 25, 26, 29]] = np.arange(10)
    row_map = counts_module._row_map(counts.table(2), V)
    assert row_map.tolist() == expected.tolist() and row_map.dtype == np.int64
    assert counts_module._row_map(counts.table(1), V).tolist() == [0, 1, 2, 3, -1, 4]  # <unk> absent


@pytest.mark.parametrize("dense_keys, maps", [(30, (True, True)), (29, (True, False)), (0, (True, False))])
def test_a_row_map_is_made_while_its_keys_are_within_dense_keys(counts, dense_keys, maps, monkeypatch):
    # order 1 always (its keys are the words); the bigram table's 5 contexts × 6 words = 30 keys
    monkeypatch.setattr(counts_module, "DENSE_KEYS", dense_keys)
    made = tuple(counts_module._row_map(counts.table(k), V) is not None for k in (1, 2))
    assert made == maps
    assert counts_module._row_map(counts.table(3), V) is None  # 10 contexts × 6 words: 60 keys


@pytest.mark.parametrize("dense_keys", [0, 1 << 22])  # looked up by binary search, or in the row maps
def test_each_positions_context_row_is_the_hand_worked_row(counts, dense_keys, monkeypatch):
    monkeypatch.setattr(counts_module, "DENSE_KEYS", dense_keys)
    text = padded(SENTENCE_IDS, 2)
    tables = list(counts.tables)
    maps = [counts_module._row_map(table, V) for table in tables]
    # the bigram ending at each position (−1 at a sentence's first position)
    bigram_rows = [-1, 9, 6, 0, 2, 1, 5, -1, 9, 7, 2, 0, 3, -1, 9, 8, 4, 0, 3]
    assert counts_module._context_rows(text, tables[:2], V, maps[:2]).tolist() == bigram_rows
    # the trigram ending at each position (−1 at its first two)
    trigram_rows = [-1, -1, 9, 6, 0, 4, 2, -1, -1, 10, 7, 3, 1, -1, -1, 11, 8, 5, 1]
    assert counts_module._context_rows(text, tables, V, maps).tolist() == trigram_rows


@pytest.mark.parametrize("dense_keys", [0, 1 << 22])
def test_no_context_crosses_the_start_of_a_sentence(dense_keys, monkeypatch):
    # unpadded sentences 0 1 0 | 1 0: the pair (0, 1) across their boundary is a bigram of the
    # first, but the second's first word has no context of its own sentence
    monkeypatch.setattr(counts_module, "DENSE_KEYS", dense_keys)
    text = padded([[0, 1, 0], [1, 0]], 0)
    counts = count_blocks(lambda: [text], 3, 2, 5)
    # unigram rows 0 1; bigram rows (0 1) 0, (1 0) 1; trigram rows (0 1 0) 0
    assert [counts.table(k).count.tolist() for k in (1, 2, 3)] == [[3, 2], [1, 2], [1]]
    maps = [counts_module._row_map(table, 2) for table in counts.tables]
    assert counts_module._context_rows(text, list(counts.tables[:2]), 2, maps).tolist() == [-1, 0, 1, -1, 1]
    assert counts_module._context_rows(text, list(counts.tables), 2, maps).tolist() == [-1, -1, 0, -1, -1]


# ---- fewer orders: a lower n from a higher one's tables --------------------------------------
def test_fewer_orders_take_off_the_corrections_and_share_the_rows(counts):
    high = hand_counts()
    derived = high.table(2).prefix  # derived before: kept, not made again
    low = counts_module.fewer_orders(high, 2, [([5, 5], 0), ([0], 1), ([5, 0], 1)])
    assert (low.order, low.vocabulary_size, len(low.tables)) == (2, V, 2)
    assert low.table(1).count.tolist() == [3, 4, 2, 3, 0] and low.table(2).count[6] == 0  # a; <s> a
    assert high.table(1).count.tolist() == UNIGRAM["count"]  # the higher order's counts are copied
    assert high.table(2).count.tolist() == BIGRAM["count"]
    for k in (1, 2):
        assert low.table(k).words is high.table(k).words and low.table(k).offsets is high.table(k).offsets
    assert low.table(2).prefix is derived
    assert {name: getattr(low.table(2), name).tolist() for name in DERIVED[2]} == DERIVED[2]  # made when asked
    for column in ("suffix", "first"):
        getattr(high.table(2), column)
        assert getattr(counts_module.fewer_orders(high, 2, []).table(2), column) is getattr(high.table(2), column)


@pytest.mark.parametrize("gram, amount", [([5, 5], 1), ([0, 0, 0], 1), ([0, 3, 3], 1), ([4], 1), ([1, 3], 3)])
def test_fewer_orders_refuse_to_take_off_counts_an_ngram_lacks(counts, gram, amount):
    # <s> <s> has count 0, a a a / a </s> </s> / <unk> are no rows, b </s> has 2
    with pytest.raises(ValueError, match=rf"^the n-gram \[{', '.join(map(str, gram))}\] has fewer than the "
                                         rf"{amount} counts to take off$"):
        counts_module.fewer_orders(counts, 3, [(gram, amount)])
