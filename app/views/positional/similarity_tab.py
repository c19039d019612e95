"""The Similarity tab: the matrix PE(i)·PE(j) (or its cosine) and one of its rows."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt

from app import style
from app.views.positional.tab_base import EXACT_DIGITS, GUIDE, PositionalTab
from app.widgets.matrix_plot import SEQUENTIAL, index_at, set_title, update_legend

class SimilarityTab(PositionalTab):
    """The matrix PE(i)·PE(j) and one of its rows."""

    CAPTION = QT_TRANSLATE_NOOP("SimilarityTab", """
        PE(i) · PE(j) = Σ<sub>pairs</sub> cos(ω·(i − j)): the similarity depends <b>only on the distance
        i − j</b>, so each diagonal has one colour and every row is the same curve slid along. Neighbours are the
        most similar; with cosine similarity the diagonal is exactly 1.""")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.matrix = self.add_matrix(0, 0, title=self.tr("Similarity of positions"),
                                      x_label=self.tr("position j"), y_label=self.tr("position i"),
                                      colormap=SEQUENTIAL)
        self.profile_plot = self.add_plot(0, 1, self.tr("Row pos of the matrix"), self.tr("position j"),
                                          self.tr("similarity"))
        self.legend = self.add_legend(self.profile_plot)
        self.row_curve = self.add_curve(self.profile_plot, style.SERIES[0], width=3)
        self.shifted_curve = pg.PlotDataItem(pen=pg.mkPen(style.SERIES[1], width=2, style=Qt.PenStyle.DashLine))
        self.profile_plot.addItem(self.shifted_curve)
        self.pos_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(GUIDE, width=1))
        self.profile_plot.addItem(self.pos_line)
        self.row_mark = pg.InfiniteLine(angle=0, movable=False, pen=pg.mkPen(style.SERIES[0], width=1))
        self.matrix.plot.addItem(self.row_mark)
        layout = self.graphics.ci
        layout.layout.setColumnStretchFactor(0, 1)
        layout.layout.setColumnStretchFactor(1, 1)

    def similarity_name(self) -> str:
        return self.tr("PE(i) · PE(j)") if self.analysis.similarity == "dot" else self.tr("cos(PE(i), PE(j))")

    def _render(self, a) -> None:
        # Colours span the values present: most similarities are positive, and the point is the
        # stripes parallel to the diagonal, not the sign.
        self.matrix.set_matrix(a.similarity_matrix,
                               (float(a.similarity_matrix.min()), float(a.similarity_matrix.max())))
        set_title(self.matrix.plot, self.similarity_name())
        n, pos = a.n_positions, a.pos
        x = np.arange(n, dtype=np.float64)
        if pos < n:
            self.row_curve.setData(x, a.similarity_matrix[pos])
            self.shifted_curve.setData(x[pos:], a.similarity_matrix[0, : n - pos])
            update_legend(self.legend, [(self.row_curve, self.tr("row {0}").format(pos)),
                                        (self.shifted_curve, self.tr("row 0, moved right by {0}").format(pos))])
            self.pos_line.setValue(pos)
            self.row_mark.setValue(pos)
        # short: the plot shares the tab's width with the matrix, and a title is elided, not
        # wrapped ("Row 10: similarity of PE(10) with every…" at 22 pt); the y axis says what it is
        set_title(self.profile_plot, self.tr("Row {0} of the matrix").format(pos))
        self.profile_plot.setXRange(0, max(n - 1, 1), padding=0.01)

    def readout_at(self, scene_pos):
        a = self.analysis
        cell = self.matrix.cell_at(scene_pos)
        if cell is not None:
            i, j = cell
            return self.tr("{0} for i = {1}, j = {2} (distance {3}): {4}").format(
                self.similarity_name(), i, j, j - i, style.format_number(a.similarity_matrix[i, j], EXACT_DIGITS))
        j = index_at(self.profile_plot, scene_pos, a.n_positions)
        if j is not None and a.pos < a.n_positions:
            return self.tr("positions {0} and {1} (distance {2}): {3}").format(
                a.pos, j, j - a.pos, style.format_number(a.similarity_matrix[a.pos, j], EXACT_DIGITS))
        return None

    def table(self):
        a = self.analysis
        labels = [str(p) for p in range(a.n_positions)]
        return a.similarity_matrix, labels, labels, "i \\ j"
