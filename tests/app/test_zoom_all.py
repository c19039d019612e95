"""Every plot of every view follows the text zoom (View ▸ Larger text): pyqtgraph draws its own
text and ignores the application font, so a view that forgets to restyle its plots in
`apply_zoom()` keeps tick numbers and axis titles at the old size.  Views added later are
covered: the list comes from the registry (app/views/__init__.py)."""
from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtWidgets import QApplication, QGraphicsView

pytestmark = pytest.mark.slow  # every plot of every view, in the whole window

NORMAL_TEXT = 11
ZOOMED_TEXT = 2 * NORMAL_TEXT
#: how far a size may be from exactly ×2, as a share of 2 (a line's height is not exactly
#: proportional to the font's point size)
TOLERANCE = 0.15


@pytest.fixture
def original_font(qtbot):
    """The test zooms the application font; later tests expect it back."""
    font = QApplication.font()
    yield font
    QApplication.setFont(font)


def axes(view) -> dict[str, pg.AxisItem]:
    """The visible axes of every pyqtgraph scene in `view` (hidden tabs included), by a name
    that says where they are (for the failure message)."""
    found = {}
    for number, graphics in enumerate(view.findChildren(QGraphicsView)):
        if graphics.scene() is None:
            continue
        for item in graphics.scene().items():
            if isinstance(item, pg.AxisItem) and item.isVisible() and item.style.get("showValues", True):
                found[f"{type(graphics).__name__}{number} {item.orientation} axis"] = item
    return found


def text_sizes(axis: pg.AxisItem) -> dict[str, float]:
    """The point size of the tick numbers (None: pyqtgraph's default font, which no zoom reaches)
    and the height of the axis title's text, if it shows one."""
    tick_font = axis.style.get("tickFont")
    sizes = {"ticks": tick_font.pointSizeF() if tick_font is not None else None}
    if axis.label.isVisible() and axis.labelText:
        # without the document's margin, a few pixels that do not grow with the text
        sizes["title"] = axis.label.boundingRect().height() - 2 * axis.label.document().documentMargin()
    return sizes


def settle(qtbot, view) -> None:
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=90000)
    QApplication.processEvents()


def zoom_problems(before: dict, after: dict) -> list[str]:
    """What did not grow with the text (×2) between two readings of `text_sizes` per axis."""
    problems = []
    for name, old in before.items():
        new = after.get(name, {})
        for kind in ("ticks", "title"):
            if kind not in old:
                continue
            if old[kind] is None or new.get(kind) is None:
                problems.append(f"{name}: {kind} in pyqtgraph's default font, which the zoom never reaches")
                continue
            ratio = new[kind] / old[kind]
            if abs(ratio - ZOOMED_TEXT / NORMAL_TEXT) > TOLERANCE * ZOOMED_TEXT / NORMAL_TEXT:
                problems.append(f"{name}: {kind} {old[kind]:.1f} → {new[kind]:.1f} with the text ×2")
    return problems


def test_every_plot_of_every_view_follows_the_text_zoom(qtbot, original_font, main_window):
    window = main_window
    window.set_text_size(NORMAL_TEXT)
    problems = []
    checked = 0
    for view in window.views:
        window.set_text_size(NORMAL_TEXT)
        window.show_view(view.view_id)
        settle(qtbot, view)
        plot_axes = axes(view)
        before = {name: text_sizes(axis) for name, axis in plot_axes.items()}
        window.set_text_size(ZOOMED_TEXT)  # what View ▸ Larger text calls
        settle(qtbot, view)
        after = {name: text_sizes(axis) for name, axis in plot_axes.items()}
        problems += [f"{view.view_id}: {problem}" for problem in zoom_problems(before, after)]
        checked += len(plot_axes)
    assert checked >= 2 * len(window.views) - 2  # the walk finds the plots (the BLEU view has none)
    assert not problems, "\n".join(problems)


def test_the_check_catches_a_plot_that_ignores_the_zoom(qtbot, original_font):
    """The measuring itself: a plot styled once at build time and never again is reported, the
    same plot restyled after the zoom is not."""
    from app.widgets.plot_text import style_plot_text

    QApplication.setFont(QApplication.font().__class__(original_font.family(), NORMAL_TEXT))
    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    style_plot_text(widget.getPlotItem(), {"left": "p", "bottom": "x"})
    plain = pg.PlotWidget()  # never styled: pyqtgraph's own font
    qtbot.addWidget(plain)
    widget.show()
    plain.show()
    axis = widget.getPlotItem().getAxis("left")
    before = {"styled": text_sizes(axis), "plain": text_sizes(plain.getPlotItem().getAxis("left"))}
    font = QApplication.font()
    font.setPointSize(ZOOMED_TEXT)
    QApplication.setFont(font)
    ignored = {"styled": text_sizes(axis), "plain": text_sizes(plain.getPlotItem().getAxis("left"))}
    problems = zoom_problems(before, ignored)
    assert any(p.startswith("styled: ticks") for p in problems) and any(p.startswith("styled: title") for p in problems)
    assert any(p.startswith("plain: ticks in pyqtgraph's default font") for p in problems)
    style_plot_text(widget.getPlotItem(), {"left": "p", "bottom": "x"})  # what apply_zoom does
    assert not zoom_problems({"styled": before["styled"]}, {"styled": text_sizes(axis)})
