"""Sessions and lecture scenes: what each view shows, as JSON.

Each view keeps every user choice in its state (app/view_state.py, `view.view_state`); a
session stores each view's state by field name, with the state's schema version:

    {"format": "attention-lab-session", "version": 2, "current_view": "beam",
     "views": {"attention": {"version": 1, "fields": {"text": "…", "model": "date-transformer", …}}, …}}

    {"format": "attention-lab-lecture", "version": 2,
     "scenes": [{"view": "beam", "caption": "Greedy is not enough", "state": {"version": 1, "fields": {…}}}, …]}

A state's schema version moves on with its fields (the state's MIGRATIONS bring old fields up);
the file's version only changes with this layout.  Unknown fields are reported, missing ones take
their defaults.

Format 1 (written until the view-state redesign) stored each view by widget path
("AttentionControls0/QLineEdit0") with an "extra" object and an optional "model_folder":
`read_state` turns such an entry into fields with the view state's `from_v1` (each view's
state.py lists its fixed format-1 paths), so lectures written then still open.  A view's "model"
field holding a Hugging Face folder's absolute path reopens that folder in the worker and
chooses it once loaded (app/model_folder.py `restore`).
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP

from app.engine_text import Phrase

SESSION_FORMAT = "attention-lab-session"
LECTURE_FORMAT = "attention-lab-lecture"
VERSION = 2
#: the largest session or lecture file read (a session is a few kilobytes)
MAX_BYTES = 5_000_000

log = logging.getLogger(__name__)


class SessionError(ValueError):
    """A session or lecture file that cannot be used; the message says why: an English
    `template` marked for translation (context "EngineMessage") and the `values` for its {0}, {1} …
    (app.engine_text.engine_message shows it in the interface language)."""

    def __init__(self, template: str, *values):
        super().__init__(template.format(*values))
        self.template, self.values = template, values


def is_v1_entry(entry: dict) -> bool:
    """A view's entry as format 1 wrote it (widget paths), not {"version", "fields"}."""
    return "fields" not in entry and ("widgets" in entry or "extra" in entry)


def read_state(state_class, entry) -> tuple:
    """(a state of `state_class` from a saved entry of either format, the problems found)."""
    if not isinstance(entry, dict):
        raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "a view's state must be an object"))
    if is_v1_entry(entry):
        widgets, extra = entry.get("widgets") or {}, entry.get("extra") or {}
        if not isinstance(widgets, dict):
            raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "a view's widgets must be an object"))
        if not isinstance(extra, dict):
            raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "a view's extra settings must be an object"))
        folder = entry.get("model_folder")
        values = state_class.from_v1(widgets, extra, folder if isinstance(folder, str) else None)
        return state_class.from_fields(values, 1)
    return state_class.from_saved(entry)


def capture_view(view) -> dict:
    """A view's state as plain JSON data: {"version": N, "fields": {...}}."""
    return view.view_state.saved()


def _missing_folder(view, state) -> str | None:
    """The Hugging Face folder `state` chooses that the view's model selector does not offer yet."""
    box = view.model_selector()
    key = getattr(state, "model", None)
    if box is None or not isinstance(key, str) or box.findData(key) >= 0:
        return None
    return key if Path(key).is_absolute() else None


def apply_state(view, state) -> None:
    """Give `view` the fields of `state` (read with read_state); a Hugging Face folder it names is
    reopened and chosen once loaded."""
    folder = _missing_folder(view, state)
    view.apply_state(state)
    if folder is not None:
        view.state.model_folders.restore(view.bridge, folder, view.model_selector())


def apply_view(view, entry) -> list[str]:
    """Put a saved state back (either format); -> the problems found (unknown fields, …), which
    the caller reports.  Raises SessionError for an entry that is not a state at all."""
    state, problems = read_state(type(view.view_state), entry)
    apply_state(view, state)
    for problem in problems:
        log.warning("%s: %s", view.view_id, problem)
    return problems


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
    from engine.version import version as app_version  # not the file format's VERSION

    path = Path(path)
    data = {**data, "app_version": app_version()}  # which Attention Lab wrote it (readers ignore it)
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


# ---- --print-state ----------------------------------------------------------------------------------
def _file_format(path) -> str | None:
    """The "format" a JSON file names, or None (the loaders then say what is wrong with it)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return data.get("format") if isinstance(data, dict) else None


def state_report(path) -> tuple[dict, list[str]]:
    """Every view's state in a session or lecture file of any format version, as field names and
    values, without a window (`main.py --print-state`):
        session: {"format": "attention-lab-session", "current_view": id, "views": {id: {field: value}}}
        lecture: {"format": "attention-lab-lecture", "scenes": [{"view": id, "caption": …, "fields": {…}}]}
    -> (that document, the problems found: unknown views and fields).  Raises SessionError."""
    from app.views import view_classes

    classes = {cls.view_id: cls.State for cls in view_classes()}
    problems = []

    def fields(view_id: str, entry) -> dict | None:
        if view_id not in classes:
            problems.append(f"unknown view {view_id!r} skipped")
            return None
        state, found = read_state(classes[view_id], entry)
        problems.extend(f"{view_id}: {problem}" for problem in found)
        return state.values()

    if _file_format(path) == LECTURE_FORMAT:
        scenes = [{"view": scene.view, "caption": scene.caption, "fields": fields(scene.view, scene.state)}
                  for scene in load_lecture(path)]
        return {"format": LECTURE_FORMAT, "scenes": scenes}, problems
    views, current = load_session(path)
    report = {view_id: fields(view_id, entry) for view_id, entry in views.items()}
    return {"format": SESSION_FORMAT, "current_view": current,
            "views": {view_id: values for view_id, values in report.items() if values is not None}}, problems
