"""The Naive codes tab: the lesson's counter-examples (decimal digits, pos/1000) beside the
sinusoidal code, and the size of the step from each position to the next."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP

from app import style
from app.views.positional.tab_base import EXACT_DIGITS, PositionalTab
from app.widgets.matrix_plot import DIVERGING, SEQUENTIAL, index_at

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
        same size (bottom right).""")

    #: two rows of plots, six lines each: at 22 pt on 1280×680 this tab scrolls inside its page
    #: rather than squeezing four plots into the height the one-row tabs ask for
    PLOT_LINES = 12

    def __init__(self, parent=None):
        super().__init__(parent)
        self.decimal = self.add_matrix(0, 0, title=self.tr("Decimal digits (naive)"), x_label=self.tr("digit"),
                                       y_label=self.tr("position"), colormap=SEQUENTIAL, levels=(0.0, 9.0))
        self.sinusoidal = self.add_matrix(0, 1, title=self.tr("Sinusoidal (for comparison)"),
                                          x_label=self.tr("dimension"), y_label=self.tr("position"),
                                          colormap=DIVERGING)
        self.linear_plot = self.add_plot(1, 0, self.tr("pos / 1000 (naive)"), self.tr("position"), self.tr("value"))
        self.linear_curve = self.add_curve(self.linear_plot, style.SERIES[2])
        self.steps_plot = self.add_plot(1, 1, self.tr("Step to the next position ‖code(p+1) − code(p)‖"),
                                        self.tr("position p"), self.tr("step (log scale)"))
        self.steps_plot.setLogMode(y=True)
        # one row, in a band of its own above the steps (in the band between pos/1000's steps and
        # the others' it covered the curves once the text grew)
        self.legend = self.add_legend(self.steps_plot, columns=3)
        self.sinusoidal_steps = self.add_curve(self.steps_plot, style.SERIES[0], self.tr("sinusoidal"), width=3)
        self.decimal_steps = self.add_curve(self.steps_plot, style.SERIES[4], self.tr("decimal digits"))
        self.linear_steps = self.add_curve(self.steps_plot, style.SERIES[2], self.tr("pos / 1000"))

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
            return self.tr("pos {0}: pos/1000 = {1}").format(p, style.format_number(a.linear[p, 0], EXACT_DIGITS))
        p = index_at(self.steps_plot, scene_pos, a.n_positions - 1)
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
