"""The tabs of the positional-encoding view.  Each tab draws one engine.positional
PositionalAnalysis, answers hover questions with exact values and hands its data to CSV export.

Every tab owns one pg.GraphicsLayoutWidget (`graphics`), created once; `render` updates the
items in place.
"""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.widgets.matrix_plot import (CURVE_COLOURS, DIVERGING, SEQUENTIAL, TEXT_COLOUR, MatrixPanel, add_legend,
                                     base_point_size, index_at, new_layout_widget, set_title, style_plot,
                                     update_legend)

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def exact(value) -> str:
    """A float as Python writes it: the shortest text that reads back to the same number."""
    return repr(float(value))


class PositionalTab(QWidget):
    """A caption (why the picture looks as it does) above one GraphicsLayoutWidget."""

    #: text for the view's readout line (hover)
    hovered = Signal(str)
    #: the tab redrew something without a new engine result (e.g. another curve picked)
    redrawn = Signal()

    def __init__(self, caption: str, parent=None):
        super().__init__(parent)
        self.analysis = None
        self.caption = QLabel(caption)
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.TextFormat.RichText)
        self.graphics = new_layout_widget()
        self.body = QHBoxLayout()
        self.body.addWidget(self.graphics, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.caption)
        layout.addLayout(self.body, 1)
        self.graphics.scene().sigMouseMoved.connect(self._mouse_moved)

    def show_analysis(self, a) -> None:
        self.analysis = a
        self._render(a)

    def _mouse_moved(self, scene_pos) -> None:
        if self.analysis is None:
            return
        text = self.readout_at(scene_pos)
        if text:
            self.hovered.emit(text)

    # subclasses
    def _render(self, a) -> None:
        raise NotImplementedError

    def readout_at(self, scene_pos) -> str | None:
        return None

    def table(self):
        """(matrix, row_labels, column_labels, corner) for CSV export."""
        raise NotImplementedError

    # shared readouts
    def encoding_readout(self, row: int, col: int) -> str:
        a = self.analysis
        kind, pair = a.column_kind(col)
        return self.tr("pos {0}, dim {1} ({2} of pair {3}, wavelength {4:.4g}): {5}").format(
            row, col, kind, pair, a.wavelengths[pair], exact(a.encoding[row, col]))


def _curve(plot, colour, name=None, width=2.5, **kwargs) -> pg.PlotDataItem:
    item = pg.PlotDataItem(pen=pg.mkPen(colour, width=width), name=name, **kwargs)
    plot.addItem(item)
    return item


