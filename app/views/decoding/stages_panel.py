"""One next-token distribution before and after each transform: a column of horizontal bars per
stage (model, special tokens cut, temperature, top-k, top-p, min-p), the same tokens in the same
rows in every column, so that the bars morph as a slider moves.  A token a stage cuts keeps a
grey bar of the probability it had before it was cut; under each column, the share of the
previous stage's probability it keeps and its entropy in bits."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QFontMetricsF, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsLineItem, QGraphicsSimpleTextItem, QGridLayout, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from app import style
from app.views.base import ResultsPanel
from app.views.decoding.label_holder import LabelHolder
from app.widgets.plot_text import style_plot_text
from app.widgets.tokens import display_token

# a vocabulary up to this size is drawn whole; a larger one as its TOP tokens and one "other" row
# (fewer where the plots are too short for that many rows of text: see rows_that_fit)
WHOLE = 16
TOP = 12
#: where the vertical grid lines are (probabilities)
GRID_AT = (0.25, 0.5, 0.75, 1.0)
#: the least rows drawn however short the plots: the likeliest token and "other" (at 22 pt in
#: Chinese on a 720-pixel projector the plots hold two rows; three were drawn over each other)
FEWEST_ROWS = 2
#: a row's height in lines of the tick font (token names need a little air between them)
ROW_LINES = 1.15
# the column titles, by engine.next_token_stages.STAGE_NAMES
TITLES = {
    "model": QT_TRANSLATE_NOOP("StagesPanel", "model"),
    "special": QT_TRANSLATE_NOOP("StagesPanel", "special tokens cut"),
    "temperature": QT_TRANSLATE_NOOP("StagesPanel", "temperature"),
    "top-k": QT_TRANSLATE_NOOP("StagesPanel", "top-k"),
    "top-p": QT_TRANSLATE_NOOP("StagesPanel", "top-p"),
    "min-p": QT_TRANSLATE_NOOP("StagesPanel", "min-p"),
}


def shown_rows(probabilities: np.ndarray, room: int = WHOLE) -> tuple[np.ndarray, bool]:
    """(the token ids drawn as rows, most probable first; whether an "other" row follows), in at
    most `room` rows (the "other" row included)."""
    order = np.argsort(-probabilities, kind="stable")
    if probabilities.size <= min(WHOLE, room):
        return order, False
    return order[:max(1, min(TOP, room - 1))], True


def rows_that_fit(height: float, line_spacing: float) -> int:
    """How many rows of token names a plot `height` pixels tall holds at `line_spacing` (level of
    detail: at 18 pt on a 720-pixel projector thirteen names were drawn on top of each other)."""
    return max(FEWEST_ROWS, int(height / (ROW_LINES * line_spacing)))


class ValueLabel(QGraphicsSimpleTextItem):
    """A bar's probability written beside it: the same size in pixels however the plot is scaled,
    centred on its row.  Qt's simple text item, not pyqtgraph's TextItem, which lays out a rich-text
    document at every change (a fifth of a slider move's frame, with 78 of them on screen)."""

    #: pixels between the bar's end and the text
    GAP = 3

    def __init__(self, colour):
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)  # pixels, not data units
        self.setColor(colour)

    def setColor(self, colour) -> None:  # noqa: N802 - pyqtgraph's TextItem's name
        colour = QColor(colour)
        if self.brush().color() != colour:  # a new brush repaints the item
            self.setBrush(colour)

    def setFont(self, font) -> None:  # noqa: N802 - Qt's name
        super().setFont(font)
        self.setTransform(QTransform.fromTranslate(self.GAP, -QFontMetricsF(font).height() / 2))


def grid_pen() -> QPen:
    """Faint one-pixel lines in the plot text's colour (pyqtgraph's grid: alpha 0.25)."""
    colour = QColor(style.plot_text())
    colour.setAlphaF(0.25)
    pen = QPen(colour, 0)
    pen.setCosmetic(True)
    return pen


def readable_on(background) -> QColor:
    """Black or white, whichever is the more readable on `background`."""
    return QColor("black") if QColor(background).lightnessF() >= 0.5 else QColor("white")


def ghosts(stages) -> list[np.ndarray]:
    """Per stage, each cut token's probability just before it was cut (0 for kept tokens)."""
    before = stages[0].probabilities.copy()
    out = []
    for stage in stages:
        out.append(np.where(stage.kept, 0.0, before))
        before = np.where(stage.kept, stage.probabilities, before)
    return out


