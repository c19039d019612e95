"""The lecture panel's scene names at 22 pt (issue 23, deliverable 1: no text clipped): a name
wraps between words within the list's width, a word too wide for it is elided with "…", and the
item's tooltip gives the whole name.  "Attention playground: …" was cut mid-word ("Attention
playgroun") under a horizontal scroll bar."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QMainWindow, QStyle, QStyleOptionViewItem

#: the captions of the scenes the lecture-panel test in test_layout_fit.py captures (its longest),
#: as the main window writes them in each language
CAPTIONS = {
    "en": ("Attention: Friday 26, March 2021", "Beam search: 4 Nov 1988", "Attention playground: query (1, 0, 0)"),
    "zh": ("注意力: Friday 26, March 2021", "束搜索: 4 Nov 1988", "注意力演练场: 查询（1, 0, 0）"),
}


@pytest.fixture(params=["en", "zh"])
def panel_at_22_pt(qtbot, request):
    from app.lecture_panel import LecturePanel
    from app.session import Scene

    font = QApplication.font()
    bigger = QFont(font)
    bigger.setPointSizeF(22)
    QApplication.setFont(bigger)
    window = QMainWindow()
    window.setCentralWidget(QMainWindow())
    panel = LecturePanel(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
    qtbot.addWidget(window)
    captions = CAPTIONS[request.param]
    panel.set_scenes([Scene(view, caption) for view, caption in zip(("attention", "beam", "playground"), captions)])
    window.resize(1280, 680)  # a 1280×720 projector's work area
    window.show()
    qtbot.waitExposed(window)
    # fit_width, queued after the font change: as wide as the captions need, at most 16 % of the window
    qtbot.waitUntil(lambda: abs(panel.width() - min(panel.preferred_width(), int(0.16 * 1280))) <= 2)
    yield panel, captions, request.param
    QApplication.setFont(font)


def drawn_lines(panel, row: int) -> tuple[list[str], QStyleOptionViewItem]:
    """The lines the list paints for `row` (the style breaks at U+2028), and the style option it paints with."""
    view = panel.list
    index = view.model().index(row, 0)
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    option.rect = view.visualRect(index)
    option.font = view.font()
    option.fontMetrics = view.fontMetrics()
    view.itemDelegate().initStyleOption(option, index)
    return option.text.replace("\n", "\u2028").split("\u2028"), option


def test_scene_names_wrap_within_the_list_and_elide_only_words_too_wide(panel_at_22_pt, qtbot):
    """At the width the panel takes and at its least (its widest button: the main window gave it
    187 px in English, where "playground:" needs more than the list's 153)."""
    panel, captions, language = panel_at_22_pt
    elided = names_drawn_elided(panel, captions)
    window, least = panel.parentWidget(), panel.minimumSizeHint().width()
    window.resizeDocks([panel], [least], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: panel.width() <= least + 2)
    elided += names_drawn_elided(panel, captions)
    if language == "en":  # the case this guards: at 22 pt "playground:" is wider than the list
        assert elided and all(line.startswith("playg") for line in elided), elided
    else:  # Chinese wraps between characters: nothing to elide
        assert not elided, elided


def names_drawn_elided(panel, captions) -> list[str]:
    """Checks the scene names as drawn; returns the lines drawn elided."""
    view = panel.list
    assert view.horizontalScrollBar().maximum() == 0
    width = view.viewport().width()
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    elided = []
    for row, caption in enumerate(captions):
        item = view.item(row)
        rect = view.visualItemRect(item)
        assert 0 <= rect.left() and rect.right() < width, (caption, rect, width)  # no item wider than the list
        assert caption in item.toolTip()  # the whole name, where the list elides a word of it
        assert item.text() == caption  # what the lecturer edits is the whole caption
        lines, option = drawn_lines(panel, row)
        metrics, room = option.fontMetrics, rect.width() - 2 * margin
        rest = caption
        for line in lines:
            assert metrics.horizontalAdvance(line) <= room, (line, room)
            rest = rest.lstrip()
            if rest.startswith(line):  # the caption's text in order, nothing left out
                rest = rest[len(line):]
                continue
            # elided: the start of one word wider than the list (a wrap breaks at spaces only in
            # English), and "…"
            assert line.endswith("…") and rest.startswith(line[:-1]), (line, rest)
            word = rest.split(" ")[0]
            assert metrics.horizontalAdvance(word) > room, (word, room)
            elided.append(line)
            rest = rest[len(word):]
        assert rest == "", (caption, lines)
        assert rect.height() >= len(lines) * metrics.lineSpacing(), (caption, rect.height(), lines)
    return elided
