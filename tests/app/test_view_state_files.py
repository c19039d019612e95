"""Sessions and lectures by field name (format 2), and the format-1 files of tests/data/v1 (widget
paths) opened by today's code: every value in place, the same pictures (each view's CSV)."""
import csv
import json
import math
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.session import SessionError, load_lecture, load_session, read_state

DATA = Path(__file__).resolve().parents[1] / "data" / "v1"

#: what tests/data/v1/session-v1.json means, written out by hand from its widget paths and
#: "extra" objects (make_v1_fixtures.py says which control each path was)
EXPECTED = {
    "attention": {
        "model": "zh-en-toy", "text": "简九月要访问非洲", "teacher_forcing": True,
        "target": "Jane is visiting Africa in September", "kind": "decoder_self", "layer": 0, "head": 2, "row": 3,
        "merge_word_pieces": True, "hide_special_tokens": True, "side_tab": "overview",
    },
    "beam": {
        "model": "date-rnn-attention", "text": "Sunday 4 July 1999", "beam_width": 7, "length_penalty": "gnmt",
        "alpha": 0.9, "show_pruned": False, "show_all": True, "expected": "1999-07-04", "tab": "error",
        "revealed_steps": 3, "selected_prefix": [5, 13], "node_attention": "", "whatif_token": "7",
        "whatif_in_tree": False,
    },
    "positional": {
        "d_model": 28, "n_positions": 99, "base_text": "7079.46", "variant": "tensor2tensor",
        "similarity": "cosine", "pos": 12, "k": 7, "tab": "shift",
    },
    "entropy": {
        "p_text": "a: 0.8, b: 0.1, c: 0.05, d: 0.05", "q_text": "a: 0.25, b: 0.25, c: 0.25, d: 0.25",
        "mode": "char", "ignore_case": False, "unit": "nats", "normalise": True, "tab": "codes",
        "mu1": 0.5, "sigma1": 1.5, "mu2": -1.0, "sigma2": 2.0,
    },
    "bleu": {
        "candidate": "the cat sat on the mat",
        "references": "the cat is on the mat\nthere is a cat on the mat\na cat sat on a mat",
        "smoothing": "floor", "tokenize": "none", "max_n": 3, "effective_order": False, "lowercase": True,
        "ngram_tab": 1,
    },
    "playground": {
        "tab": "matrix", "query_cells": [["1", "0", "10"], ["0", "1", "20"], ["1", "1", "30"]], "query": "1, 1",
        "query_scale": 0.5, "n": 2, "m": 3, "d_k": 3, "d_v": 3, "seed": 7, "causal": True, "matrix_scale": 0.5,
        "q_text": "0, 0.3, -0.27\n-0.89, -0.45, -0.99",
        "k_text": "0.06, 1.34, -0.49\n-0.62, 0.49, 0.36\n0.11, -0.93, -0.03",
        "v_text": "0.7, -1.34, -0.46\n-1.9, -1.29, -1.84\n-0.24, -1.27, 0.27",
    },
}


def settle(qtbot, window):
    qtbot.waitUntil(lambda: window.bridge.idle and not any(view.busy for view in window.views), timeout=120_000)


def state_classes():
    from app.views import view_classes

    return {cls.view_id: cls.State for cls in view_classes()}


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def assert_same_table(got, expected, where):
    """Cell by cell; numbers within 1e-5 (relative; NaN where NaN was written), text exactly.

    The recorded tables come from float32 models: another CPU's vector kernels (AVX-512 against
    AVX2) round their sums differently, by 4.9e-7 relative measured on an AVX-512 Xeon (a cross-
    attention weight 0.0047131726 against the recorded 0.0047131749).  A value restored from
    the wrong field (another head, layer, row or step) differs by far more than 1e-5."""
    assert len(got) == len(expected), where
    for row_got, row_expected in zip(got, expected):
        assert len(row_got) == len(row_expected), (where, row_expected[:2])
        for a, b in zip(row_got, row_expected):
            try:
                x, y = float(a), float(b)
            except ValueError:
                assert a == b, (where, row_expected[:2])
                continue
            same = math.isclose(x, y, rel_tol=1e-5, abs_tol=1e-12) or (math.isnan(x) and math.isnan(y))
            assert same, (where, row_expected[:2], a, b)


