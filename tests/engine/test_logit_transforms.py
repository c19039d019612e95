"""engine.logit_transforms against Hugging Face's own warpers (the reference semantics), on
random logits, on logits full of ties and with every min_tokens_to_keep rule."""
import math

import numpy as np
import pytest
import torch
from scipy.stats import entropy as scipy_entropy

from engine import logit_transforms as lt
from engine.logit_transforms import SamplingSettings, transform_logits, transform_stages

hf = pytest.importorskip("transformers.generation.logits_process")

TOLERANCE = 1e-6


def random_logits(seed: int, rows: int = 8, vocab: int = 50, scale: float = 3.0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    return torch.randn(rows, vocab, generator=g) * scale


def tied_logits(seed: int, rows: int = 8, vocab: int = 40, levels: int = 4) -> torch.Tensor:
    """Few distinct values: every cut-off falls among tied tokens."""
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, levels, (rows, vocab), generator=g).float()


def assert_same_distribution(ours: torch.Tensor, theirs: torch.Tensor):
    assert torch.equal(torch.isfinite(ours), torch.isfinite(theirs)), "different tokens cut"
    diff = (torch.softmax(ours, -1).double() - torch.softmax(theirs, -1).double()).abs().max().item()
    assert diff <= TOLERANCE


LOGITS = [random_logits(s) for s in range(3)] + [tied_logits(s) for s in range(3)] + [
    random_logits(9, scale=0.01), random_logits(10, scale=30.0)]
KEEPS = (1, 3)


@pytest.mark.parametrize("logits", LOGITS)
@pytest.mark.parametrize("t", (0.05, 0.5, 1.0, 1.7, 10.0))
def test_temperature_equals_hugging_face(logits, t):
    assert_same_distribution(lt.temperature(logits, t), hf.TemperatureLogitsWarper(t)(None, logits.clone()))


CUTS = [(lt.top_k, hf.TopKLogitsWarper, value) for value in (1, 2, 3, 7, 40, 60)] + \
       [(lt.top_p, hf.TopPLogitsWarper, value) for value in (0.0, 0.1, 0.5, 0.9, 0.95, 0.999)] + \
       [(lt.min_p, hf.MinPLogitsWarper, value) for value in (0.01, 0.1, 0.3, 0.9, 1.0)]


@pytest.mark.parametrize("logits", LOGITS)
@pytest.mark.parametrize("ours, theirs, value", CUTS)
@pytest.mark.parametrize("keep", KEEPS)
def test_top_k_top_p_and_min_p_equal_hugging_face(logits, ours, theirs, value, keep):
    assert_same_distribution(ours(logits, value, keep), theirs(value, min_tokens_to_keep=keep)(None, logits.clone()))


@pytest.mark.parametrize("penalty", (0.5, 1.3, 2.0))
def test_repetition_penalty_equals_hugging_face(penalty):
    logits = random_logits(3)
    g = torch.Generator().manual_seed(4)
    previous = torch.randint(0, logits.size(1), (logits.size(0), 6), generator=g)  # repeats included
    ours = lt.repetition_penalty(logits, previous, penalty)
    theirs = hf.RepetitionPenaltyLogitsProcessor(penalty)(previous, logits.clone())
    assert torch.allclose(ours, theirs, atol=0, rtol=0)


def test_min_tokens_to_keep_overrules_every_cut():
    logits = torch.tensor([[10.0, 0.0, -1.0, -2.0, -50.0]])
    assert torch.isfinite(lt.top_k(logits, 1, 3)).sum() == 3
    assert torch.isfinite(lt.top_p(logits, 0.0, 3)).sum() == 3
    assert torch.isfinite(lt.min_p(logits, 1.0, 3)).sum() == 3


def test_top_k_keeps_every_token_tied_with_the_kth():
    logits = torch.tensor([[3.0, 1.0, 2.0, 2.0, 2.0, 0.0]])
    assert torch.isfinite(lt.top_k(logits, 2)).tolist() == [[True, False, True, True, True, False]]


def hf_chain(settings: SamplingSettings):
    """The warpers generate(do_sample=True) builds for these settings, by generate's own code."""
    from transformers import GenerationConfig, GPT2Config, GPT2LMHeadModel

    model = GPT2LMHeadModel(GPT2Config(vocab_size=50, n_positions=8, n_embd=8, n_layer=1, n_head=1))
    config = GenerationConfig(do_sample=True, temperature=settings.temperature, top_k=settings.top_k,
                              top_p=settings.top_p, min_p=settings.min_p or None,
                              repetition_penalty=settings.repetition_penalty)
    return model._get_logits_processor(generation_config=config, input_ids_seq_length=1, device="cpu")


