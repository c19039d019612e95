"""The attention view's controls: the input, the model, teacher forcing, and which matrix to show."""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QSignalBlocker, QSize, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLineEdit, QVBoxLayout, QWidget

from app.binding import bind_choice, bind_widgets
from app.colour_scale import FITTED, FIXED, ROBUST_PERCENTILE
from app.views.attention.state import AttentionState
from app.widgets.examples_button import input_and_model_row, model_combo
from app.widgets.flow_layout import flow_row
from app.widgets.settings_popup import SettingsPopupButton
from app.widgets.form import main_line_edit
from engine.models.registry import list_models

KINDS = (
    ("encoder_self", QT_TRANSLATE_NOOP("AttentionControls", "Encoder self-attention")),
    ("decoder_self", QT_TRANSLATE_NOOP("AttentionControls", "Decoder masked self-attention")),
    ("cross", QT_TRANSLATE_NOOP("AttentionControls", "Cross-attention (decoder → encoder)")),
)


def kind_label(kind: str) -> str:
    """The attention kind's name in the interface language."""
    return QCoreApplication.translate("AttentionControls", dict(KINDS)[kind])


class TargetEdit(QLineEdit):
    """The teacher-forcing target, asking for about a date's width: the selectors' flow row
    places each item at its size hint, and Qt's 17 characters put teacher forcing on a line of
    its own at 22 pt (four rows of controls over the heatmap instead of three).  A longer target
    scrolls in the box."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        metrics = QFontMetrics(self.font())
        width = metrics.horizontalAdvance("2021-03-26") + super().minimumSizeHint().width()
        return QSize(max(width, self.minimumWidth()), super().sizeHint().height())


class AttentionControls(QWidget):
    """The inputs and the matrix selectors, bound to the view's state (the view watches it)."""

    #: the model changed
    model_changed = Signal()

    def __init__(self, state: AttentionState, parent=None):
        super().__init__(parent)
        self.view_state = state
        self.input = main_line_edit("", self.tr("Type a date in any format, e.g. 4 Nov 1988 or 2021年3月26日"))
        self.model_box, self.models = model_combo(list_models())
        self.teacher_check = QCheckBox(self.tr("Teacher forcing:"))
        self.teacher_input = TargetEdit()
        self.teacher_input.setPlaceholderText(self.tr("target to force, e.g. 2021-03-26"))
        self.teacher_input.setEnabled(False)
        self.kind_box = QComboBox()
        for kind, label in KINDS:
            self.kind_box.addItem(kind_label(kind), kind)
        self.layer_box = QComboBox()
        # as wide as its widest item ("Mean over heads"; "各头平均" in Chinese, where 15 characters'
        # minimum made it 214 px at 11 pt, 90 more than it needs, and with a Hugging Face seq2seq
        # model's toggles the selectors took a second line)
        self.head_box = QComboBox()
        for box in (self.kind_box, self.layer_box, self.head_box):
            # the current item's full text ("Layer 2", not "Lay") at any zoom
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

        # Row 1: the input (stretching) and the model.  Row 2 wraps (FlowLayout): on a 1280 px
        # projector or with text ×2 its selectors go onto a second line instead of widening the window.
        self.examples_button, first = input_and_model_row(self.input, self.model_box, self.models)
        self.teacher_input.setMinimumWidth(160)
        # teacher forcing, hidden for a model that takes no target (see the view's _show_usable)
        self.teacher_row = teacher = QWidget()
        teacher_row = QHBoxLayout(teacher)
        teacher_row.setContentsMargins(0, 0, 0, 0)
        teacher_row.addWidget(self.teacher_check)
        teacher_row.addWidget(self.teacher_input)
        self.scale_box = QComboBox()
        self.scale_box.addItem(self.tr("0 … 1"), FIXED)
        self.scale_box.addItem(self.tr("fitted to the matrix"), FITTED)
        self.scale_box.setToolTip(self.tr(
            "Fitted: colours from 0 to the {0}th percentile of the weights shown, so that the small weights "
            "of a long input differ (larger weights get the top colour)").format(f"{ROBUST_PERCENTILE:g}"))
        self.scale_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.selectors = flow_row(teacher, (self.tr("Attention:"), self.kind_box), (self.tr("Layer:"), self.layer_box),
                                  (self.tr("Head:"), self.head_box), (self.tr("Colours:"), self.scale_box))
        # from 20 pt teacher forcing and the colour scale open from this button: with them the
        # selectors took three lines beside the lecture panel at 22 pt and the page scrolled
        self.settings_button = SettingsPopupButton(
            (teacher, self.scale_box.parentWidget()), self.tr("Settings ▾"),
            self.tr("Teacher forcing and the colour scale"))
        self.selectors.layout().addWidget(self.settings_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(first)
        column.addWidget(self.selectors)

        self.teacher_check.toggled.connect(self.teacher_input.setEnabled)
        self.model_box.currentIndexChanged.connect(self.model_changed)
        bind_widgets(state, model=self.model_box, text=self.input, teacher_forcing=self.teacher_check,
                     target=self.teacher_input, colour_scale=self.scale_box)
        # what the selectors offer follows each result (offer()): a choice they cannot show yet is
        # kept for the result of its model
        for name, box in (("kind", self.kind_box), ("layer", self.layer_box), ("head", self.head_box)):
            bind_choice(state, name, box, keep_unshown=True)

    @property
    def model_name(self) -> str | None:
        return self.view_state.model or None

    def target(self) -> str | None:
        """The forced target, or None when teacher forcing is off or the box is empty."""
        return self.view_state.target_forced()

    def prefill_target(self, text: str) -> None:
        """Start teacher forcing from the model's own output, selected, so that typing replaces it."""
        if not self.teacher_input.text():
            self.teacher_input.setText(text)
        self.teacher_input.selectAll()
        self.teacher_input.setFocus()

    # ---- what the selectors offer ---------------------------------------------------------------
    def offer(self, kinds, kind: str, n_layers: int, n_heads: int, layer: int, head: int | None,
              single_label: str | None = None) -> None:
        """Offer only what the model has, showing the state's choice (signals blocked: this is not
        a user's choice, and `kind`, `layer`, `head` are the state's already).  `single_label` names
        the one matrix of a model without layers and heads (the RNN)."""
        with QSignalBlocker(self.kind_box), QSignalBlocker(self.layer_box), QSignalBlocker(self.head_box):
            model = self.kind_box.model()
            for i in range(self.kind_box.count()):
                model.item(i).setEnabled(self.kind_box.itemData(i) in kinds)
            self.kind_box.setCurrentIndex(self.kind_box.findData(kind))
            single = n_layers == 1 and n_heads == 1
            layer_items = [single_label] if single and single_label else \
                [self.tr("Layer {0}").format(i + 1) for i in range(n_layers)]
            if [self.layer_box.itemText(i) for i in range(self.layer_box.count())] != layer_items:
                self.layer_box.clear()
                for i, text in enumerate(layer_items):
                    self.layer_box.addItem(text, i)
            head_items = ([single_label] if single and single_label else
                          [self.tr("Head {0}").format(h + 1) for h in range(n_heads)] + [self.tr("Mean over heads")])
            if [self.head_box.itemText(i) for i in range(self.head_box.count())] != head_items:
                self.head_box.clear()
                for h, text in enumerate(head_items):
                    self.head_box.addItem(text, h if h < n_heads and not single else None)
            self.layer_box.setCurrentIndex(layer)
            self.head_box.setCurrentIndex(0 if single else (n_heads if head is None else head))
            self.layer_box.setEnabled(not single)
            self.head_box.setEnabled(not single)
