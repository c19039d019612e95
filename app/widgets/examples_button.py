"""An "Examples" button whose menu types an example into a line edit (one undoable edit)."""
from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QMenu, QToolButton


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

    def set_examples(self, examples) -> None:
        self.examples = tuple(examples)
        menu = self.menu()
        menu.clear()
        for text in self.examples:
            menu.addAction(text).triggered.connect(lambda _=False, t=text: self.choose(t))
        self.setEnabled(bool(self.examples))

    def choose(self, text: str) -> None:
        self.target.selectAll()
        self.target.insert(text)  # an edit the user can undo with Ctrl+Z
