"""Score an embedding on an analogy test set in the Google format (word2vec's
``questions-words.txt``): ": section" lines, then "a b c d" lines meaning a : b :: c : d.

The rules are gensim's ``evaluate_word_analogies`` (and word2vec's ``compute-accuracy``), so
the figures agree with it: only the first ``restrict_vocab`` words count; with
``case_insensitive`` every word is upper-cased and a word stands for its first (most frequent)
spelling; a question with a word outside that vocabulary is skipped (or counted wrong with
``dummy4unknown``); the answer is the best of the 5 nearest candidates by 3CosAdd that is not
a spelling of a, b or c.  ``method="mul"`` answers with 3CosMul instead (gensim cannot).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.embeddings.errors import EmbeddingQueryError
from engine.embeddings.queries import ANALOGY_METHODS, cosines_with, cosmul_scores
from engine.embeddings.vectors import Embeddings

TOTAL = "Total accuracy"
_CANDIDATES = 5  # gensim asks most_similar for topn=5


@dataclass(frozen=True)
class Question:
    a: str
    b: str
    c: str
    expected: str
    predicted: str | None  # None: skipped or counted wrong for an unknown word


@dataclass(frozen=True)
class Section:
    name: str
    correct: tuple[Question, ...]
    incorrect: tuple[Question, ...]
    unknown: int = 0  # questions with a word outside the vocabulary (skipped, or in incorrect with dummy4unknown)

    @property
    def accuracy(self) -> float:
        asked = len(self.correct) + len(self.incorrect)
        return len(self.correct) / asked if asked else 0.0


@dataclass(frozen=True)
class AnalogyScore:
    """``sections`` end with the "Total accuracy" section, as gensim's do."""

    sections: tuple[Section, ...]
    questions: int  # lines of four words read
    unknown: int  # of them, with a word outside the vocabulary
    skipped_lines: tuple[int, ...]  # line numbers (1-based) that are not four words

    @property
    def accuracy(self) -> float:
        return self.sections[-1].accuracy


def grammar_analogy_lines() -> list[str]:
    """A test set in the Google format from the built-in grammar's English verbs (engine/data/
    zh_en.py): every ordered pair of verbs in each of three sections, as the Google set's
    "gram7-past-tense" (visit visited buy bought)."""
    from engine.data import zh_en

    forms = [tuple(form.split()[0] for form in (v.base, v.past, v.third, v.ing)) for v in zh_en.VERBS]
    lines = []
    for name, column in (("past tense", 1), ("third person -s", 2), ("-ing form", 3)):
        lines.append(f": {name}")
        lines += [f"{a[0]} {a[column]} {b[0]} {b[column]}" for a in forms for b in forms if a != b]
    return lines


def _lines(source):
    """(line number, text) of a file's lines (UTF-8), or of a list of lines."""
    if isinstance(source, (list, tuple)):
        yield from enumerate(source, start=1)
        return
    with open(source, "rb") as f:
        for number, raw in enumerate(f, start=1):
            yield number, raw.decode("utf-8")


def _read(path):
    """[(section name, [(line number, [four words])])] and the lines that are not four words."""
    sections, skipped = [], []
    for number, line in _lines(path):
        if line.startswith(": "):
            sections.append((line.lstrip(": ").strip(), []))
            continue
        if not sections:
            raise EmbeddingQueryError("analogy_no_section", path=Path(path) if isinstance(path, (str, Path)) else "",
                                      line=number)
        words = line.split()
        if len(words) != 4:
            skipped.append(number)
            continue
        sections[-1][1].append(words)
    return sections, skipped