def test_every_field_of_a_format_1_session_is_read_by_name():
    """Without a window: the widget paths become exactly the fields written out above."""
    views, current = load_session(DATA / "session-v1.json")
    assert current == "beam"
    classes = state_classes()
    for view_id, expected in EXPECTED.items():
        state, problems = read_state(classes[view_id], views[view_id])
        assert problems == [], view_id
        assert state.values() == {**classes[view_id]().values(), **expected}, view_id
        # every field of the view is off its default, so a value left behind would show
        defaults = classes[view_id]()
        unchanged = [name for name in state.field_names() if getattr(state, name) == getattr(defaults, name)]
        # (format 1 predates the attention view's colour scale and the beam node tab's pane choice:
        # they open at their defaults)
        unchanged_expected = {"beam": ["node_attention", "whatif_in_tree", "node_pane"], "attention": ["colour_scale"]}
        assert unchanged == unchanged_expected.get(view_id, []), view_id


def test_a_format_1_lecture_has_one_scene_per_view_with_the_same_fields():
    scenes = load_lecture(DATA / "lecture-v1.json")
    classes = state_classes()
    assert [scene.view for scene in scenes] == list(EXPECTED)
    for scene in scenes:
        state, problems = read_state(classes[scene.view], scene.state)
        assert problems == [] and state.values() == {**classes[scene.view]().values(), **EXPECTED[scene.view]}
    assert scenes[0].caption == "Attention: 简九月要访问非洲"


def _fields(window):
    return {view.view_id: view.view_state.values() for view in window.views}


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_a_format_1_session_opens_with_every_value_in_place_and_the_same_pictures(qtbot, main_window, tmp_path):
    """Then saved in format 2 and opened in a fresh window: every field of every view again."""
    settle(qtbot, main_window)
    main_window.sessions.open(DATA / "session-v1.json")
    settle(qtbot, main_window)
    assert main_window.current_view().view_id == "beam"
    # a view added since format 1 (not in the file) keeps its defaults
    assert _fields(main_window) == {view.view_id: {**view.State().values(), **EXPECTED.get(view.view_id, {})}
                                    for view in main_window.views}
    # what the widgets show, for a few that a view keeps elsewhere too
    attention, beam = main_window.view("attention"), main_window.view("beam")
    assert attention.controls.head_box.currentText() == "Head 3" and attention.heatmap.selected_row == 3
    assert attention.controls.kind_box.currentData() == "decoder_self" and attention.side.currentIndex() == 1
    assert beam.revealed_steps == 3 and beam.inspection.prefix_ids == (5, 13)
    assert beam.whatif_panel.force_box.currentText().startswith("7 ")
    for view in map(main_window.view, EXPECTED):  # the views whose CSV was exported in format 1
        main_window.show_view(view.view_id)
        settle(qtbot, main_window)
        out = tmp_path / f"{view.view_id}.csv"
        view.export_csv(str(out))
        assert_same_table(read_csv(out), read_csv(DATA / f"{view.view_id}.csv"), view.view_id)

    path = main_window.sessions.save(tmp_path / "v2.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 2
    assert data["views"]["bleu"] == {"version": 1, "fields": {**main_window.view("bleu").State().values(),
                                                             **EXPECTED["bleu"]}}
    from app.main_window import MainWindow

    fresh = MainWindow(device="cpu")
    qtbot.addWidget(fresh)
    try:
        settle(qtbot, fresh)
        fresh.sessions.open(path)
        settle(qtbot, fresh)
        assert _fields(fresh) == _fields(main_window)
    finally:
        fresh.close()


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_unknown_fields_are_reported_and_missing_ones_take_their_defaults(qtbot, main_window, tmp_path):
    settle(qtbot, main_window)
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"format": "attention-lab-session", "version": 2, "views": {
        "bleu": {"version": 1, "fields": {"candidate": "a b c", "colour": "red", "max_n": "four"}},
        "nowhere": {"version": 1, "fields": {}}}}), encoding="utf-8")
    problems = main_window.sessions.apply(*load_session(path))
    assert any("'colour'" in p for p in problems) and any("'max_n'" in p for p in problems)
    assert any("'nowhere'" in p for p in problems)
    assert "colour" in main_window.statusBar().currentMessage()
    bleu = main_window.view("bleu")
    assert bleu.view_state.candidate == "a b c" and bleu.controls.candidate.text() == "a b c"
    assert bleu.view_state.max_n == 4 and bleu.controls.max_n_spin.value() == 4  # the default


