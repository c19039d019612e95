"""The worker's "latest wins" rule, observed from what actually ran.

Each request records itself when it runs, so a worker that runs superseded requests (a broken
drop), forgets to cancel their futures, serves channels out of order or mislabels staleness
fails here, whatever its counters say.
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
    assert blocker.result(5).stale  # a newer "a" request was submitted while it ran
    assert not later[-1].result().stale and not other.result().stale


def test_requests_that_do_not_overlap_are_never_dropped_or_stale(worker):
    log = []
    futures, results = [], []
    for i in range(10):
        futures.append(worker.submit("a", Recorded(log, f"a{i}")))
        results.append(futures[-1].result(60))
    assert log == [f"a{i}" for i in range(10)]
    assert [r.value for r in results] == log and not any(r.stale for r in results)
    assert not any(f.cancelled() for f in futures)


def test_a_newer_request_on_another_channel_does_not_make_a_result_stale(worker):
    log = []
    gate, blocker = block(worker, log, channel="a")
    other = worker.submit("b", Recorded(log, "b"))
    gate.set()
    assert not blocker.result(5).stale
    assert other.result(5).value == "b" and log == ["blocker", "b"]


def test_each_result_carries_its_own_request(worker):
    log = []
    gate, _ = block(worker, log)
    kept = worker.submit("a", Recorded(log, "kept"))
    gate.set()
    result = kept.result(5)
    assert result.request.label == "kept" and result.channel == "a"
    assert result.request_id == kept.request_id and result.queued_ms >= 0
