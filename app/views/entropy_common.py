"""What the parts of the Entropy & KL view share: colours, label styles, splitters, the result
tables and the names of the units."""
from __future__ import annotations

import csv

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QFrame, QHeaderView, QLabel, QSplitter, QTableView, QWidget

from app.widgets.paired_bars import Q_COLOUR

ERROR_COLOUR = QColor("#b00020")
MUTED = QColor("#444444")
STALE = QColor("#888888")
# Q's orange is too light for text on a light background
Q_TEXT_COLOUR = QColor(*(int(c * 0.8) for c in Q_COLOUR))


def set_text_colour(label: QLabel, colour: QColor | None) -> None:
    """Text colour through the palette (a style sheet would stop the view's font from
    reaching the label); None restores the inherited colour."""
    if colour is None:
        label.setPalette(QPalette())
        return
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)


def bold(font: QFont, scale: float = 1.0) -> QFont:
    f = QFont(font)
    f.setPointSizeF(f.pointSizeF() * scale)
    f.setBold(True)
    return f


def title_label(text: str, font: QFont, colour: QColor | None = None) -> QLabel:
    """A bold heading, in the colour of the series it names (P, Q, N₁, N₂) when given."""
    label = QLabel(text)
    label.setFont(bold(font))
    if colour is not None:
        set_text_colour(label, colour)
    return label


def note_label(text: str = "") -> QLabel:
    """Explanatory text: wrapped and muted, so that the numbers stand out."""
    label = QLabel(text)
    label.setWordWrap(True)
    set_text_colour(label, MUTED)
    return label


def error_label(font: QFont) -> QLabel:
    """A hidden, bold, red label for a message about bad input."""
    label = QLabel()
    label.setWordWrap(True)
    set_text_colour(label, ERROR_COLOUR)
    label.setFont(bold(font))
    label.hide()
    return label


def splitter(orientation: Qt.Orientation, widgets, stretch=(), sizes=None) -> QSplitter:
    """A splitter over `widgets`; `stretch` gives the first widgets' stretch factors."""
    split = QSplitter(orientation)
    for widget in widgets:
        split.addWidget(widget)
    for index, factor in enumerate(stretch):
        split.setStretchFactor(index, factor)
    if sizes is not None:
        split.setSizes(list(sizes))
    return split


class ResultTable(QTableView):
    """A read-only table of per-outcome numbers whose columns fit their contents."""

    def __init__(self, model, parent: QWidget | None = None):
        super().__init__(parent)
        self.setModel(model)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.horizontalHeader().setStretchLastSection(True)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setResizeContentsPrecision(100)
        self.verticalHeader().setResizeContentsPrecision(100)
        self.setFrameShape(QFrame.Shape.StyledPanel)

    def fit_columns(self) -> None:
        self.resizeColumnsToContents()  # measures at most 100 rows (resizeContentsPrecision)


def write_table_csv(path, model) -> None:
    """An ArrayTableModel as CSV: its headers, then its raw values (floats in full precision,
    an empty cell for a missing value).  An empty model raises ValueError."""
    if model.rowCount() == 0:
        raise ValueError(QCoreApplication.translate("EntropyView", "Nothing to export yet."))
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(model.headers())
        for row in range(model.rowCount()):
            cells = []
            for column in range(model.columnCount()):
                value = model.raw(row, column)
                cells.append("" if value is None else value if isinstance(value, str) else repr(float(value)))
            writer.writerow(cells)


def unit_name(unit: str) -> str:
    return {
        "bits": QCoreApplication.translate("EntropyView", "bits"),
        "nats": QCoreApplication.translate("EntropyView", "nats"),
        "hartleys": QCoreApplication.translate("EntropyView", "hartleys"),
    }.get(unit, unit)
