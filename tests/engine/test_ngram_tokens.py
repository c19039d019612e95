"""engine.ngram.tokens by hand: each tokeniser on written-out English and Chinese strings, the
corpus arrays (sentences, blocks), the id widths and the 3-byte ids (PackedIds) byte by byte.
Fast: the mutation run ([tool.mutmut]) uses this file."""
import numpy as np
import pytest

from engine.ngram import tokens
from engine.ngram.tokens import (Corpus, CorpusBuilder, PackedIds, corpus_from_lines, corpus_from_sentences,
                                 id_dtype, index_dtype, tokenise)


@pytest.mark.parametrize("text, tokeniser, expected", [
    ("  Jane\tvisits\u3000Africa.\n", "whitespace", ["Jane", "visits", "Africa."]),
    ("Don't stop, Jane's 2 cats!", "english", ["Don't", "stop", ",", "Jane's", "2", "cats", "!"]),
    ("简 九月\t要\u3000访问\n", "zh-chars", ["简", "九", "月", "要", "访", "问"]),
    (" 4 Nov\r\n", "chars", [" ", "4", " ", "N", "o", "v"]),
    ("4 \n", "chars", ["4", " "]),  # only the line end is cut: not a space,
    ("4 X\n", "chars", ["4", " ", "X"]),  # nor a letter
    ("他们要访问东京。", "zh-words", ["他们", "要", "访问", "东京", "。"]),
    ("简喜欢ABC 非洲", "zh-words", ["简", "喜欢", "ABC", "非洲"]),  # an unknown span is one token
])
def test_each_tokeniser_cuts_a_written_out_sentence(text, tokeniser, expected):
    assert tokenise(text, tokeniser) == expected


def test_the_default_tokeniser_is_whitespace_and_unknown_ones_are_named():
    assert tokenise("Jane  visits Africa.") == ["Jane", "visits", "Africa."]
    with pytest.raises(ValueError, match="^unknown tokeniser 'nope'; one of whitespace, english, zh-chars, chars, "
                                         "zh-words$"):
        tokenise("a", "nope")


def test_lines_are_cut_by_the_tokeniser_given():
    corpus = corpus_from_lines(["简九月", "", "要 访问"], "zh-chars")
    assert corpus.sentences() == [["简", "九", "月"], ["要", "访", "问"]]
    assert corpus_from_lines(["a  b", " "]).sentences() == [["a", "b"]]


def test_a_corpus_counts_and_returns_its_sentences():
    corpus = corpus_from_sentences([["a", "b", "c"], [], ["d"], ["a", "e", "f", "g"], ["h", "a"]])
    assert corpus.types == ("a", "b", "c", "d", "e", "f", "g", "h")
    assert corpus.ids.tolist() == [0, 1, 2, 3, 0, 4, 5, 6, 7, 0]
    assert corpus.offsets.tolist() == [0, 3, 4, 8, 10] and corpus.offsets.dtype == np.int32
    assert (corpus.sentence_count, corpus.token_count) == (4, 10)
    assert corpus.sentence(2) == ["a", "e", "f", "g"]
    assert corpus.sentences() == [["a", "b", "c"], ["d"], ["a", "e", "f", "g"], ["h", "a"]]


def test_blocks_are_whole_sentences_from_each_multiple_of_the_size():
    # sentences of 3, 1, 4, 2 tokens; blocks of 4: a block starts with the sentence holding
    # token 0, 4 and 8 -> sentences {0, 1}, {2}, {3}
    corpus = corpus_from_sentences([["a", "b", "c"], ["d"], ["e", "f", "g", "h"], ["i", "j"]])
    blocks = list(corpus.blocks(4))
    assert [b.sentences() for b in blocks] == [[["a", "b", "c"], ["d"]], [["e", "f", "g", "h"]], [["i", "j"]]]
    assert [b.offsets.tolist() for b in blocks] == [[0, 3, 4], [0, 4], [0, 2]]
    assert all(b.types is corpus.types and np.shares_memory(b.ids, corpus.ids) for b in blocks)
    # one block of everything; a size of 1 gives each sentence once (never twice)
    assert [b.sentences() for b in corpus.blocks(100)] == [corpus.sentences()]
    assert [b.sentence_count for b in corpus.blocks(1)] == [1, 1, 1, 1]


def test_ids_are_two_bytes_up_to_65536_types_then_four():
    assert id_dtype(0) == id_dtype(65_536) == np.uint16
    assert id_dtype(65_537) == np.int32


def test_positions_are_int32_below_2_to_the_31_minus_1():
    assert index_dtype(0) == index_dtype(2 ** 31 - 2) == np.int32
    assert index_dtype(2 ** 31 - 1) == np.int64


