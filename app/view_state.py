"""What a view shows, as data: every user choice of one view in one dataclass, without Qt.

A view's state (`app/views/<name>/state.py`) is the single source of truth for its inputs,
model, selections, tabs and steps.  Widgets are bound to its fields both ways by
`app/binding.py`; the view builds requests from it; sessions and lecture files save it by field
name, so that adding or moving a widget never shifts what an old file restores.

    @dataclass
    class MyState(ViewState):
        VERSION = 2                              # bump when a field is renamed or its meaning changes
        MIGRATIONS = {1: rename_alpha_to_beta}   # fields of version 1 -> fields of version 2
        text: str = "hello"
        width: int = 5

Watchers: `state.watch(callback, "text", "width")` calls `callback(name)` after each change of
those fields (none named: any field).  A change that leaves the value equal notifies nobody, which
is what stops a widget and its state from echoing each other.

Saved form (one view of a version-2 session or lecture file):
    {"version": 2, "fields": {"text": "hello", "width": 5}}
Reading it (`from_saved`): migrations bring the fields to this VERSION; an unknown field, or a
value of the wrong type, is reported (a list of problems) and skipped; a missing field keeps its
default.
"""
from __future__ import annotations

import functools
import json
import math
import types
import typing
from dataclasses import dataclass, fields
from typing import Callable, ClassVar


def _fits(value, hint) -> bool:
    """True if a JSON value can be stored in a field annotated `hint` (str, int, float, bool,
    None, `X | None`, tuple[int, ...], list[list[str]])."""
    origin = typing.get_origin(hint)
    if hint is type(None) or hint is None:
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, option) for option in typing.get_args(hint))
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if hint is str:
        return isinstance(value, str)
    if origin in (tuple, list):
        args = typing.get_args(hint)
        item = args[0] if args else typing.Any
        return isinstance(value, (list, tuple)) and all(item is typing.Any or _fits(v, item) for v in value)
    return False


def _stored(value, hint):
    """A JSON value as the field keeps it: lists become tuples where the field holds tuples,
    whole floats stay floats in float fields."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            if option is not type(None) and value is not None and _fits(value, option):
                return _stored(value, option)
        return value
    if hint is float:
        return float(value)
    if origin is tuple:
        item = (typing.get_args(hint) or (typing.Any,))[0]
        return tuple(_stored(v, item) for v in value)
    if origin is list:
        item = (typing.get_args(hint) or (typing.Any,))[0]
        return [_stored(v, item) for v in value]
    return value


def _plain(value):
    """A field's value as JSON data (tuples as lists)."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


