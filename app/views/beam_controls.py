"""The two control rows of the beam-search view: what the search runs with (SearchControls) and
how far it is revealed (StepBar).  Neither runs anything: they emit signals and the view acts."""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit,
                               QSpinBox, QToolButton, QWidget)

from app.views.beam_style import point_font
from engine.models.registry import list_models

PENALTIES = (
    ("power", "log P / L^α"),
    ("gnmt", "log P / ((5+L)/6)^α  (GNMT)"),
    ("none", "none: log P"),
)


class SearchControls(QWidget):
    """Input, model, beam width, length normalisation and α, and the two switches for what the
    tree draws.  The owner debounces `search_changed`."""

    #: the input, B, the normalisation or α was edited
    search_changed = Signal()
    model_changed = Signal()
    show_pruned_toggled = Signal(bool)
    show_all_toggled = Signal(bool)

    def __init__(self, example: str, parent=None):
        super().__init__(parent)
        self.input = QLineEdit(example)
        self.input.setFont(point_font(16))
        self.input.setPlaceholderText(self.tr("Type a date in any format, e.g. 4 Nov 1988"))
        self.input.setClearButtonEnabled(True)
        self.model_box = QComboBox()
        for info in sorted(list_models(), key=lambda m: (m.architecture != "transformer", m.name)):
            if not info.error:
                self.model_box.addItem(info.name, info.name)
        self.beam_spin = QSpinBox()
        self.beam_spin.setRange(1, 64)
        self.beam_spin.setValue(5)
        self.beam_spin.setToolTip(self.tr("Beam width B: how many partial outputs the search keeps at each step"))
        self.penalty_box = QComboBox()
        for key, label in PENALTIES:
            self.penalty_box.addItem(self.tr(label), key)
        self.penalty_box.setToolTip(self.tr("Length normalisation: how finished hypotheses are scored"))
        self.alpha_spin = QDoubleSpinBox()
        self.alpha_spin.setRange(0.0, 3.0)
        self.alpha_spin.setSingleStep(0.1)
        self.alpha_spin.setDecimals(2)
        self.alpha_spin.setValue(0.7)
        self.pruned_check = QCheckBox(self.tr("Show pruned"))
        self.pruned_check.setChecked(True)
        self.all_check = QCheckBox(self.tr("All candidates (not only the 2B considered)"))

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("Input:")), 0, 0)
        grid.addWidget(self.input, 0, 1)
        grid.addWidget(QLabel(self.tr("Model:")), 0, 2)
        grid.addWidget(self.model_box, 0, 3)
        row = QHBoxLayout()
        for label, widget in ((self.tr("Beam width B:"), self.beam_spin),
                              (self.tr("Length normalisation:"), self.penalty_box),
                              (self.tr("α:"), self.alpha_spin)):
            row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addSpacing(16)
        row.addWidget(self.pruned_check)
        row.addWidget(self.all_check)
        row.addStretch(1)
        grid.addLayout(row, 1, 0, 1, 4)
        grid.setColumnStretch(1, 1)

        self.input.textChanged.connect(self.search_changed)
        self.beam_spin.valueChanged.connect(self.search_changed)
        self.alpha_spin.valueChanged.connect(self.search_changed)
        self.penalty_box.currentIndexChanged.connect(self._penalty_changed)
        self.model_box.currentIndexChanged.connect(self.model_changed)
        self.pruned_check.toggled.connect(self.show_pruned_toggled)
        self.all_check.toggled.connect(self.show_all_toggled)
        self.alpha_spin.setEnabled(self.length_penalty != "none")

    @property
    def model_name(self) -> str | None:
        return self.model_box.currentData()

    @property
    def length_penalty(self) -> str:
        return self.penalty_box.currentData()

    @property
    def alpha(self) -> float:
        return round(self.alpha_spin.value(), 4)

    def _penalty_changed(self, *_):
        self.alpha_spin.setEnabled(self.length_penalty != "none")
        self.search_changed.emit()


def _tool_button(text: str, tip: str) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the tree
    button.setMinimumWidth(34)
    return button


