""""Search or model?" first asks whether ŷ is itself a valid output (engine.valid_outputs), and a
date output says whether its day exists (engine.domain): both read by the CLI's JSON too."""
import calendar
import datetime
import json

import pytest

from engine.__main__ import main
from engine.beam_analysis import decide, scored_sequence
from engine.domain import is_calendar_date
from engine.valid_outputs import is_valid_output, valid_outputs

SENTENCE = "简九月要访问非洲"
EXPECTED = "Jane is visiting Africa in September"
BEAM_OUTPUT = "Jane will visit Africa in September"


@pytest.fixture(scope="module")
def zh_en():
    from engine import load_model

    return load_model("zh-en-toy", device="cpu")


def test_the_grammar_lists_both_renderings_of_the_lesson_sentence():
    renderings = valid_outputs("zh-en", SENTENCE)
    assert EXPECTED in renderings and BEAM_OUTPUT in renderings
    assert is_valid_output("zh-en", SENTENCE, BEAM_OUTPUT)
    assert not is_valid_output("zh-en", SENTENCE, "Jane visited Africa in September")  # 要: future, not past
    assert not is_valid_output("zh-en", SENTENCE, "Tom will visit Africa in September")
    assert valid_outputs("zh-en", "简九月要访问火星") is None  # not a sentence of the grammar: it cannot say
    assert valid_outputs("dates", "4 Nov 1988") is None  # one ISO output: only the expected one says which


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_the_issue_case_is_also_correct_not_a_model_error(zh_en):
    from engine.beam_analysis import analyse_beam

    a = analyse_beam(zh_en, SENTENCE, beam_width=5, expected=EXPECTED)
    assert a.best.text == BEAM_OUTPUT and a.best.finished
    e = a.error
    assert e.verdict == "also_correct" and e.raw_verdict == "also_correct"
    assert e.sentence == "ŷ is also a correct translation: no error."
    # without the check the lesson's rule would blame the model: the model prefers ŷ
    assert e.best.score > e.expected.score


def sequence(ids, logprob):
    return scored_sequence("x", ids, [str(i) for i in ids], [logprob / len(ids)] * len(ids), "power", 0.7, eos_id=2)


def test_a_valid_output_is_only_excused_when_it_is_valid_and_finished():
    expected, best = sequence([5, 6, 2], -2.0), sequence([7, 8, 2], -1.0)
    assert decide(expected, best, "power")[0] == "model"
    assert decide(expected, best, "power", best_is_valid=True)[0] == "also_correct"
    unfinished = sequence([7, 8], -1.0)
    assert decide(expected, unfinished, "power", best_is_valid=True)[0] == "model"
    assert decide(expected, expected, "power", best_is_valid=True)[0] == "agree"
    better_expected = sequence([5, 6, 2], -0.5)
    assert decide(better_expected, best, "power")[0] == "search"


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_the_cli_analysis_json_carries_the_verdict(capsys):
    code = main(["translate", "--model", "zh-en-toy", "--device", "cpu", "--beam", "5", "--json",
                 "--expected", EXPECTED, SENTENCE])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert data["hypotheses"][0]["text"] == BEAM_OUTPUT and "valid_date" not in data["hypotheses"][0]
    assert data["analysis"]["verdict"] == "also_correct" and data["analysis"]["also_correct"] is True


def test_calendar_dates_against_the_standard_library():
    for year in (1900, 2000, 2021, 2024):
        for month in range(1, 13):
            days = calendar.monthrange(year, month)[1]
            assert is_calendar_date(f"{year:04d}-{month:02d}-{days:02d}")
            assert not is_calendar_date(f"{year:04d}-{month:02d}-{days + 1:02d}")
    for text in ("2021-02-31", "1999-25-12", "1010-00-20", "0000-01-01", "2021-1-01", " 2021-01-01", "2021-01-00",
                 "hello", ""):
        assert not is_calendar_date(text), text
    assert is_calendar_date(datetime.date(1789, 7, 14).isoformat())


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_the_cli_json_marks_impossible_dates(capsys):
    code = main(["translate", "--model", "date-transformer", "--device", "cpu", "--json", "--beam", "3",
                 "--n-best", "3", "31/02/2021", "4 Nov 1988"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    for line in lines:
        for h in line["hypotheses"]:
            assert h["valid_date"] == is_calendar_date(h["text"])
    assert lines[1]["hypotheses"][0] == {**lines[1]["hypotheses"][0], "text": "1988-11-04", "valid_date": True}
    assert lines[0]["hypotheses"][0]["text"] == "2021-02-31" and lines[0]["hypotheses"][0]["valid_date"] is False
