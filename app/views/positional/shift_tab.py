"""The Shift tab: PE(pos + k) from the formula against M_k · PE(pos), and the matrix M_k."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP

from app import style
from app.views.positional.tab_base import EXACT_DIGITS, GUIDE, PositionalTab
from app.widgets.matrix_plot import index_at, set_title, update_legend

class ShiftTab(PositionalTab):
    """PE(pos + k) against M_k · PE(pos), and the matrix M_k."""

    CAPTION = QT_TRANSLATE_NOOP("ShiftTab", """
        Angle-sum formulas: sin(ω(pos+k)) = cos(ωk)·sin(ωpos) + sin(ωk)·cos(ωpos) and
        cos(ω(pos+k)) = cos(ωk)·cos(ωpos) − sin(ωk)·sin(ωpos). So <b>PE(pos+k) = M<sub>k</sub>·PE(pos)</b>:
        M<sub>k</sub> turns every sine/cosine pair by the angle ω·k, and it is the same matrix for every pos — a
        relation a linear layer can learn.""")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.difference = style.scaled(style.wrapped_label(), 1.2, bold=True)
        self.difference.setObjectName("max_difference")
        self.layout().insertWidget(1, self.difference)
        self.plot = self.add_plot(0, 0, self.tr("Both sides, dimension by dimension"), self.tr("dimension"),
                                  self.tr("value"))
        self.plot.getAxis("left").setTicks([[(v, f"{v:g}") for v in (-1, -0.5, 0, 0.5, 1)]])
        # above the points, or beside them where that leaves them more room than a band above them
        # leaving fewer than 8 lines of text (at 22 pt in English 116 px)
        self.legend = self.add_legend(self.plot, columns=3, data_range=(-1.0, 1.0), min_data_lines=8)
        self.source_curve = pg.PlotDataItem(pen=pg.mkPen(GUIDE, width=1.5), symbol="s", symbolSize=5,
                                            symbolBrush=GUIDE, symbolPen=None)
        self.target_curve = pg.PlotDataItem(pen=None, symbol="o", symbolSize=13, symbolBrush=None,
                                            symbolPen=pg.mkPen(style.SERIES[0], width=2))
        self.rotated_curve = pg.PlotDataItem(pen=None, symbol="x", symbolSize=11, symbolBrush=style.SERIES[1],
                                             symbolPen=pg.mkPen(style.SERIES[1], width=1))
        for item in (self.source_curve, self.target_curve, self.rotated_curve):
            self.plot.addItem(item)
        self.matrix = self.add_matrix(0, 1, title=self.tr("M_k"), x_label=self.tr("input dimension"),
                                      y_label=self.tr("output dimension"))
        layout = self.graphics.ci
        layout.layout.setColumnStretchFactor(0, 3)
        layout.layout.setColumnStretchFactor(1, 2)

    def _render(self, a) -> None:
        x = np.arange(a.d_model, dtype=np.float64)
        self.source_curve.setData(x, a.source)
        self.target_curve.setData(x, a.target)
        self.rotated_curve.setData(x, a.rotated)
        update_legend(self.legend, [
            (self.source_curve, self.tr("PE({0})").format(a.pos)),
            # notation, short enough for one line of three entries at 22 pt (the heading above
            # and the notes say which side is the formula)
            (self.target_curve, "PE({0} + {1})".format(a.pos, a.k)),
            (self.rotated_curve, self.tr("M_{0} · PE({1})").format(a.k, a.pos)),
        ])
        self.plot.setXRange(-0.5, a.d_model - 0.5, padding=0.01)
        # the numbers in the formula itself: one line at 22 pt ("pos = 10, k = 5:" before it took two
        # in Chinese, and the tab scrolled)
        self.difference.setText(self.tr("max |M_{1}·PE({0}) − PE({0} + {1})| = {2}").format(
            a.pos, a.k, style.format_number(a.max_abs_diff, 3)))
        self.matrix.set_matrix(a.shift_matrix, (-1.0, 1.0))
        # short enough for the matrix's column at 22 pt (a title is elided, not wrapped)
        if a.variant == "paper":
            title = self.tr("M_{0}: 2×2 rotation blocks").format(a.k)
        else:  # sine i and cosine i sit d_model/2 columns apart: the blocks are spread out
            title = self.tr("M_{0}: rotates (i, d_model/2 + i)").format(a.k)
        set_title(self.matrix.plot, title)

    def readout_at(self, scene_pos):
        a = self.analysis
        cell = self.matrix.cell_at(scene_pos)
        if cell is not None:
            return self.tr("M_{0}[{1}, {2}] = {3}").format(
                a.k, cell[0], cell[1], style.format_number(a.shift_matrix[cell], EXACT_DIGITS))
        j = index_at(self.plot, scene_pos, a.d_model)
        if j is not None:
            return self.tr("dim {0}: PE({1}) = {2}, M_k·PE({3}) = {4}, difference {5}; PE({3}) = {6}").format(
                j, a.pos + a.k, style.format_number(a.target[j], EXACT_DIGITS), a.pos,
                style.format_number(a.rotated[j], EXACT_DIGITS), style.format_number(a.rotated[j] - a.target[j], 3),
                style.format_number(a.source[j], EXACT_DIGITS))
        return None

    def table(self):
        a = self.analysis
        matrix = np.column_stack([a.source, a.target, a.rotated, a.rotated - a.target])
        columns = [f"PE({a.pos})", f"PE({a.pos + a.k})", f"M_{a.k} PE({a.pos})", "difference"]
        return matrix, [str(j) for j in range(a.d_model)], columns, "dimension"
