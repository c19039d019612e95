"""The overview's numbers (engine.attention_overview) against independent computations."""
import numpy as np
import pytest
from scipy.stats import entropy

from engine.attention_overview import ENTROPY_BLOCK, mean_row_entropy_bits, summarise


def test_mean_row_entropy_is_scipys_entropy_of_each_row_averaged():
    """Rows with zero weights (0 log 0 = 0) and a stack of several entropy blocks, with a
    remainder: every row in its block, none twice."""
    rng = np.random.default_rng(3)
    keys = 300
    rows = ENTROPY_BLOCK // keys * 2 + 37  # two whole blocks and part of a third
    stack = rng.dirichlet(np.full(keys, 0.3), size=rows).astype(np.float32).reshape(1, rows, keys)
    stack[0, ::7, :50] = 0.0  # zero weights (rows no longer sum to 1: the formula does not ask it)
    expected = np.mean([entropy(row.astype(np.float64), base=2) * row.sum(dtype=np.float64)
                        - row.sum(dtype=np.float64) * np.log2(row.sum(dtype=np.float64)) for row in stack[0]])
    assert mean_row_entropy_bits(stack)[0] == pytest.approx(expected, abs=1e-5)


def test_summary_entropies_per_head_and_of_the_mean_over_heads():
    rng = np.random.default_rng(4)
    stack = rng.dirichlet(np.ones(20), size=(2, 3, 20)).astype(np.float32)
    summary = summarise(stack)
    for layer in range(2):
        for head in range(3):
            rows = stack[layer, head].astype(np.float64)
            assert summary.head_entropy[layer, head] == pytest.approx(entropy(rows, base=2, axis=1).mean(), abs=1e-5)
        mean = stack[layer].astype(np.float64).mean(axis=0)
        assert summary.mean_entropy[layer] == pytest.approx(entropy(mean, base=2, axis=1).mean(), abs=1e-5)


def test_causal_stack_entropies_with_tiny_and_subnormal_weights_are_scipys():
    """A decoder's stack: the future exactly 0 (half the weights), and weights down to float32's
    subnormals (a softmax far in its tail), which the logarithm taken of p + the smallest normal
    float32 must leave as they are (summarise's per-head figures, against scipy in float64)."""
    rng = np.random.default_rng(6)
    q = 40
    logits = rng.normal(scale=30.0, size=(2, 3, q, q))  # a wide spread: weights from ~1 to ~1e-40
    logits[..., np.triu_indices(q, k=1)[0], np.triu_indices(q, k=1)[1]] = -np.inf
    stack = np.exp(logits - logits.max(axis=-1, keepdims=True)).astype(np.float32)
    stack /= stack.sum(axis=-1, keepdims=True)
    assert (stack == 0).mean() > 0.45 and ((stack > 0) & (stack < 1e-30)).any()
    summary = summarise(stack)
    for layer in range(2):
        for head in range(3):
            rows = stack[layer, head].astype(np.float64)
            assert summary.head_entropy[layer, head] == pytest.approx(entropy(rows, base=2, axis=1).mean(), abs=1e-5)
