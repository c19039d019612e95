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
