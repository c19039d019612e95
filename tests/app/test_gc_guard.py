"""app/gc_guard.py: the oldest generation is collected on the GUI thread without walking the
objects that survived the collections before (a full walk took 210 ms of a 265,000-object
window), cyclic garbage among those is still freed by the full collection CPython's own rule
calls for, and the process gets its usual collector back when the last guard stops."""
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
    yield made
    made.stop()


def garbage_cycle() -> weakref.ref:
    return weakref.ref(Node())


def test_new_cyclic_garbage_is_freed_by_a_collection_of_the_oldest_generation(guard):
    guard.collect_oldest()  # the first: everything, then set aside
    young = garbage_cycle()
    guard.collect_oldest()
    assert young() is None


def test_garbage_among_old_survivors_waits_for_the_full_collection(guard):
    guard.collect_oldest()
    survivor = Node()
    old = weakref.ref(survivor)
    guard.collect_oldest()  # it survives (referenced here) and is set aside with the others
    assert gc.get_freeze_count() > 0
    del survivor
    guard.collect_oldest()  # the survivors grew by far less than FULL_GROWTH: not walked
    assert old() is not None
    guard.FULL_GROWTH = -1.0  # stands for survivors grown past the rule's share
    guard.collect_oldest()
    assert old() is None


def test_the_last_guard_gives_the_process_its_usual_collector_back(qtbot):
    from app.gc_guard import GuiThreadGarbageCollector

    guard = GuiThreadGarbageCollector()
    assert not gc.isenabled()
    guard.collect_oldest()
    kept = Node()
    guard.collect_oldest()
    assert gc.get_freeze_count() > 0
    guard.stop()
    assert gc.isenabled() and gc.get_freeze_count() == 0
    ref = weakref.ref(kept)
    del kept
    gc.collect()
    assert ref() is None


def test_collect_all_frees_garbage_among_the_survivors_and_sets_them_aside_again(guard):
    from app.gc_guard import collect_all

    guard.collect_oldest()
    survivor = Node()
    old = weakref.ref(survivor)
    guard.collect_oldest()
    del survivor
    gc.collect()  # Python's own call does not walk what was set aside
    assert old() is not None
    collect_all()
    assert old() is None and gc.get_freeze_count() > 0
