"""Shared test set-up: the user's files out of reach, headless Qt, isolated settings, a main window
that cleans up after itself."""
import atexit
import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path  # noqa: I001

# ---- the user's own files -----------------------------------------------------------------------
# Everything that finds "home" by the environment (QSettings, QStandardPaths, torch's and
# transformers' caches, Path.home()) goes to one temporary folder for the whole session, set here,
# before anything imports Qt: the fixture below moves QSettings again per test, but code that runs
# outside a test (collection, a module's import, a subprocess) wrote the user's settings (a run of
# `make test` left language=zh and text_size=22 there, issue 22).  os.environ is inherited, so
# subprocesses started by the tests are covered too.
USER_SETTINGS_FOLDER = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "AttentionLab"


def folder_fingerprint(folder: Path) -> dict:
    """Every file under `folder` with the SHA-256 of its bytes ({} for a missing folder)."""
    if not folder.is_dir():
        return {}
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


USER_SETTINGS_BEFORE = folder_fingerprint(USER_SETTINGS_FOLDER)
SESSION_HOME = Path(tempfile.mkdtemp(prefix="attention-lab-tests-home-"))
atexit.register(shutil.rmtree, SESSION_HOME, ignore_errors=True)
os.environ["HOME"] = str(SESSION_HOME)
os.environ["XDG_CONFIG_HOME"] = str(SESSION_HOME / ".config")
os.environ["XDG_DATA_HOME"] = str(SESSION_HOME / ".local" / "share")
os.environ["XDG_CACHE_HOME"] = str(SESSION_HOME / ".cache")


def pytest_sessionfinish(session):
    """Fail the run if the user's own settings changed while it ran (the tests must not reach them)."""
    after = folder_fingerprint(USER_SETTINGS_FOLDER)
    if after != USER_SETTINGS_BEFORE:
        changed = sorted(set(after.items()) ^ set(USER_SETTINGS_BEFORE.items()))
        session.config.get_terminal_writer().line(
            f"The tests changed the user's settings in {USER_SETTINGS_FOLDER}: {sorted({n for n, _ in changed})}"
            " (or another program changed them meanwhile: the app itself, another test run)", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED

# ---- one thread per process for torch's and numpy's thread pools -----------------------------------
# `make test` runs one pytest worker per core (-n auto), and torch (and OpenBLAS) gives each worker a
# pool of as many threads as the machine has cores, whose OpenMP threads spin while they wait for
# work: with more runnable threads than cores the spinning is CPU taken from the other worker.  A
# tiny-preset step of the live trainer took 0.16-4.5 s of CPU with torch's default two threads on
# the loaded two-core machine, 0.03 s with one (tests/engine/test_live_trainer.py: 22 steps, about
# 24 s of CPU against 0.8 s).  One thread per process, as the app's own worker runs (main.py
# --threads, default 1); os.environ is inherited, so the subprocesses the tests start (the CLI,
# the app) get it too.  setdefault: a developer can still ask for more.
for _pool in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_pool, "1")

# Headless Qt with one 1920x1080 screen (a projector) instead of offscreen's default 800x800,
# so window geometry behaves as on a real desktop.
os.environ["QT_QPA_PLATFORM"] = "offscreen:configfile=" + str(Path(__file__).with_name("offscreen_screen.json"))
os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ.setdefault("QT_API", "pyside6")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true",
                     help="also run the tests marked `soak` (the 100 s random-edit soak; docs/testing.md)")


def pytest_collection_modifyitems(config, items):
    """`soak` tests are skipped unless --soak is given: the soak is a measurement (minutes of
    random edits, an expected failure while its GUI-thread gaps are open), not a check `make test`
    can fail on, and it was the suite's longest test."""
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="the soak runs only with --soak (docs/testing.md)")
    for item in items:
        if item.get_closest_marker("soak") is not None:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path_factory):
    """QSettings (window geometry, last view, the last session, theme, language) go to a fresh
    temporary folder for each test, never the user's: a window restores the last session at
    start, so a folder shared by the whole run made tests depend on what earlier ones left."""
    from PySide6.QtCore import QSettings

    folder = tmp_path_factory.mktemp("settings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    # The app's QSettings("AttentionLab", "Attention Lab") use NativeFormat, whose path Qt fixes
    # at the first QSettings of the process unless set too (on Linux it is an INI file as well;
    # setting only IniFormat left every test writing the user's own settings file).
    for settings_format in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(settings_format, QSettings.Scope.UserScope, str(folder))
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
