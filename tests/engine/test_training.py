import pytest
import torch

from engine import load_model
from engine.training import one_cycle_lr, train


@pytest.mark.slow  # trains a model
def test_a_tiny_training_run_lowers_the_loss_and_writes_a_loadable_model(tmp_path):
    torch.manual_seed(0)
    report = train("date-rnn-attention", device="cpu", epochs=1, samples=64 * 40, batch_size=64, seed=11, peak_lr=1e-2,
                   out=tmp_path / "m", validation_size=50, progress=False, log=lambda *_: None,
                   hyperparameters=dict(embedding_dim=16, encoder_hidden=16, decoder_hidden=32, attention_hidden=16),
                   command="python -m engine train date-rnn-attention (test)")
    first, last = sum(report.losses[:5]) / 5, sum(report.losses[-5:]) / 5
    assert last < 0.8 * first
    model = load_model(tmp_path / "m", device="cpu")
    assert model.config["training"]["command"].startswith("python -m engine train")
    assert model.config["training"]["steps"] == 40
    assert isinstance(model.translate("4 Nov 1988"), str)


@pytest.mark.slow  # trains a model
def test_transformer_training_step_runs(tmp_path):
    report = train("date-transformer", device="cpu", epochs=1, samples=32 * 3, batch_size=32, seed=1,
                   out=tmp_path / "t", validation_size=10, progress=False, log=lambda *_: None,
                   hyperparameters=dict(d_model=32, n_heads=2, d_ff=64, n_encoder_layers=1, n_decoder_layers=1))
    assert report.steps == 3 and (tmp_path / "t" / "model.safetensors").exists()


def test_one_cycle_schedule_warms_up_then_decays():
    peak = 1e-3
    assert one_cycle_lr(0.0, peak) < 0.01 * peak
    assert one_cycle_lr(0.05, peak) == peak
    assert one_cycle_lr(0.5, peak) < peak
    assert abs(one_cycle_lr(1.0, peak) - 0.01 * peak) < 1e-12
