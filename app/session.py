"""Sessions and lecture scenes: what each view shows, as JSON.

A view's state is read from its input widgets, so every view — including views added later —
is saved without code of its own: each line edit, text box, combo box, spin box, check box,
slider and tab bar is keyed by its path from the view (class names and positions among
siblings; views build their widgets in the same order every time).  A view adds what its
widgets do not hold (the attention view's chosen layer and head) through `View.extra_state()`
and `View.apply_extra_state()`.

File format (versioned; a newer version is refused, never half-read):

    {"format": "attention-lab-session", "version": 1, "current_view": "beam",
     "views": {"attention": {"widgets": {...}, "extra": {...}, "model_folder": "/path"}, ...}}

"model_folder" (optional): the Hugging Face folder the view's model selector showed; applying
the state reopens it in the worker and chooses it once loaded (app/model_folder.py `restore`).

    {"format": "attention-lab-lecture", "version": 1,
     "scenes": [{"view": "beam", "caption": "Greedy is not enough", "state": {...}}, ...]}
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (QAbstractSlider, QAbstractSpinBox, QCheckBox, QComboBox, QDoubleSpinBox, QLineEdit,
                               QPlainTextEdit, QRadioButton, QSpinBox, QStackedWidget, QTabWidget, QTextEdit,
                               QWidget)

from app.engine_text import Phrase

SESSION_FORMAT = "attention-lab-session"
LECTURE_FORMAT = "attention-lab-lecture"
VERSION = 1
#: the largest session or lecture file read (a session is a few kilobytes)
MAX_BYTES = 5_000_000


class SessionError(ValueError):
    """A session or lecture file that cannot be used; the message says why: an English
    `template` marked for translation (context "EngineMessage") and the `values` for its {0}, {1} …
    (app.engine_text.engine_message shows it in the interface language)."""

    def __init__(self, template: str, *values):
        super().__init__(template.format(*values))
        self.template, self.values = template, values


def _inside_compound(widget: QWidget, view: QWidget) -> bool:
    """The line edit inside a spin box or an editable combo box belongs to that widget."""
    parent = widget.parentWidget()
    while parent is not None and parent is not view:
        if isinstance(parent, (QAbstractSpinBox, QComboBox)):
            return True
        parent = parent.parentWidget()
    return False


def _path(widget: QWidget, view: QWidget) -> str:
    parts = []
    while widget is not None and widget is not view:
        parent = widget.parentWidget()
        siblings = [c for c in (parent.children() if parent else []) if type(c) is type(widget)]
        if isinstance(parent, QStackedWidget):  # showing a page raises it, reordering children()
            siblings.sort(key=parent.indexOf)
        parts.append(f"{type(widget).__name__}{siblings.index(widget) if widget in siblings else 0}")
        widget = parent
    return "/".join(reversed(parts))


def input_widgets(view: QWidget) -> dict[str, QWidget]:
    """The widgets holding a view's inputs and settings, keyed by their path."""
    kinds = (QLineEdit, QPlainTextEdit, QTextEdit, QComboBox, QAbstractSpinBox, QCheckBox, QRadioButton,
             QAbstractSlider, QTabWidget)
    found = {}
    for widget in view.findChildren(QWidget):
        if not isinstance(widget, kinds) or _inside_compound(widget, view):
            continue
        if isinstance(widget, (QTextEdit, QPlainTextEdit)) and widget.isReadOnly():
            continue
        if isinstance(widget, QAbstractSlider) and not hasattr(widget, "setValue"):
            continue
        if type(widget).__name__ == "QScrollBar":
            continue
        found[_path(widget, view)] = widget
    return found


def _read(widget: QWidget):
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, (QPlainTextEdit, QTextEdit)):
        return widget.toPlainText()
    if isinstance(widget, QComboBox):
        return {"index": widget.currentIndex(), "text": widget.currentText()}
    if isinstance(widget, (QSpinBox, QDoubleSpinBox, QAbstractSlider)):
        return widget.value()
    if isinstance(widget, (QCheckBox, QRadioButton)):
        return widget.isChecked()
    if isinstance(widget, QTabWidget):
        return widget.currentIndex()
    return None


def _finite_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _write(widget: QWidget, value) -> None:
    if isinstance(widget, QLineEdit) and isinstance(value, str):
        widget.setText(value)
    elif isinstance(widget, (QPlainTextEdit, QTextEdit)) and isinstance(value, str):
        widget.setPlainText(value)
    elif isinstance(widget, QComboBox) and isinstance(value, dict):
        index = widget.findText(str(value.get("text", "")))  # by text: a model list may have changed
        if index < 0 and isinstance(value.get("index"), int) and value["index"] < widget.count():
            index = value["index"]
        if index >= 0:
            widget.setCurrentIndex(index)
    elif isinstance(widget, QDoubleSpinBox) and _finite_number(value):
        widget.setValue(float(value))
    elif isinstance(widget, (QSpinBox, QAbstractSlider)) and _finite_number(value):
        # clamped here: the widget clamps too, but a number beyond a C int (2**31 in a hand-edited
        # file) overflows on its way to Qt before it gets the chance
        widget.setValue(int(min(max(value, widget.minimum()), widget.maximum())))
    elif isinstance(widget, (QCheckBox, QRadioButton)) and isinstance(value, bool):
        widget.setChecked(value)
    elif isinstance(widget, QTabWidget) and isinstance(value, int) and 0 <= value < widget.count():
        widget.setCurrentIndex(value)


