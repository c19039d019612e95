"""python -m engine embeddings: the contract's JSON, checked in a subprocess against gensim."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.__main__ import main
from tests.engine.embeddings_fixtures import gensim_load, random_keyed_vectors, write_all_formats

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning")


def run_engine(tmp_path, *args):
    env = {**os.environ, "HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    env.pop("ATTENTION_LAB_CACHE", None)
    return subprocess.run([sys.executable, "-m", "engine", "embeddings", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def assert_pairs_equal(ours, theirs):
    assert [w for w, _ in ours] == [w for w, _ in theirs]
    np.testing.assert_allclose([s for _, s in ours], [s for _, s in theirs], atol=1e-6)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("vectors")
    return write_all_formats(random_keyed_vectors(n=800, dim=20, seed=9), folder)


@pytest.mark.parametrize("fmt", ["glove", "word2vec", "word2vec-binary"])
def test_neighbours_json_equals_most_similar(tmp_path, files, fmt):
    path, options = files[fmt]
    kv = gensim_load(path, **options)
    done = run_engine(tmp_path, "neighbours", "--file", str(path), "--format", fmt, "--k", "7", "--json",
                      "king", "北京", "w100")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3
    for line, word in zip(lines, ["king", "北京", "w100"]):
        assert_pairs_equal(json.loads(line), kv.most_similar(word, topn=7))
    assert list((tmp_path / "cache" / "attention-lab" / "embeddings").glob(f"*-{fmt}-v1"))  # the user's cache


@pytest.mark.parametrize("method", ["add", "mul"])
def test_analogy_json_equals_most_similar_and_cosmul(tmp_path, files, method):
    path, options = files["word2vec"]
    kv = gensim_load(path, **options)
    done = run_engine(tmp_path, "analogy", "--file", str(path), "--format", "word2vec", "--k", "9",
                      "--method", method, "--json", "man", "woman", "king")
    assert done.returncode == 0, done.stderr
    solve = kv.most_similar if method == "add" else kv.most_similar_cosmul
    assert_pairs_equal(json.loads(done.stdout), solve(positive=["woman", "king"], negative=["man"], topn=9))


def test_an_unknown_word_is_one_error_line_and_status_2(tmp_path, files):
    done = run_engine(tmp_path, "neighbours", "--file", str(files["glove"][0]), "--format", "glove", "--json", "zzz")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "error: 'zzz' is not in the vocabulary of glove.txt"


def test_a_malformed_file_names_its_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("a 1 2\nb 3\n", encoding="utf-8")
    done = run_engine(tmp_path, "neighbours", "--file", str(bad), "--format", "glove", "a")
    assert done.returncode == 2 and "line 2" in done.stderr and "2 numbers" not in done.stderr


def test_shipped_model_and_doesnt_match_in_process(capsys):
    code = main(["embeddings", "doesnt-match", "--model", "zh-en-toy", "--side", "target", "--json",
                 "January", "March", "July", "Paris"])
    out = capsys.readouterr().out
    ranking = json.loads(out)
    assert code == 0 and sorted(w for w, _ in ranking) == ["January", "July", "March", "Paris"]
    assert [s for _, s in ranking] == sorted((s for _, s in ranking), reverse=True)


def test_vectors_trained_here_answer_by_name(capsys):
    from engine.embeddings import neighbours
    from engine.embeddings.shipped import trained_embeddings

    code = main(["embeddings", "neighbours", "--model", "word2vec-en", "--k", "3", "--json", "January"])
    assert code == 0
    assert json.loads(capsys.readouterr().out) == neighbours(trained_embeddings("word2vec-en"), "January", 3).pairs()
