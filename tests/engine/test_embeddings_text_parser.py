"""engine.embeddings.text_parser on small hand-written blocks: every refusal of the exact
parser word for word with its line, and the fast parser's edge cases (where a token's digits
sit, signs, points, the number of digits each reader takes) against Python's ``float``
rounded to float32, the value every other reader (numpy, gensim) gives."""
from __future__ import annotations

import numpy as np
import pytest

from engine.embeddings.errors import EmbeddingFileError
from engine.embeddings.text_parser import parse_block, parse_block_fast, parse_lines_exact


def float32_rows(*rows) -> np.ndarray:
    """The oracle: Python's float of each decimal text, then float32."""
    return np.array([[float(x) for x in row] for row in rows], dtype=np.float64).astype(np.float32)


def exact_refusal(block: bytes, dim: int, first_line: int = 1) -> EmbeddingFileError:
    with pytest.raises(EmbeddingFileError) as caught:
        parse_lines_exact(block, dim, first_line, "vectors.txt")
    return caught.value


@pytest.mark.parametrize("block, first_line, message", [
    (b"a 1 2\nb 3 4\n\nd 7 8\n", 10, "vectors.txt, line 12: the line is empty"),
    (b"a 1 2\n   \n", 1, "vectors.txt, line 2: the line is empty"),
    (b"a 1 2\n 3 4\n", 5, "vectors.txt, line 6: the line starts with a space instead of a word"),
    (b"a 1 2\n\tb 3 4\n", 1, "vectors.txt, line 2: the line starts with a space instead of a word"),
    (b"a 1 2\nb 3 4\nc 5\n", 7, "vectors.txt, line 9: 1 numbers after the word, but the file's vectors have 2"),
    (b"a 1 2\nb 3 4 5\n", 1, "vectors.txt, line 2: 3 numbers after the word, but the file's vectors have 2"),
    # the first token that is not a number is named (the one before it is)
    (b"a 1 2\nb 3 x4\n", 3, "vectors.txt, line 4: 'x4' is not a number"),
    (b"a 1 2\nb 3e 4e\n", 1, "vectors.txt, line 2: '3e' is not a number"),
    # a token that is not UTF-8 is shown with replacement characters
    (b"a 1 2\nb 3 \xff4\n", 1, "vectors.txt, line 2: '\ufffd4' is not a number"),
    (b"a 1 2\nb 3 nan\n", 20, "vectors.txt, line 21: the vector holds a value that is not a finite number"),
    (b"a 1 2\nb -inf 3\n", 1, "vectors.txt, line 2: the vector holds a value that is not a finite number"),
    # finite as a double, infinite as float32: the line of the first such row
    (b"a 1 2\nb 1 2\nc 4e38 1\nd 5e38 1\n", 3, "vectors.txt, line 5: the vector holds a value that is not a finite number"),
    (b"a 1 2\n\xc3\x28 3 4\n", 1, "vectors.txt, line 2: the word is not UTF-8 text"),
])
def test_each_refusal_of_the_exact_parser_word_for_word(block, first_line, message):
    error = exact_refusal(block, 2, first_line)
    assert str(error) == message
    assert error.line == int(message.split("line ")[1].split(":")[0])
    assert error.path == "vectors.txt"


def test_the_refusals_carry_their_codes_and_reasons():
    assert exact_refusal(b"a 1 2\n\n", 2).code == "malformed_line"
    assert exact_refusal(b"a 1 2\n\n", 2).reason.code == "embedding_reason_empty_line"
    assert exact_refusal(b" 1 2\n", 2).reason.code == "embedding_reason_leading_space"
    bad_number = exact_refusal(b"a 1 y\n", 2)
    assert (bad_number.code, bad_number.reason.code, bad_number.reason.arguments) == (
        "malformed_line", "embedding_reason_not_a_number", {"token": "y"})
    mixed = exact_refusal(b"a 1 2 3\n", 2)
    assert (mixed.code, mixed.expected, mixed.found) == ("mixed_dimensions", 2, 3)
    assert exact_refusal(b"a 1 inf\n", 2).code == "not_finite"
    assert exact_refusal(b"\xff 1 2\n", 2).code == "bad_encoding"


def test_the_exact_parser_reads_words_and_float32_values():
    words, values = parse_lines_exact("a 1 2\nnaïve -0.5 3.25e2\n北京 1e-3 7\n".encode(), 2, 1, "f")
    assert words == ["a", "naïve", "北京"]
    assert values.dtype == np.float32 and values.shape == (3, 2)
    np.testing.assert_array_equal(values, float32_rows(["1", "2"], ["-0.5", "3.25e2"], ["1e-3", "7"]))


@pytest.mark.parametrize("block", [b"a 1.5\nb 2\n", b"a 1.5\nb 2"])
def test_the_last_newline_is_optional_and_one_column_keeps_its_shape(block):
    words, values = parse_lines_exact(block, 1, 1, "f")
    assert words == ["a", "b"]
    assert values.shape == (2, 1)
    np.testing.assert_array_equal(values, [[1.5], [2.0]])


