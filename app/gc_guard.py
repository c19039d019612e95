"""Python's cyclic garbage collector, run on the GUI thread only.

Why: automatic collection runs in whichever thread happens to allocate when a threshold is
crossed. When that was the inference worker while the GUI thread was deleting Qt objects
(a QMenu's actions), the two threads deadlocked inside PySide6 (seen in about 1 of 20 runs of
the main-window tests; both threads waiting in the binding's object teardown). So automatic
collection is switched off while the worker runs, and a timer on the GUI thread collects
whenever the allocation counts pass the usual thresholds. Reference counting, which frees almost
everything, is unaffected.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

_active = 0  # guards alive: the last one to stop turns automatic collection back on


class GuiThreadGarbageCollector(QObject):
    def __init__(self, parent=None, interval_ms: int = 250):
        super().__init__(parent)
        global _active
        self._thresholds = gc.get_threshold()
        _active += 1
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.check)
        self._timer.start()
        self._stopped = False

    def check(self) -> None:
        """Collect the oldest generation whose count passed its threshold, as gc itself would."""
        counts = gc.get_count()
        generation = -1
        for gen in range(3):
            if counts[gen] > self._thresholds[gen]:
                generation = gen
        if generation >= 0:
            gc.collect(generation)

    def stop(self) -> None:
        global _active
        if self._stopped:
            return
        self._stopped = True
        self._timer.stop()
        _active -= 1
        if _active == 0:
            gc.enable()
