"""Hugging Face model folders opened in the app (File ▸ Open model folder…, --model-path).

`ModelFolders` (one per window, held by SharedState) loads a folder through the worker
(engine.jobs.LoadModelPathRequest, never on the GUI thread), forwards the loading stages to the
GUI thread, remembers what was loaded and puts it into every model selector attached to it.

A selector's item data is the model's name for the shipped models and the folder's absolute
path for a loaded folder; `info(data)` tells which (an engine.hf.model.HFModelInfo or None).

Progress: the worker calls the request's `progress(fraction, message)` from its thread; that
callback goes through the bridge (`EngineBridge.relay`), whose one queue hands it to the GUI
thread before the load's result: no Qt signal is emitted from the worker thread, and no second
queue-and-timer hand-off lives here.
"""
from __future__ import annotations

from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, Signal

from app.engine_text import engine_message
from app.settings import settings
from engine.hf.folder import HF_INSTALL_HINT, check_model_folder, hf_available
from engine.jobs import LoadModelPathRequest, hf_model_key
from engine.models.files import ModelLoadError

RECENT_KEY = "recent_models"
RECENT_LIMIT = 8
CHANNEL_PREFIX = "model-folder:"


def recent_models() -> list[str]:
    """Folders opened before, most recent first (QSettings)."""
    value = settings().value(RECENT_KEY) or []
    if isinstance(value, str):  # QSettings returns a lone string for a one-item list
        value = [value]
    return [str(v) for v in value][:RECENT_LIMIT]


def remember_recent(path: str) -> list[str]:
    paths = [path] + [p for p in recent_models() if p != path]
    stored = settings()
    stored.setValue(RECENT_KEY, paths[:RECENT_LIMIT])
    stored.sync()
    return paths[:RECENT_LIMIT]


def describe(info) -> str:
    """The selector's text for a loaded folder, e.g. "all-MiniLM-L6-v2 (BERT encoder, 6×12)"."""
    return f"{info.name} ({info.model_type} {info.kind}, {info.layers}×{info.heads})"


