"""A text file as the view's corpus (engine.ngram.file_corpus): every tenth line held out, the
tokeniser chosen by the text, refusals with codes, cancel, and the read kept for later requests."""
import threading

import pytest

from engine.ngram import file_corpus
from engine.ngram.corpora import TextFileError
from engine.ngram.file_corpus import load_file, read_file_corpus, split_every_tenth
from engine.ngram.model_report import first_sentences
from engine.ngram.tokens import corpus_from_lines


@pytest.mark.parametrize("count", [1, 2, 9, 10, 25])
def test_every_tenth_line_is_held_out(count):
    lines = [f"w{i} x" for i in range(count)]
    train, heldout, same = split_every_tenth(corpus_from_lines(lines))
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
