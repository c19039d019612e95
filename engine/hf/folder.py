"""What a Hugging Face model folder holds, checked before anything is loaded.

Needs neither torch nor transformers, so the app can explain a bad folder at once.  Every
refusal is an engine.ModelLoadError naming the folder and what is missing or wrong.
"""
from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path

from engine.messages import Message
from engine.models.files import ModelLoadError, read_json_object

HF_INSTALL_HINT = Message("hf_install_hint")

# Weight formats that unpickle or are not torch: named in the refusal, never loaded.
OTHER_WEIGHTS = ("pytorch_model.bin", "pytorch_model.bin.index.json", "tf_model.h5", "flax_model.msgpack",
                 "model.ckpt.index")
TOKENIZER_FILES = ("tokenizer.json", "vocab.txt", "vocab.json", "spiece.model", "sentencepiece.bpe.model",
                   "source.spm", "tokenizer.model")
# Folder names that say nothing about the model: the parent folder names it instead.
GENERIC_FOLDER_NAMES = {"model", "models", "checkpoint", "snapshot", "weights"}


def model_name(folder: Path) -> str:
    """The name a folder's model is shown under (selectors, status bar): the folder's own name,
    or its parent's when the folder is called "model", "weights"…"""
    return folder.parent.name if folder.name.lower() in GENERIC_FOLDER_NAMES and folder.parent.name else folder.name


def hf_available() -> bool:
    """True when transformers and tokenizers can be imported (the [hf] extra is installed)."""
    return all(importlib.util.find_spec(name) is not None for name in ("transformers", "tokenizers"))


@dataclass(frozen=True)
class FolderInfo:
    path: Path
    config: dict
    model_type: str
    architectures: tuple[str, ...]
    weight_files: tuple[Path, ...]


def check_model_folder(path) -> FolderInfo:
    """Check that `path` is a folder with config.json, safetensors weights whose headers read,
    and tokenizer files.  Raises ModelLoadError otherwise."""
    folder = Path(path).expanduser()
    if not folder.exists():
        raise ModelLoadError(folder, Message("folder_missing"))
    if not folder.is_dir():
        raise ModelLoadError(folder, Message("folder_is_file"))
    config_path = folder / "config.json"
    if not config_path.is_file():
        raise ModelLoadError(folder, Message("hf_config_missing"))
    config = read_json_object(config_path)

    weights = _safetensors_files(folder)
    if not weights:
        others = [name for name in OTHER_WEIGHTS if (folder / name).exists()]
        raise ModelLoadError(folder, Message("safetensors_missing_others", files=", ".join(others)) if others
                             else Message("safetensors_missing"))
    for file in weights:
        _check_safetensors_header(file)
    if not any((folder / name).is_file() for name in TOKENIZER_FILES):
        raise ModelLoadError(folder, Message("no_tokenizer_files", files=", ".join(TOKENIZER_FILES)))

    model_type = config.get("model_type")
    if not isinstance(model_type, str) or not model_type:
        raise ModelLoadError(config_path, Message("no_model_type"))
    architectures = tuple(a for a in config.get("architectures") or () if isinstance(a, str))
    return FolderInfo(folder.resolve(), config, model_type, architectures, tuple(weights))


def _safetensors_files(folder: Path) -> list[Path]:
    index = folder / "model.safetensors.index.json"
    if index.is_file():
        try:
            shards = sorted(set(json.loads(index.read_text(encoding="utf-8"))["weight_map"].values()))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
            raise ModelLoadError(index, Message("shard_index_unreadable", detail=str(exc))) from exc
        missing = [s for s in shards if not (folder / s).is_file()]
        if missing:
            raise ModelLoadError(folder, Message("shards_missing", files=", ".join(missing)))
        return [folder / s for s in shards]
    single = folder / "model.safetensors"
    return [single] if single.is_file() else []


class _Unreadable(Exception):
    """What is wrong with a safetensors file (a Message), inside _check_safetensors_header."""


def _check_safetensors_header(file: Path) -> None:
    """Read the header and check every tensor lies inside the file (a truncated download or
    a file that is not safetensors fails here, before transformers sees it)."""
    try:
        size = file.stat().st_size
        with file.open("rb") as fh:
            head = fh.read(8)
            if len(head) < 8:
                raise _Unreadable(Message("safetensors_too_short"))
            header_len = int.from_bytes(head, "little")
            if header_len <= 0 or header_len > min(size - 8, 100_000_000):
                raise _Unreadable(Message("safetensors_bad_header"))
            header = json.loads(fh.read(header_len))
        end = max((int(v["data_offsets"][1]) for k, v in header.items() if k != "__metadata__"), default=0)
        if 8 + header_len + end > size:
            raise _Unreadable(Message("safetensors_truncated", size=size, expected=8 + header_len + end))
    except _Unreadable as exc:
        raise ModelLoadError(file, Message("safetensors_unreadable", detail=exc.args[0])) from exc
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ModelLoadError(file, Message("safetensors_unreadable", detail=str(exc))) from exc
