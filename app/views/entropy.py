"""Entropy & KL: a calculator for entropy, cross-entropy, KL and JS divergence, code lengths and
the KL divergence of two Gaussians.

Every edit of P or Q (debounced by 30 ms) sends one CallRequest(engine.infotheory.analyse) on
the "entropy" channel; the worker keeps only the latest.  The Gaussian sliders send
CallRequest(engine.infotheory.gaussian_report) on "entropy-gaussian".  A bad input shows its
message in red next to the inputs and the last good numbers, bars and tables stay; nothing the
student typed is ever replaced without an undo step.  `updated` is emitted after every render,
error messages included.
"""
from __future__ import annotations

import csv
import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFrame, QGridLayout, QHBoxLayout, QHeaderView, QLabel, QMenu,
    QPlainTextEdit, QPushButton, QSizePolicy, QSplitter, QTableView, QTabWidget, QVBoxLayout,
    QWidget,
)

from app.export import ExportButton, export_csv, export_svg
from app.views.base import View
from app.widgets.array_table import ArrayTableModel
from app.widgets.float_slider import FloatSlider
from app.widgets.numbers import format_number
from app.widgets.paired_bars import P_COLOUR, Q_COLOUR, PairedBarChart, readable_font
from engine.infotheory import analyse, format_distribution, gaussian_report
from engine.jobs import CallRequest

UNIT_LOG = {"bits": "log₂", "nats": "ln", "hartleys": "log₁₀"}
ERROR_COLOUR = QColor("#b00020")
MUTED = QColor("#444444")
STALE = QColor("#888888")

# Presets from the lesson: (key, P, Q).  Titles are translated in EntropyView.preset_titles().
PRESETS = (
    ("two", "sunny: 0.5, rainy: 0.5", ""),
    ("four", "sunny: 0.25, cloudy: 0.25, rain: 0.25, snow: 0.25", ""),
    ("skewed", "sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05", ""),
    ("rainy", "sunny: 1%, partly sunny: 1%, partly cloudy: 4%, cloudy: 4%,\n"
              "light rain: 10%, rain: 10%, heavy rain: 35%, thunderstorm: 35%",
     "sunny: 12.5%, partly sunny: 12.5%, partly cloudy: 12.5%, cloudy: 12.5%,\n"
     "light rain: 12.5%, rain: 12.5%, heavy rain: 12.5%, thunderstorm: 12.5%"),
)
INITIAL_PRESET = "rainy"


def _colour(label: QLabel, colour: QColor | None) -> None:
    """Text colour through the palette (a style sheet would stop the view's font from
    reaching the label); None restores the inherited colour."""
    if colour is None:
        label.setPalette(QPalette())
        return
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)


def _bold(font: QFont, scale: float = 1.0) -> QFont:
    f = QFont(font)
    f.setPointSizeF(f.pointSizeF() * scale)
    f.setBold(True)
    return f


