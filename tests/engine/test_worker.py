import threading
import time
from dataclasses import dataclass

import pytest

from engine.jobs import AttentionRequest, CallRequest
from engine.worker import InferenceWorker, WorkerStopped


@dataclass(frozen=True)
class Slow:
    """Blocks until released, so a test controls what is running."""

    gate: threading.Event
    value: int

    def run(self, ctx):
        self.gate.wait(5)
        return self.value


def wait_until(condition, timeout=30.0):
    """Poll `condition` until it holds (the worker's thread imports torch before its first request,
    which takes seconds on a cold, loaded machine: a fixed sleep guessed wrong there)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert condition()


@pytest.fixture
def worker():
    w = InferenceWorker(device="cpu")
    yield w
    w.shutdown()


def test_latest_wins_per_channel(worker):
    gate = threading.Event()
    running = worker.submit("a", Slow(gate, 0))
    wait_until(running.running)  # so the requests below queue behind a running one
    waiting = [worker.submit("a", CallRequest(int, (i,))) for i in range(1, 20)]
    other = worker.submit("b", CallRequest(int, (99,)))
    gate.set()
    assert waiting[-1].result(5).value == 19
    assert all(f.cancelled() for f in waiting[:-1])
    first = running.result(5)
    assert first.value == 0 and not running.cancelled()  # a running request finishes (the bridge drops it)
    assert other.result(5).value == 99  # other channels are not affected
    assert worker.requests_run == 3


def test_errors_come_back_as_results_and_the_thread_survives(worker):
    bad = worker.submit("x", CallRequest(divmod, (1, 0))).result(5)
    assert not bad.ok and bad.error_type == "ZeroDivisionError" and "division" in bad.error
    missing = worker.submit("x", AttentionRequest("no-such-model", "4 Nov 1988")).result(5)
    assert missing.error_type == "ModelLoadError" and "no-such-model" in missing.error
    assert worker.submit("x", CallRequest(abs, (-3,))).result(5).value == 3


def test_real_model_request(worker):
    result = worker.submit("att", AttentionRequest("date-transformer", "4 Nov 1988")).result(30)
    assert result.ok, result.error
    assert result.value.output_text == "1988-11-04"
    assert result.elapsed_ms > 0


def test_shutdown_cancels_waiting_requests_and_stops_the_thread():
    w = InferenceWorker(device="cpu")
    gate = threading.Event()
    running = w.submit("a", Slow(gate, 1))
    wait_until(running.running)  # else shutdown cancels it too, before the thread has taken it
    waiting = w.submit("b", CallRequest(int, (2,)))
    # the running request finishes only once shutdown has cancelled the waiting one
    releaser = threading.Thread(target=lambda: (wait_until(waiting.cancelled), gate.set()))
    releaser.start()
    w.shutdown(wait=True)
    releaser.join()
    assert running.result(5).value == 1
    assert waiting.cancelled()
    assert not w.alive
    with pytest.raises(WorkerStopped):
        w.submit("a", CallRequest(int, (1,)))


def test_models_are_owned_by_the_worker_thread(worker):
    worker.submit("m", AttentionRequest("date-rnn-attention", "4 Nov 1988")).result(30)
    with pytest.raises(RuntimeError, match="outside the worker thread"):
        worker.context.model("date-rnn-attention")


def test_a_worker_created_waiting_runs_nothing_until_started():
    """start=False (the app shows its window before torch loads): requests queue up, latest wins."""
    w = InferenceWorker(device="cpu", start=False)
    try:
        first = w.submit("a", CallRequest(int, (1,)))
        latest = w.submit("a", CallRequest(int, (2,)))
        time.sleep(0.1)  # nothing to wait for: this gives a worker that wrongly started the time to run
        assert not w.alive and not latest.done() and first.cancelled()
        w.start()
        w.start()  # a second start does nothing
        assert latest.result(30).value == 2 and w.alive
    finally:
        w.shutdown()
    assert not w.alive


def test_a_worker_never_started_shuts_down_cleanly():
    w = InferenceWorker(device="cpu", start=False)
    waiting = w.submit("a", CallRequest(int, (1,)))
    w.shutdown()
    assert waiting.cancelled() and not w.alive
    w.start()  # after shutdown: stays stopped
    assert not w.alive
    with pytest.raises(WorkerStopped):
        w.submit("a", CallRequest(int, (2,)))
