"""engine.ngram.floor: the zh-en grammar's own sentence probabilities (the corpus's true
floor), checked against the grammar's held-out rule, its stream, and mass conservation between
the Chinese derivations and the English sentences they collapse into."""
import hashlib
import random

import pytest

from engine.data import zh_en as g
from engine.ngram.corpora import built_in_corpus, heldout_examples
from engine.ngram.floor import (_heldout_by_hash, chinese_probability, english_probability, entropy_rate,
                                kept_probability, true_floor)


def test_the_fast_held_out_rule_is_the_grammars():
    rng = random.Random(0)
    for _ in range(3000):
        subject = rng.choice(g.subjects())[0]
        verb = rng.choice(g.VERBS)
        obj = "".join(rng.choice(g.objects_for(verb.objects)).chinese)
        time = rng.choice([""] + [zh for expressions, _, _ in g.TIME_CLASSES.values() for zh, _ in expressions])
        if (subject, verb.chinese, obj) == g.LESSON_COMBINATION:
            continue
        prefix = hashlib.sha256(f"zh-en-heldout|{subject}|{verb.chinese}|{obj}|".encode())
        assert _heldout_by_hash(prefix, time) == g.is_heldout((subject, verb.chinese, obj, time))


def test_kept_probability_matches_the_streams_rejection_rate():
    stream = g.ZhEnStream(5, "train")
    draws = 40_000
    held = sum(g.is_heldout(stream._draw_any().combination) for _ in range(draws))
    rate = 1 - kept_probability()
    sigma = (rate * (1 - rate) / draws) ** 0.5
    assert abs(held / draws - rate) < 4.5 * sigma


@pytest.mark.parametrize("verb_zh, object_zh, time_class", [("去", "巴黎", "today"), ("访问", "非洲", "month"),
                                                             ("喜欢", "东京", "none"), ("修", "一辆车", "future")])
def test_english_sentences_carry_the_mass_of_their_chinese_derivations(verb_zh, object_zh, time_class):
    verb = next(v for v in g.VERBS if v.chinese == verb_zh)
    obj = next(o for o in g.objects_for(verb.objects) if "".join(o.chinese) == object_zh)
    expressions, _, markers = g.TIME_CLASSES[time_class]
    time_zh, time_en = expressions[0]
    if verb.stative:
        markers = g.STATIVE_MARKERS
    chinese, english = {}, {}
    for subject in [s for s in g.subjects() if s[1] in ("You", "They", "Jane")]:
        for marker in markers:
            for stop in (False, True):
                built = g.build_example(subject, verb, obj, time_zh, time_en, time_class, marker, stop)
                chinese[built.text] = chinese_probability(built)
                for rendering in built.renderings:
                    example = g.ZhEnExample(built.text, built.source_tokens, built.renderings, built.probabilities,
                                            rendering, built.combination, built.marker, built.tense)
                    english[rendering] = english_probability(example)
    assert len(english) < len(chinese) * 4  # renderings of different derivations coincide
    assert sum(english.values()) == pytest.approx(sum(chinese.values()), rel=1e-12)


@pytest.mark.parametrize("kind", ["en", "zh-words"])
def test_the_entropy_rate_is_what_a_long_sample_averages(kind):
    # −log2 P(sentence) averaged over 4000 drawn sentences estimates H(sentence) (its spread per
    # sentence is about 3 bits: a standard error near 0.05); their lengths estimate E[tokens].
    _, heldout = built_in_corpus(kind, 1000, seed=9, heldout_words=26_000)
    examples = heldout_examples(kind, 9, heldout.sentence_count)
    sample = true_floor(kind, examples, heldout.token_count + heldout.sentence_count)
    rate = entropy_rate(kind)
    assert sample.sentences > 3000
    assert sample.cross_entropy * sample.tokens / sample.sentences == pytest.approx(rate.bits_per_sentence, abs=0.25)
    assert sample.tokens / sample.sentences == pytest.approx(rate.tokens_per_sentence, rel=0.01)
