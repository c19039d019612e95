"""The beam tree frames itself (issue 23, deliverable 2): what the viewport shows is read back
from the view (its visible scene rect, the items' scene rects, the text's size on screen).

The searches come from the real date model, run once for the module; the view gets them
directly (no worker), as it would from its request loop."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication
from test_beam_view import SilentBridge  # no engine: the searches are handed to the view directly
from conftest import settled  # at collection: inside a test "conftest" may be another folder's

MODEL, TEXT = "date-transformer", "4 Nov 1988"
#: the window's work area on a 1280×720 projector less the window's own navigation and the
#: explanation: what the beam view gets inside the main window (measured: 1266 × 560)
VIEW_SIZE = (1266, 560)


@pytest.fixture(scope="module")
def searches():
    """B = 5 (the lesson's) and B = 16 (a tree far wider and taller than any screen)."""
    from engine import load_model
    from engine.beam_analysis import analyse_beam

    model = load_model(MODEL, device="cpu")
    return {b: analyse_beam(model, TEXT, beam_width=b) for b in (5, 16)}


@pytest.fixture
def make_shown(qtbot, shared_state):
    from app.views.beam import BeamView

    def make(search, size=VIEW_SIZE):
        view = BeamView(SilentBridge(), shared_state)
        qtbot.addWidget(view)
        view.resize(*size)
        view.show()
        qtbot.waitExposed(view)
        view.show_analysis(search)
        qtbot.wait(10)  # the layout's queued resizes
        return view

    return make


def on_screen(tree, item) -> bool:
    return tree.visible_scene_rect().contains(item.sceneBoundingRect())


def best_path_ids(search) -> list[int]:
    """The node ids of the best hypothesis, walked up from its last node here."""
    nodes, node_id, path = search.result.nodes, search.hypotheses[0].node_id, []
    while node_id:
        path.append(node_id)
        node_id = nodes[node_id].parent
    return path


def smallest_text_on_screen(tree) -> float:
    """The pixel height of the tree's smallest node text as painted at the view's scale."""
    smallest = min(QFontMetricsF(f).height() for f in (tree.token_font, tree.number_font, tree.score_font))
    return smallest * tree.transform().m11()


def readable_minimum() -> float:
    """Four fifths of the application's text height (the size the user chose to read)."""
    from app import style

    return 0.8 * QFontMetricsF(style.font()).height()


def test_opens_showing_the_start_and_the_best_path(make_shown, searches):
    """At 1920×1040 the lesson's tree fits at a readable size: ⟨s⟩ and the whole best path are
    in sight.  On a 1280×720 projector its 12 columns do not: the view opens at ⟨s⟩ with the
    best path's first steps in a row beside it (not scrolled to the far right), and every
    best-path node is within the visible height, so scrolling right follows the path."""
    path = best_path_ids(searches[5])[::-1]  # step 1 first
    wide = make_shown(searches[5], size=(1906, 900)).tree
    assert on_screen(wide, wide.root_item)
    missing = [i for i in path if not on_screen(wide, wide.node_items[i])]
    assert not missing, f"best-path nodes outside the viewport: {missing}"
    assert smallest_text_on_screen(wide) >= readable_minimum() - 0.01

    tree = make_shown(searches[5]).tree
    assert on_screen(tree, tree.root_item), (tree.visible_scene_rect(), tree.root_item.sceneBoundingRect())
    seen = [on_screen(tree, tree.node_items[i]) for i in path]
    in_sight = seen.index(False) if False in seen else len(seen)
    assert in_sight >= 5 and not any(seen[in_sight:]), seen  # a prefix of the path, from step 1
    visible = tree.visible_scene_rect()
    for i in path:
        box = tree.node_items[i].sceneBoundingRect()
        assert visible.top() <= box.top() and box.bottom() <= visible.bottom()
    assert smallest_text_on_screen(tree) >= readable_minimum() - 0.01


def test_a_tree_wider_than_the_screen_opens_at_its_start_readable(make_shown, searches):
    view = make_shown(searches[16])
    tree = view.tree
    assert on_screen(tree, tree.root_item)
    assert smallest_text_on_screen(tree) >= readable_minimum() - 0.01
    # the first best-path nodes continue the root's line in sight
    first = best_path_ids(searches[16])[-1]
    assert on_screen(tree, tree.node_items[first])


@pytest.mark.parametrize("points", [11.0, 18.0])
def test_fit_after_zooming_out_keeps_the_text_readable_and_scrolls(make_shown, searches, points, qtbot):
    app = QApplication.instance()
    bigger = QFont(app.font())
    bigger.setPointSizeF(points)
    app.setFont(bigger)  # restored by the conftest's fixture
    view = make_shown(searches[16])
    view.apply_zoom()
    tree = view.tree
    for _ in range(6):
        view.step_bar.zoom_out_button.click()
    assert smallest_text_on_screen(tree) < readable_minimum()  # the user may zoom out that far
    view.step_bar.fit_button.click()
    assert smallest_text_on_screen(tree) >= readable_minimum() - 0.01
    # B = 16 does not fit at a readable size: the view scrolls over the whole tree instead
    whole = tree.steps_rect(tree.steps)
    assert tree.sceneRect().contains(whole)
    assert not tree.visible_scene_rect().contains(whole)
    assert on_screen(tree, tree.root_item)


def test_fit_shows_the_revealed_steps_whole_when_they_fit(make_shown, searches):
    view = make_shown(searches[5])
    tree = view.tree
    view.set_revealed_steps(3)
    view.step_bar.fit_button.click()
    shown = [it for it in tree.node_items.values() if it.isVisible()]
    assert shown and all(on_screen(tree, it) for it in shown)
    assert on_screen(tree, tree.root_item)


def test_start_frames_the_start_node_at_the_left_at_a_readable_size(make_shown, searches):
    view = make_shown(searches[5])
    tree = view.tree
    scale = tree.transform().m11()
    view.step_bar.first_button.click()
    assert tree.revealed_steps == 0
    visible, root = tree.visible_scene_rect(), tree.root_item.sceneBoundingRect()
    assert visible.contains(root)
    # at the left of the canvas where the tree will grow, not alone in the middle of it
    assert root.left() - visible.left() < 0.1 * visible.width()
    assert root.top() - visible.top() < 0.25 * visible.height()
    assert tree.transform().m11() == pytest.approx(scale)  # the scale the whole search is shown at
    assert smallest_text_on_screen(tree) >= readable_minimum() - 0.01


@pytest.mark.parametrize("button", ["zoom_in_button", "zoom_out_button"])
def test_zoom_buttons_keep_the_view_centre(make_shown, searches, button):
    view = make_shown(searches[16])
    tree = view.tree

    def centre() -> QPointF:
        return tree.mapToScene(tree.viewport().rect().center())

    before, scale = centre(), tree.transform().m11()
    getattr(view.step_bar, button).click()
    assert tree.transform().m11() != pytest.approx(scale)
    after = centre()
    assert abs(after.x() - before.x()) <= 2 and abs(after.y() - before.y()) <= 2, (before, after)


@pytest.mark.parametrize("zoomed", [False, True], ids=["automatic view", "the user's zoom"])
def test_play_keeps_the_newest_step_in_sight(make_shown, searches, zoomed):
    view = make_shown(searches[16])
    tree = view.tree
    view.step_bar.first_button.click()
    if zoomed:  # the user's own scale is kept, and the view still scrolls to each new step
        view.step_bar.zoom_in_button.click()
        view.step_bar.zoom_in_button.click()
    scale = tree.transform().m11()
    for step in range(1, tree.steps + 1):
        view.step_bar.play_timer.timeout.emit()  # one tick of Play
        assert tree.revealed_steps == step
        newest = [it for it in tree.node_items.values() if it.step == step and it.isVisible()]
        assert any(on_screen(tree, it) for it in newest), step
        header = tree.header_items[step].sceneBoundingRect()
        # zoomed in, B = 16's path runs further down than a view's height from the headers
        assert zoomed or tree.visible_scene_rect().intersects(header), step
        # the highlighted path's node of this step, when the path reaches it, is in sight too
        on_path = [it for it in newest if it.on_path]
        assert all(on_screen(tree, it) for it in on_path), step
        assert tree.transform().m11() == pytest.approx(scale)  # no zooming while it plays


def test_the_control_row_keeps_its_geometry_when_play_becomes_pause(make_shown, searches, qtbot):
    view = make_shown(searches[5])
    bar = view.step_bar
    view.step_bar.first_button.click()

    def geometry():
        return [(w.objectName() or w.text() if hasattr(w, "text") else "", w.geometry())
                for w in (bar.first_button, bar.back_button, bar.play_button, bar.forward_button,
                          bar.last_button, bar.step_label, bar.legend, bar.zoom_out_button, bar.fit_button,
                          bar.zoom_in_button, view.export_button)]

    before = [g for _, g in geometry()]
    height = bar.height()
    bar.toggle_play()
    assert bar.playing and bar.play_button.text() == bar.pause_text
    qtbot.wait(10)
    assert [g for _, g in geometry()] == before and bar.height() == height
    bar.play_timer.timeout.emit()  # step 1 of 12: the counter's width stays too
    bar.toggle_play()
    qtbot.wait(10)
    assert [g for _, g in geometry()] == before and bar.height() == height


def whole_in(area, widget) -> bool:
    """`widget` lies whole inside the visible part of scroll area `area`."""
    top_left = widget.mapTo(area.viewport(), widget.rect().topLeft())
    return area.viewport().rect().contains(QRectF(top_left, widget.size()).toRect())


def test_side_panels_show_whole_at_a_projector_size(make_shown, searches, qtbot):
    """One panel at a time, full height, at 1280×680: no column of a table cut at the right, the
    next-token bars and the cross-attention each whole in the column."""
    view = make_shown(searches[5])
    view.error_panel.show_analysis(searches[5])
    for index in range(view.tabs.count()):
        view.tabs.setCurrentIndex(index)
        qtbot.wait(10)
        area = view.tabs.currentWidget()
        assert area.horizontalScrollBar().maximum() == 0, view.tabs.tabText(index)  # nothing cut at the right
    for table in (view.nbest.table, view.error_panel.table):
        assert table.horizontalScrollBar().maximum() == 0
        for c in range(table.columnCount()):
            assert table.columnViewportPosition(c) + table.columnWidth(c) <= table.viewport().width(), c
    view.tabs.setCurrentIndex(0)
    area = view.tabs.currentWidget()
    for key, plot in (("next", view.node_panel.bars_plot), ("attention", view.node_panel.heatmap)):
        view.view_state.node_pane = key
        qtbot.wait(10)
        assert plot.isVisible() and whole_in(area, plot), key
        assert plot.height() >= plot.minimumHeight()


def zoom_in_and_pan(view, qtbot) -> float:
    """Two clicks on + and a drag of the scroll bars, as a lecturer enlarging one corner of the
    tree: returns the scale they chose."""
    tree = view.tree
    view.step_bar.zoom_in_button.click()
    view.step_bar.zoom_in_button.click()
    tree.fit_mode = None  # a drag of the canvas says the same (TreeCanvas.mouseMoveEvent)
    for bar in (tree.horizontalScrollBar(), tree.verticalScrollBar()):
        bar.setValue(bar.value() + 120)
    qtbot.wait(10)
    assert not on_screen(tree, tree.root_item)
    return tree.transform().m11()


def type_into(qtbot, field, text) -> None:
    field.setFocus()
    field.selectAll()
    qtbot.keyClicks(field, text)


def test_a_new_input_is_framed_at_its_start_and_best_path_at_the_users_zoom(qtbot, make_view):
    """Typed into the real view (the search from the worker): the new tree opens at ⟨s⟩ with its
    best path, at the scale the user zoomed to (it had jumped back to the automatic scale, undoing
    the lecturer's zoom at every keystroke)."""

    view = make_view("beam", size=VIEW_SIZE)
    scale = zoom_in_and_pan(view, qtbot)
    type_into(qtbot, view.controls.input, "5 Nov 1988")
    qtbot.waitUntil(lambda: view.original.text == "5 Nov 1988" and settled(view), timeout=30000)
    tree = view.tree
    assert tree.transform().m11() == pytest.approx(scale)
    visible = tree.visible_scene_rect()
    assert on_screen(tree, tree.root_item)
    assert tree.root_item.sceneBoundingRect().left() - visible.left() < 0.1 * visible.width()
    first = best_path_ids(view.original)[-1]
    assert on_screen(tree, tree.node_items[first])
    # Fit gives the automatic scale back, and the next input keeps it
    view.step_bar.fit_button.click()
    fitted = tree.transform().m11()
    type_into(qtbot, view.controls.input, "6 Nov 1988")
    qtbot.waitUntil(lambda: view.original.text == "6 Nov 1988" and settled(view), timeout=30000)
    assert tree.transform().m11() == pytest.approx(fitted)


def test_typing_the_expected_output_keeps_the_users_view_of_the_same_search(qtbot, make_view):
    """The expected output only adds the error analysis to the search on screen: the tree is
    redrawn, and the part the user zoomed and scrolled to stays (it jumped back to ⟨s⟩)."""

    view = make_view("beam", size=VIEW_SIZE)
    drawn = view.original
    zoom_in_and_pan(view, qtbot)
    before = view.tree.visible_scene_rect()
    view.view_state.tab = "error"
    type_into(qtbot, view.error_panel.expected_input, "1988-11-04")
    qtbot.waitUntil(lambda: view.original is not drawn and view.original.error is not None and settled(view),
                    timeout=30000)
    after = view.tree.visible_scene_rect()
    assert abs(after.left() - before.left()) <= 1 and abs(after.top() - before.top()) <= 1, (before, after)
    assert after.width() == pytest.approx(before.width())


@pytest.mark.parametrize("theme_name", ["light", "dark"])
def test_step_headers_read_on_the_canvas_in_both_themes(make_shown, searches, theme_name):
    """The step headers ("start", "step 1" …) were a fixed slate that read at 3:1 on the dark
    theme's canvas (seen in a real window); text needs 4.5:1 (WCAG 2.1).  The tree is a plain
    QGraphicsView, which test_contrast's walk over pyqtgraph plots does not reach."""
    from test_contrast import TEXT, contrast

    from app.style import themes

    themes.set_theme(theme_name)
    try:
        tree = make_shown(searches[5]).tree
        ground = tree.backgroundBrush().color()
        assert ground == themes.plot_background()
        ratios = {step: contrast(header.brush().color(), ground) for step, header in tree.header_items.items()}
        assert ratios and min(ratios.values()) >= TEXT, ratios
    finally:
        themes.set_theme("light")


@pytest.fixture
def original_font(qtbot):
    """The test below zooms the application font; later tests expect it back."""
    font = QApplication.font()
    yield font
    QApplication.setFont(font)


@pytest.mark.slow  # a whole window at 22 pt with the word-level model
def test_opens_at_the_start_beside_the_lecture_panel_when_the_best_path_drops(qtbot, original_font, main_window):
    """zh-en-toy's best path for the lesson's sentence runs along the first row for two steps and
    then drops to the 9th: at 22 pt beside the lecture panel (1280×680) the path's nodes in the
    view's width are taller than the view.  The tree opened centred on them, showing the empty
    middle (neither ⟨s⟩ nor the path); it opens at ⟨s⟩ with the path's first steps beside it."""
    window = main_window
    window.set_text_size(22)
    window.resize(1280, 680)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (1280, 680), timeout=5000)
    window.show_view("beam")
    view = window.current_view()
    qtbot.waitUntil(lambda: settled(view), timeout=90000)
    panel = window.lecture_panel
    panel.show()  # after the first search was framed: the tree narrows under it
    window.capture_scene()
    try:
        qtbot.waitUntil(lambda: panel.isVisible() and view.tree.width() < window.width() - panel.width(),
                        timeout=5000)
        box = view.controls.model_box
        box.setCurrentIndex(box.findText("zh-en-toy"))
        field = view.controls.input  # QTest's key clicks take Latin-1 only: the text arrives as typed in one go
        field.setFocus()
        field.selectAll()
        field.insert("简九月要访问非洲")
        qtbot.waitUntil(lambda: view.original.text == "简九月要访问非洲" and settled(view), timeout=90000)
        tree = view.tree
        path = best_path_ids(view.original)[::-1]  # step 1 first
        drop = [tree.node_items[i].pos().y() for i in path]
        assert max(drop) - min(drop) > tree.visible_scene_rect().height(), drop  # the case this guards
        assert on_screen(tree, tree.root_item), (tree.visible_scene_rect(), tree.root_item.sceneBoundingRect())
        assert tree.viewport().rect().contains(tree.mapFromScene(tree.root_item.sceneBoundingRect()).boundingRect())
        assert on_screen(tree, tree.node_items[path[0]]) and on_screen(tree, tree.node_items[path[1]])
        assert smallest_text_on_screen(tree) >= readable_minimum() - 0.01
    finally:
        panel.set_scenes([])
        panel.hide()
        window.resize(1400, 900)
