"""Entropy & KL: a calculator for entropy, cross-entropy, KL and JS divergence, code lengths and
the KL divergence of two Gaussians.

Every edit of P or Q (debounced by 30 ms) sends one CallRequest(engine.infotheory.analyse) on
the "entropy" channel; the worker keeps only the latest.  The Gaussian sliders send
CallRequest(engine.infotheory.gaussian_report) on "entropy-gaussian".  A bad input shows its
message in red next to the inputs and the last good numbers, bars and tables stay; nothing the
student typed is ever replaced without an undo step.  `updated` is emitted after every render,
error messages included.

This module wires the parts together: the top bar, the P/Q column (entropy_inputs) and the
three tabs (entropy_distributions, entropy_codes, entropy_gaussians).  The parts only show what
they are given and signal edits; requests, results and presets are handled here.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPoint, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QMenu, QPushButton, QTabWidget, QVBoxLayout

from app.export import ExportButton, export_svg
from app.views.base import View
from app.views.entropy_codes import CodeLengthsTab
from app.views.entropy_common import splitter
from app.views.entropy_distributions import DistributionsTab
from app.views.entropy_gaussians import GaussiansTab
from app.views.entropy_inputs import DistributionInputs
from app.widgets.paired_bars import readable_font
from engine.distribution_parser import format_distribution
from engine.entropy_analysis import analyse, gaussian_report
from engine.jobs import CallRequest

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
GAUSSIAN_TAB = 2  # the tab with its own controls: the P/Q column is hidden there


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
        self.error_text: str | None = None
        self.gaussian_error_text: str | None = None
        self.source_title: str | None = None  # where P came from, when another view sent it

        self._timer = self.debounce_timer(self.submit)
        self._gaussian_timer = self.debounce_timer(self.submit_gaussian)

        self._build()
        bridge.subscribe(self.CHANNEL, self._on_result)
        bridge.subscribe(self.GAUSSIAN_CHANNEL, self._on_gaussian)
        state.distribution_sent.connect(self.load_distribution)

        self.load_preset(INITIAL_PRESET)
        self.submit()
        self.submit_gaussian()

    # ---- construction --------------------------------------------------------------------
    def _build(self) -> None:
        self.setFont(readable_font())

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

        # left: the inputs; right: the three tabs
        self.inputs = DistributionInputs()
        self.inputs.edited.connect(self.schedule)
        self.inputs.normalise_requested.connect(lambda: self.normalise_box.setChecked(True))
        self.distributions_tab = DistributionsTab()
        self.codes_tab = CodeLengthsTab()
        self.gaussians_tab = GaussiansTab()
        self.gaussians_tab.changed.connect(self.schedule_gaussian)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.distributions_tab, self.tr("Distributions"))
        self.tabs.addTab(self.codes_tab, self.tr("Code lengths"))
        self.tabs.addTab(self.gaussians_tab, self.tr("Gaussians"))
        self.tabs.currentChanged.connect(self._on_tab)
        self.body = splitter(Qt.Orientation.Horizontal, (self.inputs, self.tabs), stretch=(2, 5), sizes=(380, 1000))

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.body, 1)

        self.mode_combo.currentIndexChanged.connect(self._on_mode)
        self.ignore_case.toggled.connect(self.schedule)
        self.unit_combo.currentIndexChanged.connect(self._on_unit)
        self.normalise_box.toggled.connect(self.schedule)
        self._on_mode()

        # the parts' widgets under the names the view has always had (tests drive the view by them)
        i, d, c, g = self.inputs, self.distributions_tab, self.codes_tab, self.gaussians_tab
        self.p_edit, self.q_edit, self.p_note, self.q_note = i.p_edit, i.q_edit, i.p_note, i.q_note
        self.error_label, self.normalise_button = i.error_label, i.normalise_button
        self.value_labels, self.chart, self.table_model = d.value_labels, d.chart, d.table_model
        self.infinity_label = d.infinity_label
        self.code_summary, self.code_model, self.code_chart = c.code_summary, c.code_model, c.code_chart
        self.gaussian_labels, self.curve1, self.curve2 = g.gaussian_labels, g.curve1, g.curve2
        self.mu1, self.sigma1, self.mu2, self.sigma2 = g.mu1, g.sigma1, g.mu2, g.sigma2

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

    def set_inputs(self, p_text: str, q_text: str | None = None) -> None:
        self.inputs.set_texts(p_text, q_text)
        self.schedule()  # unchanged text emits no textChanged, yet the source note may have changed

    def load_preset(self, key: str) -> None:
        for k, p_text, q_text in PRESETS:
            if k == key:
                self.source_title = None
                self._load(p_text, q_text)
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
        self._load(text, "")
        self.source_title = str(sent.title or "")

    def _load(self, p_text: str, q_text: str) -> None:
        """Type in P and Q as numbers and bring a tab that shows them to the front."""
        if self.mode() != "numbers":
            self.mode_combo.setCurrentIndex(0)
        self.set_inputs(p_text, q_text)
        if self.tabs.currentIndex() == GAUSSIAN_TAB:
            self.tabs.setCurrentIndex(0)

    def schedule(self, *_) -> None:
        self._timer.start()

    def schedule_gaussian(self, *_) -> None:
        self._gaussian_timer.start()

    def submit(self) -> int:
        self._timer.stop()
        request = CallRequest(analyse, self.inputs.texts(), {
            "unit": self.unit(), "mode": self.mode(), "normalize": self.normalise_box.isChecked(),
            "ignore_case": self.ignore_case.isChecked(),
        })
        return self.bridge.submit(self.CHANNEL, request)

    def submit_gaussian(self) -> int:
        self._gaussian_timer.stop()
        request = CallRequest(gaussian_report, self.gaussians_tab.parameters(), {"unit": self.unit()})
        return self.bridge.submit(self.GAUSSIAN_CHANNEL, request)

    def _on_mode(self, *_) -> None:
        text_mode = self.mode() != "numbers"
        self.ignore_case.setVisible(text_mode)
        self.normalise_box.setEnabled(not text_mode)
        self.inputs.set_text_mode(text_mode)
        self.schedule()

    def _on_unit(self, *_) -> None:
        self.schedule()
        self.schedule_gaussian()

    def _on_tab(self, index: int) -> None:
        self.inputs.setVisible(index != GAUSSIAN_TAB)

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
        self.inputs.show_error(message, offer_normalise and not self.normalise_box.isChecked())
        self.distributions_tab.set_stale(True)  # still visible, but marked as out of date

    def _clear_error(self) -> None:
        self.error_text = None
        self.inputs.clear_error()
        self.distributions_tab.set_stale(False)

    def render(self, a) -> None:
        """Show an engine.infotheory.Analysis."""
        self.analysis = a
        self._clear_error()
        self.inputs.show_sources(a, self.source_title)
        self.distributions_tab.show_analysis(a)
        self.codes_tab.show_analysis(a)

    def _on_gaussian(self, result) -> None:
        try:
            if result.ok:
                self.render_gaussian(result.value)
            else:
                self.gaussian_error_text = result.error
                self.gaussians_tab.show_error(result.error)
        finally:
            self.updated.emit()

    def render_gaussian(self, g) -> None:
        """Show an engine.infotheory.GaussianReport."""
        self.gaussian_error_text = None
        self.gaussians_tab.show_report(g)

    @property
    def gaussian(self):
        """The last good engine.infotheory.GaussianReport."""
        return self.gaussians_tab.report

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
        """The current tab's data: the per-outcome table, the code table or the two densities."""
        self.tabs.currentWidget().export_csv(path)
