"""Issue 23: zooming back from 22 pt leaves every view as a window opened at that text size.

The lecturer zooms in for the back row (View ▸ Larger text, Ctrl+plus, one point a step) and back
again; a view that kept anything of 22 pt (a minimum height, a folded control, a side column, the
lecture panel's width) would leave its main plot less room than it has in a fresh window.  The
oracle here is independent of the code that lays the views out: a second MainWindow opened at
11 pt, in the same language and with the same lecture panel, whose views' main plots must have
the same geometry.
"""
from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence

from tests.app.test_layout_fit import original_font, settle  # noqa: F401 - a fixture, the same settling

SCREEN = (1280, 680)  # a 1280×720 projector's work area
NORMAL, LARGE = 11, 22
LECTURE_SCENES = ("attention", "beam", "playground")


def fit_screen(qtbot, window) -> None:
    window.resize(*SCREEN)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == SCREEN, timeout=5000)


def zoom_action(window, key: QKeySequence.StandardKey):
    """The View menu's "Larger text" or "Smaller text" (found by its shortcut: its text is translated)."""
    wanted = QKeySequence(key)
    for action in window.view_menu.actions():
        if wanted in action.shortcuts():
            return action
    raise LookupError(key)


def zoom_by_steps(qtbot, window, to: int) -> None:
    """Ctrl+plus or Ctrl+minus, one point a step, as the lecturer presses them."""
    key = QKeySequence.StandardKey.ZoomIn if to > window.text_size() else QKeySequence.StandardKey.ZoomOut
    while window.text_size() != to:
        zoom_action(window, key).trigger()
        settle(qtbot, window.current_view())


def open_lecture_panel(qtbot, window, scenes) -> None:
    panel = window.lecture_panel
    panel.show()
    panel.set_scenes(list(scenes))
    panel.fit_width()  # as a text-size change or opening it does, once it has its scenes
    qtbot.waitUntil(lambda: panel.isVisible() and len(panel.scenes) == len(scenes), timeout=5000)


def geometry(qtbot, window) -> dict:
    """Per view: its main plot's size and whether its page scrolls; and the lecture panel's width,
    read first, as the zoom left the window (showing another view lays the window out again)."""
    found = {"lecture panel": window.lecture_panel.width() if window.lecture_panel.isVisible() else 0}
    current = window.current_view()
    for view in [current] + [v for v in window.views if v is not current]:
        window.show_view(view.view_id)
        settle(qtbot, view)
        plot = view.main_plot()
        found[view.view_id] = (plot.width(), plot.height(), window.stack.currentWidget().needs_scrolling())
    return found


@pytest.mark.slow  # two whole windows, every view, 22 zoom steps
@pytest.mark.parametrize("language, lecture", [("zh", False), ("en", False), ("en", True)],
                         ids=["switch-to-zh", "en", "en-lecture-panel"])
def test_zooming_back_to_11_pt_restores_every_view(qtbot, original_font, main_window, language, lecture):
    """11 pt in English (switched to Chinese: a switch rebuilds every view), Ctrl+plus to 22 pt,
    every view shown there, Ctrl+minus back to 11 pt: every view's main plot has the size it has
    in a window opened at 11 pt in that language, and no page scrolls that does not there.  With
    the lecture panel open (three scenes) the panel is as wide as in the fresh window too: it kept
    its 22 pt width (204 px where 194 were asked), and every view beside it was narrower."""
    from app.main_window import MainWindow

    window = main_window
    window.set_text_size(NORMAL)
    fit_screen(qtbot, window)
    window.show_view("attention")
    settle(qtbot, window.current_view())
    window.set_language(language)
    scenes = []
    if lecture:
        for view_id in LECTURE_SCENES:
            window.show_view(view_id)
            settle(qtbot, window.current_view())
            window.capture_scene()
        scenes = list(window.lecture_panel.scenes)
        open_lecture_panel(qtbot, window, scenes)
    window.show_view("attention")
    settle(qtbot, window.current_view())
    zoom_by_steps(qtbot, window, LARGE)
    fit_screen(qtbot, window)
    for view in window.views:  # the lecturer goes through the views at 22 pt
        window.show_view(view.view_id)
        settle(qtbot, view)
    window.show_view("attention")
    zoom_by_steps(qtbot, window, NORMAL)
    fit_screen(qtbot, window)
    zoomed = geometry(qtbot, window)

    fresh = MainWindow(device="cpu")  # the settings say 11 pt and `language` now
    qtbot.addWidget(fresh)
    fresh.show()
    try:
        assert fresh.text_size() == NORMAL
        fit_screen(qtbot, fresh)
        if lecture:
            open_lecture_panel(qtbot, fresh, scenes)
        fresh.show_view("attention")
        expected = geometry(qtbot, fresh)
    finally:
        fresh.lecture_panel.set_scenes([])
        fresh.close()
        window.lecture_panel.set_scenes([])
        window.lecture_panel.hide()
        window.set_language("en")
        window.resize(1400, 900)  # the geometry saved at close must not fill the screen for later tests
    differences = [f"{name}: after 22 pt {zoomed[name]}, fresh {expected[name]}"
                   for name in expected if zoomed[name] != expected[name]]
    assert not differences, "\n".join(differences)
