"""engine.ngram.vocabulary worked by hand: the vocabulary of a two-sentence corpus under both
conventions, orders and cut-offs (which pads are words, which ids), the padded text, and the
token index.  Fast: the mutation run ([tool.mutmut]) uses this file."""
import numpy as np
import pytest

from engine.ngram import vocabulary
from engine.ngram.tokens import corpus_from_sentences
from engine.ngram.vocabulary import NLTK, TEXTBOOK, TokenIndex, Vocabulary, build_vocabulary, pad_corpus, pads

# a 2, b 2, c 1; two sentences
CORPUS = corpus_from_sentences([["a", "b", "a"], ["c", "b"]])


def test_padding_of_each_convention():
    assert [pads(NLTK, n) for n in (1, 2, 3)] == [(0, 0), (1, 1), (2, 2)]
    assert [pads(TEXTBOOK, n) for n in (1, 2, 3)] == [(0, 1), (1, 1), (2, 1)]


@pytest.mark.parametrize("conventions, order, cutoff, tokens, outcomes, unk, bos, eos, type_map", [
    # nltk: <s> and </s> are words of the padded text (2 sentences x 2 pads = 4 each)
    (NLTK, 3, 1, ("a", "b", "c", "<s>", "</s>", "<UNK>"), 6, 5, 3, 4, [0, 1, 2]),
    (NLTK, 3, 2, ("a", "b", "<s>", "</s>", "<UNK>"), 5, 4, 2, 3, [0, 1, 4]),
    (NLTK, 3, 4, ("<s>", "</s>", "<UNK>"), 3, 2, 0, 1, [2, 2, 2]),  # the pads occur 4 times: known
    (NLTK, 3, 5, ("<UNK>",), 1, 0, 0, 0, [0, 0, 0]),  # below the cut-off the pads are <UNK> too
    (NLTK, 2, 2, ("a", "b", "<s>", "</s>", "<UNK>"), 5, 4, 2, 3, [0, 1, 4]),  # 1 pad x 2 sentences
    (NLTK, 2, 3, ("<UNK>",), 1, 0, 0, 0, [0, 0, 0]),
    (NLTK, 1, 1, ("a", "b", "c", "<UNK>"), 4, 3, -1, 3, [0, 1, 2]),  # no padding: no <s>, </s> is <UNK>
    # textbook: </s> once a sentence is an outcome; <s> only context, after the outcomes
    (TEXTBOOK, 3, 1, ("a", "b", "c", "</s>", "<unk>", "<s>"), 5, 4, 5, 3, [0, 1, 2]),
    (TEXTBOOK, 3, 2, ("a", "b", "</s>", "<unk>", "<s>"), 4, 3, 4, 2, [0, 1, 3]),
    (TEXTBOOK, 3, 3, ("<unk>", "<s>"), 1, 0, 1, 0, [0, 0, 0]),  # </s> twice: below 3
    (TEXTBOOK, 1, 1, ("a", "b", "c", "</s>", "<unk>"), 5, 4, -1, 3, [0, 1, 2]),
])
def test_vocabulary_of_a_two_sentence_corpus(conventions, order, cutoff, tokens, outcomes, unk, bos, eos, type_map):
    vocab, type_to_model = build_vocabulary(CORPUS, order, conventions, cutoff)
    assert vocab == Vocabulary(tokens, outcomes, unk, bos, eos, cutoff)
    assert type_to_model.tolist() == type_map and type_to_model.dtype == np.int64


def test_the_vocabulary_defaults_to_nltk_and_a_cut_off_of_1():
    assert build_vocabulary(CORPUS, 2)[0] == build_vocabulary(CORPUS, 2, NLTK, 1)[0]


def test_the_cut_off_is_at_least_1():
    with pytest.raises(ValueError, match="^the unknown-word cut-off must be at least 1, not 0$"):
        build_vocabulary(CORPUS, 2, NLTK, 0)


def test_words_are_counted_across_slices(monkeypatch):
    monkeypatch.setattr(vocabulary, "COUNT_SLICE", 2)  # the 5 tokens in slices of 2, 2, 1
    vocab, type_to_model = build_vocabulary(CORPUS, 1, NLTK, 2)
    assert vocab.tokens == ("a", "b", "<UNK>") and type_to_model.tolist() == [0, 1, 2]


