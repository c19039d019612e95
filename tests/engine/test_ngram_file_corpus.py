"""A text file as the view's corpus (engine.ngram.file_corpus): every tenth line held out, the
tokeniser chosen by the text, refusals with codes, cancel, and the read kept for later requests."""
import threading
from collections import Counter

import numpy as np
import pytest

from engine.ngram import NLTK, TEXTBOOK, file_corpus, fit
from engine.ngram import model as model_module
from engine.ngram.corpora import TextFileError
from engine.ngram.file_corpus import load_file, read_file_corpus, split_every_tenth
from engine.ngram.model_report import first_sentences
from engine.ngram.tokens import corpus_from_lines


@pytest.mark.parametrize("count", [1, 2, 9, 10, 25])
def test_every_tenth_line_is_held_out(count):
    lines = [f"w{i} x" for i in range(count)]
    train, heldout, same = split_every_tenth(line.split() for line in lines)
    held = [i for i in range(count) if i % 10 == 9] or ([count - 1] if count > 1 else [])
    if count == 1:
        assert same and train.sentences() == heldout.sentences() == [lines[0].split()]
        return
    assert not same
    assert heldout.sentences() == [lines[i].split() for i in held]
    assert train.sentences() == [line.split() for i, line in enumerate(lines) if i not in held]


def test_a_chinese_file_is_cut_into_characters_and_a_spaced_one_into_words(tmp_path):
    chinese, spaced = tmp_path / "zh.txt", tmp_path / "en.txt"
    chinese.write_bytes("简要访问非洲\n他们要访问中国\n".encode("gb18030"))
    spaced.write_text("Jane will visit Africa\nTom visited Paris\n", encoding="utf-8")
    zh = read_file_corpus(str(chinese))
    assert (zh.encoding, zh.tokeniser) == ("gb18030", "zh-chars") and zh.heldout.sentences() == [list("他们要访问中国")]
    en = read_file_corpus(str(spaced))
    assert (en.encoding, en.tokeniser) == ("utf-8", "whitespace") and en.train.sentences() == [["Jane", "will", "visit",
                                                                                                  "Africa"]]


def test_refusals_carry_codes(tmp_path, monkeypatch):
    blank, binary = tmp_path / "blank.txt", tmp_path / "bin.txt"
    blank.write_text("\n  \n", encoding="utf-8")
    binary.write_bytes(b"\x00\x01\x02")
    for path, code in ((blank, "text_file_no_words"), (binary, "text_file_nul_bytes"),
                       (tmp_path / "missing.txt", "text_file_unreadable"), (tmp_path, "text_file_unreadable")):
        with pytest.raises(TextFileError) as error:
            read_file_corpus(str(path))
        assert error.value.code == code
    monkeypatch.setattr(file_corpus, "MAX_FILE_BYTES", 5)
    small = tmp_path / "six.txt"
    small.write_text("a b c\n", encoding="utf-8")
    with pytest.raises(TextFileError) as error:
        read_file_corpus(str(small))
    assert error.value.code == "text_file_too_big"


