"""What the Training and Positional encoding views do to fit 1280×680 at 22 pt (issue 23.1),
checked against Qt's own measures rather than the widgets' size hints: a combo box as wide as
the item it shows, the Positional view's notes (and formula) behind a toggle from 16 pt, and
every Positional plot at least eight lines of text tall at 22 pt."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionComboBox

from app.widgets.combo_width import CurrentTextCombo


@pytest.fixture
def zoomed(qtbot):
    """The application font at 22 pt, given back at the end (later tests expect it)."""
    font = QApplication.font()
    zoomed = QApplication.font()
    zoomed.setPointSize(22)
    QApplication.setFont(zoomed)
    yield zoomed
    QApplication.setFont(font)


def edit_field_width(combo) -> int:
    """The width Qt's style gives the combo's text at its current size."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    option.rect = combo.rect()
    return combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo).width()


def test_a_current_text_combo_is_as_wide_as_the_item_it_shows(qtbot):
    long_item, short_item = "lists of dates: Transformer without positional encoding", "none"
    combo = CurrentTextCombo()
    qtbot.addWidget(combo)
    combo.addItems([short_item, long_item, "交叉注意力（解码器 → 编码器）"])
    metrics = QFontMetrics(combo.font())
    widths = {}
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        combo.resize(combo.sizeHint())
        # the text's advance (what it is drawn with) fits the style's field, and the box is no
        # wider than that field, its frame and arrow need
        assert metrics.horizontalAdvance(combo.itemText(index)) <= edit_field_width(combo)
        widths[combo.itemText(index)] = combo.width()
    assert widths[short_item] + metrics.horizontalAdvance(long_item) // 2 < widths[long_item]


def test_positional_notes_fold_at_large_text_and_the_toggle_shows_them(qtbot, make_view, zoomed):
    font = zoomed
    view = make_view("positional", size=(1272, 580), until=None)
    captions = [tab.caption for tab in view.tabs_in_order()]
    uses = view.controls.variant_uses
    assert not view.notes_toggle.isChecked()
    assert not uses.isVisibleTo(view) and not any(c.isVisibleTo(c.parentWidget()) for c in captions)
    assert not view.formula.isVisibleTo(view)  # folded with the notes (two lines of it at 22 pt)
    view.notes_toggle.click()
    assert uses.isVisibleTo(view) and all(c.isVisibleTo(c.parentWidget()) for c in captions)
    assert view.formula.isVisibleTo(view)
    view.set_presenting(True)  # the lecturer says why: captions hidden, the toggle's choice kept
    assert not any(c.isVisibleTo(c.parentWidget()) for c in captions) and view.notes_toggle.isChecked()
    view.set_presenting(False)
    assert all(c.isVisibleTo(c.parentWidget()) for c in captions)
    font.setPointSize(11)
    QApplication.setFont(font)  # normal text: the notes open again
    qtbot.waitUntil(lambda: view.notes_toggle.isChecked() and uses.isVisibleTo(view), timeout=5000)


@pytest.mark.parametrize("language, height", [pytest.param("en", 595, marks=pytest.mark.slow), ("zh", 580)])
def test_every_positional_plot_keeps_eight_lines_at_22_pt(qtbot, make_view, zoomed, language, height):
    """What a 1280×680 window leaves the view at 22 pt (1272×595 in English, 1272×580 in
    Chinese: tests/app/test_layout_fit.py), in every tab and both halves of Naive codes: the page
    and the tab do not scroll, every plot shown is at least eight lines of text tall (title, axes
    and data) and its data at least three (before, the curves had 250 px in Chinese, the Shift
    plot scrolled, and Naive codes squeezed four plots into two rows and scrolled)."""
    from app import i18n
    from app.widgets.scrolling_page import ScrollingPage
    from tests.app.test_layout_fit import settle

    i18n.install(language)
    page = None
    try:
        view = make_view("positional", size=None, until=None)
        page = ScrollingPage(view)
        page.resize(1272, height)
        page.show()
        qtbot.waitExposed(page)
        settle(qtbot, view)
        line = QFontMetrics(QApplication.font()).lineSpacing()
        naive = view.naive_tab
        seen = []
        for index in range(view.tabs.count()):
            view.tabs.setCurrentIndex(index)
            tab = view.tabs.currentWidget()
            halves = (naive.codes_button, naive.steps_button) if tab is naive else (None,)
            for half in halves:
                if half is not None:
                    half.setChecked(True)
                settle(qtbot, view)
                assert not page.needs_scrolling() and not view.tabs.page_area(index).needs_scrolling()
                plots = [p for p in tab._plots + [m.plot for m in tab._panels] if p.isVisible()]
                assert plots
                for plot in plots:
                    name = f"{view.tabs.tabText(index)} {plot.titleLabel.text!r}"
                    assert plot.height() >= 8 * line, f"{name}: {plot.height():.0f} px, {line} a line"
                    assert plot.vb.height() >= 3 * line, f"{name}: data {plot.vb.height():.0f} px"
                    seen.append(plot)
        assert naive.page_choice.isVisible() and len(set(seen)) == 11  # 2 + 2 + 2 + 1 + 3 + 1
    finally:
        if page is not None:
            page.takeWidget()  # the view is make_view's to close
            page.close()
        i18n.install("en")


def test_naive_codes_are_two_rows_of_two_at_normal_text(qtbot, make_view):
    """Below 16 pt all four plots of Naive codes are shown, two rows of two, and the choice of
    half is hidden."""
    view = make_view("positional", size=(1400, 900), until=None)
    naive = view.naive_tab
    view.tabs.setCurrentWidget(naive)
    qtbot.waitUntil(lambda: naive.isVisible())
    places = {id(item): (row, col) for item, cells in naive.graphics.ci.items.items() for row, col in cells}
    plots = naive.plots_in_order()
    assert [places.get(id(p)) for p in plots] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(p.isVisible() for p in plots) and not naive.page_choice.isVisible()
