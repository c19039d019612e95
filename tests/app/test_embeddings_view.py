"""The Embeddings view driven like a user, checked against independent oracles: gensim's
KeyedVectors built here from the shipped safetensors (most_similar, most_similar_cosmul,
doesnt_match, load_word2vec_format for a user's file), the matrix column read from the model's
own safetensors for E·o_j, and numpy's SVD for the PCA map."""
from __future__ import annotations

import csv
import itertools
import json

import numpy as np
import pytest
from gensim.models import KeyedVectors
from PySide6.QtCore import QRectF, Qt
from safetensors.numpy import load_file

from assets import asset_path
from tests.engine.embeddings_fixtures import gensim_load, planted_analogies

TOLERANCE = 1e-6
# gensim 4.4's most_similar_cosmul calls its own deprecated init_sims
pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning")


@pytest.fixture(scope="module")
def word2vec_en() -> KeyedVectors:
    """The shipped word2vec-en vectors, read here without the engine."""
    folder = asset_path("embeddings") / "word2vec-en"
    words = json.loads((folder / "config.json").read_text(encoding="utf-8"))["words"]
    kv = KeyedVectors(vector_size=32)
    kv.add_vectors(words, load_file(str(folder / "vectors.safetensors"))["vectors"])
    return kv


@pytest.fixture
def view(make_view):
    return make_view("embeddings", size=(1280, 680))


@pytest.fixture
def text_at_22_pt():
    """The application's text at 22 pt for the test (a lecturer's projector), back after it."""
    from PySide6.QtWidgets import QApplication

    font = QApplication.font()
    bigger = QApplication.font()
    bigger.setPointSize(22)
    QApplication.setFont(bigger)
    yield
    QApplication.setFont(font)


def settle(qtbot, view):
    qtbot.waitUntil(lambda: view.ready() and not view.busy, timeout=60000)


def column(model, index):
    return [model.raw(row, index) for row in range(model.rowCount())]


def test_neighbours_table_is_gensims_most_similar(qtbot, view, word2vec_en):
    for word, k in (("January", 10), ("Paris", 7), ("bought", 3)):
        view.neighbours_tab.word.setText(word)
        view.controls.k_spin.setValue(k)
        settle(qtbot, view)
        model = view.neighbours_tab.model
        expected = word2vec_en.most_similar(word, topn=k)
        assert column(model, 1) == [w for w, _ in expected]
        assert np.allclose(column(model, 2), [s for _, s in expected], atol=TOLERANCE, rtol=0)
        assert f"“{word}”" in view.picture()[1]


@pytest.mark.parametrize("method", ["add", "mul"])
def test_analogy_table_is_gensims_and_carries_its_arithmetic(qtbot, view, word2vec_en, method):
    view.view_state.tab = "analogy"
    tab = view.analogy_tab
    tab.a.setText("visit")
    tab.b.setText("visited")
    tab.c.setText("buy")
    tab.method_box.setCurrentIndex(tab.method_box.findData(method))
    settle(qtbot, view)
    if method == "add":
        expected = word2vec_en.most_similar(positive=["visited", "buy"], negative=["visit"], topn=10)
    else:
        expected = word2vec_en.most_similar_cosmul(positive=["visited", "buy"], negative=["visit"], topn=10)
    model = tab.model
    assert column(model, 1) == [w for w, _ in expected]
    assert np.allclose(column(model, 5), [s for _, s in expected], atol=TOLERANCE, rtol=0)
    # the cosine columns are gensim's too, and (3CosAdd) the score is made of them as shown
    units = {w: word2vec_en.get_vector(w, norm=True) for w in ("visit", "visited", "buy")}
    for row, (word, score) in enumerate(expected):
        x = word2vec_en.get_vector(word, norm=True)
        cosines = [float(x @ units[w]) for w in ("visit", "visited", "buy")]
        assert np.allclose([model.raw(row, i) for i in (2, 3, 4)], cosines, atol=TOLERANCE)
        if method == "add":
            q = units["visited"] - units["visit"] + units["buy"]
            assert score == pytest.approx((cosines[1] - cosines[0] + cosines[2]) / np.linalg.norm(q), abs=TOLERANCE)
    best = expected[0][0]
    assert f"<b>{best}</b>" in tab.arithmetic.text() and f"<b>{expected[0][1]:.4g}</b>" in tab.arithmetic.text()
    # the parallelogram: a, b, c and the answer, in the PCA of those four vectors
    assert [label.toPlainText().split()[0] for label in tab.labels] == ["visit", "visited", "buy", best]


def test_one_hot_picture_is_the_models_column(qtbot, view):
    """e_j = E·o_j on zh-en-toy's Chinese words equals row 4 + j of source_embedding.weight (after
    the four special tokens) read from the safetensors here."""
    folder = asset_path("models") / "zh-en-toy"
    vocabulary = json.loads((folder / "config.json").read_text(encoding="utf-8"))["source_vocab"]
    weight = load_file(str(folder / "model.safetensors"))["source_embedding.weight"]
    view.controls.source_box.setCurrentIndex(view.controls.source_box.findData("model:zh-en-toy:source"))
    view.view_state.tab = "one_hot"
    view.one_hot_tab.word.setText("九月")
    settle(qtbot, view)
    tab = view.one_hot_tab
    j = vocabulary.index("九月")
    expected = weight[4 + j]
    drawn = tab.product_image.image[:, 0]
    assert np.array_equal(drawn, expected)
    # the one-hot vector holds a single 1, at the row labelled 九月, over the column outlined in E
    one_hot = tab.one_hot_image.image[:, 0]
    assert one_hot.sum() == 1 and tab.answer.value.window_words[int(np.argmax(one_hot))] == "九月"
    local = int(np.argmax(one_hot))
    assert np.array_equal(tab.matrix.image.image[:, local], expected)
    assert tab.outline.rect().center().x() == pytest.approx(local)
    assert f"{j + 1}" in view.picture()[1]


