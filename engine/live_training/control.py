"""Driving a :class:`~engine.live_training.trainer.Trainer` by commands, in its own process.

Why a process (what the view uses), not a thread: the trainer spends much of each step in
Python (the RNN decoder's per-character loop, the optimiser, the batch building), holding the
GIL; in a thread of the GUI process that takes time from the GUI thread and from the inference
worker, which answer every keystroke.  A process has its own interpreter and torch threads,
owns its random state and can always be ended (``terminate``) if a step hangs.  The cost is the
start (the child imports torch and builds the tokenizers: seconds, once) and that events are
pickled (small: numbers and one attention matrix per snapshot).  ``benchmarks/training.py``
measures a GUI-like timer's lateness with the trainer in a thread and in a process.
:class:`TrainerThread` runs the same command loop in a thread, for that comparison and for
notebooks.

Commands (:meth:`TrainerProcess.start` etc.) are applied between steps, in order; events
(engine.live_training.events) come back on a queue the caller drains (:meth:`events`).
"""
from __future__ import annotations

import multiprocessing
import queue
import threading
from dataclasses import dataclass

from engine.live_training.events import StateChanged


@dataclass(frozen=True)
class TrainerSpec:
    experiment: str = "date-rnn-attention"
    preset: str = "lecture"
    seed: int = 0
    device: str = "cpu"
    threads: int | None = 1  # torch threads in the trainer's process (None: torch's default)


def serve(spec: TrainerSpec, commands, events, set_threads: bool = True) -> None:
    """The command loop: build the trainer, then apply commands between steps until "stop"."""
    import torch

    from engine.live_training.experiments import get_experiment
    from engine.live_training.trainer import Trainer

    if set_threads and spec.threads:
        torch.set_num_threads(spec.threads)
    try:
        trainer = Trainer(get_experiment(spec.experiment, spec.preset), seed=spec.seed, device=spec.device,
                          emit=events.put)
    except Exception as exc:  # reported, not raised: the caller is in another thread or process
        events.put(StateChanged("error", 0, f"{type(exc).__name__}: {exc}"))
        return
    loop = _Loop(trainer, events)
    events.put(StateChanged("ready", 0))
    while loop.alive:
        try:
            command = commands.get_nowait() if loop.running else commands.get()
        except queue.Empty:
            command = None
        if command is not None:
            try:
                loop.apply(*command)
            except Exception as exc:
                events.put(StateChanged("error", trainer.step_count, f"{type(exc).__name__}: {exc}"))
            continue  # apply every waiting command before the next step
        loop.run_one()


class _Loop:
    def __init__(self, trainer, events):
        self.trainer = trainer
        self.events = events
        self.running = False
        self.alive = True
        self.until_s = None
        self.until_step = None
        self.single_steps = 0

    def apply(self, name, *args):
        t = self.trainer
        if name == "start":  # (max_seconds, max_steps) counted from now; None = no limit
            max_seconds, max_steps = args
            self.until_s = None if max_seconds is None else t.wall_s + max_seconds
            self.until_step = None if max_steps is None else t.step_count + max_steps
            self._set_running(True)
        elif name == "resume":
            self._set_running(True)
        elif name == "pause":
            self._set_running(False)
        elif name == "step":
            self.single_steps += int(args[0])
            self.running = True
        elif name == "reset":
            self.running, self.single_steps = False, 0
            t.reset(seed=args[0])
            self.events.put(StateChanged("reset", 0, str(t.seed)))
        elif name == "settings":
            t.update_settings(**args[0])
        elif name == "save":
            path = t.save(*args)
            self.events.put(StateChanged("saved", t.step_count, str(path)))
        elif name == "stop":
            self.alive = False
            self.events.put(StateChanged("stopped", t.step_count))
        else:
            raise ValueError(f"unknown command {name!r}")

    def _set_running(self, running: bool):
        self.running, self.single_steps = running, 0
        self.events.put(StateChanged("running" if running else "paused", self.trainer.step_count))

    def run_one(self):
        t = self.trainer
        if (self.until_s is not None and t.wall_s >= self.until_s) or \
                (self.until_step is not None and t.step_count >= self.until_step):
            self.running, self.until_s, self.until_step = False, None, None
            self.events.put(StateChanged("finished", t.step_count))
            return
        t.advance()
        if self.single_steps:
            self.single_steps -= 1
            if not self.single_steps:
                self.running = False
                self.events.put(StateChanged("paused", t.step_count))


class _Controls:
    """The commands, shared by the process and the thread front ends."""

    _commands = None
    _events = None

    def start(self, max_seconds: float | None = None, max_steps: int | None = None):
        self._commands.put(("start", max_seconds, max_steps))

    def pause(self):
        self._commands.put(("pause",))

    def resume(self):
        self._commands.put(("resume",))

    def step(self, n: int = 1):
        """n steps, then paused."""
        self._commands.put(("step", n))

    def reset(self, seed: int | None = None):
        self._commands.put(("reset", seed))

    def update_settings(self, **changes):
        self._commands.put(("settings", changes))

    def save(self, out, command: str | None = None):
        self._commands.put(("save", str(out), command))

    def events(self, timeout: float = 0.0) -> list:
        """Every event waiting now (after waiting up to `timeout` s for the first)."""
        out = []
        try:
            out.append(self._events.get(timeout=timeout) if timeout > 0 else self._events.get_nowait())
            while True:
                out.append(self._events.get_nowait())
        except queue.Empty:
            return out

    def wait_for(self, state: str, timeout: float, on_event=None) -> StateChanged:
        """Events until a StateChanged of `state` (or "error", raised); each goes to `on_event`."""
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.events(timeout=min(0.5, max(0.01, deadline - time.monotonic()))):
                if on_event is not None:
                    on_event(event)
                if isinstance(event, StateChanged) and event.state == "error":
                    raise RuntimeError(f"the trainer failed: {event.detail}")
                if isinstance(event, StateChanged) and event.state == state:
                    return event
        raise TimeoutError(f"the trainer did not reach {state!r} within {timeout} s")


class TrainerProcess(_Controls):
    """The trainer in a spawned process (never forked: torch is not fork-safe after use)."""

    def __init__(self, spec: TrainerSpec = TrainerSpec()):
        context = multiprocessing.get_context("spawn")
        self._commands = context.Queue()
        self._events = context.Queue()
        self.process = context.Process(target=serve, args=(spec, self._commands, self._events),
                                       name="attention-lab-trainer", daemon=True)
        self.process.start()

    def close(self, timeout: float = 10.0) -> int | None:
        """Stop between steps; a trainer that does not stop in `timeout` s is terminated.  The
        events still queued are dropped.  -> the process's exit code."""
        import time

        if self.process.is_alive():
            self._commands.put(("stop",))
        deadline = time.monotonic() + timeout
        while self.process.is_alive() and time.monotonic() < deadline:
            self.events(timeout=0.05)  # a child exits only once its queue is drained
            self.process.join(timeout=0.05)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=5)
        self._events.cancel_join_thread()
        self._commands.cancel_join_thread()
        return self.process.exitcode


class TrainerThread(_Controls):
    """The same command loop in a thread of this process (torch's thread count is left alone)."""

    def __init__(self, spec: TrainerSpec = TrainerSpec()):
        self._commands = queue.SimpleQueue()
        self._events = queue.SimpleQueue()
        self.thread = threading.Thread(target=serve, args=(spec, self._commands, self._events, False),
                                       name="attention-lab-trainer", daemon=True)
        self.thread.start()

    def close(self, timeout: float = 10.0) -> None:
        self._commands.put(("stop",))
        self.thread.join(timeout)
