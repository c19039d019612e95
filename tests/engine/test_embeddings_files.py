"""engine.embeddings.loader: the same words and vectors as gensim's load_word2vec_format on
every format, clear refusals naming the line, the cache, progress and cancel."""
from __future__ import annotations

import math
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.embeddings import cache as embedding_cache
from engine.embeddings.errors import EmbeddingFileError, LoadCancelled
from engine.embeddings.loader import load_embeddings
from engine.embeddings.text_parser import parse_block, parse_block_fast, parse_lines_exact
from tests.engine.embeddings_fixtures import gensim_load, random_keyed_vectors, write_all_formats


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))


@pytest.mark.parametrize("fmt", ["word2vec", "word2vec-binary", "glove", "fasttext"])
def test_loading_equals_gensim_on_every_format(tmp_path, fmt):
    kv = random_keyed_vectors(n=600, dim=17, seed=3)
    path, options = write_all_formats(kv, tmp_path)[fmt]
    reference = gensim_load(path, **options)
    emb = load_embeddings(path, fmt, cache=False)
    assert list(emb.words) == reference.index_to_key
    assert emb.vectors.dtype == np.float32
    np.testing.assert_array_equal(emb.vectors, reference.vectors)
    np.testing.assert_allclose(emb.norms, np.linalg.norm(reference.vectors.astype(np.float64), axis=1), rtol=1e-6)


def test_glove_style_decimals_over_many_blocks_equal_gensim(tmp_path, monkeypatch):
    """GloVe's own "%.5f" layout (the fast parser's usual input), cut into many small blocks,
    with a last line lacking its newline and blank lines after it."""
    monkeypatch.setattr("engine.embeddings.loader.BLOCK_BYTES", 4096)
    rng = np.random.default_rng(7)
    values = (rng.standard_normal((900, 30)) * rng.choice([0.01, 1, 30], size=(900, 1))).astype(np.float32)
    lines = [f"t{i} " + " ".join(f"{x:.5f}" for x in row) for i, row in enumerate(values)]
    path = tmp_path / "glove.txt"
    path.write_text("\n".join(lines), encoding="utf-8")  # no newline after the last line
    reference = gensim_load(path, no_header=True)
    emb = load_embeddings(path, "glove", cache=False, threads=2)
    assert list(emb.words) == reference.index_to_key
    np.testing.assert_array_equal(emb.vectors, reference.vectors)
    # the norms, computed block by block on the parsing threads, are gensim's bit for bit
    reference.fill_norms()
    np.testing.assert_array_equal(emb.norms, reference.norms)
    # blank lines at the very end (which gensim cannot read) are ignored
    padded = tmp_path / "padded.txt"
    padded.write_text("\n".join(lines) + "\n\n \r\n\n", encoding="utf-8")
    np.testing.assert_array_equal(load_embeddings(padded, "glove", cache=False).vectors, reference.vectors)


@st.composite
def number_texts(draw):
    value = draw(st.floats(allow_nan=False, allow_infinity=False, width=32, min_value=-1e6, max_value=1e6))
    style = draw(st.sampled_from(["%.5f", "%.6f", "%g", "%.8e", "%d", "%r", "%.1f", "%.12f"]))
    return repr(value) if style == "%r" else style % (int(value) if style == "%d" else value)


@given(st.lists(st.lists(number_texts(), min_size=3, max_size=3), min_size=1, max_size=40))
@settings(max_examples=150, deadline=None)
def test_fast_parser_equals_exact_parser_and_numpy(rows):
    """Both parsers give float(x) rounded to float32 for every number (fast when it can)."""
    block = "".join(f"w{i} {' '.join(r)}\n" for i, r in enumerate(rows)).encode()
    expected = np.array([[float(x) for x in r] for r in rows], dtype=np.float64).astype(np.float32)
    words, exact = parse_lines_exact(block, 3, 1, "test")
    np.testing.assert_array_equal(exact, expected)
    assert words == [f"w{i}" for i in range(len(rows))]
    words, values = parse_block(block, 3, 1, "test")
    np.testing.assert_array_equal(values, expected)
    fast = parse_block_fast(bytearray(block), 3)
    if fast is not None:
        np.testing.assert_array_equal(fast[1], expected)
        assert fast[0] == words


