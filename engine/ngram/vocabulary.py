"""Conventions (padding, unknown word), the model's vocabulary, and padded id sequences.

Two conventions:

* ``NLTK`` (the default, and the CLI contract's): as ``nltk.lm.preprocessing.
  padded_everygram_pipeline`` — every sentence padded with n−1 ``<s>`` on the left *and* n−1
  ``</s>`` on the right, every n-gram of order 1..n inside the padded sentence counted (so
  ``<s>`` and the second ``</s>`` are counted too), the vocabulary built from the padded text
  with ``<UNK>`` and a count cut-off (1: every training word is known).  ``<s>`` is an outcome
  like any word (nltk's Laplace divides by ``len(vocab)``, which counts it).  With n = 1 there is
  no padding at all, so ``</s>`` is not in the vocabulary and scores as ``<UNK>``.
* ``TEXTBOOK``: n−1 ``<s>`` on the left and one ``</s>`` on the right; only the positions of the
  sentence's words and its ``</s>`` are predicted (counted), so ``<s>`` is context only and the
  outcomes are the words, ``<unk>`` and ``</s>``.

Ids: the outcomes first (``outcome_count`` of them: what P(·|context) is a distribution over),
then ``<s>`` when it is context only.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from engine.ngram.tokens import Corpus, index_dtype


@dataclass(frozen=True)
class Conventions:
    name: str
    bos: str
    eos: str
    unk: str
    right_pads_full: bool  # True: n−1 </s> (nltk); False: one </s>
    bos_is_outcome: bool  # nltk counts <s> as a word; the textbook never predicts it


NLTK = Conventions("nltk", "<s>", "</s>", "<UNK>", right_pads_full=True, bos_is_outcome=True)
TEXTBOOK = Conventions("textbook", "<s>", "</s>", "<unk>", right_pads_full=False, bos_is_outcome=False)
CONVENTIONS = {c.name: c for c in (NLTK, TEXTBOOK)}


def pads(conventions: Conventions, order: int) -> tuple[int, int]:
    """(left, right) padding of a sentence for an order-n model."""
    left = order - 1
    right = order - 1 if conventions.right_pads_full else 1
    return left, right


@dataclass(frozen=True)
class Vocabulary:
    tokens: tuple[str, ...]  # by id
    outcome_count: int  # ids 0..outcome_count-1 can be predicted
    unk_id: int
    bos_id: int  # -1 when <s> is in no n-gram (nltk, n = 1)
    eos_id: int  # under nltk with n = 1: unk_id (</s> is not in the vocabulary)
    cutoff: int

    @cached_property
    def _index(self) -> "TokenIndex":
        """token -> id, made when first looked up (counting works on ids alone)."""
        return TokenIndex(self.tokens)

    def __len__(self) -> int:
        return len(self.tokens)

    def id(self, token: str) -> int:
        return self._index.get(token, self.unk_id)

    def ids(self, tokens) -> np.ndarray:
        return self._index.ids(tokens, self.unk_id)

    def lookup(self, token: str) -> str:
        """The token as the model sees it (unknown -> <UNK>)."""
        return self.tokens[self.id(token)]


_hash = hash  # of the tokens (a test gives colliding ones)


def _hashes(tokens) -> np.ndarray:
    return np.fromiter(map(_hash, tokens), np.int64, count=len(tokens))


class TokenIndex:
    """token -> id over a tuple of tokens, as ``{t: i for i, t in enumerate(tokens)}`` answers
    (the last of equal tokens), in 16 bytes a token: the tokens' hashes sorted, with their ids.
    A dict took some 80 bytes a token (with its int objects): 70 MB for the 825 000 types of a
    200 MB text, a third of its peak's excess over 3× the file."""

    def __init__(self, tokens: tuple[str, ...]):
        self.tokens = tokens
        hashes = _hashes(tokens)
        # equal hashes in id order: the last is the highest id; int32 ids, half of argsort's int64
        self.order = np.argsort(hashes, kind="stable").astype(index_dtype(len(tokens)))
        self.hashes = hashes[self.order]

    def get(self, token: str, default: int) -> int:
        h = _hash(token)
        at = int(np.searchsorted(self.hashes, h, side="right")) - 1
        while at >= 0 and self.hashes[at] == h:
            i = int(self.order[at])
            if self.tokens[i] == token:
                return i
            at -= 1
        return default

    def ids(self, tokens, default: int) -> np.ndarray:
        """get of each token, the searches done together, IDS_AT_ONCE tokens at a time (a
        corpus's million types at once made six arrays of a million: 45 MB above a 200 MB
        text's model, the peak of its δ curve)."""
        tokens = tokens if isinstance(tokens, (list, tuple)) else list(tokens)
        out = np.full(len(tokens), default, np.int64)
        if len(self.hashes):
            for start in range(0, len(tokens), IDS_AT_ONCE):
                out[start:start + IDS_AT_ONCE] = self._ids(tokens[start:start + IDS_AT_ONCE], default)
        return out

    def _ids(self, tokens, default: int) -> np.ndarray:
        h = _hashes(tokens)
        at = np.maximum(np.searchsorted(self.hashes, h, side="right") - 1, 0)
        candidate = self.order[at]
        same_hash = self.hashes[at] == h
        found = np.fromiter((bool(s) and self.tokens[i] == t for s, i, t in zip(same_hash, candidate, tokens)),
                            bool, count=len(tokens))
        out = np.where(found, candidate, default)
        for j in np.flatnonzero(same_hash & ~found):  # another token of the same hash: look further
            out[j] = self.get(tokens[j], default)
        return out


