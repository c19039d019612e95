"""The attention playground driven like a user, checked against numpy written here."""
import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from tests.app.test_side_toggle import text_size  # noqa: F401  (the fixture: a text size, restored after)



def softmax_rows(z):
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


@pytest.fixture
def view(make_view):
    return make_view("playground", size=(1280, 680))


def settle(qtbot, view):
    qtbot.waitUntil(lambda: not view.busy, timeout=10000)


def set_matrix_text(qtbot, view, name, text):
    editor = view.matrix_tab.editors[name]
    editor.clear()
    qtbot.keyClicks(editor, text)
    settle(qtbot, view)


def check_text(grid, values):
    for r in range(values.shape[0]):
        for c in range(values.shape[1]):
            text = grid.item(r, c).text().replace("−", "-")
            assert float(text) == pytest.approx(values[r, c], rel=1e-5, abs=1e-12)


def test_matrix_edits_match_numpy(qtbot, view):
    view.tabs.setCurrentIndex(1)
    set_matrix_text(qtbot, view, "Q", "1 0 2; 0.5 -1 3")
    set_matrix_text(qtbot, view, "K", "1 1 0; 0 2 1; -1 0 0.5")
    set_matrix_text(qtbot, view, "V", "1 2; 3 4; 5 -6")
    q = np.array([[1, 0, 2], [0.5, -1, 3]])
    k = np.array([[1, 1, 0], [0, 2, 1], [-1, 0, 0.5]])
    v = np.array([[1, 2], [3, 4], [5, -6.0]])
    weights = softmax_rows(q @ k.T / np.sqrt(3))
    tab = view.matrix_tab
    np.testing.assert_allclose(tab.products_grid.values, q @ k.T, atol=1e-12)
    np.testing.assert_allclose(tab.weights_grid.values, weights, atol=1e-12)
    np.testing.assert_allclose(tab.output_grid.values, weights @ v, atol=1e-12)
    check_text(tab.weights_grid, weights)
    check_text(tab.output_grid, weights @ v)
    assert not tab.stale


def test_causal_mask_and_scale_slider(qtbot, view):
    view.tabs.setCurrentIndex(1)
    tab = view.matrix_tab
    tab.causal_check.setChecked(True)
    settle(qtbot, view)
    w = tab.weights_grid.values
    assert (w[np.triu_indices_from(w, k=1)] == 0).all() and w.shape == (3, 4)
    assert w[0, 1:].sum() == 0 and w[0, 0] == 1.0
    tab.scale.slider.setValue(0.0)
    settle(qtbot, view)
    assert view.matrix_loop.value.factor == 1.0
    tab.scale.slider.setValue(1.0)
    settle(qtbot, view)
    assert view.matrix_loop.value.factor == pytest.approx(1 / np.sqrt(4), abs=1e-15)
    assert "1/√4" in tab.scale.label.text()


def test_malformed_cell_names_row_and_column_and_keeps_last_result(qtbot, view):
    view.tabs.setCurrentIndex(1)
    tab = view.matrix_tab
    good = tab.weights_grid.values.copy()
    set_matrix_text(qtbot, view, "K", "1 2 3 4; 1 x 0 0")
    assert "K" in tab.message.text() and "row 2, column 2" in tab.message.text()
    assert tab.stale
    np.testing.assert_array_equal(tab.weights_grid.values, good)


def test_name_age_preset_shows_the_true_weights(qtbot, view):
    tab = view.query_tab
    tab.preset_button.click()
    settle(qtbot, view)
    dots = np.array([1.0, 1.0, 0.0, 1.0])
    w = softmax_rows(dots / np.sqrt(3))
    np.testing.assert_allclose(tab.bars.opts["height"], w, atol=1e-12)
    assert tab.output == pytest.approx(w @ np.array([18, 20, 22, 19.0]), abs=1e-12)
    note = tab.preset_note.text()
    assert "0.2808" in note and "1/3" in note and "true weights" not in note
    unscaled = softmax_rows(dots)  # what the notes meant: the unscaled softmax of [1, 1, 0, 1]
    assert "0.2969, 0.2969, 0.1092, 0.2969" in note
    np.testing.assert_allclose(unscaled, [0.2969, 0.2969, 0.1092, 0.2969], atol=5e-5)
    assert f"(output {unscaled @ np.array([18, 20, 22, 19.0]):.4f})" == "(output 19.3277)"
    assert "(output 19.3277)" in note
    assert "[1, 1, 0, 1] divided by their sum" in note


