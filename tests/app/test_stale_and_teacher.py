"""Out-of-date pictures are visibly greyed, plots and tables included, and a forced target the
model cannot write is refused with a message naming the characters (issue 9)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractItemView, QGraphicsView

from app.widgets.stale_veil import StaleVeil
from engine import load_model


@pytest.fixture
def view(make_view):
    return make_view("attention", size=(1280, 640))


def rgb(image, point: QPoint) -> np.ndarray:
    colour = image.pixelColor(point)
    return np.array([colour.red(), colour.green(), colour.blue()], dtype=float)


def viewports(widget):
    """The viewports an opacity effect on `widget` did not grey: graphics and item views'."""
    views = widget.findChildren(QGraphicsView) + widget.findChildren(QAbstractItemView)
    return [w.viewport() for w in views if w.isVisible()]


def test_the_stale_veil_covers_every_plot_and_table_and_pales_the_pixels(qtbot, view):
    fresh = view.grab().toImage()
    covered = [w for w in view.stale_widgets() for w in viewports(w)] + [view.output]
    assert covered, "the attention view shows its heatmap in a graphics view"
    points = [w.mapTo(view, w.rect().center()) for w in covered]
    view.set_stale(True)
    qtbot.waitUntil(lambda: view.stale and any(v.isVisible() for v in view.findChildren(StaleVeil)), timeout=5000)
    veils = [v for v in view.findChildren(StaleVeil) if v.isVisible()]
    for widget in covered:
        rect = widget.rect().translated(widget.mapTo(view, QPoint(0, 0)))
        assert any(QRect(v.mapTo(view, QPoint(0, 0)), v.size()).contains(rect) for v in veils), \
            f"{type(widget).__name__} is not covered"
    stale = view.grab().toImage()
    alpha = StaleVeil.ALPHA / 255
    for point in points:  # white laid over the picture at the veil's alpha (computed here)
        expected = rgb(fresh, point) * (1 - alpha) + 255 * alpha
        assert np.abs(rgb(stale, point) - expected).max() <= 3, point
    view.set_stale(False)
    qtbot.waitUntil(lambda: not view.stale and not any(v.isVisible() for v in view.findChildren(StaleVeil)),
                    timeout=5000)
    back = view.grab().toImage()
    assert all(np.array_equal(rgb(back, p), rgb(fresh, p)) for p in points)


def test_the_veil_follows_the_content_when_the_window_is_resized(qtbot, view):
    view.set_stale(True)
    view.resize(1500, 900)
    qtbot.waitUntil(lambda: view.content.width() > 1300, timeout=5000)
    veil = next(v for v in view.findChildren(StaleVeil) if v.target is view.content)
    assert QRect(veil.mapTo(view, QPoint(0, 0)), veil.size()) == \
        QRect(view.content.mapTo(view, QPoint(0, 0)), view.content.size())


def test_a_target_with_characters_the_model_never_writes_is_refused_by_name(qtbot, view):
    good = view.result
    view.controls.teacher_check.setChecked(True)
    view.controls.teacher_input.setText("hello world")
    qtbot.waitUntil(lambda: view.message.isVisible() and view.message.is_error and not view.busy, timeout=20000)
    text = view.message.text()
    vocabulary = set(load_model(view.model_name, device="cpu").target_tokenizer.stoi)
    unknown = sorted(set("hello world") - vocabulary)
    assert unknown, "the date model writes digits and '-' only"
    for ch in unknown:
        assert repr(ch) in text
    assert "never writes" in text
    assert view.result is good and view.stale  # the last good picture stays, greyed
    assert "⟨unk⟩" not in view.output.text() and "unk" not in "".join(view.result.target_tokens)
    view.controls.teacher_input.setText("2021-03-26")
    qtbot.waitUntil(lambda: view.result is not good and not view.busy, timeout=20000)
    assert not view.stale and not view.message.is_error
    assert view.result.output_text == "2021-03-26"


