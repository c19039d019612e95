"""The app in a real X window on a 1280×720 screen, driven with the keyboard as a lecturer would.

    python benchmarks/real_window.py --out shots            # English and Chinese, 11 and 22 pt
    python benchmarks/real_window.py --out shots --languages en --sizes 22 --views attention

For each language it starts Xvfb (a 1280×720 screen, no window manager), launches `main.py` in
it (Qt's xcb plugin, settings in a temporary home), waits for the window, and for each text size:
presses Ctrl+plus (View ▸ Larger text) from 11 pt up to it, shows each view with Ctrl+1…7, types
a date into the attention view with xdotool, and saves a screenshot of the whole screen
(`import -window root`) per view.  After each step it reads the window's geometry with xwininfo;
a window that is not inside the screen is a failure (exit status 1).  A screenshot is taken once
the screen has stopped changing (two identical grabs in a row), not after a fixed wait.

Needs (Debian/Ubuntu): xvfb xdotool imagemagick x11-utils, and for the Chinese text
fonts-noto-cjk; the Qt xcb plugin needs libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 (README).
tests/test_real_window.py runs a short version when these are installed.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy

ROOT = Path(__file__).resolve().parents[1]
SCREEN = (1280, 720)
TOOLS = ("Xvfb", "xdotool", "import", "xwininfo")
NORMAL_TEXT = 11
#: every view, in the order of their shortcuts (app.views.view_ids; not imported: this script
#: only drives the app from outside)
VIEWS = ("attention", "beam", "positional", "entropy", "bleu", "playground", "language_model", "embeddings",
         "decoding", "training")
TYPED = "4 Nov 1988"  # not the default input: the screen must change


def view_keys(number: int) -> str:
    """xdotool's name of the app's shortcut for the `number`-th view: Ctrl+1 … Ctrl+9, then Alt+1 …"""
    return f"ctrl+{number}" if number <= 9 else f"alt+{number - 9}"


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


class Screen:
    """An Xvfb server on a free display number, stopped on exit."""

    def __init__(self, size=SCREEN):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def x(display: str, *command: str, check: bool = True) -> str:
    return subprocess.run(command, env={**os.environ, "DISPLAY": display}, capture_output=True, text=True,
                          check=check, timeout=60).stdout


def grab(display: str) -> bytes:
    """The whole screen's pixels (raw RGB: equal grabs mean an unchanged screen)."""
    return subprocess.run(["import", "-window", "root", "-depth", "8", "rgb:-"], env={**os.environ, "DISPLAY": display},
                          capture_output=True, check=True, timeout=60).stdout


#: grabs differing in fewer pixels than this are "the same": a text cursor blinks (1 × 20 px)
BLINK_PIXELS = 200


def same(first: bytes | None, second: bytes | None) -> bool:
    if first is None or second is None or len(first) != len(second):
        return False
    differing = numpy.frombuffer(first, numpy.uint8) != numpy.frombuffer(second, numpy.uint8)
    return int(differing.reshape(-1, 3).any(axis=1).sum()) < BLINK_PIXELS


def wait_still(display: str, before: bytes | None = None, timeout: float = 45.0, interval: float = 0.5,
               still_grabs: int = 3) -> bool:
    """Until the screen differs from `before` (what it showed before a key press; None: no
    change needed) and then stays the same for `still_grabs` grabs in a row: the app has drawn
    what it was asked.  A GUI thread busy building the views or computing shows an unchanged
    screen too, hence the change first.  False on timeout."""
    end = time.monotonic() + timeout
    last, unchanged = grab(display), 1
    changed = before is None or not same(last, before)
    while time.monotonic() < end:
        time.sleep(interval)  # between grabs: the screen is compared, not the time waited
        current = grab(display)
        changed = changed or not same(current, before)
        unchanged = unchanged + 1 if same(current, last) else 1
        last = current
        if changed and unchanged >= still_grabs:
            return True
    return False


def press(display: str, window: str, *keys: str) -> bool:
    """Press `keys` in the window and wait for the screen to change and settle."""
    before = grab(display)
    for key in keys:  # through XTEST to the focused window (an XSendEvent to a window Qt ignores)
        x(display, "xdotool", "key", key)
    return wait_still(display, before)


