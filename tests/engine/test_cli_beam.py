"""python -m engine translate --beam: the n-best list as JSON, best first, equal to model.beam."""
import json

import pytest

from engine.__main__ import main


@pytest.fixture(scope="module")
def model():
    from engine import load_model

    return load_model("date-transformer", device="cpu")


def run_cli(capsys, *argv):
    assert main(list(argv)) == 0
    return capsys.readouterr().out.strip().splitlines()


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
@pytest.mark.parametrize("penalty,alpha", [("power", 0.7), ("gnmt", 1.0), ("none", 0.7)])
def test_beam_json_lists_hypotheses_best_first(capsys, model, penalty, alpha):
    lines = run_cli(capsys, "translate", "--model", "date-transformer", "--device", "cpu", "--beam", "5",
                    "--alpha", str(alpha), "--length-penalty", penalty, "--n-best", "3", "--json", "4 Nov 1988")
    assert len(lines) == 1
    hyps = json.loads(lines[0])["hypotheses"]
    assert len(hyps) == 3
    assert set(hyps[0]) == {"text", "tokens", "logprob", "score", "valid_date"}  # a date model says if the day exists
    scores = [h["score"] for h in hyps]
    assert scores == sorted(scores, reverse=True)
    assert hyps[0]["text"] == "1988-11-04"
    direct = model.beam("4 Nov 1988", beam_width=5, length_penalty=penalty, alpha=alpha).hypotheses[:3]
    tgt = model.target_tokenizer
    for h, d in zip(hyps, direct):
        assert h["text"] == tgt.decode(d.tokens)
        assert h["tokens"] == tgt.tokens(d.tokens)
        assert h["logprob"] == pytest.approx(d.logprob, abs=1e-9)
        assert h["score"] == pytest.approx(d.score, abs=1e-9)
        n = len(h["tokens"])  # generated tokens, </s> included
        divisor = {"none": 1.0, "power": n ** alpha, "gnmt": ((5 + n) / 6) ** alpha}[penalty]
        assert h["score"] == pytest.approx(h["logprob"] / divisor, abs=1e-12)
        # log P itself is the sum of the model's teacher-forced token log-probabilities.
        # (Only outputs the scorer can take as text: until the step functions mask <pad>/<s>/<unk>,
        # the beam may also hold those.)
        if h["tokens"][-1] == "</s>" and not set(h["tokens"][:-1]) & {"<pad>", "<s>", "</s>", "<unk>"}:
            assert h["logprob"] == pytest.approx(model.score("4 Nov 1988", h["text"]), abs=1e-4)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_beam_json_one_line_per_input(capsys):
    lines = run_cli(capsys, "translate", "--model", "date-transformer", "--device", "cpu", "--beam", "2", "--json",
                    "4 Nov 1988", "Friday 26, March 2021")
    assert [json.loads(line)["hypotheses"][0]["text"] for line in lines] == ["1988-11-04", "2021-03-26"]
    assert all(len(json.loads(line)["hypotheses"]) == 1 for line in lines)


def test_beam_plain_n_best(capsys):
    (line,) = run_cli(capsys, "translate", "--model", "date-transformer", "--device", "cpu", "--beam", "4",
                      "--n-best", "2", "4 Nov 1988")
    first, second = line.split("\t")
    assert first.startswith("1988-11-04 (")
    assert second.endswith(")")


def test_beam_width_zero_is_a_clean_error(capsys):
    assert main(["translate", "--model", "date-transformer", "--device", "cpu", "--beam", "0", "4 Nov 1988"]) == 2
    assert "beam_width" in capsys.readouterr().err