def test_fast_parser_takes_plain_decimals_and_declines_exponents():
    assert parse_block_fast(bytearray(b"a 1.5 -0.25 3\nb -12.125 0.0 7.\n"), 3) is not None
    assert parse_block_fast(bytearray(b"a 1.5e-05 2 3\n"), 3) is None
    assert parse_block_fast(bytearray(b"a 1.5 2 nan\n"), 3) is None
    assert parse_block_fast(bytearray(b"a 1.5 -2- 3\n"), 3) is None
    assert parse_block_fast(bytearray(b"a 1..5 2 3\n"), 3) is None
    assert parse_block_fast(bytearray(b"a 1234567890123456 2 3\n"), 3) is None


def _refusal(tmp_path, text: bytes, fmt: str = "glove") -> EmbeddingFileError:
    path = tmp_path / "bad.txt"
    path.write_bytes(text)
    with pytest.raises(EmbeddingFileError) as caught:
        load_embeddings(path, fmt, cache=False)
    return caught.value


def test_a_malformed_number_is_refused_with_its_line(tmp_path):
    error = _refusal(tmp_path, b"a 1 2\nb 3 4\nc 5 x6\nd 7 8\n")
    assert error.code == "malformed_line" and error.line == 3
    assert "line 3" in str(error) and "x6" in str(error)


def test_the_line_number_counts_the_word2vec_header(tmp_path):
    error = _refusal(tmp_path, b"3 2\na 1 2\nb 3 4\nc 5 x6\n", "word2vec")
    assert error.code == "malformed_line" and error.line == 4


def test_mixed_dimensions_are_refused_with_both_sizes(tmp_path):
    error = _refusal(tmp_path, b"a 1 2 3\nb 3 4 5\nc 5 6\n")
    assert (error.code, error.line, error.expected, error.found) == ("mixed_dimensions", 3, 3, 2)


def test_duplicate_words_are_refused_with_both_lines(tmp_path):
    error = _refusal(tmp_path, b"a 1 2\nb 3 4\na 5 6\n")
    assert (error.code, error.word, error.line, error.first_line) == ("duplicate_word", "a", 3, 1)


def test_a_binary_file_opened_as_text_is_refused(tmp_path):
    kv = random_keyed_vectors(n=50, dim=8)
    binary = write_all_formats(kv, tmp_path)["word2vec-binary"][0]
    with pytest.raises(EmbeddingFileError) as caught:
        load_embeddings(binary, "word2vec", cache=False)
    assert caught.value.code == "not_text"


@pytest.mark.parametrize("text, fmt, code", [
    (b"2 3\na 1 2 3\nb 1 2 3\n", "glove", "header_in_glove"),
    (b"a 1 2 3\nb 1 2 3\n", "word2vec", "bad_header"),
    (b"3 3\na 1 2 3\nb 1 2 3\n", "word2vec", "header_count"),
    (b"a 1 2\n\nb 3 4\n", "glove", "malformed_line"),
    (b"a 1 2\n 3 4\n", "glove", "malformed_line"),
    (b"a 1 2\nb 1e999 4\n", "glove", "not_finite"),
    (b"a 1 2\nb nan 4\n", "glove", "not_finite"),
    (b"a 1 2\n\xff\xfe 1 2\n", "glove", "bad_encoding"),
    (b"", "glove", "empty"),
])
def test_refusals_carry_a_stable_code(tmp_path, text, fmt, code):
    assert _refusal(tmp_path, text, fmt).code == code