def window_geometry(display: str, window: str) -> dict:
    """Position and size of the window (xwininfo), its frame included (there is no window manager)."""
    text = x(display, "xwininfo", "-id", window)
    fields = {"x": r"Absolute upper-left X:\s+(-?\d+)", "y": r"Absolute upper-left Y:\s+(-?\d+)",
              "width": r"Width:\s+(\d+)", "height": r"Height:\s+(\d+)"}
    return {name: int(re.search(pattern, text).group(1)) for name, pattern in fields.items()}


def fits(geometry: dict, screen=SCREEN) -> bool:
    return (geometry["x"] >= 0 and geometry["y"] >= 0 and geometry["x"] + geometry["width"] <= screen[0]
            and geometry["y"] + geometry["height"] <= screen[1])


def run_language(language: str, sizes: list[int], views: list[str], out: Path, python: str) -> list[dict]:
    """Launch the app in `language` on a fresh screen and go through `sizes` × `views`."""
    screen = Screen()
    home = Path(tempfile.mkdtemp(prefix="attention-lab-real-window-"))
    env = {**os.environ, "DISPLAY": screen.display, "QT_QPA_PLATFORM": "xcb", "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CACHE_HOME": str(home / ".cache"), "PYQTGRAPH_QT_LIB": "PySide6"}
    app = subprocess.Popen([python, str(ROOT / "main.py"), "--lang", language, "--view", "attention",
                            "--device", "cpu"], env=env, cwd=ROOT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    records = []
    try:
        window = x(screen.display, "xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid)).split()[0]
        # no window manager gives it the keyboard: the keys below go to the window with the focus
        x(screen.display, "xdotool", "windowfocus", "--sync", window)
        loading = grab(screen.display)  # the bare window; the views are built after its first paint
        wait_still(screen.display, loading)
        points, shown = NORMAL_TEXT, "attention"
        for size in sizes:
            # View ▸ Larger text / Smaller text, one point per press
            keys = ["ctrl+plus"] * (size - points) + ["ctrl+minus"] * (points - size)
            if keys:
                press(screen.display, window, *keys)
            points = size
            for view in views:
                still = (press(screen.display, window, view_keys(VIEWS.index(view) + 1)) if view != shown
                         else wait_still(screen.display))
                shown = view
                if view == "attention":  # the main input has the focus: replace its text as a user would
                    before = grab(screen.display)
                    x(screen.display, "xdotool", "key", "ctrl+a")
                    x(screen.display, "xdotool", "type", "--delay", "40", TYPED)
                    still = wait_still(screen.display, before)
                path = out / f"{language}-{size}pt-{view}.png"
                x(screen.display, "import", "-window", "root", str(path))
                geometry = window_geometry(screen.display, window)
                records.append({"language": language, "points": size, "view": view, "window": geometry,
                                "fits": fits(geometry), "settled": still, "screenshot": str(path)})
                print(json.dumps(records[-1]), flush=True)
    finally:
        app.terminate()
        try:
            _, errors = app.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            app.kill()
            _, errors = app.communicate()
        screen.stop()
        shutil.rmtree(home, ignore_errors=True)
    if app.returncode not in (0, -15) and errors:
        print(errors[-2000:], file=sys.stderr)
    return records


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="folder for the screenshots")
    parser.add_argument("--languages", default="en,zh")
    parser.add_argument("--sizes", default="11,22", help="text sizes in points, increasing")
    parser.add_argument("--views", default=",".join(VIEWS))
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)
    missing = missing_tools()
    if missing:
        print(f"real_window: missing {', '.join(missing)} (apt install xvfb xdotool imagemagick x11-utils)",
              file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = sorted(int(s) for s in args.sizes.split(","))
    views = [v for v in args.views.split(",") if v]
    records = []
    for language in args.languages.split(","):
        records += run_language(language, sizes, views, args.out, args.python)
    bad = [r for r in records if not r["fits"]]
    for record in bad:
        print(f"off the screen: {record['language']} {record['points']} pt {record['view']}: {record['window']}",
              file=sys.stderr)
    return 1 if bad or not records else 0


if __name__ == "__main__":
    sys.exit(main())
