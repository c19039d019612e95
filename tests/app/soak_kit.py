"""Tools for the soak and fault tests: random edits through a view's real widgets, a GUI-thread
heartbeat, a Qt-warning and exception recorder, and the "display = engine" check.

Widgets are found by type under each view (line edits, text boxes, spin boxes, sliders, combo
boxes, check boxes, tabs, table cells, buttons and their menus), so a view added to the registry
is soaked without changing this file.  Buttons that open a file dialog (Export) are left out:
a modal dialog would wait for a user."""
from __future__ import annotations

import dataclasses
import gc
import random
import threading
import time

import numpy as np
from PySide6.QtCore import QObject, QtMsgType, QTimer, qInstallMessageHandler
from PySide6.QtWidgets import (QAbstractButton, QAbstractSlider, QAbstractSpinBox, QCheckBox, QComboBox,
                               QDoubleSpinBox, QLineEdit, QPlainTextEdit, QPushButton, QScrollBar, QSpinBox,
                               QTableWidget, QTabWidget, QToolButton)

from app.export import ExportButton

#: characters a lecturer's class will type sooner or later
ALPHABETS = (
    "0123456789 -/.,:",
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "éèêëàâäöüßçñÉÅØæœ",
    "年月日一二三四五六七八九十我们喜欢学习",
    "αβγδεζηθλμπσφψωΣΩ",
    "абвгдежзийклмнопрстуфхцчшщ",
    "مرحباשלום",
    "😀🎉👍🏽🇫🇷👨‍👩‍👧‍👦🧪",
    "\x00\x01\x07\x08\t\n\r\x1b\x7f\u200b\u200d\u202e\ufeff\ufffd",
    "0.1 0.2 0.3 0.4 1e-3 -2 inf nan 1/3 ; \n",
)


def random_text(rng: random.Random) -> str:
    """Random text: short or long (up to 5,000 characters), from one or several alphabets."""
    pools = rng.sample(ALPHABETS, rng.randint(1, 3))
    length = rng.choice((0, 1, 2, 5, 12, 30, 41, 80, 400, 5000))
    return "".join(rng.choice(rng.choice(pools)) for _ in range(length))


def mutate(rng: random.Random, text: str, seed: str) -> str:
    """An edit a person might make: type a character, delete some, paste garbage, go back to the
    example text (so that valid inputs keep coming and the drawing paths stay busy)."""
    op = rng.random()
    if op < 0.3:
        at = rng.randint(0, len(text))
        return text[:at] + rng.choice(rng.choice(ALPHABETS)) + text[at:]
    if op < 0.5 and text:
        start = rng.randrange(len(text))
        return text[:start] + text[start + rng.randint(1, 3):]
    if op < 0.75:
        return seed
    return random_text(rng)


@dataclasses.dataclass
class Actions:
    """Every widget of one view that the soak may touch."""

    texts: list  # (widget, seed text)
    spins: list
    sliders: list
    combos: list
    checks: list
    tabs: list
    tables: list
    buttons: list
    menu_buttons: list


def _inside(widget, types) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, types):
            return True
        parent = parent.parentWidget()
    return False


def collect(view) -> Actions:
    def find(cls):
        return [w for w in view.findChildren(cls) if not _inside(w, (QAbstractSpinBox, QComboBox, ExportButton))]

    texts = [(w, w.text()) for w in find(QLineEdit) if not w.isReadOnly()]
    texts += [(w, w.toPlainText()) for w in find(QPlainTextEdit) if not w.isReadOnly()]
    buttons, menu_buttons = [], []
    for b in find(QAbstractButton):
        if isinstance(b, (QCheckBox, ExportButton)) or not isinstance(b, (QPushButton, QToolButton)):
            continue
        (menu_buttons if b.menu() is not None else buttons).append(b)
    return Actions(texts=texts, spins=find(QAbstractSpinBox), sliders=[s for s in find(QAbstractSlider)
                                                                       if not isinstance(s, QScrollBar)],
                   combos=find(QComboBox), checks=find(QCheckBox), tabs=find(QTabWidget),
                   tables=[t for t in find(QTableWidget) if t.editTriggers()], buttons=buttons,
                   menu_buttons=menu_buttons)


