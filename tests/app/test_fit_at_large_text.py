"""What the Training and Positional encoding views do to fit 1280×680 at 22 pt (issue 23.1),
checked against Qt's own measures rather than the widgets' size hints: a combo box as wide as
the item it shows, and the Positional view's notes behind a toggle from 16 pt."""
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
    view.notes_toggle.click()
    assert uses.isVisibleTo(view) and all(c.isVisibleTo(c.parentWidget()) for c in captions)
    view.set_presenting(True)  # the lecturer says why: captions hidden, the toggle's choice kept
    assert not any(c.isVisibleTo(c.parentWidget()) for c in captions) and view.notes_toggle.isChecked()
    view.set_presenting(False)
    assert all(c.isVisibleTo(c.parentWidget()) for c in captions)
    font.setPointSize(11)
    QApplication.setFont(font)  # normal text: the notes open again
    qtbot.waitUntil(lambda: view.notes_toggle.isChecked() and uses.isVisibleTo(view), timeout=5000)
