"""The neural models' vocabulary and the id arrays they train and score on.

The vocabulary is engine.ngram's under the textbook convention (cut-off 1): the training
words in order of first appearance, then ``</s>`` and ``<unk>`` — these are the outcomes a
model predicts — then ``<s>``, which is only ever an input.  A sentence w1 … wm is predicted as
w1 … wm ``</s>`` (m + 1 tokens), each from the words before it with ``<s>`` in front: the same
tokens the n-gram models and the true floor count.
"""
from __future__ import annotations

import numpy as np

from engine.ngram.tokens import Corpus
from engine.ngram.vocabulary import TEXTBOOK, Vocabulary, build_vocabulary


def vocabulary_of(corpus: Corpus) -> Vocabulary:
    """The textbook vocabulary of a training corpus, cut-off 1 (build_vocabulary's); the order
    only decides the padding, and every order from 2 gives the same tokens."""
    vocabulary, _ = build_vocabulary(corpus, 2, TEXTBOOK)
    return vocabulary


def vocabulary_from_tokens(tokens) -> Vocabulary:
    """The vocabulary back from its token list (config.json): ... </s> <unk> <s>."""
    tokens = tuple(tokens)
    if tokens[-3:] != (TEXTBOOK.eos, TEXTBOOK.unk, TEXTBOOK.bos):
        raise ValueError("a neural LM's vocabulary ends with </s>, <unk>, <s>")
    n = len(tokens)
    return Vocabulary(tokens, n - 1, n - 2, n - 1, n - 3, 1)


def sentence_ids(corpus: Corpus, vocabulary: Vocabulary) -> list[np.ndarray]:
    """Each sentence's word ids (unknown words -> <unk>)."""
    ids = vocabulary.ids(corpus.types)[corpus.ids]  # int64 (an empty corpus: no types, no ids)
    return [ids[corpus.offsets[s]:corpus.offsets[s + 1]] for s in range(corpus.sentence_count)]


def windows(words: np.ndarray, vocabulary: Vocabulary, context: int) -> tuple[np.ndarray, np.ndarray]:
    """(contexts (m+1, context), targets (m+1,)) of one sentence: each predicted token and the
    ``context`` tokens before it, ``<s>`` filling in before the start."""
    padded = np.concatenate([np.full(context, vocabulary.bos_id, np.int64), words, [vocabulary.eos_id]])
    grams = np.lib.stride_tricks.sliding_window_view(padded, context + 1)
    return grams[:, :context], grams[:, context]


def sequence(words: np.ndarray, vocabulary: Vocabulary) -> tuple[np.ndarray, np.ndarray]:
    """(inputs, targets) of one sentence for the LSTM: <s> w1 … wm -> w1 … wm </s>."""
    return (np.concatenate([[vocabulary.bos_id], words]).astype(np.int64),
            np.concatenate([words, [vocabulary.eos_id]]).astype(np.int64))


def padded_batch(sentences: list[np.ndarray], vocabulary: Vocabulary, ignore: int = -100):
    """(inputs (B, T), targets (B, T)) of sentences for the LSTM; positions past a sentence's
    end have target ``ignore`` (and input </s>, which they never feed back into a kept output)."""
    pairs = [sequence(s, vocabulary) for s in sentences]
    length = max(len(x) for x, _ in pairs)
    inputs = np.full((len(pairs), length), vocabulary.eos_id, np.int64)
    targets = np.full((len(pairs), length), ignore, np.int64)
    for row, (x, y) in enumerate(pairs):
        inputs[row, :len(x)] = x
        targets[row, :len(y)] = y
    return inputs, targets
