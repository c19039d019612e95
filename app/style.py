"""How Attention Lab looks, in one place: colours, fonts, number formats, titles and messages.

Every view and widget takes its text sizes from `font()` / `point_size()`, which scale with the
application font, so View ▸ Larger text (Ctrl +) grows everything from one setting.  Numbers
are written by `format_number` (significant digits, for measured values) or `fixed` (a fixed
number of decimals, for sums a student adds up by hand); both write a real minus sign.
"""
from __future__ import annotations

import math
import sys
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass

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


# ---- themes --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Theme:
    """The colours of one theme: the widgets' palette, the named colours above, and the plots."""

    name: str
    window: str
    base: str
    alternate_base: str
    button: str
    text: str
    highlight: str
    highlighted_text: str
    muted: str
    stale: str
    error: str
    info: str
    accent: str
    warning: str
    q_text: str
    plot_background: str
    plot_text: str
    #: frames of unselected heatmap tiles, grid lines
    plot_frame: str
    legend_background: tuple[int, int, int, int]


LIGHT = Theme("light", window="#efefef", base="#ffffff", alternate_base="#f4f4f4", button="#e6e6e6",
              text="#111111", highlight="#3949ab", highlighted_text="#ffffff", muted="#444444", stale="#9a9a9a",
              error="#b00020", info="#37474f", accent="#3949ab", warning="#e65100", q_text=Q_TEXT.name(),
              plot_background="#ffffff", plot_text="#1e1e1e", plot_frame="#bbbbbb",
              legend_background=(255, 255, 255, 215))
#: light text on near-black: for dark lecture halls; the series colours stay (they read on both)
DARK = Theme("dark", window="#25272b", base="#1b1c1f", alternate_base="#2a2c31", button="#33363b",
             text="#ececec", highlight="#7986cb", highlighted_text="#000000", muted="#c2c2c2", stale="#7a7a7a",
             error="#ff6f7d", info="#b0bec5", accent="#9fa8da", warning="#ffb74d", q_text="#ff9f43",
             plot_background="#141518", plot_text="#e4e4e4", plot_frame="#5c5c5c",
             legend_background=(35, 36, 40, 215))
THEMES = {"light": LIGHT, "dark": DARK}

#: the named colours above that change with the theme (changed in place: widgets built later
#: read the current ones; `restyle()` gives those already built the new ones)
_THEMED = {"TEXT": TEXT, "MUTED": MUTED, "STALE": STALE, "ERROR": ERROR, "INFO": INFO, "ACCENT": ACCENT,
           "WARNING": WARNING, "Q_TEXT": Q_TEXT}
_current_theme = LIGHT


def theme() -> Theme:
    return _current_theme


def plot_background() -> QColor:
    return QColor(_current_theme.plot_background)


def plot_text() -> QColor:
    return QColor(_current_theme.plot_text)


def theme_palette(chosen: Theme) -> QPalette:
    """The widgets' palette for `chosen` (disabled text greyed in both themes)."""
    palette = QPalette()
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    for r, value in ((role.Window, chosen.window), (role.Base, chosen.base),
                     (role.AlternateBase, chosen.alternate_base), (role.Button, chosen.button), (role.ToolTipBase, chosen.base), (role.ToolTipText, chosen.text),
                     (role.WindowText, chosen.text), (role.Text, chosen.text), (role.ButtonText, chosen.text),
                     (role.PlaceholderText, chosen.stale), (role.Highlight, chosen.highlight),
                     (role.HighlightedText, chosen.highlighted_text), (role.Link, chosen.accent),
                     (role.BrightText, chosen.error), (role.Light, chosen.button), (role.Midlight, chosen.button),
                     (role.Mid, chosen.plot_frame), (role.Dark, chosen.plot_frame), (role.Shadow, "#000000")):
        palette.setColor(r, QColor(value))
    for r in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, r, QColor(chosen.stale))
    return palette


