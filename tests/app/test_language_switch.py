"""A language switch rebuilds every view (MainWindow.set_language); the views it replaces wait
for their deferred deletion as children of the window, with their children's signals blocked."""
import gc
import weakref

from app import i18n


def test_the_views_a_language_switch_replaces_are_freed(main_window, qtbot):
    """A language switch rebuilds every view; the old ones existed when the event loop first ran,
    so they were set aside, and their cycles (slots, closures, states) would have stayed until
    the window closed: about ten views' worth per switch."""
    guard = main_window.bridge._gc
    guard.check()  # the first check sets aside what exists: the window and its views
    assert gc.get_freeze_count() > 0
    old_state = weakref.ref(main_window.current_view().view_state)
    main_window.set_language("zh")
    try:
        qtbot.waitUntil(lambda: old_state() is None, timeout=5000)
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English


def test_a_view_a_language_switch_replaced_does_not_restyle_before_it_is_deleted(main_window, qtbot):
    """The replaced views stay children of the window until their deferred deletion; a text-size
    change reached them with every child's signals blocked, and Entropy's restyle then looped for
    good (QTabWidget.removeTab waits for its stack's blocked signal: a clean clone hung here)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    old = main_window.view("entropy")
    restyled = []
    old.apply_zoom = lambda: restyled.append(True)
    main_window.set_language("zh")
    try:
        QApplication.sendEvent(old, QEvent(QEvent.Type.FontChange))
        assert restyled == []
        assert not main_window.view("entropy").retired
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English
