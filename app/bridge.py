"""EngineBridge: the only Qt code that touches the engine.

Views submit frozen requests on a channel; the bridge hands them to the InferenceWorker and
delivers each Result back on the GUI thread, dropping results that a newer request on the same
channel has made stale.

Hand-off: the worker's future callbacks (worker thread) put results into a SimpleQueue and
write one byte into a socket pair; a QSocketNotifier on the GUI thread wakes on that byte and
drains the queue.  No Qt signal is emitted and no Qt object touched from the worker thread:
that is where Qt bindings have broken (PySide6 6.12.0 aborts the interpreter after a few
thousand cross-thread emissions; see docs/reliability.md).  Before, a 2 ms QTimer polled the
queue while requests were out: a 512-token forward pass of MiniLM (~0.5 s) woke the GUI thread
some 250 times, ~25 ms of its CPU per keystroke for nothing (benchmarks/hf_app.py); now it
wakes once per result.

A running request that reports as it goes (a model folder's loading stages) calls a function
from `relay(callback)`: each call goes into the same queue and is made on the GUI thread, in
order with the results, so no second hand-off is needed anywhere else.

Background requests (`submit(..., background=True)`: numpy work on results already drawn, such
as the attention overview's tiles) run on a second worker thread, started on first use, so they
never delay the next keystroke's model call; they are delivered the same way.
"""
from __future__ import annotations

import queue
import socket
import weakref
from collections import defaultdict

import shiboken6
from PySide6.QtCore import QObject, QSocketNotifier, Signal

from app.gc_guard import GuiThreadGarbageCollector
from app.malloc_policy import return_large_blocks_to_the_system

from engine.jobs import Result
from engine.worker import InferenceWorker


class _Relayed:
    """A call a running request asked for (worker thread), to be made on the GUI thread."""

    __slots__ = ("held", "args")

    def __init__(self, held, args):
        self.held, self.args = held, args


def _hold(callback):
    """(a reference to `callback`, the Qt class of its owner or None): a method of a Qt object is
    held weakly, so a bridge never keeps a deleted view or panel alive or calls into it."""
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, QObject):
        return weakref.WeakMethod(callback), owner.__class__
    return (lambda cb=callback: cb), None


def _alive(held):
    """The callback `held` (from _hold), or None once its Qt object is gone."""
    ref, qt_class = held
    callback = ref()
    if callback is None or (qt_class is not None and not shiboken6.isValid(callback.__self__)):
        return None
    return callback


