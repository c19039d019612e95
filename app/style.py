"""How Attention Lab looks, in one place: colours, fonts, number formats, titles and messages.

Every view and widget takes its text sizes from `font()` / `point_size()`, which scale with the
application font, so View ▸ Larger text (Ctrl +) grows everything from one setting.  Numbers
are written by `format_number` (significant digits, for measured values) or `fixed` (a fixed
number of decimals, for sums a student adds up by hand); both write a real minus sign.
"""
from __future__ import annotations

import math
from collections import Counter
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHeaderView, QLabel, QSplitter, QTableWidget,
                               QTableWidgetItem, QWidget)

# ---- colours -------------------------------------------------------------------------------------
TEXT = QColor("#111111")
MUTED = QColor("#444444")
#: numbers that no longer match the input (an error is shown): still readable, clearly out of date
STALE = QColor("#9a9a9a")
ERROR = QColor("#b00020")
#: a message that is not an error ("Loading model…")
INFO = QColor("#37474f")
ACCENT = QColor("#3949ab")
WARNING = QColor("#e65100")
#: Okabe–Ito colours (colour-blind safe); black and yellow replaced by grey and brown on white
SERIES = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#777777", "#8C564B")
P_COLOUR = (31, 119, 180)
Q_COLOUR = (255, 127, 14)
#: Q's orange is too light for text on a light background
Q_TEXT = QColor(*(int(c * 0.8) for c in Q_COLOUR))

#: the smallest base text size: a projector's back row
MIN_POINTS = 11.0


# ---- fonts ---------------------------------------------------------------------------------------
def point_size(scale: float = 1.0) -> float:
    """The application's text size (at least MIN_POINTS) times `scale`: follows the zoom."""
    app = QApplication.instance()
    base = app.font().pointSizeF() if app is not None else -1.0
    return max(base, MIN_POINTS) * scale


def font(scale: float = 1.0, bold: bool = False, monospace: bool = False) -> QFont:
    """The application font at `scale` times its size (at least MIN_POINTS)."""
    app = QApplication.instance()
    f = QFont(app.font()) if app is not None else QFont()
    if monospace:
        f.setFamilies(["DejaVu Sans Mono", "Menlo", "Consolas", "monospace"])
        f.setStyleHint(QFont.StyleHint.Monospace)
    f.setPointSizeF(point_size(scale))
    f.setBold(bold)
    return f


# ---- numbers -------------------------------------------------------------------------------------
def format_number(value, digits: int = 6) -> str:
    """`digits` significant digits; "∞" / "−∞" for infinities; "—" for None or NaN; no "-0"."""
    if value is None:
        return "—"
    try:
        x = float(value)
    except (TypeError, ValueError):
        return str(value)
    if math.isnan(x):
        return "—"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    if x == 0:
        return "0"
    return f"{x:.{digits}g}".replace("-", "−")


def fixed(value: float, digits: int = 3) -> str:
    """A fixed number of decimals and a real minus sign (log-probabilities, scores)."""
    x = float(value)
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    text = f"{x:.{digits}f}"
    if float(text) == 0:
        text = text.lstrip("-")
    return text.replace("-", "−")


def plural(count: int, one: str, many: str) -> str:
    """"1 hypothesis", "3 hypotheses": `one` and `many` hold "{0}" for the count."""
    return (one if count == 1 else many).format(count)


# ---- out-of-date content ----------------------------------------------------------------------------
def set_greyed(widget: QWidget, greyed: bool) -> None:
    """Grey `widget` while it shows the last good input rather than the typed one: a pale veil
    over it (app/widgets/stale_veil.py; an opacity effect missed graphics and table viewports)."""
    from app.widgets.stale_veil import StaleVeil

    veil = StaleVeil.of(widget)
    if greyed:
        (veil or StaleVeil(widget)).cover()
    elif veil is not None:
        veil.hide()