def test_cancel_returns_a_cancelled_load_and_keeps_nothing(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_text("a b c\n" * 10, encoding="utf-8")
    flag = threading.Event()
    flag.set()
    assert load_file(str(path), cancel=flag).cancelled
    loaded = load_file(str(path))
    assert not loaded.cancelled and (loaded.sentences, loaded.tokens, loaded.types) == (10, 30, 3)


def test_an_unchanged_file_is_read_once_and_a_changed_one_again(tmp_path):
    path = tmp_path / "kept.txt"
    path.write_text("a b\nc d\n", encoding="utf-8")
    first = read_file_corpus(str(path))
    assert read_file_corpus(str(path)) is first
    path.write_text("a b e\nc d\n", encoding="utf-8")
    assert read_file_corpus(str(path)).train.sentences() == [["a", "b", "e"]]


def test_first_sentences_keeps_whole_sentences_within_the_size():
    corpus = corpus_from_lines(["a b c", "d e", "f g h i", "j"])
    assert first_sentences(corpus, 5).sentences() == [["a", "b", "c"], ["d", "e"]]
    assert first_sentences(corpus, 2).sentences() == [["a", "b", "c"]]  # at least one
    assert first_sentences(corpus, 100) is corpus


def padded_ngram_counts(sentences, order: int, textbook: bool) -> Counter:
    """The oracle: every n-gram of orders 1..n of each padded sentence, counted in a Counter
    (nltk's padding: n−1 <s> and n−1 </s>; the textbook's: one </s>, and nothing ending in <s>)."""
    counter = Counter()
    for words in sentences:
        padded = ["<s>"] * (order - 1) + words + ["</s>"] * (1 if textbook else order - 1)
        for k in range(1, order + 1):
            counter.update(tuple(padded[i - k:i]) for i in range(k, len(padded) + 1)
                           if not (textbook and padded[i - 1] == "<s>"))
    return counter


def table_counts(model) -> Counter:
    """The model's count tables as {n-gram of words: count}, each n-gram spelt out through its
    prefix rows."""
    tokens = np.array(model.vocabulary.tokens, dtype=object)
    out = Counter()
    for table in model.counts.tables:
        columns, rows = [], np.arange(len(table))
        for lower in reversed(model.counts.tables[:table.order]):
            columns.insert(0, tokens[lower.word[rows]])
            rows = lower.prefix[rows]
        out.update({gram: int(c) for gram, c in zip(zip(*columns), table.count) if c})
    return out


@pytest.mark.parametrize("conventions", [NLTK, TEXTBOOK])
def test_a_generated_file_is_counted_in_blocks_as_a_counter_counts_it(tmp_path, monkeypatch, conventions):
    # 600 kB of lines over 3,000 Zipf-distributed words (a test's share of the 200 MB that
    # benchmarks/ngram.py counts), in blocks of 10,000 tokens: the bigram keys (rows × |V|) take
    # the sorted path, and each order's table is merged over a dozen blocks.
    rng = np.random.default_rng(7)
    words = np.array([f"w{i}" for i in range(3000)], dtype=object)
    lines = [" ".join(words[np.minimum(rng.zipf(1.3, rng.integers(1, 25)), 3000) - 1]) for _ in range(10_000)]
    path = tmp_path / "generated.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(model_module, "BLOCK_TOKENS", 10_000)
    loaded = read_file_corpus(str(path))
    model = fit(loaded.train, 3, "mle", conventions=conventions)
    train = [line.split() for i, line in enumerate(lines) if i % 10 != 9]
    assert table_counts(model) == padded_ngram_counts(train, 3, conventions is TEXTBOOK)


@pytest.mark.parametrize("dense_keys", [0, 1 << 22])
@pytest.mark.parametrize("conventions", [NLTK, TEXTBOOK])
def test_contexts_found_by_a_row_map_or_a_search_count_as_a_counter(monkeypatch, dense_keys, conventions):
    # DENSE_KEYS 0: every context of order 2 and up is found by binary search; the default:
    # these 40 words' bigram and trigram rows by a map indexed by the key (a gather), the
    # one-block corpus padded once for all orders.
    from engine.ngram import counts

    monkeypatch.setattr(counts, "DENSE_KEYS", dense_keys)
    rng = np.random.default_rng(dense_keys % 89 + len(conventions.name))
    lines = [[f"w{i}" for i in np.minimum(rng.zipf(1.4, rng.integers(1, 12)), 40)] for _ in range(400)]
    model = fit(corpus_from_lines(" ".join(line) for line in lines), 4, "mle", conventions=conventions)
    assert table_counts(model) == padded_ngram_counts(lines, 4, conventions is TEXTBOOK)


@pytest.mark.parametrize("conventions", [NLTK, TEXTBOOK])
def test_fewer_orders_made_from_a_higher_orders_tables_equal_counting_again(conventions):
    # Changing n from 4 to 3 or 2 on a loaded file takes the tables already counted: their
    # counts must be what counting the text again gives (the Counter oracle), and every
    # estimator's probabilities those of a fresh fit, sentences of one word included.
    from engine.ngram.estimators import ESTIMATORS
    from engine.ngram.model import fewer_orders

    rng = np.random.default_rng(len(conventions.name))
    lines = [[f"w{i}" for i in np.minimum(rng.zipf(1.5, rng.integers(1, 9)), 25)] for _ in range(300)]
    corpus = corpus_from_lines(" ".join(line) for line in lines)
    high = fit(corpus, 4, "mle", conventions=conventions)
    for order in (1, 2, 3):
        lower = fewer_orders(high, order, corpus)
        if order == 1:  # the unigram's vocabulary has no <s> (and no </s> under nltk's): counted again
            assert lower is None
            continue
        assert table_counts(lower) == padded_ngram_counts(lines, order, conventions is TEXTBOOK)
        fresh = fit(corpus, order, "mle", conventions=conventions)
        ids = rng.integers(0, lower.vocabulary.outcome_count, (4000, order))
        ids[::3, 0] = lower.vocabulary.bos_id  # contexts that start the sentence
        for name in ESTIMATORS:
            got = lower.with_estimator(name).probabilities(ids[:, :-1], ids[:, -1])
            expected = fresh.with_estimator(name).probabilities(ids[:, :-1], ids[:, -1])
            np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12, err_msg=f"{name}, n = {order}")


def test_a_file_of_more_than_65536_types_keeps_3_byte_ids_and_counts_as_a_counter(tmp_path, monkeypatch):
    # The ids pass 2^16 half-way through the read: the first chunks are uint16, the later ones
    # packed, the corpus 3 bytes a token; its sentences and counts are the text's.
    from engine.ngram.tokens import PackedIds

    rng = np.random.default_rng(3)
    lines = [[f"u{j}.{k}" for k in range(7)] + [f"w{i}" for i in rng.integers(0, 50, 2)] for j in range(10_000)]
    path = tmp_path / "many.txt"
    path.write_text("\n".join(" ".join(line) for line in lines) + "\n", encoding="utf-8")
    monkeypatch.setattr(model_module, "BLOCK_TOKENS", 20_000)
    loaded = read_file_corpus(str(path))  # 63 000 training tokens of 70 050 types
    train = [line for i, line in enumerate(lines) if i % 10 != 9]
    assert isinstance(loaded.train.ids, PackedIds) and len(loaded.train.types) > 1 << 16
    assert loaded.train.sentences() == train and loaded.heldout.sentence(0) == lines[9]
    assert table_counts(fit(loaded.train, 2, "mle")) == padded_ngram_counts(train, 2, False)
