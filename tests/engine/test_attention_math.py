import math

import torch

from engine.attention import causal_mask, scaled_dot_product_attention


def test_matches_the_formula_and_rows_sum_to_one():
    torch.manual_seed(0)
    q, k, v = torch.randn(2, 3, 5, 8), torch.randn(2, 3, 7, 8), torch.randn(2, 3, 7, 4)
    out, w = scaled_dot_product_attention(q, k, v)
    expected_w = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(8), dim=-1)
    assert torch.allclose(w, expected_w, atol=1e-6)
    assert torch.allclose(out, expected_w @ v, atol=1e-6)
    assert torch.allclose(w.sum(-1), torch.ones(2, 3, 5), atol=1e-6)


def test_masked_cells_are_exactly_zero():
    q = k = v = torch.randn(1, 1, 6, 4)
    _, w = scaled_dot_product_attention(q, k, v, causal_mask(6))
    upper = torch.triu(torch.ones(6, 6, dtype=torch.bool), diagonal=1)
    assert (w[0, 0][upper] == 0).all()
    assert torch.allclose(w.sum(-1), torch.ones(1, 1, 6))
