"""The true floor of the grammar corpora: the exact probability the zh-en grammar
(engine.data.zh_en) gives each sentence, so the cross-entropy of the generating process itself
on the held-out text — the lowest any model can reach on average.

The stream draws, independently: a subject (a pronoun with probability 0.3, uniform over the 8;
else uniform over the 60 names), a verb (by its weight), an object (uniform over the verb's
kind), a time class (by weight) and an expression in it (uniform), a marker (uniform over those
the class allows; stative verbs: no time, marker "" or 会), a final full stop (0.2) and an English
rendering (by its probability).  A split other than "heldout" redraws held-out combinations, so
every probability is divided by Z = P(combination not held out), summed over all 2.7 M
combinations with the grammar's hash rule.

Chinese words: each sentence has one derivation.  English: several derivations give the same
sentence (你/你们 -> You, 他们/她们 -> They; 要, 会 and no marker all give "will visit …"), so
P(sentence) sums over them.
"""
from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.data import zh_en as g

_HELDOUT_KEY = "zh-en-heldout|"


@lru_cache(maxsize=None)
def _verb_probability(verb: g.Verb) -> float:
    return verb.weight / sum(v.weight for v in g.VERBS)


@lru_cache(maxsize=None)
def _subject_probabilities() -> dict[str, float]:
    p = {zh: (1 - g.PRONOUN_PROBABILITY) / len(g.NAMES) for zh, _ in g.NAMES}
    p.update({zh: g.PRONOUN_PROBABILITY / len(g.PRONOUNS) for zh, _, _ in g.PRONOUNS})
    return p


@lru_cache(maxsize=None)
def _class_probability(time_class: str) -> float:
    return g.TIME_CLASSES[time_class][1] / sum(w for _, w, _ in g.TIME_CLASSES.values())


@lru_cache(maxsize=None)
def _times(verb_stative: bool) -> tuple[tuple[str, str, str, float], ...]:
    """(class, Chinese, English, P(class and expression)) for a verb."""
    if verb_stative:
        return (("none", "", "", 1.0),)
    return tuple((c, zh, en, _class_probability(c) / len(expressions))
                 for c, (expressions, _, _) in g.TIME_CLASSES.items() for zh, en in expressions)


def _heldout_by_hash(prefix_hash, time_zh: str) -> bool:
    h = prefix_hash.copy()
    h.update(time_zh.encode("utf-8"))
    return int(h.hexdigest()[:8], 16) % g.HELDOUT_MODULUS == 0


@lru_cache(maxsize=None)
def _kept_masks() -> dict[tuple[str, str], np.ndarray]:
    """(verb, object) -> bool (subjects × times of the verb): whether the combination is kept
    (not held out), by the same rule as ``zh_en.is_heldout`` with the hash of the common prefix
    computed once.  One pass over the 2.7 M combinations per process."""
    subjects = tuple(_subject_probabilities())
    masks = {}
    for verb in g.VERBS:
        times = _times(verb.stative)
        for obj in g.objects_for(verb.objects):
            key = "".join(obj.chinese)
            mask = np.ones((len(subjects), len(times)), bool)
            for i, subject in enumerate(subjects):
                if (subject, verb.chinese, key) == g.LESSON_COMBINATION:
                    continue
                prefix = hashlib.sha256(f"{_HELDOUT_KEY}{subject}|{verb.chinese}|{key}|".encode("utf-8"))
                for t, (_, time_zh, _, _) in enumerate(times):
                    mask[i, t] = not _heldout_by_hash(prefix, time_zh)
            masks[(verb.chinese, key)] = mask
    return masks


def _combination_weights(verb: g.Verb, obj: g.Phrase) -> np.ndarray:
    """P(subject, verb, object, time) of each kept combination (subjects × times), before Z."""
    subjects = np.array(list(_subject_probabilities().values()))
    p_times = np.array([t[3] for t in _times(verb.stative)])
    base = _verb_probability(verb) / len(g.objects_for(verb.objects))
    return _kept_masks()[(verb.chinese, "".join(obj.chinese))] * np.outer(subjects, p_times) * base


