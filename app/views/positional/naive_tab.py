"""The Naive codes tab: the lesson's counter-examples (decimal digits, pos/1000) beside the
sinusoidal code, and the size of the step from each position to the next."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QRadioButton, QVBoxLayout, QWidget

from app import style
from app.views.positional.tab_base import EXACT_DIGITS, PositionalTab
from app.widgets.matrix_plot import DIVERGING, SEQUENTIAL, index_at, set_title, style_plot

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def place_name(power: int) -> str:
    """10⁰, 10¹, …: the name of a decimal place."""
    return "10" + str(power).translate(_SUPERSCRIPT)


class NaiveTab(PositionalTab):
    """The lesson's naive codes beside the sinusoidal one."""

    CAPTION = QT_TRANSLATE_NOOP("NaiveTab", """
        Naive codes for contrast. <b>Decimal digits</b>: values 0–9, and neighbours can differ in every digit
        (99 → 100). <b>pos/1000</b>: one number whose range depends on the length, and a step of one position is
        a tiny change. The <b>sinusoidal</b> code stays in [−1, 1] and every step between neighbours has the
        same size (the steps plot).""")

    #: in two rows (2×2), six lines each: below SPLIT_FROM_POINTS the tab asks for twelve
    PLOT_LINES = 12
    #: the lines of text the steps' data keep before their legend moves beside them
    DATA_LINES = 8
    #: from this text size the tab shows either the three codes in one row or the steps alone,
    #: chosen beside the plots, each as tall as the one-row tabs' plots: in two rows at 22 pt on
    #: 1280×680 each plot had two lines of data and the tab scrolled; four in one row left the
    #: steps too narrow for their legend and the pos/1000 plot's ticks ran together
    SPLIT_FROM_POINTS = 16

    def __init__(self, parent=None):
        super().__init__(parent)
        self.decimal = self.add_matrix(0, 0, title="", x_label=self.tr("digit"),
                                       y_label=self.tr("position"), colormap=SEQUENTIAL, levels=(0.0, 9.0))
        self.sinusoidal = self.add_matrix(0, 1, title="", x_label=self.tr("dimension"), y_label=self.tr("position"),
                                          colormap=DIVERGING)
        self.linear_plot = self.add_plot(1, 0, "", self.tr("position"), self.tr("value"))
        self.linear_curve = self.add_curve(self.linear_plot, style.SERIES[2])
        self.steps_plot = self.add_plot(1, 1, "", self.tr("position p"), self.tr("step (log scale)"))
        self.steps_plot.setLogMode(y=True)
        # one row, in a band of its own above the steps (in the band between pos/1000's steps and
        # the others' it covered the curves once the text grew); beside them where the band would
        # leave them fewer than DATA_LINES lines (at 22 pt in Chinese it left them 119 px)
        self.legend = self.add_legend(self.steps_plot, columns=3, min_data_lines=self.DATA_LINES)
        self.sinusoidal_steps = self.add_curve(self.steps_plot, style.SERIES[0], self.tr("sinusoidal"), width=3)
        self.decimal_steps = self.add_curve(self.steps_plot, style.SERIES[4], self.tr("decimal digits"))
        self.linear_steps = self.add_curve(self.steps_plot, style.SERIES[2], self.tr("pos / 1000"))

        # which half is shown at large text: radio buttons in a column of their own (the arrow
        # keys move between them), hidden below SPLIT_FROM_POINTS where all four plots are shown
        self.codes_button = QRadioButton(self.tr("Codes"))
        self.codes_button.setToolTip(self.tr("Decimal digits, the sinusoidal code and pos/1000"))
        self.steps_button = QRadioButton(self.tr("Steps"))
        self.steps_button.setToolTip(self.tr("The step from each position to the next, for the three codes"))
        self.codes_button.setChecked(True)
        self.codes_button.toggled.connect(self._arrange)
        self.page_choice = QWidget()
        choice = QVBoxLayout(self.page_choice)
        choice.setContentsMargins(0, 0, 0, 0)
        choice.addWidget(self.codes_button)
        choice.addWidget(self.steps_button)
        choice.addStretch(1)
        self.body.insertWidget(0, self.page_choice)
        self.arrangement = None
        self._arrange()

    def plots_in_order(self) -> list[pg.PlotItem]:
        return [self.decimal.plot, self.sinusoidal.plot, self.linear_plot, self.steps_plot]

    def split(self) -> bool:
        return style.point_size() >= self.SPLIT_FROM_POINTS

    def shown_plots(self) -> list[pg.PlotItem]:
        """The plots on screen now, left to right and top to bottom."""
        plots = self.plots_in_order()
        if not self.split():
            return plots
        return plots[:3] if self.codes_button.isChecked() else plots[3:]

    def titles(self, split: bool) -> list[str]:
        """Shorter where three share a row (a title is elided, not wrapped); the tab's name says
        which codes are naive."""
        if split:
            return [self.tr("Decimal digits"), self.tr("Sinusoidal"), self.tr("pos / 1000"),
                    self.tr("Step to the next position ‖code(p+1) − code(p)‖")]
        return [self.tr("Decimal digits (naive)"), self.tr("Sinusoidal (for comparison)"),
                self.tr("pos / 1000 (naive)"), self.tr("Step to the next position ‖code(p+1) − code(p)‖")]

    def _arrange(self, *_) -> None:
        """Two rows of two below SPLIT_FROM_POINTS; from it, one row of the half chosen."""
        split = self.split()
        shown = self.shown_plots()
        self.page_choice.setVisible(split)
        if shown != self.arrangement:
            self.arrangement = shown
            layout = self.graphics.ci
            for plot in self.plots_in_order():
                if plot in layout.items:
                    layout.removeItem(plot)
            for plot in self.plots_in_order():
                plot.setVisible(plot in shown)
            for index, plot in enumerate(shown):
                layout.addItem(plot, row=0 if split else index // 2, col=index if split else index % 2)
            layout.layout.invalidate()
            self.PLOT_LINES = PositionalTab.PLOT_LINES if split else NaiveTab.PLOT_LINES
        for plot, title in zip(self.plots_in_order(), self.titles(split)):
            set_title(plot, title)
        # the ticks (1, 0.01, …) say the scale is logarithmic where the axis is short for the words
        style_plot(self.steps_plot, y=self.tr("step") if split else self.tr("step (log scale)"))
        self._keep_plot_height()

    def restyle(self) -> None:
        super().restyle()
        self._arrange()

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
        shown = self.shown_plots()
        cell = self.decimal.cell_at(scene_pos) if self.decimal.plot in shown else None
        if cell is not None:
            p, j = cell
            return self.tr("pos {0}: digit of {1} = {2}   (code {3})").format(
                p, place_name(digits - 1 - j), int(a.decimal[p, j]), " ".join(str(int(v)) for v in a.decimal[p]))
        cell = self.sinusoidal.cell_at(scene_pos) if self.sinusoidal.plot in shown else None
        if cell is not None:
            return self.encoding_readout(*cell)
        p = index_at(self.linear_plot, scene_pos, a.n_positions) if self.linear_plot in shown else None
        if p is not None:
            return self.tr("pos {0}: pos/1000 = {1}").format(p, style.format_number(a.linear[p, 0], EXACT_DIGITS))
        p = index_at(self.steps_plot, scene_pos, a.n_positions - 1) if self.steps_plot in shown else None
        if p is not None:
            return self.tr("pos {0} → {1}: sinusoidal {2}, decimal digits {3}, pos/1000 {4}").format(
                p, p + 1, *(style.format_number(steps[p], EXACT_DIGITS)
                            for steps in (a.sinusoidal_steps, a.decimal_steps, a.linear_steps)))
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
