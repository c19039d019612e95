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