@dataclass
class ViewState:
    """Base of every view's state (see the module doc)."""

    #: the schema version of the fields; raise it with a migration when a field changes meaning
    VERSION: ClassVar[int] = 1
    #: {version N: function(fields of version N) -> fields of version N + 1}
    MIGRATIONS: ClassVar[dict[int, Callable[[dict], dict]]] = {}

    def __post_init__(self):
        object.__setattr__(self, "_watchers", [])

    # ---- watching -----------------------------------------------------------------------------
    def watch(self, callback: Callable[[str], None], *names: str) -> None:
        """Call `callback(field name)` after each change of the named fields (none: any)."""
        unknown = set(names) - set(self.field_names())
        if unknown:
            raise AttributeError(f"{type(self).__name__} has no field {sorted(unknown)}")
        self._watchers.append((frozenset(names), callback))

    def __setattr__(self, name, value):
        watchers = self.__dict__.get("_watchers")
        if watchers is None or name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        if name not in self.__dataclass_fields__:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}")
        if self.__dict__.get(name) == value and type(self.__dict__.get(name)) is type(value):
            return  # unchanged: no echo
        object.__setattr__(self, name, value)
        for names, callback in list(watchers):
            if not names or name in names:
                callback(name)

    # ---- fields -------------------------------------------------------------------------------
    @classmethod
    def field_names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def values(self) -> dict:
        """{field name: value} as JSON data."""
        return {name: _plain(getattr(self, name)) for name in self.field_names()}

    def saved(self) -> dict:
        """The form sessions and lecture files store."""
        return {"version": self.VERSION, "fields": self.values()}

    def assign(self, other: "ViewState") -> None:
        """Take every field of `other` (same class), in field order, each change notifying."""
        for name in self.field_names():
            setattr(self, name, getattr(other, name))

    @classmethod
    def from_fields(cls, values: dict, version: int | None = None) -> tuple["ViewState", list[str]]:
        """A state from saved field values of schema `version` (None: this VERSION): migrated,
        checked field by field.  -> (state, problems found: unknown fields, wrong types)."""
        problems = []
        values = dict(values)
        version = cls.VERSION if version is None else version
        if version > cls.VERSION:
            problems.append(f"{cls.__name__}: saved by a newer version ({version}); read as version {cls.VERSION}")
        while version < cls.VERSION:
            migrate = cls.MIGRATIONS.get(version)
            if migrate is None:
                problems.append(f"{cls.__name__}: no migration from version {version}; defaults used")
                values = {}
                break
            values = migrate(values)
            version += 1
        state = cls()
        hints = typing.get_type_hints(cls)
        for name, value in values.items():
            if name not in state.__dataclass_fields__:
                problems.append(f"{cls.__name__}: unknown field {name!r} skipped")
            elif not _fits(value, hints[name]) or not cls.accepts(name, value):
                problems.append(f"{cls.__name__}: field {name!r} cannot be {value!r}; default kept")
            else:
                object.__setattr__(state, name, _stored(value, hints[name]))
        return state, problems

    @classmethod
    def from_saved(cls, saved) -> tuple["ViewState", list[str]]:
        """A state from its saved form {"version": N, "fields": {...}} (see from_fields)."""
        if not isinstance(saved, dict) or not isinstance(saved.get("fields"), dict):
            return cls(), [f"{cls.__name__}: no fields saved; defaults used"]
        version = saved.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            return cls(), [f"{cls.__name__}: no valid schema version; defaults used"]
        return cls.from_fields(saved["fields"], version)

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        """A state whose fields need more than their type (a table's rows of equal length) says so."""
        return True

    #: the view's table in assets/sessions/format1.json ("": the view never had format-1 files)
    FORMAT1_VIEW: ClassVar[str] = ""
    #: {field: function(saved widget value) -> field value or None}, for the table's "custom" paths
    FORMAT1_READERS: ClassVar[dict] = {}

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        """Fields (schema version 1) from a format-1 entry: its widget values by path, its "extra"
        object and its Hugging Face folder, read through the view's format-1 table."""
        if not cls.FORMAT1_VIEW:
            return {}
        return from_v1_table(format1_tables()[cls.FORMAT1_VIEW], widgets, extra, model_folder,
                             cls.FORMAT1_READERS)

    def __repr__(self):
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.field_names())
        return f"{type(self).__name__}({inside})"


# ---- format 1: values keyed by widget path ---------------------------------------------------------
# A format-1 file (before the view states) stored each input widget's value under its path in the
# widget tree.  Those paths are fixed now (tests/data/v1 holds files with every one of them); what
# each path meant is data, not code: assets/sessions/format1.json, one table per view.
@functools.cache
def format1_tables() -> dict:
    """{view id: {"paths": {path: [field, reader]}, "keys": {field: [key, ...]}, "extra": [...],
    "model_folder": field}} (see the file's "about")."""
    from assets import asset_path  # noqa: PLC0415 - read once, on the first format-1 file
    return json.loads(asset_path("sessions", "format1.json").read_text(encoding="utf-8"))["views"]


def _read_v1(reader: str, saved, keys, custom):
    """One saved widget value as a field value, None if the reader cannot use it."""
    if reader == "value":  # a line edit's text, a spin box's number, a check box's state
        return saved
    if reader == "choice_text":  # a combo box whose item text is its key (a model's name)
        text = saved.get("text") if isinstance(saved, dict) else None
        return text or None
    if reader == "choice":  # a combo box saved as {"index", "text"}: the key at that index
        index = saved.get("index") if isinstance(saved, dict) else None
    elif reader == "tab":  # a tab widget saved as its index
        index = saved
    else:
        return custom(saved)
    usable = isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(keys or ())
    return keys[index] if usable else None


def from_v1_table(table: dict, widgets: dict, extra: dict, model_folder: str | None,
                  custom_readers: dict) -> dict:
    """Fields from a format-1 entry through its view's table; a value a reader cannot use is
    left out, so the field keeps its default."""
    values = {}
    keys = table.get("keys", {})
    for path, (name, reader) in table.get("paths", {}).items():
        if path in widgets:
            value = _read_v1(reader, widgets[path], keys.get(name), custom_readers.get(name))
            if value is not None:
                values[name] = value
    if model_folder is not None and "model_folder" in table:
        values[table["model_folder"]] = model_folder
    for name in table.get("extra", ()):
        if name in extra:
            values[name] = extra[name]
    return values
