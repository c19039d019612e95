"""Word-level tokenizers for the Chinese -> English model, with CharTokenizer's interface.

* ``zh-longest-match``: Chinese is written without spaces, so the text is segmented by
  forward maximum matching against the model's lexicon: at each position take the longest
  lexicon word that starts there.  Characters where no lexicon word starts are collected into
  one unknown span (until the next known word or whitespace); each span becomes one ``<unk>``
  token, and the span itself is reported in ``Encoded.unknown``.  Whitespace only separates.
* ``en-words``: English words and punctuation marks are tokens ("Jane", "visits", ".").  Case is
  kept (the vocabulary holds "Jane", "I", "He"); a word missing in that case is looked up
  case-insensitively.  Decoding joins words with spaces and puts no space before punctuation.

The vocabulary (and the tokenizer kind) is saved in each model's config.json:
``source_vocab``/``target_vocab`` and ``source_tokenizer``/``target_tokenizer``; a missing kind
means the character tokenizer.
"""
from __future__ import annotations

import re

from engine.tokenizer import SPECIALS, UNK, CharTokenizer, Encoded, InputError

CHAR = "char"
CHINESE_WORDS = "zh-longest-match"
ENGLISH_WORDS = "en-words"
KINDS = (CHAR, CHINESE_WORDS, ENGLISH_WORDS)

_ENGLISH_TOKEN = re.compile(r"\w+(?:'\w+)*|[^\w\s]")
_NO_SPACE_BEFORE = set(".,!?;:)]}'\"%")


def join_english(words) -> str:
    """["Jane", "visits", "Africa", "."] -> "Jane visits Africa.": single spaces, none before
    punctuation."""
    out = ""
    for word in words:
        if out and not (len(word) == 1 and word in _NO_SPACE_BEFORE):
            out += " "
        out += word
    return out


class WordTokenizer(CharTokenizer):
    """Maps words to ids; ids 0..3 are <pad>, <s>, </s>, <unk> as in CharTokenizer."""

    def __init__(self, words, kind: str):
        if kind not in (CHINESE_WORDS, ENGLISH_WORDS):
            raise ValueError(f"unknown word tokenizer kind {kind!r}")
        words = [w for w in words if w not in SPECIALS]
        if any(not w or any(c.isspace() for c in w) for w in words):
            raise ValueError("a vocabulary word is empty or holds whitespace")
        super().__init__(words)
        self.kind = kind
        self._longest = max((len(w) for w in words), default=1)
        folded: dict[str, list[str]] = {}
        for w in words:
            folded.setdefault(w.lower(), []).append(w)
        # Only unambiguous case-insensitive matches ("jane" -> "Jane").
        self._casefold = {k: v[0] for k, v in folded.items() if len(v) == 1}

    @property
    def words(self) -> list[str]:
        """The vocabulary without the special tokens (CharTokenizer calls it ``chars``)."""
        return self.chars

    def segment(self, text: str) -> list[tuple[str, bool]]:
        """-> [(piece, known)]: the text cut into vocabulary words and unknown spans."""
        if self.kind == ENGLISH_WORDS:
            pieces = []
            for word in _ENGLISH_TOKEN.findall(text):
                found = word if word in self.stoi else self._casefold.get(word.lower())
                pieces.append((found, True) if found else (word, False))
            return pieces
        pieces, unknown, i = [], "", 0
        while i < len(text):
            if text[i].isspace():
                if unknown:
                    pieces.append((unknown, False))
                    unknown = ""
                i += 1
                continue
            match = next((text[i:i + n] for n in range(min(self._longest, len(text) - i), 0, -1)
                          if text[i:i + n] in self.stoi and self.stoi[text[i:i + n]] >= len(SPECIALS)), None)
            if match is None:
                unknown += text[i]
                i += 1
                continue
            if unknown:
                pieces.append((unknown, False))
                unknown = ""
            pieces.append((match, True))
            i += len(match)
        if unknown:
            pieces.append((unknown, False))
        return pieces

    def encode(self, text: str, max_length: int | None = None, truncate: bool = False) -> Encoded:
        """Text -> word ids.  Each unknown span becomes one <unk> and is listed in ``unknown``.

        More than ``max_length`` tokens raises :class:`InputError`, or keeps the first
        ``max_length`` with ``truncated=True`` when ``truncate`` is set.
        """
        pieces = self.segment(text)
        truncated = False
        if max_length is not None and len(pieces) > max_length:
            if not truncate:
                raise InputError("input_too_long_words", length=len(pieces), limit=max_length)
            pieces, truncated = pieces[:max_length], True
        ids, tokens, unknown = [], [], []
        for piece, known in pieces:
            if known:
                ids.append(self.stoi[piece])
                tokens.append(piece)
            else:
                ids.append(self.unk_id)
                tokens.append(UNK)
                if piece not in unknown:
                    unknown.append(piece)
        return Encoded(ids, tokens, tuple(unknown), truncated)

    def decode(self, ids, stop_at_eos: bool = True) -> str:
        words = self.content_tokens(ids, stop_at_eos)
        return join_english(words) if self.kind == ENGLISH_WORDS else "".join(words)


def make_tokenizer(kind: str | None, vocabulary):
    """The tokenizer a config.json describes (kind None or "char": CharTokenizer)."""
    if kind in (None, CHAR):
        return CharTokenizer(vocabulary)
    if kind not in KINDS:
        raise ValueError(f"unknown tokenizer kind {kind!r} (known: {', '.join(KINDS)})")
    return WordTokenizer(vocabulary, kind)


def tokenizer_kind(tokenizer) -> str:
    return getattr(tokenizer, "kind", CHAR)
