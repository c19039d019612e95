"""engine.sampling on the shipped models.

Oracles, each computed here and not by the code under test: sequence probabilities by one
teacher-forced ``decode_prefixes`` pass over the whole output (the never-generated tokens cut
and the rest renormalised, then Hugging Face's own warpers at every position); greedy output
by engine's greedy search; the chi-square test by scipy.
"""
import math

import numpy as np
import pytest
import torch
from scipy.stats import chisquare

from engine import load_model
from engine.logit_transforms import SamplingSettings
from engine.models.incremental import incremental_decoder
from engine.sampling import sample_model

MODELS = ("date-transformer", "date-rnn-attention", "zh-en-toy")
N = 10_000
P_MIN = 0.001


@pytest.fixture(scope="module")
def models():
    loaded = {name: load_model(name, device="cpu") for name in MODELS}
    for m in loaded.values():
        m.module.eval()
    return loaded


def hf_warpers(settings: SamplingSettings):
    from transformers.generation.logits_process import (MinPLogitsWarper, TemperatureLogitsWarper,
                                                        TopKLogitsWarper, TopPLogitsWarper)

    out = []
    if settings.temperature != 1.0:
        out.append(TemperatureLogitsWarper(settings.temperature))
    if settings.top_k:
        out.append(TopKLogitsWarper(settings.top_k))
    if settings.top_p < 1.0:
        out.append(TopPLogitsWarper(settings.top_p))
    if settings.min_p:
        out.append(MinPLogitsWarper(settings.min_p))
    return out


def sampler_log_probs(model, text, sequences, settings=SamplingSettings()):
    """log P that the sampler draws each token sequence (⟨/s⟩ last): one teacher-forced pass
    over all of them (right-padded), the never-generated ids cut, then Hugging Face's warpers
    on every position's logits."""
    tgt = model.target_tokenizer
    width = max(len(seq) for seq in sequences)
    target = torch.full((len(sequences), width), tgt.pad_id, dtype=torch.long)
    for i, seq in enumerate(sequences):
        target[i, : len(seq)] = torch.tensor(seq)
    decoder_in = torch.cat([torch.full((len(sequences), 1), tgt.bos_id), target[:, :-1]], dim=1)
    with torch.inference_mode():
        _, state = model.prepare(text)
        logits, _ = model.module.decode_prefixes(model.module.expand_state(state, len(sequences)), decoder_in)
        rows = logits.float().reshape(-1, logits.size(-1)).clone()  # position t predicts target[:, t]
        rows[:, list(model.never_generated)] = -math.inf
        for warper in hf_warpers(settings):
            rows = warper(None, rows)
        logp = torch.log_softmax(rows.double(), dim=-1).reshape(logits.shape)
    picked = logp.gather(2, target[..., None])[..., 0]
    return [float(picked[i, : len(seq)].sum()) for i, seq in enumerate(sequences)]


def chi_square_against_model(model, text, settings, seed, pilot_seed):
    """Bins: the outputs a pilot run (another seed) drew at least twice whose expected count
    in N draws is ≥ 5, plus one bin for everything else: the bins do not depend on the tested
    draws."""
    pilot = [s.tokens for s in sample_model(model, text, n=N, seed=pilot_seed, settings=settings).samples
             if s.count >= 2]
    probs = dict(zip(pilot, np.exp(sampler_log_probs(model, text, pilot, settings))))
    bins = [seq for seq, p in probs.items() if p * N >= 5]
    assert len(bins) >= 3, "a test of too few outputs says little"
    tested = sample_model(model, text, n=N, seed=seed, settings=settings)
    counts = {s.tokens: s.count for s in tested.samples}
    observed = [counts.get(seq, 0) for seq in bins]
    expected = [probs[seq] * N for seq in bins]
    observed.append(N - sum(observed))
    expected.append(N - sum(expected))
    assert expected[-1] >= 5
    return chisquare(observed, expected).pvalue, tested, probs


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_frequencies_match_the_models_sequence_probabilities_zh_en(models):
    model = models["zh-en-toy"]
    p, tested, _ = chi_square_against_model(model, "简九月要访问非洲", SamplingSettings(), seed=1, pilot_seed=2)
    assert p > P_MIN
    # each distinct output's own numbers, against this file's teacher forcing and the model's score()
    top = tested.samples[:20]
    for s, want in zip(top, sampler_log_probs(model, "简九月要访问非洲", [s.tokens for s in top])):
        assert s.sample_log_prob == pytest.approx(want, abs=1e-4)
        assert s.log_prob == pytest.approx(model.score("简九月要访问非洲", s.text), abs=1e-4)