def random_action(rng: random.Random, actions: Actions, counts: dict) -> str:
    """One random edit through one widget; `counts` tallies them by kind.  Returns what it did."""
    kinds = [k for k in ("texts", "spins", "sliders", "combos", "checks", "tabs", "tables", "buttons",
                         "menu_buttons") if getattr(actions, k)]
    weights = {"texts": 6, "spins": 2, "sliders": 2, "combos": 2, "checks": 1, "tabs": 1, "tables": 2,
               "buttons": 1, "menu_buttons": 1}
    kind = rng.choices(kinds, [weights[k] for k in kinds])[0]
    counts[kind] = counts.get(kind, 0) + 1
    return _do(rng, actions, kind)


def _name(widget) -> str:
    parent = widget.parentWidget()
    return f"{type(parent).__name__ if parent else ''}.{type(widget).__name__}"


def _do(rng: random.Random, actions: Actions, kind: str) -> str:
    if kind == "texts":
        widget, seed = rng.choice(actions.texts)
        if not widget.isEnabled():
            return "disabled text box"
        if isinstance(widget, QPlainTextEdit):
            text = mutate(rng, widget.toPlainText(), seed)
            widget.setPlainText(text)
        else:
            text = mutate(rng, widget.text(), seed)
            widget.setText(text)
        return f"{_name(widget)} := {text[:40]!r} ({len(text)} characters)"
    if kind == "spins":
        spin = rng.choice(actions.spins)
        if isinstance(spin, QDoubleSpinBox):
            spin.setValue(rng.uniform(spin.minimum(), spin.maximum()))
        elif isinstance(spin, QSpinBox):
            spin.setValue(rng.randint(spin.minimum(), spin.maximum()))
        return f"{_name(spin)} := {spin.text()}"
    if kind == "sliders":
        slider = rng.choice(actions.sliders)
        slider.setValue(rng.randint(slider.minimum(), slider.maximum()))
        return f"{_name(slider)} := {slider.value()}"
    if kind == "combos":
        box = rng.choice(actions.combos)
        if box.count():
            box.setCurrentIndex(rng.randrange(box.count()))
        return f"{_name(box)} := {box.currentText()!r}"
    if kind == "checks":
        check = rng.choice(actions.checks)
        if check.isEnabled():
            check.click()
        return f"{check.text()!r} := {check.isChecked()}"
    if kind == "tabs":
        tabs = rng.choice(actions.tabs)
        if not tabs.count():  # a tab widget whose pages come with a result (the playground's matrices)
            return "empty tab widget"
        tabs.setCurrentIndex(rng.randrange(tabs.count()))
        return f"tab {tabs.tabText(tabs.currentIndex())!r}"
    if kind == "tables":
        table = rng.choice(actions.tables)
        if table.rowCount() and table.columnCount():
            item = table.item(rng.randrange(table.rowCount()), rng.randrange(table.columnCount()))
            if item is not None:
                item.setText(rng.choice((f"{rng.uniform(-5, 5):.3g}", "", random_text(rng)[:20], "1e308", "nan")))
                return f"{_name(table)} cell := {item.text()!r}"
        return "empty table"
    if kind == "buttons":
        button = rng.choice(actions.buttons)
        if button.isEnabled():
            button.click()
        return f"button {button.text()!r}"
    menu_actions = [a for a in rng.choice(actions.menu_buttons).menu().actions() if a.isEnabled() and a.text()]
    if menu_actions:
        action = rng.choice(menu_actions)
        action.trigger()
        return f"menu {action.text()!r}"
    return "empty menu"


class GarbageCollections:
    """Python's cyclic collections while the soak runs (a context manager): how many of each
    generation and the GUI-thread CPU time of the longest, which is a gap the app cannot avoid
    by drawing less (a full collection walks every object: about 200 ms for the 265,000 of a
    window with its models loaded)."""

    def __init__(self):
        self.spent: list[tuple[int, float]] = []  # (generation, CPU ms of the collecting thread)
        self._began = 0.0
        self._ours = False

    def collect_here(self) -> None:
        """A full collection the test makes itself (before reading resident memory): not counted.
        The objects the app's collector set aside are walked too (app.gc_guard.collect_all): the
        memory measured is what is still in use, not garbage waiting for the next full walk."""
        from app.gc_guard import collect_all

        self._ours = True
        try:
            collect_all()
        finally:
            self._ours = False

    def _record(self, phase, info):
        if self._ours:
            return
        if phase == "start":
            self._began = time.thread_time()
        else:
            self.spent.append((info["generation"], (time.thread_time() - self._began) * 1e3))

    def __enter__(self):
        gc.callbacks.append(self._record)
        return self

    def __exit__(self, *exc):
        gc.callbacks.remove(self._record)

    def summary(self) -> str:
        by_generation = {}
        for generation, ms in self.spent:
            count, longest = by_generation.get(generation, (0, 0.0))
            by_generation[generation] = (count + 1, max(longest, ms))
        return ", ".join(f"generation {g}: {n}, the longest {ms:.0f} ms" for g, (n, ms) in sorted(by_generation.items()))


