"""The light and dark themes: the widgets' palette, the named colours, the plots' colours.

The current theme is one frozen `Theme`, replaced by `set_theme`; nothing else changes.  A
named colour (`style.ERROR`, `style.TEXT` …) is looked up in the current theme each time it is
read and given as a new QColor, so a colour kept from before a switch keeps its value: widgets
already built get the new shades from `restyle(root)`, which finds the labels coloured with a
named colour by the name `set_text_colour` recorded on them.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QGraphicsView, QLabel, QWidget

from app.style.colour_maps import follow_colour_map

#: Okabe–Ito colours (colour-blind safe); black and yellow replaced by grey and brown on white,
#: orange and sky blue darkened to reach 3:1 (WCAG 2.1 graphics) on white as well as on black
SERIES = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#B87800", "#2E86C1", "#777777", "#8C564B")
P_COLOUR = (31, 119, 180)
#: a darker orange than matplotlib's (255, 127, 14), which had 2.5:1 on white
Q_COLOUR = (221, 102, 0)


@dataclass(frozen=True)
class Theme:
    """The colours of one theme: the widgets' palette, the named colours and the plots."""

    name: str
    window: str
    base: str
    alternate_base: str
    button: str
    text: str
    highlight: str
    highlighted_text: str
    muted: str
    #: numbers that no longer match the input (an error is shown): still readable, clearly out of date
    stale: str
    error: str
    #: a message that is not an error ("Loading model…")
    info: str
    accent: str
    warning: str
    #: the model's distribution Q, as text (its plot orange is too light for text on white)
    q_text: str
    plot_background: str
    plot_text: str
    #: frames of unselected heatmap tiles, grid lines
    plot_frame: str
    legend_background: tuple[int, int, int, int]
    #: per-token probabilities as text: confident (≥ 0.9), unsure (≥ 0.5), doubtful
    probability_colours: tuple[str, str, str] = ("#1b5e20", "#b24c00", "#b71c1c")


LIGHT = Theme("light", window="#efefef", base="#ffffff", alternate_base="#f4f4f4", button="#e6e6e6",
              text="#111111", highlight="#3949ab", highlighted_text="#ffffff", muted="#444444", stale="#6b6b6b",
              error="#b00020", info="#37474f", accent="#3949ab", warning="#b24c00",
              q_text=QColor(*(int(c * 0.74) for c in Q_COLOUR)).name(),
              plot_background="#ffffff", plot_text="#1e1e1e", plot_frame="#949494",
              legend_background=(255, 255, 255, 215))
#: light text on near-black: for dark lecture halls; the series colours stay (they read on both)
DARK = Theme("dark", window="#25272b", base="#1b1c1f", alternate_base="#2a2c31", button="#33363b",
             text="#ececec", highlight="#7986cb", highlighted_text="#000000", muted="#c2c2c2", stale="#9a9a9a",
             error="#ff6f7d", info="#b0bec5", accent="#9fa8da", warning="#ffb74d", q_text="#ff9f43",
             plot_background="#141518", plot_text="#e4e4e4", plot_frame="#707070",
             legend_background=(35, 36, 40, 215), probability_colours=("#81c784", "#ffb74d", "#ff8a80"))
THEMES = {"light": LIGHT, "dark": DARK}

#: the names of the colours that change with the theme (`style.ERROR` is the current theme's `error`)
NAMED_COLOURS = ("TEXT", "MUTED", "STALE", "ERROR", "INFO", "ACCENT", "WARNING", "Q_TEXT")

#: theme name → a named colour's rgba → its name: how a colour read earlier is recognised
_NAMES_BY_RGBA = {t.name: {QColor(getattr(t, name.lower())).rgba(): name for name in NAMED_COLOURS}
                  for t in THEMES.values()}

_current = LIGHT
_style = None  # the application's style, once set_theme has set it


def theme() -> Theme:
    return _current


def named_colour(name: str) -> QColor:
    """A new QColor of the named colour `name` ("ERROR", "TEXT" …) in the current theme."""
    if name not in NAMED_COLOURS:
        raise KeyError(name)
    return QColor(getattr(_current, name.lower()))


def name_of_colour(colour: QColor) -> str | None:
    """The name of the named colour `colour` is, in the current theme or else in another one
    (a colour read before a switch), or None for any other colour."""
    for candidate in (_current.name, *(name for name in THEMES if name != _current.name)):
        found = _NAMES_BY_RGBA[candidate].get(colour.rgba())
        if found is not None:
            return found
    return None


def __getattr__(name: str) -> QColor:  # PEP 562: themes.ERROR is read from the current theme
    if name in NAMED_COLOURS:
        return named_colour(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def plot_background() -> QColor:
    return QColor(_current.plot_background)


def plot_text() -> QColor:
    return QColor(_current.plot_text)


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
    global _current
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r} (choose {', '.join(THEMES)})")
    _current = THEMES[name]
    app = QApplication.instance()
    if app is not None:
        # Fusion, corrected: outlined check boxes, menu items as wide as their text
        from app.style.lab_style import LabStyle  # a QProxyStyle: only once there is an app

        if not isinstance(app.style(), LabStyle):
            global _style
            _style = LabStyle()  # kept here: the application does not keep the Python object alive
            app.setStyle(_style)
        app.setPalette(theme_palette(_current))
    if "pyqtgraph" in sys.modules:  # else the views call plot_defaults() once they import it
        plot_defaults()
    return _current


def plot_defaults() -> None:
    """pyqtgraph's default background and text colour for plots built from now on: the theme's.
    (Importing pyqtgraph costs most of a second: the window shows before it, app/main_window.py.)"""
    import pyqtgraph as pg

    from app.widgets import axis_titles, plot_menus

    pg.setConfigOptions(background=_current.plot_background, foreground=_current.plot_text)
    axis_titles.install()  # vertical Chinese axis titles upright, not turned on their side
    plot_menus.install()  # no pyqtgraph right-click menus (English, unused, ~9 % of a window's build)


def set_text_colour(label: QLabel, colour: QColor | None) -> None:
    """Text colour through the palette (a style sheet would stop the zoomed font from reaching
    the label); None restores the inherited colour.  A named colour is drawn in the current
    theme's shade (even one read before a switch) and remembered by name, so that `restyle`
    gives it the next theme's shade."""
    name = name_of_colour(colour) if colour is not None else None
    if name is not None:
        colour = named_colour(name)
    palette = label.palette() if colour is not None else QPalette()
    if colour is not None:
        palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)
    label.setProperty("themed_colour", name)


def restyle(root) -> None:
    """After a change of theme or colour map: plot backgrounds, axes, legends, titles, colour
    maps and themed text colours of every widget under `root`."""
    import pyqtgraph as pg

    chosen = _current
    for widget in [root, *root.findChildren(QWidget)]:
        themed = widget.property("themed_colour")
        if themed:
            set_text_colour(widget, named_colour(themed))
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
