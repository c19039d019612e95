"""What every tab of the Embeddings view has: a row of its own inputs (bound to the view's
state) above its picture, the answer it last drew (an engine Result, so that captions and CSV
come from the request of the picture), and a table widget maker."""
from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent
from PySide6.QtGui import QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QVBoxLayout, QWidget

from app import style
from app.widgets.array_table import ArrayTableModel
from app.widgets.flow_layout import FlowLayout
from app.widgets.form import labelled_field
from app.widgets.label_detail import spaced_out
from app.widgets.plot_text import style_plot_text
from app.widgets.result_table import ResultTable


def words_of(text: str) -> tuple[str, ...]:
    """The words of an input: separated by spaces or commas (Chinese words too: 一月 二月)."""
    return tuple(text.replace(",", " ").replace("，", " ").split())


def word_edit(text: str = "", width_chars: int = 12) -> QLineEdit:
    edit = QLineEdit(text)
    edit.setClearButtonEnabled(True)
    edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance("M") * width_chars // 2)
    return edit


def field(label: str, widget: QWidget) -> QWidget:
    """A label and, beside it, an input taking the rest of the row, as one widget."""
    holder = QWidget()
    row = labelled_field(label, widget)
    row.setContentsMargins(0, 0, 0, 0)
    holder.setLayout(row)
    return holder


class EmbeddingTab(QWidget):
    """One tab: `inputs` (a widget, may be None) above `results` (greyed while out of date)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.result = None  # the engine Result drawn here (its value is an engine.embeddings.lesson.Answer)
        self.results: QWidget | None = None
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(4, 4, 4, 4)

    #: the least height of the tab's picture (its plot, or its table and plot), in lines of text
    #: at the current size: below it the tab's page scrolls (at 22 pt the Analogy tab's
    #: parallelogram was squeezed to 100 px under its inputs and arithmetic, its labels on top of
    #: each other, and E·o_j's word ticks were cut)
    PICTURE_LINES = 7

    def place(self, inputs: QWidget | None, results: QWidget, picture: QWidget | None = None) -> None:
        """`inputs` above `results`; `picture` (default: `results`) keeps PICTURE_LINES lines."""
        if inputs is not None:
            self.layout_.addWidget(inputs)
        self.layout_.addWidget(results, 1)
        self.results = results
        self.picture_area = results if picture is None else picture
        self.keep_picture_height()

    def keep_picture_height(self) -> None:
        """The picture's least height for the current text size (the view calls it at each zoom)."""
        self.picture_area.setMinimumHeight(self.PICTURE_LINES * QFontMetrics(QApplication.font()).lineSpacing())

    @property
    def answer(self):
        """The engine Answer on screen (None before the first)."""
        return None if self.result is None else self.result.value

    #: rounds of layout requests settled after a draw: one per level of widgets between a label
    #: whose text changed and the tab (label, its row, the column, the tab)
    LAYOUT_LEVELS = 4

    def show_result(self, result) -> None:
        self.result = result
        self.draw(result.value.value, result.request)
        self.settle_layout()

    def settle_layout(self) -> None:
        """The layouts and tables a draw left pending, done now, so that the answer is painted in
        one pass of the event loop.  Left to it, each level of widgets whose text or size changed
        was laid out in a pass of its own and a table's new rows after a timer: the Analogy tab was
        painted twice per keystroke (its labels twice, its table in the second pass), 2 of its
        8 ms of GUI time."""
        for table in self.findChildren(ResultTable):
            if table.isVisible():
                table.executeDelayedItemsLayout()  # (what its timer would do after the paint)
        for _ in range(self.LAYOUT_LEVELS):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)

    def redraw(self) -> None:
        if self.result is not None:
            self.draw(self.result.value.value, self.result.request)

    def draw(self, value, request) -> None:
        raise NotImplementedError

    def caption(self) -> str:
        raise NotImplementedError

    def csv(self) -> tuple[list[str], list[list]]:
        raise NotImplementedError

    def picture(self) -> QWidget:
        return self.results

    def set_stale(self, stale: bool) -> None:
        if self.results is not None:
            style.set_greyed(self.results, stale)

    def apply_zoom(self) -> None:
        pass

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        """The least height the tab needs at `width`: its minimum, plus what its rows of inputs and
        its wrapped notes need beyond their one-line minimum at that width.  (Qt's answer through
        the layouts is the preferred height, a table's whole length: a view with these tabs
        needed 691 px of height at 11 pt where a 1280×680 window gives it 592, and scrolled.)"""
        margins = self.layout_.contentsMargins()
        inner = max(1, width - margins.left() - margins.right())
        height = self.layout_.minimumSize().height()
        for child in self.findChildren(QWidget):
            if child.isHidden():
                continue
            layout = child.layout()
            if isinstance(layout, FlowLayout):
                height += max(0, layout.heightForWidth(inner) - layout.minimumSize().height())
            elif isinstance(child, QLabel) and child.wordWrap():
                height += max(0, child.heightForWidth(inner) - child.minimumSizeHint().height())
        return height


