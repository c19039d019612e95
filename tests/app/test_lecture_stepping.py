"""Stepping through a lecture's scenes with PageDown / PageUp (app/lecture_panel.py), on the
panel alone: the scenes it asks for are recorded from its signal."""
from __future__ import annotations

import pytest

from app.lecture_panel import LecturePanel
from app.session import Scene


@pytest.fixture
def panel(qtbot):
    panel = LecturePanel()
    qtbot.addWidget(panel)
    panel.requested = []
    panel.scene_requested.connect(lambda scene: panel.requested.append(scene.caption))
    return panel


def _add(panel, *captions):
    for caption in captions:
        panel.add(Scene(view="attention", caption=caption))


def test_page_up_right_after_adding_scenes_steps_back_from_the_last_added(panel):
    _add(panel, "one", "two", "three")
    assert panel.previous()
    assert panel.requested == ["two"]
    assert panel.previous() and panel.requested == ["two", "one"]
    assert not panel.previous() and panel.requested == ["two", "one"]  # the first: nothing before it


def test_page_down_before_any_scene_is_presented_starts_at_the_first(panel):
    _add(panel, "one", "two")
    assert panel.next() and panel.requested == ["one"]
    assert panel.previous() is False  # from the presented first scene there is nothing before


def test_page_up_steps_back_from_the_presented_scene_not_the_last_added(panel):
    _add(panel, "one", "two", "three")
    panel.go_to(1)
    _add(panel, "four")
    assert panel.previous() and panel.requested == ["two", "one"]


def test_page_up_with_no_scene_does_nothing(panel):
    assert panel.previous() is False and panel.requested == []
