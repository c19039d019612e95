"""engine.ngram corpora: built-in grammar corpora, tokenisers, and streamed text files
(UTF-8, GB18030, refusals, progress, cancel, chunk boundaries)."""
import threading

import numpy as np
import pytest

from engine.data.zh_en import ZhEnStream
from engine.ngram.corpora import Cancelled, TextFileError, built_in_corpus, detect_encoding, read_text_file
from engine.ngram.tokens import corpus_from_lines, tokenise

LINES = ["简 九月 要 访问 非洲", "Jane will visit Africa in September .", "", "  spaces   around  ",
         "ünïcödé 词 ⟨s⟩"]


def expected_sentences(lines, tokeniser="whitespace"):
    return [tokenise(line, tokeniser) for line in lines if tokenise(line, tokeniser)]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 20])
def test_a_utf8_file_reads_the_same_at_every_chunk_size(tmp_path, chunk):
    # Chunks of 1-7 bytes cut multibyte characters and lines apart.
    path = tmp_path / "t.txt"
    path.write_text("\n".join(LINES), encoding="utf-8")
    seen = []
    corpus, encoding = read_text_file(path, progress=lambda done, total: seen.append((done, total)),
                                      chunk_bytes=chunk)
    assert encoding == "utf-8"
    assert corpus.sentences() == expected_sentences(LINES)
    assert seen[-1] == (path.stat().st_size, path.stat().st_size)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bom_and_windows_line_ends_are_not_tokens(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes("\ufeffa b\r\nc d\r\n".encode("utf-8"))
    corpus, encoding = read_text_file(path)
    assert encoding == "utf-8" and corpus.sentences() == [["a", "b"], ["c", "d"]]


def test_gb18030_chinese_is_detected_and_decoded(tmp_path):
    lines = [example.text for example in ZhEnStream(0).take(50)]
    path = tmp_path / "zh.txt"
    path.write_bytes("\n".join(lines).encode("gb18030"))
    corpus, encoding = read_text_file(path, "zh-chars", chunk_bytes=5)
    assert encoding == "gb18030"
    assert corpus.sentences() == [list(line) for line in lines]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 20])
def test_gb18030_after_a_long_ascii_start_is_still_detected(tmp_path, chunk):
    lines = ["plain ascii line number %d" % i for i in range(3000)] + ["简九月要访问非洲", "他们喜欢东京"]
    path = tmp_path / "late.txt"
    path.write_bytes("\n".join(lines).encode("gb18030"))
    assert path.stat().st_size > 65536  # past the sample detect_encoding reads
    corpus, encoding = read_text_file(path, "zh-chars", chunk_bytes=chunk)
    assert encoding == "gb18030" and corpus.sentences()[-2:] == [list(lines[-2]), list(lines[-1])]


@pytest.mark.parametrize("data, message", [
    (bytes(range(128, 256)) * 20, "neither UTF-8 nor GB18030"),
    ("abc".encode("utf-16"), "NUL bytes"),
    ("café olé".encode("latin-1") * 10, "neither UTF-8 nor GB18030"),
])
def test_other_encodings_are_refused_with_a_clear_message(tmp_path, data, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(TextFileError, match=message):
        read_text_file(path)


def test_detect_encoding_of_plain_utf8_and_gb18030():
    assert detect_encoding("访问非洲".encode("utf-8")) == "utf-8"
    assert detect_encoding("访问非洲".encode("gb18030")) == "gb18030"
    assert detect_encoding(b"plain ascii") == "utf-8"


def test_cancel_stops_the_reading(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("a b c\n" * 1000, encoding="utf-8")
    flag = threading.Event()

    def progress(done, total):
        if done >= 600:
            flag.set()

    with pytest.raises(Cancelled):
        read_text_file(path, progress=progress, cancel=flag, chunk_bytes=100)


def test_tokenisers():
    assert tokenise("Jane visits Africa.", "english") == ["Jane", "visits", "Africa", "."]
    assert tokenise("简九月要访问非洲", "zh-words") == ["简", "九月", "要", "访问", "非洲"]
    assert tokenise("简 九月", "zh-chars") == ["简", "九", "月"]
    assert tokenise("4 Nov", "chars") == ["4", " ", "N", "o", "v"]
    with pytest.raises(ValueError, match="unknown tokeniser"):
        tokenise("a", "nope")


def test_corpus_arrays_hold_the_sentences():
    corpus = corpus_from_lines(["a b a", "", "c"])
    assert corpus.types == ("a", "b", "c")
    assert corpus.ids.tolist() == [0, 1, 0, 2] and corpus.offsets.tolist() == [0, 3, 4]


@pytest.mark.parametrize("kind", ["en", "zh-words", "zh-chars", "dates"])
def test_built_in_corpora_are_seeded_and_sized(kind):
    train, heldout = built_in_corpus(kind, 2000, seed=3)
    again, _ = built_in_corpus(kind, 2000, seed=3)
    other, _ = built_in_corpus(kind, 2000, seed=4)
    assert train.sentences() == again.sentences() != other.sentences()
    longest = int(np.diff(train.offsets).max())
    assert 2000 <= train.token_count < 2000 + longest
    assert 1000 <= heldout.token_count and heldout.sentences() != train.sentences()[:heldout.sentence_count]


def test_built_in_english_and_chinese_words_follow_the_grammar():
    train, _ = built_in_corpus("en", 200, seed=0)
    examples = ZhEnStream(0, "train").take(train.sentence_count)
    assert train.sentences() == [tokenise(e.target, "english") for e in examples]
    zh, _ = built_in_corpus("zh-words", 200, seed=0)
    examples = ZhEnStream(0, "train").take(zh.sentence_count)
    assert zh.sentences() == [list(e.source_tokens) for e in examples]
    # the segmenter finds the grammar's own words in the unsegmented text
    assert all(tokenise(e.text, "zh-words") == list(e.source_tokens) for e in examples)


def test_corpus_size_is_checked():
    with pytest.raises(ValueError, match="1 to 1,000,000"):
        built_in_corpus("en", 2_000_000)
