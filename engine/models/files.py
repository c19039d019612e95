"""The on-disk layout of a model folder, readable without importing torch."""
from __future__ import annotations

import json
from pathlib import Path

from engine.messages import EngineError, Message

WEIGHTS_FILE = "model.safetensors"
CONFIG_FILE = "config.json"


class ModelLoadError(EngineError, RuntimeError):
    """A model's weights or config are missing or unusable.  ``path`` names the file,
    ``reason`` (an engine.messages.Message) says what is wrong with it; str() gives both in one
    line."""

    def __init__(self, path, reason: Message):
        self.path = Path(path)
        self.reason = reason
        super().__init__("cannot_load_model", path=str(self.path), reason=reason)


def read_json_object(path: Path) -> dict:
    """A config file's JSON object (ModelLoadError if unreadable or not an object)."""
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ModelLoadError(path, Message("json_invalid", file=path.name, detail=str(exc))) from exc
    if not isinstance(config, dict):
        raise ModelLoadError(path, Message("json_not_object", file=path.name))
    return config


def read_config(directory) -> dict:
    path = Path(directory) / CONFIG_FILE
    if not path.is_file():
        raise ModelLoadError(path, Message("config_missing"))
    config = read_json_object(path)
    for key in ("architecture", "hyperparameters", "source_vocab", "target_vocab"):
        if key not in config:
            raise ModelLoadError(path, Message("config_entry_missing", key=repr(key)))
    return config
