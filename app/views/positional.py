"""Positional encoding: why the Transformer's sinusoidal code looks as it does.

Every parameter change (debounced by 20 ms) sends one CallRequest(engine.positional.analyse) on
the "positional" channel; the worker keeps only the latest.  A result updates five tabs in
place: encoding (heatmap + curves), position similarity, the shift PE(pos+k) = M_k·PE(pos),
wavelengths, and the naive codes.  Bad parameters and engine errors are shown in a label; the
last good plots stay.  `updated` is emitted after every render and after every message, so
tests wait for what the user sees.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QTabWidget, QVBoxLayout

from app.export import ExportButton, export_csv, export_png, export_svg
from app.views.base import View
from app.views.positional_controls import PositionalControls
from app.views.positional_panels import EncodingTab, NaiveTab, ShiftTab, SimilarityTab, WavelengthTab
from app.widgets.matrix_plot import base_point_size
from engine.jobs import CallRequest
from engine.positional import analyse

FORMULAS = {
    "paper": ("PE(pos, 2i) = sin(pos·ω<sub>i</sub>), &nbsp; PE(pos, 2i+1) = cos(pos·ω<sub>i</sub>), &nbsp; "
              "ω<sub>i</sub> = 1 / base<sup>2i/d_model</sup>"),
    "tensor2tensor": ("PE(pos, i) = sin(pos·ω<sub>i</sub>), &nbsp; PE(pos, d_model/2 + i) = cos(pos·ω<sub>i</sub>), "
                      "&nbsp; ω<sub>i</sub> = exp(−i · ln(base) / (d_model/2 − 1))"),
    "concatenated": ("PE(pos, i) = sin(pos·ω<sub>i</sub>), &nbsp; PE(pos, d_model/2 + i) = cos(pos·ω<sub>i</sub>), "
                     "&nbsp; ω<sub>i</sub> = 1 / base<sup>2i/d_model</sup>"),
}


class PositionalView(View):
    view_id = "positional"
    CHANNEL = "positional"
    DEBOUNCE_MS = 20

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate("PositionalView", "Positional encoding")

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.analysis = None
        self.message_text: str | None = None
        self._pending_id: int | None = None

        self.controls = PositionalControls(self)
        self.export_button = ExportButton(self, png=self.export_png, svg=self.export_svg, csv=self.export_csv,
                                          basename="positional-encoding")
        self.controls.extra.addWidget(self.export_button)
        self.formula = QLabel()
        self.formula.setObjectName("formula")
        self.formula.setTextFormat(Qt.TextFormat.RichText)
        font = QFont(self.formula.font())
        font.setPointSize(base_point_size() + 2)
        self.formula.setFont(font)
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("QLabel { background: #fff3cd; color: #5c4400; border: 1px solid #e0c060;"
                                   " padding: 4px; font-weight: bold; }")
        self.message.setVisible(False)

        self.encoding_tab = EncodingTab()
        self.similarity_tab = SimilarityTab()
        self.shift_tab = ShiftTab()
        self.wavelength_tab = WavelengthTab()
        self.naive_tab = NaiveTab()
        self.tabs = QTabWidget()
        for tab, label in ((self.encoding_tab, self.tr("Encoding")), (self.similarity_tab, self.tr("Similarity")),
                           (self.shift_tab, self.tr("Shift by k")), (self.wavelength_tab, self.tr("Wavelengths")),
                           (self.naive_tab, self.tr("Naive codes"))):
            self.tabs.addTab(tab, label)
            tab.hovered.connect(self._show_readout)
            tab.redrawn.connect(self.updated)
        self.readout = QLabel(self.tr("Move the mouse over a plot to read exact values."))
        self.readout.setObjectName("readout")
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.readout.setMinimumHeight(self.readout.sizeHint().height())

        top = QHBoxLayout()
        top.addWidget(self.formula, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addLayout(top)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.readout)

        self._timer = self.debounce_timer(self.submit)
        self.controls.changed.connect(self._timer.start)
        self.bridge.subscribe(self.CHANNEL, self._on_result)
        self._show_formula()
        self._timer.start()

    # ---- requests ---------------------------------------------------------------------------
    def ready(self) -> bool:
        return self.analysis is not None

    def busy(self) -> bool:
        """True while a change is waiting for the debounce timer or the engine."""
        return self._timer.isActive() or self._pending_id is not None

    def submit(self) -> None:
        """Check the controls and ask the engine for a new analysis."""
        self._timer.stop()
        self._show_formula()
        params, problem = self.controls.parameters()
        if problem is not None:
            self._pending_id = None  # whatever is in flight is for older settings
            self._show_message(problem)
            return
        try:
            self._pending_id = self.bridge.submit(self.CHANNEL, CallRequest(analyse, kwargs=params.kwargs()))
        except Exception as exc:  # e.g. the worker has been shut down
            self._pending_id = None
            self._show_message(self.tr("Cannot compute: {0}").format(exc))

    def _on_result(self, result) -> None:
        if result.request_id != self._pending_id:
            return
        self._pending_id = None
        if not result.ok:
            self._show_message(result.error)
            return
        try:
            self.show_analysis(result.value)
        except Exception as exc:  # a drawing bug must not take the app down
            self._show_message(self.tr("Could not draw: {0}").format(exc))

    def show_analysis(self, analysis) -> None:
        self.analysis = analysis
        for tab in self.tabs_in_order():
            tab.show_analysis(analysis)
        self.message_text = None
        self.message.setVisible(False)
        self.updated.emit()

    def _show_message(self, text: str) -> None:
        self.message_text = text
        if self.analysis is not None:
            text = self.tr("{0}  (The plots show the last valid settings.)").format(text)
        self.message.setText(text)
        self.message.setVisible(True)
        self.updated.emit()

    def _show_formula(self) -> None:
        self.formula.setText(FORMULAS[self.controls.variant()] + "&nbsp;&nbsp; " +
                             self.tr("(base = 10000 in the paper)"))

    def _show_readout(self, text: str) -> None:
        self.readout.setText(text)

    def tabs_in_order(self):
        return [self.tabs.widget(i) for i in range(self.tabs.count())]

    # ---- export -----------------------------------------------------------------------------
    def _current(self):
        if self.analysis is None:
            raise RuntimeError(self.tr("Nothing to export yet."))
        return self.tabs.currentWidget()

    def export_png(self, path):
        return export_png(self._current().graphics.ci, path)

    def export_svg(self, path):
        return export_svg(self._current(), path, title=self.title())

    def export_csv(self, path):
        matrix, rows, columns, corner = self._current().table()
        return export_csv(path, matrix, rows, columns, corner=corner)
