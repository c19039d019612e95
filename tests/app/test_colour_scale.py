"""The attention heatmap's colour scale (issue 27): fixed 0…1 by default; fitted to the matrix
shown, its top the 99.5th percentile of the cells that can be attended, computed here by hand
(sorted values, linear interpolation), and stated on the colour bar, the caption and the CSV."""
import csv
import math

import numpy as np
import pytest

from app.views.attention.state import AttentionState
from app.widgets.heatmap import AttentionHeatmap
from engine import load_model
from test_attention_view import view  # noqa: F401 - the attention view, shown, with its first result


def percentile_by_hand(values, q=99.5) -> float:
    """The q-th percentile with linear interpolation between the two nearest sorted values."""
    ordered = sorted(float(v) for v in np.ravel(values))
    position = q / 100 * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def bar_label(heatmap) -> str:
    return heatmap.colorbar.getAxis("left").labelText


def test_the_default_is_the_fixed_scale_and_says_so(view):
    assert view.view_state.colour_scale == "fixed"
    assert view.heatmap.image.getLevels() == pytest.approx((0.0, 1.0))
    assert "0 … 1" in bar_label(view.heatmap)


@pytest.mark.parametrize("kind", ["cross", "decoder_self"])
def test_fitted_levels_are_the_robust_maximum_of_the_cells_that_can_be_attended(qtbot, view, tmp_path, kind):
    state = view.view_state
    with qtbot.waitSignal(view.updated, timeout=5000):
        state.colour_scale = "fitted"
    with qtbot.waitSignal(view.updated, timeout=5000):
        view.select(kind, 0, 1)
    r = load_model(state.model, device="cpu").attention(state.text)
    matrix = getattr(r, kind)[0, 1]
    if kind == "decoder_self":  # the future cells (always 0) are not part of the scale
        matrix = matrix[np.tril_indices(matrix.shape[0])]
    expected = percentile_by_hand(matrix)
    low, high = view.heatmap.image.getLevels()
    assert low == 0.0 and high == pytest.approx(expected, rel=1e-4)
    assert view.heatmap.colorbar.levels() == pytest.approx((0.0, expected), rel=1e-4)
    label = bar_label(view.heatmap)
    assert "99.5th percentile" in label and f"{expected:.3g}" in label

    _, caption = view.picture()
    assert "99.5th percentile" in caption
    path = view.export_csv(tmp_path / "fitted.csv")
    with open(path, newline="", encoding="utf-8") as handle:
        corner = next(csv.reader(handle))[0]
    assert corner.startswith("query\\key") and f"{expected:.3g}" in corner

    with qtbot.waitSignal(view.updated, timeout=5000):
        state.colour_scale = "fixed"
    assert view.heatmap.image.getLevels() == pytest.approx((0.0, 1.0))
    assert "percentile" not in bar_label(view.heatmap) and "percentile" not in view.picture()[1]


def test_the_scale_box_sets_the_state(qtbot, view):
    box = view.controls.scale_box
    with qtbot.waitSignal(view.updated, timeout=5000):
        box.setCurrentIndex(box.findData("fitted"))
    assert view.view_state.colour_scale == "fitted"


def distinct_colours(heatmap) -> int:
    image = heatmap.image.qimage
    return len({image.pixel(x, y) for x in range(image.width()) for y in range(image.height())})


def test_near_uniform_attention_at_509_tokens_becomes_visible(qtbot):
    """1/509-level weights: one or two colours on 0…1, dozens on the fitted scale."""
    heatmap = AttentionHeatmap()
    qtbot.addWidget(heatmap)
    tokens = [f"t{i}" for i in range(509)]
    matrix = np.random.default_rng(3).dirichlet(np.full(509, 50.0), size=509).astype(np.float32)
    heatmap.set_matrix(matrix, tokens, tokens)
    heatmap.image.render()
    flat = distinct_colours(heatmap)
    high = percentile_by_hand(matrix)
    heatmap.set_matrix(matrix, tokens, tokens, high=high, bar_label="fitted")
    heatmap.image.render()
    assert flat <= 3 and distinct_colours(heatmap) >= 50, (flat, distinct_colours(heatmap))
    assert heatmap.image.getLevels() == pytest.approx((0.0, high))


def test_a_saved_scale_must_be_one_of_the_two():
    state, problems = AttentionState.from_saved({"version": AttentionState.VERSION,
                                                 "fields": {"colour_scale": "rainbow"}})
    assert state.colour_scale == "fixed" and any("colour_scale" in p for p in problems)
    state, problems = AttentionState.from_saved({"version": AttentionState.VERSION,
                                                 "fields": {"colour_scale": "fitted"}})
    assert state.colour_scale == "fitted" and not problems


@pytest.mark.parametrize("points", [11, 28])
def test_the_colour_bar_keeps_its_small_numbers_at_any_text_size(qtbot, points):
    """A fitted top of 0.00235: ticks every 0.0005, none dropped for being wider than "1.0"."""
    from test_heatmap_labels import drawn_labels

    heatmap = AttentionHeatmap()
    qtbot.addWidget(heatmap)
    heatmap.set_text_size(points)
    heatmap.resize(900, 600)
    heatmap.show()
    qtbot.waitExposed(heatmap)
    matrix = np.random.default_rng(0).dirichlet(np.full(509, 50.0), size=20)
    heatmap.set_matrix(matrix, [str(i) for i in range(20)], [str(i) for i in range(509)], high=0.00235)
    qtbot.wait(50)
    assert sorted(float(v) for v in drawn_labels(heatmap.colorbar.axis)) == \
        pytest.approx([0.0, 0.0005, 0.001, 0.0015, 0.002])
