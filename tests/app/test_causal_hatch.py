"""A causal mask's hatch is cut from the hatch of a larger causal mask (app/widgets/heatmap.py):
the same bytes as one made for the mask alone, and as the hatch's definition."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest

from app.widgets import heatmap
from app.widgets.heatmap import hatch_overlay


def _defined(mask: np.ndarray, per_cell: int) -> np.ndarray:
    """The hatch by its definition: grey 150 where (row + column) % 8 < 2, grey 60 elsewhere,
    opaque on the cells of `mask` (per_cell x per_cell pixels each), clear elsewhere."""
    height, width = mask.shape[0] * per_cell, mask.shape[1] * per_cell
    y, x = np.indices((height, width))
    grey = np.where((x + y) % 8 < 2, 150, 60)
    alpha = np.kron(mask, np.ones((per_cell, per_cell))) * 255
    return np.stack([grey, grey, grey, alpha], axis=-1).astype(np.uint8)


def _causal(n: int) -> np.ndarray:
    return np.triu(np.ones((n, n), dtype=bool), k=1)


@pytest.fixture
def fresh_cache(monkeypatch):
    """Each test starts with nothing kept, whatever ran before it."""
    monkeypatch.setattr(heatmap, "_causal", np.zeros((0, 0), dtype=bool))
    monkeypatch.setattr(heatmap, "_causal_hatches", (0, np.zeros((0, 0, 4), dtype=np.uint8)))


# token counts in the order a user could reach them: growing, shrinking, across the scales
# (8 pixels per cell up to 128 tokens, 1024 // n above, 1 above 512)
COUNTS = [2, 3, 128, 127, 16, 129, 300, 299, 341, 342, 512, 511, 257, 700, 1100, 1099, 5]


def test_causal_hatches_equal_their_definition_in_any_order(fresh_cache):
    for n in COUNTS:
        per_cell = max(1, min(8, 1024 // n))
        overlay = hatch_overlay(_causal(n))
        assert overlay.shape == (n * per_cell, n * per_cell, 4), n
        np.testing.assert_array_equal(overlay, _defined(_causal(n), per_cell), err_msg=f"{n} tokens")


def test_a_causal_hatch_is_kept_and_cannot_be_written_through(fresh_cache):
    first = hatch_overlay(_causal(511))
    second = hatch_overlay(_causal(510))
    assert np.shares_memory(first, second)  # cut from the same kept image: not made again
    with pytest.raises(ValueError):
        second[0, 0, 3] = 7


@pytest.mark.parametrize("mask", [
    np.triu(np.ones((40, 40), dtype=bool), k=0),  # the diagonal too: not causal
    np.triu(np.ones((40, 41), dtype=bool), k=1),  # not square
    np.eye(40, dtype=bool),
])
def test_other_masks_are_hatched_by_definition(fresh_cache, mask):
    hatch_overlay(_causal(100))  # a causal hatch kept at this scale must not be used for them
    np.testing.assert_array_equal(hatch_overlay(mask), _defined(mask, 8))


def test_the_overlay_draws_a_cut_hatch_as_a_copy_of_it(qapp, fresh_cache):
    """pyqtgraph is handed a view into the kept image: it renders as the same pixels as a copy."""
    cut = hatch_overlay(_causal(300))
    assert not cut.flags.c_contiguous
    images = []
    for pixels in (cut, np.ascontiguousarray(cut)):
        item = pg.ImageItem(axisOrder="row-major")
        item.setImage(pixels, autoLevels=False)
        item.render()
        image = item.qimage.convertToFormat(item.qimage.Format.Format_ARGB32)
        images.append(np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), -1).copy())
    np.testing.assert_array_equal(images[0], images[1])
