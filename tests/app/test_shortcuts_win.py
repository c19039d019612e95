"""Issue 23, deliverable 3: the application's shortcuts work whatever has the focus — a focused
QLineEdit took Ctrl+E (end of line) and Export did nothing after typing — and dialogs fit the
screen (the F1 dialog was 840 px tall on a 720 px projector, its OK button unreachable).
Deliverable 6's status bar is here too: its items separated, a temporary message beside them
whole, and slides without it."""
import pytest
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit, QWidget

from app.export import ExportButton

pytestmark = pytest.mark.slow  # every test builds the whole window (about 1.5 s of CPU each)

KEYS = ("Ctrl+E", "Ctrl+Shift+C", "PgDown", "PgUp")


def _action(window, keys: str):
    wanted = QKeySequence(keys)
    found = [a for a in window.findChildren(type(window.presentation_action)) if wanted in a.shortcuts()]
    assert found, f"no action has {keys}"
    return found[0]


def _press(qtbot, widget, keys: str) -> None:
    combination = QKeySequence(keys)[0]
    qtbot.keyClick(widget, combination.key(), combination.keyboardModifiers())



def _text_fields(view):
    """The view's main input and its visible text fields (or, in a view without any, a spin box)."""
    fields = [w for kind in (QLineEdit, QPlainTextEdit) for w in view.findChildren(kind)
              if w.isVisible() and w.isEnabled() and w.focusPolicy() != Qt.FocusPolicy.NoFocus
              and not isinstance(w.parentWidget(), QAbstractSpinBox)]
    fields = [view.main_input()] + [w for w in fields if w is not view.main_input()] if view.main_input() else fields
    return fields or [w for w in view.findChildren(QAbstractSpinBox) if w.isVisible()][:1]


class ClaimsEveryKey(QObject):
    """What a line edit does with Ctrl+E under X11's keyboard scheme (end of line): it accepts the
    ShortcutOverride, so Qt hands the key to the field instead of the window's action.  The
    offscreen platform uses the Windows scheme, where Ctrl+E is unbound, so each field here is
    made to claim every key as X11's fields claim Ctrl+E (and text edits PageDown in some styles)."""

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        return False


@pytest.fixture
def export_menus(monkeypatch):
    """Ctrl+E opens the view's Export menu (a modal popup): recorded here instead."""
    opened = []
    monkeypatch.setattr(ExportButton, "showMenu", lambda button: opened.append(button))
    return opened


def test_shortcuts_fire_from_a_focused_text_field_in_every_view(qtbot, main_window, export_menus):
    window = main_window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    fired = {keys: [] for keys in KEYS + ("F11",)}
    for keys, record in fired.items():
        _action(window, keys).triggered.connect(lambda *_, r=record: r.append(1))
    checked = 0
    claim = ClaimsEveryKey(window)
    for number, view in enumerate(window.views[:6], start=1):
        window.show_view(view.view_id)
        qtbot.waitUntil(lambda: view.ready(), timeout=60000)
        other = window.views[number % len(window.views)]
        for field in _text_fields(view):
            # the claim stands for the field's own handling of the key, which Qt runs after every
            # event filter; filters run newest first, so it is installed before the field takes
            # the focus (and with it the window's guard), on the field and on the spin box that
            # takes the focus for its line edit
            if QApplication.focusWidget() is not None:
                QApplication.focusWidget().clearFocus()  # the field may hold the focus already
            for target in (field, field.parentWidget()):
                target.installEventFilter(claim)
            field.setFocus()
            # a spin box's line edit passes the focus to its spin box
            qtbot.waitUntil(lambda f=field: QApplication.focusWidget() in (f, f.parentWidget()), timeout=5000)
            field = QApplication.focusWidget()
            before = {keys: len(record) for keys, record in fired.items()}
            menus = len(export_menus)
            for keys in KEYS:
                _press(qtbot, field, keys)
            assert len(export_menus) == menus + 1, f"{view.view_id}: Ctrl+E in {type(field).__name__}"
            for keys in KEYS:
                assert len(fired[keys]) == before[keys] + 1, f"{view.view_id}: {keys} in {type(field).__name__}"
            _press(qtbot, field, "F11")
            assert window.presenting, f"{view.view_id}: F11 in {type(field).__name__}"
            window.toggle_presentation(False)
            field.setFocus()
            _press(qtbot, field, f"Ctrl+{window.views.index(other) + 1}")
            assert window.current_view() is other, f"{view.view_id}: Ctrl+number in {type(field).__name__}"
            window.show_view(view.view_id)
            checked += 1
    assert checked >= 6


def _open_shortcuts_dialog(qtbot, window):
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: getattr(window, "shortcuts_dialog", None) is not None
                    and window.shortcuts_dialog.isVisible(), timeout=5000)
    return window.shortcuts_dialog