class ModelFolders(QObject):
    #: a folder finished loading: its HFModelInfo
    loaded = Signal(object)
    #: (folder, fraction 0..1, what is being done) while a folder loads
    progress = Signal(str, float, str)
    #: (folder, message) when a folder cannot be opened
    failed = Signal(str, str)
    #: the recent-models list changed
    recent_changed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.infos: dict[str, object] = {}  # absolute path -> HFModelInfo
        self.pending: set[str] = set()
        self._boxes: list[tuple[object, bool]] = []
        self._subscribed: set[tuple[int, str]] = set()
        self._choose_when_loaded: dict[str, list] = {}  # folder -> selectors to set once it is loaded (restore)
        #: folders in the engine's own format (the training view's "Use this model"): path -> label
        self.trained: dict[str, str] = {}
        self._trained_root: str | None = None

    @property
    def loading(self) -> bool:
        return bool(self.pending)

    def info(self, data):
        """The HFModelInfo of a selector's item data, or None for a shipped model."""
        return self.infos.get(data) if isinstance(data, str) else None

    # ---- loading ----------------------------------------------------------------------------
    def load(self, bridge, folder) -> str | None:
        """Start loading `folder` in the worker; returns its key (absolute path), or None when
        it is refused at once (the `failed` signal says why: no [hf] extra, no safetensors...)."""
        key = hf_model_key(folder)
        try:
            if not hf_available():
                raise ModelLoadError(Path(key), HF_INSTALL_HINT)
            check_model_folder(key)  # cheap (no torch): a bad folder is explained without a round trip
        except ModelLoadError as exc:
            self.failed.emit(key, engine_message(exc))  # a signal carries text: translated here
            return None
        if key in self.infos:  # already loaded in this window: just offer it again
            self.loaded.emit(self.infos[key])
            return key
        channel = CHANNEL_PREFIX + key
        if (id(bridge), channel) not in self._subscribed:  # a second try must not answer twice
            bridge.subscribe(channel, self._on_result)
            self._subscribed.add((id(bridge), channel))
        stage_reached = bridge.relay(self._stage_reached)

        def report(fraction, message, path=key):  # worker thread: the bridge's queue only
            stage_reached(path, float(fraction), str(message))

        if bridge.submit(channel, LoadModelPathRequest(key, progress=report)) is None:
            return None
        self.pending.add(key)
        self.progress.emit(key, 0.0, self.tr("queued"))
        return key

    def _stage_reached(self, path: str, fraction: float, message: str) -> None:
        """A loading stage (GUI thread, relayed by the bridge before the load's result)."""
        if path in self.pending:
            self.progress.emit(path, fraction, engine_message(message))

    def restore(self, bridge, folder: str, box) -> None:
        """A saved session chose `folder` in the selector `box`: choose it there now if it is
        loaded, else load it (in the worker, with progress) and choose it once loaded.  A folder
        that is gone is explained through `failed` (the selector keeps its current model)."""
        key = hf_model_key(folder)
        if key in self.infos:
            self._choose(box, key)
            return
        if not Path(key).is_dir():
            self.failed.emit(key, self.tr(
                "The session used the model folder {0}, which no longer exists (moved, renamed or deleted). "
                "The view keeps its current model; open the folder with File ▸ Open model folder… "
                "once it is back.").format(key))
            return
        self._choose_when_loaded.setdefault(key, []).append(box)
        if key not in self.pending and self.load(bridge, key) is None:
            self._choose_when_loaded.pop(key, None)

    @staticmethod
    def _choose(box, key: str) -> None:
        index = box.findData(key) if shiboken6.isValid(box) else -1
        if index >= 0:
            box.setCurrentIndex(index)

    def _on_result(self, result) -> None:
        key = result.request.path
        self.pending.discard(key)
        waiting = self._choose_when_loaded.pop(key, [])
        if not result.ok:
            self.failed.emit(key, engine_message(result))
            return
        self.add(result.value)
        for box in waiting:
            self._choose(box, key)

    def add(self, info) -> None:
        """Offer a loaded folder in every attached selector and the recent-models menu."""
        self.infos[info.path] = info
        for box, generative_only in self._live_boxes():
            self._offer(box, info, generative_only)
        remember_recent(info.path)
        self.recent_changed.emit()
        self.loaded.emit(info)

    # ---- selectors ----------------------------------------------------------------------------
    def attach(self, box, generative_only: bool = False) -> None:
        """Offer every loaded folder (and every one loaded later) in the combo box `box`.
        `generative_only`: only decoders and encoder-decoders (the beam search)."""
        self._boxes.append((box, generative_only))
        for info in self.infos.values():
            self._offer(box, info, generative_only)
        for path, label in self.trained.items():
            self._offer_trained(box, path, label)

    def trained_root(self) -> str:
        """A temporary folder for the models the training view offers (made on first use; removed
        when this window's state goes, and by the system's clean-up of temporary files after a
        quick exit, which skips finalisers)."""
        if self._trained_root is None:
            import shutil
            import tempfile
            import weakref

            self._trained_root = tempfile.mkdtemp(prefix="attention-lab-trained-")
            weakref.finalize(self, shutil.rmtree, self._trained_root, ignore_errors=True)
        return self._trained_root

    def add_trained(self, path: str, label: str) -> None:
        """Offer a model folder in the engine's own format (model.safetensors + config.json, as
        the live trainer saves it) in every attached selector.  Its item data is the folder's
        path and `info()` is None for it, so views ask for it as for a shipped model
        (engine.models.registry.resolve takes a folder path as a model name)."""
        self.trained[path] = label
        for box, _ in self._live_boxes():
            self._offer_trained(box, path, label)

    @staticmethod
    def _offer_trained(box, path: str, label: str) -> None:
        if box.findData(path) < 0:
            box.addItem(label, path)
            box.setItemData(box.count() - 1, path, 3)  # Qt.ToolTipRole: the folder

    def _live_boxes(self):
        self._boxes = [(b, g) for b, g in self._boxes if shiboken6.isValid(b)]
        return list(self._boxes)

    @staticmethod
    def _offer(box, info, generative_only: bool) -> None:
        if generative_only and not info.can_generate:
            return
        if box.findData(info.path) < 0:
            box.addItem(describe(info), info.path)
            box.setItemData(box.count() - 1, info.path, 3)  # Qt.ToolTipRole: the folder
