"""engine.domain: the issue's confident nonsense is flagged, in-domain inputs (almost) never are,
and each rule gives what an independent reading of its inputs gives."""
import numpy as np
import pytest

from engine.domain import DROPPED_MASS, DomainReport, check_output, date_numbers_missing, domain_report, domain_reports

ISSUE_DATES = ("12/25/1999", "hello world", "31/02/2021", "14 juillet 1789", "2000-01-01")
ISSUE_ZH = ("非洲九月访问简", "简九月要访问火星", "简和汤姆九月访问非洲")


def test_date_rules_on_written_examples():
    report = check_output("dates", "14 juillet 1789", list("14 juillet 1789"), (), [], "1989-07-14")
    assert report.missing_numbers == ("1789",) and not report.invalid_date and report.flagged
    assert date_numbers_missing("26/03/21", "2021-03-26") == ()  # a two-digit year is the year's last digits
    assert date_numbers_missing("4 Nov 1988", "1988-11-04") == ()
    assert date_numbers_missing("5 Nov 1988", "1988-11-04") == ("5",)
    assert check_output("dates", "hello world", [], (), [], "1977-07-07").no_number
    assert check_output("dates", "31/02/2021", [], (), [], "2021-02-31").invalid_date
    fine = check_output("dates", "4 Nov 1988", [], (), [], "1988-11-04")
    assert fine == DomainReport() and not fine.flagged and fine.reasons == ()


def test_attention_rules_on_a_hand_made_matrix():
    """Two layers and two heads whose mean is written out by hand: source word 2 receives
    0.1 + 0.1 = 0.2 < DROPPED_MASS; output word 2 looks mostly at ⟨unk⟩."""
    mean = np.array([[0.8, 0.1, 0.1, 0.0],    # Jane
                     [0.1, 0.0, 0.1, 0.8],    # Mars? (strongest: <unk>)
                     [0.2, 0.7, 0.0, 0.1],    # September
                     [0.4, 0.3, 0.0, 0.3]])   # </s>: not a word, not counted
    noise = np.array([[0.1, -0.1, 0.0, 0.0]] * 4)
    cross = np.stack([np.stack([mean + noise, mean - noise])] * 2)  # (2, 2, 4, 4): the mean is `mean`
    source = ["简", "九月", "汤姆", "<unk>"]
    report = check_output("zh-en", "简九月汤姆火星", source, ("火星",), ["Jane", "Mars", "September", "</s>"],
                          "Jane Mars September", cross)
    received = mean[:3].sum(axis=0)
    assert report.dropped == tuple(w for w, m in zip(source, received) if m < DROPPED_MASS and w != "<unk>")
    assert report.dropped == ("汤姆",) and report.invented == ("Mars",)
    assert report.unknown == ("火星",) and report.outside_grammar


@pytest.mark.parametrize("name", ["date-transformer", "date-rnn-attention"])
def test_every_issue_date_is_flagged_and_in_domain_dates_are_not(name):
    from engine import load_model
    from engine.tasks import TASKS

    model = load_model(name, device="cpu")
    assert all(r.flagged for r in domain_reports(model, list(ISSUE_DATES)))
    texts = [e.text for e in TASKS["dates"].stream(123, "test").take(200)]
    assert sum(r.flagged for r in domain_reports(model, texts)) < 0.01 * len(texts)


def test_every_issue_sentence_is_flagged_and_in_domain_sentences_are_not():
    from engine import load_model
    from engine.tasks import TASKS

    model = load_model("zh-en-toy", device="cpu")
    reports = domain_reports(model, list(ISSUE_ZH))
    assert all(r.flagged for r in reports)
    assert reports[1].unknown == ("火星",) and reports[2].unknown == ("和",) and "汤姆" in reports[2].dropped
    assert reports == [domain_report(model, text) for text in ISSUE_ZH]  # the batch reads as one by one
    texts = [e.text for e in TASKS["zh-en"].stream(123, "test").take(200)]
    assert sum(r.flagged for r in domain_reports(model, texts)) < 0.01 * len(texts)


def test_the_cli_json_says_why_an_output_cannot_be_trusted(capsys):
    import json

    from engine.__main__ import main

    assert main(["translate", "--model", "zh-en-toy", "--device", "cpu", "--json", "简和汤姆九月访问非洲",
                 "简九月要访问非洲"]) == 0
    tom, lesson = (json.loads(line)["domain"] for line in capsys.readouterr().out.splitlines())
    assert tom["flagged"] and {"domain_unknown", "domain_outside_grammar", "domain_dropped"} <= \
        {r["code"] for r in tom["reasons"]}
    assert any("汤姆" in r["text"] for r in tom["reasons"])
    assert lesson == {"flagged": False, "reasons": []}