def test_query_table_cell_edit(qtbot, view):
    tab = view.query_tab
    table = tab.keys_table
    table.setCurrentCell(2, 2)
    table.editItem(table.item(2, 2))
    qtbot.waitUntil(lambda: table.findChild(QLineEdit) is not None, timeout=2000)
    editor = table.findChild(QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "3")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    settle(qtbot, view)
    keys = np.array([[1, 2, 0], [1, 2, 0], [0, 0, 3], [1, 4, 0.0]])
    q = np.array([1.0, 0, 0])
    w = softmax_rows(keys @ q / np.sqrt(3))
    np.testing.assert_allclose(tab.bars.opts["height"], w, atol=1e-12)
    table.item(1, 0).setText("abc")
    qtbot.waitUntil(lambda: "row 2, column 1" in tab.message.text(), timeout=5000)
    assert tab.stale
    np.testing.assert_allclose(tab.bars.opts["height"], w, atol=1e-12)


def test_why_scale_curves(qtbot, view):
    view.tabs.setCurrentIndex(2)
    qtbot.waitUntil(lambda: view.why_loop.value is not None, timeout=30000)
    curves = view.why_tab.curves
    d = curves["dot_std"].xData
    unscaled = curves["dot_std"].yData
    np.testing.assert_allclose(unscaled, np.sqrt(d), rtol=0.15)
    np.testing.assert_allclose(curves["scaled_dot_std"].yData, 1.0, rtol=0.15)
    # independent Monte Carlo of the largest softmax weight at d_k = 256, 16 keys
    rng = np.random.default_rng(123)
    dots = (rng.standard_normal((400, 1, 256)) * rng.standard_normal((400, 16, 256))).sum(-1)
    i = list(d).index(256)
    assert curves["max_weight"].yData[i] == pytest.approx(softmax_rows(dots).max(-1).mean(), abs=0.05)
    assert curves["scaled_max_weight"].yData[i] == pytest.approx(softmax_rows(dots / 16).max(-1).mean(), abs=0.05)


def test_a_redraw_after_an_error_labels_the_weights_with_their_own_keys(qtbot, view):
    """The reproduced bug: a good 2×2 result, K edited to 3 rows (an error), the theme switched:
    the redraw must not paint the old 2×2 weights with the new labels k1, k2, k3."""
    view.tabs.setCurrentIndex(1)
    tab = view.matrix_tab
    set_matrix_text(qtbot, view, "Q", "1 0; 0 1")
    set_matrix_text(qtbot, view, "K", "1 0; 0 1")
    set_matrix_text(qtbot, view, "V", "1; 2")
    assert tab.heatmap.column_labels == ["k1", "k2"] and not tab.stale
    good = np.array(tab.weights_grid.values)
    set_matrix_text(qtbot, view, "K", "1 0; 0 1; 1 1")  # V still has 2 rows: the engine refuses
    assert tab.stale and tab.message.text()
    view.apply_theme()  # what View ▸ Theme does to every view
    assert tab.heatmap.column_labels == ["k1", "k2"] and tab.heatmap.row_labels == ["q1", "q2"]
    assert [tab.scores_grid.horizontalHeaderItem(c).text() for c in range(tab.scores_grid.columnCount())] == \
        ["k1", "k2"]
    np.testing.assert_array_equal(tab.weights_grid.values, good)
    assert tab.stale and tab.message.text()  # still greyed, the error still said


