"""IndexedImageItem draws a float matrix with the pixels pyqtgraph's own ImageItem draws (the
oracle: pyqtgraph's render of the same matrix, levels and lookup table)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest

from app.widgets.indexed_image import IndexedImageItem


def pixels(item) -> np.ndarray:
    item.render()
    image = item.qimage.convertToFormat(item.qimage.Format.Format_ARGB32)
    return np.array(np.frombuffer(image.constBits(), np.uint32).reshape(image.height(), -1)[:, :image.width()])


@pytest.mark.parametrize("levels", [(0.0, 1.0), (0.0, 0.00213), (0.2, 0.7), (0.5, 0.5)])
@pytest.mark.parametrize("table", ["viridis", "grayscale-alpha", "16 colours"])
def test_the_same_pixels_as_pyqtgraph(qtbot, levels, table):
    rng = np.random.default_rng(len(table))
    matrix = rng.dirichlet(np.full(37, 0.3), size=23).astype(np.float32)
    matrix[0, :3] = (0.0, 1.0, levels[1])  # the ends and the top level exactly
    matrix[1, :2] = (-0.5, 2.0)  # outside the levels: clipped to the ends
    if table == "viridis":
        lut = pg.colormap.get("viridis").getLookupTable(nPts=256)
    elif table == "grayscale-alpha":
        lut = np.stack([np.arange(256)] * 3 + [np.linspace(40, 255, 256)], axis=1).astype(np.uint8)
    else:
        lut = rng.integers(0, 256, (16, 3), dtype=np.uint8)
    ours, theirs = IndexedImageItem(axisOrder="row-major"), pg.ImageItem(axisOrder="row-major")
    for item in (ours, theirs):
        item.setLookupTable(lut)
        item.setImage(matrix, autoLevels=False, levels=levels)
    expected = pixels(theirs)
    assert len(np.unique(expected)) > (3 if levels[1] > levels[0] else 1)
    np.testing.assert_array_equal(pixels(ours), expected)
    # a new matrix and a new table: rendered again, the table rebuilt
    other = np.ascontiguousarray(matrix[::-1]) * 0.5
    lut2 = lut[::-1].copy()
    for item in (ours, theirs):
        item.setLookupTable(lut2)
        item.setImage(other, autoLevels=False, levels=levels)
    np.testing.assert_array_equal(pixels(ours), pixels(theirs))


def test_what_it_does_not_map_pyqtgraph_renders(qtbot):
    """A matrix with a NaN (transparent there) and an integer image take pyqtgraph's path."""
    lut = pg.colormap.get("viridis").getLookupTable(nPts=256)
    matrix = np.random.default_rng(1).random((9, 11)).astype(np.float32)
    matrix[4, 5] = np.nan
    for image, levels in ((matrix, (0, 1)), ((np.nan_to_num(matrix) * 100).astype(np.uint8), (0, 100))):
        ours, theirs = IndexedImageItem(axisOrder="row-major"), pg.ImageItem(axisOrder="row-major")
        for item in (ours, theirs):
            item.setLookupTable(lut)
            item.setImage(image, autoLevels=False, levels=levels)
        np.testing.assert_array_equal(pixels(ours), pixels(theirs))
