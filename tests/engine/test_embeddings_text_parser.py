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
