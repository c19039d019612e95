"""Presentation mode (F11) on a 1280×720 projector (issue 23, deliverable 6: "presentation mode does
what README says"): full screen without the menu bar, the view names, the status bar, the Export
buttons, the lecture panel and each view's explanation; the lesson's side panels stay.  Each view at
22 pt in the page that leaves it (1272×716, measured on an offscreen 1280×720 screen on 2026-12-02)
must fit without scrolling, its text whole and nothing overlapping, its main plot keeping 40 % of
the screen, in English and Chinese (the measures of tests/app/test_layout_fit.py)."""
from __future__ import annotations

import pytest
from app.views import view_ids
from PySide6.QtWidgets import QApplication

from tests.app.test_layout_fit import original_font, settle, shortfall, tab_problems  # noqa: F401 - a fixture, the same measures

#: a 1280×720 projector in presentation mode: the screen, and the page its window leaves a view
SCREEN = (1280, 720)
PRESENTED_PAGE = (1272, 716)


@pytest.mark.parametrize("language", ["en", pytest.param("zh", marks=pytest.mark.slow)])
@pytest.mark.parametrize("view_id", [pytest.param(v, marks=[] if v == "attention" else [pytest.mark.slow])
                                     for v in view_ids()])
def test_each_view_fits_a_projector_in_presentation_mode_at_22_pt(qtbot, original_font, make_view, view_id,
                                                                  language):
    from app import i18n
    from app.export import ExportButton
    from app.widgets.combo_width import widen_combos
    from app.widgets.scrolling_page import ScrollingPage

    font = QApplication.font()
    font.setPointSize(22)
    QApplication.setFont(font)
    i18n.install(language)
    try:
        view = make_view(view_id, size=None, until=None)
        view.add_explanation()
        view.apply_zoom()  # as MainWindow.set_text_size does
        view.set_presenting(True)  # what MainWindow.toggle_presentation asks of each view
        for button in view.findChildren(ExportButton):
            button.hide()  # the window hides them too (Ctrl+E still exports)
        page = ScrollingPage(view)
        page.setObjectName("view_page")
        page.resize(*PRESENTED_PAGE)
        page.show()
        try:
            qtbot.waitExposed(page)
            settle(qtbot, view)
            widen_combos(view)  # as the window does once the combos have the zoomed font
            settle(qtbot, view)
            assert not view.explanation_box.isVisible()
            problems = tab_problems(page, view, qtbot, page_scrolls=page.needs_scrolling())
            short = shortfall(page, view, SCREEN[0] * SCREEN[1])
        finally:
            page.takeWidget()  # the view is make_view's to close
            page.close()
    finally:
        i18n.install("en")
    assert not problems, "\n".join(problems)
    assert short is None, short