@lru_cache(maxsize=None)
def kept_probability() -> float:
    """Z: the probability that a drawn combination is not held out."""
    return float(sum(_combination_weights(verb, obj).sum() for verb in g.VERBS
                     for obj in g.objects_for(verb.objects)))


def _combination_probability(subject: str, verb: g.Verb, obj: g.Phrase, time_zh: str, p_time: float) -> float:
    """P(subject, verb, object, time) times [not held out], before dividing by Z."""
    if g.is_heldout((subject, verb.chinese, "".join(obj.chinese), time_zh)):
        return 0.0
    return _subject_probabilities()[subject] * _verb_probability(verb) / len(g.objects_for(verb.objects)) * p_time


def _markers(verb: g.Verb, time_class: str) -> tuple[str, ...]:
    return g.STATIVE_MARKERS if verb.stative else g.TIME_CLASSES[time_class][2]


def _parts(example: g.ZhEnExample):
    subject, verb_zh, object_key, time_zh = example.combination
    verb = next(v for v in g.VERBS if v.chinese == verb_zh)
    obj = next(o for o in g.objects_for(verb.objects) if "".join(o.chinese) == object_key)
    time = next(t for t in _times(verb.stative) if t[1] == time_zh)
    return subject, verb, obj, time


def _stop_probability(example: g.ZhEnExample) -> float:
    stop = example.text.endswith("。")
    return g.FULL_STOP_PROBABILITY if stop else 1 - g.FULL_STOP_PROBABILITY


def chinese_probability(example: g.ZhEnExample) -> float:
    """P(the Chinese sentence): its one derivation."""
    subject, verb, obj, (time_class, time_zh, _, p_time) = _parts(example)
    p = _combination_probability(subject, verb, obj, time_zh, p_time) / len(_markers(verb, time_class))
    return p * _stop_probability(example) / kept_probability()


def english_probability(example: g.ZhEnExample) -> float:
    """P(the English sentence ``example.target``), summed over the subjects that read the same
    and over the markers (each with its renderings) that produce it."""
    subject, verb, obj, (time_class, time_zh, time_en, p_time) = _parts(example)
    english, person = next((en, person) for zh, en, person in g.subjects() if zh == subject)
    same = [s for s in g.subjects() if s[1] == english and s[2] == person]
    p_subjects = sum(_combination_probability(s[0], verb, obj, time_zh, p_time) for s in same)
    full_stop = example.text.endswith("。")
    markers = _markers(verb, time_class)
    p_rendering = 0.0
    for marker in markers:
        built = g.build_example(same[0], verb, obj, time_zh, time_en, time_class, marker, full_stop)
        p_rendering += sum(p for r, p in zip(built.renderings, built.probabilities) if r == example.target)
    return p_subjects * p_rendering / len(markers) * _stop_probability(example) / kept_probability()


@dataclass(frozen=True)
class Floor:
    tokens: int  # predicted tokens: the words and one </s> per sentence
    sentences: int
    cross_entropy: float  # bits per token of the generating process on these sentences
    perplexity: float


def true_floor(kind: str, examples, tokens: int) -> Floor:
    """The grammar's own cross-entropy on these examples (``tokens``: their predicted tokens,
    </s> included) — for the built-in corpora "en" and "zh-words"."""
    probability = {"en": english_probability, "zh-words": chinese_probability}[kind]
    bits = -sum(math.log2(probability(e)) for e in examples)
    return Floor(tokens, len(examples), bits / tokens, 2 ** (bits / tokens))


# ---- the entropy rate of the generating process -------------------------------------------
def _english_length(text: str) -> int:
    from engine.ngram.tokens import ENGLISH, tokenise

    return len(tokenise(text, ENGLISH))


