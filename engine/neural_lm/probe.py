"""A long dependency in the grammar's English: the time at the end of a sentence agrees with the
tense of the verb phrase, and the object stands between them.

    Jane visited the United States last week .      (past: "last week", "yesterday", …)
    Jane will visit the United States next week .   (future: "next week", "tomorrow", …)

With a two-word object the trigram predicts the word after it ("last" / "next") from "United
States" alone: the same probabilities in both sentences, whatever the verb was.  The LSTM has
read the verb: it gives the past time to the past sentence and the future time to the future
one.  The grammar itself never writes "visited … next week" nor "will visit … last week".
The grammar already has this dependency, so no rule was added for it.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: (sentence, the word that depends on the verb, the word that decides it)
PROBES = (
    ("Jane visited the United States last week .", "last", "visited"),
    ("Jane will visit the United States next week .", "next", "will"),
)


@dataclass(frozen=True)
class ProbeScore:
    sentence: str
    tokens: tuple[str, ...]  # the predicted tokens, </s> last
    dependent: int  # index (in tokens) of the word that depends on the verb
    decider: int  # index of the word that decides it
    models: tuple[str, ...]
    probabilities: tuple[np.ndarray, ...]  # per model, P of each token

    @property
    def distance(self) -> int:
        """How many tokens back the deciding word stands (a trigram sees 2)."""
        return self.dependent - self.decider

    def at_dependent(self, model: str) -> float:
        return float(self.probabilities[self.models.index(model)][self.dependent])


def score_probes(models: dict) -> tuple[ProbeScore, ...]:
    """``models``: name -> anything with ``sentence(tokens)`` returning a SentenceScore."""
    out = []
    for sentence, dependent, decider in PROBES:
        tokens = sentence.split()
        scores = {name: model.sentence(tokens) for name, model in models.items()}
        first = next(iter(scores.values()))
        out.append(ProbeScore(sentence, first.tokens, tokens.index(dependent), tokens.index(decider), tuple(scores),
                              tuple(s.probabilities for s in scores.values())))
    return tuple(out)
