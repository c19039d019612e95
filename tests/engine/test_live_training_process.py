"""The trainer in its own process (what the view will drive) and the command-line contract."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import load_model
from engine.__main__ import main
from engine.live_training.control import TrainerProcess, TrainerSpec
from engine.live_training.events import StateChanged, StepMetrics
from engine.live_training.experiments import get_experiment

ROOT = Path(__file__).resolve().parents[2]


class Recorder:
    def __init__(self):
        self.steps = []

    def __call__(self, event):
        if isinstance(event, StepMetrics):
            self.steps.append(event)

    def curve(self):
        return [(m.step, m.train_loss, m.grad_norm) for m in self.steps]


def _until(trainer, recorder, condition, timeout=120):
    import time

    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the trainer did not get there in time"
        for event in trainer.events(timeout=0.2):
            recorder(event)
            assert not (isinstance(event, StateChanged) and event.state == "error"), event.detail


@pytest.mark.slow
def test_the_process_pauses_resumes_resets_saves_and_closes_cleanly(tmp_path):
    trainer = TrainerProcess(TrainerSpec("date-rnn-attention", "tiny", seed=5))
    try:
        trainer.wait_for("ready", timeout=300)
        straight = Recorder()
        trainer.step(12)  # twelve steps, then paused
        trainer.wait_for("paused", timeout=120, on_event=straight)
        assert [m.step for m in straight.steps] == list(range(1, 13))

        trainer.reset()  # same seed
        trainer.wait_for("reset", timeout=60)
        interrupted = Recorder()
        trainer.start()
        _until(trainer, interrupted, lambda: len(interrupted.steps) >= 3)
        trainer.pause()
        trainer.wait_for("paused", timeout=60, on_event=interrupted)
        trainer.resume()
        _until(trainer, interrupted, lambda: len(interrupted.steps) >= 12)
        assert interrupted.curve()[:12] == straight.curve()

        trainer.pause()
        trainer.wait_for("paused", timeout=60, on_event=interrupted)
        trainer.update_settings(learning_rate=1e-4, batch_size=4)
        after = Recorder()
        trainer.step(1)
        trainer.wait_for("paused", timeout=60, on_event=after)
        assert (after.steps[0].learning_rate, after.steps[0].batch_size) == (1e-4, 4)

        trainer.save(tmp_path / "m", "test")
        saved = trainer.wait_for("saved", timeout=60)
        assert load_model(saved.detail, device="cpu").config["training"]["steps"] == saved.step

        trainer.start()  # closing while it trains stops it between steps
        _until(trainer, after, lambda: len(after.steps) >= 3)
    finally:
        code = trainer.close()
    assert code == 0


def test_max_seconds_and_max_minutes_are_not_both_accepted(capsys, tmp_path):
    assert main(["train", "date-rnn-attention", "--max-seconds", "5", "--max-minutes", "1",
                 "--out", str(tmp_path)]) == 2
    assert "not both" in capsys.readouterr().err


def test_an_unknown_preset_or_experiment_is_one_error_line(capsys, tmp_path):
    assert main(["train", "date-rnn-attention", "--preset", "huge", "--max-seconds", "1", "--out", str(tmp_path)]) == 2
    assert main(["train", "date-lstm", "--preset", "tiny", "--max-seconds", "1", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 2


@pytest.mark.slow
def test_the_contract_command_trains_the_lecture_preset_and_evaluate_reads_its_folder(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    out = tmp_path / "model"
    train = subprocess.run([sys.executable, "-m", "engine", "train", "date-rnn-attention", "--preset", "lecture",
                            "--max-seconds", "2", "--out", str(out), "--threads", "1"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert train.returncode == 0, train.stderr
    assert train.stdout.strip().splitlines()[-1].startswith("validation_exact_match=")
    config = json.loads((out / "config.json").read_text(encoding="utf-8"))
    assert config["training"]["preset"] == "lecture" and config["training"]["steps"] >= 1
    lecture = get_experiment("date-rnn-attention", "lecture").preset.settings  # the settings the view starts with
    assert (config["training"]["settings"]["learning_rate"], config["training"]["settings"]["batch_size"]) == \
        (lecture.learning_rate, lecture.batch_size)
    assert config["metrics"]["validation_step"] == config["training"]["steps"]
    assert (out / "model.safetensors").stat().st_size < 3_000_000

    evaluate = subprocess.run([sys.executable, "-m", "engine", "evaluate", "--model-path", str(out), "--n", "40",
                               "--seed", "9"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert evaluate.returncode == 0, evaluate.stderr
    last = evaluate.stdout.strip().splitlines()[-1]
    assert last.startswith("exact_match=") and 0.0 <= float(last.split("=")[1]) <= 1.0
    assert not list(home.rglob("*")) or all(p.is_dir() for p in home.rglob("*"))  # nothing written to HOME


@pytest.mark.slow
def test_the_old_training_path_takes_max_seconds(tmp_path, capsys):
    assert main(["train", "date-rnn-attention", "--epochs", "1", "--samples", "32", "--batch-size", "16",
                 "--max-seconds", "600", "--out", str(tmp_path / "m"), "--no-progress", "--device", "cpu"]) == 0
    config = json.loads((tmp_path / "m" / "config.json").read_text(encoding="utf-8"))
    assert config["training"]["max_minutes"] == 10 and config["training"]["steps"] == 2


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_evaluate_record_writes_into_the_given_folder_not_the_shipped_model_of_that_name(tmp_path, capsys):
    from engine.live_training.experiments import get_experiment
    from engine.live_training.trainer import Trainer
    from engine.models.registry import DEFAULT_MODELS_DIR

    trainer = Trainer(get_experiment("date-rnn-attention", "tiny"), seed=0)  # named like the shipped model
    trainer.step()
    trainer.save(tmp_path / "m", command="test")
    shipped = (DEFAULT_MODELS_DIR / "date-rnn-attention" / "config.json").read_bytes()
    assert main(["evaluate", "--model-path", str(tmp_path / "m"), "--n", "5", "--seed", "1", "--record"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("exact_match=")
    assert json.loads((tmp_path / "m" / "config.json").read_text(encoding="utf-8"))["metrics"]["evaluation_n"] == 5
    assert (DEFAULT_MODELS_DIR / "date-rnn-attention" / "config.json").read_bytes() == shipped
