"""engine.ngram corpora: built-in grammar corpora, tokenisers, and streamed text files
(UTF-8, GB18030, refusals, progress, cancel, chunk boundaries)."""
import codecs
import threading

import numpy as np
import pytest

from engine.data.dates import DateStream
from engine.data.zh_en import ZhEnStream
from engine.ngram import corpora
from engine.ngram.corpora import (Cancelled, TextFileError, built_in_corpus, detect_encoding, heldout_examples,
                                  read_text_file)
from engine.word_tokenizer import _ENGLISH_TOKEN
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


# ---- built-in corpora against the generators themselves ------------------------------------
def english_words(text):
    return _ENGLISH_TOKEN.findall(text)  # the grammar's English rule, as the corpus must cut it


def prefix_of(sentences, words):
    """Whole sentences from the start until at least ``words`` tokens (written out here)."""
    taken, total = [], 0
    for sentence in sentences:
        if total >= words:
            break
        taken.append(sentence)
        total += len(sentence)
    return taken


def grammar_sentences(kind, seed, split, count):
    if kind == "dates":
        return [list(e.text) for e in DateStream(seed, split).take(count)]
    examples = ZhEnStream(seed, split).take(count)
    return {"en": [english_words(e.target) for e in examples],
            "zh-words": [list(e.source_tokens) for e in examples],
            "zh-chars": [list(e.text) for e in examples]}[kind]


def test_the_first_built_in_sentences_of_seed_0_are_the_generators_ones():
    # Written out from ZhEnStream(0, "train") and DateStream(0, "train"): the characters of a
    # date keep their spaces and commas; Chinese characters are cut one by one.
    assert built_in_corpus("en", 10)[0].sentences()[:2] == [
        ["Bob", "studies", "Latin"], ["Laura", "is", "going", "to", "visit", "Mexico", "the", "day", "after", "tomorrow"]]
    assert built_in_corpus("zh-words", 3)[0].sentences() == [["鲍勃", "学习", "拉丁语"]]
    assert built_in_corpus("zh-chars", 7)[0].sentences() == [["鲍", "勃", "学", "习", "拉", "丁", "语"]]
    assert built_in_corpus("dates", 1)[0].sentences() == [list("Wednesday, September 2, 2065")]
    assert built_in_corpus("dates", 1)[1].sentences()[:2] == [list("06-07-1959"), list("05-10-2077")]
    assert built_in_corpus("en", 1)[1].sentences()[0] == ["Henry", "is", "teaching", "chemistry"]


@pytest.mark.parametrize("kind", ["en", "zh-words", "zh-chars", "dates"])
def test_built_in_train_and_held_out_are_the_seeds_train_and_validation_streams(kind):
    train, heldout = built_in_corpus(kind, 300, seed=5, heldout_words=120)
    assert train.sentences() == prefix_of(grammar_sentences(kind, 5, "train", 200), 300)
    assert heldout.sentences() == prefix_of(grammar_sentences(kind, 5, "validation", 200), 120)


def test_a_corpus_stops_at_the_sentence_that_reaches_the_size():
    sentences = grammar_sentences("en", 0, "train", 3)
    exactly = sum(map(len, sentences))  # three whole sentences: no fourth
    assert built_in_corpus("en", exactly)[0].sentences() == sentences
    assert built_in_corpus("en", exactly + 1)[0].sentence_count == 4
    assert built_in_corpus("en", 1)[0].sentences() == sentences[:1]


def test_sentences_reach_the_builder_in_batches(monkeypatch):
    monkeypatch.setattr(corpora, "BATCH_SENTENCES", 3)  # 10 sentences: batches of 3, 3, 3, then 1
    train, _ = built_in_corpus("en", 60, seed=1, heldout_words=1)
    assert train.sentences() == prefix_of(grammar_sentences("en", 1, "train", 20), 60)
    assert train.sentence_count == 10


def test_held_out_defaults_to_a_tenth_of_the_words_and_at_least_1000():
    validation = grammar_sentences("en", 0, "validation", 300)
    assert sum(map(len, prefix_of(validation, 1000))) == 1000  # seed 0 reaches 1000 exactly
    # 10 005 words: a tenth is 1000 (whole division), so the thousandth token ends the held-out text
    assert built_in_corpus("en", 10_005)[1].sentences() == prefix_of(validation, 1000)
    assert built_in_corpus("en", 12_000)[1].sentences() == prefix_of(validation, 1200)
    assert built_in_corpus("en", 50)[1].sentences() == prefix_of(validation, 1000)


