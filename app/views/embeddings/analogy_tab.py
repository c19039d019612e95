"""Analogy a : b :: c : ? with its arithmetic: 3CosAdd (gensim's most_similar(positive=[b, c],
negative=[a])) or 3CosMul (most_similar_cosmul), the norms, each candidate's three cosines and
its score, and the parallelogram a → b, c → answer in the PCA of those four vectors."""
from __future__ import annotations

import html
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QComboBox, QHBoxLayout, QWidget

from app import style
from app.binding import bind_widgets
from app.views.embeddings.tab_base import EmbeddingTab, table, word_edit
from app.widgets.axis_titles import _CJK as CJK
from app.widgets.axis_titles import stacked
from app.widgets.flow_layout import flow_row
from app.widgets.fold_toggle import FoldToggle
from app.widgets.form import column
from app.widgets.plot_text import NO_SI_PREFIX, style_plot_text
from app.widgets.scrolling_page import room_of
from app.widgets.table_beside import fit_within_share, table_beside
from app.widgets.token_axis import FastAxis

METHODS = (("add", QT_TRANSLATE_NOOP("AnalogyTab", "3CosAdd (most_similar)")),
           ("mul", QT_TRANSLATE_NOOP("AnalogyTab", "3CosMul (most_similar_cosmul)")))


# significant digits of every number in the tab: the table's cosines and scores are the very
# numbers of the best answer's sum above it (at 6 digits, 0.398545 in the table was 0.3985 in
# the sum), and at 22 pt six columns of 6-digit numbers needed 1,000 px of a 1,240 px row.
# Ties at 4 digits keep their rank; the CSV export has every digit.
DIGITS = 4


def number(x) -> str:
    return style.format_number(x, DIGITS)


