"""Lecture scenes are named by their view and a short input (issue 23, deliverable 6): never the
raw text of a matrix ("Attention playground: 0.13, -0.13, 0.64, 0.1 -0.54, 0…").  A scene's
caption is "{view title}: {view.scene_caption()}" (app/session_controller.py)."""
from __future__ import annotations


def test_playground_scenes_say_what_they_show(make_view):
    view = make_view("playground", size=None, until=None)
    state = view.view_state
    captions = []
    state.tab = "matrix"
    state.n, state.m, state.d_k, state.d_v, state.causal = 2, 5, 3, 2, True
    captions.append(view.scene_caption())
    state.causal = False
    captions.append(view.scene_caption())
    state.tab = "query"
    state.query = "1,   0.5"
    captions.append(view.scene_caption())
    state.query = ", ".join(["0.125"] * 12)
    captions.append(view.scene_caption())
    state.tab = "why"
    captions.append(view.scene_caption())
    assert captions == ["Q 2×3, K 5×3, V 5×2, causal", "Q 2×3, K 5×3, V 5×2", "query (1, 0.5)",
                        "query (0.125, 0.125, 0.125, 0.125, …)", "Why scale"]
    first_numbers = state.q_text.split()[0]
    assert all(first_numbers not in caption for caption in captions)


def test_entropy_scenes_say_which_distribution(make_view):
    """Every Entropy & KL scene was named "Entropy & KL" whatever P it showed."""
    view = make_view("entropy", size=None, until=None)
    state = view.view_state
    state.p_text = "0.5 0.25\n0.25"
    first = view.scene_caption()
    state.p_text = "a: 40%, b: 30%, c: 20%, d: 5%, e: 3%, f: 1%, g: 1%"
    second = view.scene_caption()
    state.tab = "gaussians"
    state.mu1, state.sigma1, state.mu2, state.sigma2 = 0.0, 1.0, 0.5, 2.0
    third = view.scene_caption()
    assert [first, second, third] == ["P = 0.5 0.25 0.25", "P = a: 40%, b: 30%, c: 20%, d: 5%, e: 3%, …",
                                      "N(0, 1²) against N(0.5, 2²)"]


def test_positional_scenes_say_which_encoding(make_view):
    view = make_view("positional", size=None, until=None)
    state = view.view_state
    state.d_model, state.n_positions, state.base_text, state.tab = 64, 50, "1e4", "shift"
    assert view.scene_caption() == "Shift by k, d_model 64, 50 positions, base 1e4"
