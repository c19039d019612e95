"""engine.next_token_stages (the decoding view's numpy pipeline) against Hugging Face's own
warpers, on random logits and on the shipped models' logits, and engine.decoding_lab's sample
table against the model's own numbers."""
import math

import numpy as np
import pytest
import torch
from scipy.stats import entropy as scipy_entropy

from engine.next_token_stages import STAGE_NAMES, next_token_stages

hf = pytest.importorskip("transformers.generation.logits_process")

SETTINGS = [  # (T, k, p, min-p)
    (1.0, 0, 1.0, 0.0), (0.7, 0, 0.9, 0.0), (1.5, 20, 0.95, 0.0), (0.5, 5, 1.0, 0.1), (2.0, 0, 0.5, 0.05),
    (1.0, 1, 1.0, 0.0), (0.3, 50, 0.8, 0.2),
]


def hf_stages(logits, never, temperature, k, p, m):
    """The probabilities after each stage, by Hugging Face's warpers (in generate's order)."""
    x = torch.tensor(logits, dtype=torch.float32).reshape(1, -1)
    ids = torch.zeros((1, 1), dtype=torch.long)
    out = [x.clone()]
    x = x.clone()
    x[0, list(never)] = -math.inf
    out.append(x)
    for warper in (hf.TemperatureLogitsWarper(temperature) if temperature != 1.0 else None,
                   hf.TopKLogitsWarper(k) if k else None, hf.TopPLogitsWarper(p) if p < 1 else None,
                   hf.MinPLogitsWarper(m) if m > 0 else None):
        if warper is not None:
            x = warper(ids, x)
        out.append(x)
    return [torch.softmax(s[0].double(), dim=-1).numpy() for s in out], [torch.isfinite(s[0]).numpy() for s in out]


def check_against_hf(logits, never, setting):
    temperature, k, p, m = setting
    stages = next_token_stages(logits, never, temperature_value=temperature, top_k_value=k, top_p_value=p,
                               min_p_value=m)
    probabilities, kept = hf_stages(logits, never, *setting)
    assert [s.name for s in stages] == list(STAGE_NAMES)
    previous = None
    for stage, want, want_kept in zip(stages, probabilities, kept):
        np.testing.assert_allclose(stage.probabilities, want, atol=1e-6, err_msg=stage.name)
        assert np.array_equal(stage.kept, want_kept), stage.name
        assert stage.entropy_bits == pytest.approx(scipy_entropy(want, base=2), abs=1e-6)
        if previous is not None:
            assert stage.kept_mass == pytest.approx(previous[want_kept].sum(), abs=1e-9)
        previous = want


@pytest.mark.parametrize("setting", SETTINGS)
def test_random_logits_give_hugging_faces_distributions(setting):
    rng = np.random.default_rng(7)
    for scale in (0.5, 3.0, 10.0):
        check_against_hf(rng.normal(0, scale, 356).astype(np.float32), (0, 1, 3), setting)


@pytest.fixture(scope="module")
def zh_en():
    from engine import load_model

    return load_model("zh-en-toy", device="cpu")


def model_logits(model, text, prefix):
    _, state = model.prepare(text)
    tgt = model.target_tokenizer
    with torch.inference_mode():
        logits, _ = model.decode_prefixes(state, torch.tensor([[tgt.bos_id, *prefix]]))
    return logits[0, -1].float().numpy()


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
@pytest.mark.parametrize("setting", SETTINGS)
def test_the_models_logits_give_hugging_faces_distributions(zh_en, setting):
    greedy = zh_en.greedy("简九月要访问非洲").tokens
    for step in (0, 1, 3):
        check_against_hf(model_logits(zh_en, "简九月要访问非洲", greedy[:step]), zh_en.never_generated, setting)


def test_temperature_zero_keeps_the_top_token_only():
    logits = np.array([1.0, 3.0, 2.0, 3.0 - 1e-3], dtype=np.float32)
    last = next_token_stages(logits, (), temperature_value=0.0)[-1]
    assert last.kept.tolist() == [False, True, False, False] and last.probabilities[1] == 1.0
    assert last.entropy_bits == 0.0 and math.copysign(1, last.entropy_bits) == 1  # not −0


def test_step_logits_are_the_greedy_steps_logits(zh_en):
    from engine.decoding_lab import step_logits

    found = step_logits(zh_en, "简九月要访问非洲")
    greedy = zh_en.greedy("简九月要访问非洲").tokens
    assert found.output_ids == tuple(greedy) and found.logits.shape == (len(greedy), 356)
    for step in (0, 2, len(greedy) - 1):
        np.testing.assert_allclose(found.logits[step], model_logits(zh_en, "简九月要访问非洲", greedy[:step]),
                                   atol=1e-4)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_sample_table_counts_log_probs_and_the_grammar(zh_en):
    from engine.decoding_lab import sample_table
    from engine.logit_transforms import SamplingSettings

    table = sample_table(zh_en, "简九月要访问非洲", n=200, seed=3, settings=SamplingSettings(top_p=0.9))
    assert sum(row.count for row in table.samples) == 200
    for row in table.samples[:3] + (table.greedy,) + table.beam[:2]:
        assert row.log_prob == pytest.approx(zh_en.score("简九月要访问非洲", row.text), abs=1e-4)
    truth = {"Jane will visit Africa in September": 0.4, "Jane is going to visit Africa in September": 0.3,
             "Jane is visiting Africa in September": 0.2, "Jane is going to be visiting Africa in September": 0.1}
    for row in table.samples:
        assert row.grammar_prob == truth.get(row.text, 0.0) and row.valid == (row.text in truth)
    assert table.greedy.text == zh_en.translate("简九月要访问非洲")
    frequencies = {row.text: row.count / 200 for row in table.samples}
    assert table.total_variation == pytest.approx(
        0.5 * sum(abs(truth.get(t, 0) - frequencies.get(t, 0)) for t in set(truth) | set(frequencies)))
    assert table.kl_bits == pytest.approx(sum(p * math.log2(p / frequencies[t]) for t, p in truth.items()))
