"""The live trainer's learning-rate schedule: warm-up, then constant or the inverse square root."""
from dataclasses import replace

import pytest
import torch

from engine.live_training.experiments import Preset, get_experiment
from engine.live_training.trainer import Trainer


def vaswani_factor(step: int, warmup: int) -> float:
    """Vaswani et al. (2017), eq. 3, lrate = d^-0.5 min(step^-0.5, step warmup^-1.5), divided
    by its peak (reached at step = warmup), so that 1 means the learning-rate setting."""
    peak = warmup ** -0.5
    return min(step ** -0.5, step * warmup ** -1.5) / peak


@pytest.mark.parametrize("warmup", [1, 7, 100])
def test_decay_from_the_warm_up_is_the_transformer_papers_schedule(warmup):
    preset = Preset("p", warmup_steps=warmup, decay_after=warmup)
    for step in {1, 2, max(1, warmup - 1), warmup, warmup + 1, 4 * warmup, 1000, 12345}:
        assert preset.rate_factor(step) == pytest.approx(vaswani_factor(step, warmup), rel=1e-12)


def test_without_decay_the_rate_is_the_setting_after_a_linear_warm_up():
    preset = Preset("p", warmup_steps=20)
    assert [preset.rate_factor(s) for s in (1, 10, 20, 21, 5000)] == [1 / 20, 0.5, 1.0, 1.0, 1.0]
    # a decay starting after the warm-up: flat in between, then sqrt(k / step)
    late = Preset("p", warmup_steps=20, decay_after=300)
    assert [late.rate_factor(s) for s in (20, 300)] == [1.0, 1.0]
    assert late.rate_factor(1200) == pytest.approx(0.5)


@pytest.fixture
def one_thread():
    """Two torch threads on a loaded 2-core machine made each tiny step ~100x slower."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


def test_each_step_uses_the_setting_times_the_schedule_and_a_new_setting_applies_next(one_thread):
    experiment = get_experiment("zh-en-transformer", "tiny")  # the zh-en tokenizers take no time to build
    experiment = replace(experiment, preset=replace(experiment.preset, warmup_steps=3, decay_after=3))
    trainer = Trainer(experiment, seed=0, settings=replace(experiment.preset.settings, batch_size=4))
    for _ in range(5):
        trainer.step()
    trainer.update_settings(learning_rate=4e-3)
    for _ in range(3):
        trainer.step()
    rates = [m.learning_rate for m in trainer.metrics]
    expected = [1e-2 * vaswani_factor(s, 3) for s in range(1, 6)] + [4e-3 * vaswani_factor(s, 3) for s in range(6, 9)]
    assert rates == pytest.approx(expected, rel=1e-12)
    assert trainer.optimizer.param_groups[0]["lr"] == rates[-1]  # what Adam used