#: the parallelogram's frame: ±R around the PCA's centre (the four points' mean) on each axis,
#: R one of these times a power of ten
FRAMES = (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
#: a new frame is R ≥ FRAME_MARGIN × the half-width the picture needs on that axis (its farthest
#: point and that point's word); the frame shown stays while R is between 1 and KEPT_UP_TO × it
FRAME_MARGIN, KEPT_UP_TO = 1.05, 2.0
#: the range shown is ±R a little widened, so that the ticks at ±R are written whole
EDGE = 1.04


def framed(extent: float, shown) -> float:
    """R of one axis' frame ±R for a picture that needs ±`extent` on it (needed_extent), given the
    axis' range shown ((low, high), ±EDGE · R where a frame is shown).  Answers typed one after
    another mostly keep their frames: the axes keep their ticks (new ticks for each answer's
    range were a third of the Analogy tab's GUI time per keystroke) and the picture does not
    zoom in and out as one types."""
    extent = extent or 1.0
    low, high = shown
    kept = high / EDGE
    if math.isclose(low, -high, rel_tol=1e-9) and extent <= kept <= KEPT_UP_TO * extent:
        return float(kept)
    least = FRAME_MARGIN * extent
    power = 10.0 ** np.floor(np.log10(least))
    return float(next(m * power for m in FRAMES if m * power >= least))


def two_lines(header: str) -> str:
    """"cos(x, visited)" as "cos(x," over "visited)": a column as wide as the word, not the formula."""
    return header.replace(", ", ",\n", 1) if header.startswith("cos(") else header


class AnalogyTab(EmbeddingTab):
    def __init__(self, state, parent=None):
        super().__init__(parent)
        self.a, self.b, self.c = word_edit(), word_edit(), word_edit()
        self.method_box = QComboBox()
        for key, label in METHODS:
            self.method_box.addItem(self.tr(label), key)
        # the norms and the score's formula fold behind this toggle where the tab is short (large
        # text): at 22 pt on 1280×680 they took five lines, and the table and parallelogram under
        # them scrolled; the best answer's sum with its numbers stays in view
        self.formulas_toggle = FoldToggle(self.tr("Formulas"), self.tr(
            "Show or hide the vectors' norms and how the score is defined; folded, the table and the "
            "parallelogram take the room (the best answer's sum stays)"))
        inputs = flow_row((self.tr("a:"), self.a), (self.tr("is to b:"), self.b), (self.tr("as c:"), self.c),
                          (self.tr("is to ?   Method:"), self.method_box))
        self.formulas = style.wrapped_label(rich=True)  # the norms, then the score's formula
        self.arithmetic = style.wrapped_label(rich=True)  # the best answer's score, written out
        self.formulas_toggle.toggled.connect(self.formulas.setVisible)
        self._fold_by_default: bool | None = None
        self.model, self.table = table()
        # axes laid out without pyqtgraph's per-tick overhead: each answer is a new range, hence
        # new ticks (app/widgets/token_axis.py)
        self.plot = pg.PlotWidget(background=style.plot_background(),
                                  axisItems={side: FastAxis(side) for side in ("bottom", "left")})
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        self.plot.setAspectLocked(True)
        # items, pens and brushes made once: each answer only moves them (new pens, a restyled
        # axis and new fonts at every keystroke cost the GUI thread more than the query's table)
        # curves, not PlotDataItems: the same lines drawn (the same pixels, checked), without a
        # PlotDataItem's data pipeline at each answer and at each change of range
        self.sides = pg.PlotCurveItem(connect="pairs")  # a → b and c → answer: the same difference
        self.rungs = pg.PlotCurveItem(connect="pairs")  # a → c and b → answer
        self.points = pg.ScatterPlotItem(size=10)
        self.point_brushes = [pg.mkBrush(style.SERIES[i]) for i in (0, 0, 2, 2)]
        self.axis_titles = {}
        for item in (self.rungs, self.sides, self.points):
            self.plot.addItem(item)
        # the four words' labels, made once and moved: a new TextItem per keystroke cost the GUI
        # thread more than the table (its scene insertion and first layout)
        self.labels = [pg.TextItem(color=style.plot_text(), anchor=(0.5, 1.2)) for _ in range(4)]
        for label in self.labels:
            label.setVisible(False)
            self.plot.addItem(label)
        picture = table_beside(self.table, self.plot)
        # the answer's sum first, the toggle beside it; the norms and formula under it say where
        # its numbers come from
        answer_row = QWidget()
        row = QHBoxLayout(answer_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.formulas_toggle, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.arithmetic, 1)
        self.place(inputs, column(answer_row, self.formulas, (picture, 1)), picture)
        bind_widgets(state, analogy_a=self.a, analogy_b=self.b, analogy_c=self.c, method=self.method_box)
        self.apply_zoom()

    def draw(self, value, request) -> None:
        result = value.analogy
        a, b, c = result.words
        rows = result.candidates
        self.model.set_columns(
            [self.tr("rank"), self.tr("word x"), "cos(x, {0})".format(a), "cos(x, {0})".format(b),
             "cos(x, {0})".format(c), self.tr("score")],
            [list(range(1, len(rows) + 1)), [r.word for r in rows], [r.cosines[0] for r in rows],
             [r.cosines[1] for r in rows], [r.cosines[2] for r in rows], [r.score for r in rows]],
            digits=DIGITS)
        self.fit_table()
        formulas, arithmetic = self._arithmetic(result)
        self.formulas.setText(formulas)
        self.arithmetic.setText(arithmetic)
        self._draw_parallelogram(result, value.parallelogram)

    def fit_table(self) -> None:
        """The columns at their contents' width; where the table would need more than its share of
        the row beside the parallelogram, the cosines' headers on two lines."""
        fit_within_share(self.table, two_lines)

    def _arithmetic(self, result) -> tuple[str, str]:
        """(the norms and the score's formula, the best answer's score written out) as rich text."""
        a, b, c = (html.escape(w) for w in result.words)  # words of a user's file are text, not markup
        na, nb, nc = (number(n) for n in result.norms)
        lines = [self.tr("‖e_{0}‖ = {3}, ‖e_{1}‖ = {4}, ‖e_{2}‖ = {5} ({6} words searched; {0}, {1}, {2} excluded)").format(
            a, b, c, na, nb, nc, f"{result.searched:,}")]
        best = result.candidates[0] if result.candidates else None
        answer = ""
        if result.method == "add":
            lines.append(self.tr("q = ê_{1} − ê_{0} + ê_{2} (ê = e/‖e‖), ‖q‖ = {3};   score(x) = cos(e_x, q) = "
                                 "(cos(x, {1}) − cos(x, {0}) + cos(x, {2})) / ‖q‖").format(
                a, b, c, number(result.query_norm)))
            if best is not None:
                ca, cb, cc = best.cosines
                answer = self.tr("<b>{0}</b> = ({1} − {2} + {3}) / {4} = <b>{5}</b>").format(
                    html.escape(best.word), number(cb), number(ca), number(cc), number(result.query_norm),
                    number(best.score))
        else:
            lines.append(self.tr("s(x, y) = (1 + cos(x, y)) / 2;   score(x) = s(x, {1}) · s(x, {2}) / "
                                 "(s(x, {0}) + 10⁻⁶)").format(a, b, c))
            if best is not None:
                sa, sb, sc = ((1 + x) / 2 for x in best.cosines)
                answer = self.tr("<b>{0}</b> = {1} · {2} / ({3} + 10⁻⁶) = <b>{4}</b>").format(
                    html.escape(best.word), number(sb), number(sc), number(sa), number(best.score))
        return "<br>".join(lines), answer

    def _draw_parallelogram(self, result, picture) -> None:
        if picture is None:
            for item in (self.sides, self.rungs, self.points):
                item.setData([], [])
            for label in self.labels:
                label.setVisible(False)
            return
        xy = picture.coordinates  # rows: a, b, c, the best answer
        self.sides.setData(xy[[0, 1, 2, 3], 0], xy[[0, 1, 2, 3], 1])
        self.rungs.setData(xy[[0, 2, 1, 3], 0], xy[[0, 2, 1, 3], 1])
        self.points.setData(xy[:, 0], xy[:, 1], brush=self.point_brushes, pen=self.point_pen)
        names = [*result.words, result.candidates[0].word]
        for i, label in enumerate(self.labels):
            text = names[i] + ("  ?" if i == 3 else "")
            if label.toPlainText() != text:
                label.setText(text)
            label.setPos(float(xy[i, 0]), float(xy[i, 1]))
            label.setVisible(True)
        share = picture.explained_variance_ratio
        self._title_axes(self.tr("PC1 ({0} % of the variance)").format(number(100 * share[0])),
                         self.tr("PC2 ({0} %)").format(number(100 * share[1]) if len(share) > 1 else "0"))
        box = self.plot.getPlotItem().vb
        shown = box.state["targetRange"]
        frames = [EDGE * framed(extent, shown[axis]) for axis, extent in enumerate(self.needed_extent(xy))]
        if not all(math.isclose(end, sign * r, rel_tol=1e-9)
                   for (low, high), r in zip(shown, frames) for end, sign in ((low, -1), (high, 1))):
            self.plot.setRange(xRange=(-frames[0], frames[0]), yRange=(-frames[1], frames[1]), padding=0)
            # the new range's transform now, and the labels' with it: left to the paint, the
            # labels took the new transform while it was painted and asked for a second paint
            box.updateMatrix()
            for label in self.labels:
                label.updateTransform()

    def needed_extent(self, xy) -> tuple[float, float]:
        """The half-widths (x, y) in data units that show the four points and, above each point, its
        word whole: a word takes a fixed number of pixels, so on an axis of `size` px with ±R a
        word `room` px long needs R − farthest ≥ room · 2R / size, R ≥ farthest / (1 − 2 room / size)
        (at 22 pt a 190 px tall plot: "visit" above the top point was cut by the plot's edge)."""
        box = self.plot.getPlotItem().vb
        sizes = [self.labels[i].boundingRect() for i in range(4)]
        rooms = (max(r.width() for r in sizes) / 2, 1.3 * max(r.height() for r in sizes))  # anchored 1.2 above
        needed = []
        for axis, (room, size) in enumerate(zip(rooms, (box.width(), box.height()))):
            farthest = float(np.abs(xy[:, axis]).max())
            share = min(0.6, 2 * room / size) if size > 0 else 0.0
            needed.append(farthest / (1 - share))
        return needed[0], needed[1]

    def _title_axes(self, bottom: str, left: str) -> None:
        """The axes' titles, set only where they changed.  Where only a Latin title's words change
        (the variance shares at each answer) its text is replaced in place: the line's height,
        hence the axis's size, stays, where pyqtgraph's setLabel works out the axis's size and the
        plot's layout again (0.2 ms of the GUI thread per answer, load 9; the same HTML at the
        same place, tested)."""
        plot = self.plot.getPlotItem()
        for name, text in (("bottom", bottom), ("left", left)):
            if self.axis_titles.get(name) == text:
                continue
            axis = plot.getAxis(name)
            if name in self.axis_titles and not stacked(axis) and not CJK.search(text):
                axis.labelText = text
                ticks = axis.picture
                axis.resizeEvent()  # written (axis_titles.fit_title), fitted and placed as pyqtgraph places a new title
                # ...which also drops the ticks laid out: the axis has its size, range and font
                # still, so they stand (laid out again they were a third of the tab's GUI time
                # per keystroke, now that most answers keep the frame)
                axis.picture = ticks
            else:
                plot.setLabel(name, text, siPrefixEnableRanges=NO_SI_PREFIX,
                              **{"font-size": f"{style.font().pointSizeF():.0f}pt", "color": style.TEXT.name()})
            self.axis_titles[name] = text

    #: below this many lines of text of room (the tab's scrolling page) the formulas open folded:
    #: at 22 pt on 1280×680 the page is about 15 lines tall, and the inputs, five lines of
    #: formulas and the sum left the table and parallelogram under seven (the page scrolled); at
    #: 11 pt it is about 26 lines
    FORMULAS_ROOM_LINES = 20

    def formulas_fold_by_default(self) -> bool:
        room = self.room_height()
        return 0 < room < self.FORMULAS_ROOM_LINES * QFontMetrics(QApplication.font()).lineSpacing()

    def room_height(self) -> int:
        """The height the tab is shown in: its scrolling page's viewport (the tab itself is taller
        where the page scrolls); 0 before it is shown."""
        return room_of(self).height() if self.isVisible() else 0

    def fold_formulas_for_room(self) -> None:
        """The formulas shown or folded as the room says, where that changed (the user's own
        choice with the toggle stays until it does)."""
        fold = self.formulas_fold_by_default()
        if fold != self._fold_by_default:
            self._fold_by_default = fold
            self.formulas_toggle.setChecked(not fold)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fold_formulas_for_room()
        if self.result is not None and event.size().width() != event.oldSize().width():
            self.fit_table()  # the headers on one line or two for the new width

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.fold_formulas_for_room()

    def apply_zoom(self) -> None:
        self.fold_formulas_for_room()
        style_plot_text(self.plot.getPlotItem(), {"bottom": self.tr("PC1"), "left": self.tr("PC2")})
        self.table.apply_zoom()
        self.redraw()

    def redraw(self) -> None:
        """The text size or the theme changed: pens, fonts and titles again, then the answer."""
        self.axis_titles = {}
        self.sides.setPen(pg.mkPen(style.SERIES[0], width=3))
        self.rungs.setPen(pg.mkPen(style.SERIES[1], width=2, style=Qt.PenStyle.DashLine))
        self.point_pen = pg.mkPen(style.plot_text())
        for label in self.labels:
            label.setColor(style.plot_text())
            label.setFont(style.font())
        super().redraw()

    def caption(self) -> str:
        result = self.answer.value.analogy
        name = self.tr("3CosAdd") if result.method == "add" else self.tr("3CosMul")
        return self.tr("{0} : {1} :: {2} : ? by {3} ({4})").format(*result.words, name, self.answer.source.name)

    def csv(self):
        result = self.answer.value.analogy
        return (["rank", "word", "cos_a", "cos_b", "cos_c", "score"],
                [[i + 1, r.word, *r.cosines, r.score] for i, r in enumerate(result.candidates)])
