"""How tokens are written: visible glyphs for space and the special tokens, and a model's tokens
joined and named by what they are (engine.token_units: characters, words or word pieces).

Every caption, title, formula line and refusal that writes several tokens as text or counts them
goes through ``joined`` and ``unit_count``: a word model's output reads "Jane will visit Africa
in September ⟨/s⟩", not "JanewillvisitAfricainSeptember⟨/s⟩", and its tokens are counted as words.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from app.widgets.tokens import SPECIAL_TOKENS, display_token
from engine.token_units import CHARACTERS, MARKED_STARTS, WORD_PIECES, WORDS, join_tokens

_CONTEXT = "Tokens"
#: (one, many) for each unit: "{0}" is the count
_COUNTS = {
    CHARACTERS: (QT_TRANSLATE_NOOP("Tokens", "{0} character"), QT_TRANSLATE_NOOP("Tokens", "{0} characters")),
    WORDS: (QT_TRANSLATE_NOOP("Tokens", "{0} word"), QT_TRANSLATE_NOOP("Tokens", "{0} words")),
    WORD_PIECES: (QT_TRANSLATE_NOOP("Tokens", "{0} word piece"), QT_TRANSLATE_NOOP("Tokens", "{0} word pieces")),
}
_NAMES = {CHARACTERS: QT_TRANSLATE_NOOP("Tokens", "characters"), WORDS: QT_TRANSLATE_NOOP("Tokens", "words"),
          WORD_PIECES: QT_TRANSLATE_NOOP("Tokens", "word pieces")}
#: what the set of a model's tokens is called: an alphabet holds characters, a vocabulary words
_VOCABULARIES = {CHARACTERS: QT_TRANSLATE_NOOP("Tokens", "alphabet"), WORDS: QT_TRANSLATE_NOOP("Tokens", "vocabulary"),
                 WORD_PIECES: QT_TRANSLATE_NOOP("Tokens", "vocabulary")}
# both kinds of word pieces read the same (they differ in how they are joined)
for _table in (_COUNTS, _NAMES, _VOCABULARIES):
    _table[MARKED_STARTS] = _table[WORD_PIECES]



def joined(tokens, unit: str) -> str:
    """Tokens as the user reads them: each made visible (⟨/s⟩, ⟨?⟩, ␣) and written as its unit
    is (characters side by side, words with spaces, word pieces merged into their words)."""
    shown = [display_token(t) for t in tokens]
    if unit == CHARACTERS:
        return "".join(shown)  # ␣ stays a visible character
    return join_tokens(shown, unit)


def unit_name(unit: str) -> str:
    """"characters", "words" or "word pieces" in the interface language."""
    return QCoreApplication.translate(_CONTEXT, _NAMES[unit])


def unit_count(n: int, unit: str) -> str:
    """"6 words", "1 character" … in the interface language."""
    one, many = _COUNTS[unit]
    return QCoreApplication.translate(_CONTEXT, one if n == 1 else many).format(n)


def vocabulary_name(unit: str) -> str:
    """What a model's set of tokens is called: "alphabet" for characters (字母表), "vocabulary"
    for words and word pieces (词表)."""
    return QCoreApplication.translate(_CONTEXT, _VOCABULARIES[unit])


def text_token_count(tokens) -> int:
    """The tokens that write text: ⟨s⟩, ⟨/s⟩ and the other special tokens are not characters or words."""
    return sum(1 for t in tokens if t not in SPECIAL_TOKENS)
