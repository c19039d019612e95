"""How far a long n-gram job has got (reading a big text file, then counting it), and its cancel
flag: the worker that runs it shows a bar and the stage's name, and stops it at the next report.

A job reports ``Step``s through a ``Progress``; every report first checks the cancel flag and
raises ``Cancelled`` when it is set, so cancelling takes effect within one block of work (a
megabyte read, 2^18 tokens counted), whatever stage the job is in.  No Qt: usable from a notebook.
"""
from __future__ import annotations

from dataclasses import dataclass

#: the stages of loading a text file as the corpus, in the order they run
READ = "read"  # done/total: bytes of the file
COUNT = "count"  # the n-grams of one order (``order``); done/total: positions of the padded text
STATISTICS = "statistics"  # c(h·) and N1+(h·) of each order; done/total: orders
ESTIMATOR = "estimator"  # the chosen estimator's set-up (Kneser-Ney's continuation counts, …); no measure
HELDOUT = "heldout"  # the held-out text scored for the add-δ curve; done/total: tokens
STAGES = (READ, COUNT, STATISTICS, ESTIMATOR, HELDOUT)


class Cancelled(Exception):
    """The job was cancelled through its cancel flag."""


@dataclass(frozen=True)
class Step:
    stage: str  # one of STAGES
    done: int
    total: int  # 0: no measure (a busy bar)
    order: int = 0  # COUNT: the order whose n-grams are being counted

    @property
    def fraction(self) -> float | None:
        return min(1.0, self.done / self.total) if self.total > 0 else None


def is_cancelled(cancel) -> bool:
    """``cancel``: None, a threading.Event, or a callable that says whether to stop."""
    if cancel is None:
        return False
    return cancel.is_set() if hasattr(cancel, "is_set") else bool(cancel())


class Progress:
    """``progress(stage, done, total, order=0)``: checks the cancel flag (raising Cancelled), then
    hands the step to ``report`` (None: nothing is reported, only the flag is checked)."""

    def __init__(self, report=None, cancel=None):
        self.report = report
        self.cancel = cancel

    def __call__(self, stage: str, done: int, total: int, order: int = 0) -> None:
        self.check()
        if self.report is not None:
            self.report(Step(stage, int(done), int(total), order))

    def check(self) -> None:
        if is_cancelled(self.cancel):
            raise Cancelled()


#: reports nothing and is never cancelled: the default of the functions that take a Progress
QUIET = Progress()