def test_the_vocabulary_looks_words_up():
    vocab, _ = build_vocabulary(CORPUS, 2, NLTK, 2)  # a b <s> </s> <UNK>
    assert len(vocab) == 5
    assert [vocab.id(t) for t in ("b", "</s>", "c", "zzz")] == [1, 3, 4, 4]
    assert vocab.ids(["c", "a", "<s>"]).tolist() == [4, 0, 2]
    assert [vocab.lookup(t) for t in ("a", "c", "<s>")] == ["a", "<UNK>", "<s>"]


@pytest.mark.parametrize("conventions, order, cutoff, ids, position, predicted", [
    # nltk, n = 3: <s> <s> a b a </s> </s> | <s> <s> c b </s> </s>, every position counted
    (NLTK, 3, 1, [3, 3, 0, 1, 0, 4, 4, 3, 3, 2, 1, 4, 4], [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5], [1] * 13),
    # textbook, n = 3: <s> <s> a b a </s> | <s> <s> c b </s>; the <s> are not predicted
    (TEXTBOOK, 3, 1, [5, 5, 0, 1, 0, 3, 5, 5, 2, 1, 3], [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4],
     [0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1]),
    # cut-off 2: c is <UNK>; textbook n = 2: <s> a b a </s> | <s> <unk> b </s>
    (TEXTBOOK, 2, 2, [4, 0, 1, 0, 2, 4, 3, 1, 2], [0, 1, 2, 3, 4, 0, 1, 2, 3], [0, 1, 1, 1, 1, 0, 1, 1, 1]),
    # nltk, n = 1: no pads at all
    (NLTK, 1, 1, [0, 1, 0, 2, 1], [0, 1, 2, 0, 1], [1] * 5),
])
def test_padded_text_of_a_two_sentence_corpus(conventions, order, cutoff, ids, position, predicted):
    vocab, type_to_model = build_vocabulary(CORPUS, order, conventions, cutoff)
    padded = pad_corpus(type_to_model[CORPUS.ids], CORPUS.offsets, vocab, order, conventions)
    assert padded.ids.tolist() == ids and padded.position.tolist() == position
    assert padded.predicted.tolist() == [bool(p) for p in predicted]
    assert padded.ids.dtype == padded.position.dtype == np.int32 and padded.predicted.dtype == bool


def test_pads_below_the_cut_off_are_the_unknown_word():
    vocab, type_to_model = build_vocabulary(CORPUS, 3, NLTK, 5)  # only <UNK>
    padded = pad_corpus(type_to_model[CORPUS.ids], CORPUS.offsets, vocab, 3, NLTK)
    assert padded.ids.tolist() == [0] * 13


# ---- the token index ---------------------------------------------------------------------
def test_tokens_of_one_hash_are_walked_from_the_last(monkeypatch):
    monkeypatch.setattr(vocabulary, "_hash", lambda token: 7)
    index = TokenIndex(("a", "b", "c", "b"))
    assert [index.get(t, -1) for t in ("a", "b", "c", "d")] == [0, 3, 2, -1]
    assert index.ids(iter(["d", "a", "c"]), -1).tolist() == [-1, 0, 2]  # any iterable


def test_unique_hashes_are_answered_without_the_walk(monkeypatch):
    index = TokenIndex(("x", "y", "z"))
    walked = []
    monkeypatch.setattr(TokenIndex, "get", lambda self, token, default: walked.append(token) or default)
    assert index.ids(("z", "x", "nope", "y"), 9).tolist() == [2, 0, 9, 1]
    assert walked == []  # nor for a token that is absent (its hash matches none)
    assert index.ids((t for t in ("y",)), 9).tolist() == [1]


def test_repeated_tokens_answer_their_last_id_among_many_of_one_hash(monkeypatch):
    # 100 tokens w0..w9 ten times each, two hashes alternating: an unstable sort of the hashes
    # (numpy's default for 100 keys) would put an earlier w3 where the walk meets it first
    monkeypatch.setattr(vocabulary, "_hash", lambda token: int(token[1:]) % 2)
    tokens = tuple(f"w{i % 10}" for i in range(100))
    index = TokenIndex(tokens)
    assert [index.get(f"w{k}", -1) for k in range(10)] == [90 + k for k in range(10)]
    assert index.ids([f"w{k}" for k in range(10)], -1).tolist() == [90 + k for k in range(10)]
