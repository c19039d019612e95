"""Every view's main action without the mouse: only qtbot.keyClick / keyClicks, starting from the
navigation list.  Tab must reach the view's main input (the focus chain), typing must produce
the matching result, arrow keys must move spin boxes, and the beam view's step keys must step."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.slow  # every test builds the whole window (about 1.5 s of CPU each)

MAX_TABS = 40


def _tab_to(qtbot, window, target) -> int:
    """Press Tab (from the navigation list) until `target` has the focus; the number of presses."""
    window.navigation.setFocus()
    for presses in range(1, MAX_TABS + 1):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        if QApplication.focusWidget() is target:
            return presses
    raise AssertionError(f"Tab never reached {type(target).__name__} ({MAX_TABS} presses)")


def _show(qtbot, window, number: int, view_id: str):
    """Ctrl+<number> (View menu) switches to the view."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.ControlModifier)
    view = window.current_view()
    assert view.view_id == view_id
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=60000)
    return view


def _retype(qtbot, widget, text: str) -> None:
    qtbot.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(widget, Qt.Key.Key_Delete)
    qtbot.keyClicks(widget, text)


def _number(window, view_id):
    return [v.view_id for v in window.views].index(view_id) + 1


def test_attention_typed_input_is_drawn(qtbot, main_window):
    view = _show(qtbot, main_window, _number(main_window, "attention"), "attention")
    _tab_to(qtbot, main_window, view.controls.input)
    _retype(qtbot, view.controls.input, "4 Nov 1988")
    qtbot.waitUntil(lambda: view.result is not None and view.result.source_text == "4 Nov 1988"
                    and not view.busy, timeout=60000)
    assert view.result.output_text == "1988-11-04"


def test_beam_input_and_step_keys(qtbot, main_window):
    view = _show(qtbot, main_window, _number(main_window, "beam"), "beam")
    _tab_to(qtbot, main_window, view.controls.input)
    _retype(qtbot, view.controls.input, "12 May 2001")
    qtbot.waitUntil(lambda: view.shown is not None and view.shown.text == "12 May 2001" and not view.busy,
                    timeout=60000)
    _tab_to(qtbot, main_window, view.tree)
    steps = view.tree.revealed_steps
    qtbot.keyClick(view.tree, Qt.Key.Key_Left)  # Back
    assert view.tree.revealed_steps == steps - 1
    qtbot.keyClick(view.tree, Qt.Key.Key_Right)  # Next
    assert view.tree.revealed_steps == steps
    qtbot.keyClick(view.tree, Qt.Key.Key_Left)
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)  # Play
    assert view.playing
    qtbot.waitUntil(lambda: view.tree.revealed_steps == steps, timeout=30000)


def test_positional_spin_box_follows_the_arrow_keys(qtbot, main_window):
    view = _show(qtbot, main_window, _number(main_window, "positional"), "positional")
    spin = view.controls.d_model_spin
    _tab_to(qtbot, main_window, spin)
    before = view.analysis.d_model
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.waitUntil(lambda: view.analysis.d_model == spin.value() != before and not view.busy, timeout=30000)


def test_entropy_distribution_typed(qtbot, main_window):
    view = _show(qtbot, main_window, _number(main_window, "entropy"), "entropy")
    edit = view.inputs.p_edit
    _tab_to(qtbot, main_window, edit)
    _retype(qtbot, edit, "a: 0.5, b: 0.5")
    _tab_to(qtbot, main_window, view.inputs.q_edit)  # Q is optional: without it P stands alone
    qtbot.keyClick(view.inputs.q_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(view.inputs.q_edit, Qt.Key.Key_Delete)
    # H of a fair coin is exactly 1 bit
    qtbot.waitUntil(lambda: view.analysis is not None and {"a", "b"} <= set(view.analysis.labels)
                    and not view.busy, timeout=30000)
    assert abs(float(view.analysis.entropy_p) - 1.0) < 1e-12


def test_bleu_candidate_typed(qtbot, main_window):
    view = _show(qtbot, main_window, _number(main_window, "bleu"), "bleu")
    _tab_to(qtbot, main_window, view.controls.candidate)
    _retype(qtbot, view.controls.candidate, "the cat is on the mat")
    # identical to the first reference: sentence BLEU is 100
    qtbot.waitUntil(lambda: view.controls.candidate.text() == "the cat is on the mat" and view.ready()
                    and not view.busy and abs(view.loop.value.result.score - 100.0) < 1e-9, timeout=30000)


def test_playground_query_typed(qtbot, main_window):
    view = _show(qtbot, main_window, _number(main_window, "playground"), "playground")
    target = view.main_input()
    _tab_to(qtbot, main_window, target)
    _retype(qtbot, target, "0, 0, 9")
    qtbot.waitUntil(lambda: target.text() == "0, 0, 9" and not view.busy, timeout=30000)
    assert not view.message.is_error


@pytest.mark.parametrize("keys", ["Ctrl+E", "Ctrl+Shift+C", "F11", "PgDown", "PgUp", "Ctrl+1"])
def test_shortcuts_are_listed_in_help(main_window, keys):
    from PySide6.QtGui import QKeySequence

    native = QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)
    assert native in [k for k, _ in main_window.shortcut_list()]


def test_f11_presents_without_navigation_export_buttons_and_lecture_panel_and_back(qtbot, main_window):
    from app.export import ExportButton

    main_window.lecture_panel.show()
    buttons = main_window.current_view().findChildren(ExportButton)
    main_window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main_window, timeout=5000)
    qtbot.keyClick(main_window, Qt.Key.Key_F11)
    assert main_window.presenting and main_window.isFullScreen()
    assert not main_window.navigation.isVisible() and not main_window.statusBar().isVisible()
    assert not main_window.lecture_panel.isVisible() and not any(b.isVisible() for b in buttons)
    # README: the menu bar and the explanation go too, and the shortcuts keep working without them
    assert not main_window.menuBar().isVisible()
    assert not main_window.current_view().explanation_box.isVisible()
    qtbot.keyClick(main_window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert main_window.current_view() is main_window.views[1]
    assert not main_window.current_view().explanation_box.isVisible()
    qtbot.keyClick(main_window, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(main_window, Qt.Key.Key_F11)
    assert not main_window.presenting and not main_window.isFullScreen()
    assert main_window.navigation.isVisible() and main_window.lecture_panel.isVisible()
    assert main_window.menuBar().isVisible() and main_window.current_view().explanation_box.isVisible()
    assert all(b.isVisible() for b in buttons)