def test_pca_map_is_numpys_svd_up_to_sign(qtbot, view):
    folder = asset_path("embeddings") / "glove-en"
    vectors = load_file(str(folder / "vectors.safetensors"))["vectors"].astype(np.float64)
    view.controls.source_box.setCurrentIndex(view.controls.source_box.findData("trained:glove-en"))
    view.view_state.tab = "map"
    view.map_tab.count_spin.setValue(120)
    settle(qtbot, view)
    shown = view.map_tab.map.coordinates
    x = vectors[:120] - vectors[:120].mean(axis=0)
    u, s, _ = np.linalg.svd(x, full_matrices=False)
    expected = u[:, :2] * s[:2]
    for axis in range(2):
        sign = np.sign(shown[:, axis] @ expected[:, axis])
        assert np.allclose(shown[:, axis], sign * expected[:, axis], atol=1e-9)


def test_map_labels_never_overlap_and_zooming_in_shows_more(qtbot, view):
    view.view_state.tab = "map"
    settle(qtbot, view)
    word_map = view.map_tab.map

    def rectangles():
        return [rect for _, rect in word_map.placed]

    def assert_apart(rects):
        for i, a in enumerate(rects):
            assert not any(a.intersects(b) for b in rects[i + 1:])

    before = rectangles()
    assert before and len(before) < len(word_map.words)  # some labels had to give way
    assert_apart(before)
    before_words = set(word_map.labelled_words())
    # the labels drawn are the text items shown, at their points
    shown = [item for item in word_map.pool if item.isVisible()]
    assert sorted(item.toPlainText() for item in shown) == sorted(word_map.labelled_words())
    # zoom in on the most crowded spot: the point with the most others within a twentieth of the view
    (x0, x1), (y0, y1) = word_map.plot_item.vb.viewRange()
    xy = word_map.coordinates
    near = (np.abs(xy[:, None, 0] - xy[None, :, 0]) < (x1 - x0) / 20) & \
        (np.abs(xy[:, None, 1] - xy[None, :, 1]) < (y1 - y0) / 20)
    centre = xy[int(np.argmax(near.sum(axis=1)))]
    word_map.plot_item.vb.setRange(QRectF(centre[0] - (x1 - x0) / 16, centre[1] - (y1 - y0) / 16,
                                          (x1 - x0) / 8, (y1 - y0) / 8), padding=0)
    qtbot.wait(20)
    assert_apart(rectangles())
    (x0, x1), (y0, y1) = word_map.plot_item.vb.viewRange()
    assert all(x0 <= xy[i, 0] <= x1 and y0 <= xy[i, 1] <= y1 for i, _ in word_map.placed)
    assert set(word_map.labelled_words()) - before_words  # hidden labels appear


@pytest.mark.parametrize("language, expected", [("en", "'Pariss' is not in the vocabulary"),
                                                ("zh", "“Pariss”不在")])
def test_an_unknown_word_is_named_in_both_languages_and_nothing_is_lost(qtbot, make_view, language, expected):
    from app import i18n

    i18n.install(language)
    try:
        view = make_view("embeddings", size=(1280, 680))
        before = [view.neighbours_tab.model.raw(row, 1) for row in range(3)]
        view.neighbours_tab.word.setText("Pariss")
        qtbot.waitUntil(lambda: "Pariss" in view.message.text(), timeout=30000)
        assert expected in view.message.text()
        assert view.stale  # the last good picture stays, greyed
        assert [view.neighbours_tab.model.raw(row, 1) for row in range(3)] == before
        assert view.view_state.word == "Pariss" and view.neighbours_tab.word.text() == "Pariss"
        view.neighbours_tab.word.setText("Paris")
        settle(qtbot, view)
        assert not view.stale and view.message.text() == ""
    finally:
        i18n.install("en")


def test_a_users_glove_file_answers_as_gensim_reads_it(qtbot, view, tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))
    rng = np.random.default_rng(3)
    words = [f"w{i}" for i in range(300)]
    vectors = rng.normal(size=(300, 20)).astype(np.float32)
    path = tmp_path / "vectors.txt"
    path.write_text("".join(w + " " + " ".join(f"{x:.6f}" for x in row) + "\n" for w, row in zip(words, vectors)),
                    encoding="utf-8")
    view.open_file(str(path), "glove")
    view.neighbours_tab.word.setText("w7")
    settle(qtbot, view)
    kv = gensim_load(path, no_header=True)
    expected = kv.most_similar("w7", topn=10)
    model = view.neighbours_tab.model
    assert column(model, 1) == [w for w, _ in expected]
    assert np.allclose(column(model, 2), [s for _, s in expected], atol=TOLERANCE, rtol=0)
    assert "vectors.txt" in view.controls.source_box.currentText()