class Heartbeat(QObject):
    """A GUI-thread timer every `interval_ms`: the longest gap between two ticks is the longest
    time the GUI thread could not handle events.  Each gap also records how much CPU time the
    GUI thread itself used during it, which tells a blocked thread (busy in Python or Qt) from a
    thread that was merely not scheduled on a loaded machine."""

    def __init__(self, interval_ms: int = 10, label=lambda: ""):
        super().__init__()
        self.label = label  # what is on screen, named in the stacks sampled
        self.interval_ms = interval_ms
        self.gaps: list[tuple[float, float]] = []  # (wall ms, GUI-thread CPU ms)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)
        self._last = None
        self._overhead_ms = 0.0  # the test's own measuring since the last tick (not the app's work)
        self.overhead_ms = 0.0  # all of it

    def start(self):
        self._last = (time.perf_counter(), time.thread_time())
        self._gui_thread = threading.get_ident()
        self._label = self.label()
        self._timer.start()
        self.late_stacks: dict[str, int] = {}  # GUI-thread stack seen while a tick is late -> samples
        self._watching = True
        self._watchdog = threading.Thread(target=self._watch, daemon=True)
        self._watchdog.start()

    def stop(self):
        self._timer.stop()
        self._watching = False
        self._watchdog.join()

    def _watch(self):
        """Sample the GUI thread's Python stack whenever a tick is over 100 ms late: what it is
        doing then is what blocks it (a C++ paint shows as the innermost Python frame above it).

        The stack is read as text written by faulthandler, never as frame objects: a frame
        object held here keeps the GUI thread's locals alive after its function returns, and
        the last reference then dies in this thread, so a Qt object among those locals was
        destroyed here, outside its thread (a timer of it left registered: the soak's
        segmentation faults in QTimerInfoList::activateTimers and in painting).  No Qt call is
        made here either: the label of the view on screen is read by the GUI thread's ticks."""
        import faulthandler
        import tempfile

        with tempfile.TemporaryFile("w+") as dump:
            while self._watching:
                time.sleep(0.02)
                if (time.perf_counter() - self._last[0]) * 1e3 <= 100 + self.interval_ms:
                    continue
                dump.seek(0)
                dump.truncate()
                faulthandler.dump_traceback(dump, all_threads=True)
                dump.seek(0)
                frames = gui_thread_frames(dump.read(), self._gui_thread)[:6]
                if frames:
                    key = f"[{self._label}] " + " <- ".join(frames)
                    self.late_stacks[key] = self.late_stacks.get(key, 0) + 1

    def worst_stacks(self, n: int = 3) -> list[str]:
        return [f"{count} × {stack}" for stack, count in
                sorted(self.late_stacks.items(), key=lambda kv: -kv[1])[:n]]

    def exclude(self, began_cpu: float) -> None:
        """GUI-thread CPU time since `began_cpu` (time.thread_time()) went to the test's own
        measuring (reading RSS, capturing inputs): it is not counted as the app's."""
        spent = (time.thread_time() - began_cpu) * 1e3
        self._overhead_ms += spent
        self.overhead_ms += spent

    def _tick(self):
        now = (time.perf_counter(), time.thread_time())
        self.gaps.append(((now[0] - self._last[0]) * 1e3, (now[1] - self._last[1]) * 1e3 - self._overhead_ms))
        self._overhead_ms = 0.0
        self._last = now
        self._label = self.label()

    def worst(self) -> tuple[float, float]:
        """(longest wall gap, CPU time of the GUI thread in it), both in ms."""
        return max(self.gaps, default=(0.0, 0.0))


