"""python -m engine lm …: the score contract against nltk.lm in a subprocess, and the other
subcommands' JSON."""
import contextlib
import io
import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.lm import MLE, Laplace, Lidstone
from nltk.lm.preprocessing import padded_everygram_pipeline

from engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
TRAIN = ["the cat sat on the mat", "The cat ran", "a dog sat on a log", "the dog saw the cat",
         "cat and dog", "the mat sat"]
SENTENCES = ["the cat sat", "a Cat ran on the log", "zebra"]


def run_cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def lm_json(capsys, tmp_path, command, lines, *args):
    """(status, parsed JSON) of `lm COMMAND … --json` with ``lines`` written to a file whose
    path replaces "{file}" in ``args``."""
    path = tmp_path / f"{command}.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "lm", command, *[str(path) if a == "{file}" else a for a in args], "--json")
    assert code == 0, err
    return code, json.loads(out)


@pytest.fixture
def train_file(tmp_path):
    path = tmp_path / "train.txt"
    path.write_text("\n".join(TRAIN) + "\n", encoding="utf-8")
    return path


def nltk_scores(model, order, sentence):
    padded = ["<s>"] * (order - 1) + sentence.split() + ["</s>"]
    return [model.score(padded[i + order - 1], tuple(padded[i:i + order - 1]) or None)
            for i in range(len(sentence.split()) + 1)]


def score_output(capsys, tmp_path, subprocess_run, *args):
    """stdout of `python -m engine lm score …`: in a subprocess (the real command line) or
    through main() (the same code, without the start-up time)."""
    if not subprocess_run:
        code, out, err = run_cli(capsys, "lm", "score", *args)
        assert code == 0, err
        return out
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "engine", "lm", "score", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
@pytest.mark.parametrize("order, smoothing, extra, reference, subprocess_run", [
    (2, "mle", [], lambda n: MLE(n), True), (3, "lidstone", ["--k", "0.25"], lambda n: Lidstone(0.25, n), True),
    (1, "mle", [], lambda n: MLE(n), False), (3, "laplace", [], lambda n: Laplace(n), False),
    (4, "lidstone", ["--k", "2"], lambda n: Lidstone(2, n), False)])
def test_score_contract_equals_nltk(capsys, tmp_path, train_file, order, smoothing, extra, reference, subprocess_run):
    out = score_output(capsys, tmp_path, subprocess_run, "--train", str(train_file), "--order", str(order),
                       "--smoothing", smoothing, *extra, "--json", *SENTENCES)
    rows = json.loads(out)
    model = reference(order)
    model.fit(*padded_everygram_pipeline(order, [line.split() for line in TRAIN]))
    assert len(rows) == len(SENTENCES)
    for row, sentence in zip(rows, SENTENCES):
        assert set(row) == {"tokens", "probabilities", "perplexity"}
        assert row["tokens"] == sentence.split() + ["</s>"]
        expected = nltk_scores(model, order, sentence)
        assert row["probabilities"] == pytest.approx(expected, abs=1e-12, rel=0)
        want = model.perplexity([tuple((["<s>"] * (order - 1) + sentence.split() + ["</s>"])[i:i + order])
                                 for i in range(len(sentence.split()) + 1)])
        assert row["perplexity"] == pytest.approx(want, rel=1e-12) or (math.isinf(want) and math.isinf(row["perplexity"]))


def test_score_kneser_ney_with_a_typed_discount_gives_every_token_probability(capsys, train_file):
    code, out, _ = run_cli(capsys, "lm", "score", "--train", str(train_file), "--order", "3", "--smoothing",
                           "kneser-ney", "--discount", "0.75", "--json", "zebra eats the cat")
    rows = json.loads(out)
    assert code == 0 and all(0 < p < 1 for p in rows[0]["probabilities"])
    assert math.isfinite(rows[0]["perplexity"])


def test_fit_reports_counts_per_order_and_the_count_of_counts(capsys, train_file):
    code, out, _ = run_cli(capsys, "lm", "fit", "--train", str(train_file), "--order", "2", "--json")
    data = json.loads(out)
    words = sum(len(line.split()) for line in TRAIN)
    assert code == 0 and data["tokens"] == words and data["sentences"] == len(TRAIN)
    # nltk padding for n = 2: one <s> and one </s> per sentence, all counted as unigrams.
    assert data["orders"][0]["tokens"] == words + 2 * len(TRAIN)
    assert sum(data["count_of_counts"]["n_r"]) == data["orders"][1]["ngrams"]


def test_perplexity_of_a_test_file_equals_the_mean_of_the_score_logs(capsys, train_file, tmp_path):
    code, data = lm_json(capsys, tmp_path, "perplexity", ["the cat sat", "the dog ran on the mat"], "--train",
                         str(train_file), "--test", "{file}", "--order", "2", "--smoothing", "laplace")
    _, out, _ = run_cli(capsys, "lm", "score", "--train", str(train_file), "--order", "2", "--smoothing", "laplace",
                        "--json", "the cat sat", "the dog ran on the mat")
    logs = [math.log2(p) for row in json.loads(out) for p in row["probabilities"]]
    assert code == 0 and data["tokens"] == len(logs)
    assert data["cross_entropy"] == pytest.approx(-sum(logs) / len(logs), rel=1e-12)
    assert data["perplexity"] == pytest.approx(2 ** data["cross_entropy"], rel=1e-12)