class StagesPanel(ResultsPanel):
    greedy_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.heading = style.title_label()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.greedy_button = QPushButton(self.tr("Follow greedy"))
        self.greedy_button.setToolTip(self.tr("Show the steps of the greedy output again"))
        self.greedy_button.clicked.connect(self.greedy_requested)
        self.greedy_button.hide()  # shown while the bars follow another output
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        # the tab's page has margins of its own, and a title, plot and note a few pixels apart are
        # told apart by their looks: 26 px more for the bars at 22 pt
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        self.titles, self.notes, self.plots, self.kept_bars, self.cut_bars = [], [], [], [], []
        self.grids: list[list[QGraphicsLineItem]] = []
        self.values: list[list[ValueLabel]] = []
        for column, name in enumerate(TITLES):
            title = style.wrapped_label()
            title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            note = style.wrapped_label()
            note.setAlignment(Qt.AlignmentFlag.AlignHCenter)
            plot = pg.PlotWidget(background=style.plot_background())
            plot.setMenuEnabled(False)
            plot.hideButtons()
            plot.setMouseEnabled(x=False, y=False)
            item = plot.getPlotItem()
            item.invertY(True)
            item.setXRange(0, 1, padding=0.02)
            # no bottom axis: every bar carries its probability, and a line of tick labels under six
            # plots was a text line the bars lacked on a projector.  Grid lines at quarters of their
            # own: the axis's grid, repainted across the whole plot, was a third of a slider move's paint
            item.hideAxis("bottom")
            lines = []
            for _ in GRID_AT:  # Qt's own line items: no Python in their paint
                line = QGraphicsLineItem()
                line.setPen(grid_pen())
                line.setZValue(-1)  # under the bars
                plot.addItem(line)
                lines.append(line)
            self.grids.append(lines)
            if column:
                item.getAxis("left").setStyle(showValues=False)  # the first column names the tokens
                item.getAxis("left").setWidth(4)
            cut = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush=style.MUTED, pen=None)
            kept = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush=style.ACCENT, pen=None)
            plot.addItem(cut)
            plot.addItem(kept)
            values = []  # the probability written beside each row's bar
            for _ in range(WHOLE + 1):
                value = ValueLabel(style.plot_text())
                plot.addItem(value)
                values.append(value)
            self.values.append(values)
            grid.addWidget(LabelHolder(title), 0, column)  # their new texts need no relayout
            grid.addWidget(plot, 1, column)
            grid.addWidget(LabelHolder(note), 2, column)
            grid.setColumnStretch(column, 1)
            self.titles.append(title)
            self.notes.append(note)
            self.plots.append(plot)
            self.kept_bars.append(kept)
            self.cut_bars.append(cut)
        grid.setRowStretch(1, 1)
        self.columns = QWidget()
        self.columns.setLayout(grid)
        self.results = self.columns  # greyed while the "decoding" loop shows an error
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.heading_row = QHBoxLayout()
        self.heading_row.setSpacing(12)  # a wrapped heading's last word ran into "Output step:"
        self.heading_row.addWidget(self.heading, 1)
        self.heading_row.addWidget(self.greedy_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(self.heading_row)
        layout.addWidget(self.columns, 1)
        # what is drawn: (token ids of the rows, other row?, labels) and the stages
        self.rows: np.ndarray | None = None
        self.other = False
        self.labels: list[str] = []
        self.stages = None
        # per column, the (kept, cut) widths its bars hold (None: nothing drawn yet)
        self._drawn: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(TITLES)
        self._shown = None  # the arguments of the last show_stages, drawn again when fewer or more rows fit
        for plot in self.plots:
            plot.getPlotItem().getViewBox().sigResized.connect(self._refit)
        self.apply_zoom()

    def put_beside_heading(self, *widgets: QWidget) -> None:
        """`widgets` in the heading's row, after the heading (a control of what the bars show)."""
        for widget in widgets:
            self.heading_row.insertWidget(self.heading_row.count() - 1, widget, 0, Qt.AlignmentFlag.AlignTop)

    def room(self) -> int:
        """How many rows the plots have room for now."""
        height = self.plots[0].getPlotItem().getViewBox().height()
        return rows_that_fit(height, QFontMetrics(style.font()).lineSpacing())  # the tick font (style_plot_text)

    def _refit(self, *_) -> None:
        """A plot was resized: as many rows as now fit, the values kept inside the columns."""
        if self._shown is None:
            return
        rows, other = shown_rows(self._shown[3][0].probabilities, self.room())
        if len(rows) + other != len(self.labels):
            self.show_stages(*self._shown)
            return
        for column, drawn in enumerate(self._drawn):
            if drawn is not None:
                self._write_values(column, *drawn)

    def apply_zoom(self) -> None:
        self.value_font = font = style.font(0.85)
        for plot, values in zip(self.plots, self.values):
            style_plot_text(plot.getPlotItem())
            for value in values:
                value.setFont(font)

    def show_stages(self, heading: str, titles: list[str], vocab, stages) -> None:
        """Draw `stages` (engine.next_token_stages.Stage, in STAGE_NAMES order) of one distribution
        over `vocab`, with `titles` over the columns (the stage and its setting)."""
        self._shown = (heading, titles, vocab, stages)
        self.heading.setText(heading)
        rows, other = shown_rows(stages[0].probabilities, self.room())
        labels = [display_token(vocab[i]) for i in rows]
        if other:
            labels.append(self.tr("other {0}").format(len(vocab) - len(rows)))
        if self.rows is None or not np.array_equal(rows, self.rows) or labels != self.labels:
            ticks = [list(enumerate(labels))]
            for plot, grid in zip(self.plots, self.grids):
                item = plot.getPlotItem()
                item.getAxis("left").setTicks(ticks)
                item.setYRange(-0.5, len(labels) - 0.5, padding=0)
                for line, x in zip(grid, GRID_AT):
                    line.setLine(x, -0.5, x, len(labels) - 0.5)
        self.rows, self.other, self.labels, self.stages = rows, other, labels, stages
        positions = np.arange(len(labels), dtype=float)
        rest = np.ones(len(vocab), dtype=bool)
        rest[rows] = False
        for column, (stage, lost) in enumerate(zip(stages, ghosts(stages))):
            kept = stage.probabilities[rows]
            cut = lost[rows]
            if other:
                kept = np.append(kept, stage.probabilities[rest].sum())
                cut = np.append(cut, lost[rest].sum())
            # one line per quantity, each narrower than a column at 22 pt (with two and three
            # decimals each line wrapped in two: four lines under the bars, which pushed the
            # "other" row below the tab's fold on a 720-pixel projector)
            note = self.tr("kept {0} %\nH = {1} bits").format(
                style.fixed(100 * stage.kept_mass, 1), style.fixed(stage.entropy_bits, 2))
            self.titles[column].setText(titles[column])  # QLabel: no repaint when the text is the same
            self.notes[column].setText(note)
            drawn = self._drawn[column]
            if drawn is not None and np.array_equal(drawn[0], kept) and np.array_equal(drawn[1], cut):
                continue  # a column before the slider's stage: its plot is not repainted
            self._drawn[column] = (kept, cut)
            self.kept_bars[column].setOpts(x0=np.zeros_like(kept), y=positions, width=kept)
            self.cut_bars[column].setOpts(x0=kept, y=positions, width=cut)  # after the kept part
            self._write_values(column, kept, cut)

    def _write_values(self, column: int, probabilities, cut) -> None:
        """Each row's probability beside its bar (2 decimals; none below 0.005, where it would read
        0.00, nor where the plot is narrower than the number), or inside the bar's end in a colour
        readable on it where the text would stick out of the column (the first column's plot is
        narrower: its axis names the tokens) or lie on the grey bar of a cut part ("other" with
        one token kept and the rest cut, as at 22 pt where it is most of the rows)."""
        values = self.values[column]
        box_width = self.plots[column].getPlotItem().getViewBox().width()
        text_width = (QFontMetrics(self.value_font).horizontalAdvance("0.00") + 2 * ValueLabel.GAP) / max(box_width, 1)
        beside, on_bar = style.plot_text(), readable_on(style.ACCENT)
        for row, value in enumerate(values):
            p = float(probabilities[row]) if row < len(probabilities) else 0.0
            cut_after = row < len(cut) and float(cut[row]) > 0
            inside = p + text_width > 0.98 or (cut_after and p - text_width >= -0.02)
            # none below 0.005; none where neither beside nor inside the bar has room (a plot
            # narrower than the number, the first column at 22 pt): a cut "96" would misread
            shown = p >= 0.005 and not (inside and p - text_width < -0.02)
            if value.isVisible() != shown:  # each call costs pyqtgraph a relayout: only changes
                value.setVisible(shown)
            if shown:
                text = f"{p:.2f}"
                if value.text() != text:
                    value.setText(text)
                value.setPos(p - text_width if inside else p, row)
                value.setColor(on_bar if inside else beside)

    def restyle(self) -> None:
        """The theme changed: the bars take its colours (the next drawing keeps them)."""
        for kept, cut in zip(self.kept_bars, self.cut_bars):
            kept.setOpts(brush=style.ACCENT)
            cut.setOpts(brush=style.MUTED)
        for grid in self.grids:
            for line in grid:
                line.setPen(grid_pen())
        for values in self.values:
            for value in values:
                value.setColor(style.plot_text())


def stage_title(name: str) -> str:
    return QCoreApplication.translate("StagesPanel", TITLES[name])
