"""Python's cyclic garbage collector, run on the GUI thread only.

Why: automatic collection runs in whichever thread happens to allocate when a threshold is
crossed. When that was the inference worker while the GUI thread was deleting Qt objects
(a QMenu's actions), the two threads deadlocked inside PySide6 (seen in about 1 of 20 runs of
the main-window tests; both threads waiting in the binding's object teardown). So automatic
collection is switched off while the worker runs, and a timer on the GUI thread collects
whenever the allocation counts pass the usual thresholds. Reference counting, which frees almost
everything, is unaffected.

The oldest generation: a collection of it walks every object of the process, about 265,000 in a
window with its models loaded (torch, transformers, pyqtgraph), which took 210 ms of the GUI
thread: longer than the soak's 200 ms limit for one gap.  CPython itself collects the oldest
generation only once the objects that survived into it have grown by a quarter since its last
full collection; a timer that collected it whenever its count passed its threshold did so every
tenth middle collection.  Here what exists when the guard starts (the imported modules: torch,
transformers, pyqtgraph) and what is built before the event loop first runs (the window and its
views) is set aside at the guard's first check, unwalked (`gc.freeze()` moves lists, not
objects: building the window makes about 220,000, whose first walks took 195 ms), each
collection of the oldest generation walks only the objects that arrived since the one before and
sets its survivors aside too, and a full collection, everything unfrozen, runs once they have
grown by FULL_GROWTH since the first: CPython's own rule, so cyclic garbage among old objects is
freed as late as CPython would free it, and no later.  When the last guard stops, the objects set
aside go back to the oldest generation.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

_active = 0  # guards alive: the last one to stop turns automatic collection back on
_guards: list["GuiThreadGarbageCollector"] = []  # the guards alive (collect_all resets their counts)


def collect_all() -> None:
    """A full collection now, the objects set aside included (they are set aside again after):
    what gc.collect() did before this module set objects aside.  For a deliberate moment (a test
    about to read resident memory); the guards count from what it leaves."""
    set_aside = gc.get_freeze_count() > 0
    gc.unfreeze()
    gc.collect()
    if set_aside:
        gc.freeze()
    left = gc.get_freeze_count()
    for guard in _guards:
        guard._frozen = guard._frozen_after_full = left


class GuiThreadGarbageCollector(QObject):
    #: a full collection once the objects set aside (survivors of collections) grew by this share
    #: since the last full one (CPython's rule for its oldest generation)
    FULL_GROWTH = 0.25

    def __init__(self, parent=None, interval_ms: int = 250):
        super().__init__(parent)
        global _active
        self._thresholds = gc.get_threshold()
        self._frozen_after_full = None  # objects set aside after the last full (or the first) collection
        # objects set aside now, counted here (gc.get_freeze_count() walks all of them: 30 ms)
        self._frozen = gc.get_freeze_count()
        _active += 1
        _guards.append(self)
        gc.disable()
        self._set_aside = False  # what existed at the first check (see the module's docstring)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._timer.start()
        self._stopped = False

    def check(self) -> None:
        """Collect the oldest generation whose count passed its threshold, as gc itself would."""
        if not self._set_aside:
            gc.freeze()
            self._frozen = gc.get_freeze_count()  # once, at start-up
            self._set_aside = True
        counts = gc.get_count()
        generation = -1
        for gen in range(3):
            if counts[gen] > self._thresholds[gen]:
                generation = gen
        if generation == 2:
            self.collect_oldest()
        elif generation >= 0:
            gc.collect(generation)

    def collect_oldest(self) -> None:
        """The oldest generation: the objects that arrived since the last such collection, then
        the survivors set aside; everything, when they grew by FULL_GROWTH since the last full
        (or the first) one."""
        baseline = self._frozen_after_full
        full = baseline is not None and self._frozen > baseline * (1 + self.FULL_GROWTH)
        if full:
            gc.unfreeze()
        gc.collect(2)  # frozen objects are not walked: references from them count as outside ones
        survivors = len(gc.get_objects(generation=2))  # the ones just walked, now in the oldest
        gc.freeze()
        self._frozen = survivors if full else self._frozen + survivors
        if full or baseline is None:
            self._frozen_after_full = self._frozen

    def stop(self) -> None:
        global _active
        if self._stopped:
            return
        self._stopped = True
        self._timer.stop()
        _guards.remove(self)
        _active -= 1
        if _active == 0:
            gc.unfreeze()  # the process's collector as Python leaves it: every object walked again
            gc.enable()
