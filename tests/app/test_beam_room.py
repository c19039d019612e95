"""What the beam view's controls and outcome take above the tree at large text (issue 23): in
Chinese at 22 pt beside the lecture panel (a 1,044 px row) three lines of step controls and two
of outcome left the tree 38.7 % of the window's rest.  From 20 pt Start, End and the zoom fold
behind "More ▾" (the step bar takes two lines there) and the outcome is one paragraph, the
output written once where beam and greedy agree.  Nothing is lost: the popup and the keys
reach every folded button, and at normal text each is back in its place.

The searches come from the real date model, run once for the module, and are handed to the
view directly (no worker)."""
from __future__ import annotations

import dataclasses
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_beam_framing import make_shown, searches  # noqa: F401  (fixtures)
from test_side_toggle import text_size  # noqa: F401  (fixture: a text size, restored after)

from app.widgets.settings_popup import FOLD_FROM_POINTS


def row_widgets(bar) -> list:
    return [bar.row.itemAt(i).widget() for i in range(bar.row.count())]


def lines_of(bar) -> int:
    """How many lines the step bar's row uses: the distinct tops of its shown widgets' lines."""
    shown = [w for w in row_widgets(bar) if w is not None and w.isVisible()]
    tops = sorted(w.geometry().top() for w in shown)
    lines = 1
    for above, below in zip(tops, tops[1:]):
        if below - above > bar.fontMetrics().height() // 2:  # items are centred in their line
            lines += 1
    return lines


def plain(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "", html_text).replace("&nbsp;", " ")


def test_start_end_and_zoom_fold_behind_more_and_the_keys_and_popup_reach_them(qtbot, make_shown, searches,
                                                                               text_size):
    """22 pt: Start, End, −, Fit and + are not on the page, More is; Space on More opens them side
    by side with the focus on Start (Tab reaches them there), Space on Start goes back to step
    0, Esc gives the focus back to More; Home and End on the tree do what Start and End do.
    11 pt: each is back where it was in the row and takes no focus, More hidden."""
    text_size(22)
    view = make_shown(searches[5], size=(1272, 580))
    bar, total = view.step_bar, searches[5].result.steps_run
    folded = (bar.first_button, bar.last_button, bar.zoom_out_button, bar.fit_button, bar.zoom_in_button)
    more = bar.more_button
    assert more.isVisible() and not any(view.isAncestorOf(w) for w in folded)
    assert view.revealed_steps == total

    more.setFocus()
    qtbot.keyClick(more, Qt.Key.Key_Space)
    popup = more.popup
    qtbot.waitUntil(popup.isVisible)
    assert all(w.isVisible() and popup.isAncestorOf(w) for w in folded)
    assert len({w.geometry().center().y() for w in folded}) == 1  # side by side
    assert QApplication.focusWidget() is bar.first_button
    qtbot.keyClick(bar.first_button, Qt.Key.Key_Tab)  # End is disabled at the last step: skipped
    assert QApplication.focusWidget() is bar.zoom_out_button
    qtbot.keyClick(bar.zoom_out_button, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is bar.fit_button
    bar.first_button.setFocus()
    qtbot.keyClick(bar.first_button, Qt.Key.Key_Space)
    assert view.revealed_steps == 0
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not popup.isVisible())
    assert QApplication.focusWidget() is more

    view.tree.setFocus()
    qtbot.keyClick(view.tree, Qt.Key.Key_End)
    assert view.revealed_steps == total
    qtbot.keyClick(view.tree, Qt.Key.Key_Home)
    assert view.revealed_steps == 0

    text_size(11)
    view.apply_zoom()
    assert not more.isVisible()
    row = row_widgets(bar)
    i = row.index
    assert i(bar.first_button) + 1 == i(bar.back_button)
    assert i(bar.last_button) == i(bar.forward_button) + 1
    assert [i(bar.zoom_out_button) + 1, i(bar.zoom_out_button) + 2] == [i(bar.fit_button), i(bar.zoom_in_button)]
    assert i(bar.zoom_in_button) + 1 == i(bar.left_out_label)
    assert all(w.focusPolicy() == Qt.FocusPolicy.NoFocus for w in folded)
    qtbot.waitUntil(lambda: all(w.isVisible() for w in folded))


def test_in_chinese_at_22_pt_a_1044_px_step_bar_takes_two_lines(qtbot, make_shown, searches, text_size):
    """The width the lecture panel leaves the beam view at 22 pt: the step buttons, the counter,
    More, Export and Details on one line, the legend and Settings on the other (three lines
    with Start, End and the zoom in the row)."""
    from app import i18n

    text_size(22)
    i18n.install("zh")
    try:
        view = make_shown(searches[5], size=(1044 + 16, 580))  # the view's margins around a 1,044 px row
        bar = view.step_bar
        qtbot.waitUntil(lambda: bar.width() <= 1044 and bar.height() > 0)
        assert bar.more_button.isVisible()
        assert lines_of(bar) == 2
    finally:
        i18n.install("en")


def test_the_outcome_is_one_paragraph_with_an_agreeing_output_written_once(qtbot, make_shown, searches, text_size):
    """Beam and greedy agree on "4 Nov 1988": one output, its log P and score once, no line break,
    one line across the tree at 22 pt.  Where they differ (the greedy output replaced by the
    second hypothesis) both are written with their figures and the verdict, in one paragraph
    that the width alone wraps."""
    from app import style

    text_size(22)
    search = searches[5]
    assert search.best.token_ids == search.greedy.token_ids
    view = make_shown(search, size=(1272, 580))
    outcome = view.output_label
    text = plain(outcome.text())
    best = search.best
    assert "<br>" not in outcome.text()
    assert text == (f"Beam (B=5) and greedy agree: {best.text} "
                    f"log P {style.fixed(best.logprob)} · score {style.fixed(best.score)}")
    qtbot.waitUntil(lambda: outcome.height() >= outcome.heightForWidth(outcome.width()))
    assert outcome.height() < 2 * outcome.fontMetrics().lineSpacing()

    other = search.hypotheses[1]
    assert other.token_ids != best.token_ids
    differing = dataclasses.replace(search, greedy=other)
    view.show_analysis(differing)
    text = plain(outcome.text())
    assert "<br>" not in outcome.text()
    assert text.startswith(f"Beam (B=5): {best.text} log P {style.fixed(best.logprob)} · "
                           f"score {style.fixed(best.score)}")
    assert (f"Greedy: {other.text} log P {style.fixed(other.logprob)} · score {style.fixed(other.score)}"
            in text)
    assert text.endswith("different: greedy commits to one token at a time")


@pytest.mark.parametrize("points", [11, int(FOLD_FROM_POINTS) - 2])
def test_below_the_fold_the_step_bar_keeps_start_end_and_the_zoom(qtbot, make_shown, searches, text_size, points):
    text_size(points)
    view = make_shown(searches[5])
    bar = view.step_bar
    assert not bar.more_button.isVisible()
    assert all(w.isVisible() and bar.isAncestorOf(w) for w in
               (bar.first_button, bar.last_button, bar.zoom_out_button, bar.fit_button, bar.zoom_in_button))
