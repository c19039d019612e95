"""engine.sampling_truth: the grammar's probabilities against the grammar's own draws and the
documented table, calendar dates against hand-picked cases, divergences against scipy."""
import random
from collections import Counter

import numpy as np
import pytest
from scipy.stats import chisquare, entropy

from engine.data.zh_en import EXAMPLES, ZhEnStream, build_example, find_example
from engine.sampling_truth import grammar_probabilities, is_calendar_date, kl_bits, total_variation


def test_the_lesson_sentence_has_the_documented_renderings():
    # docs/zh-en.md: future -> will visit 0.4, is going to visit 0.3, is visiting 0.2, is going to be visiting 0.1
    assert grammar_probabilities("简九月要访问非洲") == pytest.approx({
        "Jane will visit Africa in September": 0.4,
        "Jane is going to visit Africa in September": 0.3,
        "Jane is visiting Africa in September": 0.2,
        "Jane is going to be visiting Africa in September": 0.1,
    })
    assert grammar_probabilities("简昨天访问了非洲") == {"Jane visited Africa yesterday": 1.0}


def test_text_outside_the_grammar_has_no_distribution():
    assert grammar_probabilities("简访问火星") is None


@pytest.mark.parametrize("text", EXAMPLES[:6])
def test_probabilities_are_the_frequencies_of_the_generating_process(text):
    """Draw the sentence's rendering 20,000 times the way the training stream does (build_example
    with a random generator) and compare the frequencies by a chi-square test."""
    example = find_example(text)
    rng = random.Random(f"truth-test/{text}")
    draws = Counter()
    parts = _parts_of(example)
    for _ in range(20_000):
        draws[build_example(*parts, rng=rng).target] += 1
    truth = grammar_probabilities(text)
    assert set(draws) <= set(truth)
    if len(truth) > 1:
        assert chisquare([draws[r] for r in truth], [p * 20_000 for p in truth.values()]).pvalue > 0.001


def _parts_of(example):
    """build_example's arguments for a found example (its own search found them once already)."""
    from engine.data import zh_en

    subject = next(s for s in zh_en.subjects() if s[0] == example.combination[0])
    verb = next(v for v in zh_en.VERBS if v.chinese == example.combination[1])
    obj = next(o for o in zh_en.objects_for(verb.objects) if "".join(o.chinese) == example.combination[2])
    time_zh = example.combination[3]
    for time_class, (expressions, _, _) in zh_en.TIME_CLASSES.items():
        for zh, en in expressions:
            if zh == time_zh:
                candidate = build_example(subject, verb, obj, zh, en, time_class, example.marker,
                                          example.text.endswith("。"))
                if candidate.text == example.text and candidate.tense == example.tense:
                    return subject, verb, obj, zh, en, time_class, example.marker, example.text.endswith("。")
    raise AssertionError("no parts found")


def test_a_sentences_text_alone_fixes_its_distribution():
    """No two parses of one Chinese text give different renderings: the training stream's own
    examples agree with what their text alone finds."""
    for example in ZhEnStream(seed=5, split="train").take(400):
        assert grammar_probabilities(example.text) == dict(zip(example.renderings, example.probabilities))


@pytest.mark.parametrize("text, valid", [
    ("1988-11-04", True), ("2020-02-29", True), ("2000-02-29", True), ("2099-12-31", True),
    ("2021-02-29", False), ("1900-02-29", False), ("1988-13-01", False), ("1988-00-10", False),
    ("1988-11-31", False), ("1988-11-4", False), ("19881104", False), ("19", False), ("", False),
    ("1988-11-04-", False), ("١٩٨٨-١١-٠٤", False), (" 1988-11-04", False)])
def test_calendar_dates(text, valid):
    assert is_calendar_date(text) is valid


def test_divergences_equal_scipys_on_the_union_of_outcomes():
    truth = {"a": 0.4, "b": 0.3, "c": 0.2, "d": 0.1}
    freq = {"a": 0.5, "b": 0.25, "c": 0.15, "d": 0.05, "junk": 0.05}
    p = np.array([0.4, 0.3, 0.2, 0.1, 0.0])
    q = np.array([0.5, 0.25, 0.15, 0.05, 0.05])
    assert total_variation(truth, freq) == pytest.approx(0.5 * np.abs(p - q).sum(), abs=1e-15)
    assert kl_bits(truth, freq) == pytest.approx(entropy(p, q, base=2), abs=1e-12)
    assert kl_bits(truth, {"a": 1.0}) == float("inf")
    assert total_variation(truth, truth) == 0.0