def test_a_truncated_binary_file_is_refused(tmp_path):
    kv = random_keyed_vectors(n=20, dim=8)
    path = write_all_formats(kv, tmp_path)["word2vec-binary"][0]
    path.write_bytes(path.read_bytes()[:-10])
    with pytest.raises(EmbeddingFileError) as caught:
        load_embeddings(path, "word2vec-binary", cache=False)
    assert caught.value.code == "truncated" and caught.value.word_number == 20


def test_the_word2vec_c_tools_newline_after_each_binary_vector_is_read(tmp_path):
    """The C tool writes "\\n" after every vector; gensim's writer does not; both read alike."""
    rng = np.random.default_rng(0)
    vectors = rng.standard_normal((3, 4)).astype("<f4")
    path = tmp_path / "c.bin"
    path.write_bytes(b"3 4\n" + b"".join(w + b" " + v.tobytes() + b"\n" for w, v in zip([b"x", b"y", b"z"], vectors)))
    emb = load_embeddings(path, "word2vec-binary", cache=False)
    reference = gensim_load(path, binary=True)
    assert list(emb.words) == reference.index_to_key == ["x", "y", "z"]
    np.testing.assert_array_equal(emb.vectors, vectors)


def test_the_second_open_comes_from_the_cache_memory_mapped(tmp_path):
    kv = random_keyed_vectors(n=300, dim=10)
    path = write_all_formats(kv, tmp_path)["glove"][0]
    first = load_embeddings(path, "glove")
    assert not isinstance(first.vectors, np.memmap)
    second = load_embeddings(path, "glove")
    assert isinstance(second.vectors, np.memmap)
    assert second.words == first.words and second.name == first.name
    np.testing.assert_array_equal(second.vectors, first.vectors)
    np.testing.assert_array_equal(second.norms, first.norms)
    entries = [p for p in (tmp_path / "cache" / "embeddings").iterdir() if p.name.endswith("-glove-v1")]
    assert len(entries) == 1 and entries[0].name.startswith(embedding_cache.file_sha256(path)[:40])


def test_a_copy_of_the_file_finds_the_entry_by_its_hash_and_a_changed_file_does_not(tmp_path):
    kv = random_keyed_vectors(n=100, dim=6)
    path = write_all_formats(kv, tmp_path)["glove"][0]
    load_embeddings(path, "glove")
    copy = tmp_path / "copy.txt"
    copy.write_bytes(path.read_bytes())
    assert isinstance(load_embeddings(copy, "glove").vectors, np.memmap)
    changed = path.read_bytes().replace(b"king ", b"kong ", 1)
    path.write_bytes(changed)
    emb = load_embeddings(path, "glove")
    assert "kong" in emb and "king" not in emb and not isinstance(emb.vectors, np.memmap)


def test_a_damaged_cache_entry_is_rebuilt(tmp_path):
    kv = random_keyed_vectors(n=100, dim=6)
    path = write_all_formats(kv, tmp_path)["glove"][0]
    load_embeddings(path, "glove")
    entry = next(p for p in (tmp_path / "cache" / "embeddings").iterdir() if p.name.endswith("-glove-v1"))
    (entry / "words.txt").write_text("too\nfew", encoding="utf-8")
    emb = load_embeddings(path, "glove")
    assert list(emb.words) == kv.index_to_key


