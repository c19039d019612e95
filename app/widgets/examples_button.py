"""The model choice of a view: a combo box of the shipped models, and an "Examples" button whose
menu types the chosen model's example inputs into a line edit (one undoable edit).

Generic: the view passes the model list in (engine.models.registry.list_models); a widget
imports nothing from the engine (tests/app/test_boundaries.py)."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QMenu, QToolButton


def model_combo(infos) -> tuple[QComboBox, dict]:
    """(a combo box whose item data are model names, {name: ModelInfo}) of `infos` (the shipped
    models' ModelInfo: name, architecture, examples, error); Transformers first (the richer
    picture), then the others, each group by name.  A model whose config.json cannot be read is
    not offered."""
    box = QComboBox()
    models = {info.name: info for info in infos if not info.error}
    for info in sorted(models.values(), key=lambda m: (m.architecture != "transformer", m.name)):
        box.addItem(info.name, info.name)
    return box, models


class ExamplesButton(QToolButton):
    def __init__(self, target: QLineEdit, parent=None):
        super().__init__(parent)
        self.target = target
        self.setText(self.tr("Examples"))
        self.setToolTip(self.tr("Type one of the model's example inputs"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setMenu(QMenu(self))
        self.examples: tuple[str, ...] = ()
        self.set_examples(())

    def follow(self, box: QComboBox, models: dict) -> None:
        """Offer the examples of the model chosen in `box` (the lesson's sentences for zh-en-toy)."""
        def offer(*_):
            info = models.get(box.currentData())
            self.set_examples(info.examples if info else ())

        box.currentIndexChanged.connect(offer)
        offer()

    def set_examples(self, examples) -> None:
        self.examples = tuple(examples)
        menu = self.menu()
        menu.clear()
        for text in self.examples:
            menu.addAction(text).triggered.connect(lambda _=False, t=text: self.choose(t))
        # a model without examples (a Hugging Face folder the user opened) has no use for the
        # button: it is hidden rather than greyed out, as the view's other unusable controls are
        self.setVisible(bool(self.examples))

    def choose(self, text: str) -> None:
        self.target.selectAll()
        self.target.insert(text)  # an edit the user can undo with Ctrl+Z


def input_and_model_row(line_edit: QLineEdit, box: QComboBox, models: dict) -> tuple[ExamplesButton, QHBoxLayout]:
    """"Input: [line edit][Examples] Model: [box]": the line edit stretches, and the Examples
    button beside it follows the model chosen in `box`."""
    button = ExamplesButton(line_edit)
    button.follow(box, models)
    row = QHBoxLayout()
    row.addWidget(QLabel(QCoreApplication.translate("InputRow", "Input:")))
    row.addWidget(line_edit, 1)
    row.addWidget(button)
    row.addWidget(QLabel(QCoreApplication.translate("InputRow", "Model:")))
    row.addWidget(box)
    return button, row
