"""Large models stay legible (issue 23, deliverable 4): the "All heads" grid keeps tiles of a
minimum size for 6 × 12 and 12 × 12 heads (it scrolls instead of shrinking them); a decoder's
long causal matrix is hatched exactly where the future lies (issue 27)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from engine.attention_overview import summarise
from test_heatmap_labels import drawn_labels, drawn_rects

#: the attention view's side panel at 1280×680 (measured: about 330 × 430)
SIDE_PANEL = (330, 430)


@pytest.mark.parametrize("layers, heads", [(6, 12), (12, 12)])
def test_overview_tiles_keep_a_legible_size(qtbot, layers, heads):
    from app.widgets.overview import AttentionOverview

    overview = AttentionOverview(layers_as_columns=True)  # as the attention view has it
    qtbot.addWidget(overview)
    overview.resize(*SIDE_PANEL)
    overview.show()
    qtbot.waitExposed(overview)
    stack = np.random.default_rng(0).dirichlet(np.ones(16), size=(layers, heads, 16)).astype(np.float32)
    summary = summarise(stack)
    overview.show_summary(summary, selected=(0, 0),
                          captions={(l, h): f"L{l + 1} {'mean' if h is None else f'h{h + 1}'} · 2.1 bits"
                                    for l in range(layers) for h in [*range(heads), None]})
    qtbot.wait(20)
    assert len(overview.tiles) == layers * (heads + 1)
    # a line of the application's text and 32 px (2 px a token of 16 × 16) at least,
    # on screen (scale 1: scene = pixels)
    least = max(32, QFontMetrics(QApplication.font()).height())
    sides = [(box.sceneBoundingRect().width(), box.sceneBoundingRect().height())
             for box in overview._boxes.values()]
    assert min(min(side) for side in sides) >= least, (min(sides), least)
    assert overview.transform().m11() == 1.0
    # the grid is larger than the panel: the view scrolls over it, both ways
    assert overview.verticalScrollBar().maximum() > 0 and overview.horizontalScrollBar().maximum() > 0
    overview.verticalScrollBar().setValue(overview.verticalScrollBar().maximum())
    last = overview._boxes[(layers - 1, None)]
    visible = overview.mapToScene(overview.viewport().rect()).boundingRect()
    assert visible.bottom() >= last.sceneBoundingRect().bottom()


#: MiniLM-like word pieces: the labels that ran together ("lecturerexplainsattention[SEP]")
PIECES = ["[CLS]", "the", "lecturer", "explains", "attention", "##ing", "to", "students", "in", "a",
          "lecture", "hall", "with", "two", "hundred", "[SEP]"]


@pytest.mark.parametrize("length", [16, 128, 512])
@pytest.mark.parametrize("points", [11.0, 22.0])
def test_key_and_query_labels_never_overlap(qtbot, length, points):
    from app.widgets.heatmap import AttentionHeatmap
    from app.widgets.tokens import display_tokens

    tokens = (PIECES * (length // len(PIECES) + 1))[:length]
    heatmap = AttentionHeatmap()
    qtbot.addWidget(heatmap)
    heatmap.set_text_size(points)
    heatmap.resize(900, 560)  # the attention view's heatmap at 1280×680
    heatmap.show()
    qtbot.waitExposed(heatmap)
    matrix = np.random.default_rng(0).dirichlet(np.ones(length), size=length)
    heatmap.set_matrix(matrix, tokens, tokens)
    labels = display_tokens(tokens)

    def every_kth_label_drawn():
        return all(drawn_labels(heatmap.plot.getAxis(side)) == labels[::ticks.step]
                   for side, ticks in (("bottom", heatmap.column_ticks), ("left", heatmap.row_ticks)))

    # the steps follow the plot's size, which settles after a few layout passes (a fixed 20 ms
    # wait failed at load 12): wait until what is drawn is every k-th label of the final steps
    qtbot.waitUntil(every_kth_label_drawn, timeout=10000)
    for side in ("bottom", "left"):
        axis = heatmap.plot.getAxis(side)
        texts, rects = drawn_labels(axis), drawn_rects(axis)
        assert len(texts) >= 2, side
        step = heatmap.column_ticks.step if side == "bottom" else heatmap.row_ticks.step
        assert texts == labels[::step], side  # every k-th token, the first one included
        for a, b in zip(rects, rects[1:]):
            assert not a.intersects(b), (side, a, b)
    if length == 16 and points == 11.0:
        # the date model's 16 characters, by contrast, all keep their labels
        heatmap.set_matrix(matrix, list("4 November 1988!"), list("4 November 1988!"))
        qtbot.waitUntil(lambda: drawn_labels(heatmap.plot.getAxis("bottom"))
                        == display_tokens(list("4 November 1988!")), timeout=10000)


def hatch_by_definition(mask: np.ndarray) -> np.ndarray:
    """The hatch, pixel by pixel from its definition (app/widgets/heatmap.py's docstring): p =
    min(8, 1024 // the longer side) pixels per cell; grey 150 where (row + column) % 8 < 2, else
    60; opaque on the pixels of masked cells, clear elsewhere."""
    per_cell = max(1, min(8, 1024 // max(mask.shape)))
    row, col = np.indices((mask.shape[0] * per_cell, mask.shape[1] * per_cell))
    grey = np.where((row + col) % 8 < 2, 150, 60)
    alpha = np.where(mask[row // per_cell, col // per_cell], 255, 0)
    return np.stack([grey, grey, grey, alpha], axis=-1).astype(np.uint8)


@pytest.mark.parametrize("length", [3, 130, 512])
def test_a_causal_matrix_is_hatched_over_the_future_and_kept_for_another_head(qtbot, length):
    """A GPT-2-shaped decoder's heatmap: the weights drawn as given, the future hatched by the
    definition; another head (same mask) keeps the hatch already made (it was made again at
    every change: 13-16 ms of the GUI thread at 512 tokens), a token more or less hatches anew."""
    from app.widgets.heatmap import AttentionHeatmap

    heatmap = AttentionHeatmap()
    qtbot.addWidget(heatmap)
    heatmap.resize(900, 560)
    heatmap.show()
    qtbot.waitExposed(heatmap)
    rng = np.random.default_rng(length)
    tokens = [f"t{i}" for i in range(length + 1)]

    def causal(n):
        weights = np.tril(rng.random((n, n))).astype(np.float32)
        return weights / weights.sum(axis=1, keepdims=True), np.triu(np.ones((n, n), dtype=bool), k=1)

    head, mask = causal(length)
    heatmap.set_matrix(head, tokens[:length], tokens[:length], mask=mask)
    overlay = heatmap.mask_overlay.image
    np.testing.assert_array_equal(overlay, hatch_by_definition(mask))
    assert heatmap.mask_overlay.isVisible()
    other_head, _ = causal(length)
    heatmap.set_matrix(other_head, tokens[:length], tokens[:length], mask=mask.copy())
    np.testing.assert_array_equal(heatmap.image.image, other_head)
    assert heatmap.mask_overlay.image is overlay  # not hatched again
    np.testing.assert_array_equal(heatmap.mask_overlay.image, hatch_by_definition(mask))
    longer, longer_mask = causal(length + 1)
    heatmap.set_matrix(longer, tokens, tokens, mask=longer_mask)
    np.testing.assert_array_equal(heatmap.mask_overlay.image, hatch_by_definition(longer_mask))
    same_shape = np.triu(np.ones_like(longer_mask), k=2)  # another mask of the same shape
    heatmap.set_matrix(longer, tokens, tokens, mask=same_shape)
    np.testing.assert_array_equal(heatmap.mask_overlay.image, hatch_by_definition(same_shape))
    heatmap.set_matrix(longer, tokens, tokens)  # an encoder's matrix: nothing hatched
    assert not heatmap.mask_overlay.isVisible()
    heatmap.set_matrix(longer, tokens, tokens, mask=longer_mask)
    assert heatmap.mask_overlay.isVisible()
    np.testing.assert_array_equal(heatmap.mask_overlay.image, hatch_by_definition(longer_mask))
