"""At large text the beam view's settings (B, length normalisation, α) and its tree switches fold
behind a "Settings" button and open from it as a popup (app/widgets/settings_popup.py): at 22 pt
on a 1280×680 window they cost the tree its 40 % (issue 23).  Nothing is lost, only moved: the
popup shows them whole, the keyboard reaches them, they still drive the search, and at normal
text they are back in their places."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QHBoxLayout, QLabel, QWidget

from app.widgets.settings_popup import FOLD_FROM_POINTS, SettingsPopupButton
from tests.app.test_layout_fit import text_layout_problems
from tests.app.test_side_toggle import text_size  # noqa: F401  (the fixture: a text size, restored after)



def test_beam_settings_fold_at_22_pt_open_from_the_keyboard_and_come_back_at_11(qtbot, make_view, text_size):
    """22 pt: the settings' row and the switches are not on the page, the button is; Space on it
    opens them in a popup (inside the screen, every text whole, the focus on B); Up on B runs a
    search with B = 6 (the outcome says so); Esc closes it and gives the focus back.  11 pt: each
    widget is back where it was (the settings under the input, the switches before the zoom) and
    the button hidden; 22 pt again folds them again."""
    text_size(22)
    view = make_view("beam", size=(1272, 580))
    controls, button = view.controls, view.controls.settings_button
    folded = (controls.options, controls.pruned_check, controls.all_check)
    assert button.isVisible() and not any(w.isVisible() for w in folded)
    assert not any(view.isAncestorOf(w) for w in folded)

    button.setFocus()
    qtbot.keyClick(button, Qt.Key.Key_Space)
    popup = button.popup
    qtbot.waitUntil(popup.isVisible)
    assert all(w.isVisible() and popup.isAncestorOf(w) for w in folded)
    assert popup.screen().availableGeometry().contains(popup.frameGeometry())
    assert not text_layout_problems(popup, popup)
    assert QApplication.focusWidget() is controls.beam_spin
    qtbot.keyClick(controls.beam_spin, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is controls.penalty_box
    qtbot.keyClick(controls.beam_spin, Qt.Key.Key_Up)  # 5 → 6
    qtbot.waitUntil(lambda: view.original.beam_width == 6 and not view.busy, timeout=30000)
    assert "Beam (B=6)" in view.output_label.text()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not popup.isVisible())
    assert QApplication.focusWidget() is button

    text_size(11)
    view.apply_zoom()
    assert not button.isVisible()
    assert controls.layout().indexOf(controls.options) == 1  # under the input's row
    row = view.step_bar.row
    zoom = row.indexOf(view.step_bar.zoom_out_button)
    assert [row.indexOf(w) for w in (controls.pruned_check, controls.all_check)] == [zoom - 3, zoom - 2]
    assert row.indexOf(button) == zoom - 1  # hidden there
    qtbot.waitUntil(lambda: all(w.isVisible() for w in folded))

    text_size(22)
    view.apply_zoom()
    assert button.isVisible() and not any(view.isAncestorOf(w) for w in folded)


def test_the_popup_puts_each_widget_back_in_its_place(qtbot, text_size):
    """Widgets folded from two places of one row go back to those places in order, whatever
    order they were given in; below the threshold the button is hidden."""
    holder = QWidget()
    qtbot.addWidget(holder)
    row = QHBoxLayout(holder)
    widgets = [QLabel("first"), QCheckBox("second"), QLabel("third"), QCheckBox("fourth")]
    for widget in widgets:
        row.addWidget(widget)
    button = SettingsPopupButton((widgets[3], widgets[1]), "Settings", "tip")
    row.addWidget(button)
    holder.show()

    text_size(int(FOLD_FROM_POINTS) + 2)
    button.fit_to_text()
    assert button.folded() and button.isVisible()
    assert [row.itemAt(i).widget() for i in range(row.count())] == [widgets[0], widgets[2], button]
    button.click()
    qtbot.waitUntil(button.popup.isVisible)
    inside = QRect(QPoint(0, 0), button.popup.size())
    for widget in (widgets[3], widgets[1]):
        assert inside.contains(QRect(widget.mapTo(button.popup, QPoint(0, 0)), widget.size()))

    text_size(int(FOLD_FROM_POINTS) - 2)
    button.fit_to_text()
    assert not button.folded() and not button.isVisible() and not button.popup.isVisible()
    assert [row.itemAt(i).widget() for i in range(row.count())] == widgets + [button]


def test_the_lessons_sentence_fits_at_22_pt_in_chinese_with_two_lines_of_outcome(qtbot, make_view, text_size):
    """zh-en-toy's "简九月要访问非洲", whose beam and greedy outputs differ (the outcome over the tree,
    beam, greedy and the verdict in one paragraph, would take three lines: beam and greedy take a
    line each, the verdict is in the tooltip), fits what a 1280×680 window leaves a view at 22 pt in
    Chinese (1272×580): the page does not scroll and the tree keeps 40 % of the window."""
    from app import i18n
    from app.widgets.scrolling_page import ScrollingPage
    from tests.app.test_layout_fit import CHROME_AT_22_PT, SMALL_SCREEN, shortfall

    text_size(22)
    i18n.install("zh")  # built and drawn in Chinese, as View ▸ Language rebuilds the views
    page = None
    try:
        view = make_view("beam", size=None, until=None)
        view.view_state.model = "zh-en-toy"
        view.view_state.text = "简九月要访问非洲"
        page = ScrollingPage(view)
        page.setObjectName("view_page")
        page.resize(SMALL_SCREEN[0] - 8, SMALL_SCREEN[1] - CHROME_AT_22_PT)
        page.show()
        qtbot.waitUntil(lambda: view.original is not None and view.original.model == "zh-en-toy"
                        and view.ready() and not view.busy, timeout=60000)
        a = view.original
        assert a.best.token_ids != a.greedy.token_ids  # the case that needs the third line
        outcome = view.output_label
        assert "不同" in outcome.toolTip() and a.greedy.text in outcome.text()
        qtbot.waitUntil(lambda: outcome.height() >= outcome.heightForWidth(outcome.width()))  # laid out
        assert 2 * outcome.fontMetrics().lineSpacing() <= outcome.height() < 3 * outcome.fontMetrics().lineSpacing()
        assert shortfall(page, view, SMALL_SCREEN[0] * SMALL_SCREEN[1]) is None
    finally:
        if page is not None:
            page.takeWidget()  # the view is make_view's to close
            page.close()
        i18n.install("en")


def test_a_row_popup_lays_its_buttons_side_by_side_and_tab_reaches_them(qtbot, text_size):
    """`row=True`: the folded widgets side by side.  A button that takes no focus in its place
    takes it from Tab in the popup (and none again back in its place); a container does not."""
    from PySide6.QtWidgets import QToolButton

    holder = QWidget()
    qtbot.addWidget(holder)
    row = QHBoxLayout(holder)
    buttons = [QToolButton(), QToolButton()]
    container = QWidget()
    QHBoxLayout(container).addWidget(QCheckBox("inside"))
    for i, button in enumerate(buttons):
        button.setText(f"b{i}")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    for widget in (*buttons, container):
        row.addWidget(widget)
    button = SettingsPopupButton((*buttons, container), "More", "tip", row=True)
    row.addWidget(button)
    holder.show()

    text_size(int(FOLD_FROM_POINTS) + 2)
    button.fit_to_text()
    button.click()
    qtbot.waitUntil(button.popup.isVisible)
    rects = [w.geometry() for w in (*buttons, container)]
    assert all(a.top() < b.bottom() and b.top() < a.bottom() for a, b in zip(rects, rects[1:]))  # one line
    assert buttons[0].geometry().right() < buttons[1].geometry().left() < container.geometry().left()
    assert [b.focusPolicy() for b in buttons] == [Qt.FocusPolicy.TabFocus] * 2
    assert container.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert QApplication.focusWidget() is buttons[0]
    qtbot.keyClick(buttons[0], Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is buttons[1]

    text_size(int(FOLD_FROM_POINTS) - 2)
    button.fit_to_text()
    assert [b.focusPolicy() for b in buttons] == [Qt.FocusPolicy.NoFocus] * 2
    assert [row.itemAt(i).widget() for i in range(row.count())] == [*buttons, container, button]
