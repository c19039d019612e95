"""The side columns of the attention and beam views fold away at large text (issue 23: the main
plot keeps 40 % of a 1280×680 window), behind a button that opens them again: nothing is lost,
only moved (app/widgets/side_toggle.py)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolTip


@pytest.fixture
def text_size(qtbot):
    """Set the application's text size (View ▸ Larger text sets the same font); restored after."""
    original = QApplication.font()

    def set_size(points: int) -> None:
        font = QApplication.font()
        font.setPointSize(points)
        QApplication.setFont(font)

    yield set_size
    QApplication.setFont(original)


def test_attention_side_column_folds_at_22_pt_and_its_button_opens_it(qtbot, make_view, text_size):
    """At 22 pt the selected row and all heads are folded away and the heatmap takes the width;
    the button, shown beside Export, opens them; back at 11 pt they are open again, and a fold the
    user chooses at 11 pt stays through a redraw at that size.  While folded, hovering a cell
    shows its readout as a tool tip (its line under the side tabs is folded away too)."""
    text_size(22)
    view = make_view("attention", size=(1272, 580))
    button = view.side_toggle
    assert button.isVisible() and not view.side_column.isVisible()
    # the heatmap has the content's whole width (the splitter's handle aside)
    assert view.heatmap.width() >= view.content.width() - 10

    view.heatmap.cell_hovered.emit(1, 2, 0.25)
    assert QToolTip.isVisible() and QToolTip.text() == view.heatmap.describe_cell(1, 2)
    QToolTip.hideText()

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # the splitter shares the width again once it has laid the column out
    qtbot.waitUntil(lambda: view.side_column.isVisible() and view.side_column.width() >= 300
                    and view.heatmap.width() + view.side_column.width() <= view.content.width())

    text_size(11)
    view.apply_zoom()
    assert button.isChecked() and view.side_column.isVisible()
    button.click()  # the user folds it at 11 pt
    view.apply_zoom()  # a redraw at the same size keeps the user's choice
    assert not view.side_column.isVisible()


def test_beam_outcome_moves_over_the_tree_while_the_side_column_is_folded(qtbot, make_view, text_size):
    """At 22 pt the beam and greedy outputs stay in view: over the tree, across its width, at the
    text size without <small> figures; opening the side column puts them back at its head."""
    text_size(22)
    view = make_view("beam", size=(1272, 595))
    outcome, tree = view.output_label, view.tree
    assert not view.side.isVisible() and outcome.isVisible()
    assert not view.side.isAncestorOf(outcome)
    below_outcome = outcome.mapTo(view, outcome.rect().bottomLeft()).y()
    assert below_outcome <= tree.mapTo(view, tree.rect().topLeft()).y()
    assert "<small>" not in outcome.text() and "greedy" in outcome.text().lower()
    assert outcome.font().pointSizeF() == pytest.approx(22, abs=0.5)

    view.side_toggle.click()
    qtbot.waitUntil(lambda: view.side.isVisible())
    assert view.side.isAncestorOf(outcome) and outcome.isVisible()
    assert "<small>" in outcome.text()
    assert outcome.font().pointSizeF() == pytest.approx(22 * 1.25, abs=0.5)


def test_attention_side_column_folds_where_the_view_is_narrow_and_opens_where_it_is_wide(qtbot, make_view,
                                                                                         text_size):
    """At 11 pt beside the lecture panel (a view about 1,060 px wide) the 320 px column would take
    more than side_toggle.ROOM_SHARE of the width: it starts folded; on the window's whole width
    (1,272 px) it is open again."""
    from app.widgets.side_toggle import ROOM_SHARE

    text_size(11)
    view = make_view("attention", size=(1060, 580))
    least = max(view.side_column.minimumWidth(), view.side_column.minimumSizeHint().width())
    assert least > ROOM_SHARE * 1060 and least <= ROOM_SHARE * 1272  # the two widths lie either side
    assert view.side_toggle.folded() and not view.side_column.isVisible()
    view.resize(1272, 580)
    qtbot.waitUntil(lambda: not view.side_toggle.folded() and view.side_column.isVisible())


def test_attention_hover_hint_is_hidden_while_presenting_and_the_readout_becomes_a_tooltip(qtbot, make_view,
                                                                                          text_size):
    """Presentation mode hides "Hover over a cell…" (README: secondary notes are hidden) even with
    the side column open; hovering a cell then shows its readout at the pointer."""
    text_size(11)
    view = make_view("attention", size=(1272, 580))
    assert not view.side_toggle.folded() and view.hover_label.isVisible()
    view.set_presenting(True)
    assert view.side_column.isVisible() and not view.hover_label.isVisible()
    view.heatmap.cell_hovered.emit(1, 2, 0.25)
    assert QToolTip.isVisible() and QToolTip.text() == view.heatmap.describe_cell(1, 2)
    QToolTip.hideText()
    view.set_presenting(False)
    assert view.hover_label.isVisible()