class StepBar(QWidget):
    """Start / Back / Play / Next / End and the step counter, the tree's colour legend, and zoom.
    It holds the play timer and asks for steps with `reveal_requested`; the owner answers with
    `set_progress`."""

    PLAY_MS = 900
    #: how many steps of the search to show
    reveal_requested = Signal(int)
    #: Back, Next or Play was used: the owner gives the keyboard to the tree
    stepping = Signal()
    zoom_requested = Signal(float)
    fit_requested = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.revealed = 0
        self.total = 0
        self.play_timer = QTimer(self)
        self.play_timer.setInterval(self.PLAY_MS)
        self.play_timer.timeout.connect(lambda: self.reveal_requested.emit(self.revealed + 1))

        self.first_button = _tool_button(self.tr("|◀ Start"), self.tr("Back to the start"))
        self.back_button = _tool_button(self.tr("◀ Back"), self.tr("One step back (←)"))
        self.play_button = _tool_button(self.tr("▶ Play"), self.tr("Play / pause (Space)"))
        self.forward_button = _tool_button(self.tr("Next ▶"), self.tr("One step forward (→)"))
        self.last_button = _tool_button(self.tr("End ▶|"), self.tr("Show the whole search"))
        self.step_label = QLabel()
        self.step_label.setMinimumWidth(200)
        self.zoom_out_button = _tool_button("−", self.tr("Zoom out (or the mouse wheel)"))
        self.fit_button = _tool_button(self.tr("Fit"), self.tr("The whole tree / back to a readable size (key 0)"))
        self.zoom_in_button = _tool_button("+", self.tr("Zoom in (or the mouse wheel)"))
        self.legend = QLabel(self.tr(
            "<span style='color:#1565c0'>■&nbsp;kept</span> &nbsp; <span style='color:#2e7d32'>■&nbsp;finished&nbsp;✓"
            "</span> &nbsp; <span style='color:#9e9e9e'>■&nbsp;pruned</span> &nbsp; <span style='color:#6a1b9a'>"
            "■&nbsp;forced</span> &nbsp; <span style='color:#ef6c00'>━&nbsp;selected&nbsp;hypothesis</span> &nbsp; "
            "numbers:&nbsp;log&nbsp;P"))
        self.legend.setToolTip(self.tr("Each box: the token and the cumulative log-probability log P of the prefix "
                                       "it ends. A box that ends a hypothesis also shows its rank and normalised "
                                       "score. Hover over a box for the arithmetic; click it to inspect it."))
        self.legend.setWordWrap(True)

        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        for b in (self.first_button, self.back_button, self.play_button, self.forward_button, self.last_button):
            self.row.addWidget(b)
        self.row.addWidget(self.step_label)
        self.row.addStretch(1)
        self.row.addWidget(self.legend, 1)
        self.row.addSpacing(12)
        for b in (self.zoom_out_button, self.fit_button, self.zoom_in_button):
            self.row.addWidget(b)

        self.first_button.clicked.connect(lambda: self.reveal_requested.emit(0))
        self.back_button.clicked.connect(self.step_back)
        self.play_button.clicked.connect(self.toggle_play)
        self.forward_button.clicked.connect(self.step_forward)
        self.last_button.clicked.connect(lambda: self.reveal_requested.emit(self.total))
        self.zoom_in_button.clicked.connect(lambda: self.zoom_requested.emit(1.25))
        self.zoom_out_button.clicked.connect(lambda: self.zoom_requested.emit(1 / 1.25))
        self.fit_button.clicked.connect(self.fit_requested)

    def add_widget(self, widget: QWidget) -> None:
        """Append a widget at the right end of the row (the view's Export button)."""
        self.row.addWidget(widget)

    def set_progress(self, revealed: int, total: int) -> None:
        self.revealed, self.total = revealed, total
        self.step_label.setText(self.tr("Step {0} of {1}").format(revealed, total))
        self.back_button.setEnabled(revealed > 0)
        self.first_button.setEnabled(revealed > 0)
        self.forward_button.setEnabled(revealed < total)
        self.last_button.setEnabled(revealed < total)
        if revealed >= total and self.playing:
            self.pause()

    def step_forward(self):
        self.stepping.emit()
        self.reveal_requested.emit(self.revealed + 1)

    def step_back(self):
        self.stepping.emit()
        self.reveal_requested.emit(self.revealed - 1)

    def toggle_play(self):
        self.stepping.emit()
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self):
        if self.revealed >= self.total:
            self.reveal_requested.emit(0)
        self.play_timer.start()
        self.play_button.setText(self.tr("❚❚ Pause"))

    def pause(self):
        self.play_timer.stop()
        self.play_button.setText(self.tr("▶ Play"))

    @property
    def playing(self) -> bool:
        return self.play_timer.isActive()