def test_sample_is_seeded_and_compare_lists_every_model(capsys):
    args = ["lm", "sample", "--corpus", "en", "--words", "3000", "--order", "2", "--count", "3", "--json"]
    _, first, _ = run_cli(capsys, *args)
    _, second, _ = run_cli(capsys, *args)
    assert first == second and len(json.loads(first)["sentences"]) == 3
    assert all("<s>" not in s for s in json.loads(first)["sentences"])
    code, out, _ = run_cli(capsys, "lm", "compare", "--corpus", "en", "--words", "3000", "--max-order", "3", "--json")
    rows = json.loads(out)["rows"]
    assert code == 0 and {"1-gram kneser-ney", "2-gram kneser-ney", "3-gram kneser-ney"} <= {r["model"] for r in rows}
    kn = {r["order"]: r for r in rows if r["smoothing"] == "kneser-ney"}
    assert kn[2]["perplexity"] < kn[1]["perplexity"]  # the grammar's words depend on their neighbours
    floor = json.loads(out)["floor"]
    assert 1 < floor["perplexity"] < kn[2]["perplexity"]
    assert kn[2]["bits_above_floor"] == pytest.approx(kn[2]["cross_entropy"] - floor["cross_entropy"])


def test_a_missing_file_is_one_error_line(capsys, tmp_path):
    code, _, err = run_cli(capsys, "lm", "score", "--train", str(tmp_path / "none.txt"), "--order", "2",
                           "--smoothing", "mle", "--json", "a")
    assert code == 2 and err.startswith("error: ") and len(err.splitlines()) == 1


@pytest.mark.parametrize("bad", [["--order", "0"], ["--k", "-1", "--smoothing", "lidstone"], ["--discount", "2"],
                                 ["--cutoff", "0"], ["--smoothing", "interpolation", "--weights", "1,x"],
                                 ["--smoothing", "interpolation", "--weights", "0.5,0.5"]])
def test_bad_options_are_one_error_line(capsys, train_file, bad):
    code, _, err = run_cli(capsys, "lm", "score", "--train", str(train_file), *bad, "--json", "the cat")
    assert code == 2 and err.startswith("error: ") and len(err.splitlines()) == 1


def test_a_refused_encoding_is_one_error_line(capsys, tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes("café olé\n".encode("latin-1"))
    code, _, err = run_cli(capsys, "lm", "fit", "--train", str(path))
    assert code == 2 and "neither UTF-8 nor GB18030" in err and len(err.splitlines()) == 1


def test_delta_finds_the_add_delta_of_lowest_held_out_perplexity(capsys, train_file, tmp_path):
    code, data = lm_json(capsys, tmp_path, "delta", ["the cat sat on the log", "a dog ran"], "--train",
                         str(train_file), "--heldout", "{file}", "--order", "2", "--deltas", "0.01:10:7")
    assert len(data["deltas"]) == 7
    model = Lidstone(data["best_delta"], 2)
    model.fit(*padded_everygram_pipeline(2, [line.split() for line in TRAIN]))
    grams = [g for line in ["the cat sat on the log", "a dog ran"]
             for g in zip(["<s>"] + line.split(), line.split() + ["</s>"])]
    assert data["best_perplexity"] == pytest.approx(model.perplexity(grams), rel=1e-12)
    assert data["best_perplexity"] == min(data["perplexities"])


LM_FLAGS = ["--order", "--smoothing", "--k", "--discount", "--weights", "--cutoff", "--conventions", "--tokeniser",
            "--count", "--max-tokens", "--max-order", "--deltas", "--seed", "--words"]


@st.composite
def lm_command_lines(draw):
    command = draw(st.sampled_from(["fit", "score", "perplexity", "sample", "delta", "compare", "nope"]))
    argv = ["lm", command, "--corpus", draw(st.sampled_from(["en", "zh-words", "dates"])), "--words", "300"]
    for _ in range(draw(st.integers(0, 3))):
        flag = draw(st.sampled_from(LM_FLAGS))
        value = draw(st.one_of(st.sampled_from(["0", "1", "2", "-1", "0.5", "1e9", "x", "a,b", "0.2,0.8", "mle",
                                                "kneser-ney", "textbook", "1:2:3"]),
                               st.text(max_size=4)))
        if flag in ("--words", "--count", "--max-tokens", "--max-order", "--order") and value == "1e9":
            value = "3"  # a valid size, never a huge run
        argv += [flag, value]
    return argv + draw(st.lists(st.text(max_size=12), max_size=2))


@settings(max_examples=40, deadline=None)
@given(lm_command_lines())
def test_lm_command_lines_exit_cleanly(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse
            status = exc.code
    assert status in (0, 2), (argv, status, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if status == 2 and err.getvalue().startswith("error:"):
        assert err.getvalue().count("\n") == 1
