"""app/gc_guard.py: what exists when the event loop first runs (imports, the window) is set aside,
so a collection of the oldest generation walks only what was made since (a full walk took
187-239 ms of a 265,000-object window); garbage made since is still freed by it, garbage among the
objects set aside by `collect_all()` or once the last guard stops, when the process gets its
usual collector back."""
import gc
import weakref

import pytest


class Node:
    """A reference cycle: only the cyclic collector frees it."""

    def __init__(self):
        self.me = self


@pytest.fixture
def guard(qtbot):
    from app.gc_guard import GuiThreadGarbageCollector

    made = GuiThreadGarbageCollector()
    made._thresholds = (0, 0, 0)  # every check collects the oldest generation
    yield made
    made.stop()


def test_garbage_made_after_the_first_check_is_freed_by_the_next(guard):
    guard.check()  # the first: what exists is set aside
    assert gc.get_freeze_count() > 0
    young = weakref.ref(Node())
    guard.check()
    assert young() is None


def test_garbage_among_the_objects_set_aside_waits_for_collect_all(guard):
    from app.gc_guard import collect_all

    survivor = Node()
    old = weakref.ref(survivor)
    guard.check()  # set aside with everything else that exists
    del survivor
    guard.check()
    gc.collect()  # Python's own call does not walk what was set aside either
    assert old() is not None
    collect_all()
    assert old() is None and gc.get_freeze_count() > 0  # the survivors set aside again


def test_the_last_guard_gives_the_process_its_usual_collector_back(qtbot):
    from app.gc_guard import GuiThreadGarbageCollector

    guard = GuiThreadGarbageCollector()
    assert not gc.isenabled()
    kept = Node()
    guard.check()
    assert gc.get_freeze_count() > 0
    guard.stop()
    assert gc.isenabled() and gc.get_freeze_count() == 0
    ref = weakref.ref(kept)
    del kept
    gc.collect()
    assert ref() is None

