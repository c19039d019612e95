"""Sessions, lecture scenes, copy picture, presentation mode and the start-up options."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from app.session import SessionError, load_session

pytestmark = pytest.mark.slow  # every test builds the whole window (about 1.5 s of CPU each)

ROOT = Path(__file__).resolve().parents[2]


def _wait_ready(qtbot, window):
    qtbot.waitUntil(lambda: all(v.ready() and not v.busy for v in window.views if v.view_id == "attention"),
                    timeout=60000)


def _changed_values(window):
    """Give every view's line edits, spin boxes and check boxes a value that differs from the
    default, as a student would by hand; returns {view id: {field: value}} of the fields that
    changed (the bindings carry each edit into the view's state)."""
    from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QComboBox, QLineEdit, QWidget

    expected = {}
    for view in window.views:
        before = view.view_state.values()
        for widget in view.findChildren(QWidget):
            if not widget.isEnabled() or isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
                continue
            if isinstance(widget, QLineEdit) and widget.text() and not widget.isReadOnly():
                widget.setText(widget.text() + "1")
            elif isinstance(widget, QCheckBox):
                widget.setChecked(not widget.isChecked())
            elif isinstance(widget, QAbstractSpinBox) and hasattr(widget, "value") and widget.value() < widget.maximum():
                widget.stepUp()
        after = view.view_state.values()
        expected[view.view_id] = {name: value for name, value in after.items() if value != before[name]}
    return expected


def test_save_then_open_round_trips_every_views_inputs(qtbot, main_window, tmp_path):
    _wait_ready(qtbot, main_window)
    expected = _changed_values(main_window)
    assert all(len(v) >= 2 for v in expected.values()), expected  # every view contributes
    main_window.show_view("beam")
    path = main_window.sessions.save(tmp_path / "s.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "attention-lab-session" and data["version"] == 2
    assert data["current_view"] == "beam"

    from app.main_window import MainWindow

    fresh = MainWindow(device="cpu")
    qtbot.addWidget(fresh)
    try:
        fresh.sessions.open(path)
        assert fresh.current_view().view_id == "beam"
        for view in fresh.views:
            values = view.view_state.values()
            for name, value in expected[view.view_id].items():
                assert values[name] == value, (view.view_id, name)
    finally:
        fresh.close()


@pytest.mark.parametrize("content, words", [
    ("{not json", "not valid JSON"),
    ('{"format": "something-else", "version": 1}', "not an Attention Lab"),
    ('{"format": "attention-lab-session", "version": 99, "views": {}}', "newer Attention Lab"),
    ('{"format": "attention-lab-session", "version": 1, "views": {"attention": 5}}', "must map view ids"),
    ('{"format": "attention-lab-session", "version": 2, "views": {"bleu": {"widgets": 5}}}', "must be an object"),
])
def test_a_bad_session_file_is_refused_and_changes_nothing(qtbot, main_window, tmp_path, content, words):
    _wait_ready(qtbot, main_window)
    attention = main_window.view("attention")
    attention.controls.input.setText("4 Nov 1988")
    before = {v.view_id: json.dumps(__import__("app.session").session.capture_view(v), sort_keys=True)
              for v in main_window.views}
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SessionError, match=words):
        main_window.sessions.open(path)
    after = {v.view_id: json.dumps(__import__("app.session").session.capture_view(v), sort_keys=True)
             for v in main_window.views}
    assert after == before


def test_a_lecture_is_captured_reordered_and_stepped_with_page_down(qtbot, main_window):
    _wait_ready(qtbot, main_window)
    attention = main_window.view("attention")
    main_window.show_view("attention")
    for text in ("4 Nov 1988", "26/03/2021", "1 January 2000"):
        attention.controls.input.setText(text)
        main_window.capture_scene()
    panel = main_window.lecture_panel
    assert [s.caption for s in panel.scenes] == ["Attention: 4 Nov 1988", "Attention: 26/03/2021",
                                                 "Attention: 1 January 2000"]
    panel.move(2, -1)
    assert [s.caption.split(": ")[1] for s in panel.scenes] == ["4 Nov 1988", "1 January 2000", "26/03/2021"]
    main_window.show_view("entropy")
    main_window.activateWindow()
    shown = []
    for _ in range(3):
        qtbot.keyClick(main_window, Qt.Key.Key_PageDown)
        shown.append(attention.controls.input.text())
    assert shown == ["4 Nov 1988", "1 January 2000", "26/03/2021"]
    assert main_window.current_view() is attention
    qtbot.keyClick(main_window, Qt.Key.Key_PageUp)
    assert attention.controls.input.text() == "1 January 2000"


def test_copy_picture_puts_the_current_plot_on_the_clipboard(qtbot, main_window):
    _wait_ready(qtbot, main_window)
    main_window.show_view("attention")
    QApplication.clipboard().clear()
    assert main_window.copy_picture()
    image = QApplication.clipboard().image()
    heatmap = main_window.view("attention").heatmap
    assert image.width() >= 2 * heatmap.width() - 2  # the heatmap at 2x with its caption
    assert image.height() > 2 * heatmap.height()


def test_presentation_mode_hides_the_navigation_and_comes_back(qtbot, main_window):
    assert main_window.navigation.isVisible()
    main_window.toggle_presentation(True)
    assert main_window.presenting and not main_window.navigation.isVisible()
    assert not main_window.statusBar().isVisible()
    main_window.toggle_presentation(False)
    assert main_window.navigation.isVisible() and main_window.statusBar().isVisible()


def test_every_shortcut_is_listed_in_help(qtbot, main_window):
    keys = dict(main_window.shortcut_list())
    assert "F11" in keys and "PgDown" in keys and "Ctrl+1" in keys and "Ctrl+Shift+C" in keys


def _run_main(args, tmp_path):
    # the tests' 1920×1080 offscreen screen (conftest), not offscreen's default 800×800: the window
    # is never larger than its screen, and these slides are checked to be wider than 800 px
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    return subprocess.run([sys.executable, "main.py", "--device", "cpu", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # starts the app in a subprocess
def test_text_and_model_render_exactly_that_for_a_slide(tmp_path):
    out = tmp_path / "slide.png"
    proc = _run_main(["--view", "attention", "--model", "date-rnn-attention", "--text", "4 Nov 1988",
                      "--screenshot", str(out)], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert QImage(str(out)).width() > 800


@pytest.mark.parametrize("args, words", [
    (["--model", "no-such-model"], "no model named 'no-such-model'"),
    (["--scene", "2"], "--scene needs --session"),
    (["--size", "big"], "--size expects"),
])
def test_a_bad_option_prints_one_line_and_exits_non_zero(tmp_path, args, words):
    proc = _run_main(["--view", "attention", *args, "--screenshot", str(tmp_path / "x.png")], tmp_path)
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.splitlines() if line.startswith("attention-lab:")]
    assert len(lines) == 1 and words in lines[0], proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr


@pytest.mark.slow  # starts the app in a subprocess
def test_a_lecture_scene_from_the_command_line(tmp_path):
    from app.session import Scene, save_lecture

    lecture = save_lecture(tmp_path / "lecture.json", [
        Scene("attention", "first", {"widgets": {}, "extra": {}}),
        Scene("entropy", "second", {"widgets": {}, "extra": {}}),
    ])
    out = tmp_path / "scene.png"
    proc = _run_main(["--session", str(lecture), "--scene", "2", "--screenshot", str(out)], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    proc = _run_main(["--session", str(lecture), "--scene", "3", "--screenshot", str(out)], tmp_path)
    assert proc.returncode == 2 and "the lecture has 2 scenes" in proc.stderr


def test_load_session_refuses_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SessionError):
        load_session(path)


def test_a_scene_with_an_invalid_p_makes_a_slide_of_its_message(tmp_path):
    """Issue 23: a restored scene shows what its inputs say; an invalid P is its message over no
    picture (not the view's previous one), and --screenshot takes that slide at once."""
    from app.session import Scene, save_lecture
    from app.views.entropy.state import EntropyState

    bad = EntropyState(p_text="sunny: lots", q_text="")
    lecture = save_lecture(tmp_path / "lecture.json", [Scene("entropy", "bad P", bad.saved())])
    out = tmp_path / "scene.png"
    proc = _run_main(["--session", str(lecture), "--scene", "1", "--screenshot", str(out), "--timeout", "120"],
                     tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert QImage(str(out)).width() > 800
