"""Issue 23, deliverable 5: text at least 4.5:1 and graphics at least 3:1 against their
background, in the light and the dark theme (WCAG 2.1, success criteria 1.4.3 and 1.4.11).

The contrast ratio is computed here from WCAG 2.1's definition of relative luminance (sRGB
channels linearised, weights 0.2126 / 0.7152 / 0.0722), not with anything from app/style."""
import re

import pyqtgraph as pg
import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from app.style import themes

TEXT = 4.5
GRAPHICS = 3.0


def luminance(colour) -> float:
    colour = QColor(colour)
    channels = []
    for value in (colour.red(), colour.green(), colour.blue()):
        c = value / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]


def contrast(a, b) -> float:
    darker, lighter = sorted((luminance(a), luminance(b)))
    return (lighter + 0.05) / (darker + 0.05)


def test_the_formula_matches_published_values():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # WebAIM's classic near-miss
    assert contrast("#1b5e20", "#25272b") < 3  # the dark green on charcoal


#: every named colour that is drawn as text, on the grounds text sits on
TEXT_COLOURS = ("text", "muted", "stale", "error", "info", "accent", "warning", "q_text")
TEXT_GROUNDS = ("window", "base", "alternate_base")


@pytest.mark.parametrize("theme", list(themes.THEMES.values()), ids=list(themes.THEMES))
def test_the_palette_reads_in_both_themes(theme):
    problems = []
    for ground in TEXT_GROUNDS:
        for name in TEXT_COLOURS + ("probability_colours",):
            colours = getattr(theme, name)
            for colour in (colours if isinstance(colours, tuple) else (colours,)):
                ratio = contrast(colour, getattr(theme, ground))
                if ratio < TEXT:
                    problems.append(f"{name} {colour} on {ground}: {ratio:.2f}")
    if contrast(theme.text, theme.button) < TEXT:
        problems.append("text on button")
    if contrast(theme.highlighted_text, theme.highlight) < TEXT:
        problems.append("highlighted text on highlight")
    if contrast(theme.plot_text, theme.plot_background) < TEXT:
        problems.append("plot text")
    graphics = {"series " + c: c for c in themes.SERIES}
    graphics |= {"P": QColor(*themes.P_COLOUR), "Q": QColor(*themes.Q_COLOUR), "accent": theme.accent,
                 "frame": theme.plot_frame}
    for name, colour in graphics.items():
        ratio = contrast(colour, theme.plot_background)
        if ratio < GRAPHICS:
            problems.append(f"{name} on the plot background: {ratio:.2f}")
    assert not problems, theme.name + ":\n" + "\n".join(problems)


# ---- what the live views draw -------------------------------------------------------------------
def _colours_of(item):
    """(what, QColor) of the pens and brushes a pyqtgraph item draws its data with."""
    found = []
    if isinstance(item, pg.BarGraphItem):
        # a bar's fill carries the data (its outline is decoration beside an opaque fill)
        if item.opts.get("brush") is not None:
            found.append(("bar", pg.mkBrush(item.opts["brush"]).color()))
        for brush in item.opts.get("brushes") or ():
            found.append(("bar brush", pg.mkBrush(brush).color()))
    elif isinstance(item, pg.PlotCurveItem):
        pen = item.opts.get("pen")
        if pen is not None:
            found.append(("curve", pg.mkPen(pen).color()))
    elif isinstance(item, pg.ScatterPlotItem):
        brush = item.opts.get("brush")
        if brush is not None:
            found.append(("points", pg.mkBrush(brush).color()))
    # a transparent pen or brush draws nothing, and a faded one marks out-of-date data
    return [(what, c) for what, c in found if c.alpha() == 255]


def _plot_colour_problems(view):
    problems = []
    for widget in view.findChildren(pg.GraphicsView):
        if not widget.isVisible():
            continue
        ground = widget.backgroundBrush().color()
        for item in widget.scene().items():
            if not item.isVisible():
                continue
            for what, colour in _colours_of(item):
                ratio = contrast(colour, ground)
                if ratio < GRAPHICS:
                    problems.append(f"{view.view_id}: {what} {colour.name()} on {ground.name()}: {ratio:.2f}")
    return problems


def _output_strip_problems(view):
    strip = view.output
    ground = strip.palette().color(strip.backgroundRole())
    colours = set(re.findall(r"color:(#[0-9a-fA-F]{6})", strip.text()))
    assert colours, "the output strip shows no probabilities"
    return [f"probability {c} on {ground.name()}: {contrast(c, ground):.2f}" for c in colours
            if contrast(c, ground) < TEXT]


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
@pytest.mark.parametrize("theme_name", list(themes.THEMES))
def test_what_the_views_draw_reads_in_both_themes(qtbot, main_window, theme_name):
    window = main_window
    window.set_theme(theme_name)
    try:
        problems = []
        for view in window.views:
            window.show_view(view.view_id)
            qtbot.waitUntil(lambda v=view: v.ready() and not v.busy, timeout=60000)
            if view.view_id == "attention":
                view.select_row(0)  # the row chart's bars
                problems += _output_strip_problems(view)
            QApplication.processEvents()
            problems += _plot_colour_problems(view)
        assert not problems, "\n".join(sorted(set(problems)))
    finally:
        window.set_theme("light")


@pytest.mark.parametrize("theme_name", list(themes.THEMES))
def test_an_unticked_check_box_has_a_visible_edge(qtbot, theme_name):
    """The dark theme drew check boxes as black squares on charcoal, their edge invisible."""
    from PySide6.QtWidgets import QCheckBox, QRadioButton, QStyle, QStyleOptionButton

    themes.set_theme(theme_name)
    try:
        for kind, element in ((QCheckBox, QStyle.SubElement.SE_CheckBoxIndicator),
                              (QRadioButton, QStyle.SubElement.SE_RadioButtonIndicator)):
            box = kind("tick me")
            qtbot.addWidget(box)
            box.show()
            option = QStyleOptionButton()
            box.initStyleOption(option)
            indicator = box.style().subElementRect(element, option, box)
            image = box.grab().toImage()
            ground = box.palette().color(box.backgroundRole())
            best = max(contrast(image.pixelColor(x, y), ground)
                       for x in range(indicator.left(), indicator.right() + 1)
                       for y in range(indicator.top(), indicator.bottom() + 1))
            assert best >= GRAPHICS, f"{kind.__name__} in {theme_name}: {best:.2f}"
    finally:
        themes.set_theme("light")
