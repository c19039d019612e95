"""`python -m engine sample`: the contract of issue 26, checked in a subprocess, with every
log_prob recomputed here by one teacher-forced pass of the model (not by engine.sampling)."""
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch

from engine import load_model
from engine.__main__ import main

pytestmark = pytest.mark.slow  # samples thousands of sequences, once in a second interpreter

ROOT = Path(__file__).resolve().parents[2]
LESSON = "简九月要访问非洲"
# docs/zh-en.md: the grammar's renderings of a future sentence
GRAMMAR = {"Jane will visit Africa in September": 0.4, "Jane is going to visit Africa in September": 0.3,
           "Jane is visiting Africa in September": 0.2, "Jane is going to be visiting Africa in September": 0.1}
ARGS = ["sample", "--model", "zh-en-toy", "--device", "cpu", "--n", "2000", "--seed", "3", "--temperature", "0.9",
        "--top-p", "0.97", "--json", LESSON]


def teacher_forced_log_p(model, source: str, output: str) -> float:
    """log P(output + ⟨/s⟩ | source): the output's tokens by the target tokenizer, one decoder
    pass, the model's own log-softmax (natural log)."""
    tgt = model.target_tokenizer
    ids = tgt.encode(output).ids + [tgt.eos_id]
    with torch.inference_mode():
        state = model.module.prepare(torch.tensor([model.source_tokenizer.encode(source).ids]))
        logits, _ = model.module.decode_prefixes(state, torch.tensor([[tgt.bos_id] + ids[:-1]]))
        logp = torch.log_softmax(logits[0].double(), dim=-1)
    return math.fsum(float(logp[t, token]) for t, token in enumerate(ids))


def strptime_date(text: str) -> bool:
    """A calendar date by C's strptime, written back the same way (rejects "1988-11-4")."""
    try:
        t = time.strptime(text, "%Y-%m-%d")
        return f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}" == text
    except ValueError:
        return False


@pytest.fixture(scope="module")
def subprocess_output(tmp_path_factory):
    home = tmp_path_factory.mktemp("home")
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"))
    proc = subprocess.run([sys.executable, "-m", "engine", *ARGS], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\n") == 1
    return json.loads(proc.stdout)


def test_sample_json_keeps_the_contract(subprocess_output):
    samples = subprocess_output["samples"]
    assert samples and all({"text", "count", "log_prob", "grammar_prob"} <= set(s) for s in samples)
    assert sum(s["count"] for s in samples) == 2000
    assert [s["count"] for s in samples] == sorted((s["count"] for s in samples), reverse=True)
    assert len({s["text"] for s in samples}) == len(samples)


def test_each_log_prob_is_the_models_teacher_forced_log_p(subprocess_output):
    model = load_model("zh-en-toy", device="cpu")
    checked = [s for s in subprocess_output["samples"] if s["finished"]][:40]
    for s in checked:
        assert s["log_prob"] == pytest.approx(teacher_forced_log_p(model, LESSON, s["text"]), abs=1e-4)


def test_grammar_prob_is_the_grammars_and_zero_for_invalid_renderings(subprocess_output):
    for s in subprocess_output["samples"]:
        assert s["grammar_prob"] == GRAMMAR.get(s["text"], 0.0)
        assert s["valid"] is (s["text"] in GRAMMAR)
    assert set(GRAMMAR) <= {s["text"] for s in subprocess_output["samples"]}


def test_the_same_seed_gives_the_same_samples_in_another_process(subprocess_output, capsys):
    assert main(ARGS) == 0
    here = json.loads(capsys.readouterr().out)["samples"]
    # the same samples; their log P to 1e-6 (torch's thread count, which the two processes need not
    # share, changes the order of a sum in the last bits)
    there = subprocess_output["samples"]
    assert [(s["text"], s["count"]) for s in here] == [(s["text"], s["count"]) for s in there]
    for mine, theirs in zip(here, there):
        for key in ("log_prob", "sample_log_prob"):
            assert mine[key] == pytest.approx(theirs[key], rel=1e-6, abs=1e-9), (mine["text"], key)


def test_date_samples_say_whether_they_are_calendar_dates(capsys):
    assert main(["sample", "--model", "date-rnn-attention", "--n", "500", "--seed", "1", "--temperature", "1.3",
                 "--json", "29 Feb 2020"]) == 0
    report = json.loads(capsys.readouterr().out)
    texts = {s["text"]: s["valid"] for s in report["samples"]}
    assert texts.get("2020-02-29") is True
    assert not all(texts.values()) and all("grammar_prob" not in s for s in report["samples"])
    for text, valid in texts.items():
        assert valid is strptime_date(text), text
    valid_count = sum(s["count"] for s in report["samples"] if s["valid"])
    assert report["valid_fraction"] == valid_count / 500


@pytest.mark.parametrize("bad", [["--top-p", "1.5"], ["--temperature", "-1"], ["--n", "0"], ["--top-k", "-3"]])
def test_bad_settings_exit_with_status_2_and_one_line(capsys, bad):
    assert main(["sample", "--model", "date-transformer", *bad, "4 Nov 1988"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
