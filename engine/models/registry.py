"""Where models live: one folder per model in the installed assets (assets/models/ of a checkout),
or under ATTENTION_LAB_MODELS."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from assets import asset_path, in_checkout
from engine.messages import Message
from engine.models.files import CONFIG_FILE, WEIGHTS_FILE, ModelLoadError, read_config

#: the shipped models, found through the package: the wheel carries them (read only)
DEFAULT_MODELS_DIR = asset_path("models")


def models_dir() -> Path:
    """The folder holding the shipped models; the environment variable ATTENTION_LAB_MODELS
    points elsewhere (tests use it for corrupt copies)."""
    return Path(os.environ.get("ATTENTION_LAB_MODELS") or DEFAULT_MODELS_DIR)


@dataclass(frozen=True)
class ModelInfo:
    name: str
    path: Path
    architecture: str
    task: str
    parameters: int | None
    size_bytes: int
    exact_match: float | None
    error: str | None = None  # set when the config cannot be read
    #: example inputs for the views' Examples menu (the lesson's sentences for zh-en-toy)
    examples: tuple[str, ...] = ()


def resolve(name_or_path) -> Path:
    """A model name ("date-transformer") or a folder path -> the folder."""
    candidate = Path(name_or_path)
    folder = models_dir() / str(name_or_path)
    try:
        if candidate.is_dir() and (candidate / CONFIG_FILE).exists():
            return candidate
        exists = folder.is_dir()
    except OSError:  # a name no file system takes (ENAMETOOLONG for 10,000 characters) names no model
        exists = False
    if not exists:
        known = ", ".join(m.name for m in list_models()) or "none"
        raise ModelLoadError(folder, Message("no_such_model", name=repr(name_or_path), known=known))
    return folder


def check_recordable(name_or_path) -> None:
    """Raise ValueError unless the model's config.json may be rewritten (evaluate --record): an
    installed copy's shipped models are never changed (a user's copies go elsewhere)."""
    folder = resolve(name_or_path).resolve()
    if not in_checkout() and folder.is_relative_to(DEFAULT_MODELS_DIR.resolve()):
        raise ValueError(f"{folder} is a shipped model of the installed Attention Lab and is not changed; "
                         f"copy the folder elsewhere and point ATTENTION_LAB_MODELS at its parent to record")


def list_models() -> list[ModelInfo]:
    root = models_dir()
    if not root.is_dir():
        return []
    out = []
    for folder in sorted(p for p in root.iterdir() if (p / CONFIG_FILE).exists() or (p / WEIGHTS_FILE).exists()):
        weights = folder / WEIGHTS_FILE
        size = weights.stat().st_size if weights.exists() else 0
        try:
            cfg = read_config(folder)
        except ModelLoadError as exc:
            out.append(ModelInfo(folder.name, folder, "?", "?", None, size, None, error=exc.reason))
            continue
        metrics = cfg.get("metrics") or {}
        out.append(
            ModelInfo(
                name=cfg.get("name", folder.name),
                path=folder,
                architecture=cfg["architecture"],
                task=cfg.get("task", "?"),
                parameters=cfg.get("parameters"),
                size_bytes=size,
                exact_match=metrics.get("exact_match"),
                examples=tuple(str(e) for e in cfg.get("examples") or ()),
            )
        )
    return out
