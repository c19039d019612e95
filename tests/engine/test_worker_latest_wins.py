"""The worker's "latest wins" rule, observed from what actually ran.

Each request records itself when it runs, so a worker that runs superseded requests (a broken
drop), forgets to cancel their futures or serves channels out of order fails here, whatever its
counters say.  Whether a finished result is still wanted is not the worker's to say: the app's
bridge alone drops superseded results (tests/app/test_bridge.py).
"""
import threading
from concurrent.futures import CancelledError
from dataclasses import dataclass, field

import pytest

from engine.worker import InferenceWorker


@dataclass(frozen=True)
class Recorded:
    log: list = field(compare=False)
    label: str
    gate: threading.Event | None = field(default=None, compare=False)
    started: threading.Event | None = field(default=None, compare=False)

    def run(self, ctx):
        if self.started is not None:
            self.started.set()
        if self.gate is not None:
            assert self.gate.wait(5), "the test never released the gate"
        self.log.append(self.label)
        return self.label


@pytest.fixture
def worker():
    w = InferenceWorker(device="cpu")
    yield w
    w.shutdown()


def block(worker, log, channel="a"):
    """Occupy the worker with a request that waits for the returned gate."""
    gate, started = threading.Event(), threading.Event()
    future = worker.submit(channel, Recorded(log, "blocker", gate, started))
    assert started.wait(60)  # the first request waits for the worker thread to import torch
    return gate, future


def test_only_the_latest_waiting_request_of_a_channel_runs(worker):
    log = []
    gate, blocker = block(worker, log)
    superseded = [worker.submit("a", Recorded(log, f"a{i}")) for i in range(50)]
    other = worker.submit("b", Recorded(log, "b0"))
    later = [worker.submit("a", Recorded(log, f"a{i}")) for i in range(50, 55)]
    gate.set()
    assert later[-1].result(5).value == "a54"
    assert other.result(5).value == "b0"
    # "a" was submitted again after "b": its pending request now arrived last, so "b" runs first.
    assert log == ["blocker", "b0", "a54"]
    for f in superseded + later[:-1]:
        assert f.cancelled()
        with pytest.raises(CancelledError):
            f.result(0)
    assert sum(f.cancelled() for f in superseded + later) == 54
    assert blocker.result(5).value == "blocker"  # it was running: it finishes, and the bridge drops it


def test_requests_that_do_not_overlap_are_never_dropped(worker):
    log = []
    futures, results = [], []
    for i in range(10):
        futures.append(worker.submit("a", Recorded(log, f"a{i}")))
        results.append(futures[-1].result(60))
    assert log == [f"a{i}" for i in range(10)]
    assert [r.value for r in results] == log
    assert not any(f.cancelled() for f in futures)


def test_a_newer_request_on_another_channel_cancels_nothing(worker):
    log = []
    gate, blocker = block(worker, log, channel="a")
    other = worker.submit("b", Recorded(log, "b"))
    gate.set()
    assert blocker.result(5).value == "blocker" and not other.cancelled()
    assert other.result(5).value == "b" and log == ["blocker", "b"]


def test_each_result_carries_its_own_request(worker):
    log = []
    gate, _ = block(worker, log)
    kept = worker.submit("a", Recorded(log, "kept"))
    gate.set()
    result = kept.result(5)
    assert result.request.label == "kept" and result.channel == "a"
    assert result.request_id == kept.request_id and result.queued_ms >= 0


def test_results_carry_no_staleness_of_their_own():
    """"Latest" is decided in one place, the app's bridge: a result has no flag of its own that
    a view could read instead (it was set by the worker and never read by the app)."""
    from dataclasses import fields

    from engine.jobs import Result

    assert "stale" not in {f.name for f in fields(Result)}
