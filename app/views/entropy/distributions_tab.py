"""The Distributions tab of the Entropy & KL view: the seven numbers with what each means, why a
KL is infinite, a check of H(P,Q) = H(P) + KL(P‖Q), the P and Q bars and the per-outcome table."""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QMargins, QSize, Qt, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (QApplication, QFrame, QGridLayout, QHBoxLayout, QLabel,
                               QScrollArea, QSizePolicy, QStackedWidget, QTabWidget, QVBoxLayout, QWidget)

from app import style
from app.export import write_csv
from app.style import format_number, plural
from app.views.entropy.units import UNIT_LOG, js_bound, quantity, unit_name
from app.widgets.array_table import ArrayTableModel
from app.widgets.fold_toggle import FoldToggle
from app.widgets.paired_bars import PairedBarChart
from app.widgets.result_table import ResultTable
from app.widgets.scrolling_page import room_of

#: text sizes, relative to the application's: the numbers are what the class reads from the back
VALUE_SCALE = 1.35
NAME_SCALE = 1.2
#: the largest part of the tab's height the numbers take before they scroll
MAX_NUMBERS_SHARE = 0.65


class DistributionsTab(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.stale = False
        numbers = QWidget()
        grid = QGridLayout(numbers)
        grid.setHorizontalSpacing(16)
        self.value_labels: dict[str, QLabel] = {}
        self.name_labels: dict[str, QLabel] = {}
        self.meaning_labels: dict[str, QLabel] = {}
        rows = (
            ("H(P)", self.tr("entropy of P: the average surprise −Σ p log p; the shortest possible average code length")),
            ("H(Q)", self.tr("entropy of Q")),
            ("H(P,Q)", self.tr("cross-entropy: the average surprise −Σ p log q of someone who expects Q when P is true")),
            ("H(Q,P)", self.tr("cross-entropy the other way round, −Σ q log p")),
            ("KL(P‖Q)", self.tr("KL divergence Σ p log(p/q) = H(P,Q) − H(P): what believing Q costs when P is true")),
            ("KL(Q‖P)", self.tr("the other direction: KL is not symmetric")),
            ("JS(P,Q)", self.js_meaning(js_bound("bits", 2.0))),
        )
        self.grid = grid
        self._spacing = grid.verticalSpacing()
        self._margins = grid.contentsMargins()
        for r, (key, meaning) in enumerate(rows):
            name = style.scaled(QLabel(key), NAME_SCALE, bold=True)
            value = style.scaled(QLabel("—"), VALUE_SCALE, bold=True)
            value.setObjectName(key)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            explain = style.note_label(meaning)
            explain.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            self.value_labels[key] = value
            self.name_labels[key] = name
            self.meaning_labels[key] = explain
        self.infinity_label = style.wrapped_label(colour=style.ERROR)
        self.identity_label = style.wrapped_label()
        # the view puts this toggle beside Export; at large text the meanings fold behind it
        self.meanings_toggle = FoldToggle(self.tr("Meanings"), self.tr(
            "Show or hide what each number means, beside it (one number a row); folded, the numbers take less room"))
        self.meanings_toggle.toggled.connect(self.arrange_numbers)
        # (meanings shown, numbers beside, numbers a row, check beside the tabs) as last laid out
        self._arranged = None
        self._fold_by_default: bool | None = None  # the default last set (folded or shown)
        self.fold_meanings_for_text_size()

        self.chart = PairedBarChart(names=("P", "Q"), y_label=self.tr("probability"))
        self.table_model = ArrayTableModel(self)
        self.table = ResultTable(self.table_model)
        # the bars beside the table, or (large text, meanings folded) one at a time, each full height
        self.side_by_side = style.splitter(Qt.Orientation.Horizontal, (self.chart, self.table), stretch=(1, 1),
                                           sizes=(500, 500))
        self.one_at_a_time = QTabWidget()
        self.one_at_a_time.setDocumentMode(True)
        # with the bars and the table in turns under the numbers, the check of H(P,Q) = H(P) + KL
        # stands beside their tabs' names where it fits: a line of text less above the bars
        self.check_corner = QWidget()
        corner_row = QHBoxLayout(self.check_corner)
        corner_row.setContentsMargins(12, 0, 4, 0)
        self.one_at_a_time.setCornerWidget(self.check_corner, Qt.Corner.TopRightCorner)
        self.check_corner.hide()
        lower = QStackedWidget()
        lower.addWidget(self.side_by_side)
        lower.addWidget(self.one_at_a_time)
        self.lower = lower
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # the numbers scroll rather than clip when large text needs more height than the pane has
        self.numbers_area = QScrollArea()
        self.numbers_area.setWidget(numbers)
        self.numbers_area.setWidgetResizable(True)
        self.numbers_area.setFrameShape(QFrame.Shape.NoFrame)
        self.numbers_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # as short as its rows (two at 11 pt): a scroll area's own least height is that of its
        # scroll bar's arrows and handle, 68 px, a line more than the rows above the bars
        self.numbers_area.setMinimumHeight(1)
        self.split = style.splitter(Qt.Orientation.Vertical, (self.numbers_area, lower), stretch=(0, 1))
        layout.addWidget(self.split)
        self._fitted = False
        self._beside = None
        self.arrange_numbers()

    # ---- the numbers' grid --------------------------------------------------------------
    # from this text size the meanings open folded (as the Positional view's notes): with them,
    # on 1280×680 in Chinese each number took two or three lines, and four of the seven (18 pt)
    # or three (22 pt) were in view above the bars
    MEANINGS_FOLDED_FROM_POINTS = 16
    # below this many lines of text of height (the room the tab's page has) the meanings open
    # folded at any text size: at 11 pt on 1280×680 (a page of about 28 lines) the numbers with
    # their meanings took 290 px above the bars, which kept 190 px (10 % of the window); a
    # 1920×1040 window (about 48 lines) shows them
    MEANINGS_ROOM_LINES = 36
    # from this text size, while the meanings are folded, the numbers stand in a column beside
    # the bars, and the bars and the per-outcome table take turns (tabs) at the full height:
    # at 22 pt on 1280×680 the numbers above took 290 of the tab's 480 px in Chinese and the
    # bars kept 180 px, their plot about three lines of text
    NUMBERS_BESIDE_FROM_POINTS = 20

    def numbers_beside(self) -> bool:
        return (style.point_size() >= self.NUMBERS_BESIDE_FROM_POINTS
                and not self.meanings_toggle.isChecked())

    def meanings_fold_by_default(self) -> bool:
        """From MEANINGS_FOLDED_FROM_POINTS, or where the tab's page is less than
        MEANINGS_ROOM_LINES lines of text tall."""
        if style.point_size() >= self.MEANINGS_FOLDED_FROM_POINTS:
            return True
        room = self.room_height()
        return 0 < room < self.MEANINGS_ROOM_LINES * QFontMetrics(QApplication.font()).lineSpacing()

    def room(self) -> QSize:
        """The size the tab is shown in (its scrolling page's viewport)."""
        return room_of(self)

    def room_height(self) -> int:
        """The room's height; 0 before the tab is shown."""
        return self.room().height() if self.isVisible() else 0

    def fold_meanings_for_text_size(self) -> None:
        """A text-size change: the meanings shown or folded as the size and room say (the
        user's own choice is for one text size)."""
        self._fold_by_default = self.meanings_fold_by_default()
        self.meanings_toggle.setChecked(not self._fold_by_default)
        self.arrange_numbers()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        # the room crossed MEANINGS_ROOM_LINES (the user's choice stays until it does)
        fold = self.meanings_fold_by_default()
        if fold != self._fold_by_default:
            self._fold_by_default = fold
            self.meanings_toggle.setChecked(not fold)
        self.arrange_numbers()  # (only where the numbers a row the width holds changed)

    def numbers_per_row(self, shown: bool, beside: bool) -> int:
        """One number a row beside its meaning or in the column beside the bars; else four a row
        (the entropies, then the divergences) where the tab's width holds four names and values
        at the text size, two where it does not."""
        if shown or beside:
            return 1
        grid = self.grid
        margins = grid.contentsMargins()
        spacing = grid.horizontalSpacing()
        names = max(label.sizeHint().width() for label in self.name_labels.values())
        values = max(label.sizeHint().width() for label in self.value_labels.values())
        # four names and values, a spacing between each two (the gaps after the pairs stretch)
        needed = 4 * (names + spacing + values) + 3 * spacing + margins.left() + margins.right()
        room = self.room().width() - self.numbers_area.verticalScrollBar().sizeHint().width()
        return 4 if needed <= room else 2

    def check_fits_beside_tabs(self) -> bool:
        """The check's text in one line beside the names of the bars' and the table's tabs."""
        label = self.identity_label
        corner = self.check_corner.layout().contentsMargins()
        needed = (QFontMetrics(label.font()).horizontalAdvance(label.text()) + corner.left() + corner.right()
                  + self.one_at_a_time.tabBar().sizeHint().width() + QFontMetrics(label.font()).averageCharWidth())
        return needed <= self.room().width()

    def arrange_numbers(self, *_) -> None:
        """One number a row with its meaning beside it, or (meanings folded) four or two numbers a
        row: the entropies and cross-entropies, the two KLs and JS.  With the meanings folded the
        bars and the per-outcome table take turns as tabs, each as large as the tab allows."""
        shown = self.meanings_toggle.isChecked()
        building = not hasattr(self, "split")
        beside = False if building else self.numbers_beside()
        for key in self.value_labels:  # the per-row count measures them at the size they will have
            style.scaled(self.name_labels[key], NAME_SCALE if shown else 1.0, bold=True)
            style.scaled(self.value_labels[key], VALUE_SCALE if shown else 1.0, bold=True)
            # a column of values that does not jump while P is typed (beside the meanings)
            self.value_labels[key].setMinimumWidth(170 if shown else 0)
        per_row = 1 if building else self.numbers_per_row(shown, beside)
        check_beside_tabs = not (building or shown or beside) and self.check_fits_beside_tabs()
        if (shown, beside, per_row, check_beside_tabs) == self._arranged:
            return
        self._arranged = (shown, beside, per_row, check_beside_tabs)
        if not building:
            self.place_results(beside, turns=not shown)
        grid = self.grid
        keys = list(self.value_labels)
        widgets = [*self.name_labels.values(), *self.value_labels.values(), *self.meaning_labels.values(),
                   self.infinity_label, self.identity_label]
        for widget in widgets:
            grid.removeWidget(widget)
        for column in range(grid.columnCount()):
            grid.setColumnStretch(column, 0)
        # four a row: H(P), H(Q) and the cross-entropies, then the divergences
        places = [(r, 0) if per_row == 1 else (r // per_row, 3 * (r % per_row)) for r in range(len(keys))]
        for key, (row, first) in zip(keys, places):
            # (several a row at the text size, bold, rather than larger: a pair of the larger
            # ones was wider than the tab at 22 pt)
            grid.addWidget(self.name_labels[key], row, first)
            grid.addWidget(self.value_labels[key], row, first + 1)
            if shown:
                grid.addWidget(self.meaning_labels[key], row, 2)
            self.meaning_labels[key].setVisible(shown)
        # the meanings' column, or the gap after each pair's value, takes the rest of the width
        for column in range(2, 3 * per_row, 3):
            grid.setColumnStretch(column, 1)
        # rows of the text size need less air between them than those of the larger numbers
        grid.setVerticalSpacing(self._spacing if shown else 0)
        margins = self._margins
        grid.setContentsMargins(margins if shown or beside else  # (the tabs' names just below)
                                QMargins(margins.left(), margins.top() // 2, margins.right(), 0))
        rows = places[-1][0] + 1
        span = 3 * per_row
        grid.addWidget(self.infinity_label, rows, 0, 1, span)
        self.identity_label.setWordWrap(not check_beside_tabs)  # (one line beside the tabs)
        if check_beside_tabs:
            self.check_corner.layout().addWidget(self.identity_label, 0, Qt.AlignmentFlag.AlignVCenter)
        else:
            if not building:
                self.check_corner.layout().removeWidget(self.identity_label)
            grid.addWidget(self.identity_label, rows + 1, 0, 1, span)
        if not building:
            self.check_corner.setVisible(check_beside_tabs)
        if getattr(self, "_fitted", False):  # (not while the tab is being built)
            QTimer.singleShot(0, self, self.fit_numbers)  # once laid out again

    def place_results(self, beside: bool, turns: bool) -> None:
        """The numbers above the bars and the table (side by side), or above or (`beside`) in a
        column beside a pair of tabs, "Bars" and "Per outcome" (`turns`), each as large as the tab
        leaves them."""
        self._beside = beside
        tabs = self.one_at_a_time
        if turns:
            if tabs.count():  # already in turns
                self.split.setOrientation(Qt.Orientation.Horizontal if beside else Qt.Orientation.Vertical)
                return
            tabs.addTab(self.chart, self.tr("Bars"))
            tabs.addTab(self.table, self.tr("Per outcome"))
            self.lower.setCurrentWidget(tabs)
        else:
            while tabs.count():
                tabs.removeTab(0)
            self.side_by_side.insertWidget(0, self.chart)
            self.side_by_side.insertWidget(1, self.table)
            self.chart.show()
            self.table.show()
            self.lower.setCurrentWidget(self.side_by_side)
        self.split.setOrientation(Qt.Orientation.Horizontal if beside else Qt.Orientation.Vertical)

    def set_stale(self, stale: bool) -> None:
        """Grey the numbers, bars and table while they belong to an earlier input than the one
        typed (an error is shown)."""
        self.stale = stale
        for label in (*self.value_labels.values(), self.identity_label):
            style.set_text_colour(label, style.STALE if stale else None)
        style.set_text_colour(self.infinity_label, style.STALE if stale else style.ERROR)
        self.chart.set_stale(stale)
        self.table_model.set_stale(stale)

    def js_meaning(self, bound: str) -> str:
        return self.tr("Jensen–Shannon divergence: symmetric, never infinite, at most {0}").format(bound)

    def apply_zoom(self) -> None:
        self.fold_meanings_for_text_size()
        self.chart.apply_zoom()
        self.table.apply_zoom()
        self.fit_numbers()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit_once()

    def _fit_once(self) -> None:
        """Fit the numbers once they are on screen with real values in them; afterwards the
        student's own splitter position is kept (until the text size changes)."""
        if not self._fitted and self.isVisible() and self.table_model.rowCount():
            self._fitted = True
            QTimer.singleShot(0, self, self.fit_numbers)  # once laid out (not once the tab is deleted)

    def fit_numbers(self) -> None:
        """Give the numbers the height their text needs at the current width and text size (at
        most MAX_NUMBERS_SHARE of the tab); the bars and the table get the rest."""
        total = sum(self.split.sizes())
        if total <= 0:
            return
        numbers = self.numbers_area.widget()
        if self._beside:
            # as wide as the widest name and value (the check below them wraps), the bars the rest
            grid = self.grid
            margins = grid.contentsMargins()
            widths = [self.name_labels[k].sizeHint().width() + self.value_labels[k].sizeHint().width()
                      for k in self.value_labels]
            side = (max(widths) + grid.horizontalSpacing() + margins.left() + margins.right()
                    + self.numbers_area.verticalScrollBar().sizeHint().width())
            side = min(side, int(total * MAX_NUMBERS_SHARE))
            self.split.setSizes([side, total - side])
            return
        width = self.numbers_area.viewport().width()
        # the height for the width only where a label in the grid wraps: the grid's, with the check
        # moved beside the bars' tabs and no KL infinite, was a line more than its rows
        wraps = self.grid.indexOf(self.identity_label) >= 0 or not self.infinity_label.isHidden()
        needed = numbers.heightForWidth(width) if wraps and numbers.hasHeightForWidth() else -1
        needed = needed if needed > 0 else numbers.sizeHint().height()
        top = min(needed, int(total * MAX_NUMBERS_SHARE))
        self.split.setSizes([top, total - top])

    def show_analysis(self, a) -> None:
        """Show an engine.infotheory.Analysis."""
        log = UNIT_LOG.get(a.unit, "log")
        values = {
            "H(P)": a.entropy_p, "H(Q)": a.entropy_q, "H(P,Q)": a.cross_pq, "H(Q,P)": a.cross_qp,
            "KL(P‖Q)": a.kl_pq, "KL(Q‖P)": a.kl_qp, "JS(P,Q)": a.js,
        }
        unit_text = unit_name(a.unit)
        for key, value in values.items():
            self.value_labels[key].setText(quantity(value, a.unit))
        self.meaning_labels["JS(P,Q)"].setText(self.js_meaning(js_bound(a.unit, a.base)))
        self.infinity_label.setText(self._infinity_text(a))
        self.infinity_label.setVisible(bool(self.infinity_label.text()))
        if a.has_q:
            self.identity_label.setText(self.tr("Check: H(P,Q) = H(P) + KL(P‖Q):  {0} = {1} + {2}  {3}").format(
                format_number(a.cross_pq), format_number(a.entropy_p), format_number(a.kl_pq), unit_text))
        else:
            self.identity_label.setText(self.tr("A uniform distribution over {0} would have entropy {1}.").format(
                plural(len(a.labels), self.tr("{0} outcome"), self.tr("{0} outcomes")),
                quantity(math.log(len(a.labels)) / math.log(a.base), a.unit)))

        self.chart.set_data(a.labels, a.p, a.q if a.has_q else None, names=("P", "Q"))
        headers = [self.tr("outcome"), "p", "q", f"−{log} p", f"−{log} q", f"p·{log}(p/q)"]
        tips = [
            "", self.tr("probability under P"), self.tr("probability under Q"),
            self.tr("surprise of the outcome under P ({0})").format(unit_text),
            self.tr("surprise of the outcome under Q ({0})").format(unit_text),
            self.tr("this outcome's share of KL(P‖Q) ({0}); ∞ when q = 0 < p").format(unit_text),
        ]
        nothing = [None] * len(a.labels)
        columns = [list(a.labels), a.p, a.q if a.has_q else nothing, a.surprisal_p,
                   a.surprisal_q if a.has_q else nothing, a.kl_terms if a.has_q else nothing]
        highlight = np.flatnonzero(np.isinf(a.kl_terms)) if a.has_q else ()
        self.table_model.set_columns(headers, columns, tips, highlight=highlight)
        self.table.fit_columns()
        self.arrange_numbers()  # longer values may fit fewer a row
        self._fit_once()

    def _infinity_text(self, a) -> str:
        if not a.has_q:
            return ""
        lines = []
        for direction, names, q_name, p_name, probs in (
                ("KL(P‖Q)", a.kl_pq_infinite, "q", "p", a.p), ("KL(Q‖P)", a.kl_qp_infinite, "p", "q", a.q)):
            if not names:
                continue
            index = a.labels.index(names[0])
            more = self.tr(" (and {0} more)").format(len(names) - 1) if len(names) > 1 else ""
            lines.append(self.tr(
                "{0} = ∞ because {1}({2}) = 0 but {3}({2}) = {4}{5}: an outcome believed impossible happens."
            ).format(direction, q_name, names[0], p_name, format_number(probs[index]), more))
        return "\n".join(lines)

    def export_csv(self, path):
        """The per-outcome table."""
        return write_csv(path, self.table_model.headers(), self.table_model.raw_rows())
