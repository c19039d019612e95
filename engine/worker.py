"""The inference worker: one thread owns every torch model and runs all engine work.

    worker = InferenceWorker(device="auto")
    future = worker.submit("attention", AttentionRequest("date-transformer", "4 Nov 1988"))
    result = future.result()          # engine.jobs.Result: .value or .error, never raises

"Latest wins" per channel: a request waiting on a channel is dropped (its future cancelled)
when a newer one arrives on the same channel, so fast typing never builds a backlog.  A request
already running finishes and its future resolves as usual: whether a result is still wanted is
decided by the app's bridge alone (app/bridge.py), which knows every channel's latest request.
Channels are served in the order their pending requests arrived.  Exceptions raised by a
request become error results; the thread keeps running.  No Qt here: the app's bridge turns
futures into Qt signals.
"""
from __future__ import annotations

import itertools
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future

from engine.jobs import EngineContext, Result
from engine.messages import Message


class WorkerStopped(RuntimeError):
    """submit() after shutdown()."""


class InferenceWorker:
    def __init__(self, device: str = "auto", name: str = "inference-worker", threads: int | None = None,
                 start: bool = True):
        """`threads`: torch's intra-op CPU threads, set from the worker thread at start
        (None keeps torch's default).  `start=False`: requests queue up until `start()`, so
        that an app can show its window before the thread imports torch (seconds of work that
        would compete with the window for the interpreter)."""
        self.threads = threads
        self._cond = threading.Condition()
        self._pending: "OrderedDict[str, tuple[int, object, Future, float]]" = OrderedDict()
        self._ids = itertools.count(1)
        self._stopping = False
        self.requests_run = 0  # how many requests actually ran (for tests and the status bar)
        self.context = EngineContext(device)
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._started = False
        if start:
            self.start()

    def start(self) -> None:
        """Start the thread (once; later calls do nothing)."""
        with self._cond:
            if self._started or self._stopping:
                return
            self._started = True
        self._thread.start()

    # ---- public --------------------------------------------------------------------------
    def submit(self, channel: str, request) -> Future:
        """Queue `request` on `channel`; returns a Future resolving to a Result.  A request still
        waiting on that channel is cancelled."""
        future: Future = Future()
        with self._cond:
            if self._stopping:
                raise WorkerStopped("the inference worker has been shut down")
            request_id = next(self._ids)
            old = self._pending.pop(channel, None)
            self._pending[channel] = (request_id, request, future, time.perf_counter())
            self._cond.notify()
        if old is not None:
            old[2].cancel()
        future.request_id = request_id  # type: ignore[attr-defined]
        return future

    def shutdown(self, wait: bool = True, timeout: float | None = None) -> None:
        """Cancel what is waiting, let the running request finish, stop the thread.

        By default waits for the running request however long it takes (requests are short and
        bounded): a thread still running torch when the interpreter exits aborts the process
        ("terminate called without an active exception")."""
        with self._cond:
            self._stopping = True
            pending = list(self._pending.values())
            self._pending.clear()
            self._cond.notify_all()
        for _, _, future, _ in pending:
            future.cancel()
        if wait and self._started and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # ---- the thread ----------------------------------------------------------------------
    def _loop(self) -> None:
        import torch  # imported here so that grad/inference mode are set in this very thread

        if self.threads:
            torch.set_num_threads(self.threads)

        while True:
            with self._cond:
                while not self._pending and not self._stopping:
                    self._cond.wait()
                if self._stopping:
                    return
                channel, (request_id, request, future, submitted) = self._pending.popitem(last=False)
            if not future.set_running_or_notify_cancel():
                continue
            started = time.perf_counter()
            value = error = error_type = message = None
            try:
                with torch.inference_mode():
                    value = request.run(self.context)
            except Exception as exc:  # errors come back as results; the worker lives on
                error, error_type, message = _describe(exc), type(exc).__name__, getattr(exc, "message", None)
                if _out_of_memory(exc):
                    message = _out_of_memory_message(exc, self.context)
                    error, error_type = str(message), "OutOfMemoryError"
                    _release_cached_memory(torch)
            coded = isinstance(message, Message)  # engine errors carry a code the app translates
            finished = time.perf_counter()
            self.requests_run += 1
            future.set_result(Result(
                error_code=message.code if coded else None, error_args=message.arguments if coded else None,
                request_id=request_id, channel=channel, request=request, value=value, error=error,
                error_type=error_type, queued_ms=(started - submitted) * 1e3,
                elapsed_ms=(finished - started) * 1e3,
            ))


def _out_of_memory(exc: Exception) -> bool:
    """torch.OutOfMemoryError, or the RuntimeError older torch and other back ends raise."""
    return type(exc).__name__ == "OutOfMemoryError" or (
        isinstance(exc, RuntimeError) and "out of memory" in str(exc).lower())


def _out_of_memory_message(exc: Exception, context: EngineContext) -> Message:
    """What a lecturer can act on, instead of the allocator's statistics."""
    device = context.requested_device if context._device is None else str(context._device)
    return Message("out_of_memory", device=device)


def _release_cached_memory(torch) -> None:
    """Give the failed request's cached blocks back, so the next request can run."""
    try:
        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    except Exception:  # a broken device must not take the worker down
        pass


def _describe(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0] if "\n" in text and len(text) > 300 else text
