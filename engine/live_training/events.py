"""What a live trainer reports: frozen dataclasses of plain numbers and numpy arrays (no
tensors), so they cross a thread or process queue and a view can draw them as they are."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class StepMetrics:
    """One optimisation step."""

    step: int  # steps done, this one included (1 for the first)
    wall_s: float  # training time since start (paused time not counted), after this step
    train_loss: float  # the objective of this step's batch (label smoothing included)
    learning_rate: float  # the rate this step used
    grad_norm: float  # global gradient norm before clipping
    grad_norm_clipped: float  # the same after clipping (what the optimiser applied)
    steps_per_s: float  # over the last few steps, evaluation time included
    batch_size: int


@dataclass(frozen=True)
class LengthPoint:
    """Held-out exact match of the inputs whose length in tokens is in [low, high]."""

    low: int
    high: int
    correct: int
    total: int

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else float("nan")


@dataclass(frozen=True)
class ProbeSnapshot:
    """The fixed probe input through the model as it is at one step (greedy output)."""

    source_tokens: tuple
    output_tokens: tuple  # what the model writes, "</s>" included when it ends
    output_text: str
    output_probabilities: np.ndarray  # P(each output token), the confidence label smoothing caps
    #: cross-attention (output step x input position): the RNN's alignment, the Transformer's
    #: last layer averaged over heads; None for the encoder-decoder without attention
    attention: np.ndarray | None
    mean_entropy_bits: float | None  # mean over the rows of `attention`


@dataclass(frozen=True)
class Snapshot:
    """Held-out numbers and the probe, every `eval_every` steps (and at step 0)."""

    step: int
    wall_s: float
    heldout_loss: float  # plain cross-entropy per target token (no label smoothing), nats
    heldout_exact_match: float
    heldout_size: int
    length_points: tuple  # LengthPoint, by input length
    probe: ProbeSnapshot


@dataclass(frozen=True)
class StateChanged:
    """The trainer started, paused, was reset, saved, or stopped (``state`` says which)."""

    state: str  # "running", "paused", "reset", "saved", "finished", "stopped", "error"
    step: int
    detail: str = ""