@pytest.mark.parametrize("name, settings", [
    ("date-rnn-attention", SamplingSettings(temperature=1.5, top_k=4)),
    ("date-transformer", SamplingSettings(temperature=1.4, top_p=0.98, min_p=0.01)),
])
@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_frequencies_match_the_transformed_sequence_probabilities_dates(models, name, settings):
    p, _, _ = chi_square_against_model(models[name], "4 Nov 1988", settings, seed=3, pilot_seed=4)
    assert p > P_MIN


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_a_biased_sampler_would_fail_the_chi_square_test(models):
    """The test has power: frequencies drawn at T = 1.2 tested against T = 1 probabilities."""
    model = models["date-rnn-attention"]
    pilot = [s.tokens for s in sample_model(model, "4 Nov 1988", n=N, seed=5).samples if s.count >= 2]
    probs = dict(zip(pilot, np.exp(sampler_log_probs(model, "4 Nov 1988", pilot))))
    bins = [seq for seq, p in probs.items() if p * N >= 5]
    hot = {s.tokens: s.count for s in sample_model(model, "4 Nov 1988", n=N, seed=7,
                                                   settings=SamplingSettings(temperature=1.2)).samples}
    observed = [hot.get(seq, 0) for seq in bins]
    expected = [probs[seq] * N for seq in bins]
    assert chisquare(observed + [N - sum(observed)], expected + [N - sum(expected)]).pvalue < P_MIN


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
@pytest.mark.parametrize("name, text", [("date-transformer", "Friday 26, March 2021"),
                                        ("date-rnn-attention", "15/10/1971"),
                                        ("zh-en-toy", "简九月要访问非洲"), ("zh-en-toy", "他下个月要去巴黎")])
@pytest.mark.parametrize("settings", [SamplingSettings(temperature=1e-6), SamplingSettings(temperature=0.0),
                                      SamplingSettings(top_k=1), SamplingSettings(top_k=1, temperature=3.0)])
def test_temperature_to_zero_and_top_k_one_give_the_greedy_output(models, name, text, settings):
    model = models[name]
    greedy = model.greedy(text)
    result = sample_model(model, text, n=64, seed=7, settings=settings)
    assert [(s.tokens, s.count) for s in result.samples] == [(greedy.tokens, 64)]
    assert result.samples[0].log_prob == pytest.approx(greedy.logprob, abs=1e-4)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_a_seed_gives_the_same_samples_and_another_seed_others(models):
    model = models["zh-en-toy"]
    first = sample_model(model, "简九月要访问非洲", n=300, seed=11)
    again = sample_model(model, "简九月要访问非洲", n=300, seed=11)
    other = sample_model(model, "简九月要访问非洲", n=300, seed=12)
    assert first.samples == again.samples
    assert first.samples != other.samples
    assert sum(s.count for s in first.samples) == 300
    counts = [s.count for s in first.samples]
    assert counts == sorted(counts, reverse=True)


@pytest.mark.parametrize("name", MODELS)
def test_token_at_a_time_decoding_equals_whole_prefix_decoding(models, name):
    model = models[name]
    text = "简九月要访问非洲" if name == "zh-en-toy" else "4 Nov 1988"
    tgt = model.target_tokenizer
    allowed = [i for i in range(len(tgt)) if i not in model.never_generated]
    g = torch.Generator().manual_seed(0)
    with torch.inference_mode():
        _, state = model.prepare(text)
        step = incremental_decoder(model.module, state)
        prefixes = torch.full((6, 1), tgt.bos_id, dtype=torch.long)
        parents = None
        for _ in range(8):
            got = step(parents, prefixes)
            want = model.decode_prefixes(state, prefixes)[0][:, -1]
            assert torch.allclose(got, want, atol=1e-4, rtol=1e-4)
            # rows continue random earlier rows (as finished samples leave the batch)
            parents = torch.randint(0, prefixes.size(0), (5 if prefixes.size(0) > 3 else 3,), generator=g)
            tokens = torch.tensor(allowed)[torch.randint(0, len(allowed), (len(parents), 1), generator=g)]
            prefixes = torch.cat([prefixes[parents], tokens], dim=1)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_unfinished_samples_stop_at_the_models_output_limit(models):
    """With a tiny vocabulary cut-off that removes ⟨/s⟩ rarely... here: at a high temperature
    some date samples run to the limit; they are marked unfinished and scored without ⟨/s⟩."""
    model = models["date-rnn-attention"]
    result = sample_model(model, "4 Nov 1988", n=2000, seed=13, settings=SamplingSettings(temperature=4.0))
    unfinished = [s for s in result.samples if not s.finished]
    assert unfinished, "no sample ran to the limit at T = 4"
    eos = model.target_tokenizer.eos_id
    for s in unfinished[:5]:
        assert len(s.tokens) == model.max_target_length and eos not in s.tokens
    for s in [s for s in result.samples if s.finished][:5]:
        assert s.tokens[-1] == eos and eos not in s.tokens[:-1]


def test_sampling_refuses_no_samples(models):
    with pytest.raises(ValueError):
        sample_model(models["date-transformer"], "4 Nov 1988", n=0, seed=0)


def test_draw_follows_the_distribution_and_never_draws_probability_zero():
    from engine.sampling import draw

    probs = torch.tensor([0.0, 0.5, 0.0, 0.3, 0.2, 0.0, 1e-3], dtype=torch.float64)
    probs = probs / probs.sum()
    logp = torch.log(probs).expand(100_000, -1)
    tokens = draw(logp, torch.Generator().manual_seed(0))[:, 0]
    counts = torch.bincount(tokens, minlength=len(probs)).tolist()
    assert counts[0] == counts[2] == counts[5] == 0
    kept = [1, 3, 4, 6]
    assert chisquare([counts[i] for i in kept], [float(probs[i]) * 100_000 for i in kept]).pvalue > P_MIN