def test_open_file_menu_reads_the_file_in_the_format_chosen_there(qtbot, view, tmp_path, monkeypatch):
    """Open file… asks for the format in its menu (no box of its own: a row less at 22 pt): a
    word2vec binary file chosen under "word2vec binary" answers as gensim reads it."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))
    rng = np.random.default_rng(5)
    kv = KeyedVectors(vector_size=16)
    kv.add_vectors([f"b{i}" for i in range(120)], rng.normal(size=(120, 16)).astype(np.float32))
    path = tmp_path / "vectors.bin"
    kv.save_word2vec_format(str(path), binary=True)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    menu = view.controls.open_button.menu()
    assert [a.text() for a in menu.actions()] == ["GloVe text (no header)", "word2vec text", "word2vec binary",
                                                  "fastText .vec"]
    next(a for a in menu.actions() if a.text() == "word2vec binary").trigger()
    view.neighbours_tab.word.setText("b3")
    qtbot.waitUntil(lambda: "vectors.bin" in view.controls.source_box.currentText(), timeout=30000)
    settle(qtbot, view)
    expected = KeyedVectors.load_word2vec_format(str(path), binary=True).most_similar("b3", topn=10)
    model = view.neighbours_tab.model
    assert column(model, 1) == [w for w, _ in expected]
    assert np.allclose(column(model, 2), [s for _, s in expected], atol=TOLERANCE, rtol=0)


def test_the_parallelogram_follows_each_answer_and_the_text_size(qtbot, view, word2vec_en):
    """The parallelogram's items are made once and moved (not rebuilt per keystroke): a second
    analogy moves the labels to its words and retitles the axes with its PCA's shares of the
    variance (numpy's SVD of the four vectors here), and a new text size reaches the labels."""
    from PySide6.QtWidgets import QApplication

    from app import style

    view.view_state.tab = "analogy"
    tab = view.analogy_tab
    for a, b, c in (("visit", "visited", "buy"), ("buy", "bought", "visit")):
        tab.a.setText(a)
        tab.b.setText(b)
        tab.c.setText(c)
        settle(qtbot, view)
        best = word2vec_en.most_similar(positive=[b, c], negative=[a], topn=1)[0][0]
        assert [label.toPlainText() for label in tab.labels] == [a, b, c, f"{best}  ?"]
        vectors = np.array([word2vec_en[w] for w in (a, b, c, best)], dtype=np.float64)
        singular = np.linalg.svd(vectors - vectors.mean(axis=0), compute_uv=False)
        share = singular ** 2 / (singular ** 2).sum()
        axes = tab.plot.getPlotItem()
        assert style.format_number(100 * share[0], 4) in axes.getAxis("bottom").labelText
        assert style.format_number(100 * share[1], 4) in axes.getAxis("left").labelText
        assert tab.labels[3].pos().x() == pytest.approx(tab.answer.value.parallelogram.coordinates[3, 0])
    font = QApplication.font()
    bigger = QApplication.font()
    bigger.setPointSize(font.pointSize() + 6)
    QApplication.setFont(bigger)
    try:
        view.apply_zoom()
        assert all(label.textItem.font().pointSizeF() == style.font().pointSizeF() for label in tab.labels)
        assert "PC1 (" in tab.plot.getPlotItem().getAxis("bottom").labelText  # the answer's titles again
    finally:
        QApplication.setFont(font)


def test_each_answer_draws_the_pca_of_its_four_words_in_one_paint(qtbot, view, word2vec_en):
    """Each answer's parallelogram, as drawn: the points, its sides and rungs, the labels and the
    axis titles equal numpy's SVD of the four vectors (a sign per component is the PCA's choice);
    the titles replaced in place read as pyqtgraph's setLabel writes them, at its place; and the
    plot is painted once per answer (its labels took the new range's transform while painted and
    asked for a second paint, until 2026-12-02)."""
    from pyqtgraph.widgets.GraphicsView import GraphicsView

    from app import style
    from app.widgets.plot_text import NO_SI_PREFIX

    view.view_state.tab = "analogy"
    tab = view.analogy_tab
    plot = tab.plot.getPlotItem()
    painted = []
    real_paint = GraphicsView.paintEvent

    def counted(widget, event):
        if widget is tab.plot:
            painted.append(1)
        return real_paint(widget, event)

    GraphicsView.paintEvent = counted
    results = []
    try:
        for a, b, c in (("visit", "visited", "buy"), ("buy", "bought", "visit"), ("January", "February", "March")):
            tab.a.setText(a)
            tab.b.setText(b)
            tab.c.setText(c)
            settle(qtbot, view)
            for _ in range(3):  # whatever the answer's paint asks to paint again
                qtbot.wait(20)
            best = word2vec_en.most_similar(positive=[b, c], negative=[a], topn=1)[0][0]
            vectors = np.array([word2vec_en[w] for w in (a, b, c, best)], dtype=np.float64)
            u, singular, _ = np.linalg.svd(vectors - vectors.mean(axis=0), full_matrices=False)
            expected = u[:, :2] * singular[:2]
            x, y = tab.points.getData()
            drawn = np.column_stack([x, y])
            signs = np.sign(np.sum(drawn * expected, axis=0))
            np.testing.assert_allclose(drawn, expected * signs, atol=1e-9)
            np.testing.assert_allclose(np.column_stack(tab.sides.getData()), drawn[[0, 1, 2, 3]], atol=0)
            np.testing.assert_allclose(np.column_stack(tab.rungs.getData()), drawn[[0, 2, 1, 3]], atol=0)
            assert [label.toPlainText() for label in tab.labels] == [a, b, c, f"{best}  ?"]
            assert [(label.pos().x(), label.pos().y()) for label in tab.labels] == [tuple(p) for p in drawn]
            # each label is drawn in its parent's present transform (its words upright, unscaled)
            assert all(label._lastTransform == label.parentItem().sceneTransform() for label in tab.labels)
            share = singular ** 2 / (singular ** 2).sum()
            titles = [f"PC1 ({style.format_number(100 * share[0], 4)} % of the variance)",
                      f"PC2 ({style.format_number(100 * share[1], 4)} %)"]
            shown = [(plot.getAxis(name).label.toHtml(), plot.getAxis(name).label.pos()) for name in ("bottom", "left")]
            assert [plot.getAxis(name).label.toPlainText().strip() for name in ("bottom", "left")] == titles
            for name, title in zip(("bottom", "left"), titles):  # pyqtgraph's own way, for comparison
                plot.setLabel(name, title, siPrefixEnableRanges=NO_SI_PREFIX,
                              **{"font-size": f"{style.font().pointSizeF():.0f}pt", "color": style.TEXT.name()})
            assert [(plot.getAxis(name).label.toHtml(), plot.getAxis(name).label.pos())
                    for name in ("bottom", "left")] == shown
            results.append(tab.result)
        for _ in range(3):
            qtbot.wait(20)
        # each answer drawn again in turn: one paint of the plot each where the axes keep their
        # size (where a longer tick label widens an axis, the plot's layout changes: more paints)
        def axes_sizes():
            return [plot.getAxis(name).size() for name in ("bottom", "left")]

        # the left axis at a fixed width: its tick labels ("-2" or "-1.5") differ from answer to
        # answer and would resize the plot's layout (in a plot 762 px wide all three did)
        plot.getAxis("left").setWidth(80)
        for _ in range(3):
            qtbot.wait(20)
        steady = []
        for again in (*results, *results):
            before = axes_sizes()
            painted.clear()
            view.render_answer(again)
            for _ in range(3):
                qtbot.wait(20)
            if axes_sizes() == before:
                steady.append(len(painted))
        assert steady and steady == [1] * len(steady)
    finally:
        GraphicsView.paintEvent = real_paint


@pytest.mark.parametrize("language", ["en", "zh"])
def test_at_22_pt_the_analogy_tab_fits_with_every_column_and_its_picture(qtbot, make_view, language, text_at_22_pt):
    """At text ×2 in what a 1280×680 window leaves the view: the Analogy tab's page does not
    scroll (its norms and formula fold behind "Formulas", the best answer's sum stays), every
    column of the table is in view (the cosines' headers on two lines), the parallelogram keeps
    at least seven lines of height and a third of the row, and unfolding the formulas shows the
    norms (the page may scroll then: the user asked for them).  Before, the page scrolled, the
    score column was cut and the plot was 240 px tall."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication, QHeaderView

    from app import i18n
    from tests.app.test_layout_fit import CHROME_AT_22_PT, SMALL_SCREEN

    i18n.install(language)
    try:
        view = make_view("embeddings", size=(SMALL_SCREEN[0] - 8, SMALL_SCREEN[1] - CHROME_AT_22_PT))
        view.tabs.setCurrentWidget(view.analogy_tab)
        tab = view.analogy_tab
        settle(qtbot, view)
        qtbot.waitUntil(lambda: tab.answer is not None, timeout=30000)
        page = tab.parentWidget().parentWidget()  # the tab's scrolling page (its viewport's parent)
        line = QFontMetrics(QApplication.font()).lineSpacing()
        qtbot.waitUntil(lambda: not tab.formulas_toggle.isChecked() and tab.formulas.isHidden(), timeout=5000)
        qtbot.wait(50)
        assert not page.needs_scrolling(), (page.needed(), page.maximumViewportSize())
        assert "<b>" in tab.arithmetic.text() and tab.arithmetic.isVisible()
        header = tab.table.horizontalHeader()
        columns = sum(header.sectionSize(c) for c in range(header.count()))
        assert columns <= tab.table.viewport().width(), (columns, tab.table.viewport().width())
        assert not tab.table.horizontalScrollBar().isVisible()
        for c in range(header.count()):  # each column at least as wide as its header's longest line
            text = tab.model.headerData(c, Qt.Orientation.Horizontal)
            assert header.sectionSize(c) >= max(header.fontMetrics().horizontalAdvance(t) for t in text.split("\n"))
        assert header.sectionResizeMode(0) == QHeaderView.ResizeMode.Interactive
        row = tab.table.parentWidget()
        assert tab.plot.height() >= 7 * line and tab.plot.width() >= row.width() // 3
        tab.formulas_toggle.click()
        qtbot.waitUntil(lambda: tab.formulas.isVisible(), timeout=5000)
        assert "‖e_visit‖" in tab.formulas.text()
    finally:
        i18n.install("en")


def test_at_11_pt_the_formulas_show_and_the_table_is_as_wide_as_its_columns(qtbot, view):
    """At the usual size the norms and formula are shown; the table takes its columns' width (not
    a fixed 3/5 of the row, which left a blank third) and the parallelogram the rest."""
    view.view_state.tab = "analogy"
    tab = view.analogy_tab
    settle(qtbot, view)
    qtbot.waitUntil(lambda: tab.answer is not None and tab.formulas.isVisible(), timeout=30000)
    assert tab.formulas_toggle.isChecked() and "‖e_visit‖" in tab.formulas.text()
    header = tab.table.horizontalHeader()
    assert all("\n" not in tab.model.headerData(c, Qt.Orientation.Horizontal) for c in range(header.count()))

    def as_wide_as_its_columns():  # once the answer's columns are laid out (a layout request later)
        columns = sum(header.sectionSize(c) for c in range(header.count()))
        return columns <= tab.table.viewport().width() <= columns + tab.table.verticalScrollBar().sizeHint().width()

    qtbot.waitUntil(as_wide_as_its_columns, timeout=3000)
    assert tab.plot.width() > tab.table.width()


def test_a_malformed_file_is_refused_with_its_line_number(qtbot, view, tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "bad.txt"
    path.write_text("king 0.1 0.2 0.3\nqueen 0.4 0.5\nman 0.1 0.1 0.1\n", encoding="utf-8")
    view.open_file(str(path), "glove")
    qtbot.waitUntil(lambda: "line 2" in view.message.text(), timeout=30000)
    assert "2 numbers after the word" in view.message.text() and "3" in view.message.text()


def test_cancel_stops_reading_a_file_and_gives_back_the_vectors_before(qtbot, view, tmp_path, monkeypatch):
    """Reading is made slow (each block waits) so that Cancel is pressed while it runs."""
    import threading

    from engine.embeddings import loader, text_parser

    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(loader, "BLOCK_BYTES", 1024)
    release = threading.Event()
    real_parse = text_parser.parse_block

    def slow_parse(*args, **kwargs):
        release.wait(0.05)
        return real_parse(*args, **kwargs)

    monkeypatch.setattr(loader, "parse_block", slow_parse)
    path = tmp_path / "slow.txt"
    path.write_text("".join(f"w{i} " + " ".join(["0.5"] * 10) + "\n" for i in range(3000)), encoding="utf-8")
    view.open_file(str(path), "glove")
    qtbot.waitUntil(lambda: view.controls.progress_panel.isVisible(), timeout=30000)
    view.controls.cancel_button.click()
    release.set()
    settle(qtbot, view)
    assert view.view_state.source == "trained:word2vec-en"
    assert not view.controls.progress_panel.isVisible()
    assert view.neighbours_tab.answer.source.key == "trained:word2vec-en" and view.message.text() == ""


def test_watching_word2vec_learn_draws_snapshots_and_stop_works(qtbot, make_view):
    from app.views.embeddings import EmbeddingsView

    class SmallCorpus(EmbeddingsView):  # a few seconds' corpus: the view's own code otherwise
        LEARN_SENTENCES = 2000
        LEARN_EVERY = 20

    view = make_view(SmallCorpus, size=(1280, 680))
    view.view_state.tab = "learn"
    settle(qtbot, view)
    tab = view.learn_tab
    assert tab.snapshot.step == 0 and not tab.snapshot.losses
    seen = []
    original = tab.show_snapshot
    tab.show_snapshot = lambda snapshot: (seen.append(snapshot.step), original(snapshot))
    tab.train_button.click()
    assert tab.stop_button.isEnabled() and not tab.train_button.isEnabled()
    qtbot.waitUntil(lambda: len(seen) >= 3, timeout=60000)
    tab.stop_button.click()
    qtbot.waitUntil(lambda: not view.learn_loop.busy, timeout=60000)
    assert tab.snapshot.stopped and tab.snapshot.step < tab.snapshot.steps
    assert seen == sorted(seen) and all(s % 20 == 0 for s in seen if s != tab.snapshot.step)
    assert len(tab.curve.getData()[0]) == len(tab.snapshot.losses) >= 3
    assert tab.train_button.isEnabled() and not tab.stop_button.isEnabled()
    # the neighbours on screen are those of the embedding at that step: cosines of a real vector
    assert all(-1 <= cosine <= 1 for _, pairs in tab.snapshot.neighbours for _, cosine in pairs)


@pytest.mark.slow  # makes the full 20,000-sentence corpus and starts training on it: seconds
def test_closing_during_training_ends_it(qtbot, make_view, bridge):
    """The training polls the bridge: shutting it down (the window closing) stops the training,
    so the worker thread ends at once instead of after the whole run."""
    import time

    view = make_view("embeddings", size=(1280, 680))
    view.view_state.tab = "learn"
    settle(qtbot, view)
    started = []
    original = view.learn_tab.show_snapshot
    view.learn_tab.show_snapshot = lambda s: (started.append(s.step), original(s))
    view.learn_tab.train_button.click()
    qtbot.waitUntil(lambda: bool(started) and started[-1] > 0, timeout=60000)
    begun = time.perf_counter()
    bridge.shutdown()
    assert time.perf_counter() - begun < 10
    assert not bridge.background.alive


CLOSE_WHILE_TRAINING = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import main

app = QApplication(sys.argv[:1])
def step():
    windows = [w for w in QApplication.topLevelWidgets() if w.isVisible() and hasattr(w, "current_view")]
    view = windows[0].current_view() if windows and windows[0].views else None
    if view is None or not view.ready():
        return QTimer.singleShot(100, step)
    tab = view.learn_tab
    if view.view_state.tab != "learn":
        view.view_state.tab = "learn"  # its untrained snapshot first
    elif tab.snapshot is not None and tab.snapshot.step == 0 and not view.busy:
        tab.train_button.click()
    elif tab.snapshot is not None and tab.snapshot.step > 0:
        print("closing", time.time(), flush=True)
        return windows[0].close()
    QTimer.singleShot(100, step)
QTimer.singleShot(300, step)
sys.exit(main.main(["--device", "cpu", "--view", "embeddings"]))
"""


