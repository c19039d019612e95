"""One next-token distribution before and after each transform: a column of horizontal bars per
stage (model, special tokens cut, temperature, top-k, top-p, min-p), the same tokens in the same
rows in every column, so that the bars morph as a slider moves.  A token a stage cuts keeps a
grey bar of the probability it had before it was cut; under each column, the share of the
previous stage's probability it keeps and its entropy in bits."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import QGraphicsItem, QGridLayout, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from app import style
from app.views.base import ResultsPanel
from app.widgets.plot_text import style_plot_text
from app.widgets.tokens import display_token

# a vocabulary up to this size is drawn whole; a larger one as its TOP tokens and one "other" row
WHOLE = 16
TOP = 12
# the column titles, by engine.next_token_stages.STAGE_NAMES
TITLES = {
    "model": QT_TRANSLATE_NOOP("StagesPanel", "model"),
    "special": QT_TRANSLATE_NOOP("StagesPanel", "special tokens cut"),
    "temperature": QT_TRANSLATE_NOOP("StagesPanel", "temperature"),
    "top-k": QT_TRANSLATE_NOOP("StagesPanel", "top-k"),
    "top-p": QT_TRANSLATE_NOOP("StagesPanel", "top-p"),
    "min-p": QT_TRANSLATE_NOOP("StagesPanel", "min-p"),
}


def shown_rows(probabilities: np.ndarray) -> tuple[np.ndarray, bool]:
    """(the token ids drawn as rows, most probable first; whether an "other" row follows)."""
    order = np.argsort(-probabilities, kind="stable")
    if probabilities.size <= WHOLE:
        return order, False
    return order[:TOP], True


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
        self.titles, self.notes, self.plots, self.kept_bars, self.cut_bars = [], [], [], [], []
        self.values: list[list[pg.TextItem]] = []
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
            # one labelled tick: three did not fit a column at text ×2 (the others are unlabelled grid steps)
            item.getAxis("bottom").setTicks([[(0.5, "0.5")], [(0.25, ""), (0.75, ""), (1.0, "")]])
            item.showGrid(x=True, alpha=0.25)
            for name in ("left", "bottom"):
                # the axes (ticks, token names, grid lines) stay while the bars move: drawn once into a
                # pixmap, not replayed per frame (replaying them was 2/3 of a slider move's paint)
                item.getAxis(name).setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
            if column:
                item.getAxis("left").setStyle(showValues=False)  # the first column names the tokens
                item.getAxis("left").setWidth(4)
            cut = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush=style.MUTED, pen=None)
            kept = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush=style.ACCENT, pen=None)
            plot.addItem(cut)
            plot.addItem(kept)
            values = []  # the probability written beside each row's bar
            for _ in range(WHOLE + 1):
                value = pg.TextItem(anchor=(0, 0.5), color=style.plot_text())
                plot.addItem(value)
                values.append(value)
            self.values.append(values)
            grid.addWidget(title, 0, column)
            grid.addWidget(plot, 1, column)
            grid.addWidget(note, 2, column)
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
        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.greedy_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        layout.addWidget(self.columns, 1)
        # what is drawn: (token ids of the rows, other row?, labels) and the stages
        self.rows: np.ndarray | None = None
        self.other = False
        self.labels: list[str] = []
        self.stages = None
        # per column, the (kept, cut) widths its bars hold (None: nothing drawn yet)
        self._drawn: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(TITLES)
        self.apply_zoom()

    def apply_zoom(self) -> None:
        font = style.font(0.85)
        for plot, values in zip(self.plots, self.values):
            style_plot_text(plot.getPlotItem())
            for value in values:
                value.setFont(font)

    def show_stages(self, heading: str, titles: list[str], vocab, stages) -> None:
        """Draw `stages` (engine.next_token_stages.Stage, in STAGE_NAMES order) of one distribution
        over `vocab`, with `titles` over the columns (the stage and its setting)."""
        self.heading.setText(heading)
        rows, other = shown_rows(stages[0].probabilities)
        labels = [display_token(vocab[i]) for i in rows]
        if other:
            labels.append(self.tr("other {0}").format(len(vocab) - len(rows)))
        if self.rows is None or not np.array_equal(rows, self.rows) or labels != self.labels:
            ticks = [list(enumerate(labels))]
            for plot in self.plots:
                item = plot.getPlotItem()
                item.getAxis("left").setTicks(ticks)
                item.setYRange(-0.5, len(labels) - 0.5, padding=0)
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
            note = self.tr("kept {0} %\nH = {1} bits").format(
                style.fixed(100 * stage.kept_mass, 2), style.fixed(stage.entropy_bits, 3))
            self.titles[column].setText(titles[column])  # QLabel: no repaint when the text is the same
            self.notes[column].setText(note)
            drawn = self._drawn[column]
            if drawn is not None and np.array_equal(drawn[0], kept) and np.array_equal(drawn[1], cut):
                continue  # a column before the slider's stage: its plot is not repainted
            self._drawn[column] = (kept, cut)
            self.kept_bars[column].setOpts(x0=np.zeros_like(kept), y=positions, width=kept)
            self.cut_bars[column].setOpts(x0=kept, y=positions, width=cut)  # after the kept part
            self._write_values(self.values[column], kept)

    @staticmethod
    def _write_values(values, probabilities) -> None:
        """Each row's probability beside its bar (2 decimals; none below 0.005, where it would read 0.00)."""
        for row, value in enumerate(values):
            p = float(probabilities[row]) if row < len(probabilities) else 0.0
            shown = p >= 0.005
            if value.isVisible() != shown:  # each call costs pyqtgraph a relayout: only changes
                value.setVisible(shown)
            if shown:
                text = f"{p:.2f}"
                if value.toPlainText() != text:
                    value.setText(text)
                value.setPos(min(p, 0.78), row)  # kept inside the column when the bar is long

    def restyle(self) -> None:
        """The theme changed: the bars take its colours (the next drawing keeps them)."""
        for kept, cut in zip(self.kept_bars, self.cut_bars):
            kept.setOpts(brush=style.ACCENT)
            cut.setOpts(brush=style.MUTED)
        for values in self.values:
            for value in values:
                value.setColor(style.plot_text())


def stage_title(name: str) -> str:
    return QCoreApplication.translate("StagesPanel", TITLES[name])
