"""The playground's arrangement on a 1280 px projector (issue 23): Matrix mode's tables side by
side where their columns fit, every table in its picture whatever the arrangement; Query mode's
steps table whole and its weights plot inside the page at large text.

Widths and heights are checked against what the tables' own headers and rows measure, never
against the arrangement code's own arithmetic."""
import pytest
from PySide6.QtWidgets import QApplication

from tests.app.test_side_toggle import text_size  # noqa: F401  (the fixture: a text size, restored after)

#: what the main window leaves a view on a 1280×680 window at 11 pt (the view names in a row of
#: their own, the "What this view shows" line above the view)
PAGE_AT_11_PT = (1272, 560)

GRID_NAMES = ("products_grid", "scores_grid", "weights_grid", "output_grid")


def columns_shown(grid) -> bool:
    """Every column of `grid` lies whole inside its viewport."""
    header = grid.horizontalHeader()
    return all(0 <= header.sectionViewportPosition(c)
               and header.sectionViewportPosition(c) + header.sectionSize(c) <= grid.viewport().width()
               for c in range(grid.columnCount())) and grid.horizontalScrollBar().maximum() == 0


def matrix_view(qtbot, make_view, size):
    view = make_view("playground", size=size)
    view.tabs.setCurrentWidget(view.matrix_tab)
    tab = view.matrix_tab
    qtbot.waitUntil(lambda: tab.heatmap.isVisible() or tab.results.tabs.isVisible(), timeout=5000)
    for _ in range(3):  # the tables re-arrange after their numbers and the tab's first layout
        QApplication.processEvents()
    return view


def test_matrix_tables_and_heatmap_side_by_side_at_11_pt_on_1280(qtbot, make_view, text_size):
    """At 11 pt each table needs ~330 px of a ~970 px results panel: a third of it did not hold
    one, so the four tables were tabs with most of the panel empty."""
    text_size(11)
    view = matrix_view(qtbot, make_view, PAGE_AT_11_PT)
    tab = view.matrix_tab
    assert not tab.results.tabs.isVisible()
    assert tab.heatmap.isVisible()
    for name in GRID_NAMES:
        grid = getattr(tab, name)
        assert grid.isVisible() and columns_shown(grid), name
    # side by side: QKᵀ left of the scaled scores, both left of the heatmap
    left = {name: getattr(tab, name).mapTo(view, getattr(tab, name).rect().topLeft()).x() for name in GRID_NAMES}
    heatmap_left = tab.heatmap.mapTo(view, tab.heatmap.rect().topLeft()).x()
    assert left["products_grid"] < left["scores_grid"] < heatmap_left


def test_matrix_picture_shows_every_table_when_they_are_tabs(qtbot, make_view, text_size):
    """At 22 pt the tables are tabs; Copy picture and Export drew the current tab only.  The
    picture now holds all four tables, each with every column and row, and the heatmap; the
    tables go back to their tabs afterwards."""
    from app.export import picture_image

    text_size(22)
    view = matrix_view(qtbot, make_view, (1272, 580))
    tab = view.matrix_tab
    assert tab.results.tabs.isVisible()
    tabs_before = tab.results.tabs.count()
    widget, caption = view.picture()
    image = picture_image(widget, caption, 1.0)
    assert image.width() >= widget.width() and image.height() > widget.height()
    for name in GRID_NAMES:
        grid = getattr(tab, name)
        assert widget.isAncestorOf(grid), name
        assert grid.isVisibleTo(widget) and columns_shown(grid), name
        rows = grid.verticalHeader()
        assert rows.sectionViewportPosition(grid.rowCount() - 1) + rows.sectionSize(grid.rowCount() - 1) \
            <= grid.viewport().height(), name
        # inside the sheet, not cut by its edge
        corner = grid.mapTo(widget, grid.rect().bottomRight())
        assert corner.x() < widget.width() and corner.y() < widget.height(), name
    assert widget.isAncestorOf(tab.heatmap)
    qtbot.waitUntil(lambda: tab.results.tabs.count() == tabs_before, timeout=2000)
    assert all(tab.results.isAncestorOf(getattr(tab, name)) for name in GRID_NAMES)
    assert tab.results.isAncestorOf(tab.heatmap)
