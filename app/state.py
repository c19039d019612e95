"""State the views share.  Views write here and listen here; they never call each other.

Routing: a view that hands something to another view (the beam view's "Send to Entropy & KL")
calls `send(kind, payload)`; the view registered for that kind (its `accepts`) receives it and
is brought to the front.  The sender never names the receiver.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from app.model_folder import ModelFolders
from engine.jobs import LoadModelPathRequest


@dataclass(frozen=True)
class SentDistribution:
    """A probability distribution one view hands to another (kind "distribution")."""

    title: str
    labels: tuple[str, ...]
    probabilities: tuple[float, ...]
    #: a second distribution over the same labels, to compare P with (Q); None: Q is emptied
    q_probabilities: tuple[float, ...] | None = None


def folder_label(path: str) -> str:
    """The status bar's name of the model in folder `path`."""
    return LoadModelPathRequest(path).model_label


class SharedState(QObject):
    #: a view asks the window to show another view (by its view_id)
    navigate_requested = Signal(str)
    #: (model name, state) for the status bar: "loading", "ready" or "error" (translated there)
    model_state_changed = Signal(str, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model_states: dict[str, str] = {}
        self._receivers: dict[str, object] = {}
        #: Hugging Face model folders loaded in this window, offered in every model selector
        self.model_folders = ModelFolders(self)
        # a folder's loading shows in the status bar as a shipped model's does, under the name
        # its requests give it (engine.jobs.FolderModelRequest.model_label)
        folders = self.model_folders
        folders.progress.connect(lambda path, *_: self.set_model_state(folder_label(path), "loading"))
        folders.failed.connect(lambda path, _: self.set_model_state(folder_label(path), "error"))
        folders.loaded.connect(lambda info: self.set_model_state(folder_label(info.path), "ready"))

    def set_model_state(self, name: str, state: str) -> None:
        if self.model_states.get(name) != state:
            self.model_states[name] = state
            self.model_state_changed.emit(name, state)

    # ---- routing -------------------------------------------------------------------------
    def register_receiver(self, view) -> None:
        """The main window registers every view; the first one accepting a kind receives it."""
        for kind in view.accepts:
            self._receivers.setdefault(kind, view)

    def clear_receivers(self) -> None:
        """The views are being replaced (a language switch): the new ones register again."""
        self._receivers.clear()

    def receiver_title(self, kind: str) -> str | None:
        """The title of the view that would receive `kind` (for a "Send to …" button), or None."""
        view = self._receivers.get(kind)
        return None if view is None else view.title()

    def send(self, kind: str, payload) -> bool:
        """Hand `payload` to the view that accepts `kind` and show that view; False if none does."""
        view = self._receivers.get(kind)
        if view is None:
            return False
        view.receive(kind, payload)
        self.navigate_requested.emit(view.view_id)
        return True
