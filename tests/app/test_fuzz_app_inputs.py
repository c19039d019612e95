"""Fuzzing the inputs added after tests/engine/test_fuzz_inputs.py (hypothesis): BLEU inputs, the
playground's matrix cells, session and lecture files, and a session's saved state applied to
every view.

=========================================  =========================================
input path                                 documented refusal
=========================================  =========================================
BLEU candidate, references, options        engine.bleu.BLEUError
playground matrix text and cells           engine.playground.MatrixInputError
session / lecture files (any bytes, JSON)  app.session.SessionError
a session's view state (any JSON)          app.session.SessionError; bad values skipped
=========================================  =========================================

Run with -s to see the number of cases."""
import collections
import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.session import SessionError, apply_view, load_lecture, load_session
from engine.bleu import BLEUError
from engine.bleu_report import bleu_report
from engine.playground import MAX_SIZE, MatrixInputError, parse_matrix

pytestmark = pytest.mark.slow  # fuzzing (hypothesis) through the views

CASES = collections.Counter()
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=80)


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    print("\napp-input fuzz cases:", dict(CASES), "total", sum(CASES.values()))


@settings(max_examples=150, deadline=None)
@given(candidate=TEXT, references=st.lists(TEXT, max_size=4),
       max_n=st.one_of(st.integers(-2, 8), st.sampled_from([4])),
       smoothing=st.sampled_from(["exp", "floor", "add-k", "none", "", "EXP", "bogus"]),
       tokenize=st.sampled_from(["13a", "none", "char", "intl", "zh", "", "bogus"]),
       effective_order=st.booleans(), lowercase=st.booleans())
def test_bleu_inputs_raise_only_bleu_error(candidate, references, max_n, smoothing, tokenize, effective_order,
                                           lowercase):
    CASES["bleu"] += 1
    try:
        report = bleu_report(candidate, references, max_n=max_n, smoothing=smoothing, tokenize=tokenize,
                             effective_order=effective_order, lowercase=lowercase)
    except BLEUError as exc:
        assert str(exc)
        return
    score = report.result.score
    assert 0.0 <= score <= 100.0 + 1e-9 and math.isfinite(score)  # exp(log 1) may round to 100.00000000000004
    for table in report.tables:
        assert 0 <= table.matches <= table.total
        assert sum(row.clipped for row in table.rows) == table.matches  # clipped counts add up


CELL = st.one_of(st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda x: f"{x:g}"),
                 st.text(st.sampled_from("0123456789.-+eE, ;\n\t−x∞nanif"), max_size=6), TEXT)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(TEXT, st.lists(st.lists(CELL, max_size=5), max_size=5).map(
    lambda rows: "\n".join(", ".join(row) for row in rows))))
def test_matrix_text_raises_only_matrix_input_error(text):
    CASES["matrix text"] += 1
    try:
        matrix = parse_matrix(text, "Q")
    except MatrixInputError as exc:
        assert str(exc)
        return
    assert matrix.ndim == 2 and 1 <= matrix.shape[0] <= MAX_SIZE and 1 <= matrix.shape[1] <= MAX_SIZE
    assert np.isfinite(matrix).all()


@settings(max_examples=150, deadline=None)
@given(values=st.lists(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=3, max_size=3), min_size=1,
                       max_size=6))
def test_matrix_text_round_trip(values):
    """A matrix written as the playground writes it (repr of each number) reads back exactly."""
    CASES["matrix round trip"] += 1
    text = "\n".join(", ".join(repr(x) for x in row) for row in values)
    np.testing.assert_array_equal(parse_matrix(text, "K"), np.array(values, dtype=np.float64))


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=20)


def session_like(kind):
    """Mostly well-formed headers with random bodies, so the checks past the header run too."""
    return st.fixed_dictionaries({"format": st.sampled_from([f"attention-lab-{kind}", "x", None]),
                                  "version": st.one_of(st.integers(-1, 3), TEXT)},
                                 optional={"views": JSON, "current_view": JSON, "scenes": JSON})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.one_of(st.binary(max_size=200), JSON.map(json.dumps), session_like("session").map(json.dumps),
                         session_like("lecture").map(json.dumps)))
def test_session_and_lecture_files_raise_only_session_error(tmp_path, content):
    CASES["session files"] += 1
    path = tmp_path / "fuzz.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    for load in (load_session, load_lecture):
        try:
            value = load(path)
        except SessionError as exc:
            assert str(exc)
            continue
        if load is load_session:
            views, current = value
            assert isinstance(views, dict) and (current is None or isinstance(current, str))
        else:
            assert all(isinstance(scene.state, dict) for scene in value)


_WINDOW = {}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(view_index=st.integers(0, 5), state=st.one_of(
    st.dictionaries(TEXT, JSON, max_size=4),
    st.fixed_dictionaries({}, optional={"widgets": st.dictionaries(TEXT, JSON, max_size=6), "extra": JSON}),
    st.fixed_dictionaries({"version": st.integers(0, 3), "fields": st.dictionaries(TEXT, JSON, max_size=8)})))
# found by this test: a number beyond a C int for the positional view's spin box (OverflowError)
@example(view_index=2, state={"version": 1, "fields": {"": 2147483648}})
@example(view_index=2, state={"version": 1, "fields": {"": float("inf")}})
@example(view_index=5, state={"version": 1, "fields": {"": [["1"], ["2", "3"]]}})
@pytest.mark.slow  # hypothesis drives every view
def test_a_saved_view_state_never_breaks_a_view(qtbot, view_index, state):
    """Any JSON object as a view's saved state: applied without an exception (what cannot be used
    is skipped), and the view still answers afterwards."""
    from app.main_window import MainWindow

    CASES["view states"] += 1
    if "window" not in _WINDOW:
        _WINDOW["window"] = MainWindow(device="cpu")
    window = _WINDOW["window"]
    view = window.views[view_index % len(window.views)]
    if isinstance(state.get("fields"), dict):
        # real field names with random values, so the binding code runs, not only the lookup
        names = view.view_state.field_names()
        state["fields"] = {names[i % len(names)]: value for i, value in enumerate(state["fields"].values())}
    try:
        apply_view(view, state)
    except SessionError as exc:  # the documented refusal (widgets or extra not an object)
        assert str(exc)
    qtbot.waitUntil(lambda: window.bridge.idle and not view.busy, timeout=60_000)


def teardown_module(module):
    window = _WINDOW.pop("window", None)
    if window is not None:
        window.close()
        window.deleteLater()