@lru_cache(maxsize=None)
def _phrase_distribution(verb: g.Verb, time_class: str, person: str) -> tuple[float, float]:
    """(Σ p log2 p, Σ p·tokens) over the English verb phrases of a verb, time class and person,
    the markers drawn uniformly (several markers give the same phrase: their p add up)."""
    markers = _markers(verb, time_class)
    phrases: dict[str, float] = {}
    for marker in markers:
        for phrase, p in g.verb_phrases(verb, person, g.tense_of(time_class, marker)):
            phrases[phrase] = phrases.get(phrase, 0.0) + p / len(markers)
    return (sum(p * math.log2(p) for p in phrases.values()),
            sum(p * _english_length(phrase) for phrase, p in phrases.items()))


@lru_cache(maxsize=None)
def _phrases_by_time(verb: g.Verb, person: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per time of the verb: Σ p log2 p and Σ p·tokens of the phrases, and the time's tokens."""
    times = _times(verb.stative)
    rows = [_phrase_distribution(verb, time_class, person) for time_class, _, _, _ in times]
    return (np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
            np.array([_english_length(en) for _, _, en, _ in times], dtype=float))


def _chinese_marker_tokens(verb: g.Verb, time_class: str) -> float:
    """Expected tokens the marker adds (要/会/正在 before the verb, 了 after it)."""
    markers = _markers(verb, time_class)
    return sum(m != "" for m in markers) / len(markers)


def _binary_entropy(p: float) -> float:
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


@dataclass(frozen=True)
class EntropyRate:
    bits_per_sentence: float  # H(sentence)
    tokens_per_sentence: float  # E[words + 1 for </s>]

    @property
    def cross_entropy(self) -> float:
        """Bits per predicted token: the lowest average any model reaches on a long corpus."""
        return self.bits_per_sentence / self.tokens_per_sentence

    @property
    def perplexity(self) -> float:
        return 2 ** self.cross_entropy


def _plogp(p: np.ndarray) -> float:
    p = p[p > 0]
    return float(np.sum(p * np.log2(p)))


@lru_cache(maxsize=None)
def entropy_rate(kind: str) -> EntropyRate:
    """H(sentence) / E[tokens per sentence] of the grammar's "train"/"validation" streams, summed
    over every kept combination (kind "zh-words": one derivation per sentence; "en": the
    subjects that read the same and the markers that give the same phrase are merged)."""
    if kind not in ("en", "zh-words"):
        raise ValueError(f"the entropy rate is computed for 'en' and 'zh-words', not {kind!r}")
    z = kept_probability()
    subjects = tuple(_subject_probabilities())
    info = {zh: (en, person) for zh, en, person in g.subjects()}
    groups = sorted({info[zh] for zh in subjects})
    # one-hot (groups × subjects): the subjects that read the same in English
    merge = np.array([[info[zh] == group for zh in subjects] for group in groups], dtype=float)
    group_tokens = np.array([_english_length(en) for en, _ in groups], dtype=float)
    group_person = np.array([person for _, person in groups])
    bits = tokens = 0.0
    for verb in g.VERBS:
        times = _times(verb.stative)
        for obj in g.objects_for(verb.objects):
            p = _combination_weights(verb, obj) / z  # subjects × times
            if kind == "zh-words":
                for t, (time_class, time_zh, _, _) in enumerate(times):
                    column = p[:, t]
                    # one derivation per (combination, marker): the uniform marker adds log2 |M|
                    bits += -_plogp(column) + column.sum() * math.log2(len(_markers(verb, time_class)))
                    tokens += column.sum() * (2 + (time_zh != "") + _chinese_marker_tokens(verb, time_class)
                                              + len(obj.chinese))
                continue
            merged = merge @ p  # subject groups × times
            object_tokens = _english_length(obj.english)
            for person in ("1", "3", "p"):
                w = merged[group_person == person]
                plogp, phrase_tokens, time_tokens = _phrases_by_time(verb, person)
                mass = w.sum(axis=0)
                bits += -_plogp(w) - float(mass @ plogp)
                tokens += float(mass @ (phrase_tokens + time_tokens)) + mass.sum() * object_tokens
            tokens += float(group_tokens @ merged.sum(axis=1))
    # the full stop (drawn independently) and </s>
    bits += _binary_entropy(g.FULL_STOP_PROBABILITY)
    tokens += g.FULL_STOP_PROBABILITY + 1
    return EntropyRate(float(bits), float(tokens))
