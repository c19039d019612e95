"""The playground's arrangement on a 1280 px projector (issue 23): Matrix mode's tables side by
side where their columns fit, every table in its picture whatever the arrangement; Query mode's
steps table whole and its weights plot inside the page at large text.

Widths and heights are checked against what the tables' own headers and rows measure, never
against the arrangement code's own arithmetic."""
import gc

import pytest
import shiboken6
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
    del widget, image  # the export keeps no reference: the tables must outlive the sheet
    gc.collect()
    qtbot.waitUntil(lambda: tab.results.tabs.count() == tabs_before, timeout=2000)
    QApplication.processEvents()
    assert all(shiboken6.isValid(getattr(tab, name)) for name in GRID_NAMES)
    assert all(tab.results.isAncestorOf(getattr(tab, name)) for name in GRID_NAMES)
    assert tab.results.isAncestorOf(tab.heatmap)


# ---- Query mode at large text ----------------------------------------------------------------------
#: what the main window leaves a view at 18 and 22 pt on a 1280×680 window (view names folded
#: into the menu bar's row), the smaller of English and Chinese (layout_common: 1272×596 and 580)
PAGE_AT = {18: (1272, 596), 22: (1272, 580)}


@pytest.fixture
def query_page(qtbot, make_view, text_size):
    """The playground built at `points` in `language` inside a page of the size the window
    leaves it, as the main window shows it (a ScrollingPage)."""
    from app import i18n
    from app.widgets.scrolling_page import ScrollingPage

    pages = []

    def build(points: int, language: str = "en"):
        text_size(points)
        i18n.install(language)  # built in that language, as View ▸ Language rebuilds the views
        view = make_view("playground", size=None, until=None)
        page = ScrollingPage(view)
        pages.append(page)
        page.resize(*PAGE_AT[points])
        page.show()
        qtbot.waitExposed(page)
        qtbot.waitUntil(lambda: view.query_loop.value is not None and not view.busy, timeout=30000)
        for _ in range(3):  # the arrangement is chosen once the numbers are in
            QApplication.processEvents()
        return view, page

    yield build
    for page in pages:
        page.takeWidget()  # the view is make_view's to close
        page.close()
    from app import i18n
    i18n.install("en")


def inside(widget, page) -> bool:
    """`widget` lies whole inside the page's visible viewport."""
    viewport = page.viewport()
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    bottom_right = widget.mapTo(viewport, widget.rect().bottomRight())
    return viewport.rect().contains(top_left) and viewport.rect().contains(bottom_right)


def show_part(qtbot, tab, widget) -> None:
    """Where Query mode is split into tabs, open the one holding `widget`."""
    tabs = tab.arrangement.inner_tabs
    if tabs.isVisible():
        for index in range(tabs.count()):
            if tabs.widget(index).isAncestorOf(widget):
                tabs.setCurrentIndex(index)
    qtbot.waitUntil(widget.isVisible, timeout=2000)
    QApplication.processEvents()


def test_steps_table_every_row_whole_without_a_scroll_bar_at_18_pt(qtbot, query_page):
    """At 18 pt the steps table was squeezed beside the inputs: its products wrapped one term
    per line, a horizontal scroll bar hid the weights and only two of five rows showed."""
    view, page = query_page(18)
    tab = view.query_tab
    table = tab.steps_table
    show_part(qtbot, tab, table)
    assert not page.needs_scrolling()
    assert inside(table, page)
    assert table.horizontalScrollBar().maximum() == 0 and table.verticalScrollBar().maximum() == 0
    line = table.fontMetrics().height()
    header = table.horizontalHeader()
    for row in range(table.rowCount()):
        assert table.rowHeight(row) < 2 * line, f"row {row} wraps: {table.rowHeight(row)} px"
        assert table.rowViewportPosition(row) + table.rowHeight(row) <= table.viewport().height(), row
        for column in range(table.columnCount()):
            text = table.item(row, column).text()
            assert header.sectionSize(column) >= table.fontMetrics().horizontalAdvance(text), text


@pytest.mark.parametrize("language", ["en", "zh"])
def test_weights_plot_readable_inside_the_page_at_22_pt(qtbot, query_page, language):
    """At 22 pt the weights plot lay under the steps table, below the page's fold.  It is now
    inside the page, at least four lines of text tall, with the output line under it; the key
    editor and the query are on the same tab."""
    view, page = query_page(22, language)
    tab = view.query_tab
    show_part(qtbot, tab, tab.bars_plot)
    assert not page.needs_scrolling()
    assert tab.bars_plot.height() >= 4 * tab.fontMetrics().height()
    for widget in (tab.bars_plot, tab.output_label, tab.keys_table, tab.query_input):
        assert widget.isVisible() and inside(widget, page), widget


def test_query_mode_back_on_one_page_when_the_text_gets_smaller(qtbot, query_page, text_size):
    """22 → 11 pt: Query mode is on one page again (in Chinese it had stayed split), and each
    wrapped row of its input column is as tall as its lines at the new size (after a change of
    text size the moved title and sizes row had kept their old heights, the Lesson button over
    the key table)."""
    view, page = query_page(22, "zh")
    tab = view.query_tab
    assert tab.arrangement.inner_tabs.isVisible()  # split at 22 pt
    text_size(11)
    page.resize(*PAGE_AT_11_PT)
    qtbot.waitUntil(lambda: not tab.arrangement.inner_tabs.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: tab.steps_table.isVisible() and tab.bars_plot.isVisible(), timeout=2000)
    assert not page.needs_scrolling()
    for widget in tab.arrangement.inputs + [tab.scale, tab.preset_note]:
        if widget.isVisible() and widget.hasHeightForWidth():
            qtbot.waitUntil(lambda: widget.height() >= widget.heightForWidth(widget.width()), timeout=2000)
