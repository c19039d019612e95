"""The run-time files are found through the `assets` package, and an installed copy's shipped
models are never rewritten (tests/test_wheel_install.py checks the same from a real install)."""
import shutil
from pathlib import Path

import pytest

import assets
from engine.models import registry

ROOT = Path(__file__).resolve().parents[2]


def test_in_a_checkout_the_assets_are_the_checkouts_folder():
    assert assets.asset_path() == ROOT / "assets"
    assert assets.asset_path("icons", "attention-lab.svg").is_file()
    assert assets.in_checkout()


def test_the_shipped_models_are_found_through_the_package(monkeypatch):
    monkeypatch.delenv("ATTENTION_LAB_MODELS", raising=False)
    assert registry.models_dir() == ROOT / "assets" / "models"
    names = sorted(p.parent.name for p in (ROOT / "assets" / "models").glob("*/model.safetensors"))
    assert [m.name for m in registry.list_models()] == names == ["date-rnn-attention", "date-transformer",
                                                                 "zh-en-toy"]


def test_attention_lab_models_still_overrides_the_shipped_folder(monkeypatch, tmp_path):
    shutil.copytree(ROOT / "assets" / "models" / "zh-en-toy", tmp_path / "zh-en-toy")
    monkeypatch.setenv("ATTENTION_LAB_MODELS", str(tmp_path))
    assert [m.path for m in registry.list_models()] == [tmp_path / "zh-en-toy"]


def test_recording_into_a_checkouts_models_is_allowed(monkeypatch):
    monkeypatch.delenv("ATTENTION_LAB_MODELS", raising=False)
    registry.check_recordable("zh-en-toy")  # a maintainer updates the shipped config.json


def test_an_installed_copys_shipped_models_are_never_recorded_into(monkeypatch, tmp_path):
    monkeypatch.delenv("ATTENTION_LAB_MODELS", raising=False)
    monkeypatch.setattr(registry, "in_checkout", lambda: False)
    with pytest.raises(ValueError, match="ATTENTION_LAB_MODELS"):
        registry.check_recordable("zh-en-toy")
    # a user's own copy, outside the package, may be recorded into
    shutil.copytree(ROOT / "assets" / "models" / "zh-en-toy", tmp_path / "zh-en-toy")
    registry.check_recordable(tmp_path / "zh-en-toy")
    monkeypatch.setenv("ATTENTION_LAB_MODELS", str(tmp_path))
    registry.check_recordable("zh-en-toy")


def test_evaluate_record_refuses_before_evaluating(monkeypatch, capsys):
    from engine.__main__ import main

    monkeypatch.delenv("ATTENTION_LAB_MODELS", raising=False)
    monkeypatch.setattr(registry, "in_checkout", lambda: False)
    config = ROOT / "assets" / "models" / "zh-en-toy" / "config.json"
    before = config.read_bytes()
    monkeypatch.setattr("engine.evaluation.evaluate", lambda *a, **k: pytest.fail("evaluated before refusing"))
    assert main(["evaluate", "--model", "zh-en-toy", "--n", "1", "--record"]) == 2
    assert "not changed" in capsys.readouterr().err
    assert config.read_bytes() == before