# ---- 3-byte ids ------------------------------------------------------------------------------
IDS = [0, 1, 256, 65_536, 16_777_215]  # bytes little-endian: 00 00 00, 01 00 00, 00 01 00, 00 00 01, ff ff ff
BYTES = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 255, 255, 255]


def test_packed_ids_keep_three_little_endian_bytes_each():
    packed = PackedIds.of(np.array(IDS, np.int32))
    assert packed.data.dtype == np.uint8 and packed.data.tolist() == BYTES
    assert len(packed) == 5 and PackedIds(np.array(BYTES, np.uint8)).decode(0, 5).tolist() == IDS


def test_packed_ids_read_as_an_int32_array():
    packed = PackedIds(np.array(BYTES, np.uint8))
    assert packed[1:4].tolist() == [1, 256, 65_536] and packed[1:4].dtype == np.int32
    assert packed[::2].tolist() == [0, 256, 16_777_215]
    assert packed[3:1].tolist() == [] and packed[4:].tolist() == [16_777_215]
    assert [packed[i] for i in range(5)] == IDS and [packed[i] for i in range(-5, 0)] == IDS
    assert packed[np.int64(2)] == 256 and type(packed[-1]) is int
    assert packed[np.array([4, 0, 2])].tolist() == [16_777_215, 0, 256]
    whole = np.asarray(packed)
    assert whole.dtype == np.int32 and whole.tolist() == IDS
    assert np.asarray(packed, np.int64).dtype == np.int64 and np.asarray(packed, np.int64).tolist() == IDS


@pytest.mark.parametrize("index", [5, -6, 100])
def test_a_packed_id_past_either_end_is_an_index_error(index):
    with pytest.raises(IndexError, match=f"^index {index} out of 5 ids$"):
        PackedIds(np.array(BYTES, np.uint8))[index]


def test_a_builder_with_more_than_65536_types_keeps_3_byte_ids():
    # a first chunk of few types (kept as uint16), then one that passes 65 536 types: both end packed
    builder = CorpusBuilder()
    builder.add([["a", "b"], ["b"]])
    builder.add([[f"w{i}" for i in range(65_535)]])
    corpus = builder.build()
    assert len(corpus.types) == 65_537 and isinstance(corpus.ids, PackedIds) and corpus.ids.data.dtype == np.uint8
    ids = np.asarray(corpus.ids)
    assert ids[:3].tolist() == [0, 1, 1] and ids[-1] == 65_536 and ids.tolist() == list(range(2)) + [1] + list(
        range(2, 65_537))
    assert corpus.offsets.tolist() == [0, 2, 3, 65_538]


def test_a_builder_of_exactly_65536_types_keeps_2_byte_ids():
    corpus = corpus_from_sentences([[f"w{i}" for i in range(65_536)]])
    assert isinstance(corpus.ids, np.ndarray) and corpus.ids.dtype == np.uint16 and corpus.ids[-1] == 65_535


def test_a_builder_beyond_the_packed_types_keeps_int32_ids(monkeypatch):
    monkeypatch.setattr(tokens, "PACKED_TYPES", 65_537)  # as if 2^24 were passed: int32 after it
    at_the_limit = CorpusBuilder()
    at_the_limit.add([[f"w{i}" for i in range(65_537)]])
    assert isinstance(at_the_limit.build().ids, PackedIds)
    builder = CorpusBuilder()
    builder.add([[f"w{i}" for i in range(65_537)]])  # packed when added (65 537 types)
    builder.add([["x"], ["w0"]])  # then 65 538: int32
    corpus = builder.build()
    assert isinstance(corpus.ids, np.ndarray) and corpus.ids.dtype == np.int32
    assert corpus.ids[-3:].tolist() == [65_536, 65_537, 0]
    assert corpus.sentences()[-2:] == [["x"], ["w0"]]


def test_builders_that_share_an_index_number_types_alike():
    index = {}
    train, heldout = CorpusBuilder(index), CorpusBuilder(index)
    train.add([["a", "b"]])
    heldout.add([["b", "c"], []])
    train.add([["c", "a"]])
    types = tuple(index)
    a, b = train.build(types), heldout.build(types)
    assert types == ("a", "b", "c") and a.types is types and b.types is types
    assert a.ids.tolist() == [0, 1, 2, 0] and b.ids.tolist() == [1, 2]
    assert a.offsets.tolist() == [0, 2, 4] and b.offsets.tolist() == [0, 2]


def test_an_empty_builder_gives_an_empty_corpus():
    corpus = CorpusBuilder().build()
    assert corpus == Corpus((), corpus.ids, corpus.offsets)
    assert corpus.ids.tolist() == [] and corpus.ids.dtype == np.uint16
    assert corpus.offsets.tolist() == [0] and corpus.offsets.dtype == np.int32
    assert corpus.sentences() == [] and list(corpus.blocks(10)) == []
