"""The control bar of the positional-encoding view: d_model, positions, base, variant,
similarity, pos and k.  It only collects and checks values; it emits `changed` on every edit
(the view's request loop debounces)."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSignalBlocker, Qt
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLineEdit, QSizePolicy, QSlider,
                               QSpinBox, QVBoxLayout, QWidget)

from app.views.base import InputProblem
from app.engine_text import engine_message
from app.binding import bind_widgets
from app.views.positional.state import PositionalState
from app.widgets.flow_layout import flow_row
from engine.positional import MAX_D_MODEL, MAX_POSITIONS, VARIANT_USES, VARIANTS

#: Qt's translation, by a short name (pyside6-lupdate reads translate(context, text) calls)
translate = QCoreApplication.translate

#: the engine's layout names, as the combo box shows them
VARIANT_NAMES = {"paper": QT_TRANSLATE_NOOP("PositionalControls", "paper"), "tensor2tensor": "tensor2tensor",
                 "concatenated": QT_TRANSLATE_NOOP("PositionalControls", "concatenated")}

BASE_SLIDER_STEPS_PER_DECADE = 20  # the base slider moves in steps of 10^(1/20)
BASE_SLIDER_DECADES = 6  # 1 .. 10^6
SPIN_LIMIT = 1_000_000  # what a spin box accepts; the caps are checked with a message instead


@dataclass(frozen=True)
class PositionalParams:
    n_positions: int
    d_model: int
    base: float
    variant: str
    pos: int
    k: int
    similarity: str

    def kwargs(self) -> dict:
        return asdict(self)



def parse_base(text: str) -> float | None:
    """'10000', '1e4', '10 000', '10_000' -> float; None if it is not a number."""
    cleaned = text.strip().replace(" ", "").replace("_", "").replace("\u202f", "").replace("\u00a0", "")
    try:
        return float(cleaned)
    except ValueError:
        return None


class PositionalControls(QWidget):
    """The inputs, bound to the view's state (every edit lands there; the view watches it)."""

    def __init__(self, state: PositionalState, parent=None):
        super().__init__(parent)
        self.view_state = state
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)

        self.d_model_spin = QSpinBox()
        self.d_model_spin.setRange(0, SPIN_LIMIT)
        self.d_model_spin.setSingleStep(2)
        self.d_model_spin.setValue(32)
        self.d_model_spin.setToolTip(self.tr("Width of the encoding (even: sine/cosine pairs), at most {0} here")
                                     .format(MAX_D_MODEL))
        self.d_model_slider = self._slider(1, MAX_D_MODEL // 2, 16)  # counts pairs
        self.positions_spin = QSpinBox()
        self.positions_spin.setRange(0, SPIN_LIMIT)
        self.positions_spin.setValue(100)
        self.positions_spin.setToolTip(self.tr("How many positions (0 … n−1) to show, at most {0}")
                                       .format(MAX_POSITIONS))
        self.positions_slider = self._slider(1, MAX_POSITIONS, 100)
        self.base_edit = QLineEdit("10000")
        self.base_edit.setMaximumWidth(130)
        self.base_edit.setToolTip(self.tr("The base of the frequencies: 10000 in the paper. "
                                          "Accepts 1e4 or 10 000 too."))
        self.base_slider = self._slider(0, BASE_SLIDER_STEPS_PER_DECADE * BASE_SLIDER_DECADES,
                                        4 * BASE_SLIDER_STEPS_PER_DECADE)

        self.variant_combo = QComboBox()
        for variant in VARIANTS:
            self.variant_combo.addItem(translate("PositionalControls", VARIANT_NAMES[variant]), variant)
            self.variant_combo.setItemData(self.variant_combo.count() - 1, engine_message(VARIANT_USES[variant]),
                                           Qt.ItemDataRole.ToolTipRole)
        self.variant_uses = QLabel()
        self.variant_uses.setObjectName("variant_uses")
        self.variant_uses.setWordWrap(True)
        self.similarity_combo = QComboBox()
        self.similarity_combo.addItem(self.tr("dot product"), "dot")
        self.similarity_combo.addItem(self.tr("cosine"), "cosine")
        self.pos_spin = QSpinBox()
        self.pos_spin.setRange(0, 99)
        self.pos_spin.setValue(10)
        self.pos_spin.setToolTip(self.tr("The position whose code is shifted in the “Shift by k” tab"))
        self.k_spin = QSpinBox()
        self.k_spin.setRange(-10, SPIN_LIMIT)
        self.k_spin.setValue(5)
        self.k_spin.setToolTip(self.tr("The shift k: PE(pos + k) = M_k · PE(pos)"))

        # each box and its slider keep each other in step: (caption, box, slider, from_box, from_slider)
        row1 = [(self.tr("d_model"), self.d_model_spin, self.d_model_slider, self._d_model_from_spin,
                 self._d_model_from_slider),
                (self.tr("positions"), self.positions_spin, self.positions_slider, self._positions_from_spin,
                 self._positions_from_slider),
                (self.tr("base"), self.base_edit, self.base_slider, self._base_from_text, self._base_from_slider)]
        # each caption, box and slider in one piece; the pieces wrap (FlowLayout), their sliders
        # sharing the line: in a grid the row needed 1,180 px at 22 pt, more than a 1280 px window
        # leaves a view beside the lecture panel
        pieces = []
        for text, box, slider, from_box, from_slider in row1:
            pieces.append(self._slider_piece(self._caption(text, box), box, slider))
            # a box moves its slider quietly; a slider sets the state, whose binding writes the box
            (box.textChanged if box is self.base_edit else box.valueChanged).connect(from_box)
            slider.valueChanged.connect(from_slider)
        rows.addWidget(flow_row(*pieces, spacing=10, fill_lines=True))

        # the second row wraps (FlowLayout): in one row it needed 1394 px at 22 pt
        # (`variant_uses` is the view's to place: beside the formula, where its three wrapped
        # lines took no height of their own)
        row2 = flow_row((self.tr("layout"), self.variant_combo),
                        (self.tr("similarity"), self.similarity_combo), (self.tr("pos"), self.pos_spin),
                        (self.tr("k"), self.k_spin), spacing=10)
        rows.addWidget(row2)

        # Typed numbers count when the user presses Enter or leaves the box (arrows and the wheel
        # still update live): typing "30" must not pass through "3" and clamp pos on the way.
        for box in (self.d_model_spin, self.positions_spin, self.pos_spin, self.k_spin):
            box.setKeyboardTracking(False)
        state.watch(self._variant_changed, "variant")
        self.pos_spin.valueChanged.connect(self._pos_changed)
        # n_positions before pos, pos before k: each one's range depends on the one before
        bind_widgets(state, d_model=self.d_model_spin, n_positions=self.positions_spin, base_text=self.base_edit,
                     variant=self.variant_combo, similarity=self.similarity_combo, pos=self.pos_spin, k=self.k_spin)
        self._variant_changed()

    # ---- construction helpers ------------------------------------------------------------
    @staticmethod
    def _slider(low: int, high: int, value: int) -> QSlider:
        slider = QSlider(Qt.Orientation.Horizontal)
        slider.setRange(low, high)
        slider.setValue(value)
        slider.setMinimumWidth(120)
        return slider

    @staticmethod
    def _slider_piece(caption: QLabel, box: QWidget, slider: QSlider) -> QWidget:
        """`caption`, `box` and `slider` on one line that a flow row never splits; the piece
        grows with its line, the slider taking the growth."""
        piece = QWidget()
        row = QHBoxLayout(piece)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(caption)
        row.addWidget(box)
        row.addWidget(slider, 1)
        piece.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        return piece

    @staticmethod
    def _caption(text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text)
        label.setBuddy(buddy)
        return label

    # ---- keeping spin boxes and sliders in step ------------------------------------------
    def _d_model_from_spin(self, value: int) -> None:
        with QSignalBlocker(self.d_model_slider):
            self.d_model_slider.setValue(max(1, min(MAX_D_MODEL // 2, value // 2)))

    def _d_model_from_slider(self, pairs: int) -> None:
        self.view_state.d_model = 2 * pairs

    def _positions_from_spin(self, value: int) -> None:
        with QSignalBlocker(self.positions_slider):
            self.positions_slider.setValue(max(1, min(MAX_POSITIONS, value)))
        self._update_pos_range()

    def _positions_from_slider(self, value: int) -> None:
        self.view_state.n_positions = value

    def _base_from_text(self, text: str) -> None:
        value = parse_base(text)
        if value is not None and math.isfinite(value) and value > 0:
            step = round(math.log10(value) * BASE_SLIDER_STEPS_PER_DECADE)
            with QSignalBlocker(self.base_slider):
                self.base_slider.setValue(max(self.base_slider.minimum(), min(self.base_slider.maximum(), step)))

    def _base_from_slider(self, step: int) -> None:
        value = 10.0 ** (step / BASE_SLIDER_STEPS_PER_DECADE)
        self.view_state.base_text = f"{value:.6g}" if step % BASE_SLIDER_STEPS_PER_DECADE else f"{value:.0f}"

    def _variant_changed(self, *_):
        self.variant_uses.setText(engine_message(VARIANT_USES[self.variant()]))

    def _pos_changed(self, value: int) -> None:
        # not blocked: a k clamped by its new minimum reaches the state through its binding
        self.k_spin.setMinimum(-value)  # pos + k stays a real position

    def _update_pos_range(self) -> None:
        n = self.positions_spin.value()
        if 1 <= n <= MAX_POSITIONS:
            self.pos_spin.setMaximum(n - 1)  # a pos clamped here moves k's minimum (_pos_changed)

    # ---- values --------------------------------------------------------------------------
    def variant(self) -> str:
        return self.view_state.variant

    def parameters(self) -> PositionalParams:
        """The state's parameters; raises InputProblem saying what is wrong with them."""
        state = self.view_state
        d_model = state.d_model
        n = state.n_positions
        base = parse_base(state.base_text)
        if d_model <= 0:
            raise InputProblem(self.tr("d_model must be a positive even number."))
        if d_model % 2:
            raise InputProblem(self.tr("d_model must be even: every frequency uses one sine and one cosine "
                                       "dimension ({0} is odd).").format(d_model))
        if d_model > MAX_D_MODEL:
            raise InputProblem(self.tr("d_model is limited to {0} in this view ({1} asked).").format(
                MAX_D_MODEL, d_model))
        if n <= 0:
            raise InputProblem(self.tr("Show at least one position."))
        if n > MAX_POSITIONS:
            raise InputProblem(self.tr("At most {0} positions can be shown ({1} asked): the similarity matrix "
                                       "would be too large to draw.").format(MAX_POSITIONS, n))
        if base is None or not math.isfinite(base):
            raise InputProblem(self.tr("The base must be a number such as 10000 or 1e4 (got “{0}”).").format(
                state.base_text))
        if base <= 0:
            raise InputProblem(self.tr("The base must be greater than 0 (got {0}).").format(state.base_text))
        return PositionalParams(n_positions=n, d_model=d_model, base=base, variant=state.variant, pos=state.pos,
                                k=state.k, similarity=state.similarity)
