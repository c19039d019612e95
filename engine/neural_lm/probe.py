"""A long dependency in the grammar's English: the time at the end of a sentence agrees with the
tense of the verb phrase, and the object stands between them.

    Jane visited the United States last week .      (past: "last week", "yesterday", …)
    Jane will visit the United States next week .   (future: "next week", "tomorrow", …)

With a two-word object the trigram predicts the word after it ("last" / "next") from "United
States" alone: the same probabilities in both sentences, whatever the verb was.  The LSTM has
read the verb: it gives the past time to the past sentence and the future time to the future
one.  The grammar itself never writes "visited … next week" nor "will visit … last week".
The grammar already has this dependency, so no rule was added for it.  ``grammar_next_token``
gives the grammar's own probability of each next word, the truth both models approximate.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: (sentence, the word that depends on the verb, the word that decides it)
PROBES = (
    ("Jane visited the United States last week .", "last", "visited"),
    ("Jane will visit the United States next week .", "next", "will"),
)
#: the grammar's (subject, verb, object) behind the probes: "Jane", "visit", "the United States"
PROBE_COMBINATION = ("简", "访问", "美国")


def grammar_next_token(prefix: list[str], combination=PROBE_COMBINATION) -> dict[str, float]:
    """The grammar's own P(next token | prefix) for a prefix that fixes the subject, verb and
    object (the probes' do: only 简 reads "Jane", only 访问 gives "visited"/"visit", only 美国
    "the United States"): every derivation of that combination — time class and expression,
    marker, full stop, English rendering — weighted as the stream draws it, held-out
    combinations left out (the normalisation Z and the subject, verb and object probabilities are
    common factors and cancel).  The next token after a whole sentence is </s>."""
    from engine.data import zh_en as g
    from engine.ngram.tokens import ENGLISH, tokenise

    subject_zh, verb_zh, object_zh = combination
    subject = next(s for s in g.subjects() if s[0] == subject_zh)
    verb = next(v for v in g.VERBS if v.chinese == verb_zh)
    obj = next(o for o in g.objects_for(verb.objects) if "".join(o.chinese) == object_zh)
    total_weight = sum(w for _, w, _ in g.TIME_CLASSES.values())
    classes = {"none": ((("", ""),), total_weight, g.STATIVE_MARKERS)} if verb.stative else g.TIME_CLASSES
    following: dict[str, float] = {}
    for time_class, (expressions, weight, markers) in classes.items():
        for time_zh, time_en in expressions:
            if g.is_heldout((subject_zh, verb_zh, object_zh, time_zh)):
                continue
            p_time = weight / total_weight / len(expressions)
            for marker in markers:
                for full_stop, p_stop in ((True, g.FULL_STOP_PROBABILITY), (False, 1 - g.FULL_STOP_PROBABILITY)):
                    built = g.build_example(subject, verb, obj, time_zh, time_en, time_class, marker, full_stop)
                    for rendering, p in zip(built.renderings, built.probabilities):
                        tokens = tokenise(rendering, ENGLISH) + ["</s>"]
                        if tokens[:len(prefix)] == list(prefix) and len(tokens) > len(prefix):
                            token = tokens[len(prefix)]
                            following[token] = following.get(token, 0.0) + p_time / len(markers) * p_stop * p
    total = sum(following.values())
    return {token: p / total for token, p in following.items()}


@dataclass(frozen=True)
class ProbeScore:
    sentence: str
    tokens: tuple[str, ...]  # the predicted tokens, </s> last
    dependent: int  # index (in tokens) of the word that depends on the verb
    decider: int  # index of the word that decides it
    models: tuple[str, ...]
    probabilities: tuple[np.ndarray, ...]  # per model, P of each token
    grammar: float  # the grammar's own P of the dependent word given the words before it

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
        at = tokens.index(dependent)
        truth = grammar_next_token(tokens[:at]).get(dependent, 0.0)
        out.append(ProbeScore(sentence, first.tokens, at, tokens.index(decider), tuple(scores),
                              tuple(s.probabilities for s in scores.values()), truth))
    return tuple(out)
