"""State the views share.  Views write here and listen here; they never call each other."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal


@dataclass(frozen=True)
class SentDistribution:
    """A probability distribution one view hands to another (e.g. beam search -> Entropy & KL)."""

    title: str
    labels: tuple[str, ...]
    probabilities: tuple[float, ...]


class SharedState(QObject):
    #: a view asks the window to show another view (by its view_id)
    navigate_requested = Signal(str)
    #: a distribution sent to the Entropy & KL view
    distribution_sent = Signal(object)
    #: (model name, state text) for the status bar: "loading…", "ready", "error: …"
    model_state_changed = Signal(str, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model_states: dict[str, str] = {}

    def set_model_state(self, name: str, state: str) -> None:
        if self.model_states.get(name) != state:
            self.model_states[name] = state
            self.model_state_changed.emit(name, state)

    def send_distribution(self, distribution: SentDistribution) -> None:
        self.distribution_sent.emit(distribution)
        self.navigate_requested.emit("entropy")
