"""A collapsible explanation: a toggle line, and under it a few sentences and the formula."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolButton, QVBoxLayout, QWidget


class ExplanationBox(QWidget):
    """Collapsed: one line ("▸ What this view shows").  Expanded: the text, then the formula on
    its own lines (plain Unicode, so it needs no maths renderer and exports as text)."""

    def __init__(self, text: str, formula: str, parent=None):
        super().__init__(parent)
        self.setObjectName("explanation")
        self.toggle = QToolButton()
        self.toggle.setText(self.tr("What this view shows"))
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolTip(self.tr("Show or hide a short explanation of the concept and its formula"))
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.setContentsMargins(18, 0, 6, 4)
        self.set_content(text, formula)
        self.body.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toggle)
        layout.addWidget(self.body)
        self.toggle.toggled.connect(self.set_expanded)
        # compact: the toggle's row is given to the view (the window offers its own toggle, beside
        # the list of views); presenting: neither toggle nor text
        self._compact = self._presenting = False

    def set_content(self, text: str, formula: str) -> None:
        """Say something else (a view whose explanation depends on what it shows: the attention
        view's kind and model)."""
        self.text, self.formula = text, formula
        formula_lines = "<br>".join(html.escape(line) for line in formula.splitlines())
        self.body.setText(f"<p>{html.escape(text)}</p><p style='font-family:monospace'>{formula_lines}</p>")

    @property
    def expanded(self) -> bool:
        return self.body.isVisibleTo(self)

    def set_expanded(self, on: bool) -> None:
        self.toggle.blockSignals(True)
        self.toggle.setChecked(on)
        self.toggle.blockSignals(False)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.body.setVisible(on)
        self._update_visibility()

    def set_compact(self, on: bool) -> None:
        """Without its own toggle line: shown only while expanded (from elsewhere)."""
        self._compact = on
        self.toggle.setVisible(not on)
        self._update_visibility()

    def set_presenting(self, on: bool) -> None:
        self._presenting = on
        self._update_visibility()

    def _update_visibility(self) -> None:
        self.setVisible(not self._presenting and (not self._compact or self.expanded))
