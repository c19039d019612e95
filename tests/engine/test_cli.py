"""python -m engine: the command-line contracts notebooks and docs rely on."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_translate_prints_one_line_per_input(capsys):
    code, out, _ = run_cli(capsys, "translate", "--model", "date-transformer", "--device", "cpu",
                           "4 Nov 1988", "15/10/1971")
    assert code == 0
    assert out.splitlines() == ["1988-11-04", "1971-10-15"]


def test_attention_json_has_the_documented_keys(capsys):
    code, out, _ = run_cli(capsys, "attention", "--model", "date-transformer", "--json", "4 Nov 1988")
    data = json.loads(out)
    assert code == 0
    for key in ("source_tokens", "target_tokens", "encoder_self", "decoder_self", "cross"):
        assert key in data
    assert data["source_tokens"] == list("4 Nov 1988")
    layers, heads = len(data["cross"]), len(data["cross"][0])
    assert len(data["cross"][0][0]) == len(data["target_tokens"])
    assert len(data["cross"][0][0][0]) == len(data["source_tokens"])
    assert layers == len(data["encoder_self"]) and heads == len(data["decoder_self"][0])


def test_attention_json_for_the_rnn_has_only_cross_with_one_layer_and_head(capsys):
    code, out, _ = run_cli(capsys, "attention", "--model", "date-rnn-attention", "--json", "4 Nov 1988")
    data = json.loads(out)
    assert code == 0 and "encoder_self" not in data and "decoder_self" not in data
    assert len(data["cross"]) == 1 and len(data["cross"][0]) == 1


def test_models_lists_every_shipped_model_with_accuracy(capsys):
    code, out, _ = run_cli(capsys, "models", "--device", "cpu")
    assert code == 0
    header, *lines = out.splitlines()
    assert header == "# device: cpu"
    assert any(line.startswith("date-transformer\t") for line in lines)
    assert any(line.startswith("date-rnn-attention\t") for line in lines)
    assert any(line.startswith("zh-en-toy\t") and "task=zh-en" in line for line in lines)
    assert all("exact_match=" in line for line in lines)
    assert all("task=dates" in line for line in lines if line.startswith("date-"))


@pytest.mark.slow  # evaluates a model on generated examples
def test_evaluate_ends_with_exact_match_line(capsys):
    code, out, _ = run_cli(capsys, "evaluate", "--model", "date-rnn-attention", "--n", "200", "--seed", "5")
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith("exact_match=")
    assert 0.9 <= float(last.split("=")[1]) <= 1.0
    assert "zh:" in out and "de:" in out


def test_errors_are_one_line_and_exit_non_zero(tmp_path, capsys):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "config.json").write_text(
        json.dumps({"architecture": "transformer", "hyperparameters": {}, "source_vocab": [], "target_vocab": []}))
    (tmp_path / "broken" / "model.safetensors").write_bytes(b"not a safetensors file")
    os.environ["ATTENTION_LAB_MODELS"] = str(tmp_path)
    try:
        code, out, err = run_cli(capsys, "translate", "--model", "broken", "x")
    finally:
        del os.environ["ATTENTION_LAB_MODELS"]
    assert code != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: cannot load model")
    code, _, err = run_cli(capsys, "translate", "--model", "date-transformer", "1" * 200)
    assert code != 0 and "at most" in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow  # two interpreters load torch and a model
def test_module_entry_point_runs_as_a_subprocess():
    proc = subprocess.run([sys.executable, "-m", "engine", "translate", "--model", "date-rnn-attention",
                           "--device", "cpu", "2021年3月26日星期五"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "2021-03-26"
    bad = subprocess.run([sys.executable, "-m", "engine", "translate", "--model", "nope", "x"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


@pytest.mark.parametrize("module", ["engine", "engine.worker", "engine.positional", "engine.jobs"])
def test_light_imports_do_not_pull_torch_or_qt(module):
    code = f"import sys, {module}; print('torch' in sys.modules, any(m.startswith(('PySide6','pyqtgraph')) for m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["False", "False"], proc.stderr


def test_engine_never_imports_qt():
    import ast

    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("PySide6", "PyQt", "pyqtgraph", "app")), f"{path} imports {name}"