def _model_folder(view) -> str | None:
    """The Hugging Face folder (absolute path) chosen in the view's model selector, if any."""
    box = view.model_selector()
    data = box.currentData() if box is not None else None
    folders = getattr(getattr(view, "state", None), "model_folders", None)
    return data if folders is not None and folders.info(data) is not None else None


def capture_view(view) -> dict:
    """A view's inputs and settings as plain JSON data; "model_folder": the Hugging Face folder
    its model selector shows (a folder is not in a new window's selector until loaded)."""
    widgets = {key: _read(widget) for key, widget in input_widgets(view).items()}
    state = {"widgets": widgets, "extra": view.extra_state()}
    folder = _model_folder(view)
    if folder is not None:
        state["model_folder"] = folder
    return state


def apply_view(view, state: dict) -> None:
    """Put a captured state back: unknown keys are skipped (a view may have gained widgets)."""
    if not isinstance(state, dict):
        raise SessionError("a view's state must be an object")
    widgets = input_widgets(view)
    saved = state.get("widgets") or {}
    if not isinstance(saved, dict):
        raise SessionError("a view's widgets must be an object")
    extra = state.get("extra") or {}
    if not isinstance(extra, dict):  # checked before any widget changes: a bad file changes nothing
        raise SessionError("a view's extra settings must be an object")
    folder = state.get("model_folder")
    box = view.model_selector()
    if isinstance(folder, str) and box is not None:
        # the folder is chosen once loaded (below): the selector's saved text is not in a new
        # window's list, and its saved index would choose whichever model happens to be there
        widgets.pop(_path(box, view), None)
    # combo boxes first (the model choice decides what the other inputs mean), then the rest
    for key in sorted(saved, key=lambda k: not isinstance(widgets.get(k), QComboBox)):
        if key in widgets:
            _write(widgets[key], saved[key])
    view.apply_extra_state(extra)
    if isinstance(folder, str) and box is not None:
        view.state.model_folders.restore(view.bridge, folder, box)


# ---- files ---------------------------------------------------------------------------------------
def _load(path, expected_format: str) -> dict:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "{0} is larger than {1} MB: not a session file"),
                               path.name, MAX_BYTES // 1_000_000)
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "cannot read {0}: {1}"), path.name,
                           exc.strerror or exc) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "{0} is not valid JSON ({1})"), path.name,
                           exc) from None
    if not isinstance(data, dict) or data.get("format") != expected_format:
        kind = (QT_TRANSLATE_NOOP("EngineMessage", "session") if expected_format == SESSION_FORMAT
                else QT_TRANSLATE_NOOP("EngineMessage", "lecture"))
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "{0} is not an Attention Lab {1} file"), path.name,
                           Phrase(kind))
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "{0} has no valid version number"), path.name)
    if version > VERSION:
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "{0} was written by a newer Attention Lab "
                                             "(format version {1}; this one reads up to {2})"),
                           path.name, version, VERSION)
    return data


def _save(path, data: dict) -> Path:
    path = Path(path)
    text = json.dumps(data, ensure_ascii=False, indent=1)
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)  # never a half-written file under the real name
    return path


def save_session(path, views: dict[str, dict], current_view: str) -> Path:
    return _save(path, {"format": SESSION_FORMAT, "version": VERSION, "current_view": current_view,
                        "views": views})


def load_session(path) -> tuple[dict[str, dict], str | None]:
    """-> ({view id: state}, the view that was shown).  Raises SessionError."""
    data = _load(path, SESSION_FORMAT)
    views = data.get("views")
    if not isinstance(views, dict) or not all(isinstance(v, dict) for v in views.values()):
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "the session's 'views' must map view ids to states"))
    current = data.get("current_view")
    return views, current if isinstance(current, str) else None


@dataclass
class Scene:
    """One step of a lecture: a view, its inputs and settings, and a one-line caption."""

    view: str
    caption: str
    state: dict = field(default_factory=dict)


def save_lecture(path, scenes: list[Scene]) -> Path:
    return _save(path, {"format": LECTURE_FORMAT, "version": VERSION,
                        "scenes": [{"view": s.view, "caption": s.caption, "state": s.state} for s in scenes]})


def load_lecture(path) -> list[Scene]:
    data = _load(path, LECTURE_FORMAT)
    raw = data.get("scenes")
    if not isinstance(raw, list):
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "the lecture's 'scenes' must be a list"))
    scenes = []
    for number, item in enumerate(raw, start=1):
        if not (isinstance(item, dict) and isinstance(item.get("view"), str) and isinstance(item.get("state"), dict)):
            raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "scene {0} needs a 'view' name and a 'state' "
                                                 "object"), number)
        scenes.append(Scene(item["view"], str(item.get("caption", "")), item["state"]))
    return scenes
