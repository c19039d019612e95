"""What one token of a model is (a character, a word or a word piece) and how tokens of that
unit are written one after another.

The app shows tokens in captions, titles and formula lines; written with "" a word model's
output reads "JanewillvisitAfricainSeptember", and written with " " a date reads
"2 0 2 1 - 0 3 - 2 6".  Results carry the unit of their tokens (``source_unit``,
``target_unit``), decided here from the tokenizer that made them, and ``join_tokens`` is the
one way to write them.
"""
from __future__ import annotations

CHARACTERS = "characters"
WORDS = "words"
WORD_PIECES = "word pieces"  # WordPiece (BERT): "##" marks a piece that continues a word
#: byte-level BPE (GPT-2) and SentencePiece (T5, Marian): "Ġ"/"▁" marks a piece that starts a
#: word, and an unmarked piece continues one; the same unit to a reader, written differently
MARKED_STARTS = "word pieces, starts marked"
UNITS = (CHARACTERS, WORDS, WORD_PIECES, MARKED_STARTS)

#: how word-piece tokenizers mark where words begin or continue
_CONTINUES = "##"  # WordPiece (BERT): a piece that continues the word before it
_STARTS = ("Ġ", "▁")  # byte-level BPE (GPT-2) and SentencePiece (T5, Marian): a piece that starts a word


def _is_special(token: str) -> bool:
    """<s>, </s>, [CLS], ⟨/s⟩ …: a token of its own, never merged into a word."""
    return len(token) > 2 and (token[0], token[-1]) in (("<", ">"), ("[", "]"), ("⟨", "⟩"))


def tokenizer_unit(tokenizer) -> str:
    """The unit of a shipped model's tokenizer: a WordTokenizer's tokens are words, and so are
    those of any vocabulary with a token longer than one character; else characters
    (engine.hf's tokenizers are word pieces: the HF results say so)."""
    from engine.tokenizer import SPECIALS
    from engine.word_tokenizer import WordTokenizer

    if isinstance(tokenizer, WordTokenizer):
        return WORDS
    ordinary = [t for t in getattr(tokenizer, "itos", ()) if t not in SPECIALS]
    return CHARACTERS if all(len(t) == 1 for t in ordinary) else WORDS


def piece_unit(vocabulary) -> str:
    """The word-piece unit of a Hugging Face tokenizer's vocabulary (its token strings): pieces
    that mark word starts (Ġ, ▁) or pieces that mark continuations (##)."""
    return MARKED_STARTS if any(token.startswith(_STARTS) for token in vocabulary) else WORD_PIECES


def join_tokens(tokens, unit: str) -> str:
    """Tokens written as text of their unit: characters side by side, words with single spaces
    (none before punctuation: engine.word_tokenizer.join_english), word pieces merged into words
    ("vis", "##iting" → "visiting"; "ĠJane", "Ġvisits" → "Jane visits")."""
    tokens = list(tokens)
    if unit == CHARACTERS:
        return "".join(tokens)
    if unit == WORDS:
        from engine.word_tokenizer import join_english

        return join_english(tokens)
    if unit not in (WORD_PIECES, MARKED_STARTS):
        raise ValueError(f"unknown token unit {unit!r} (one of {', '.join(UNITS)})")
    marks_starts = unit == MARKED_STARTS
    out = ""
    for token in tokens:
        if _is_special(token):
            starts, text = True, token
        elif marks_starts:
            starts, text = token.startswith(_STARTS), token[1:] if token.startswith(_STARTS) else token
        else:
            starts = not token.startswith(_CONTINUES)
            text = token if starts else token[len(_CONTINUES):]
        out += (" " if starts and out else "") + text
    return out