@pytest.mark.slow  # starts the app in a subprocess and trains until the first snapshot
def test_closing_the_window_during_training_exits_0_at_once(tmp_path):
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "ATTENTION_LAB_CACHE": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-c", CLOSE_WHILE_TRAINING], cwd=Path(__file__).resolve().parents[2],
                          env=env, capture_output=True, text=True, timeout=300)
    ended = time.time()
    assert proc.returncode == 0, proc.stderr[-1500:]
    closing = float(proc.stdout.split("closing", 1)[1].split()[0])
    # the whole training takes tens of seconds here: the close stopped it
    assert ended - closing < 10, (ended - closing, proc.stderr[-800:])


def test_a_session_naming_a_users_file_offers_it_and_explains_a_missing_one(qtbot, view, tmp_path):
    from app.views.embeddings.state import EmbeddingsState

    key = f"file:glove:{tmp_path / 'gone.txt'}"
    view.apply_state(EmbeddingsState(source=key, word="king"))
    assert view.controls.source_box.currentData() == key and "gone.txt" in view.controls.source_box.currentText()
    qtbot.waitUntil(lambda: "gone.txt" in view.message.text(), timeout=30000)
    assert "cannot be read" in view.message.text() and view.view_state.source == key


@pytest.mark.slow  # imports openTSNE (with scikit-learn: seconds) and runs a t-SNE
def test_tsne_map_shows_progress_and_cancel_goes_back_to_pca(qtbot, view):
    view.view_state.tab = "map"
    settle(qtbot, view)
    view.map_tab.count_spin.setValue(40)
    view.map_tab.method_box.setCurrentIndex(view.map_tab.method_box.findData("tsne"))
    qtbot.waitUntil(lambda: view.controls.progress_panel.isVisible(), timeout=60000)
    settle(qtbot, view)
    assert view.map_tab.answer.value.method == "tsne" and view.map_tab.map.coordinates.shape == (40, 2)
    assert "t-SNE" in view.picture()[1] and "t-SNE" in view.message.text()
    assert not view.controls.progress_panel.isVisible()
    # a larger map, cancelled once it has begun: the PCA map of the same words instead
    view.map_tab.count_spin.setValue(1500)
    qtbot.waitUntil(lambda: view.controls.progress_panel.isVisible(), timeout=60000)
    view.controls.cancel_button.click()
    settle(qtbot, view)
    assert view.view_state.map_method == "pca" and view.map_tab.answer.value.method == "pca"
    assert len(view.map_tab.answer.value.words) == 346 and view.message.text() == ""


