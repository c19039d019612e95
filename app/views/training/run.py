"""One training run as the view holds it (Qt-free): the trainer process, and every event it has
reported since its last reset, kept in order.

The trainer is a spawned process (engine.live_training.control.TrainerProcess: why a process is
said there); nothing here blocks: commands go into its queue, and `poll()` takes whatever events
are waiting (the view calls it from a timer on the GUI thread).
"""
from __future__ import annotations

import threading

from dataclasses import fields

from engine.live_training.events import Snapshot, StateChanged, StepMetrics

#: the numbers of StepMetrics, kept as columns (a redraw turns a column into an array at once)
STEP_FIELDS = tuple(f.name for f in fields(StepMetrics))


#: trainers being closed in the background (TrainingRun.close(wait=False))
closing_threads: list[threading.Thread] = []


class TrainingRun:
    #: the trainer's front end (tests may use TrainerThread: the same command loop, no child start)
    front = None

    def __init__(self, name: str, experiment: str, preset: str, seed: int):
        self.name = name  # "A" or "B"
        self.experiment = experiment
        self.preset = preset
        self.seed = seed
        self.trainer = None
        self.status = "idle"  # idle, starting, ready, running, paused, finished, stopped, error
        self.error = ""
        self.metrics: list[StepMetrics] = []
        self.columns = {name: [] for name in STEP_FIELDS}
        self.snapshots: list[Snapshot] = []
        self.saved: list[str] = []  # folders written, in order (StateChanged "saved")

    def matches(self, experiment: str, preset: str) -> bool:
        return (self.experiment, self.preset) == (experiment, preset)

    @property
    def steps(self) -> int:
        return self.metrics[-1].step if self.metrics else 0

    # ---- commands (each starts the trainer first if needed) ---------------------------------
    def ensure_trainer(self, settings: dict):
        if self.trainer is None:
            from engine.live_training.control import TrainerProcess, TrainerSpec

            front = type(self).front or TrainerProcess
            self.trainer = front(TrainerSpec(self.experiment, self.preset, self.seed))
            self.status = "starting"
            self.trainer.update_settings(**settings)  # applied once it is built, before any step
        return self.trainer

    def start(self, settings: dict) -> None:
        self.ensure_trainer(settings).start()

    def pause(self) -> None:
        if self.trainer is not None:
            self.trainer.pause()

    def resume(self, settings: dict) -> None:
        self.ensure_trainer(settings).resume()

    def step(self, settings: dict, n: int = 1) -> None:
        self.ensure_trainer(settings).step(n)

    def reset(self, seed: int, settings: dict) -> None:
        """A fresh model from `seed`; the trainer's reset restores the preset's settings, so the
        view's are sent again after it."""
        self.seed = seed
        if self.trainer is None:
            self.forget()
            return
        self.trainer.reset(seed)
        self.trainer.update_settings(**settings)

    def update_settings(self, settings: dict) -> None:
        if self.trainer is not None:
            self.trainer.update_settings(**settings)

    def save(self, folder, command: str) -> bool:
        if self.trainer is None:
            return False
        self.trainer.save(folder, command)
        return True

    def close(self, wait: bool = True) -> None:
        """End the trainer.  `wait` False (another experiment chosen): it is closed on a thread of
        its own, because a trainer stops only between two steps and joining it held the GUI
        thread for up to 3.7 s (found by the soak); `closing_threads` lets the window wait for
        them when it closes."""
        if self.trainer is not None:
            trainer, self.trainer = self.trainer, None
            self.status = "stopped"
            if wait:
                trainer.close()
                return
            thread = threading.Thread(target=trainer.close, name="trainer-close", daemon=True)
            closing_threads.append(thread)
            thread.start()

    # ---- events -----------------------------------------------------------------------------
    def poll(self) -> list:
        """Every event waiting, recorded (appending is cheap: the view redraws once per poll);
        -> them."""
        if self.trainer is None:
            return []
        events = self.trainer.events()
        for event in events:
            self.record(event)
        return events

    def record(self, event) -> None:
        if isinstance(event, StepMetrics):
            self.metrics.append(event)
            for name, column in self.columns.items():
                column.append(getattr(event, name))
        elif isinstance(event, Snapshot):
            self.snapshots.append(event)
        elif isinstance(event, StateChanged):
            if event.state == "reset":  # what came before the reset belongs to the old model
                self.forget()
                self.status = "ready"
            elif event.state == "saved":
                self.saved.append(event.detail)
            elif event.state == "error":
                self.error = event.detail
                self.status = "error"
            else:
                self.status = event.state

    def forget(self) -> None:
        self.metrics, self.snapshots = [], []
        self.columns = {name: [] for name in STEP_FIELDS}
