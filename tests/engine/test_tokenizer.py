import pytest

from engine.tokenizer import CharTokenizer, InputError


def test_specials_and_round_trip():
    tok = CharTokenizer("abc")
    assert tok.itos[:4] == ["<pad>", "<s>", "</s>", "<unk>"]
    enc = tok.encode("cab")
    assert tok.decode(enc.ids) == "cab"
    assert enc.unknown == ()


def test_unknown_characters_are_reported_once_each():
    tok = CharTokenizer("abc")
    enc = tok.encode("axbxé")
    assert enc.tokens == ["a", "<unk>", "b", "<unk>", "<unk>"]
    assert enc.unknown == ("x", "é")


def test_too_long_is_refused_or_truncated_explicitly():
    tok = CharTokenizer("a")
    with pytest.raises(InputError, match="at most 3"):
        tok.encode("aaaa", max_length=3)
    enc = tok.encode("aaaa", max_length=3, truncate=True)
    assert enc.truncated and len(enc.ids) == 3


def test_decode_stops_at_eos():
    tok = CharTokenizer("ab")
    assert tok.decode([tok.stoi["a"], tok.eos_id, tok.stoi["b"]]) == "a"