@pytest.mark.parametrize("area, points", [
    pytest.param(QRect(0, 0, 1280, 680), 11, id="1280x720"),   # a 720 px projector less its panel
    pytest.param(QRect(0, 0, 1280, 680), 22, id="1280x720-22pt"),
    pytest.param(None, 22, id="1920x1080-22pt"),              # the test screen itself
])
def test_the_shortcuts_dialog_fits_the_screen_and_scrolls(qtbot, main_window, monkeypatch, area, points):
    import app.screen_dialog

    if area is not None:
        monkeypatch.setattr(app.screen_dialog, "available_geometry", lambda widget: area)
    else:
        area = main_window.screen().availableGeometry()
    original = QApplication.font()
    main_window.set_text_size(points)
    try:
        dialog = _open_shortcuts_dialog(qtbot, main_window)
        frame = dialog.frameGeometry()
        assert frame.height() <= area.height() and frame.width() <= area.width(), frame
        assert area.contains(frame), (frame, area)
        ok = dialog.buttons.buttons()[0]
        ok_rect = QRect(ok.mapToGlobal(ok.rect().topLeft()), ok.size())
        assert area.contains(ok_rect) and ok.isVisible(), ok_rect
        # all of the table can be reached: what does not fit scrolls
        text_height = dialog.text.sizeHint().height()
        viewport = dialog.scroll.viewport().height()
        assert viewport + dialog.scroll.verticalScrollBar().maximum() >= text_height
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    finally:
        QApplication.setFont(original)


def test_status_items_are_separated_and_left_out_of_slides(qtbot, main_window):
    """Issue 23: the status bar's items ran together, and --screenshot slides showed its timings
    and "loading…"."""
    from PySide6.QtWidgets import QFrame

    window = main_window
    bar = window.statusBar()
    qtbot.waitUntil(lambda: window.current_view().ready() and not window.current_view().busy, timeout=60000)
    items = sorted((w for w in (window.device_label, window.model_label, window.timing_label)), key=lambda w: w.x())
    rules = [w for w in bar.findChildren(QFrame) if w.objectName() == "status_separator" and w.isVisible()]
    for left, right in zip(items, items[1:]):
        between = [r for r in rules if left.geometry().right() < r.x() and r.geometry().right() < right.x()]
        assert between, f"nothing between {left.text()!r} and {right.text()!r}"
    QApplication.processEvents()
    window_picture = window.grab().toImage()
    bar_rows = bar.geometry()
    bar_alone = bar.grab().toImage().convertToFormat(window_picture.format())
    rect = (bar_rows.x(), bar_rows.y(), bar_rows.width(), bar_rows.height())  # offscreen: 1 pixel per point
    assert window_picture.copy(*rect) == bar_alone  # the oracle: a grab of the window shows the bar so
    slide = window.slide_image().toImage().convertToFormat(window_picture.format())
    assert bar.isVisible()  # put back after the slide
    assert slide.size() == window_picture.size()
    assert slide.copy(*rect) != bar_alone, "the slide shows the status bar"
    assert window.timing_label.text() and window.timing_label.isVisible()
    # a temporary message (a scene's caption) is drawn left of the permanent items, whole, at 1280 px
    window.set_text_size(11)
    window.resize(1280, 680)
    qtbot.waitUntil(lambda: window.width() == 1280, timeout=5000)
    for name in ("date-transformer", "date-rnn-attention", "zh-en-toy", "all-MiniLM-L6-v2", "bert-base-uncased"):
        window.state.set_model_state(name, "loading")  # every model a lecture used: a long label
    caption = "Attention playground: 0.13, -0.13, 0.64, 0.1 -0.54, 0.2"
    bar.showMessage(caption, 8000)
    QApplication.processEvents()
    first_item = min(w.x() for w in bar.children() if isinstance(w, QWidget) and w.isVisible())
    assert bar.fontMetrics().horizontalAdvance(caption) + 8 <= first_item, (first_item, window.model_label.text())
    assert "bert-base-uncased" in window.model_label.toolTip()
    window.resize(1400, 900)


def test_shortcuts_fire_while_a_combo_boxs_list_is_open(qtbot, main_window, export_menus):
    """While a combo box's list (a popup window) was open Qt matched keys against the popup alone:
    Ctrl+E, Ctrl+number and F11 did nothing (seen in a real X window).  Now the popup closes and
    the window's action runs."""
    from PySide6.QtWidgets import QComboBox

    window = main_window
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    fired = {keys: [] for keys in KEYS}
    for keys, record in fired.items():
        _action(window, keys).triggered.connect(lambda *_, r=record: r.append(1))
    checked = 0
    for number, view in enumerate(window.views[:6], start=1):
        window.show_view(view.view_id)
        qtbot.waitUntil(lambda: view.ready(), timeout=60000)
        combos = [c for c in view.findChildren(QComboBox) if c.isVisible() and c.isEnabled() and c.count() > 1]
        if not combos:
            continue
        combo, other = combos[0], window.views[number % len(window.views)]

        def press_in_open_list(keys):
            combo.showPopup()
            qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None, timeout=5000)
            _press(qtbot, combo.view(), keys)
            qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None, timeout=5000)

        for keys in KEYS:
            before, menus = len(fired[keys]), len(export_menus)
            press_in_open_list(keys)
            qtbot.waitUntil(lambda k=keys, b=before: len(fired[k]) == b + 1, timeout=5000)
            if keys == "Ctrl+E":
                assert len(export_menus) == menus + 1, view.view_id
        press_in_open_list("F11")
        qtbot.waitUntil(lambda: window.presenting, timeout=5000)
        window.toggle_presentation(False)
        press_in_open_list(f"Ctrl+{window.views.index(other) + 1}")
        qtbot.waitUntil(lambda o=other: window.current_view() is o, timeout=5000)
        checked += 1
    assert checked >= 4