def gui_thread_frames(dump: str, thread_id: int) -> list[str]:
    """The frames of thread `thread_id` in a faulthandler dump, innermost first, as
    "function (folder/file.py:line)"."""
    frames, inside = [], False
    for line in dump.splitlines():
        if line.startswith(("Thread 0x", "Current thread 0x")):
            inside = int(line.split("0x", 1)[1].split()[0], 16) == thread_id
            continue
        line = line.strip()
        if inside and line.startswith("File "):
            path, _, rest = line[6:].partition('", line ')
            number, _, name = rest.partition(" in ")
            frames.append(f"{name} ({path.rsplit('/', 2)[-1]}:{number})")
    return frames


#: what the headless test platform ("offscreen") says about itself, not about the app: it cannot
#: pass a window's minimum size on to a window manager (real platforms can)
PLATFORM_NOTES = {"This plugin does not support propagateSizeHints()"}


class Problems:
    """Records Qt warnings (and worse) and uncaught Python exceptions while installed."""

    def __init__(self):
        self.qt_messages: list[str] = []
        self.exceptions: list[str] = []
        self._previous_handler = None
        self._previous_hook = None

    def __enter__(self):
        import sys
        import traceback

        def handler(kind, context, text):
            if text in PLATFORM_NOTES:
                return
            if kind != QtMsgType.QtDebugMsg and kind != QtMsgType.QtInfoMsg:
                self.qt_messages.append(f"{kind.name}: {text}")
                # at once too: a warning just before a crash names its cause
                print(f"Qt {kind.name} ({threading.current_thread().name}): {text}", file=sys.stderr, flush=True)

        def hook(exc_type, exc, tb):
            self.exceptions.append("".join(traceback.format_exception(exc_type, exc, tb))[-3000:])

        self._previous_handler = qInstallMessageHandler(handler)
        self._previous_hook, sys.excepthook = sys.excepthook, hook
        self._previous_thread_hook, threading.excepthook = threading.excepthook, \
            lambda args: hook(args.exc_type, args.exc_value, args.exc_traceback)
        return self

    def __exit__(self, *exc):
        import sys

        qInstallMessageHandler(self._previous_handler)
        sys.excepthook = self._previous_hook
        threading.excepthook = self._previous_thread_hook
        return False


def rss_mb() -> float:
    """Resident set size of this process, from /proc/self/statm (pages), after handing freed
    heap pages back to the system (malloc_trim): what is still resident is still in use."""
    import ctypes
    import os

    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except OSError:  # not glibc: the figure then includes freed pages malloc keeps
        pass
    with open("/proc/self/statm") as f:
        resident_pages = int(f.read().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def rss_parts() -> dict[str, float]:
    """Resident memory by kind from /proc/self/status, MB: anonymous (heaps, arrays, Qt's
    images), file-backed (code, fonts) and shared; {} where the kernel does not say."""
    parts = {}
    try:
        with open("/proc/self/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("RssAnon", "RssFile", "RssShmem"):
                    parts[key[3:].lower()] = round(int(value.split()[0]) / 1024, 1)
    except OSError:
        pass
    return parts


#: a request's keyword arguments that say how its work is reported or cancelled, not what it
#: computes: a progress callback or a cancel event made anew with each request (the Embeddings and
#: Language model views), so that a request built again never equals the one drawn otherwise
REQUEST_HOOKS = {"progress", "scoring", "cancel", "cancelled"}


def same_value(a, b, path="value") -> list[str]:
    """Differences between two engine values (frozen dataclasses, arrays, numbers, containers)."""
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        if type(a) is not type(b):
            return [f"{path}: {type(a).__name__} vs {type(b).__name__}"]
        out = []
        for f in dataclasses.fields(a):
            out += same_value(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
        return out
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape:
            return [f"{path}: shape {a.shape} vs {b.shape}"]
        if a.dtype.kind in "fc" or b.dtype.kind in "fc":
            ok = np.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True)
        else:
            ok = np.array_equal(a, b)
        return [] if ok else [f"{path}: arrays differ"]
    if path.endswith(("_ms", ".seconds")):  # how long it took, not what it is
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return [f"{path}: keys {sorted(map(str, a))} vs {sorted(map(str, b))}"]
        return [d for k in a if not (path.endswith(".kwargs") and k in REQUEST_HOOKS)
                for d in same_value(a[k], b[k], f"{path}[{k!r}]")]
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return [f"{path}: length {len(a)} vs {len(b)}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in same_value(x, y, f"{path}[{i}]")]
    if isinstance(a, float) and isinstance(b, float):
        return [] if np.isclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True) else [f"{path}: {a} vs {b}"]
    return [] if a == b else [f"{path}: {a!r} vs {b!r}"]
