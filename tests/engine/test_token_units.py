"""engine.token_units: one rule for writing a model's tokens, checked against the tokenizers' own
decoders (the word tokenizer's decode, transformers' BERT tokenizer) and the piece conventions."""
import pytest

from engine.tasks import TASKS
from engine.token_units import CHARACTERS, MARKED_STARTS, WORD_PIECES, WORDS, join_tokens, piece_unit, tokenizer_unit


@pytest.mark.parametrize("task,unit", [("dates", CHARACTERS), ("zh-en", WORDS)])
def test_shipped_tokenizers_name_their_unit_and_join_as_they_decode(task, unit):
    source, target = TASKS[task].build_tokenizers()
    assert tokenizer_unit(target) == unit
    text = "2021-03-26" if task == "dates" else "Jane will visit Africa in September ."
    ids = target.encode(text).ids
    assert join_tokens(target.tokens(ids), unit) == target.decode(ids)  # the tokenizer's own decoder


def test_word_pieces_merge_as_bert_writes_them(tmp_path):
    transformers = pytest.importorskip("transformers")
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "jane", "is", "vis", "##iting", "africa",
                                "##n", "in", "sept", "##ember"]) + "\n")
    tok = transformers.BertTokenizer(str(vocab))
    pieces = tok.tokenize("Jane is visiting African in September")
    assert "##iting" in pieces and piece_unit(tok.get_vocab()) == WORD_PIECES
    assert join_tokens(pieces, WORD_PIECES) == tok.convert_tokens_to_string(pieces)


def test_pieces_that_mark_word_starts():
    gpt2 = ["Jane", "Ġis", "Ġvis", "iting", "ĠAfrica"]
    assert piece_unit(gpt2) == MARKED_STARTS
    assert join_tokens(gpt2, MARKED_STARTS) == "".join(gpt2).replace("Ġ", " ")
    sentencepiece = ["▁Jane", "▁is", "▁vis", "iting", "▁Africa", "</s>"]
    assert join_tokens(sentencepiece, MARKED_STARTS) == "Jane is visiting Africa </s>"  # a special token alone
    with pytest.raises(ValueError):
        join_tokens(gpt2, "bytes")