def test_the_cache_lives_in_the_users_cache_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("ATTENTION_LAB_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr("sys.platform", "linux")
    assert embedding_cache.embeddings_cache_dir() == tmp_path / "xdg" / "attention-lab" / "embeddings"


def test_progress_rises_to_one_and_cancel_stops_the_load(tmp_path, monkeypatch):
    monkeypatch.setattr("engine.embeddings.loader.BLOCK_BYTES", 2048)
    kv = random_keyed_vectors(n=500, dim=12)
    path = write_all_formats(kv, tmp_path)["glove"][0]
    seen = []
    load_embeddings(path, "glove", progress=seen.append, cache=False)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 10
    stop = threading.Event()
    calls = []

    def progress(fraction):
        calls.append(fraction)
        if fraction > 0.3:
            stop.set()

    with pytest.raises(LoadCancelled):
        load_embeddings(path, "glove", progress=progress, cancelled=stop.is_set, cache=False)
    assert calls[-1] < 1.0


def test_a_load_in_a_worker_thread_can_be_cancelled_from_another(tmp_path, monkeypatch):
    monkeypatch.setattr("engine.embeddings.loader.BLOCK_BYTES", 1024)
    kv = random_keyed_vectors(n=2000, dim=16)
    path = write_all_formats(kv, tmp_path)["word2vec"][0]
    stop = threading.Event()
    started = threading.Event()
    outcome = []

    def work():
        try:
            load_embeddings(path, "word2vec", progress=lambda f: started.set(), cancelled=stop.is_set, cache=False)
            outcome.append("finished")
        except LoadCancelled:
            outcome.append("cancelled")

    thread = threading.Thread(target=work)
    thread.start()
    assert started.wait(10)
    stop.set()
    thread.join(30)
    assert outcome in (["cancelled"], ["finished"])  # a fast machine may finish first
    assert not thread.is_alive()


def test_exact_parser_refuses_a_number_too_large_for_float32():
    with pytest.raises(EmbeddingFileError) as caught:
        parse_lines_exact(b"a 1 2\nb 1e39 2\n", 2, 5, "f")
    assert caught.value.code == "not_finite" and caught.value.line == 6
    assert math.isfinite(float("1e39"))


@st.composite
def plain_decimals(draw):
    value = draw(st.floats(allow_nan=False, allow_infinity=False, width=32, min_value=-99999, max_value=99999))
    style = draw(st.sampled_from(["%.5f", "%.6f", "%d", "%.1f", "%.3f", "%.10f"]))
    return style % (int(value) if style == "%d" else value)


@given(st.lists(st.lists(plain_decimals(), min_size=2, max_size=2), min_size=1, max_size=30))
@settings(max_examples=150, deadline=None)
def test_plain_decimals_take_the_fast_parser_and_equal_float(rows):
    """Up to 8 digits on each side of the point: the 8-byte reader; more (%.10f): digit by digit."""
    block = "".join(f"x{i} {' '.join(r)}\n" for i, r in enumerate(rows)).encode()
    fast = parse_block_fast(bytearray(block), 2)
    assert fast is not None
    expected = np.array([[float(x) for x in r] for r in rows]).astype(np.float32)
    np.testing.assert_array_equal(fast[1], expected)
    assert fast[0] == [f"x{i}" for i in range(len(rows))]


def test_the_fast_parser_reads_signs_points_and_long_fractions():
    block = b"a -0.5 12 .25 -7. 0.000000000001 -123456789.012345\n"
    words, values = parse_block_fast(bytearray(block), 6)
    assert words == ["a"]
    expected = np.array([-0.5, 12, 0.25, -7.0, 1e-12, -123456789.012345], dtype=np.float64).astype(np.float32)
    np.testing.assert_array_equal(values[0], expected)


@pytest.mark.parametrize("block", [b"a 1.5 -2\nb 3 4.25\n", b"a 1.5  -2 \r\nb\t3 4.25\r\n"])
def test_single_spaces_and_crlf_or_runs_of_spaces_read_alike(block):
    """One space between tokens takes the cheap bounds; CRLF, tabs and runs of spaces the
    general ones: the same words and numbers."""
    words, values = parse_block_fast(bytearray(block), 2)
    assert words == ["a", "b"]
    np.testing.assert_array_equal(values, np.array([[1.5, -2], [3, 4.25]], dtype=np.float32))


@pytest.mark.parametrize("block", [b"a 1 2\nb 3\n", b"a 1 2\n\nb 3 4\n", b"a 1 2\n 3 4\n", b"a 1 2 3\nb 3 4\n"])
def test_a_block_with_a_bad_line_leaves_the_fast_parser(block):
    assert parse_block_fast(bytearray(block), 2) is None
