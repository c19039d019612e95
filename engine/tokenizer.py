"""Character-level tokenizer: the vocabulary is saved with each model."""
from __future__ import annotations

from dataclasses import dataclass

from engine.messages import EngineError

PAD, BOS, EOS, UNK = "<pad>", "<s>", "</s>", "<unk>"
SPECIALS = (PAD, BOS, EOS, UNK)
#: tokens a decoder must never write: padding, the start symbol (an input only), and the stand-in
#: for characters outside the alphabet (an output is made of real characters and </s>)
NEVER_GENERATED = (PAD, BOS, UNK)


class InputError(EngineError, ValueError):
    """The text cannot be given to the model as it is (empty or too long): engine.messages
    code and arguments."""


@dataclass(frozen=True)
class Encoded:
    ids: list[int]
    tokens: list[str]  # one per id; an unknown character appears as "<unk>"
    unknown: tuple[str, ...]  # the distinct characters that were not in the vocabulary
    truncated: bool = False


class CharTokenizer:
    """Maps characters to ids; ids 0..3 are <pad>, <s>, </s>, <unk>."""

    def __init__(self, chars):
        chars = [c for c in chars if c not in SPECIALS]
        if len(set(chars)) != len(chars):
            raise ValueError("duplicate characters in the vocabulary")
        self.itos: list[str] = list(SPECIALS) + list(chars)
        self.stoi: dict[str, int] = {s: i for i, s in enumerate(self.itos)}

    @classmethod
    def from_texts(cls, texts) -> "CharTokenizer":
        return cls(sorted(set("".join(texts))))

    @property
    def chars(self) -> list[str]:
        return self.itos[len(SPECIALS):]

    pad_id = property(lambda self: 0)
    bos_id = property(lambda self: 1)
    eos_id = property(lambda self: 2)
    unk_id = property(lambda self: 3)

    def __len__(self) -> int:
        return len(self.itos)

    def encode(self, text: str, max_length: int | None = None, truncate: bool = False) -> Encoded:
        """Characters to ids.  Unknown characters become <unk> and are reported.

        Text longer than ``max_length`` raises :class:`InputError`, or is cut with
        ``truncated=True`` in the result when ``truncate`` is set.
        """
        truncated = False
        if max_length is not None and len(text) > max_length:
            if not truncate:
                raise InputError("input_too_long_characters", length=len(text), limit=max_length)
            text, truncated = text[:max_length], True
        ids, tokens, unknown = [], [], []
        for ch in text:
            i = self.stoi.get(ch)
            if i is None or i < len(SPECIALS):
                ids.append(self.unk_id)
                tokens.append(UNK)
                if ch not in unknown:
                    unknown.append(ch)
            else:
                ids.append(i)
                tokens.append(ch)
        return Encoded(ids, tokens, tuple(unknown), truncated)

    def decode(self, ids, stop_at_eos: bool = True) -> str:
        return "".join(self.content_tokens(ids, stop_at_eos))

    def content_tokens(self, ids, stop_at_eos: bool = True) -> list[str]:
        """The tokens of `ids` without <pad>/<s>/</s> (up to the first </s> if `stop_at_eos`)."""
        out = []
        for i in ids:
            i = int(i)
            if i == self.eos_id and stop_at_eos:
                break
            if i in (self.pad_id, self.bos_id, self.eos_id):
                continue
            out.append(self.itos[i] if 0 <= i < len(self.itos) else UNK)
        return out

    def tokens(self, ids) -> list[str]:
        return [self.itos[int(i)] for i in ids]
