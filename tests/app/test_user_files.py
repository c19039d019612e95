"""The tests never touch the user's own files (issue 22): tests/conftest.py moves HOME, the XDG
folders and QSettings to a temporary folder before anything imports Qt, and fails the run if the
user's settings changed anyway.  Both are checked here from outside, in a pytest run whose "real"
home is a folder this test owns."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: tests that write the settings (language, text size, theme, colour map, window geometry): run
#: alone with HOME=$(mktemp -d), they wrote $HOME/.config/AttentionLab/Attention Lab.conf
SETTINGS_WRITERS = [
    "tests/app/test_themes.py::test_theme_and_colour_map_are_restored_at_start",
    "tests/app/test_i18n.py::test_the_language_menu_switches_and_is_remembered",
    "tests/app/test_i18n.py::test_an_explicit_language_is_remembered_and_an_unknown_one_refused",
]


def pytest_run(home: Path, *args: str, **extra_env: str) -> subprocess.CompletedProcess:
    """`python -m pytest ARGS` from the repository root as a user whose home is `home`."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("XDG_")}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", **extra_env)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_tests_that_write_settings_leave_the_users_home_empty(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    run = pytest_run(home, *SETTINGS_WRITERS)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "3 passed" in run.stdout
    assert sorted(home.rglob("*")) == []


@pytest.mark.slow  # a pytest run in a subprocess
def test_a_run_that_changes_the_users_settings_fails(tmp_path):
    """The session-end check can fail: a test that writes the user's settings file (found by the
    folder conftest recorded before it moved HOME) turns a passing run into a failed one."""
    home = tmp_path / "home"
    settings = home / ".config" / "AttentionLab" / "Attention Lab.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[General]\nlanguage=en\n", encoding="utf-8")
    writer = tmp_path / "test_writes_the_users_settings.py"
    writer.write_text(
        "import conftest\n\n"
        "def test_writes():\n"
        "    assert conftest.USER_SETTINGS_FOLDER.is_dir()\n"
        "    (conftest.USER_SETTINGS_FOLDER / 'Attention Lab.conf').write_text('[General]\\nlanguage=zh\\n')\n",
        encoding="utf-8")
    # tests/conftest.py loaded as a plugin: the file lies outside tests/, where conftest would not reach it
    run = pytest_run(home, "-c", str(ROOT / "pyproject.toml"), "-p", "conftest", str(writer),
                     PYTHONPATH=str(ROOT / "tests"))
    assert "1 passed" in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
    assert run.returncode == pytest.ExitCode.TESTS_FAILED
    assert f"The tests changed the user's settings in {settings.parent}: ['Attention Lab.conf'] (or another" in run.stdout
