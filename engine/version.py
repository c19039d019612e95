"""Attention Lab's version: the one string in pyproject.toml's [project] table, read at run time.

Code that runs from a checkout (`python main.py`, the tests, an editable install) reads the
checkout's pyproject.toml: the installed metadata there may be another checkout's, or older than
the file (it is written only when pip installs).  An installed wheel has no pyproject.toml next to
its packages and reads its own metadata (importlib.metadata), which pip wrote from that file.
No torch, no Qt: the window and `--version` read it before anything heavy is imported.
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "attention-lab"
#: where a checkout keeps its pyproject.toml: the folder holding engine/
CHECKOUT_ROOT = Path(__file__).resolve().parent.parent

_TABLE = re.compile(r"^\s*\[([^\]]*)\]\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*(name|version)\s*=\s*["']([^"']*)["']""")


def project_fields(pyproject_text: str) -> dict[str, str]:
    """`name` and `version` of the [project] table (tomllib is Python 3.11+; we support 3.10)."""
    fields: dict[str, str] = {}
    table = None
    for line in pyproject_text.splitlines():
        header = _TABLE.match(line)
        if header:
            table = header.group(1).strip()
            continue
        key = _KEY.match(line)
        if table == "project" and key:
            fields.setdefault(key.group(1), key.group(2))
    return fields


def checkout_version(root: Path | None = None) -> str | None:
    """The version in `root`/pyproject.toml (default: the checkout this code runs from) when that
    file is Attention Lab's, else None."""
    try:
        fields = project_fields(((root or CHECKOUT_ROOT) / "pyproject.toml").read_text(encoding="utf-8"))
    except OSError:
        return None
    return fields.get("version") if fields.get("name") == DISTRIBUTION else None


@lru_cache(maxsize=1)
def version() -> str:
    """"0.1.0": the checkout's pyproject.toml, else the installed metadata, else "unknown"."""
    found = checkout_version()
    if found:
        return found
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"


def app_title() -> str:
    """"Attention Lab 0.1.0": how files written by the app name the program that wrote them."""
    return f"Attention Lab {version()}"
