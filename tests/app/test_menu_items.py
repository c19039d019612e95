"""Menu items keep their whole text at large text sizes (app/style/menu_items.py).

The oracle is Qt's own painting: a menu at its own width must draw each item exactly as the
same menu drawn 300 px wider, where nothing can be elided ("浅…)" instead of "浅色(L)")."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QMenu

ROOM = 300


def _grab(menu: QMenu, minimum_width: int):
    menu.setMinimumWidth(minimum_width)
    menu.popup(QApplication.primaryScreen().geometry().topLeft())
    QApplication.processEvents()
    image = menu.grab().toImage()
    menu.hide()
    return image


def elided_items(menu: QMenu) -> list[str]:
    """The texts of `menu`'s items drawn differently at its own width than with room to spare.
    Items with a shortcut or a submenu are left out: their right-aligned part moves with the
    width."""
    plain = [a for a in menu.actions() if not a.isSeparator() and a.isVisible() and a.menu() is None
             and a.shortcut().isEmpty()]
    own = _grab(menu, 0)
    width = own.width()
    wide = _grab(menu, width + ROOM)
    menu.setMinimumWidth(0)
    bad = []
    for action in plain:
        rect = menu.actionGeometry(action)
        # the last few columns are the menu's right frame, which moves
        if any(own.pixel(x, y) != wide.pixel(x, y) for y in range(rect.top(), rect.bottom() + 1)
               for x in range(width - 4)):
            bad.append(action.text())
    return bad


@pytest.fixture
def text_size_22(qapp):
    from app import style

    style.set_theme(style.theme().name)  # installs the app's style
    original = QFont(QApplication.font())
    large = QFont(original)
    large.setPointSize(22)
    QApplication.setFont(large)
    yield
    QApplication.setFont(original)


@pytest.mark.parametrize("texts", [["浅色(&L)", "深色(&D)"], ["&Light", "&Dark"],
                                   ["Viridis（默认）(&V)", "Cividis（红绿色盲友好）(&C)"]])
def test_a_checkable_menu_item_is_not_elided_at_22_pt(text_size_22, texts):
    menu = QMenu()
    for text in texts:
        menu.addAction(text).setCheckable(True)
    menu.actions()[0].setChecked(True)
    assert elided_items(menu) == []
    menu.deleteLater()


@pytest.mark.slow  # a Chinese window at 22 pt
def test_no_menu_of_the_window_elides_an_item_at_22_pt_in_chinese(main_window, qtbot):
    from app import i18n

    window = main_window
    original_size = window.text_size()
    window.resize(1280, 680)
    window.set_language("zh")
    window.set_text_size(22)
    try:
        qtbot.wait(50)
        menus = [m for m in window.menuBar().findChildren(QMenu) if m.actions()]
        assert len(menus) >= 6
        bad = {m.title(): elided_items(m) for m in menus}
        assert not {title: items for title, items in bad.items() if items}
    finally:
        window.set_text_size(original_size)
        i18n.install("en")  # the window closes next: no need to rebuild its views in English
