"""A deferred main window (what main.py opens) shows first and builds its views after the first
paint; the engine's thread starts only then."""
import pytest


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_deferred_window_paints_before_building_views(qtbot):
    from app.main_window import MainWindow

    window = MainWindow(device="cpu", initial_view="beam", deferred=True)
    qtbot.addWidget(window)
    try:
        assert window.views == [] and window.navigation.count() == 0
        assert not window.bridge.worker.alive  # torch is not imported while the window appears
        with qtbot.waitSignal(window.views_ready, timeout=30000):
            window.show()
        assert window.first_paint_at is not None
        assert [window.navigation.item(i).data(0x0100) for i in range(window.navigation.count())] == \
            [v.view_id for v in window.views] and len(window.views) >= 6
        assert window.current_view().view_id == "beam" and window.bridge.worker.alive
        assert len(window.view_actions) == len(window.views)
        qtbot.waitUntil(lambda: "CPU" in window.device_label.text(), timeout=60000)  # queued before the start
    finally:
        window.close()