def test_an_empty_block_is_no_rows_of_the_given_width():
    words, values = parse_lines_exact(b"", 3, 1, "f")
    assert words == [] and values.shape == (0, 3) and values.dtype == np.float32


# Tokens and the values float() gives them: whole parts of 0, 1, 2, 3 and 8 digits, fractions of
# 0 to 8 digits, a point first or last, signs, and (for the digit-by-digit reader) 9 to 15 digits;
# 8 digits on each side are 16 digits, which only the 8-byte reader takes.
EIGHT_DIGITS_EACH_SIDE = ["0", "7", "-7", "12", "-12", "123", "-123", "99999999", "-10000000", ".5", "-.5", "5.",
                          "-5.", "0.1", "-0.000001", "1234567.12345678", "-87654321.8765432", "10.25",
                          "3.14159265", "-99.5", "0.0", "-0.0", "40.00000001", "1.", ".00000001"]
LONGER = ["123456789", "-1.123456789", "0.000000000001", "123456789012345", "-12345.6789012345",
          ".123456789012345", "123456789012345."]


def _buffer_and_bounds(tokens: list[str]):
    """The buffer parse_block_fast hands the readers (8 bytes of padding, the tokens, a newline)
    and each token's bounds, found by a regular expression."""
    import re

    text = (" " * 8 + " ".join(tokens) + "\n").encode()
    spans = [m.span() for m in re.finditer(rb"\S+", text)]
    starts, ends = (np.array(side, dtype=np.int64) for side in zip(*spans))
    return np.frombuffer(bytearray(text), dtype=np.uint8), starts, ends


@pytest.mark.parametrize("reader", ["_plain_decimals", "_plain_decimals_by_digit"])
@pytest.mark.parametrize("tokens", [EIGHT_DIGITS_EACH_SIDE, [t for t in EIGHT_DIGITS_EACH_SIDE if "." in t],
                                    [t for t in EIGHT_DIGITS_EACH_SIDE if "." not in t], LONGER,
                                    EIGHT_DIGITS_EACH_SIDE[::-1] + LONGER, ["5"], ["-.5"], ["123456789", "1.5"],
                                    ["1.5", "-0.123456789"]])
def test_both_readers_give_floats_value_for_every_plain_decimal(reader, tokens):
    from engine.embeddings import text_parser

    buf, starts, ends = _buffer_and_bounds(tokens)
    values = getattr(text_parser, reader)(buf, starts, ends)
    assert values.dtype == np.float64
    np.testing.assert_array_equal(values, [float(t) for t in tokens])
    # signs as float gives them, -0.0 included
    assert list(np.signbit(values)) == [t.startswith("-") for t in tokens]


@pytest.mark.parametrize("reader", ["_plain_decimals", "_plain_decimals_by_digit"])
@pytest.mark.parametrize("tokens", [["1.2.3", "4"], ["1.5", "2..5"], ["4", "1.2.3"], ["-", "1"], [".", "1"],
                                    ["-.", "1"], ["1-2", "3"], ["--1", "3"], ["1e5", "2"], ["+1", "2"], ["1,5", "2"],
                                    ["1234567890123456", "2"], ["1.5", "-0.5-"], ["1.5", "2.5", "x"],
                                    ["1:5", "2"], ["2", "1.5/"], ["12", "3.4.5"]])
def test_both_readers_decline_what_is_not_a_plain_decimal(reader, tokens):
    from engine.embeddings import text_parser

    assert getattr(text_parser, reader)(*_buffer_and_bounds(tokens)) is None


def test_the_eight_byte_reader_takes_eight_digits_each_side_without_the_slow_reader(monkeypatch):
    """Up to 8 digits before and after the point (every GloVe / word2vec / fastText number) never
    goes digit by digit: the load time the issue asks for depends on it."""
    from engine.embeddings import text_parser

    def refuse(*_args):
        raise AssertionError("the digit-by-digit reader was used")

    monkeypatch.setattr(text_parser, "_plain_decimals_by_digit", refuse)
    for tokens in (EIGHT_DIGITS_EACH_SIDE, ["12345678.12345678", "-87654321.87654321"], ["-12345678", "0.5"]):
        np.testing.assert_array_equal(text_parser._plain_decimals(*_buffer_and_bounds(tokens)),
                                      [float(t) for t in tokens])


@pytest.mark.parametrize("block", [b"a 1 2\nbb 3 4\n", b"a 1.5 -2\nb 3 4.25\nc 5 6\n", "北京 1 2\n".encode(),
                                   b"a\t1 2\nb 3\t4\n"])
