"""The live trainer (engine.live_training.trainer): learning, determinism, settings, snapshots."""
from dataclasses import replace

import pytest
import torch
from safetensors.torch import load_file

from engine import load_model
from engine.live_training.events import Snapshot, StepMetrics
from engine.live_training.experiments import experiment_names, get_experiment
from engine.live_training.trainer import Trainer
from engine.models.registry import DEFAULT_MODELS_DIR

pytestmark = pytest.mark.slow  # trains models for hundreds of steps


def tiny(name="date-rnn-attention", **preset_changes):
    experiment = get_experiment(name, "tiny")
    return replace(experiment, preset=replace(experiment.preset, **preset_changes)) if preset_changes else experiment


@pytest.mark.slow
def test_a_few_hundred_steps_on_the_tiny_preset_lower_the_loss():
    events = []
    experiment = tiny(eval_every=100)
    trainer = Trainer(experiment, seed=4, emit=events.append, settings=replace(experiment.preset.settings, batch_size=16))
    for _ in range(200):
        trainer.advance()
    losses = [m.train_loss for m in trainer.metrics]
    assert sum(losses[-20:]) / 20 < 0.6 * sum(losses[:20]) / 20
    first, last = trainer.snapshots[0], trainer.snapshots[-1]
    assert (first.step, last.step) == (0, 200)
    assert last.heldout_loss < 0.7 * first.heldout_loss
    # every step and snapshot went out through the callback, in order
    assert [e.step for e in events if isinstance(e, StepMetrics)] == list(range(1, 201))
    assert [e.step for e in events if isinstance(e, Snapshot)] == [0, 100, 200]


def _curve(trainer):
    return [(m.step, m.train_loss, m.learning_rate, m.grad_norm, m.grad_norm_clipped) for m in trainer.metrics]


def test_pausing_with_evaluations_and_other_random_draws_in_between_changes_nothing():
    straight = Trainer(tiny(), seed=7)
    for _ in range(30):
        straight.advance()
    paused = Trainer(tiny(), seed=7)
    for chunk in (11, 8, 11):
        for _ in range(chunk):
            paused.advance()
        # what may happen while paused: extra snapshots, other code drawing from torch's generator
        paused.probe()
        torch.rand(1000)
    assert _curve(paused) == _curve(straight)
    assert [s.heldout_loss for s in paused.snapshots if s.step % 20 == 0] == \
           [s.heldout_loss for s in straight.snapshots]


def test_same_seed_same_curve_and_another_seed_another():
    a, b, c = Trainer(tiny(), seed=1), Trainer(tiny(), seed=1), Trainer(tiny(), seed=2)
    for t in (a, b, c):
        for _ in range(8):
            t.step()
    assert _curve(a) == _curve(b)
    assert _curve(a) != _curve(c)
    a.reset()
    for _ in range(8):
        a.step()
    assert _curve(a) == _curve(b)


def test_settings_apply_from_the_next_step_and_are_checked():
    trainer = Trainer(tiny(warmup_steps=1), seed=0)
    trainer.step()
    trainer.update_settings(learning_rate=0.5e-3, batch_size=8, clip_norm=0.01)
    assert trainer.metrics[-1].learning_rate == 1e-2  # the step already done keeps its rate
    m = trainer.step()
    assert (m.learning_rate, m.batch_size) == (0.5e-3, 8)
    # clipping: what was applied is the clipped norm (up to clip_grad_norm_'s 1e-6 guard)
    assert m.grad_norm > 0.01 and m.grad_norm_clipped == pytest.approx(0.01, rel=1e-4)
    trainer.update_settings(clip_norm=0)
    m = trainer.step()
    assert m.grad_norm_clipped == pytest.approx(m.grad_norm, rel=1e-5)
    with pytest.raises(ValueError):
        trainer.update_settings(teacher_forcing=1.5)
    with pytest.raises(ValueError):
        trainer.update_settings(label_smoothing=-0.1)


def test_label_smoothing_and_teacher_forcing_change_the_objective():
    plain = Trainer(tiny(), seed=3)
    smoothed = Trainer(tiny(), seed=3, settings=replace(plain.settings, label_smoothing=0.3))
    free = Trainer(tiny(), seed=3, settings=replace(plain.settings, teacher_forcing=0.0))
    losses = [t.step().train_loss for t in (plain, smoothed, free)]
    assert len(set(losses)) == 3


def test_scheduled_inputs_mix_the_right_and_the_predicted_tokens():
    trainer = Trainer(tiny(), seed=5)
    src = torch.tensor([[10, 11, 12, 13]])
    tgt_in = torch.tensor([[1, 5, 6, 7, 8]])
    assert torch.equal(trainer._scheduled_inputs(src, tgt_in, 1.0), tgt_in)
    own = trainer._scheduled_inputs(src, tgt_in, 0.0)
    trainer.module.eval()
    with torch.no_grad():
        logits, _ = trainer.module(src, tgt_in)
    logits[..., list(trainer.model.never_generated)] = float("-inf")
    assert own[0, 0] == 1 and torch.equal(own[0, 1:], logits.argmax(-1)[0, :-1])


def test_the_probe_snapshot_is_the_models_own_attention_and_output():
    trainer = Trainer(tiny(), seed=0)
    for _ in range(5):
        trainer.step()
    probe = trainer.probe()
    reference = trainer.model.attention(trainer.experiment.setup.probe)
    assert probe.output_text == reference.output_text
    assert torch.allclose(torch.tensor(probe.attention), torch.tensor(reference.cross[0, 0]))
    rows = probe.attention.astype("float64")
    by_hand = -(rows * torch.log2(torch.tensor(rows)).numpy()).sum(axis=1).mean()
    assert probe.mean_entropy_bits == pytest.approx(by_hand, rel=1e-9)


@pytest.mark.parametrize("name", experiment_names())
def test_every_experiment_builds_steps_and_snapshots(name):
    trainer = Trainer(tiny(name, heldout_size=4), seed=0)
    trainer.step()
    snapshot = trainer.evaluate()
    assert (snapshot.probe.attention is None) == (name.endswith("-rnn"))


@pytest.mark.slow
def test_accuracy_against_length_equals_an_independent_evaluation_of_the_saved_snapshot(tmp_path):
    experiment = get_experiment("date-rnn-attention", "lecture")
    experiment = replace(experiment, preset=replace(experiment.preset, heldout_size=120))
    trainer = Trainer(experiment, seed=3)
    # the shipped weights (same sizes and vocabulary) made about half right by seeded noise, so
    # that every length bin has right and wrong answers to count
    trainer.module.load_state_dict(load_file(str(DEFAULT_MODELS_DIR / "date-rnn-attention" / "model.safetensors")))
    noise = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for p in trainer.module.parameters():
            p.add_(torch.randn(p.shape, generator=noise) * 0.5 * p.std())
    snapshot = trainer.evaluate()
    trainer.save(tmp_path / "m", command="test")

    model = load_model(tmp_path / "m", device="cpu")
    tally = {}
    for example in trainer.heldout:
        length = len(example.text.strip())  # characters: the date alphabet covers every input
        right = model.translate(example.text) == example.iso  # one at a time, not the batch search
        low = 5 * ((length - 1) // 5) + 1
        correct, total = tally.get(low, (0, 0))
        tally[low] = (correct + right, total + 1)
    assert {p.low: (p.correct, p.total) for p in snapshot.length_points} == tally
    assert 0 < sum(c for c, _ in tally.values()) < len(trainer.heldout)
    assert all(p.high == p.low + 4 for p in snapshot.length_points)
    assert model.config["metrics"]["validation_exact_match"] == snapshot.heldout_exact_match