#: tokens looked up at once by TokenIndex.ids
IDS_AT_ONCE = 1 << 16


#: running tokens counted at once for the vocabulary (a 200 MB text's ids copied whole as int64
#: were its fit's peak: 270 MB)
COUNT_SLICE = 1 << 22


def build_vocabulary(corpus: Corpus, order: int, conventions: Conventions = NLTK,
                     cutoff: int = 1) -> tuple[Vocabulary, np.ndarray]:
    """The vocabulary of the padded training text, and the map corpus type id -> model id.

    A word is known when it occurs at least ``cutoff`` times; the unknown token is always in
    the vocabulary (nltk's ``Vocabulary`` counts ``<UNK>`` in its length).  Ids follow first
    appearance, the special tokens after the words.
    """
    if cutoff < 1:
        raise ValueError(f"the unknown-word cut-off must be at least 1, not {cutoff}")
    counts = np.zeros(len(corpus.types), np.int64)
    for at in range(0, corpus.token_count, COUNT_SLICE):  # bincount copies its input as int64: a slice at a time
        counts += np.bincount(corpus.ids[at:at + COUNT_SLICE], minlength=len(corpus.types))
    known = np.flatnonzero(counts >= cutoff)
    words = [corpus.types[i] for i in known]
    sentences = corpus.sentence_count
    left, right = pads(conventions, order)
    tokens = list(words)
    specials = {}
    # The pads occur (left or right) * sentences times in the padded text.
    if conventions.bos_is_outcome and left and left * sentences >= cutoff:
        specials["bos"] = len(tokens)
        tokens.append(conventions.bos)
    if right and right * sentences >= cutoff:
        specials["eos"] = len(tokens)
        tokens.append(conventions.eos)
    unk_id = len(tokens)
    tokens.append(conventions.unk)
    outcome_count = len(tokens)
    if not conventions.bos_is_outcome and left:
        specials["bos"] = len(tokens)
        tokens.append(conventions.bos)
    type_to_model = np.full(len(corpus.types), unk_id, dtype=np.int64)
    type_to_model[known] = np.arange(len(known))
    # nltk looks a pad up like a word: below the cut-off it is <UNK>.
    vocab = Vocabulary(tuple(tokens), outcome_count, unk_id, specials.get("bos", unk_id if left else -1),
                       specials.get("eos", unk_id), cutoff)
    return vocab, type_to_model


@dataclass(frozen=True)
class PaddedText:
    """Padded sentences, concatenated: ``ids`` (model ids), ``position`` (index inside its padded
    sentence) and ``predicted`` (the positions whose token the model predicts and counts).
    int32 where the sizes allow: a fit's memory is a few of these arrays."""

    ids: np.ndarray
    position: np.ndarray
    predicted: np.ndarray


def pad_corpus(ids: np.ndarray, offsets: np.ndarray, vocab: Vocabulary, order: int,
               conventions: Conventions) -> PaddedText:
    """Model ids of the running tokens (``ids``, sentences at ``offsets``) -> padded text."""
    left, right = pads(conventions, order)
    lengths = np.diff(offsets)
    padded_lengths = lengths + left + right
    starts = np.zeros(len(lengths) + 1, np.int64)
    np.cumsum(padded_lengths, out=starts[1:])
    total = int(starts[-1])
    small = index_dtype(max(total, len(vocab)))
    out = np.empty(total, small)
    out[np.arange(len(ids)) + np.repeat(starts[:-1] - offsets[:-1] + left, lengths)] = ids
    position = np.arange(total, dtype=small)
    position -= np.repeat(starts[:-1].astype(small), padded_lengths)
    is_left = position < left
    out[is_left] = vocab.bos_id
    out[position >= np.repeat((padded_lengths - right).astype(small), padded_lengths)] = vocab.eos_id
    predicted = np.ones(total, bool) if conventions.bos_is_outcome else ~is_left
    return PaddedText(out, position, predicted)