class EngineBridge(QObject):
    #: every fresh (non-stale) Result, on the GUI thread
    result_ready = Signal(object)
    #: (channel, elapsed_ms) of every request that ran, stale or not
    request_finished = Signal(str, float)

    #: torch CPU threads for the app's worker.  The models are tiny: one thread gives the lowest
    #: latency, and more threads collapse when the machine is busy (see docs/benchmarks.md).
    DEFAULT_THREADS = 1

    def __init__(self, worker: InferenceWorker | None = None, device: str = "auto", parent=None,
                 threads: int | None = DEFAULT_THREADS, start_worker: bool = True):
        """`start_worker=False`: requests wait until `start_worker()` (the window shows first)."""
        super().__init__(parent)
        # While the worker thread lives, cyclic GC runs only here, on the GUI thread.  Before the
        # worker starts: its first Python code (importing torch) ran an automatic collection in the
        # worker thread, which destroyed a QObject left by an earlier window there while the GUI
        # thread built a widget, and the two threads deadlocked (GIL against Qt's connection lock).
        self._gc = GuiThreadGarbageCollector(self)
        try:
            self.worker = worker or InferenceWorker(device=device, threads=threads, start=start_worker)
        except BaseException:
            self._gc.stop()  # no worker: GC back to normal
            raise
        self.background: InferenceWorker | None = None  # submit(..., background=True): made on first use
        #: submit(..., background="name"): a background worker of that name's own, made on first use
        self.lanes: dict[str, InferenceWorker] = {}
        self._background_channels: set[str] = set()
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self._latest: dict[str, int] = {}
        self._outstanding = 0
        self._subscribers: dict[str, list] = defaultdict(list)
        self.closed = False
        # the worker's wake-up call: a byte per result (or relayed call) into `_wake_write`
        self._wake_read, self._wake_write = socket.socketpair()
        for end in (self._wake_read, self._wake_write):
            end.setblocking(False)
        self._notifier = QSocketNotifier(self._wake_read.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)
        return_large_blocks_to_the_system()  # a long session's large arrays do not pile up

    def subscribe(self, channel: str, callback) -> None:
        """Call `callback(result)` on the GUI thread for each fresh result on `channel`.

        A method of a Qt object is held weakly and skipped once its object is deleted, so a view
        that goes away before its last result arrives is simply not called."""
        self._subscribers[channel].append(_hold(callback))

    def _callbacks(self, channel: str):
        alive = []
        for held in self._subscribers.get(channel, ()):
            callback = _alive(held)
            if callback is None:
                continue
            alive.append(held)
            yield callback
        self._subscribers[channel] = alive

    def relay(self, callback):
        """A function a running request may call from the worker thread (a progress report):
        each call `callback(*args)` is made on the GUI thread, before the request's result is
        delivered.  Held like a subscriber: not called once its Qt object is deleted."""
        held = _hold(callback)

        def call_on_gui_thread(*args):  # worker thread: only the thread-safe queue and the socket
            self._post(_Relayed(held, args))

        return call_on_gui_thread

    def submit(self, channel: str, request, background: bool | str = False) -> int:
        """Send a request; returns its request id.  A request still waiting on the channel is
        dropped by the worker.  After shutdown (the window is closing) nothing is sent and the
        result is None.  `background`: run it on the background worker (a request that uses no
        model), or with a name on a background worker of that name's own: requests that must
        not wait behind the others' (the attention view's word-piece toggles, a few milliseconds,
        waited 55-115 ms behind the overview's summary); a channel is always sent the same way."""
        if self.closed:
            return None
        worker = self.worker
        if background:
            worker = self._background_worker(None if background is True else background)
            self._background_channels.add(channel)
        future = worker.submit(channel, request)
        request_id = future.request_id
        self._latest[channel] = request_id
        self._outstanding += 1
        future.add_done_callback(self._on_done)  # runs in the worker thread (or here if cancelled)
        return request_id

    def _background_worker(self, lane: str | None) -> InferenceWorker:
        """The background worker (lane None) or lane `lane`'s, started on first use."""
        if lane is None:
            if self.background is None:
                self.background = InferenceWorker(device="cpu", name="background-worker")
            return self.background
        if lane not in self.lanes:
            self.lanes[lane] = InferenceWorker(device="cpu", name=f"{lane}-worker")
        return self.lanes[lane]

    def start_worker(self) -> None:
        """Start the engine's thread if it was created waiting (idempotent)."""
        self.worker.start()

    def invalidate(self, channel: str) -> None:
        """Whatever is in flight on `channel` is no longer wanted (its view now shows a message
        about newer input): it will not be delivered."""
        if channel in self._latest:
            self._latest[channel] = None

    def is_latest(self, result: Result) -> bool:
        return self._latest.get(result.channel) == result.request_id

    def _on_done(self, future) -> None:
        # Worker thread: only touch the thread-safe queue and the socket.
        self._post(None if future.cancelled() else future.result())

    def _post(self, item) -> None:
        """Queue `item` for the GUI thread and wake it (any thread)."""
        self._inbox.put(item)
        try:
            self._wake_write.send(b"\0")
        except (BlockingIOError, InterruptedError):
            pass  # the socket's buffer is full of wake-ups already: the GUI thread will drain
        except OSError:
            pass  # closed: the bridge has shut down, nothing is delivered any more

    def _woken(self, *_) -> None:
        """The notifier saw wake-up bytes (GUI thread): read them all, then drain.  Read before
        draining: an item queued after the drain began brings a byte of its own, so none is left
        waiting without one."""
        try:
            while self._wake_read.recv(4096):
                pass
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            return  # closed
        self.drain()

    def drain(self) -> None:
        """Deliver everything that has arrived (GUI thread)."""
        while True:
            try:
                result = self._inbox.get_nowait()
            except queue.Empty:
                break
            if isinstance(result, _Relayed):  # put there by a request still running: not a result
                callback = _alive(result.held)
                if callback is not None:
                    callback(*result.args)
                continue
            self._outstanding -= 1
            if result is None:  # superseded before it ran
                continue
            if result.channel not in self._background_channels:  # the status bar shows model time
                self.request_finished.emit(result.channel, result.elapsed_ms)
            if not self.is_latest(result):  # the one place stale results are dropped
                continue
            for callback in list(self._callbacks(result.channel)):
                callback(result)
            self.result_ready.emit(result)
        if self._outstanding <= 0:
            self._outstanding = 0

    @property
    def idle(self) -> bool:
        return self._outstanding == 0

    def shutdown(self) -> None:
        """Stop the worker; results still in flight are discarded, not delivered (the views
        are going away)."""
        if self.closed:
            return
        self.closed = True
        self._notifier.setEnabled(False)
        self.worker.shutdown(wait=True)
        for worker in [self.background, *self.lanes.values()]:
            if worker is not None:
                worker.shutdown(wait=True)
        self._gc.stop()
        for end in (self._wake_read, self._wake_write):
            end.close()
        while not self._inbox.empty():
            self._inbox.get_nowait()
        self._outstanding = 0