def test_a_long_typed_word_in_the_message_does_not_widen_the_window(qtbot, view):
    """A wrapped label asks for its longest word as its minimum width: the word model quotes an
    unknown target word whole, and a 5,000-letter one made the soak's window 107,000 pixels wide."""
    index = view.controls.model_box.findText("zh-en-toy")
    if index < 0:
        pytest.skip("the word model is not installed")
    size = view.size()
    view.controls.model_box.setCurrentIndex(index)
    qtbot.waitUntil(lambda: not view.busy, timeout=30000)
    view.controls.teacher_check.setChecked(True)
    word = "é" * 3000
    view.controls.teacher_input.setText(word)
    qtbot.waitUntil(lambda: view.message.is_error and not view.busy, timeout=20000)
    assert word in view.message.text()  # all of it is there; on screen it is cut at the edge
    qtbot.wait(20)  # the layout's answer to the new text
    assert view.size() == size
    assert view.minimumSizeHint().width() <= size.width()


def test_switching_the_model_drops_the_forced_target(qtbot, view):
    """Issue 23: the date target "2021-03-27" stayed forced after switching to zh-en-toy."""
    index = view.controls.model_box.findText("zh-en-toy")
    if index < 0:
        pytest.skip("the word model is not installed")
    view.controls.teacher_check.setChecked(True)
    view.controls.teacher_input.setText("2021-03-27")
    qtbot.waitUntil(lambda: view.result.teacher_forced and not view.busy, timeout=20000)
    view.controls.model_box.setCurrentIndex(index)
    qtbot.waitUntil(lambda: view.loop.request.model == "zh-en-toy" and not view.busy, timeout=30000)
    assert view.loop.request.target is None
    assert view.controls.teacher_input.text() == ""
    assert not view.controls.teacher_check.isChecked()
    assert not view.result.teacher_forced and "2021" not in "".join(view.result.target_tokens)
    assert "2021-03-27" not in view.message.text()


def test_a_restored_scene_keeps_its_own_model_and_target(qtbot, view):
    """The switch of model that a restored scene makes is not the user's: its target stays."""
    index = view.controls.model_box.findText("zh-en-toy")
    if index < 0:
        pytest.skip("the word model is not installed")
    scene = type(view.view_state)()
    scene.model, scene.text, scene.teacher_forcing, scene.target = "zh-en-toy", "我 爱 你", True, "i love you"
    view.apply_state(scene)
    qtbot.waitUntil(lambda: view.loop.request.model == "zh-en-toy" and not view.busy, timeout=30000)
    assert view.loop.request.target == "i love you"
    assert view.controls.teacher_input.text() == "i love you" and view.controls.teacher_check.isChecked()


def _reachable_and_needed(message) -> tuple[int, int]:
    """(the pixels of text the message line shows or lets the user scroll to, the pixels its
    text needs wrapped at the width it has: measured with a QTextDocument of its font)."""
    from PySide6.QtGui import QTextDocument

    label = getattr(message, "label", message)
    area = message.viewport() if hasattr(message, "viewport") else message
    scroll = message.verticalScrollBar().maximum() if hasattr(message, "verticalScrollBar") else 0
    document = QTextDocument()
    document.setDefaultFont(label.font())
    document.setDocumentMargin(0)
    document.setPlainText(label.text())
    document.setTextWidth(label.contentsRect().width())
    return area.height() + scroll, int(document.size().height())


@pytest.mark.parametrize("words", [12, 200])
def test_an_error_message_is_shown_whole(qtbot, view, words):
    """Issue 23: an error was cut after two lines ("(The"); now it wraps fully and scrolls when it
    is longer than the line's MAX_LINES, without growing the window.  The word model quotes each
    word of a target it does not know."""
    index = view.controls.model_box.findText("zh-en-toy")
    if index < 0:
        pytest.skip("the word model is not installed")
    view.controls.model_box.setCurrentIndex(index)
    qtbot.waitUntil(lambda: view.loop.request.model == "zh-en-toy" and not view.busy, timeout=30000)
    size = view.size()
    view.controls.teacher_check.setChecked(True)
    view.controls.teacher_input.setText(" ".join(f"unknownword{i}" for i in range(words)))
    qtbot.waitUntil(lambda: view.message.is_error and not view.busy, timeout=20000)
    qtbot.wait(50)  # the layout's answer to the new text
    message = view.message
    assert message.text().endswith("(The picture shows the last valid input.)")
    reachable, needed = _reachable_and_needed(message)
    assert reachable >= needed - 1, (reachable, needed)
    assert view.size() == size
