"""Issue 22, point 9: two displays an off-by-one could break without any test failing.

* the decoder self-attention heatmap: its rows and columns are the decoder's *inputs*
  ⟨s⟩ y₁ … y_{T−1} (what each position reads), not the outputs y₁ … y_T it produces;
* the what-if panel's "forced tokens cost": the log-probability of exactly the forced tokens.

Both are read from what is on screen (axis tick labels, the label's text) and compared with one
decoder pass of the model run here, apart from the view and the beam search.
"""
import re

import numpy as np
import pytest
import torch

from app.widgets.tokens import display_token
from engine import load_model
from engine.decoding import greedy_search
from tests.app.conftest import settled

MODEL, TEXT = "date-transformer", "4 Nov 1988"


@pytest.fixture(scope="module")
def model():
    return load_model(MODEL, device="cpu")


def decoder_pass(model, ids):
    """log-probabilities (T, V) and decoder self-attention (layer, head, T, T) of one decoder pass
    over ⟨s⟩ + ids[:-1] for `TEXT`: the model's own numbers, computed without the view."""
    tgt = model.target_tokenizer
    with torch.inference_mode():
        _, state = model.prepare(TEXT)
        logits, attn = model.module.decode_prefixes(state, torch.tensor([[tgt.bos_id, *ids[:-1]]]))
        logp = torch.log_softmax(logits[0].double(), dim=-1).numpy()
        decoder_self = torch.stack([w[0] for w in attn["decoder_self"]]).float().numpy()
    return logp, decoder_self


def ticks(view, side) -> list[str]:
    """The token labels drawn on one axis of the heatmap, in position order."""
    return [label for _, label in sorted(view.heatmap.plot.getAxis(side)._tickLevels[0])]


def test_decoder_self_attention_is_labelled_by_the_decoder_inputs(qtbot, make_view, model):
    view = make_view("attention", until=None)
    view.view_state.model, view.view_state.text = MODEL, TEXT
    qtbot.waitUntil(lambda: settled(view) and view.result is not None and view.result.source_text == TEXT,
                    timeout=30000)
    tgt = model.target_tokenizer
    with torch.inference_mode():
        _, state = model.prepare(TEXT)
        ids = list(greedy_search(model.step_function(state), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                 max_length=model.max_target_length).tokens)
    outputs = tgt.tokens(ids)  # y₁ … y_T, the last one ⟨/s⟩
    inputs = ["<s>"] + outputs[:-1]  # ⟨s⟩ y₁ … y_{T−1}
    assert outputs[-1] == "</s>" and len(inputs) == len(outputs)

    view.view_state.kind = "decoder_self"
    shown_inputs = [display_token(t) for t in inputs]
    assert ticks(view, "left") == shown_inputs  # the queries: each position reads the token before it
    assert ticks(view, "bottom") == shown_inputs  # the keys: the same positions
    _, decoder_self = decoder_pass(model, ids)
    np.testing.assert_allclose(np.asarray(view.heatmap.image.image), decoder_self[-1].mean(axis=0), atol=1e-5)
    # row i sees positions 0 … i only: position 0 (⟨s⟩) puts all its weight on itself
    assert np.asarray(view.heatmap.image.image)[0, 0] == pytest.approx(1.0)

    view.view_state.kind = "cross"  # against it, cross-attention's rows are what each step produced
    assert ticks(view, "left") == [display_token(t) for t in outputs]


def test_what_if_cost_is_the_log_probability_of_the_forced_tokens(qtbot, make_view, model):
    view = make_view("beam", until=None)
    view.view_state.model, view.view_state.text = MODEL, TEXT
    qtbot.waitUntil(lambda: settled(view) and view.original is not None and view.original.text == TEXT,
                    timeout=30000)
    best = view.original.best
    node = view.original.result.path(best.node_id)[2]  # after three tokens of the best output
    view.select_node(node.node_id)
    prefix = view.original.node_prefix(node.node_id)
    qtbot.waitUntil(lambda: view.bridge.idle and view.inspection is not None
                    and view.inspection.prefix_ids == prefix, timeout=30000)
    panel = view.whatif_panel
    panel.force_box.setCurrentIndex(1)  # the second most probable next token: not the one the search took
    forced_token = panel.force_box.itemData(1)
    panel.force_button.click()
    qtbot.waitUntil(lambda: view.whatif is not None and view.whatif.forced_prefix == (*prefix, forced_token),
                    timeout=30000)
    shown = re.search(r"The forced tokens cost log p = ([−\-0-9.]+)\.", panel.label.text())
    assert shown, panel.label.text()
    cost = float(shown.group(1).replace("−", "-"))

    forced = [*prefix, forced_token]  # four tokens, the first three the best output's own
    logp, _ = decoder_pass(model, forced + [model.target_tokenizer.eos_id])
    expected = sum(logp[t, token] for t, token in enumerate(forced))
    assert cost == pytest.approx(expected, abs=0.0015)  # shown with 3 decimals
    # one token more or fewer would be another number (the test can tell them apart)
    assert abs(expected - sum(logp[t, token] for t, token in enumerate(forced[:-1]))) > 0.003
