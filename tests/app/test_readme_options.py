"""README's list of `main.py` options is what `main.py --help` accepts: a lecturer copies them.

The `--view` list had stopped at language_model while three more views were added; the parser's
own choices (`main.py`'s argparse, read through `--help`) are the reference, not `view_ids()`."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _readme_options_paragraph() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("`main.py` options:")
    return text[start:text.index("\n\n", start)]


@pytest.fixture(scope="module")
def main_help(tmp_path_factory) -> str:
    tmp_path = tmp_path_factory.mktemp("home")
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True,
                         env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen"},
                         timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def test_readme_lists_every_view_main_py_accepts_and_no_other(main_help):
    accepted = re.search(r"--view \{([^}]*)\}", main_help).group(1).split(",")
    shown = re.search(r"`--view ([\w|]+)`", _readme_options_paragraph()).group(1).split("|")
    assert shown == accepted


def test_every_option_readme_names_is_one_main_py_has(main_help):
    helped = set(re.findall(r"(--[a-z][a-z-]*)", main_help))
    named = set(re.findall(r"`(--[a-z][a-z-]*)", _readme_options_paragraph()))
    assert named and named <= helped, named - helped