def test_built_in_corpus_refuses_unknown_kinds_and_sizes(monkeypatch):
    with pytest.raises(ValueError, match="^unknown corpus 'nope'; one of en, zh-words, zh-chars, dates$"):
        built_in_corpus("nope", 10)
    with pytest.raises(ValueError, match="^a built-in corpus has 1 to 1,000,000 words, not 0$"):
        built_in_corpus("en", 0)
    monkeypatch.setattr(corpora, "MAX_WORDS", 40)  # the upper limit itself is accepted
    assert built_in_corpus("en", 40, heldout_words=1)[0].token_count >= 40
    with pytest.raises(ValueError, match="^a built-in corpus has 1 to 40 words, not 41$"):
        built_in_corpus("en", 41)


@pytest.mark.parametrize("kind", ["en", "zh-words", "zh-chars"])
def test_held_out_examples_are_the_validation_streams_first(kind):
    assert heldout_examples(kind, 4, 3) == ZhEnStream(4, "validation").take(3)


def test_held_out_examples_of_the_dates_are_refused():
    with pytest.raises(ValueError, match="^the corpus 'dates' does not come from the zh-en grammar$"):
        heldout_examples("dates", 0, 1)


# ---- encodings, byte by byte ---------------------------------------------------------------
@pytest.mark.parametrize("ch, cjk", [
    ("\u4e00", True), ("\u9fff", True), ("\u3400", True), ("\u4dbf", True), ("\u3000", True), ("\u303f", True),
    ("\u4dc0", False), ("\u33ff", False), ("\ua000", False), ("\u2fff", False), ("\u3040", False), ("é", False)])
def test_cjk_characters_are_the_unified_ideographs_extension_a_and_cjk_punctuation(ch, cjk):
    # U+4E00-9FFF, U+3400-4DBF, U+3000-303F; just outside: Yijing hexagrams U+4DC0, U+33FF,
    # Yi U+A000, U+2FFF, hiragana's U+3040
    assert corpora._is_cjk(ch) is cjk


def test_detect_encoding_reads_boms_and_refuses_utf16_without_nul_bytes():
    assert detect_encoding(codecs.BOM_UTF8 + "访问".encode("utf-8")) == "utf-8-sig"
    for bom, codec in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        sample = bom + "简单".encode(codec)  # 简单 in UTF-16 has no zero byte: the BOM alone tells
        assert b"\x00" not in sample
        with pytest.raises(TextFileError) as error:
            detect_encoding(sample)
        assert error.value.code == "text_file_nul_bytes"
    with pytest.raises(TextFileError) as error:
        detect_encoding(b"ab\x00c")
    assert error.value.code == "text_file_nul_bytes"


def test_gb18030_needs_at_least_half_of_its_wide_characters_chinese():
    half = "简é".encode("gb18030")  # bc f2 a8 a6: not UTF-8; one of two wide characters is CJK
    assert detect_encoding(half) == "gb18030"
    with pytest.raises(TextFileError) as error:
        detect_encoding("简éé".encode("gb18030"))  # one of three
    assert (error.value.code, error.value.arguments) == ("text_file_not_text", {"byte": 0})
    assert str(error.value) == "the file is neither UTF-8 nor GB18030 text (byte 0 is not UTF-8); save it as UTF-8"
    with pytest.raises(TextFileError) as error:
        detect_encoding(b"ab\xff\xfe")  # neither: the first byte UTF-8 refuses is said
    assert error.value.arguments == {"byte": 2}


def test_wide_characters_are_those_above_u007f():
    # DEL (U+007F) is ASCII, not wide: 简 é DEL is half Chinese; U+0080 (GB18030 81 30 81 30) is
    # wide: 简 é U+0080 is a third Chinese
    assert detect_encoding("简é\x7f".encode("gb18030")) == "gb18030"
    with pytest.raises(TextFileError):
        detect_encoding("简é\x80".encode("gb18030"))


def test_a_sample_may_end_inside_a_character():
    assert detect_encoding("访问".encode("utf-8")[:-1]) == "utf-8"  # e8 ae bf e9 97: the last one is cut
    assert detect_encoding("访问非洲".encode("gb18030")[:-1]) == "gb18030"


