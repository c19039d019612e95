"""What the beam search runs with: the input, the model, B, the length normalisation and α, and
what the tree draws.  The panel runs nothing: it emits signals and the view acts."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QSpinBox, QVBoxLayout,
                               QWidget)

from app.binding import bind_widgets
from app.views.beam.state import BeamState
from app.widgets.examples_button import input_and_model_row, model_combo
from app.widgets.flow_layout import flow_row
from app.widgets.form import main_line_edit
from app.widgets.settings_popup import SettingsPopupButton
from engine.models.registry import list_models

PENALTIES = (
    ("power", QT_TRANSLATE_NOOP("SearchControls", "log P / L^α")),
    ("gnmt", QT_TRANSLATE_NOOP("SearchControls", "log P / ((5+L)/6)^α  (GNMT)")),
    ("none", QT_TRANSLATE_NOOP("SearchControls", "none: log P")),
)


class SearchControls(QWidget):
    """Input, model, beam width, length normalisation and α, and the two switches for what the
    tree draws, bound to the view's state (the view watches it)."""

    def __init__(self, state: BeamState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.input = main_line_edit("", self.tr("Type a date in any format, e.g. 4 Nov 1988"))
        self.model_box, self.models = model_combo(list_models())
        self.beam_spin = QSpinBox()
        self.beam_spin.setRange(1, 64)
        self.beam_spin.setToolTip(self.tr("Beam width B: how many partial outputs the search keeps at each step"))
        self.penalty_box = QComboBox()
        for key, label in PENALTIES:
            self.penalty_box.addItem(self.tr(label), key)
        self.penalty_box.setToolTip(self.tr("Length normalisation: how finished hypotheses are scored"))
        self.alpha_spin = QDoubleSpinBox()
        self.alpha_spin.setRange(0.0, 3.0)
        self.alpha_spin.setSingleStep(0.1)
        self.alpha_spin.setDecimals(2)
        self.pruned_check = QCheckBox(self.tr("Show pruned"))
        self.all_check = QCheckBox(self.tr("All candidates"))
        self.all_check.setToolTip(self.tr("Draw every candidate token of each step, not only the 2B the search "
                                          "considered"))

        # Row 1: the input (stretching) and the model.  Row 2 wraps (FlowLayout): in one
        # QHBoxLayout it made the window at least 1468 px wide, more than a projector's 1280.
        self.examples_button, first = input_and_model_row(self.input, self.model_box, self.models)
        self.penalty_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.options = flow_row((self.tr("Beam width B:"), self.beam_spin),
                                (self.tr("Length normalisation:"), self.penalty_box),
                                (self.tr("α:"), self.alpha_spin), self.pruned_check, self.all_check)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(first)
        column.addWidget(self.options)
        # at large text the settings' row and the switches fold behind this button (the view
        # places it before the tree's zoom): at 22 pt they cost the tree its 40 % of a 1280×680
        # window.  The view calls its fit_to_text once it has put the switches in their place.
        self.settings_button = SettingsPopupButton(
            (self.options, self.pruned_check, self.all_check), self.tr("Settings ▾"),
            self.tr("The search's settings (beam width B, length normalisation, α) and what the tree draws"))

        bind_widgets(state, model=self.model_box, text=self.input, beam_width=self.beam_spin,
                     length_penalty=self.penalty_box, alpha=self.alpha_spin, show_pruned=self.pruned_check,
                     show_all=self.all_check)
        state.watch(self._penalty_changed, "length_penalty")
        self._penalty_changed()

    @property
    def model_name(self) -> str | None:
        return self.view_state.model or None

    @property
    def length_penalty(self) -> str:
        return self.view_state.length_penalty

    @property
    def alpha(self) -> float:
        return round(self.view_state.alpha, 4)

    def _penalty_changed(self, *_):
        self.alpha_spin.setEnabled(self.length_penalty != "none")