def table() -> tuple[ArrayTableModel, ResultTable]:
    model = ArrayTableModel()
    return model, ResultTable(model)


def nice_step(least: float) -> float:
    """The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `least` (> 0)."""
    power = 10.0 ** math.floor(math.log10(least))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= least * (1 - 1e-9))


class HorizontalBars(pg.PlotWidget):
    """One bar a row, the first on top as in a table beside it, labelled on the left axis.

    Where the rows are closer than a line of text (ten neighbours at 22 pt), the labels are
    thinned from the top (the first rows matter most): a word is written only where it meets no
    word written above it.  Every bar names its word and value in the tooltip under the pointer,
    and the table beside the chart lists them all."""

    def __init__(self):
        super().__init__(background=style.plot_background())
        self.setMenuEnabled(False)
        self.hideButtons()
        self.invertY(True)
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush=style.SERIES[0])
        self.addItem(self.bars)
        self.labels: list[str] = []
        self.values: list[float] = []
        self._value_step: float | None = None  # the value axis's tick spacing set (None: pyqtgraph's)
        self.getPlotItem().vb.sigResized.connect(self.fit_labels)
        self.scene().sigMouseMoved.connect(self.show_bar_near)

    def style_text(self, bottom_title: str) -> None:
        """Ticks and the value axis's title at the current text size (again after a zoom)."""
        style_plot_text(self.getPlotItem(), {"bottom": bottom_title})
        self.fit_labels()

    def show_bars(self, labels, values, least: float = 0.0) -> None:
        """Bars of `values` from 0, the axis from `least` (or the smallest value) to 1."""
        self.labels, self.values = [str(label) for label in labels], [float(v) for v in values]
        self.bars.setOpts(x0=[0.0] * len(values), y=list(range(len(values))), width=list(values), height=0.7,
                          brush=style.SERIES[0])
        self.setXRange(min(least, *values) if len(values) else least, 1.0, padding=0.02)
        self.fit_labels()

    def fit_labels(self, *_) -> None:
        """The row labels that fit one line each without touching, the first rows first."""
        axis = self.getAxis("left")
        line = QFontMetricsF(axis.style["tickFont"] or QApplication.font()).height()
        height, rows = self.getPlotItem().vb.height(), max(len(self.labels), 1)
        # room of `extra` rows above the first and below the last, so that the first row's word,
        # half a line above its bar's centre, is not cut by the plot's top edge:
        # (extra + ½) · pitch ≥ ½ line with pitch = height / (rows + 2 · extra)
        extra = max(0.0, (line * rows - height) / (2 * (height - line))) if height > line else 0.0
        self.setYRange(-0.5 - extra, rows - 0.5 + extra, padding=0)
        pitch = height / (rows + 2 * extra)
        spans = [(row * pitch - line / 2, row * pitch + line / 2) for row in range(len(self.labels))]
        axis.setTicks([[(row, self.labels[row]) for row in spaced_out(spans)]])
        # fewer value ticks where the bars are narrow: beside a wide table at 22 pt they had 160 px,
        # and pyqtgraph's five labels ran into each other ("0.20.40.60.8")
        bottom = self.getAxis("bottom")
        label = QFontMetricsF(bottom.style["tickFont"] or QApplication.font()).horizontalAdvance("0.88")
        width = self.getPlotItem().vb.width()
        low, high = self.getPlotItem().vb.viewRange()[0]
        # labels half a label apart at least, and three of them (the ends are dropped where their
        # labels would stick out of the axis: two at its ends left none)
        room = max(3, int(width // (1.5 * label)))
        # (0.2: pyqtgraph's spacing on these 0-to-1 bars; where its labels fit, its ticks stay)
        step = nice_step((high - low) / room) if width > 0 and high > low and (high - low) / 0.2 > room else None
        if step != self._value_step:  # (set again, the axis lays its ticks out again: each answer)
            self._value_step = step
            if step is None:
                bottom.setTickSpacing()  # pyqtgraph's own where its labels fit
            else:
                bottom.setTickSpacing(major=step, minor=step / 5)

    def row_at(self, scene_pos) -> int | None:
        """The row under a scene position, or None off the bars' rows."""
        vb = self.getPlotItem().vb
        if not self.labels or not vb.sceneBoundingRect().contains(scene_pos):
            return None
        row = int(np.floor(vb.mapSceneToView(scene_pos).y() + 0.5))
        return row if 0 <= row < len(self.labels) else None

    def show_bar_near(self, scene_pos) -> None:
        """The tooltip names the row's word and its value (every row, labelled or not)."""
        row = self.row_at(scene_pos)
        self.setToolTip("" if row is None else f"{self.labels[row]}: {style.format_number(self.values[row], 4)}")

