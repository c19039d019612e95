"""Watch word2vec learn: skip-gram with negative sampling trained on the built-in grammar
corpus (engine/embeddings/training.py), reporting every few hundred steps the loss so far and
the nearest neighbours of the words being watched, computed from the embedding as it is at
that step (the months drift together as training goes on).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.embeddings.errors import EmbeddingQueryError
from engine.embeddings.queries import neighbours
from engine.embeddings.training import grammar_corpus, settings_for, train_word2vec, vocabulary
from engine.embeddings.vectors import Embeddings


@dataclass(frozen=True)
class Snapshot:
    """Training at ``step`` of ``steps``: ``losses`` is the mean batch loss of each reporting
    interval that has ended (at ``loss_steps``); ``neighbours`` the k nearest words of each
    watched word now, ((word, ((neighbour, cosine), …)), …)."""

    language: str
    sentences: int
    vocabulary: int
    step: int
    steps: int
    loss_steps: tuple[int, ...]
    losses: tuple[float, ...]
    neighbours: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]
    finished: bool = False  # the last step was reached
    stopped: bool = False  # stopped by the user before it


@lru_cache(maxsize=4)
def _corpus(language: str, sentences: int, seed: int) -> tuple[tuple[str, ...], ...]:
    """The grammar corpus, made once per (language, size, seed): each word typed in the view's
    "Watch" field asks for the untrained snapshot again, and making 20,000 sentences takes a
    second."""
    return tuple(tuple(sentence) for sentence in grammar_corpus(language, sentences, seed))


def watch_word2vec(language: str = "en", sentences: int = 20000, watched=("January",), k: int = 5,
                   every: int = 200, report=None, stopped=None, max_steps: int | None = None,
                   seed: int = 0) -> Snapshot:
    """Train word2vec as ``python -m engine train word2vec`` does (its defaults, this seed),
    calling ``report(snapshot)`` before the first step and every ``every`` steps; ``stopped()``
    is polled after each step.  ``max_steps`` 0 returns the untrained snapshot.  Returns the
    last snapshot."""
    if every < 1:
        raise EmbeddingQueryError("bad_k", k=every)
    corpus = _corpus(language, sentences, seed)
    watched = tuple(dict.fromkeys(w for w in watched if w))
    words = vocabulary(corpus)[0]  # the rows of the embedding, in train_word2vec's order
    known = set(words)
    for word in watched:
        if word not in known:
            raise EmbeddingQueryError("unknown_word", word=word, source=f"word2vec ({language})")
    state = {"losses": [], "loss_steps": [], "interval": [], "last": None}

    def snapshot(step, steps, w_in, halted) -> Snapshot:
        emb = Embeddings.from_arrays(words, w_in, f"word2vec ({language})")
        near = tuple((w, tuple((x, s) for x, s in neighbours(emb, w, k).pairs())) for w in watched)
        return Snapshot(language, len(corpus), len(words), step, steps, tuple(state["loss_steps"]),
                        tuple(state["losses"]), near, step == steps, halted and step < steps)

    def watch(step, steps, loss, w_in) -> bool:
        if loss is not None:
            state["interval"].append(loss)
        halted = bool(stopped and stopped())
        end = halted or step == steps or (max_steps is not None and step >= max_steps)
        if step % every == 0 or end:
            if state["interval"]:
                state["losses"].append(sum(state["interval"]) / len(state["interval"]))
                state["loss_steps"].append(step)
                state["interval"] = []
            state["last"] = snapshot(step, steps, w_in, halted)
            if report is not None:
                report(state["last"])
        return end and step < steps

    train_word2vec(corpus, settings_for("word2vec", seed=seed), watch=watch)
    return state["last"]
