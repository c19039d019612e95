"""Python's cyclic garbage collector, run on the GUI thread only.

Why: automatic collection runs in whichever thread happens to allocate when a threshold is
crossed. When that was the inference worker while the GUI thread was deleting Qt objects
(a QMenu's actions), the two threads deadlocked inside PySide6 (seen in about 1 of 20 runs of
the main-window tests; both threads waiting in the binding's object teardown). So automatic
collection is switched off while the worker runs, and a timer on the GUI thread collects
whenever the allocation counts pass the usual thresholds. Reference counting, which frees almost
everything, is unaffected.

The oldest generation: a collection of it walks every object of the process, about 265,000 in a
window with its models loaded (torch, transformers, pyqtgraph), which took 187-239 ms of the GUI
thread: longer than the soak's 200 ms limit for one gap, twice a minute while beam trees were
rebuilt.  Most of those objects are what existed when the event loop first ran: the imported
modules and the window with its views, which live as long as the process.  They are set aside at
the guard's first check (`gc.freeze()`: it moves lists, not objects), so each collection of the
oldest generation walks only what was made since, as often as before.  (Setting aside the
survivors of every collection as well, as CPython's 25 % rule would allow, kept cyclic garbage
longer: the soak's resident memory grew 20-57 MB in 100 s instead of 15.)  Garbage among the
objects set aside (the views of a language switch) waits until the last guard stops or
`collect_all()`.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

_active = 0  # guards alive: the last one to stop turns automatic collection back on


def collect_all() -> None:
    """A full collection now, the objects set aside included (what survives is set aside again):
    what gc.collect() did before this module set objects aside.  For a deliberate moment (a test
    about to read resident memory)."""
    set_aside = gc.get_freeze_count() > 0
    gc.unfreeze()
    gc.collect()
    if set_aside:
        gc.freeze()


class GuiThreadGarbageCollector(QObject):
    def __init__(self, parent=None, interval_ms: int = 250):
        super().__init__(parent)
        global _active
        self._thresholds = gc.get_threshold()
        _active += 1
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
            self._set_aside = True
        counts = gc.get_count()
        generation = -1
        for gen in range(3):
            if counts[gen] > self._thresholds[gen]:
                generation = gen
        if generation >= 0:
            gc.collect(generation)  # the oldest: what was made since the objects set aside

    def stop(self) -> None:
        global _active
        if self._stopped:
            return
        self._stopped = True
        self._timer.stop()
        _active -= 1
        if _active == 0:
            gc.unfreeze()  # the process's collector as Python leaves it: every object walked again
            gc.enable()
