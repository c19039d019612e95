"""The refusals of the embeddings package: each carries a stable ``code`` and its arguments.

A view or a notebook branches on ``code`` (and translates the message from it); ``str()``
gives an English sentence with the arguments in it.  Both classes are ``ValueError``s, so
``python -m engine`` prints them as one ``error:`` line like the engine's other refusals.
"""
from __future__ import annotations

FILE_MESSAGES = {
    "not_text": "{path}: this is not a text file (it holds NUL bytes); use --format word2vec-binary "
                "for a binary word2vec file",
    "bad_encoding": "{path}, line {line}: the word is not UTF-8 text",
    "malformed_line": "{path}, line {line}: {reason}",
    "mixed_dimensions": "{path}, line {line}: {found} numbers after the word, but the file's vectors "
                        "have {expected}",
    "duplicate_word": "{path}, line {line}: the word {word!r} was already given on line {first_line}",
    "not_finite": "{path}, line {line}: the vector holds a value that is not a finite number",
    "bad_header": "{path}, line 1: the header should be two whole numbers (words and dimensions), "
                  "found {found!r}",
    "header_in_glove": "{path}, line 1: {found!r} looks like a word2vec header (words, dimensions); "
                       "open the file as word2vec, or remove the line for GloVe",
    "header_count": "{path}: the header announces {expected} words, the file holds {found}",
    "truncated": "{path}: the file ends in the middle of word {word_number} of {expected}",
    "empty": "{path}: the file holds no vectors",
    "unknown_format": "unknown embedding file format {fmt!r} (known: {known})",
    "unreadable": "{path}: cannot be read ({reason})",
}

QUERY_MESSAGES = {
    "unknown_word": "{word!r} is not in the vocabulary of {source}",
    "zero_vector": "{word!r} has a zero vector in {source}: its cosine with any word is undefined",
    "too_few_words": "{what} needs at least {needed} words, got {got}",
    "bad_k": "k must be at least 1, got {k}",
    "bad_restrict_vocab": "restrict_vocab must be at least 1, got {value}",
    "unknown_method": "unknown analogy method {method!r} (add or mul)",
    "analogy_no_section": "{path}, line {line}: an analogy line before the first ': section' line",
    "no_model_embedding": "the model {model!r} has no {side} embedding",
    "no_trained_embedding": "no trained embedding named {name!r} (shipped: {known})",
}


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
