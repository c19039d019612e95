"""The Wavelengths tab: λ_i = 2π/ω_i of every pair on a log scale, with three reference lines
(the sequence length, 2π and 2π·base) and their labels.

At extreme bases or lengths two or three lines come close or coincide, and labels written at
the same spot would overlap.  `place_labels` gives each label, in order of importance, the first
free slot of LABEL_SLOTS (left or right end of its line, above or below it) that lies inside the
plot and overlaps no label already placed; a label with no free slot is hidden (its line stays,
and the hover readout and the CSV keep the numbers).  It runs again whenever the plot's range or
size changes.
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, Qt

from app import style
from app.views.positional.tab_base import EXACT_DIGITS, GUIDE, PositionalTab
from app.widgets.matrix_plot import index_at, plot_font

#: (position along the line as a fraction of the plot's width, text anchor): left end above the
#: line, right end above, left end below, right end below
LABEL_SLOTS = (
    (0.02, (0.0, 1.0)),
    (0.98, (1.0, 1.0)),
    (0.02, (0.0, 0.0)),
    (0.98, (1.0, 0.0)),
)


class WavelengthTab(PositionalTab):
    """Wavelength of each sine/cosine pair, log scale."""

    CAPTION = QT_TRANSLATE_NOOP("WavelengthTab", """
        Pair i repeats every λ<sub>i</sub> = 2π/ω<sub>i</sub> positions. The wavelengths grow geometrically,
        from 2π up to about 2π·base: short waves tell neighbours apart, long waves keep far-apart positions
        distinct. Pairs above the sequence-length line never finish one period inside the sequence.""")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.plot = self.add_plot(0, 0, self.tr("Wavelength of each dimension pair"), self.tr("pair i"),
                                  self.tr("wavelength (positions, log scale)"), grid=0.25)
        self.plot.setLogMode(y=True)
        self.curve = pg.PlotDataItem(pen=pg.mkPen(style.SERIES[0], width=2), symbol="o", symbolSize=7,
                                     symbolBrush=style.SERIES[0], symbolPen=None)
        self.plot.addItem(self.curve)
        # in order of importance: the first gets the best slot
        self.length_line = self._line(style.SERIES[1])
        self.low_line = self._line(GUIDE)
        self.high_line = self._line(GUIDE)
        self.lines = (self.length_line, self.low_line, self.high_line)
        self.plot.vb.sigRangeChanged.connect(self.place_labels)
        self.plot.vb.sigResized.connect(self.place_labels)

    def _line(self, colour) -> pg.InfiniteLine:
        line = pg.InfiniteLine(angle=0, movable=False, pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DashLine),
                               label="", labelOpts={"position": LABEL_SLOTS[0][0], "color": style.TEXT.name(),
                                                    "anchors": [LABEL_SLOTS[0][1]] * 2})
        line.label.setFont(plot_font())
        self.plot.addItem(line)
        return line

    def _render(self, a) -> None:
        i = np.arange(a.d_model // 2, dtype=np.float64)
        self.curve.setData(i, a.wavelengths)
        # In a log-y plot, items other than curves live in log10 coordinates.
        for line, value, text in (
            (self.length_line, a.n_positions, self.tr("sequence length n = {0}").format(a.n_positions)),
            (self.low_line, 2 * math.pi, self.tr("2π")),
            (self.high_line, 2 * math.pi * a.base, self.tr("2π·base")),
        ):
            line.setValue(math.log10(value))
            line.label.setFormat(text.replace("{", "{{").replace("}", "}}"))
        self.plot.setXRange(-0.5, max(a.d_model // 2 - 0.5, 0.5), padding=0.02)
        self.place_labels()

    def restyle(self) -> None:
        super().restyle()
        for line in self.lines:
            line.label.setFont(plot_font())
        self.place_labels()

    # ---- labels that do not overlap ------------------------------------------------------------
    def place_labels(self, *_) -> None:
        """Put each line's label in the first free slot, or hide it (see the module doc)."""
        view = self.plot.vb
        area = view.mapRectToScene(view.boundingRect())
        if area.width() <= 0 or area.height() <= 0:
            return
        taken: list[QRectF] = []
        for line in self.lines:
            label = line.label
            size = label.textItem.boundingRect().size()
            y = view.mapViewToScene(QPointF(0.0, line.value())).y()
            slot = None
            for position, anchor in LABEL_SLOTS:
                x = area.left() + position * area.width()
                rect = QRectF(x - anchor[0] * size.width(), y - anchor[1] * size.height(), size.width(), size.height())
                if area.contains(rect) and not any(rect.intersects(other) for other in taken):
                    slot = (position, anchor)
                    taken.append(rect)
                    break
            if slot is None:
                label.setVisible(False)
                continue
            label.anchors = [slot[1], slot[1]]
            label.setVisible(True)
            label.setPosition(slot[0])

    def visible_labels(self) -> list:
        return [line.label for line in self.lines if line.label.isVisible()]

    # ---- hover and export ------------------------------------------------------------------
    def readout_at(self, scene_pos):
        a = self.analysis
        i = index_at(self.plot, scene_pos, a.d_model // 2)
        if i is None:
            return None
        return self.tr("pair {0} (dims {1} and {2}): wavelength {3} positions, frequency ω = {4} per position").format(
            i, int(a.sin_columns[i]), int(a.cos_columns[i]), style.format_number(a.wavelengths[i], EXACT_DIGITS),
            style.format_number(a.frequencies[i], EXACT_DIGITS))

    def table(self):
        a = self.analysis
        matrix = np.column_stack([a.sin_columns, a.cos_columns, a.frequencies, a.wavelengths]).astype(np.float64)
        columns = ["sin dim", "cos dim", "frequency", "wavelength"]
        return matrix, [str(i) for i in range(a.d_model // 2)], columns, "pair"