def evaluate_analogies(emb: Embeddings, path, restrict_vocab: int = 300000, case_insensitive: bool = True,
                       dummy4unknown: bool = False, method: str = "add", batch: int = 256, progress=None,
                       cancelled=None) -> AnalogyScore:
    """``progress(fraction)`` is called after each batch of questions; ``cancelled()`` is polled
    before each (EmbeddingQueryError "analogy_test_cancelled": a half-scored test is not shown).
    ``path``: a file, or the lines themselves (a list, e.g. ``grammar_analogy_lines()``)."""
    if method not in ANALOGY_METHODS:
        raise EmbeddingQueryError("unknown_method", method=method)
    rows = emb.searched_rows(restrict_vocab)
    spell = str.upper if case_insensitive else (lambda w: w)
    vocabulary = {}
    for i in range(rows - 1, -1, -1):  # reversed: the first spelling wins
        vocabulary[spell(emb.words[i])] = i
    raw_sections, skipped = _read(path)
    spelled_sections = [(name, [tuple(spell(w) for w in words) for words in lines]) for name, lines in raw_sections]
    questions = sum(len(lines) for _, lines in spelled_sections)
    known_total = sum(1 for _, lines in spelled_sections for q in lines if all(w in vocabulary for w in q))
    unknown = questions - known_total
    answered_so_far = 0
    sections = []
    for name, spelled in spelled_sections:
        known = [q for q in spelled if all(w in vocabulary for w in q)]
        predictions = []
        for start in range(0, len(known), batch):
            if cancelled is not None and cancelled():
                raise EmbeddingQueryError("analogy_test_cancelled")
            part = known[start:start + batch]
            predictions += _answer(emb, part, vocabulary, rows, spell, method)
            answered_so_far += len(part)
            if progress is not None:
                progress(answered_so_far / known_total)
        # in file order, as gensim lists them
        correct, incorrect, answered = [], [], 0
        for question in spelled:
            if not all(w in vocabulary for w in question):
                if dummy4unknown:
                    incorrect.append(Question(*question, None))
                continue
            predicted = predictions[answered]
            answered += 1
            (correct if predicted == question[3] else incorrect).append(Question(*question, predicted))
        sections.append(Section(name, tuple(correct), tuple(incorrect), len(spelled) - len(known)))
    total = Section(TOTAL, tuple(q for s in sections for q in s.correct),
                    tuple(q for s in sections for q in s.incorrect), unknown)
    return AnalogyScore((*sections, total), questions, unknown, tuple(skipped))


def _answer(emb, questions, vocabulary, rows, spell, method):
    """The predicted word (spelled as the vocabulary maps it) of each question, batched: one
    pass over the matrix answers the whole batch."""
    positions = np.array([[vocabulary[w] for w in q[:3]] for q in questions])  # (m, 3): a, b, c
    flat = positions.ravel()
    units = emb.vectors[flat] / emb.norms[flat, None]  # (3m, d): a, b, c of each question
    if method == "add":
        by_question = units.reshape(len(questions), 3, emb.dimension)
        # not normalised: a positive factor per question leaves its ranking as it is
        query = by_question[:, 1] - by_question[:, 0] + by_question[:, 2]
        scores = cosines_with(emb, query.T, rows)  # (rows, m): cos(x, q) · ‖q‖
    else:
        # column 3q + t of the product is cos(x, t-th word of question q): rows of (a, b, c)
        cosines = cosines_with(emb, units.T, rows).reshape(rows * len(questions), 3)
        scores = cosmul_scores(cosines).reshape(rows, len(questions))
    # a zero vector's score is nan: argpartition puts nan last, and it is never taken below
    predictions = []
    for m, (a, b, c, _expected) in enumerate(questions):
        column = scores[:, m].copy()
        column[positions[m]] = -np.inf
        count = min(_CANDIDATES, rows)
        best = np.argpartition(-column, count - 1)[:count] if count < rows else np.arange(rows)
        best = best[np.argsort(-column[best], kind="stable")]
        predicted = None
        for i in best[np.isfinite(column[best])]:  # never a query word (−inf) nor a zero vector (nan)
            predicted = spell(emb.words[i])
            if predicted in vocabulary and predicted not in (a, b, c):
                break
        predictions.append(predicted)
    return predictions
