"""An ImageItem that turns a float matrix into its picture without pyqtgraph's per-render
overhead that does not depend on the matrix.

pyqtgraph's `ImageItem.render` maps a float matrix to colour indices (`functions.rescaleData`),
then builds the 8-bit image's colour table from its lookup table with one Python `qRgb` call
per colour (256 per render) and checks the general cases again.  A heatmap re-rendered at every
keystroke paid that for a table that changes only with the colour map.  `IndexedImageItem` maps
the matrix with the same `rescaleData` call and the same scale (so the same indices, the same
pixels: tests/app/test_indexed_image.py compares them with pyqtgraph's render) and keeps the
colour table per lookup table.  Anything else (integer or RGB images, NaNs, downsampling, a
callable or wide lookup table) is rendered by pyqtgraph.
"""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from pyqtgraph import functions
from PySide6.QtGui import QImage


class IndexedImageItem(pg.ImageItem):
    def __init__(self, *args, **kwargs):
        #: (the lookup table it was built from, the colour table): rebuilt when the table changes
        self._colour_table = (None, None)
        super().__init__(*args, **kwargs)

    def _table_for(self, lut: np.ndarray) -> list[int]:
        if self._colour_table[0] is not lut:
            alpha = lut[:, 3] if lut.shape[1] == 4 else np.full(len(lut), 255, dtype=np.uint32)
            # qRgba(r, g, b, a) = a << 24 | r << 16 | g << 8 | b, one vector operation for the table
            argb = (alpha.astype(np.uint32) << 24 | lut[:, 0].astype(np.uint32) << 16
                    | lut[:, 1].astype(np.uint32) << 8 | lut[:, 2].astype(np.uint32))
            self._colour_table = (lut, argb.tolist())
        return self._colour_table[1]

    def _indexed(self) -> bool:
        image, lut, levels = self.image, self.lut, self.levels
        return (image is not None and image.ndim == 2 and image.size > 0 and image.dtype.kind == "f"
                and isinstance(lut, np.ndarray) and lut.dtype == np.uint8 and lut.ndim == 2
                and lut.shape[1] in (3, 4) and 0 < lut.shape[0] <= 256 and levels is not None
                and np.ndim(levels) == 1 and not self.autoDownsample)

    def render(self):
        if not self._indexed():
            return super().render()
        if self._imageHasNans is None:  # (as pyqtgraph checks: the minimum of a matrix with a NaN is NaN)
            self._imageHasNans = bool(np.isnan(self.image.min()))
            self._imageNanLocations = None
        if self._imageHasNans:
            return super().render()
        image = self.image if self.axisOrder == "row-major" else self.image.swapaxes(0, 1)
        # pyqtgraph's mapping of a float image onto a table of n colours: (x - low) * n / (high - low),
        # clipped to 0 … n - 1, truncated to an index (functions_qimage._rescale_and_lookup_float)
        colours = self.lut.shape[0]
        low, high = (float(v) for v in self.levels)
        span = high - low if high != low else 1.0
        indices = functions.rescaleData(image, colours / span, low, dtype=np.uint8, clip=(0, colours - 1))
        qimage = functions.ndarray_to_qimage(np.ascontiguousarray(indices), QImage.Format.Format_Indexed8)
        qimage.setColorTable(self._table_for(self.lut))
        self._processingBuffer = None
        self._displayBuffer = None
        self.qimage = qimage
        self._renderRequired = False
        self._unrenderable = False
