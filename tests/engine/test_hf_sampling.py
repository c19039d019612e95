"""engine.hf.sampling on tiny random GPT-2 and T5 folders built here (tests/engine/hf_tiny.py):
sequence probabilities recomputed by one plain forward pass of the transformers model with
Hugging Face's own warpers, a chi-square test of the frequencies, greedy equivalence."""
import math
import sys
from pathlib import Path

import pytest

pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")

import torch  # noqa: E402
from scipy.stats import chisquare  # noqa: E402
from transformers.generation.logits_process import TemperatureLogitsWarper, TopKLogitsWarper  # noqa: E402

from engine.hf.model import load_hf_model  # noqa: E402
from engine.hf.sampling import sample_hf  # noqa: E402
from engine.logit_transforms import SamplingSettings  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from hf_tiny import tiny_gpt2, tiny_t5  # noqa: E402

pytestmark = pytest.mark.slow  # Hugging Face models (transformers)

PROMPT = "the cat sat"


@pytest.fixture(scope="module")
def tiny_models(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny-sampling")
    return {"gpt2": load_hf_model(tiny_gpt2(root / "gpt2"), device="cpu"),
            "t5": load_hf_model(tiny_t5(root / "t5"), device="cpu")}


def reference_log_prob(model, tokens, warpers=()):
    """log P of generating `tokens` after the prompt: one forward pass over prompt + tokens
    (decoder-only) or over decoder start + tokens (T5), each position's logits through the
    warpers, natural log."""
    prompt = model.tokenizer(PROMPT).input_ids
    with torch.no_grad():
        if model.kind == "decoder":
            ids = torch.tensor([prompt + list(tokens)])
            logits = model.module(input_ids=ids).logits[0, len(prompt) - 1: -1]
        else:
            start = model.decoder_start_id
            logits = model.module(input_ids=torch.tensor([prompt]),
                                  decoder_input_ids=torch.tensor([[start] + list(tokens[:-1])])).logits[0]
    rows = logits.float()
    for warper in warpers:
        rows = warper(None, rows)
    logp = torch.log_softmax(rows.double(), dim=-1)
    return math.fsum(float(logp[t, token]) for t, token in enumerate(tokens))


@pytest.mark.parametrize("kind", ["gpt2", "t5"])
def test_frequencies_match_the_sequence_probabilities(tiny_models, kind):
    model = tiny_models[kind]
    settings = SamplingSettings(temperature=0.8, top_k=3)
    warpers = (TemperatureLogitsWarper(0.8), TopKLogitsWarper(3))
    n = 10_000
    result = sample_hf(model, PROMPT, n=n, seed=1, settings=settings, max_new_tokens=2)
    assert len(result.samples) <= 3 + 9  # EOS first, or two of the three kept tokens each step
    probs = [math.exp(reference_log_prob(model, s.tokens, warpers)) for s in result.samples]
    for s, p in zip(result.samples, probs):
        assert s.sample_log_prob == pytest.approx(math.log(p), abs=1e-4)
        assert s.log_prob == pytest.approx(reference_log_prob(model, s.tokens), abs=1e-4)
    assert sum(probs) > 1 - 1e-6 or len(result.samples) < 12  # every possible output was drawn
    observed = [s.count for s in result.samples] + [0]
    expected = [p * n for p in probs] + [max(0.0, 1 - sum(probs)) * n]
    if expected[-1] < 1e-9:
        observed, expected = observed[:-1], expected[:-1]
    expected[-1] += n - sum(expected)  # float rounding of the total
    assert chisquare(observed, expected).pvalue > 0.001


@pytest.mark.parametrize("kind", ["gpt2", "t5"])
def test_top_k_one_gives_the_greedy_continuation(tiny_models, kind):
    model = tiny_models[kind]
    result = sample_hf(model, PROMPT, n=16, seed=2, settings=SamplingSettings(top_k=1), max_new_tokens=8)
    assert [(s.tokens, s.count) for s in result.samples] == [(tuple(model.greedy_ids(PROMPT, 8)), 16)]


def test_the_repetition_penalty_is_refused(tiny_models):
    with pytest.raises(ValueError):
        sample_hf(tiny_models["gpt2"], PROMPT, n=4, seed=0, settings=SamplingSettings(repetition_penalty=1.2))
