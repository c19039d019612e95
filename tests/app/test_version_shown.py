"""pyproject.toml's version where a user meets it: `--version`, Help ▸ About, the saved session and
lecture files, and the metadata of exported pictures (PNG tEXt chunk, SVG <desc>)."""
import json
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
import zlib
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from app.export import ExportButton

pytestmark = pytest.mark.slow  # every test builds the whole window (about 1.5 s of CPU each)

tomllib = pytest.importorskip("tomllib")  # the oracle: Python's own TOML parser

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def png_text_chunks(path) -> dict[str, str]:
    """The tEXt chunks of a PNG file, read from its bytes (not through Qt, which wrote them)."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks, offset = {}, 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        assert struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            chunks[key.decode("latin-1")] = value.decode("latin-1")
        offset += 12 + length
    return chunks


def test_main_py_version_prints_pyprojects_version(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    proc = subprocess.run([sys.executable, "main.py", "--version"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"attention-lab {VERSION}"


def test_help_about_shows_the_version(qtbot, main_window, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    about = next(a for a in main_window.findChildren(QAction) if a.text() == "About Attention Lab")
    about.trigger()
    assert len(shown) == 1
    assert shown[0][1].splitlines()[-1] == f"Version {VERSION}"


def test_saved_sessions_and_lectures_name_the_version_that_wrote_them(qtbot, main_window, tmp_path, monkeypatch):
    session = main_window.sessions.save(tmp_path / "session.json")
    assert json.loads(session.read_text(encoding="utf-8"))["app_version"] == VERSION

    main_window.capture_scene()
    lecture = tmp_path / "lecture.json"
    monkeypatch.setattr("app.session_controller.QFileDialog.getSaveFileName", lambda *args: (str(lecture), ""))
    main_window.sessions.save_lecture_dialog()
    data = json.loads(lecture.read_text(encoding="utf-8"))
    assert data["app_version"] == VERSION and len(data["scenes"]) == 1


def test_exported_pictures_carry_the_version(qtbot, main_window, tmp_path):
    main_window.show_view("entropy")  # numbers only: drawn without waiting for a model
    button = main_window.current_view().findChildren(ExportButton)[0]
    assert button.save(tmp_path / "picture.png") and button.save(tmp_path / "picture.svg")
    assert png_text_chunks(tmp_path / "picture.png")["Software"] == f"Attention Lab {VERSION}"
    desc = ElementTree.parse(tmp_path / "picture.svg").getroot().find("{http://www.w3.org/2000/svg}desc")
    assert desc is not None and desc.text == f"Drawn by Attention Lab {VERSION}"