def test_a_file_that_stops_being_utf8_says_the_byte(tmp_path):
    # UTF-8 text past the sample detect_encoding reads, then "aé" and a byte no UTF-8 has, at
    # 67 001 (counted from 0); in chunks of 1000 bytes the é is cut, so the decoder still holds
    # its first byte (c3) when it meets ff
    path = tmp_path / "cut.txt"
    path.write_bytes("é\n".encode("utf-8") * 22_000 + b"b" * 998 + "aé".encode("utf-8") + b"\xff\n")
    for chunk in (1000, 1 << 20):
        with pytest.raises(TextFileError) as error:
            read_text_file(path, chunk_bytes=chunk)
        assert (error.value.code, error.value.arguments) == ("text_file_stops_being_text",
                                                             {"encoding": "utf-8", "byte": "67,001"})
        assert str(error.value) == "the file stops being utf-8 text near byte 67,001"


@pytest.mark.parametrize("chunk", [1, 2, 5, 1 << 20])
def test_gb18030_whose_first_byte_reads_as_a_utf8_start_is_switched_to_whole(tmp_path, chunk):
    # 他 is cb fb in GB18030: cb starts a UTF-8 character, which only fb refuses, so the
    # decoder still holds cb when the switch to GB18030 happens (and must give it back)
    lines = ["ascii line %d" % i for i in range(5000)] + ["他们", "x"]
    path = tmp_path / "late.txt"
    path.write_bytes("\n".join(lines).encode("gb18030"))
    assert path.stat().st_size > corpora.SAMPLE_BYTES
    corpus, encoding = read_text_file(path, "zh-chars", chunk_bytes=chunk)
    assert encoding == "gb18030" and corpus.sentences()[-2:] == [["他", "们"], ["x"]]
    assert corpus.sentence_count == 5002


def test_a_late_switch_to_gb18030_looks_at_the_next_64_kib_only(tmp_path):
    # ASCII past the sample, Chinese, ASCII again past 64 KiB, then Greek (wide, not CJK): the
    # chunk of 1000 bytes and what is read after it are Chinese and ASCII, so GB18030; the Greek
    # is read as GB18030 too
    text = "a\n" * 40_000 + "他们\n" + "b\n" * 40_000 + "αβγδ" * 100 + "\n"
    path = tmp_path / "greek.txt"
    path.write_bytes(text.encode("gb18030"))
    corpus, encoding = read_text_file(path, chunk_bytes=1000)
    assert encoding == "gb18030" and corpus.sentences()[-1] == ["αβγδ" * 100]


def test_a_utf8_file_whose_later_bytes_are_not_gb18030_either_is_refused(tmp_path):
    path = tmp_path / "late-bad.txt"
    path.write_bytes(b"ascii line\n" * 7000 + b"\x80\x80\x80\n")  # 80: no lead byte of either
    with pytest.raises(TextFileError) as error:
        read_text_file(path)
    assert error.value.arguments == {"encoding": "utf-8", "byte": "77,000"}


def test_a_file_is_read_in_chunks_of_the_size_given(tmp_path):
    path = tmp_path / "ten.txt"
    path.write_bytes(b"a b\nc d\ne\n")  # 10 bytes
    seen = []
    corpus, _ = read_text_file(path, progress=lambda done, total: seen.append((done, total)), chunk_bytes=4)
    assert seen == [(4, 10), (8, 10), (10, 10), (10, 10)]  # the last read finds the end
    assert corpus.sentences() == [["a", "b"], ["c", "d"], ["e"]]


def test_a_file_cut_inside_its_last_character_is_refused(tmp_path):
    path = tmp_path / "cut-end.txt"
    path.write_bytes("é ab".encode("utf-8") + "访".encode("utf-8")[:2])  # e8 ae at 5 and 6, then the end
    with pytest.raises(TextFileError) as error:
        read_text_file(path, chunk_bytes=3)
    assert error.value.arguments == {"encoding": "utf-8", "byte": "5"}


@pytest.mark.parametrize("start, chunk, what", [
    ("é\n" * 40_000, 1 << 20, "UTF-8 that is not ASCII, in the chunk that meets the Chinese"),
    ("é\n" + "a\n" * 40_000, 1000, "UTF-8 that is not ASCII, chunks before an ASCII one"),
    ("\ufeff" + "a\n" * 70_000, 1 << 20, "ASCII after a UTF-8 BOM")])
def test_only_a_plain_ascii_start_may_turn_out_gb18030(tmp_path, start, chunk, what):
    # after anything but plain ASCII, GB18030 Chinese past the sample is a refusal, not a switch
    path = tmp_path / "mixed.txt"
    path.write_bytes(start.encode("utf-8") + "他们\n".encode("gb18030"))
    with pytest.raises(TextFileError) as error:
        read_text_file(path, chunk_bytes=chunk)
    assert error.value.code == "text_file_stops_being_text", what
    assert error.value.arguments["encoding"] == "utf-8"  # a BOM is still UTF-8 to the reader
