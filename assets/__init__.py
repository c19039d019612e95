"""The files Attention Lab reads at run time: the shipped models, the translations, the icon.

`assets/` is a package so that these files travel with the code: in a checkout or an editable
install they are this folder, in an installed wheel they are the copy pip unpacked next to
`engine` and `app`.  Code finds them through the package (importlib.resources), never through
the checkout's layout.  Nothing is ever written here at run time: a user's own models, caches
and settings live in their own folders (ATTENTION_LAB_MODELS, QSettings).
"""
from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset_path(*parts: str) -> Path:
    """The file or folder `parts` (e.g. "models", "zh-en-toy") inside the installed assets.

    A real path: Qt and safetensors open files by name, so the package must be installed as
    files (pip always unpacks wheels), not run from a zip archive."""
    resource = files(__name__)
    for part in parts:
        resource = resource.joinpath(part)
    if not isinstance(resource, Path):
        raise RuntimeError(f"Attention Lab's assets are not plain files ({resource!r}): install the wheel with pip")
    return resource


def in_checkout() -> bool:
    """True when these assets are a checkout's folder (pyproject.toml beside it), whose shipped
    models a maintainer updates (`python -m engine evaluate --record`); False in an installed
    wheel, whose files stay exactly as pip wrote them."""
    return (asset_path().parent / "pyproject.toml").is_file()