class EntropyView(View):
    view_id = "entropy"
    CHANNEL = "entropy"
    GAUSSIAN_CHANNEL = "entropy-gaussian"
    DEBOUNCE_MS = 30

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate("EntropyView", "Entropy & KL")

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.analysis = None  # the last good engine.infotheory.Analysis
        self.gaussian = None  # the last good GaussianReport
        self.error_text: str | None = None
        self.gaussian_error_text: str | None = None
        self.source_title: str | None = None  # where P came from, when another view sent it

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.DEBOUNCE_MS)
        self._timer.timeout.connect(self.submit)
        self._gaussian_timer = QTimer(self)
        self._gaussian_timer.setSingleShot(True)
        self._gaussian_timer.setInterval(self.DEBOUNCE_MS)
        self._gaussian_timer.timeout.connect(self.submit_gaussian)

        self._build()
        bridge.subscribe(self.CHANNEL, self._on_result)
        bridge.subscribe(self.GAUSSIAN_CHANNEL, self._on_gaussian)
        state.distribution_sent.connect(self.load_distribution)

        self.load_preset(INITIAL_PRESET)
        self.submit()
        self.submit_gaussian()

    # ---- construction --------------------------------------------------------------------
    def _build(self) -> None:
        big = readable_font()
        self.setFont(big)

        # top bar: input mode, unit, presets, normalise, export
        self.mode_combo = QComboBox()
        for label, mode in ((self.tr("Numbers"), "numbers"), (self.tr("Text → characters"), "char"),
                            (self.tr("Text → words"), "word")):
            self.mode_combo.addItem(label, mode)
        self.mode_combo.setToolTip(self.tr("Numbers: type probabilities, percentages, fractions or counts.\n"
                                           "Text: type text; its character or word frequencies become P (and Q)."))
        self.ignore_case = QCheckBox(self.tr("Ignore case"))
        self.ignore_case.setChecked(True)
        self.unit_combo = QComboBox()
        for label, unit in ((self.tr("bits (log₂)"), "bits"), (self.tr("nats (ln)"), "nats"),
                            (self.tr("hartleys (log₁₀)"), "hartleys")):
            self.unit_combo.addItem(label, unit)
        self.preset_button = QPushButton(self.tr("Presets"))
        menu = QMenu(self.preset_button)
        for key, title in self.preset_titles().items():
            action = menu.addAction(title)
            action.triggered.connect(lambda _=False, k=key: self.load_preset(k))
        self.preset_button.setMenu(menu)
        self.normalise_box = QCheckBox(self.tr("Normalise sums"))
        self.normalise_box.setToolTip(self.tr(
            "Divide probabilities that do not add up to 1 by their sum. Counts are always normalised."))
        self.export_button = ExportButton(self, png=self.export_png, svg=self.export_svg, csv=self.export_csv,
                                          basename="entropy")
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Input:")))
        top.addWidget(self.mode_combo)
        top.addWidget(self.ignore_case)
        top.addSpacing(12)
        top.addWidget(QLabel(self.tr("Unit:")))
        top.addWidget(self.unit_combo)
        top.addSpacing(12)
        top.addWidget(self.preset_button)
        top.addWidget(self.normalise_box)
        top.addStretch(1)
        top.addWidget(self.export_button)

        # left: the inputs
        self.p_edit = QPlainTextEdit()
        self.q_edit = QPlainTextEdit()
        for edit in (self.p_edit, self.q_edit):
            edit.setTabChangesFocus(True)
            edit.setMinimumHeight(90)
            edit.textChanged.connect(self.schedule)
        self.p_title = QLabel(self.tr("P — what really happens (the truth)"))
        self.q_title = QLabel(self.tr("Q — the model’s guess (optional)"))
        self.p_title.setFont(_bold(big))
        self.q_title.setFont(_bold(big))
        _colour(self.p_title, QColor(*P_COLOUR))
        _colour(self.q_title, QColor(*(int(c * 0.8) for c in Q_COLOUR)))
        self.p_note = QLabel()
        self.q_note = QLabel()
        for note in (self.p_note, self.q_note):
            note.setWordWrap(True)
            _colour(note, MUTED)
        self.error_label = QLabel()
        self.error_label.setObjectName("error")
        self.error_label.setWordWrap(True)
        _colour(self.error_label, ERROR_COLOUR)
        self.error_label.setFont(_bold(big))
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.hide()
        self.normalise_button = QPushButton(self.tr("Normalise"))
        self.normalise_button.setToolTip(self.tr("Divide each value by the sum, so that they add up to 1"))
        self.normalise_button.clicked.connect(lambda: self.normalise_box.setChecked(True))
        self.normalise_button.hide()
        self.formats_help = QLabel(self.tr(
            "Formats: 0.8 0.1 0.05 0.05 · 80% 10% 5% 5% · 1/2 1/4 1/8 1/8 · counts 8 1 0.5 0.5 · "
            "labels sunny: 0.8, rain: 0.2. Separate with spaces, commas, semicolons or new lines."))
        self.formats_help.setWordWrap(True)
        _colour(self.formats_help, MUTED)
        inputs = QWidget()
        left = QVBoxLayout(inputs)
        left.setContentsMargins(0, 0, 6, 0)
        left.addWidget(self.p_title)
        left.addWidget(self.p_edit, 1)
        left.addWidget(self.p_note)
        left.addWidget(self.q_title)
        left.addWidget(self.q_edit, 1)
        left.addWidget(self.q_note)
        left.addWidget(self.error_label)
        row = QHBoxLayout()
        row.addWidget(self.normalise_button)
        row.addStretch(1)
        left.addLayout(row)
        left.addWidget(self.formats_help)
        self.inputs = inputs

        # right: the three panels
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_distributions(), self.tr("Distributions"))
        self.tabs.addTab(self._build_codes(), self.tr("Code lengths"))
        self.tabs.addTab(self._build_gaussians(), self.tr("Gaussians"))
        self.tabs.currentChanged.connect(self._on_tab)

        self.body = QSplitter(Qt.Orientation.Horizontal)
        self.body.addWidget(inputs)
        self.body.addWidget(self.tabs)
        self.body.setStretchFactor(0, 2)
        self.body.setStretchFactor(1, 5)
        self.body.setSizes([380, 1000])

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.body, 1)

        self.mode_combo.currentIndexChanged.connect(self._on_mode)
        self.ignore_case.toggled.connect(self.schedule)
        self.unit_combo.currentIndexChanged.connect(self._on_unit)
        self.normalise_box.toggled.connect(self.schedule)
        self._on_mode()

    def _build_distributions(self) -> QWidget:
        big = readable_font()
        numbers = QWidget()
        grid = QGridLayout(numbers)
        grid.setHorizontalSpacing(16)
        self.value_labels: dict[str, QLabel] = {}
        self.name_labels: dict[str, QLabel] = {}
        rows = (
            ("H(P)", self.tr("entropy of P: the average surprise −Σ p log p; the shortest possible average code length")),
            ("H(Q)", self.tr("entropy of Q")),
            ("H(P,Q)", self.tr("cross-entropy: the average surprise −Σ p log q of someone who expects Q when P is true")),
            ("H(Q,P)", self.tr("cross-entropy the other way round, −Σ q log p")),
            ("KL(P‖Q)", self.tr("KL divergence Σ p log(p/q) = H(P,Q) − H(P): what believing Q costs when P is true")),
            ("KL(Q‖P)", self.tr("the other direction: KL is not symmetric")),
            ("JS(P,Q)", self.tr("Jensen–Shannon divergence: symmetric, never infinite, at most 1 bit")),
        )
        value_font = _bold(big, 1.35)
        for r, (key, meaning) in enumerate(rows):
            name = QLabel(key)
            name.setFont(_bold(big, 1.2))
            value = QLabel("—")
            value.setFont(value_font)
            value.setObjectName(key)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setMinimumWidth(170)
            explain = QLabel(meaning)
            explain.setWordWrap(True)
            _colour(explain, MUTED)
            explain.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            grid.addWidget(name, r, 0)
            grid.addWidget(value, r, 1)
            grid.addWidget(explain, r, 2)
            self.value_labels[key] = value
            self.name_labels[key] = name
        grid.setColumnStretch(2, 1)
        self.infinity_label = QLabel()
        self.infinity_label.setWordWrap(True)
        _colour(self.infinity_label, ERROR_COLOUR)
        self.identity_label = QLabel()
        self.identity_label.setWordWrap(True)
        grid.addWidget(self.infinity_label, len(rows), 0, 1, 3)
        grid.addWidget(self.identity_label, len(rows) + 1, 0, 1, 3)

        self.chart = PairedBarChart(names=("P", "Q"), y_label=self.tr("probability"))
        self.table_model = ArrayTableModel(self)
        self.table = self._table(self.table_model)

        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.chart)
        lower.addWidget(self.table)
        lower.setStretchFactor(0, 1)
        lower.setStretchFactor(1, 1)
        lower.setSizes([500, 500])
        panel = QSplitter(Qt.Orientation.Vertical)
        panel.addWidget(numbers)
        panel.addWidget(lower)
        panel.setStretchFactor(0, 0)
        panel.setStretchFactor(1, 1)
        return panel

    def _build_codes(self) -> QWidget:
        big = readable_font()
        self.code_summary = QLabel()
        self.code_summary.setFont(_bold(big, 1.15))
        self.code_summary.setWordWrap(True)
        self.code_summary.setTextFormat(Qt.TextFormat.RichText)
        self.code_explain = QLabel(self.tr(
            "A Huffman code gives likely outcomes short codewords. Its average length L is never below "
            "the entropy H and always less than H + 1 bit. A fixed-length code spends ⌈log₂ n⌉ bits on "
            "every outcome, however likely."))
        self.code_explain.setWordWrap(True)
        _colour(self.code_explain, MUTED)
        self.code_q_label = QLabel()
        self.code_q_label.setWordWrap(True)
        self.code_model = ArrayTableModel(self)
        self.code_table = self._table(self.code_model)
        self.code_chart = PairedBarChart(names=(self.tr("ideal −log₂ p"), self.tr("Huffman length")),
                                         colours=((150, 150, 150), P_COLOUR), y_label=self.tr("bits"))
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.code_table)
        lower.addWidget(self.code_chart)
        lower.setStretchFactor(0, 2)
        lower.setStretchFactor(1, 1)
        lower.setSizes([700, 350])
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.addWidget(self.code_summary)
        layout.addWidget(self.code_explain)
        layout.addWidget(self.code_q_label)
        layout.addWidget(lower, 1)
        return panel

    def _build_gaussians(self) -> QWidget:
        big = readable_font()
        self.mu1 = FloatSlider("μ₁", -5, 5, 0.1, 0.0, decimals=1)
        self.sigma1 = FloatSlider("σ₁", 0.1, 5, 0.05, 1.0)
        self.mu2 = FloatSlider("μ₂", -5, 5, 0.1, 1.0, decimals=1)
        self.sigma2 = FloatSlider("σ₂", 0.1, 5, 0.05, 1.0)
        for slider in (self.mu1, self.sigma1, self.mu2, self.sigma2):
            slider.valueChanged.connect(self.schedule_gaussian)
        controls = QWidget()
        grid = QGridLayout(controls)
        n1 = QLabel(self.tr("N₁ (the truth)"))
        n1.setFont(_bold(big))
        _colour(n1, QColor(*P_COLOUR))
        n2 = QLabel(self.tr("N₂ (the model)"))
        n2.setFont(_bold(big))
        _colour(n2, QColor(*(int(c * 0.8) for c in Q_COLOUR)))
        grid.addWidget(n1, 0, 0)
        grid.addWidget(self.mu1, 1, 0)
        grid.addWidget(self.sigma1, 2, 0)
        grid.addWidget(n2, 0, 1)
        grid.addWidget(self.mu2, 1, 1)
        grid.addWidget(self.sigma2, 2, 1)

        formula = QLabel(self.tr(
            "KL(N₁‖N₂) = ln(σ₂/σ₁) + (σ₁² + (μ₁ − μ₂)²) / (2σ₂²) − ½  nats"))
        formula.setFont(_bold(big))
        results = QWidget()
        table = QGridLayout(results)
        table.setHorizontalSpacing(24)
        headers = (self.tr("direction"), self.tr("closed form"), self.tr("numerical integral"), self.tr("difference"))
        for c, text in enumerate(headers):
            h = QLabel(text)
            h.setFont(_bold(big))
            table.addWidget(h, 0, c)
        self.gaussian_labels: dict[str, QLabel] = {}
        for r, key in enumerate(("KL(N₁‖N₂)", "KL(N₂‖N₁)"), start=1):
            name = QLabel(key)
            name.setFont(_bold(big, 1.15))
            table.addWidget(name, r, 0)
            for c, column in enumerate(("closed", "numeric", "difference"), start=1):
                label = QLabel("—")
                label.setFont(_bold(big, 1.15) if column != "difference" else big)
                label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                table.addWidget(label, r, c)
                self.gaussian_labels[f"{key} {column}"] = label
        table.setColumnStretch(4, 1)
        self.gaussian_error = QLabel()
        _colour(self.gaussian_error, ERROR_COLOUR)
        self.gaussian_error.setFont(_bold(big))
        self.gaussian_error.setWordWrap(True)
        self.gaussian_error.hide()
        note = QLabel(self.tr("The numerical integral is Simpson’s rule with 4,001 points over μ ± 12σ of the "
                              "first distribution. KL is not symmetric: swap the roles and the value changes."))
        note.setWordWrap(True)
        _colour(note, MUTED)

        self.gaussian_plot = pg.PlotWidget(background="w")
        plot = self.gaussian_plot.getPlotItem()
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.showGrid(x=True, y=True, alpha=0.2)
        plot.addLegend(offset=(-10, 10), labelTextSize=f"{big.pointSizeF():.0f}pt", labelTextColor=(30, 30, 30))
        for name in ("left", "bottom"):
            axis = plot.getAxis(name)
            axis.enableAutoSIPrefix(False)
            axis.setStyle(tickFont=big)
            axis.setTextPen(pg.mkPen((30, 30, 30)))
        plot.setLabel("left", self.tr("density"), **{"font-size": f"{big.pointSizeF():.0f}pt", "color": "#202020"})
        plot.setLabel("bottom", "x", **{"font-size": f"{big.pointSizeF():.0f}pt", "color": "#202020"})
        self.curve1 = pg.PlotDataItem(pen=pg.mkPen(P_COLOUR, width=3), fillLevel=0,
                                      brush=pg.mkBrush(*P_COLOUR, 50), name="N₁")
        self.curve2 = pg.PlotDataItem(pen=pg.mkPen(Q_COLOUR, width=3), fillLevel=0,
                                      brush=pg.mkBrush(*Q_COLOUR, 50), name="N₂")
        plot.addItem(self.curve1)
        plot.addItem(self.curve2)

        top = QWidget()
        layout = QVBoxLayout(top)
        layout.addWidget(controls)
        layout.addWidget(formula)
        layout.addWidget(results)
        layout.addWidget(self.gaussian_error)
        layout.addWidget(note)
        panel = QSplitter(Qt.Orientation.Vertical)
        panel.addWidget(top)
        panel.addWidget(self.gaussian_plot)
        panel.setStretchFactor(1, 1)
        return panel

    def _table(self, model) -> QTableView:
        table = QTableView()
        table.setModel(model)
        table.setAlternatingRowColors(True)
        table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        table.horizontalHeader().setStretchLastSection(True)
        table.verticalHeader().setVisible(False)
        table.horizontalHeader().setResizeContentsPrecision(100)
        table.verticalHeader().setResizeContentsPrecision(100)
        table.setFrameShape(QFrame.Shape.StyledPanel)
        return table

    def preset_titles(self) -> dict[str, str]:
        return {
            "two": self.tr("Two kinds of weather (sunny, rainy)"),
            "four": self.tr("Four equally likely kinds of weather"),
            "skewed": self.tr("80% / 10% / 5% / 5%"),
            "rainy": self.tr("A rainy city (truth P) against a uniform guess (Q)"),
        }

    # ---- inputs --------------------------------------------------------------------------
    def unit(self) -> str:
        return self.unit_combo.currentData()

    def mode(self) -> str:
        return self.mode_combo.currentData()

    @staticmethod
    def _replace_text(edit: QPlainTextEdit, text: str) -> None:
        """Replace the whole text as one undoable step (Ctrl+Z brings back what was typed)."""
        if edit.toPlainText() == text:
            return
        cursor = edit.textCursor()
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.endEditBlock()
        edit.setTextCursor(cursor)

    def set_inputs(self, p_text: str, q_text: str | None = None) -> None:
        self._replace_text(self.p_edit, p_text)
        if q_text is not None:
            self._replace_text(self.q_edit, q_text)
        self.schedule()

    def load_preset(self, key: str) -> None:
        for k, p_text, q_text in PRESETS:
            if k == key:
                self.source_title = None
                if self.mode() != "numbers":
                    self.mode_combo.setCurrentIndex(0)
                self.set_inputs(p_text, q_text)
                if self.tabs.currentIndex() == 2:
                    self.tabs.setCurrentIndex(0)
                return

    def load_distribution(self, sent) -> None:
        """A distribution sent by another view (SharedState.distribution_sent) becomes P; Q is
        emptied (undoably), as its outcomes would not match."""
        try:
            # float32 softmax outputs add up to 1 only within ~1e-6: tidy them before typing them in
            text = format_distribution(sent.labels, sent.probabilities, tidy=1e-4)
        except Exception as exc:  # a bad message from another view must not break this one
            self._show_error(self.tr("Could not load the distribution that was sent: {0}").format(exc), False)
            return
        if self.mode() != "numbers":
            self.mode_combo.setCurrentIndex(0)
        self.set_inputs(text, "")
        self.source_title = str(sent.title or "")
        if self.tabs.currentIndex() == 2:
            self.tabs.setCurrentIndex(0)

    def schedule(self, *_) -> None:
        self._timer.start()

    def schedule_gaussian(self, *_) -> None:
        self._gaussian_timer.start()

    def submit(self) -> int:
        self._timer.stop()
        request = CallRequest(analyse, (self.p_edit.toPlainText(), self.q_edit.toPlainText()), {
            "unit": self.unit(), "mode": self.mode(), "normalize": self.normalise_box.isChecked(),
            "ignore_case": self.ignore_case.isChecked(),
        })
        return self.bridge.submit(self.CHANNEL, request)

    def submit_gaussian(self) -> int:
        self._gaussian_timer.stop()
        request = CallRequest(gaussian_report, (self.mu1.value(), self.sigma1.value(), self.mu2.value(),
                                                self.sigma2.value()), {"unit": self.unit()})
        return self.bridge.submit(self.GAUSSIAN_CHANNEL, request)

    def _on_mode(self, *_) -> None:
        text_mode = self.mode() != "numbers"
        self.ignore_case.setVisible(text_mode)
        self.normalise_box.setEnabled(not text_mode)
        self.formats_help.setVisible(not text_mode)
        if text_mode:
            self.p_edit.setPlaceholderText(self.tr("Type or paste some text: its frequencies become P"))
            self.q_edit.setPlaceholderText(self.tr("Optional: another text, whose frequencies become Q"))
        else:
            self.p_edit.setPlaceholderText(self.tr("e.g. sunny: 0.8, cloudy: 0.1, rain: 0.05, snow: 0.05"))
            self.q_edit.setPlaceholderText(self.tr("Optional, e.g. 0.25 0.25 0.25 0.25"))
        self.schedule()

    def _on_unit(self, *_) -> None:
        self.schedule()
        self.schedule_gaussian()

    def _on_tab(self, index: int) -> None:
        self.inputs.setVisible(index != 2)  # the Gaussian panel has its own controls

    # ---- results -------------------------------------------------------------------------
    def _on_result(self, result) -> None:
        try:
            if result.ok:
                self.render(result.value)
            else:
                sum_error = result.error_type == "SumError"
                if result.error_type in ("DistributionError", "SumError"):
                    message = result.error
                else:
                    message = self.tr("Something went wrong while calculating: {0}").format(result.error)
                self._show_error(message, sum_error)
        finally:
            self.updated.emit()

    def _show_error(self, message: str, offer_normalise: bool) -> None:
        self.error_text = message
        if self.analysis is not None:
            message += "  " + self.tr("(The numbers show the last valid input.)")
        self.error_label.setText(message)
        self.error_label.show()
        for label in self.value_labels.values():  # still visible, but marked as out of date
            _colour(label, STALE)
        self.normalise_button.setVisible(offer_normalise and not self.normalise_box.isChecked())

    def _clear_error(self) -> None:
        self.error_text = None
        self.error_label.clear()
        self.error_label.hide()
        self.normalise_button.hide()
        for label in self.value_labels.values():
            _colour(label, None)

    def render(self, a) -> None:
        """Show an engine.infotheory.Analysis."""
        self.analysis = a
        self._clear_error()
        unit = a.unit
        log = UNIT_LOG.get(unit, "log")
        values = {
            "H(P)": a.entropy_p, "H(Q)": a.entropy_q, "H(P,Q)": a.cross_pq, "H(Q,P)": a.cross_qp,
            "KL(P‖Q)": a.kl_pq, "KL(Q‖P)": a.kl_qp, "JS(P,Q)": a.js,
        }
        unit_text = self.unit_name(unit)
        for key, value in values.items():
            self.value_labels[key].setText("—" if value is None else f"{format_number(value)} {unit_text}")
        self.p_note.setText(self._describe(a.p_source, len(a.labels), "P"))
        self.q_note.setText(self._describe(a.q_source, len(a.labels), "Q") if a.q_source is not None else
                            self.tr("No Q: type a second distribution to compare."))
        self.infinity_label.setText(self._infinity_text(a))
        self.infinity_label.setVisible(bool(self.infinity_label.text()))
        if a.has_q:
            self.identity_label.setText(self.tr("Check: H(P,Q) = H(P) + KL(P‖Q):  {0} = {1} + {2}  {3}").format(
                format_number(a.cross_pq), format_number(a.entropy_p), format_number(a.kl_pq), unit_text))
        else:
            self.identity_label.setText(self.tr(
                "A uniform distribution over {0} outcomes would have entropy {1} {2}.").format(
                len(a.labels), format_number(math.log(len(a.labels)) / math.log(a.base)), unit_text))

        # bars and the per-outcome table
        self.chart.set_data(a.labels, a.p, a.q if a.has_q else None, names=("P", "Q"))
        headers = [self.tr("outcome"), "p", "q", f"−{log} p", f"−{log} q", f"p·{log}(p/q)"]
        tips = [
            "", self.tr("probability under P"), self.tr("probability under Q"),
            self.tr("surprise of the outcome under P ({0})").format(unit_text),
            self.tr("surprise of the outcome under Q ({0})").format(unit_text),
            self.tr("this outcome's share of KL(P‖Q) ({0}); ∞ when q = 0 < p").format(unit_text),
        ]
        n = len(a.labels)
        nothing = [None] * n
        columns = [list(a.labels), a.p, a.q if a.has_q else nothing, a.surprisal_p,
                   a.surprisal_q if a.has_q else nothing, a.kl_terms if a.has_q else nothing]
        highlight = np.flatnonzero(np.isinf(a.kl_terms)) if a.has_q else ()
        self.table_model.set_columns(headers, columns, tips, highlight=highlight)
        self._render_codes(a)
        self._fit_columns(self.table)

    def _render_codes(self, a) -> None:
        c = a.code
        h, L = c.entropy_bits, c.average_huffman
        holds = h - 1e-9 <= L and (L < h + 1 or math.isclose(L, h + 1, abs_tol=1e-12))  # rounding at the limit
        self.code_summary.setText(self.tr(
            "H(P) = {0} bits &nbsp;≤&nbsp; L<sub>Huffman</sub> = {1} bits &nbsp;&lt;&nbsp; H(P) + 1 = {2} bits"
            " &nbsp; {3}<br>Fixed-length code: ⌈log₂ {4}⌉ = {5} bits per outcome, L<sub>fixed</sub> = {5} bits"
        ).format(format_number(h), format_number(L), format_number(h + 1), "✓" if holds else "✗",
                 len(a.labels), c.fixed_bits))
        if c.average_q_code is not None:
            if math.isinf(c.average_q_code):
                text = self.tr("A Huffman code built for Q has no codeword for an outcome that P produces: "
                               "on data from P its average length is ∞, like H(P,Q).")
            else:
                text = self.tr("A Huffman code built for Q, used on data from P, averages {0} bits per outcome; "
                               "the cross-entropy H(P,Q) = {1} bits is its ideal counterpart.").format(
                    format_number(c.average_q_code), format_number(c.cross_entropy_bits))
            self.code_q_label.setText(text)
            self.code_q_label.show()
        else:
            self.code_q_label.hide()
        headers = [self.tr("outcome"), "p", self.tr("ideal −log₂ p"), self.tr("Huffman"),
                   self.tr("Huffman bits"), self.tr("fixed"), self.tr("fixed bits")]
        tips = ["", self.tr("probability under P"), self.tr("the length an ideal code would give (bits)"),
                self.tr("Huffman codeword; outcomes with p = 0 never occur and get none"),
                self.tr("length of the Huffman codeword"), self.tr("fixed-length codeword"),
                self.tr("length of the fixed-length codeword: ⌈log₂ n⌉")]
        fixed_lengths = [c.fixed_bits] * len(a.labels)
        self.code_model.set_columns(headers, [
            list(a.labels), a.p, c.ideal_lengths,
            [w if w is None or w else self.tr("(empty: 0 bits)") for w in c.huffman],
            c.huffman_lengths, [w if w else self.tr("(empty: 0 bits)") for w in c.fixed], fixed_lengths,
        ], tips, monospace=(3, 5))
        ideal = np.where(np.isfinite(c.ideal_lengths), c.ideal_lengths, 0.0)
        self.code_chart.show_line(c.fixed_bits, self.tr("fixed-length code: {0} bits").format(c.fixed_bits))
        self.code_chart.set_data(a.labels, ideal, np.nan_to_num(c.huffman_lengths, nan=0.0))
        self._fit_columns(self.code_table)

    @staticmethod
    def _fit_columns(table: QTableView) -> None:
        table.resizeColumnsToContents()  # measures at most 100 rows (resizeContentsPrecision)

    def unit_name(self, unit: str) -> str:
        return {"bits": self.tr("bits"), "nats": self.tr("nats"), "hartleys": self.tr("hartleys")}.get(unit, unit)

    def _describe(self, d, n_aligned: int, name: str) -> str:
        parts = []
        if d.kind == "counts":
            parts.append(self.tr("{0} outcomes · counts (total {1}), normalised").format(len(d), format_number(d.total)))
        elif d.kind in ("characters", "words"):
            what = self.tr("characters") if d.kind == "characters" else self.tr("words")
            parts.append(self.tr("{0} {1}, {2} different · normalised counts").format(
                format_number(d.total), what, len(d)))
        else:
            kind = {"percentages": self.tr("percentages"), "fractions": self.tr("fractions")}.get(
                d.kind, self.tr("probabilities"))
            parts.append(self.tr("{0} outcomes · {1}").format(len(d), kind))
            if d.normalized:
                parts.append(self.tr("normalised: they added up to {0}").format(format_number(d.total)))
        if n_aligned != len(d):
            parts.append(self.tr("probability 0 for the other text’s {0} extra outcome(s)").format(n_aligned - len(d)))
        if name == "P" and self.source_title:
            parts.append(self.tr("sent from: {0}").format(self.source_title))
        return " · ".join(parts)

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

    def _on_gaussian(self, result) -> None:
        try:
            if result.ok:
                self.render_gaussian(result.value)
            else:
                self.gaussian_error_text = result.error
                self.gaussian_error.setText(result.error)
                self.gaussian_error.show()
        finally:
            self.updated.emit()

    def render_gaussian(self, g) -> None:
        self.gaussian = g
        self.gaussian_error_text = None
        self.gaussian_error.hide()
        unit_text = self.unit_name(g.unit)
        for key, closed, numeric in (("KL(N₁‖N₂)", g.kl_12, g.kl_12_numeric), ("KL(N₂‖N₁)", g.kl_21, g.kl_21_numeric)):
            self.gaussian_labels[f"{key} closed"].setText(f"{format_number(closed)} {unit_text}")
            self.gaussian_labels[f"{key} numeric"].setText(f"{format_number(numeric)} {unit_text}")
            difference = abs(closed - numeric)
            self.gaussian_labels[f"{key} difference"].setText(f"{difference:.1e}" if difference else "0")
        self.curve1.setData(np.asarray(g.x), np.asarray(g.density_1))
        self.curve2.setData(np.asarray(g.x), np.asarray(g.density_2))

    def ready(self) -> bool:
        return self.analysis is not None and self.gaussian is not None

    # ---- exports -------------------------------------------------------------------------
    def export_png(self, path) -> None:
        widget = self.body
        image = QImage(widget.size() * 2, QImage.Format.Format_ARGB32)
        image.setDevicePixelRatio(2.0)
        image.fill(QColor("white"))
        painter = QPainter(image)
        try:
            widget.render(painter, QPoint(0, 0))  # PySide6 needs the offset with a QPainter
        finally:
            painter.end()
        if not image.save(str(path)):
            raise OSError(self.tr("cannot write {0}").format(path))

    def export_svg(self, path) -> None:
        export_svg(self.body, path, title=self.title())

    def export_csv(self, path) -> None:
        """The current panel's data: the per-outcome table, the code table or the two densities."""
        index = self.tabs.currentIndex()
        if index == 2:
            if self.gaussian is None:
                raise ValueError(self.tr("Nothing to export yet."))
            g = self.gaussian
            export_csv(path, np.column_stack([g.x, g.density_1, g.density_2]),
                       column_labels=["x", "N1 density", "N2 density"])
            return
        model = self.table_model if index == 0 else self.code_model
        if model.rowCount() == 0:
            raise ValueError(self.tr("Nothing to export yet."))
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(model.headers())
            for row in range(model.rowCount()):
                cells = []
                for column in range(model.columnCount()):
                    value = model.raw(row, column)
                    cells.append("" if value is None else value if isinstance(value, str) else repr(float(value)))
                writer.writerow(cells)