def set_theme(name: str) -> Theme:
    """Make `name` ("light" or "dark") the current theme: the application's palette, the named
    colours and pyqtgraph's defaults for plots built from now on.  Widgets already built are
    given it by `restyle(root)`.  Raises ValueError for an unknown name."""
    global _current_theme
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r} (choose {', '.join(THEMES)})")
    chosen = THEMES[name]
    _current_theme = chosen
    for key, colour in _THEMED.items():
        colour.setRgba(QColor(getattr(chosen, key.lower())).rgba())
    app = QApplication.instance()
    if app is not None:
        app.setStyle("Fusion")  # the one built-in style that draws every palette role
        app.setPalette(theme_palette(chosen))
    if "pyqtgraph" in sys.modules:  # else the views call plot_defaults() once they import it
        plot_defaults()
    return chosen


def plot_defaults() -> None:
    """pyqtgraph's default background and text colour for plots built from now on: the theme's.
    (Importing pyqtgraph costs most of a second: the window shows before it, app/main_window.py.)"""
    import pyqtgraph as pg

    pg.setConfigOptions(background=_current_theme.plot_background, foreground=_current_theme.plot_text)


# ---- colour maps for heatmaps --------------------------------------------------------------------
#: name → pyqtgraph map; every one is perceptually ordered and readable with red–green colour
#: blindness, and grayscale survives a black-and-white printout
COLOUR_MAPS = ("viridis", "cividis", "inferno", "grayscale")
DEFAULT_COLOUR_MAP = "viridis"
_current_colour_map = DEFAULT_COLOUR_MAP


def colour_map_name() -> str:
    return _current_colour_map


def colour_map(name: str | None = None):
    """The pyqtgraph ColorMap `name` (default: the current choice) for values from low to high.
    Grayscale runs from white (0) to black (1), ink on paper."""
    import pyqtgraph as pg

    name = name or _current_colour_map
    if name == "grayscale":
        return pg.ColorMap(pos=[0.0, 1.0], color=[(255, 255, 255), (0, 0, 0)], name="grayscale")
    if name not in COLOUR_MAPS:
        raise ValueError(f"unknown colour map {name!r} (choose {', '.join(COLOUR_MAPS)})")
    return pg.colormap.get(name)


def set_colour_map(name: str) -> None:
    """Make `name` the map of every heatmap that follows it (`follow_colour_map`); those already
    built change at `restyle(root)`."""
    global _current_colour_map
    if name not in COLOUR_MAPS:
        raise ValueError(f"unknown colour map {name!r} (choose {', '.join(COLOUR_MAPS)})")
    _current_colour_map = name


def follow_colour_map(item) -> None:
    """Give a ColorBarItem (and the image it drives) or an ImageItem the current colour map, and
    mark it so that `restyle` changes it with the choice.  Signed matrices keep their diverging
    map: a sequential one would hide the sign."""
    item.follows_colour_map = True
    cmap = colour_map()
    if hasattr(item, "setColorMap"):
        item.setColorMap(cmap)
    else:
        item.setLookupTable(cmap.getLookupTable(nPts=256))


def restyle(root) -> None:
    """After a change of theme or colour map: plot backgrounds, axes, legends, titles, colour
    maps and themed text colours of every widget under `root`."""
    import pyqtgraph as pg
    from PySide6.QtWidgets import QGraphicsView, QWidget

    chosen = _current_theme
    for widget in [root, *root.findChildren(QWidget)]:
        themed = widget.property("themed_colour")
        if themed:
            set_text_colour(widget, _THEMED[themed])
        if isinstance(widget, pg.GraphicsView):
            widget.setBackground(chosen.plot_background)
            for item in widget.scene().items():
                _restyle_plot_item(item, chosen)
        elif isinstance(widget, QGraphicsView):  # a plain canvas (the beam search tree)
            widget.setBackgroundBrush(QColor(chosen.plot_background))