def test_a_state_that_gained_a_field_still_opens_old_files(tmp_path):
    """A later version adds a defaulted field: a file saved before it (v2 here, and format 1)
    loads with the old fields in place and the new one at its default, reported as nothing."""
    from app.views.bleu.state import BleuState

    @dataclass
    class LaterBleuState(BleuState):
        brevity_penalty: bool = True

    old = BleuState(candidate="a cat", max_n=2).saved()
    state, problems = LaterBleuState.from_saved(json.loads(json.dumps(old)))
    assert problems == [] and state.candidate == "a cat" and state.max_n == 2 and state.brevity_penalty is True
    views, _ = load_session(DATA / "session-v1.json")
    state, problems = read_state(LaterBleuState, views["bleu"])
    assert problems == [] and state.smoothing == "floor" and state.brevity_penalty is True


def test_a_renamed_field_is_carried_over_by_its_migration():
    from app.views.bleu.state import BleuState

    @dataclass
    class RenamedBleuState(BleuState):
        VERSION = 2
        MIGRATIONS = {1: lambda fields: {("hypothesis" if k == "candidate" else k): v for k, v in fields.items()}}
        hypothesis: str = ""

    state, problems = RenamedBleuState.from_saved({"version": 1, "fields": {"candidate": "the cat"}})
    assert problems == [] and state.hypothesis == "the cat"
    state, problems = RenamedBleuState.from_saved({"version": 3, "fields": {}})
    assert problems and "newer" in problems[0]


def test_a_view_entry_that_is_not_a_state_is_refused():
    from app.views.bleu.state import BleuState

    with pytest.raises(SessionError):
        read_state(BleuState, {"widgets": [1, 2]})
    state, problems = read_state(BleuState, {"version": "x", "fields": {}})
    assert problems and state == BleuState()


@pytest.mark.parametrize("name", ["session-v1.json", "lecture-v1.json", "v2"])
def test_print_state_prints_every_views_fields_without_a_window(tmp_path, name):
    """`main.py --session FILE --print-state`: JSON on stdout, exit 0.  The platform plugin named
    does not exist: a QApplication (which any window needs) would abort the process."""
    import os
    import subprocess
    import sys

    from app.session import save_session

    root = Path(__file__).resolve().parents[2]
    if name == "v2":
        classes = state_classes()
        path = save_session(tmp_path / "v2.json", {view_id: classes[view_id].from_fields(fields)[0].saved()
                                                   for view_id, fields in EXPECTED.items()}, "bleu")
    else:
        path = DATA / name
    env = {**os.environ, "QT_QPA_PLATFORM": "no-such-platform", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "main.py", "--session", str(path), "--print-state"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    defaults = {view_id: cls().values() for view_id, cls in state_classes().items()}
    if name.startswith("lecture"):
        assert [scene["view"] for scene in report["scenes"]] == list(EXPECTED)
        for scene in report["scenes"]:
            assert scene["fields"] == {**defaults[scene["view"]], **EXPECTED[scene["view"]]}
    else:
        assert report["current_view"] == ("beam" if name.startswith("session") else "bleu")
        assert report["views"] == {view_id: {**defaults[view_id], **fields} for view_id, fields in EXPECTED.items()}
    assert proc.stderr == ""


def test_print_state_refuses_a_file_that_is_not_a_session(tmp_path):
    import os
    import subprocess
    import sys

    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "main.py", "--session", str(bad), "--print-state"],
                          cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "not an Attention Lab session file" in proc.stderr and proc.stdout == ""
