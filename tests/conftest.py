"""Shared test set-up: headless Qt, isolated settings, a main window that cleans up after itself."""
import os
import sys
from pathlib import Path  # noqa: I001

# Headless Qt with one 1920x1080 screen (a projector) instead of offscreen's default 800x800,
# so window geometry behaves as on a real desktop.
os.environ["QT_QPA_PLATFORM"] = "offscreen:configfile=" + str(Path(__file__).with_name("offscreen_screen.json"))
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ.setdefault("QT_API", "pyside6")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path_factory):
    """QSettings (window geometry, last view, the last session, theme, language) go to a fresh
    temporary folder for each test, never the user's: a window restores the last session at
    start, so a folder shared by the whole run made tests depend on what earlier ones left."""
    from PySide6.QtCore import QSettings

    folder = tmp_path_factory.mktemp("settings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    yield folder


_APPLICATION_FONT = []  # the QApplication's own font, read before any test changed it


@pytest.fixture(autouse=True)
def _application_font_restored(request):
    """A window sets the application's font to the text size it was given (View ▸ Larger text,
    --text-size, a restored setting): put it back after each test, as the settings are, so a
    test's layout does not depend on which windows earlier tests opened (a row panel 1,400 px
    wide thinned its labels after the fault and fuzz tests)."""
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        yield
        return
    app = request.getfixturevalue("qapp")
    if not _APPLICATION_FONT:
        from PySide6.QtGui import QFont

        _APPLICATION_FONT.append(QFont(app.font()))
    yield
    if app.font() != _APPLICATION_FONT[0]:
        app.setFont(_APPLICATION_FONT[0])


@pytest.fixture
def bridge(qtbot):
    from app.bridge import EngineBridge

    b = EngineBridge(device="cpu")
    yield b
    b.shutdown()


@pytest.fixture
def shared_state(qtbot):
    from app.state import SharedState

    return SharedState()


@pytest.fixture
def main_window(qtbot):
    """The whole app on the CPU; closed (worker stopped) at the end of the test."""
    from app.main_window import MainWindow

    window = MainWindow(device="cpu")
    qtbot.addWidget(window)
    window.show()
    yield window
    window.close()
    assert not window.bridge.worker.alive
