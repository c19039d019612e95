"""The positional-encoding view: one request loop on the "positional" channel.

Every parameter change (debounced) builds one CallRequest(engine.positional.analyse) from the
controls (bad parameters raise InputProblem there); a result updates five tabs in place:
encoding (heatmap + curves), position similarity, the shift PE(pos+k) = M_k·PE(pos),
wavelengths, and the naive codes.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout

from app import style
from app.export import ExportButton, matrix_csv
from app.binding import bind_tab
from app.views.base import View, shows
from app.views.positional.controls import PositionalControls
from app.views.positional.encoding_tab import EncodingTab
from app.views.positional.naive_tab import NaiveTab
from app.views.positional.shift_tab import ShiftTab
from app.views.positional.similarity_tab import SimilarityTab
from app.views.positional.state import TABS, PositionalState
from app.views.positional.wavelength_tab import WavelengthTab
from app.widgets.corner_buttons import put_in_corner
from app.widgets.fold_toggle import FoldToggle
from app.widgets.form import add_tab
from app.widgets.scrolling_page import ScrollingTabs
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
    TITLE = QT_TRANSLATE_NOOP("PositionalView", "Positional encoding")
    State = PositionalState

    def __init__(self, bridge, state, parent=None):
        super().__init__(bridge, state, parent)
        self.controls = PositionalControls(self.view_state)
        self.export_button = ExportButton(self)
        self.formula = style.scaled(QLabel(), 1.15)
        self.formula.setObjectName("formula")
        self.formula.setTextFormat(Qt.TextFormat.RichText)
        self.formula.setWordWrap(True)

        self.tabs = ScrollingTabs()  # a tall page scrolls instead of growing the window
        # The notes (where the chosen layout is used, and each tab's caption) fold behind a toggle
        # at large text, and Export sits beside it in the tab bar's free end: on lines of their
        # own they left the plots nothing of a 1280×680 window at 22 pt (the view needed 638 px
        # of height in English and 720 in Chinese where 595 and 580 are left)
        self.notes_toggle = FoldToggle(self.tr("Notes"), self.tr(
            "Show or hide the notes: the formula, where the chosen layout is used, and why each picture looks as it does"))
        self.notes_toggle.toggled.connect(self._show_notes)
        put_in_corner(self.tabs, self.notes_toggle, self.export_button)
        self._presenting = False
        self.encoding_tab = add_tab(self.tabs, EncodingTab(), self.tr("Encoding"))
        self.similarity_tab = add_tab(self.tabs, SimilarityTab(), self.tr("Similarity"))
        self.shift_tab = add_tab(self.tabs, ShiftTab(), self.tr("Shift by k"))
        self.wavelength_tab = add_tab(self.tabs, WavelengthTab(), self.tr("Wavelengths"))
        self.naive_tab = add_tab(self.tabs, NaiveTab(), self.tr("Naive codes"))
        for tab in self.tabs_in_order():
            tab.hovered.connect(self._show_readout)
            tab.redrawn.connect(self.updated)
        self.content = self.tabs
        self.readout = QLabel(self.tr("Move the mouse over a plot to read exact values."))
        self.readout.setObjectName("readout")
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.readout.setWordWrap(True)  # eight exact values must not widen the window

        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        # The formula, what uses its layout, and Export in one row: the layout's uses in the
        # controls' wrapping row (three lines at 16 pt) and Export on a line of its own after it
        # left the tabs 35 % of a 1280×680 window, and the view scrolled from 16 pt
        formula_row = QHBoxLayout()
        formula_row.addWidget(self.formula, 2)
        formula_row.addWidget(self.controls.variant_uses, 1)
        layout.addLayout(formula_row)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.readout)

        bind_tab(self.view_state, "tab", self.tabs, TABS)
        self.loop = self.request_loop("positional", build=self.build_request, render=self.render_analysis)
        self.view_state.watch(self._show_formula, "variant")
        self.view_state.watch(self.loop.schedule, "d_model", "n_positions", "base_text", "variant", "similarity",
                              "pos", "k")
        self._show_formula()
        self._fold_notes_for_text_size()
        self.loop.schedule()

    analysis = shows("loop", "The PositionalAnalysis on screen.")

    #: the main plot is the tab widget, whose tab bar takes one of these lines; the plots in a
    #: tab keep their own least height (tab_base.PositionalTab.PLOT_LINES)
    PLOT_LINES = 9

    # ---- requests and results ----------------------------------------------------------------
    def build_request(self) -> CallRequest:
        return CallRequest(analyse, kwargs=self.controls.parameters().kwargs())

    def render_analysis(self, result) -> None:
        for tab in self.tabs_in_order():
            tab.show_analysis(result.value)

    def _show_formula(self, *_) -> None:
        self.formula.setText(FORMULAS[self.controls.variant()] + "&nbsp;&nbsp; " +
                             self.tr("(base = 10000 in the paper)"))

    def _show_readout(self, text: str) -> None:
        self.readout.setText(text)

    def tabs_in_order(self):
        return [self.tabs.widget(i) for i in range(self.tabs.count())]

    def set_presenting(self, on: bool) -> None:
        """The tabs' captions are hidden while presenting: the lecturer says why the picture
        looks as it does."""
        super().set_presenting(on)
        self._presenting = on
        self._show_notes()

    # ---- notes -------------------------------------------------------------------------------
    #: from this text size on, the notes open folded: with them, at 16 and 18 pt on 1280×680
    #: the plots were squeezed to their least height (seven lines) under a four-line caption
    NOTES_FOLDED_FROM_POINTS = 16

    def _show_notes(self, *_) -> None:
        shown = self.notes_toggle.isChecked()
        # the formula too: two lines of it at 22 pt were the room that left the plots four lines
        # of data (the Shift and Naive codes tabs scrolled); the tabs and their axes say the rest
        self.formula.setVisible(shown)
        self.controls.variant_uses.setVisible(shown)
        for tab in self.tabs_in_order():
            tab.caption.setVisible(shown and not self._presenting)

    # ---- zoom --------------------------------------------------------------------------------
    def apply_zoom(self) -> None:
        super().apply_zoom()
        for tab in self.tabs_in_order():
            tab.restyle()
        if hasattr(self, "notes_toggle"):  # the base's constructor zooms before the toggle exists
            self._fold_notes_for_text_size()

    def _fold_notes_for_text_size(self) -> None:
        self.notes_toggle.setChecked(style.point_size() < self.NOTES_FOLDED_FROM_POINTS)
        self._show_notes()

    # ---- exports -----------------------------------------------------------------------------
    def _current_tab(self):
        if self.analysis is None:
            raise ValueError(self.tr("Nothing to export yet."))
        return self.tabs.currentWidget()

    def picture(self):
        tab = self._current_tab()
        a = self.analysis
        settings = self.tr("{0} layout · d_model {1} · base {2} · {3} positions").format(
            a.variant, a.d_model, style.format_number(a.base), a.n_positions)
        if tab is self.shift_tab:
            settings += self.tr(" · pos {0}, k {1}").format(a.pos, a.k)
        elif tab is self.similarity_tab:
            settings += self.tr(" · {0}, row {1}").format(tab.similarity_name(), a.pos)
        caption = self.tr("{0} · {1} · {2}").format(self.title(), self.tabs.tabText(self.tabs.currentIndex()),
                                                   settings)
        return tab.graphics, caption

    def scene_caption(self) -> str:
        """A lecture scene's name: the open tab and the encoding's parameters (every positional
        scene was named just "Positional encoding")."""
        state = self.view_state
        return self.tr("{0}, d_model {1}, {2} positions, base {3}").format(
            self.tabs.tabText(self.tabs.currentIndex()).replace("&", ""), state.d_model, state.n_positions,
            " ".join(state.base_text.split()))

    def export_basename(self) -> str:
        name = self.tabs.tabText(self.tabs.currentIndex()).lower().replace(" ", "-")
        return f"positional-{name}"

    def export_csv(self, path):
        matrix, rows, columns, corner = self._current_tab().table()
        return matrix_csv(path, matrix, rows, columns, corner=corner)