class EncodingTab(PositionalTab):
    """Heatmap of PE (positions x dimensions) and curves of chosen dimensions."""

    MAX_CURVES = len(CURVE_COLOURS)

    def __init__(self, parent=None):
        super().__init__(self.tr(
            "Each row is the code of one position, each column one dimension. The columns come in "
            "sine/cosine pairs whose frequency falls from pair to pair: early pairs change with every "
            "position, late pairs hardly at all — like the digits of a counter, but smooth and bounded "
            "in [−1, 1]. <b>Click a column</b> (or tick it in the list) to plot it against position."), parent)
        layout = self.graphics.ci
        self.heatmap = MatrixPanel(layout, 0, 0, title=self.tr("PE(pos, dim)"), x_label=self.tr("dimension"),
                                   y_label=self.tr("position"), bar_label=None)
        self.curve_plot = layout.addPlot(row=0, col=1)
        style_plot(self.curve_plot, self.tr("Selected dimensions against position"), self.tr("position"),
                   self.tr("value"))
        self.curve_plot.setYRange(-1.1, 1.75, padding=0)  # the legend sits above the curves
        self.curve_plot.getAxis("left").setTicks([[(v, f"{v:g}") for v in (-1, -0.5, 0, 0.5, 1)]])
        self.curve_plot.showGrid(x=True, y=True, alpha=0.2)
        self.legend = add_legend(self.curve_plot, columns=2)
        self.curves = [_curve(self.curve_plot, colour) for colour in CURVE_COLOURS]
        self.column_marks = []
        for colour in CURVE_COLOURS:
            # a short coloured tab at the edge of the heatmap: which column each curve shows
            mark = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(colour, width=5), span=(0.0, 0.03))
            mark.setVisible(False)
            self.heatmap.plot.addItem(mark)
            self.column_marks.append(mark)
        layout.layout.setColumnStretchFactor(0, 1)
        layout.layout.setColumnStretchFactor(1, 1)

        side = QVBoxLayout()
        side.addWidget(QLabel(self.tr("Dimensions to plot:")))
        self.dimension_list = QListWidget()
        self.dimension_list.setMaximumWidth(260)
        side.addWidget(self.dimension_list, 1)
        self.body.addLayout(side)
        self.dimension_list.itemChanged.connect(self._item_changed)
        self.graphics.scene().sigMouseClicked.connect(self._mouse_clicked)

        self.selected: list[int] = []
        self._user_picked = False
        self._list_key = None

    # ---- selection ------------------------------------------------------------------------
    @staticmethod
    def default_selection(a) -> list[int]:
        """Sine and cosine of pairs 2 and 3 (dims 4-7 in the paper's layout, as in The Annotated
        Transformer's figure), or whatever pairs exist."""
        pairs = [p for p in (2, 3) if p < a.d_model // 2] or list(range(min(2, a.d_model // 2)))
        dims = []
        for p in pairs:
            dims += [int(a.sin_columns[p]), int(a.cos_columns[p])]
        return sorted(dims)

    def toggle(self, column: int) -> None:
        """Add `column` to the plotted dimensions, or remove it."""
        if self.analysis is None or not 0 <= column < self.analysis.d_model:
            return
        self._user_picked = True
        if column in self.selected:
            self.selected.remove(column)
        else:
            self.selected.append(column)
            if len(self.selected) > self.MAX_CURVES:
                self.selected.pop(0)  # the oldest choice makes room
        self._sync_list()
        self._draw_curves()
        self.redrawn.emit()

    def _item_changed(self, item: QListWidgetItem) -> None:
        column = item.data(Qt.ItemDataRole.UserRole)
        wanted = item.checkState() == Qt.CheckState.Checked
        if wanted != (column in self.selected):
            self.toggle(column)

    def _mouse_clicked(self, event) -> None:
        if self.analysis is None or event.button() != Qt.MouseButton.LeftButton or event.double():
            return
        cell = self.heatmap.cell_at(event.scenePos())
        if cell is not None:
            self.toggle(cell[1])

    def _sync_list(self) -> None:
        with QSignalBlocker(self.dimension_list):
            for row in range(self.dimension_list.count()):
                item = self.dimension_list.item(row)
                checked = item.data(Qt.ItemDataRole.UserRole) in self.selected
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def _rebuild_list(self, a) -> None:
        with QSignalBlocker(self.dimension_list):
            self.dimension_list.clear()
            for column in range(a.d_model):
                kind, pair = a.column_kind(column)
                item = QListWidgetItem(self.tr("dim {0} — {1}, pair {2}").format(column, kind, pair))
                item.setData(Qt.ItemDataRole.UserRole, column)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.dimension_list.addItem(item)

    # ---- drawing --------------------------------------------------------------------------
    def _render(self, a) -> None:
        self.heatmap.set_matrix(a.encoding, (-1.0, 1.0))
        key = (a.d_model, a.variant)
        if key != self._list_key:
            self._rebuild_list(a)
            self._list_key = key
            if self._user_picked:
                self.selected = [c for c in self.selected if c < a.d_model]
            if not self.selected or not self._user_picked:
                self.selected = self.default_selection(a)
                self._user_picked = False
            self._sync_list()
        self._draw_curves()

    def _draw_curves(self) -> None:
        a = self.analysis
        x = np.arange(a.n_positions, dtype=np.float64)
        entries = []
        for slot, curve in enumerate(self.curves):
            mark = self.column_marks[slot]
            if slot < len(self.selected):
                column = self.selected[slot]
                kind, pair = a.column_kind(column)
                curve.setData(x, a.encoding[:, column])
                curve.setVisible(True)
                entries.append((curve, self.tr("dim {0} ({1})").format(column, kind)))
                mark.setValue(column)
                mark.setVisible(True)
            else:
                curve.setData([], [])
                curve.setVisible(False)
                mark.setVisible(False)
        update_legend(self.legend, entries)
        self.curve_plot.setXRange(0, max(a.n_positions - 1, 1), padding=0.01)

    def visible_curves(self) -> list[tuple[int, pg.PlotDataItem]]:
        return [(self.selected[i], self.curves[i]) for i in range(len(self.selected))]

    # ---- hover and export ---------------------------------------------------------------
    def readout_at(self, scene_pos):
        a = self.analysis
        cell = self.heatmap.cell_at(scene_pos)
        if cell is not None:
            return self.encoding_readout(*cell)
        p = index_at(self.curve_plot, scene_pos, a.n_positions)
        if p is not None and self.selected:
            values = ", ".join(f"dim {c} = {exact(a.encoding[p, c])}" for c in self.selected)
            return self.tr("pos {0}: {1}").format(p, values)
        return None

    def table(self):
        a = self.analysis
        return (a.encoding, [str(p) for p in range(a.n_positions)],
                [f"dim {c} ({a.column_kind(c)[0]} {a.column_kind(c)[1]})" for c in range(a.d_model)], "position")


class SimilarityTab(PositionalTab):
    """The matrix PE(i)·PE(j) and one of its rows."""

    def __init__(self, parent=None):
        super().__init__(self.tr(
            "PE(i) · PE(j) = Σ<sub>pairs</sub> cos(ω·(i − j)): the similarity depends <b>only on the "
            "distance i − j</b>, so each diagonal has one colour and every row is the same curve slid "
            "along. Neighbours are the most similar; with cosine similarity the diagonal is exactly 1."),
            parent)
        layout = self.graphics.ci
        self.matrix = MatrixPanel(layout, 0, 0, title=self.tr("Similarity of positions"),
                                  x_label=self.tr("position j"), y_label=self.tr("position i"),
                                  colormap=SEQUENTIAL)
        self.profile_plot = layout.addPlot(row=0, col=1)
        style_plot(self.profile_plot, self.tr("Row pos of the matrix"), self.tr("position j"),
                   self.tr("similarity"))
        self.profile_plot.showGrid(x=True, y=True, alpha=0.2)
        self.legend = add_legend(self.profile_plot)
        self.row_curve = _curve(self.profile_plot, CURVE_COLOURS[0], width=3)
        self.shifted_curve = pg.PlotDataItem(pen=pg.mkPen(CURVE_COLOURS[1], width=2, style=Qt.PenStyle.DashLine))
        self.profile_plot.addItem(self.shifted_curve)
        self.pos_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#888888", width=1))
        self.profile_plot.addItem(self.pos_line)
        self.row_mark = pg.InfiniteLine(angle=0, movable=False, pen=pg.mkPen(CURVE_COLOURS[0], width=1))
        self.matrix.plot.addItem(self.row_mark)
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
        set_title(self.profile_plot, self.tr("Row {0}: similarity of PE({0}) with every PE(j)").format(pos))
        self.profile_plot.setXRange(0, max(n - 1, 1), padding=0.01)

    def readout_at(self, scene_pos):
        a = self.analysis
        cell = self.matrix.cell_at(scene_pos)
        if cell is not None:
            i, j = cell
            return self.tr("{0} for i = {1}, j = {2} (distance {3}): {4}").format(
                self.similarity_name(), i, j, j - i, exact(a.similarity_matrix[i, j]))
        j = index_at(self.profile_plot, scene_pos, a.n_positions)
        if j is not None and a.pos < a.n_positions:
            return self.tr("positions {0} and {1} (distance {2}): {3}").format(
                a.pos, j, j - a.pos, exact(a.similarity_matrix[a.pos, j]))
        return None

    def table(self):
        a = self.analysis
        labels = [str(p) for p in range(a.n_positions)]
        return a.similarity_matrix, labels, labels, "i \\ j"


class ShiftTab(PositionalTab):
    """PE(pos + k) against M_k · PE(pos), and the matrix M_k."""

    def __init__(self, parent=None):
        super().__init__(self.tr(
            "Angle-sum formulas: sin(ω(pos+k)) = cos(ωk)·sin(ωpos) + sin(ωk)·cos(ωpos) and "
            "cos(ω(pos+k)) = cos(ωk)·cos(ωpos) − sin(ωk)·sin(ωpos). "
            "So <b>PE(pos+k) = M<sub>k</sub>·PE(pos)</b>: "
            "M<sub>k</sub> turns every sine/cosine pair by the angle ω·k, and it is the same matrix for every "
            "pos — a relation a linear layer can learn."), parent)
        self.difference = QLabel()
        self.difference.setObjectName("max_difference")
        font = QFont(self.difference.font())
        font.setPointSize(base_point_size() + 3)
        font.setBold(True)
        self.difference.setFont(font)
        self.layout().insertWidget(1, self.difference)
        layout = self.graphics.ci
        self.plot = layout.addPlot(row=0, col=0)
        style_plot(self.plot, self.tr("Both sides, dimension by dimension"), self.tr("dimension"), self.tr("value"))
        self.plot.showGrid(x=True, y=True, alpha=0.2)
        self.plot.setYRange(-1.1, 1.75, padding=0)  # the legend sits above the points
        self.plot.getAxis("left").setTicks([[(v, f"{v:g}") for v in (-1, -0.5, 0, 0.5, 1)]])
        self.legend = add_legend(self.plot, columns=2)
        self.source_curve = pg.PlotDataItem(pen=pg.mkPen("#aaaaaa", width=1.5), symbol="s", symbolSize=5,
                                            symbolBrush="#aaaaaa", symbolPen=None)
        self.target_curve = pg.PlotDataItem(pen=None, symbol="o", symbolSize=13, symbolBrush=None,
                                            symbolPen=pg.mkPen(CURVE_COLOURS[0], width=2))
        self.rotated_curve = pg.PlotDataItem(pen=None, symbol="x", symbolSize=11, symbolBrush=CURVE_COLOURS[1],
                                             symbolPen=pg.mkPen(CURVE_COLOURS[1], width=1))
        for item in (self.source_curve, self.target_curve, self.rotated_curve):
            self.plot.addItem(item)
        self.matrix = MatrixPanel(layout, 0, 1, title=self.tr("M_k"), x_label=self.tr("input dimension"),
                                  y_label=self.tr("output dimension"))
        layout.layout.setColumnStretchFactor(0, 3)
        layout.layout.setColumnStretchFactor(1, 2)

    def _render(self, a) -> None:
        x = np.arange(a.d_model, dtype=np.float64)
        self.source_curve.setData(x, a.source)
        self.target_curve.setData(x, a.target)
        self.rotated_curve.setData(x, a.rotated)
        update_legend(self.legend, [
            (self.source_curve, self.tr("PE({0})").format(a.pos)),
            (self.target_curve, self.tr("PE({0} + {1}) from the formula").format(a.pos, a.k)),
            (self.rotated_curve, self.tr("M_{0} · PE({1})").format(a.k, a.pos)),
        ])
        self.plot.setXRange(-0.5, a.d_model - 0.5, padding=0.01)
        self.difference.setText(self.tr("pos = {0}, k = {1}:   max |M_k·PE(pos) − PE(pos+k)| = {2:.3g}").format(
            a.pos, a.k, a.max_abs_diff))
        self.matrix.set_matrix(a.shift_matrix, (-1.0, 1.0))
        if a.variant == "paper":
            title = self.tr("M_{0}: one 2×2 rotation block per pair").format(a.k)
        else:  # sine i and cosine i sit d_model/2 columns apart: the blocks are spread out
            title = self.tr("M_{0}: rotates each pair (i, d_model/2 + i)").format(a.k)
        set_title(self.matrix.plot, title)

    def readout_at(self, scene_pos):
        a = self.analysis
        cell = self.matrix.cell_at(scene_pos)
        if cell is not None:
            return self.tr("M_{0}[{1}, {2}] = {3}").format(a.k, cell[0], cell[1], exact(a.shift_matrix[cell]))
        j = index_at(self.plot, scene_pos, a.d_model)
        if j is not None:
            return self.tr("dim {0}: PE({1}) = {2}, M_k·PE({3}) = {4}, difference {5:.3g}; PE({3}) = {6}").format(
                j, a.pos + a.k, exact(a.target[j]), a.pos, exact(a.rotated[j]), a.rotated[j] - a.target[j],
                exact(a.source[j]))
        return None

    def table(self):
        a = self.analysis
        matrix = np.column_stack([a.source, a.target, a.rotated, a.rotated - a.target])
        columns = [f"PE({a.pos})", f"PE({a.pos + a.k})", f"M_{a.k} PE({a.pos})", "difference"]
        return matrix, [str(j) for j in range(a.d_model)], columns, "dimension"


class WavelengthTab(PositionalTab):
    """Wavelength of each sine/cosine pair, log scale."""

    def __init__(self, parent=None):
        super().__init__(self.tr(
            "Pair i repeats every λ<sub>i</sub> = 2π/ω<sub>i</sub> positions. The wavelengths grow "
            "geometrically, from 2π up to about 2π·base: short waves tell neighbours apart, long waves keep "
            "far-apart positions distinct. Pairs above the sequence-length line never finish one period "
            "inside the sequence."), parent)
        self.plot = self.graphics.ci.addPlot(row=0, col=0)
        style_plot(self.plot, self.tr("Wavelength of each dimension pair"), self.tr("pair i"),
                   self.tr("wavelength (positions, log scale)"))
        self.plot.setLogMode(y=True)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.curve = pg.PlotDataItem(pen=pg.mkPen(CURVE_COLOURS[0], width=2), symbol="o", symbolSize=7,
                                     symbolBrush=CURVE_COLOURS[0], symbolPen=None)
        self.plot.addItem(self.curve)
        self.length_line = self._line(CURVE_COLOURS[1])
        self.low_line = self._line("#888888")
        self.high_line = self._line("#888888")

    def _line(self, colour) -> pg.InfiniteLine:
        line = pg.InfiniteLine(angle=0, movable=False, pen=pg.mkPen(colour, width=2, style=Qt.PenStyle.DashLine),
                               label="",
                               labelOpts={"position": 0.02, "color": TEXT_COLOUR, "anchors": [(0, 1), (0, 1)]})
        font = QFont()
        font.setPointSize(base_point_size())
        line.label.setFont(font)
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

    def readout_at(self, scene_pos):
        a = self.analysis
        i = index_at(self.plot, scene_pos, a.d_model // 2)
        if i is None:
            return None
        return self.tr("pair {0} (dims {1} and {2}): wavelength {3} positions, frequency ω = {4} per position").format(
            i, int(a.sin_columns[i]), int(a.cos_columns[i]), exact(a.wavelengths[i]), exact(a.frequencies[i]))

    def table(self):
        a = self.analysis
        matrix = np.column_stack([a.sin_columns, a.cos_columns, a.frequencies, a.wavelengths]).astype(np.float64)
        columns = ["sin dim", "cos dim", "frequency", "wavelength"]
        return matrix, [str(i) for i in range(a.d_model // 2)], columns, "pair"


def place_name(power: int) -> str:
    return "10" + str(power).translate(_SUPERSCRIPT)


class NaiveTab(PositionalTab):
    """The lesson's naive codes beside the sinusoidal one."""

    def __init__(self, parent=None):
        super().__init__(self.tr(
            "Naive codes for contrast. <b>Decimal digits</b>: values 0–9, and neighbours can differ in "
            "every digit (99 → 100). <b>pos/1000</b>: one number whose range depends on the length, and a "
            "step of one position is a tiny change. The <b>sinusoidal</b> code stays in [−1, 1] and every "
            "step between neighbours has the same size (bottom right)."), parent)
        layout = self.graphics.ci
        self.decimal = MatrixPanel(layout, 0, 0, title=self.tr("Decimal digits (naive)"), x_label=self.tr("digit"),
                                   y_label=self.tr("position"), colormap=SEQUENTIAL, levels=(0.0, 9.0))
        self.sinusoidal = MatrixPanel(layout, 0, 1, title=self.tr("Sinusoidal (for comparison)"),
                                      x_label=self.tr("dimension"), y_label=self.tr("position"), colormap=DIVERGING)
        self.linear_plot = layout.addPlot(row=1, col=0)
        style_plot(self.linear_plot, self.tr("pos / 1000 (naive)"), self.tr("position"), self.tr("value"))
        self.linear_plot.showGrid(x=True, y=True, alpha=0.2)
        self.linear_curve = _curve(self.linear_plot, CURVE_COLOURS[2])
        self.steps_plot = layout.addPlot(row=1, col=1)
        style_plot(self.steps_plot, self.tr("Step to the next position ‖code(p+1) − code(p)‖"),
                   self.tr("position p"), self.tr("step (log scale)"))
        self.steps_plot.setLogMode(y=True)
        self.steps_plot.showGrid(x=True, y=True, alpha=0.2)
        self.legend = add_legend(self.steps_plot, where="middle right")
        self.sinusoidal_steps = _curve(self.steps_plot, CURVE_COLOURS[0], self.tr("sinusoidal"), width=3)
        self.decimal_steps = _curve(self.steps_plot, CURVE_COLOURS[4], self.tr("decimal digits"))
        self.linear_steps = _curve(self.steps_plot, CURVE_COLOURS[2], self.tr("pos / 1000"))

    def _render(self, a) -> None:
        digits = a.decimal.shape[1]
        self.decimal.set_matrix(a.decimal, (0.0, 9.0))
        self.decimal.set_column_ticks([(j, place_name(digits - 1 - j)) for j in range(digits)])
        self.sinusoidal.set_matrix(a.encoding, (-1.0, 1.0))
        x = np.arange(a.n_positions, dtype=np.float64)
        self.linear_curve.setData(x, a.linear[:, 0])
        self.linear_plot.setXRange(0, max(a.n_positions - 1, 1), padding=0.01)
        xs = x[:-1]
        self.sinusoidal_steps.setData(xs, a.sinusoidal_steps)
        self.decimal_steps.setData(xs, a.decimal_steps)
        self.linear_steps.setData(xs, a.linear_steps)
        self.steps_plot.setXRange(0, max(a.n_positions - 2, 1), padding=0.01)

    def readout_at(self, scene_pos):
        a = self.analysis
        digits = a.decimal.shape[1]
        cell = self.decimal.cell_at(scene_pos)
        if cell is not None:
            p, j = cell
            return self.tr("pos {0}: digit of {1} = {2}   (code {3})").format(
                p, place_name(digits - 1 - j), int(a.decimal[p, j]), " ".join(str(int(v)) for v in a.decimal[p]))
        cell = self.sinusoidal.cell_at(scene_pos)
        if cell is not None:
            return self.encoding_readout(*cell)
        p = index_at(self.linear_plot, scene_pos, a.n_positions)
        if p is not None:
            return self.tr("pos {0}: pos/1000 = {1}").format(p, exact(a.linear[p, 0]))
        p = index_at(self.steps_plot, scene_pos, a.n_positions - 1)
        if p is not None:
            return self.tr("pos {0} → {1}: sinusoidal {2}, decimal digits {3}, pos/1000 {4}").format(
                p, p + 1, exact(a.sinusoidal_steps[p]), exact(a.decimal_steps[p]), exact(a.linear_steps[p]))
        return None

    def table(self):
        a = self.analysis
        digits = a.decimal.shape[1]
        pad = np.full(1, np.nan)
        matrix = np.column_stack([a.decimal, a.linear[:, 0], np.concatenate([a.sinusoidal_steps, pad]),
                                  np.concatenate([a.decimal_steps, pad]), np.concatenate([a.linear_steps, pad])])
        columns = ([f"digit 10^{digits - 1 - j}" for j in range(digits)]
                   + ["pos/1000", "step sinusoidal", "step decimal", "step pos/1000"])
        return matrix, [str(p) for p in range(a.n_positions)], columns, "position"
