"""The app in a real X window (Xvfb at 1280×720): Ctrl+plus up to 22 pt, a date typed into the
attention view with xdotool, the window inside the screen (xwininfo) and a screenshot that is not
blank.  benchmarks/real_window.py does the work (and, run by hand, the whole language × size ×
view matrix); skipped where Xvfb, xdotool, ImageMagick's import or xwininfo are missing."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import real_window  # noqa: E402

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(bool(real_window.missing_tools()),
                                 reason=f"needs {', '.join(real_window.missing_tools())} (apt install xvfb xdotool "
                                        "imagemagick x11-utils)")]


def test_the_window_stays_on_a_1280x720_screen_at_22_pt(tmp_path):
    from PySide6.QtGui import QImage

    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "real_window.py"), "--out", str(tmp_path),
                          "--languages", "en", "--sizes", "22", "--views", "attention"],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    records = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    assert run.returncode == 0, run.stderr[-2000:]
    assert [(r["points"], r["view"]) for r in records] == [(22, "attention")]
    record = records[0]
    window = record["window"]
    assert window["x"] >= 0 and window["y"] >= 0
    assert window["x"] + window["width"] <= 1280 and window["y"] + window["height"] <= 720
    image = QImage(record["screenshot"])
    assert image.width() == 1280 and image.height() == 720
    colours = {image.pixel(x, y) for x in range(0, 1280, 16) for y in range(0, 720, 16)}
    assert len(colours) > 20, "the screenshot is (nearly) blank"