def test_the_usual_layout_takes_the_cheap_token_bounds(block, monkeypatch):
    """One separator between tokens and one newline after each line: the bounds come from the
    separators alone (not the general search), the same as a regular expression finds."""
    import re

    from engine.embeddings import text_parser

    def refuse(*_args):
        raise AssertionError("the general token search was used")

    monkeypatch.setattr(text_parser, "_token_bounds", refuse)
    words, values = parse_block_fast(bytearray(block), 2)
    lines = [line.split() for line in block.decode().splitlines()]
    assert words == [line[0] for line in lines]
    np.testing.assert_array_equal(values, float32_rows(*[line[1:] for line in lines]))
    buf = np.frombuffer(bytearray(b" " * 8 + block), dtype=np.uint8)
    starts, ends = text_parser._single_separator_bounds(buf, 2)
    spans = [m.span() for m in re.finditer(rb"\S+", b" " * 8 + block)]
    assert list(zip(starts.tolist(), ends.tolist())) == spans


@pytest.mark.parametrize("block", [b"a 1 2\r\nb 3 4\r\n", b"a  1 2\nb 3 4\n", b"a 1 2 \nb 3 4\n", b"a 1 2\r\nb 3  4\n"])
def test_other_whitespace_takes_the_general_token_bounds(block):
    import re

    from engine.embeddings import text_parser

    buf = np.frombuffer(bytearray(b" " * 8 + block), dtype=np.uint8)
    assert text_parser._single_separator_bounds(buf, 2) is None
    starts, ends = text_parser._token_bounds(buf)
    assert list(zip(starts.tolist(), ends.tolist())) == [m.span() for m in re.finditer(rb"\S+", b" " * 8 + block)]
    words, values = parse_block_fast(bytearray(block), 2)
    assert words == ["a", "b"]
    np.testing.assert_array_equal(values, [[1, 2], [3, 4]])


@pytest.mark.parametrize("block", [b"a 1 2\nb 3\n", b"a 1 2\nb 3 4 5\n", b"a 1 2\n\nb 3 4\n", b"a 1 2\n 3 4\n",
                                   b"a 1 2\nb 3 4", b"", b"a 1 2\nb 3 4\n5\n", b"a 1\n2 b\n3 4\n",
                                   b"a 1 2\nb 3 4\n\n", b"a  1\nb 3 4\n", b"a 1 2 3 4 5\n", b"a 1\n2\n"])
def test_a_block_that_is_not_whole_lines_of_a_word_and_two_numbers_is_declined(block):
    assert parse_block_fast(bytearray(block), 2) is None


def test_words_that_are_not_utf8_leave_the_fast_parser():
    assert parse_block_fast(bytearray(b"a 1 2\n\xff 3 4\n"), 2) is None
    with pytest.raises(EmbeddingFileError) as caught:
        parse_block(b"a 1 2\n\xff 3 4\n", 2, 4, "v.txt")
    assert str(caught.value) == "v.txt, line 5: the word is not UTF-8 text"


def test_parse_block_reads_the_usual_block_without_the_exact_parser(monkeypatch):
    from engine.embeddings import text_parser

    def refuse(*_args):
        raise AssertionError("the exact parser was used")

    monkeypatch.setattr(text_parser, "parse_lines_exact", refuse)
    words, values = parse_block(b"a 0.5 -2\nb 3 4.25\n", 2, 1, "v.txt")
    assert words == ["a", "b"]
    np.testing.assert_array_equal(values, [[0.5, -2], [3, 4.25]])


def test_parse_block_hands_a_block_the_fast_parser_declines_to_the_exact_one():
    words, values = parse_block(b"a 1e-3 2\nb 3 4\n", 2, 1, "v.txt")
    assert words == ["a", "b"]
    np.testing.assert_array_equal(values, float32_rows(["1e-3", "2"], ["3", "4"]))
    with pytest.raises(EmbeddingFileError) as caught:
        parse_block(b"a 1 2\nb 3 4\nc 5\n", 2, 10, "v.txt")
    assert str(caught.value) == "v.txt, line 12: 1 numbers after the word, but the file's vectors have 2"


def test_a_run_of_separators_is_never_read_by_the_cheap_bounds():
    """"a  1" has an empty token between its two spaces: three tokens by the cheap count."""
    from engine.embeddings import text_parser

    buf = np.frombuffer(bytearray(b" " * 8 + b"a  1\nb 3 4\n"), dtype=np.uint8)
    assert text_parser._single_separator_bounds(buf, 2) is None


def test_words_holding_digits_points_signs_or_unicode_spaces_are_words():
    """A word's bytes never count as a number's ("1990", "U.S.", "-3" are words of the fixture
    files), and a no-break or ideographic space inside a word does not split it (bytes > 32)."""
    block = "1990 1 2\nU.S. 3.5 -4\n-3 5 6\nnew\u00a0york 7 8\n東\u3000京 9 10\n".encode()
    words, values = parse_block_fast(bytearray(block), 2)
    assert words == ["1990", "U.S.", "-3", "new\u00a0york", "東\u3000京"]
    assert values.dtype == np.float32
    np.testing.assert_array_equal(values, [[1, 2], [3.5, -4], [5, 6], [7, 8], [9, 10]])
    assert parse_lines_exact(block, 2, 1, "f")[0] == words
