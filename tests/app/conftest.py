"""The app tests' shared view fixture: `make_view("beam")` instead of a copy in every file."""
from __future__ import annotations

import pytest

#: the first request also starts the worker thread, which imports torch: allow for a loaded machine
FIRST_RESULT_TIMEOUT_MS = 60000


def is_real_date(text: str) -> bool:
    """Whether a date model's output names a day: the oracle of the views' "not a real date" marks
    (the standard library's own parser, not engine.domain)."""
    import datetime

    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


def settled(view) -> bool:
    """Every request loop of the view has drawn a result and nothing is pending."""
    return view.ready() and not view.busy


@pytest.fixture
def make_view(qtbot, bridge, shared_state):
    """Build a view on the test's `bridge` and `shared_state`: `make_view("beam")` takes the class
    from the registry (app/views), `make_view(SomeView)` a class made for the test.

    `size`: shown at that size (None: built but not shown, as a view no test looks at).
    `until`: wait for this condition of the view (default: `settled`; None: do not wait, e.g. when
    the test changes a control before the first result counts).
    The views are closed at the end of the test, before the bridge shuts down."""
    from app.views import view_classes

    registry = {cls.view_id: cls for cls in view_classes()}
    made = []

    def make(view, size=(1400, 900), until=settled, timeout=FIRST_RESULT_TIMEOUT_MS):
        cls = registry[view] if isinstance(view, str) else view
        built = cls(bridge, shared_state)
        qtbot.addWidget(built)
        made.append(built)
        if size is not None:
            built.resize(*size)
            built.show()
            qtbot.waitExposed(built)
        if until is not None:
            qtbot.waitUntil(lambda: until(built), timeout=timeout)
        return built

    yield make
    for built in made:
        built.close()