def test_an_analogy_test_set_is_scored_per_section_as_gensim_does(qtbot, view, tmp_path, monkeypatch):
    """A user's GloVe file and a Google-format test set, both opened through the view; the table
    is gensim's evaluate_word_analogies on the same two files, over all words and over the first
    70 (restrict_vocab, which cuts f30…f39: a part of the last section is skipped)."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))
    kv, questions = planted_analogies(tmp_path)
    vectors = tmp_path / "planted.txt"
    kv.save_word2vec_format(str(vectors), write_header=False)
    view.open_file(str(vectors), "glove")
    view.view_state.tab = "test"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(questions), ""))
    view.test_tab.open_button.click()
    oracle = gensim_load(vectors, no_header=True)
    for restrict in (0, 70):
        view.controls.restrict_spin.setValue(restrict)
        settle(qtbot, view)
        score, sections = oracle.evaluate_word_analogies(str(questions), restrict_vocab=restrict or 300000)
        model = view.test_tab.model
        assert column(model, 0) == [s["section"] for s in sections[:-1]] + ["Total accuracy"]
        assert column(model, 1) == [len(s["correct"]) for s in sections]
        assert column(model, 2) == [len(s["correct"]) + len(s["incorrect"]) for s in sections]
        assert np.allclose(column(model, 3), [len(s["correct"]) / max(1, len(s["correct"]) + len(s["incorrect"]))
                                              for s in sections])
        assert column(model, 3)[-1] == pytest.approx(score)
        assert 0 < score < 1 or restrict  # over all words some are right, some wrong: the test can tell
        # skipped for a word outside the vocabulary: the section's questions that gensim left out
        asked = questions_per_section(questions)
        assert column(model, 4) == [asked[s["section"]] - len(s["correct"]) - len(s["incorrect"])
                                    for s in sections[:-1]] + [sum(asked.values()) - sum(column(model, 2)[:-1])]
    assert column(model, 4)[-1] > 1  # the restricted vocabulary skipped more than the one unknown word
    with open(view.export_csv(tmp_path / "test-set.csv"), encoding="utf-8") as exported:
        rows = list(csv.reader(exported))
    assert rows[0][0] == "section" and rows[-1][0] == "Total accuracy" and float(rows[-1][3]) == pytest.approx(score)


def questions_per_section(path) -> dict[str, int]:
    """Lines of four words under each ': section' line of a Google-format file."""
    counts, section = {}, None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(": "):
            section = line[2:].strip()
            counts[section] = 0
        elif len(line.split()) == 4:
            counts[section] += 1
    return counts


def test_words_searched_restricts_neighbours_and_analogies_as_gensims_restrict_vocab(qtbot, view, word2vec_en):
    view.controls.restrict_spin.setValue(100)
    view.neighbours_tab.word.setText("Paris")
    settle(qtbot, view)
    expected = word2vec_en.most_similar("Paris", topn=10, restrict_vocab=100)
    assert expected != word2vec_en.most_similar("Paris", topn=10)  # the restriction changes the answer
    assert column(view.neighbours_tab.model, 1) == [w for w, _ in expected]
    assert np.allclose(column(view.neighbours_tab.model, 2), [s for _, s in expected], atol=TOLERANCE, rtol=0)
    view.view_state.tab = "analogy"
    settle(qtbot, view)
    expected = word2vec_en.most_similar(positive=["visited", "buy"], negative=["visit"], topn=10, restrict_vocab=100)
    assert column(view.analogy_tab.model, 1) == [w for w, _ in expected]


def test_cancel_stops_scoring_a_test_set(qtbot, view, tmp_path, monkeypatch):
    """The batches of questions after the first wait for the test's release, so that Cancel is
    pressed while the test set is scored (the first batch's progress shows the bar)."""
    import threading

    from engine.embeddings import analogy_test

    release = threading.Event()
    real_answer = analogy_test._answer
    calls = []

    def slow_answer(*args, **kwargs):
        calls.append(True)
        if len(calls) > 1:
            release.wait(30)
        return real_answer(*args, **kwargs)

    monkeypatch.setattr(analogy_test, "_answer", slow_answer)
    path = tmp_path / "months.txt"
    months = ["January", "February", "March", "April", "May", "June"]
    lines = "".join(f"{a} {b} {c} {d}\n" for a, b, c, d in itertools.permutations(months, 4))
    path.write_text(": months\n" + lines + ": again\n" + lines, encoding="utf-8")  # 4 batches of questions
    view.view_state.tab = "test"
    view.open_test_set(str(path))
    qtbot.waitUntil(lambda: view.controls.progress_panel.isVisible(), timeout=30000)
    view.controls.cancel_button.click()
    release.set()
    settle(qtbot, view)
    # back to the built-in set of the grammar's verb forms, never the half-scored file
    assert view.view_state.test_file == "" and view.test_tab.answer.value.path == ""
    assert not view.controls.progress_panel.isVisible() and view.message.text() == ""
    assert "months" not in [s.name for s in view.test_tab.answer.value.score.sections]


def test_each_3cosmul_answer_shows_gensims_table_and_pyqtgraphs_ticks_for_its_parallelogram(qtbot, view, word2vec_en):
    """3CosMul answers typed in turn: the table is gensim's most_similar_cosmul, the points are
    numpy's PCA of the four vectors, and each axis, laid out by FastAxis at each new range (or
    kept from the answer before where the frame stays), shows what pyqtgraph's own AxisItem lays
    out for that axis (its tick lines, labels, places)."""
    import pyqtgraph as pg
    from PySide6.QtGui import QPainter, QPicture

    from app.widgets.token_axis import _LAID_OUT

    def laid_out_by_pyqtgraph(axis):
        picture = QPicture()
        painter = QPainter(picture)
        try:
            painter.setFont(axis.style["tickFont"])
            return pg.AxisItem.generateDrawSpecs(axis, painter)
        finally:
            painter.end()

    def comparable(spec):
        (pen, a, b), ticks, texts = spec
        return ((pen.color().rgba(), a.x(), a.y(), b.x(), b.y()),
                [(p.color().rgba(), p.widthF(), s.x(), s.y(), e.x(), e.y()) for p, s, e in ticks],
                [(r.x(), r.y(), r.width(), r.height(), int(flags), text) for r, flags, text in texts])

    view.view_state.tab = "analogy"
    tab = view.analogy_tab
    tab.method_box.setCurrentIndex(tab.method_box.findData("mul"))
    plot = tab.plot.getPlotItem()
    ranges = set()
    for a, b, c in (("visit", "visited", "buy"), ("January", "February", "March"), ("buy", "bought", "visit")):
        tab.a.setText(a)
        tab.b.setText(b)
        tab.c.setText(c)
        settle(qtbot, view)
        for _ in range(3):  # the answer painted, and whatever its paint asks to paint again
            qtbot.wait(20)
        expected = word2vec_en.most_similar_cosmul(positive=[b, c], negative=[a], topn=10)
        assert column(tab.model, 1) == [w for w, _ in expected]
        assert np.allclose(column(tab.model, 5), [s for _, s in expected], atol=TOLERANCE, rtol=0)
        vectors = np.array([word2vec_en[w] for w in (a, b, c, expected[0][0])], dtype=np.float64)
        u, singular, _ = np.linalg.svd(vectors - vectors.mean(axis=0), full_matrices=False)
        drawn = np.column_stack(tab.points.getData())
        pca = u[:, :2] * singular[:2]
        np.testing.assert_allclose(drawn, pca * np.sign(np.sum(drawn * pca, axis=0)), atol=1e-9)
        for name in ("bottom", "left"):
            axis = plot.getAxis(name)
            assert axis.picture is _LAID_OUT, f"{name}: not laid out by FastAxis"
            shown = comparable(axis._specs)
            assert shown == comparable(laid_out_by_pyqtgraph(axis)), name
            assert len(shown[2]) >= 2, f"{name}: fewer than two numbers written"
            ranges.add((name, tuple(axis.range)))
    # the frame is kept while an answer fits it (the axes keep their ticks laid out, and those
    # are still pyqtgraph's for the range shown: checked above); these answers change it on
    # each axis at least once (January … March lies ten times closer to its centre)
    assert all(len({r for n, r in ranges if n == name}) >= 2 for name in ("bottom", "left")), ranges


def test_the_parallelogram_frame_is_a_round_number_kept_while_the_points_fit_it():
    """On each axis ±R with R ≥ 1.05 × the half-width the picture needs, from 1, 1.2, 1.5, 2,
    2.5, 3, 4, 5, 6, 8 × 10ᵏ; the frame shown (±1.04 R) stays while R is within 1 to 2 × it."""
    from app.views.embeddings.analogy_tab import EDGE, framed

    nothing = (0.0, 1.0)  # pyqtgraph's range before any frame
    assert framed(2.3, nothing) == 2.5  # 2.415 → 2.5
    assert framed(2.5, nothing) == 3  # 2.625 → 3
    assert framed(0.0012, nothing) == pytest.approx(0.0015)
    assert framed(0.0, nothing) == 1.2  # no extent: as for 1 (1.05 → 1.2)

    def shown(r):
        return (-EDGE * r, EDGE * r)

    assert framed(2.0, shown(4)) == pytest.approx(4)  # 2 ≤ 4 ≤ 2 · 2: kept
    assert framed(3.9, shown(4)) == pytest.approx(4)
    assert framed(4.1, shown(4)) == 5  # beyond the frame: 4.305 → 5
    assert framed(1.9, shown(4)) == 2  # 2 · 1.9 < 4: 1.995 → 2
    assert framed(2.0, (-EDGE * 3, EDGE * 4)) == 2.5  # panned by the user: a new frame (2.1 → 2.5)


def test_each_word_of_the_parallelogram_is_inside_the_plot_at_22_pt(qtbot, make_view, text_at_22_pt):
    """The frame leaves each point's word room inside the plot, at 22 pt in a short plot too."""
    view = make_view("embeddings", size=(1272, 540))
    view.tabs.setCurrentWidget(view.analogy_tab)
    tab = view.analogy_tab
    settle(qtbot, view)
    qtbot.waitUntil(lambda: tab.answer is not None, timeout=30000)
    for _ in range(3):
        qtbot.wait(20)
    box = tab.plot.getPlotItem().vb
    inside = box.sceneBoundingRect()
    for label in tab.labels:
        assert inside.contains(label.sceneBoundingRect()), (label.toPlainText(), inside, label.sceneBoundingRect())


@pytest.mark.parametrize("width", [300, 900])
def test_the_bars_value_labels_never_run_into_each_other(qtbot, width, text_at_22_pt):
    """At 22 pt, bars 300 px wide (beside a wide table) wrote 0.2 0.4 0.6 0.8 into each other;
    each value label written now stands clear of the next, and a wide chart keeps pyqtgraph's."""
    from PySide6.QtGui import QPainter, QPicture

    from app.views.embeddings.tab_base import HorizontalBars

    bars = HorizontalBars()
    qtbot.addWidget(bars)
    bars.resize(width, 320)
    bars.show()
    qtbot.waitExposed(bars)
    bars.style_text("accuracy")
    bars.show_bars(["past tense", "third person -s", "-ing form", "Total accuracy"], [0.34, 0.35, 0.41, 0.37])
    qtbot.wait(30)
    axis = bars.getAxis("bottom")
    picture = QPicture()
    painter = QPainter(picture)
    painter.setFont(axis.style["tickFont"])
    _, _, texts = axis.generateDrawSpecs(painter)
    painter.end()
    boxes = sorted((rect.left(), rect.right()) for rect, _, _ in texts)
    assert boxes, "no value written"
    assert all(right < next_left for (_, right), (next_left, _) in zip(boxes, boxes[1:])), boxes
    if width == 900:
        assert len(boxes) >= 4 and axis._tickSpacing is None


def test_an_analogy_answer_is_painted_in_one_pass_of_the_event_loop(qtbot, view, word2vec_en):
    """Each answer's table, sum and picture are painted in the first pass of the event loop after
    it is drawn, and nothing of them again in the next (its layouts and the table's new columns
    were each left to a later pass: the labels were painted twice, the table in a second pass)."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    view.view_state.tab = "analogy"
    tab = view.analogy_tab
    results = []
    for a, b, c in (("visit", "visited", "buy"), ("January", "February", "March"), ("buy", "bought", "visit")):
        tab.a.setText(a)
        tab.b.setText(b)
        tab.c.setText(c)
        settle(qtbot, view)
        results.append(tab.result)
    for _ in range(3):
        qtbot.wait(20)
    watched = {tab.table.viewport(): "table", tab.arithmetic: "sum", tab.formulas: "formulas",
               tab.plot.viewport(): "picture"}
    painted = []

    class Paints(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint and obj in watched:
                painted.append(watched[obj])
            return False

    paints = Paints()
    app = QApplication.instance()
    app.installEventFilter(paints)
    try:
        for again in (*results, *results):
            view.render_answer(again)
            painted.clear()
            app.processEvents()
            first = sorted(painted)
            painted.clear()
            app.processEvents()
            assert first == ["formulas", "picture", "sum", "table"] and painted == [], (first, painted)
    finally:
        app.removeEventFilter(paints)
