"""The BLEU view's inputs: candidate, references (one per line), the scoring options, presets."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import (QCheckBox, QGridLayout, QLabel, QLineEdit, QMenu,
                               QPlainTextEdit, QSpinBox, QToolButton, QWidget)

from app import style
from app.binding import bind_widgets
from app.views.bleu.presets import PRESETS, Preset
from app.views.bleu.state import BleuState
from app.widgets.combo_width import CurrentTextCombo
from app.widgets.flow_layout import flow_row

SMOOTHING = (
    ("exp", QT_TRANSLATE_NOOP("BleuControls", "exp (default)")),
    ("none", QT_TRANSLATE_NOOP("BleuControls", "none")),
    ("floor", QT_TRANSLATE_NOOP("BleuControls", "floor (ε = 0.1)")),
    ("add-k", QT_TRANSLATE_NOOP("BleuControls", "add-k (k = 1)")),
)
TOKENIZERS = (("13a", QT_TRANSLATE_NOOP("BleuControls", "13a (mteval)")),
              ("none", QT_TRANSLATE_NOOP("BleuControls", "whitespace")))


class BleuControls(QWidget):
    """The inputs, bound to the view's state (every edit lands there; the view watches it)."""

    def __init__(self, state: BleuState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.candidate = style.scaled(QLineEdit(), 1.3)
        self.candidate.setPlaceholderText(self.tr("The candidate translation"))
        self.candidate.setClearButtonEnabled(True)
        self.references = QPlainTextEdit()
        self.references.setPlaceholderText(self.tr("One reference translation per line"))
        self.references.setTabChangesFocus(True)
        self.fit_references()
        # as wide as the chosen item (CurrentTextCombo): sized for their longest items the two boxes
        # put "lowercase" on a line of its own beside the lecture panel at 22 pt in Chinese
        self.smoothing_box = CurrentTextCombo()
        for method, label in SMOOTHING:
            self.smoothing_box.addItem(self.tr(label), method)
        self.tokenize_box = CurrentTextCombo()
        self.tokenize_box.setToolTip(self.tr("13a: punctuation becomes separate tokens, as in WMT's mteval-v13a; "
                                             "whitespace: split on spaces only"))
        for name, label in TOKENIZERS:
            self.tokenize_box.addItem(self.tr(label), name)
        self.effective_check = QCheckBox(self.tr("effective order"))
        self.effective_check.setToolTip(self.tr("Use only the orders n the candidate has n-grams of "
                                                "(sacrebleu's sentence_bleu default)"))
        self.lowercase_check = QCheckBox(self.tr("lowercase"))
        self.max_n_spin = QSpinBox()
        self.max_n_spin.setRange(1, 6)
        self.preset_button = QToolButton()
        self.preset_button.setText(self.tr("Presets"))
        self.preset_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.preset_button)
        self.preset_actions = []
        for preset in PRESETS:
            action = menu.addAction(QCoreApplication.translate("BleuPresets", preset.name))
            action.triggered.connect(lambda _=False, p=preset: self.apply_preset(p))
            self.preset_actions.append(action)
        self.preset_button.setMenu(menu)

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("Candidate:")), 0, 0)
        grid.addWidget(self.candidate, 0, 1)
        grid.addWidget(self.preset_button, 0, 2)
        grid.addWidget(QLabel(self.tr("References\n(one per line):")), 1, 0)
        grid.addWidget(self.references, 1, 1, 1, 3)
        # the options wrap (FlowLayout): in one row they needed 1396 px at 22 pt
        grid.addWidget(flow_row((self.tr("Smoothing:"), self.smoothing_box), (self.tr("Tokenisation:"), self.tokenize_box),
                                (self.tr("Max n:"), self.max_n_spin), self.effective_check, self.lowercase_check),
                       2, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        self.grid = grid
        bind_widgets(state, candidate=self.candidate, references=self.references, smoothing=self.smoothing_box,
                     tokenize=self.tokenize_box, max_n=self.max_n_spin, effective_order=self.effective_check,
                     lowercase=self.lowercase_check)

    def add_button(self, button: QWidget) -> None:
        """`button` (the view's Export) at the end of the candidate's row, beside Presets."""
        self.grid.addWidget(button, 0, 3)

    def fit_references(self) -> None:
        """Three lines of references visible at the current text size."""
        lines = self.references.fontMetrics().lineSpacing()
        self.references.setFixedHeight(int(lines * 3.3) + 2 * self.references.frameWidth() + 8)

    # ---- what the controls say ---------------------------------------------------------------
    def current_preset(self) -> Preset | None:
        """The preset the inputs show, if they show one."""
        state = self.view_state
        for preset in PRESETS:
            if (state.candidate == preset.candidate and tuple(state.reference_lines()) == preset.references
                    and state.lowercase == preset.lowercase):
                return preset
        return None

    def apply_preset(self, preset: Preset) -> None:
        """Put a lesson example in, with sacrebleu's default options (the view's debounce makes
        the seven changes one request)."""
        defaults = BleuState()
        state = self.view_state
        state.candidate = preset.candidate
        state.references = "\n".join(preset.references)
        for name in ("smoothing", "tokenize", "max_n", "effective_order"):
            setattr(state, name, getattr(defaults, name))
        state.lowercase = preset.lowercase