def is_greyed(widget: QWidget) -> bool:
    from app.widgets.stale_veil import StaleVeil

    veil = StaleVeil.of(widget)
    return veil is not None and not veil.isHidden()


# ---- labels and tables ----------------------------------------------------------------------------
def set_text_colour(label: QLabel, colour: QColor | None) -> None:
    """Text colour through the palette (a style sheet would stop the zoomed font from reaching
    the label); None restores the inherited colour."""
    palette = label.palette() if colour is not None else QPalette()
    if colour is not None:
        palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)


def wrapped_label(text: str = "", rich: bool = False, colour: QColor | None = None) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    if rich:
        label.setTextFormat(Qt.TextFormat.RichText)
    if colour is not None:
        set_text_colour(label, colour)
    return label


def title_label(text: str = "", colour: QColor | None = None, scale: float = 1.0) -> QLabel:
    """A bold heading (in the colour of the series it names, when given)."""
    label = wrapped_label(text, colour=colour)
    label.setProperty("font_scale", scale)
    label.setProperty("font_bold", True)
    label.setFont(font(scale, bold=True))
    return label


def note_label(text: str = "") -> QLabel:
    """Explanatory text: wrapped and muted, so that the numbers stand out."""
    return wrapped_label(text, colour=MUTED)


def scaled(widget, scale: float = 1.0, bold: bool = False, monospace: bool = False):
    """Give `widget` a font `scale` times the application's, and remember it so that the zoom
    (`rescale_fonts`) keeps the proportion."""
    widget.setProperty("font_scale", scale)
    widget.setProperty("font_bold", bold)
    widget.setProperty("font_monospace", monospace)
    widget.setFont(font(scale, bold=bold, monospace=monospace))
    return widget


def rescale_fonts(root) -> None:
    """After a zoom: every widget under `root` that was given a scaled font gets it again at
    the new application size (widgets without one inherit the application font by themselves)."""
    from PySide6.QtWidgets import QWidget

    for widget in [root, *root.findChildren(QWidget)]:
        scale = widget.property("font_scale")
        if scale is not None:
            widget.setFont(font(float(scale), bold=bool(widget.property("font_bold")),
                                monospace=bool(widget.property("font_monospace"))))


def splitter(orientation: Qt.Orientation, widgets, stretch=(), sizes=None) -> QSplitter:
    """A splitter over `widgets` whose panes cannot be collapsed to nothing by accident;
    `stretch` gives the first widgets' stretch factors."""
    split = QSplitter(orientation)
    split.setChildrenCollapsible(False)
    for widget in widgets:
        split.addWidget(widget)
    for index, factor in enumerate(stretch):
        split.setStretchFactor(index, factor)
    if sizes is not None:
        split.setSizes(list(sizes))
    return split


RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def number_table(rows: int, headers: list[str], text_column: int) -> QTableWidget:
    """A read-only table whose `text_column` takes the spare width; the others fit their numbers."""
    table = QTableWidget(rows, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(text_column, QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


@contextmanager
def filling(table: QTableWidget):
    """Fill a table's cells inside this block.  A header that fits its contents re-measures every
    section at each cell change, so filling a shown table cell by cell costs the square of its
    size (a 32×32 grid blocked the GUI thread for 15 s); inside the block the sections keep their
    sizes, and they fit the contents once at the end."""
    headers = (table.horizontalHeader(), table.verticalHeader())
    saved = [(h, {i: h.sectionResizeMode(i) for i in range(h.count())}) for h in headers]
    for header in headers:
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    try:
        yield table
    finally:
        for header, modes in saved:
            usual = Counter(modes.values()).most_common(1)[0][0] if modes else QHeaderView.ResizeMode.ResizeToContents
            header.setSectionResizeMode(usual)
            for index, mode in modes.items():
                if mode != usual and index < header.count():
                    header.setSectionResizeMode(index, mode)


def number_item(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(RIGHT)
    return item
