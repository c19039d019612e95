"""The neural models on the command line: `lm compare` gains their rows (its n-gram rows and
fields unchanged), `lm dependency` prints the long-dependency sentences, and `train
mlp-lm|lstm-lm` reaches engine.neural_lm.training with its options and the command line."""
import json

import pytest

from engine.__main__ import main
from engine.neural_lm import load_lm
from engine.neural_lm.comparison import kneser_ney
from engine.ngram.corpora import built_in_corpus

NGRAM_FIELDS = {"model", "smoothing", "order", "conventions", "sums_to_one", "tokens", "sentences", "unknown",
                "cross_entropy", "perplexity", "zero_probabilities", "train", "bits_above_floor"}


def run_json(capsys, argv):
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow  # the 100k-word corpus and the floor (cached for the rest of the run)
def test_compare_adds_the_neural_rows_beside_the_ngram_ones(capsys):
    payload = run_json(capsys, ["lm", "compare", "--corpus", "en", "--words", "20000", "--max-order", "1", "--json"])
    rows = {r["model"]: r for r in payload["rows"]}
    assert NGRAM_FIELDS <= rows["1-gram kneser-ney"].keys()
    _, heldout = built_in_corpus("en", 20_000, 0)
    floor = payload["floor"]["cross_entropy"]
    for name in ("mlp-lm", "lstm-lm"):
        row = rows[name]
        assert NGRAM_FIELDS <= row.keys() and row["smoothing"] is None
        expected = load_lm(name).evaluate(heldout)
        assert row["perplexity"] == pytest.approx(expected.perplexity)
        assert row["tokens"] == heldout.token_count + heldout.sentence_count == payload["floor"]["tokens"]
        assert row["bits_above_floor"] == pytest.approx(row["cross_entropy"] - floor)
        assert row["perplexity"] >= payload["floor"]["perplexity"]
    without = run_json(capsys, ["lm", "compare", "--corpus", "en", "--words", "20000", "--max-order", "1",
                                "--no-neural", "--json"])
    assert (rows["mlp-lm"]["order"], rows["lstm-lm"]["order"]) == (3, None)
    assert [r["model"] for r in without["rows"]] == [r["model"] for r in payload["rows"][:-2]]


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_compare_leaves_the_neural_rows_out_where_they_count_other_tokens(capsys):
    payload = run_json(capsys, ["lm", "compare", "--corpus", "en", "--words", "2000", "--max-order", "1",
                                "--conventions", "nltk", "--json"])
    assert not {"mlp-lm", "lstm-lm"} & {r["model"] for r in payload["rows"]}


@pytest.mark.slow  # the 100k-word corpus and the floor (cached for the rest of the run)
def test_dependency_prints_each_models_probabilities(capsys):
    payload = run_json(capsys, ["lm", "dependency", "--json"])
    assert len(payload) == 2
    trigram = kneser_ney(100_000, 0, 3)
    for probe in payload:
        words = probe["sentence"].split()
        assert probe["tokens"] == words + ["</s>"]
        assert probe["probabilities"]["trigram"] == pytest.approx(trigram.sentence(words).probabilities.tolist())
        assert probe["probabilities"]["lstm-lm"] == pytest.approx(
            load_lm("lstm-lm").sentence(words).probabilities.tolist())
        at = probe["dependent"]
        assert probe["probabilities"]["lstm-lm"][at] > probe["probabilities"]["trigram"][at]
        assert 0 < probe["grammar"] < 1
    assert main(["lm", "dependency"]) == 0
    assert "a trigram sees 2" in capsys.readouterr().out


def test_train_dispatches_with_the_command_line(monkeypatch):
    seen = {}
    monkeypatch.setattr("engine.neural_lm.training.train_lm", lambda kind, out, **kw: seen.update(kind=kind, out=out, **kw))
    assert main(["train", "lstm-lm", "--max-seconds", "90", "--seed", "4", "--out", "somewhere"]) == 0
    assert seen["kind"] == "lstm-lm" and seen["out"] == "somewhere"
    assert seen["seed"] == 4 and seen["max_seconds"] == pytest.approx(90) and seen["epochs"] is None
    assert seen["command"].startswith("python -m engine ")  # sys.argv: the real command line when run as a program
