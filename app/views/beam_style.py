"""How the beam-search view writes numbers and tokens, and the fonts, labels and tables its
panels share, so that every panel looks like the others."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableWidget, QTableWidgetItem

from app.widgets.tokens import display_token, display_tokens

TOP_LEFT = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def fmt(x: float, digits: int = 3) -> str:
    """A number as printed everywhere in this view: fixed digits, a real minus sign."""
    return f"{x:.{digits}f}".replace("-", "−")


def tokens_html(tokens) -> str:
    return "".join(html.escape(display_token(t)) for t in tokens)


def after_bos(tokens) -> str:
    """A prefix as written after ⟨s⟩: a space and its tokens, or nothing for the empty prefix."""
    prefix = "".join(display_tokens(tokens))
    return (" " + prefix) if prefix else ""


def point_font(size: int) -> QFont:
    font = QFont()
    font.setPointSize(size)
    return font


def wrapped_label(text: str = "", style: str = "", rich: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    if rich:
        label.setTextFormat(Qt.TextFormat.RichText)
    if style:
        label.setStyleSheet(style)
    return label


def title_label(text: str = "") -> QLabel:
    return wrapped_label(text, "font-size: 12pt; font-weight: bold")


def number_table(rows: int, headers: list[str], text_column: int, row_height: int) -> QTableWidget:
    """A read-only 12 pt table whose `text_column` takes the spare width; the others fit their numbers."""
    table = QTableWidget(rows, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(text_column, QHeaderView.ResizeMode.Stretch)
    table.setFont(point_font(12))
    table.verticalHeader().setDefaultSectionSize(row_height)
    return table


def number_item(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(RIGHT)
    return item
