"""The refusals of the embeddings package: each carries a stable ``code`` and its arguments.

A view or a notebook branches on ``code`` (and translates the message from it); ``str()``
gives an English sentence with the arguments in it.  Both classes are ``ValueError``s, so
``python -m engine`` prints them as one ``error:`` line like the engine's other refusals.
"""
from __future__ import annotations

from engine.messages import MESSAGES, Message

#: the registry's codes are these with the prefix "embedding_" (engine/messages.py holds the
#: English, so that the app translates an embeddings refusal by its code like any other)
PREFIX = "embedding_"
FILE_CODES = ("not_text", "bad_encoding", "malformed_line", "mixed_dimensions", "duplicate_word", "not_finite",
              "bad_header", "header_in_glove", "header_count", "truncated", "empty", "unknown_format",
              "unreadable", "load_cancelled")
QUERY_CODES = ("unknown_word", "zero_vector", "too_few_words", "bad_k", "bad_restrict_vocab", "unknown_method",
               "analogy_no_section", "no_model_embedding", "no_trained_embedding", "unknown_source",
               "map_cancelled", "analogy_test_cancelled")
FILE_MESSAGES = {code: MESSAGES[PREFIX + code] for code in FILE_CODES}
QUERY_MESSAGES = {code: MESSAGES[PREFIX + code] for code in QUERY_CODES}


class _CodedError(ValueError):
    MESSAGES: dict = {}

    def __init__(self, code: str, **arguments):
        self.code = code
        self.arguments = arguments
        template = self.MESSAGES.get(code, code)
        try:
            text = template.format(**arguments)
        except (KeyError, IndexError):
            text = f"{code} {arguments}"
        super().__init__(text)

    @property
    def message(self) -> Message | None:
        """The registered Message (code "embedding_" + code): what the worker hands the app, which
        translates it (app/engine_text.py); None for a code the registry lacks."""
        registered = PREFIX + self.code
        return Message(registered, **self.arguments) if registered in MESSAGES else None

    def __getattr__(self, name):
        # e.g. error.line, error.word: the arguments read as attributes
        arguments = self.__dict__.get("arguments", {})
        if name in arguments:
            return arguments[name]
        raise AttributeError(name)


class EmbeddingFileError(_CodedError):
    """An embedding file cannot be read as the format it was opened as (``code``: a key of
    ``FILE_MESSAGES``; ``line`` is 1-based where there is one)."""

    MESSAGES = FILE_MESSAGES


class EmbeddingQueryError(_CodedError):
    """A query the vectors cannot answer (``code``: a key of ``QUERY_MESSAGES``)."""

    MESSAGES = QUERY_MESSAGES


class LoadCancelled(Exception):
    """The caller's cancel flag was set while a file was being read."""