def test_the_csv_pairs_the_weights_with_the_keys_that_produced_them(qtbot, view, tmp_path):
    """After an error the export still writes the drawn weights beside their own keys and values
    (the lesson's 4 keys), not beside the 5 keys typed since."""
    import csv

    from engine.playground import NAME_AGE_PRESET

    tab = view.query_tab
    tab.keys_spin.setValue(5)
    tab.query_input.setText("1, 0")  # 2 components against keys of 3: the engine refuses
    settle(qtbot, view)
    assert tab.stale and tab.message.text()
    out = tmp_path / "query.csv"
    view.export_csv(str(out))
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    keys = [row[0] for row in rows[1:]]
    assert keys == ["k1", "k2", "k3", "k4", "output"]
    assert [float(row[1]) for row in rows[1:5]] == list(NAME_AGE_PRESET["values"])
    weights = softmax_rows(NAME_AGE_PRESET["keys"] @ NAME_AGE_PRESET["query"] / np.sqrt(3))
    np.testing.assert_allclose([float(row[4]) for row in rows[1:5]], weights, atol=1e-12)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_every_matrix_column_is_shown_at_22_pt(qtbot, make_view, language):
    """Issue 23: at 22 pt in what a 1280×680 window leaves a view, the k3/k4 columns of the
    matrix tables lay under each table's scroll bar.  Each of the four tables (switched to, where
    they are tabs) shows every column inside its viewport, its header's too, without scrolling."""
    from PySide6.QtWidgets import QApplication
    from app import i18n
    from app.widgets.scrolling_page import ScrollingPage
    from tests.app.test_layout_fit import CHROME_AT_22_PT, SMALL_SCREEN

    original = QApplication.font()
    font = QApplication.font()
    font.setPointSize(22)
    QApplication.setFont(font)
    i18n.install(language)  # built in that language, as View ▸ Language rebuilds the views
    page = None
    try:
        view = make_view("playground", size=None, until=None)
        view.tabs.setCurrentWidget(view.matrix_tab)
        page = ScrollingPage(view)
        page.resize(SMALL_SCREEN[0] - 8, SMALL_SCREEN[1] - CHROME_AT_22_PT)
        page.show()
        qtbot.waitExposed(page)
        tab = view.matrix_tab
        qtbot.waitUntil(lambda: view.matrix_loop.value is not None and not view.busy, timeout=30000)
        results = tab.results
        for _ in range(3):  # the tables re-arranged after their first numbers
            QApplication.processEvents()
        for index, grid in enumerate((tab.products_grid, tab.scores_grid, tab.weights_grid, tab.output_grid)):
            if results.tabbed():
                results.tabs.setCurrentIndex(index)
            qtbot.waitUntil(grid.isVisible, timeout=5000)
            header = grid.horizontalHeader()
            assert grid.columnCount() == (4 if index < 3 else 2)
            for column in range(grid.columnCount()):
                left = header.sectionViewportPosition(column)
                right = left + header.sectionSize(column)
                assert 0 <= left and right <= grid.viewport().width(), \
                    f"table {index} column {column}: {left}..{right} of {grid.viewport().width()} px"
                number = grid.item(0, column).text()
                assert header.sectionSize(column) >= grid.fontMetrics().horizontalAdvance(number), number
            assert grid.horizontalScrollBar().maximum() == 0
    finally:
        if page is not None:
            page.takeWidget()  # the view is make_view's to close
            page.close()
        i18n.install("en")
        QApplication.setFont(original)


def test_matrix_tables_side_by_side_where_they_fit(qtbot, make_view, text_size):
    """At 11 pt on a 1920 px wide view the four tables and the heatmap are all shown at once."""
    text_size(11)
    view = make_view("playground", size=(1920, 1000))
    view.tabs.setCurrentWidget(view.matrix_tab)
    tab = view.matrix_tab
    qtbot.waitUntil(lambda: tab.heatmap.isVisible() and tab.output_grid.isVisible(), timeout=5000)
    assert not tab.results.tabbed() and not tab.results.tabs.isVisible()
    for grid in (tab.products_grid, tab.scores_grid, tab.weights_grid, tab.output_grid):
        assert grid.isVisible() and grid.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("points", [22])
def test_the_key_editor_shows_every_key_of_the_lesson(qtbot, make_view, text_size, points):
    """At large text the note under the key editor had left it a row and a half of the lesson's
    four keys (seen from 14 pt in the window); every row now lies whole inside the table's
    viewport (the tab scrolls where it must)."""
    from app.widgets.scrolling_page import ScrollingPage

    text_size(points)
    view = make_view("playground", size=None, until=None)
    page = ScrollingPage(view)
    page.resize(1272, 580)
    page.show()
    qtbot.waitExposed(page)
    try:
        table = view.query_tab.keys_table
        assert table.rowCount() == 4
        viewport = table.viewport().height()
        qtbot.waitUntil(lambda: table.rowViewportPosition(3) + table.rowHeight(3) <= table.viewport().height(),
                        timeout=5000)
        for row in range(4):
            top = table.rowViewportPosition(row)
            assert 0 <= top and top + table.rowHeight(row) <= table.viewport().height(), (row, top, viewport)
            assert table.rowHeight(row) >= table.fontMetrics().height()
    finally:
        page.takeWidget()
        page.close()