def _restyle_plot_item(item, chosen: Theme) -> None:
    import pyqtgraph as pg

    if isinstance(item, pg.AxisItem):
        item.setPen(chosen.plot_text)
        item.setTextPen(chosen.plot_text)  # pyqtgraph gives the axis title this colour too
    elif isinstance(item, pg.LegendItem):
        item.setBrush(pg.mkBrush(*chosen.legend_background))
        item.setLabelTextColor(chosen.plot_text)
        for _, label in item.items:
            label.setText(label.text, color=chosen.plot_text)
    elif isinstance(item, pg.LabelItem) and not getattr(item, "keeps_colour", False):
        item.setText(item.text, color=chosen.plot_text)
    elif getattr(item, "follows_colour_map", False):
        follow_colour_map(item)


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
    # a named colour is given again in the new theme's shade when the theme changes (restyle)
    name = next((key for key, themed in _THEMED.items() if themed is colour), None)
    label.setProperty("themed_colour", name)


class WrappedLabel(QLabel):
    """A word-wrapped label whose longest word cannot widen the window.

    Qt's wrapped label asks for its longest word as its minimum width, and labels quote what
    was typed: a 5,000-letter "word" made the main window over 100,000 pixels wide (a 340 MB
    backing store and seconds per paint; found by the soak test).  The minimum width asked for
    is capped at MAX_WORD_EMS ems; a longer word is cut at the label's edge.

    Its height for a width is remembered for the text and font shown: layouts ask for it many
    times per change, and Qt lays out the whole text each time (a message quoting 5,000 typed
    characters cost the GUI thread over 100 ms per relayout)."""

    MAX_WORD_EMS = 20

    def __init__(self, text: str = "", parent=None):
        super().__init__(text, parent)
        self.setWordWrap(True)
        self._heights: tuple[str, str, dict[int, int]] = ("", "", {})  # text, font, width -> height

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        text, font = self.text(), self.font().key()
        if (text, font) != self._heights[:2]:
            self._heights = (text, font, {})
        heights = self._heights[2]
        if width not in heights:
            heights[width] = super().heightForWidth(width)
        return heights[width]

    def minimumSizeHint(self):  # noqa: N802 - Qt's name
        return capped_width(self, super().minimumSizeHint(), self.MAX_WORD_EMS)


def capped_width(widget: QWidget, hint, ems: float):
    """`hint` (a QSize) at most `ems` ems of `widget`'s font wide: for a widget's minimum size
    hint, which otherwise grows with the text it shows (and the window with it)."""
    hint.setWidth(min(hint.width(), round(widget.fontMetrics().horizontalAdvance("M") * ems)))
    return hint


def wrapped_label(text: str = "", rich: bool = False, colour: QColor | None = None) -> QLabel:
    label = WrappedLabel(text)
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


#: from this many rows on, a table's rows are one line high, measured on a few rows (see NumberTable)
LONG_TABLE_ROWS = 200


class NumberTable(QTableWidget):
    """A read-only table whose `text_column` takes the spare width; the others fit their numbers.

    Rows fit their contents, except in a long table (LONG_TABLE_ROWS or more, e.g. the 1,269
    bigrams of a pasted paragraph in the BLEU view): there every row is as high as the first
    few need, because a header that fits each row measured every cell of all of them whenever
    the table was shown or laid out (90 ms per tab switch at 1,269 rows, against 10-13 ms)."""

    def __init__(self, rows: int, headers: list[str], text_column: int):
        super().__init__(rows, len(headers))
        self.setHorizontalHeaderLabels(headers)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(text_column, QHeaderView.ResizeMode.Stretch)
        self.fit_rows()

    def fit_rows(self) -> None:
        """Rows fit their contents, or (long table) one height for all, measured on its first rows."""
        rows = self.verticalHeader()
        if self.rowCount() < LONG_TABLE_ROWS:
            rows.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            return
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(max(self.sizeHintForRow(row) for row in range(8)))


def number_table(rows: int, headers: list[str], text_column: int) -> NumberTable:
    """A read-only table whose `text_column` takes the spare width; the others fit their numbers."""
    return NumberTable(rows, headers, text_column)


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
        if isinstance(table, NumberTable):
            table.fit_rows()


def number_item(text: str) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setTextAlignment(RIGHT)
    return item