@pytest.mark.parametrize("settings", [
    SamplingSettings(temperature=0.7, top_k=10, top_p=0.9, min_p=0.05),
    SamplingSettings(temperature=1.5, top_k=5, repetition_penalty=1.3),
    SamplingSettings(temperature=0.3, top_p=0.5, min_p=0.2, repetition_penalty=0.8),
    SamplingSettings(top_k=3, top_p=0.6),
])
def test_the_whole_pipeline_equals_generates_processors_in_generates_order(settings):
    previous = torch.randint(0, 50, (8, 5), generator=torch.Generator().manual_seed(1))
    for logits in (random_logits(11), tied_logits(12, vocab=50)):
        theirs = hf_chain(settings)(previous, logits.clone())
        assert_same_distribution(transform_logits(logits, settings, previous), theirs)


def test_temperature_zero_is_the_limit_all_mass_on_the_maximum():
    logits = torch.tensor([[1.0, 4.0, 2.0, 4.0, -math.inf]])
    probs = torch.softmax(lt.temperature(logits, 0.0), -1)
    assert probs.tolist() == [[0.0, 0.5, 0.0, 0.5, 0.0]]
    near_zero = torch.softmax(lt.temperature(torch.tensor([[1.0, 4.0, 2.0]]), 1e-3), -1)
    assert near_zero.tolist() == [[0.0, 1.0, 0.0]]


@pytest.mark.parametrize("bad", [dict(temperature=-1.0), dict(top_k=-2), dict(top_k=1.5), dict(top_p=1.5),
                                 dict(min_p=-0.1), dict(repetition_penalty=0.0), dict(min_tokens_to_keep=0),
                                 dict(temperature=math.nan)])
def test_settings_refuse_values_without_meaning(bad):
    with pytest.raises(ValueError):
        SamplingSettings(**bad)


def test_stages_report_each_transforms_distribution_mass_and_entropy():
    logits = random_logits(21, rows=1, vocab=30)[0]
    logits[3] = -math.inf  # a token the model may never write
    settings = SamplingSettings(temperature=0.8, top_k=12, top_p=0.8, min_p=0.1, repetition_penalty=1.2)
    previous = [0, 5, 5, 7]
    stages = transform_stages(logits, settings, previous)
    assert tuple(s.name for s in stages) == lt.STAGE_NAMES
    # each stage, recomputed here with Hugging Face's warpers one after another
    x = logits[None].clone()
    expected = [x]
    for warper in (hf.RepetitionPenaltyLogitsProcessor(1.2), hf.TemperatureLogitsWarper(0.8),
                   hf.TopKLogitsWarper(12), hf.TopPLogitsWarper(0.8), hf.MinPLogitsWarper(0.1)):
        x = warper(torch.tensor([previous]), x.clone())
        expected.append(x)
    previous_probs = None
    for stage, want in zip(stages, expected):
        want_probs = torch.softmax(want[0].double(), -1).numpy()
        assert np.abs(stage.probabilities - want_probs).max() <= TOLERANCE
        assert stage.kept.tolist() == torch.isfinite(want[0]).tolist()
        assert stage.entropy_bits == pytest.approx(scipy_entropy(stage.probabilities, base=2), abs=1e-12)
        assert stage.entropy_bits == pytest.approx(scipy_entropy(want_probs, base=2), abs=1e-6)
        if previous_probs is None:
            assert stage.kept_mass == 1.0
        else:
            assert stage.kept_mass == pytest.approx(previous_probs[torch.isfinite(want[0]).numpy()].sum(), abs=1e-12)
        previous_probs = stage.probabilities
    assert not stages[0].kept[3]
    assert stages[-2].kept_mass < 1 and stages[3].kept.sum() >= 12  # top-p and top-k did cut


def test_stages_end_with_what_sampling_draws_from():
    logits = random_logits(5, rows=1, vocab=40)
    settings = SamplingSettings(temperature=0.5, top_p=0.7)
    stages = transform_stages(logits[0], settings)
    final = torch.softmax(transform_logits(logits, settings), -1)[0].double().numpy()
    assert np.abs(stages[-1].probabilities - final).max() < 1e-7
