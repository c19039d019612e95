"""The decoding view driven like a user: its bars against Hugging Face's warpers on logits computed
here through the engine model, the sample table against counts and the grammar's known
probabilities, the date models' invalid share against C's strptime, and the sent P and Q."""
import csv
import math
import time

import numpy as np
import pytest
import torch
from PySide6.QtCore import Qt

from app.views.decoding import DecodingView

hf = pytest.importorskip("transformers.generation.logits_process")

TEXT = "简九月要访问非洲"
#: the grammar's renderings of TEXT (engine/data/zh_en.py, README): the truth, typed here
TRUTH = {"Jane will visit Africa in September": 0.4, "Jane is going to visit Africa in September": 0.3,
         "Jane is visiting Africa in September": 0.2, "Jane is going to be visiting Africa in September": 0.1}


@pytest.fixture(scope="module")
def zh_en():
    from engine import load_model

    return load_model("zh-en-toy", device="cpu")


def settled(view) -> bool:
    return view.ready() and not view.busy


@pytest.fixture
def view(make_view):
    return make_view("decoding", size=(1280, 680))


def oracle(model, text, prefix, temperature, k, p, m):
    """P(next token) after ⟨s⟩ + prefix: the model's logits through the engine model, the tokens
    decoding never writes cut, then Hugging Face's warpers in generate's order."""
    tgt = model.target_tokenizer
    _, state = model.prepare(text)
    with torch.inference_mode():
        logits, _ = model.decode_prefixes(state, torch.tensor([[tgt.bos_id, *prefix]]))
    x = logits[0, -1].float().reshape(1, -1).clone()
    x[0, list(model.never_generated)] = -math.inf
    ids = torch.zeros((1, 1), dtype=torch.long)
    for warper in (hf.TemperatureLogitsWarper(temperature), hf.TopKLogitsWarper(k) if k else None,
                   hf.TopPLogitsWarper(p) if p < 1 else None, hf.MinPLogitsWarper(m) if m > 0 else None):
        if warper is not None:  # (Hugging Face refuses the values that mean "off" here)
            x = warper(ids, x)
    return torch.softmax(x[0].double(), dim=-1).numpy()


def drawn(panel, column):
    """The bar lengths of a column: (kept, cut) per row as drawn."""
    return (np.asarray(panel.kept_bars[column].opts["width"], dtype=float),
            np.asarray(panel.cut_bars[column].opts["width"], dtype=float))


def test_the_bars_equal_hugging_faces_warpers_and_a_slider_redraws_them(qtbot, view, zh_en):
    state = view.view_state
    state.step = 2
    state.temperature, state.top_k, state.top_p, state.min_p = 0.7, 40, 0.9, 0.02
    qtbot.waitUntil(lambda: settled(view), timeout=60000)
    panel = view.stages_panel
    prefix = zh_en.greedy(TEXT).tokens[:1]  # step 2: after the greedy output's first word
    want = oracle(zh_en, TEXT, prefix, 0.7, 40, 0.9, 0.02)
    kept, cut = drawn(panel, 5)
    rows = panel.rows
    assert panel.other and len(rows) < 356
    np.testing.assert_allclose(kept[:-1], want[rows], atol=1e-6)
    rest = np.ones(356, dtype=bool)
    rest[rows] = False
    assert kept[-1] == pytest.approx(want[rest].sum(), abs=1e-6)
    assert "Jane" in panel.heading.text() and "step 2" in panel.heading.text()
    assert "H = {0} bits".format(f"{-(want[want > 0] * np.log2(want[want > 0])).sum():.2f}") in panel.notes[5].text()
    # the cut tokens are drawn grey with the probability they had before: top-p cut "are"
    are = list(rows).index(zh_en.target_tokenizer.stoi["are"])
    assert kept[are] == 0 and cut[are] > 0
    # a slider move redraws the bars at once (no request: the logits are in the result)
    before = kept.copy()
    requests = view.loop.request
    view.controls.temperature.slider.setValue(view.controls.temperature.slider.value() + 10)  # T + 0.5
    assert state.temperature == pytest.approx(1.2)
    after, _ = drawn(panel, 5)
    assert not np.allclose(after, before)
    np.testing.assert_allclose(after[:-1], oracle(zh_en, TEXT, prefix, 1.2, 40, 0.9, 0.02)[rows], atol=1e-6)
    assert view.loop.request is requests and not view.loop.busy


def sample_rows(view):
    """(kind, output, count, frequency, P grammar, valid) of every row of the table as shown."""
    table = view.samples_panel.table
    return [tuple(table.item(r, c).text() for c in (0, 1, 2, 3, 6, 7)) for r in range(table.rowCount())]


def test_sample_100_fills_the_table_with_counts_frequencies_and_the_grammar(qtbot, view, tmp_path):
    view.view_state.top_p = 0.9  # only valid renderings are left (docs/decoding.md)
    with qtbot.waitSignal(view.updated, timeout=60000):
        qtbot.mouseClick(view.controls.sample_buttons[100], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: settled(view) and view.sample_loop.request.n == 100
                    and view.sample_loop.request.top_p == 0.9, timeout=60000)
    assert view.view_state.tab == "samples" and view.tabs.currentWidget() is view.samples_panel
    rows = sample_rows(view)
    kinds = [r[0] for r in rows]
    assert kinds[0] == "greedy" and kinds[1:6] == [f"beam {i}" for i in range(1, 6)]
    samples = [r for r in rows if not r[0]]
    counts = [int(r[2].replace(",", "")) for r in samples]
    assert sum(counts) == 100
    for (_, output, count, frequency, grammar, valid), n in zip(samples, counts):
        assert float(frequency) == pytest.approx(n / 100, abs=5e-5)
        assert float(grammar) == pytest.approx(TRUTH.get(output, 0.0)) and valid == ("yes" if output in TRUTH else "no")
    assert {r[1] for r in samples} <= set(TRUTH)
    greedy = rows[0]
    assert greedy[1] == "Jane is going to visit Africa in September" and float(greedy[4]) == 0.3
    assert rows[1][1] == "Jane will visit Africa in September"  # beam finds the most probable sentence
    # the summary's total variation, computed here from the counts shown
    frequencies = {r[1]: int(r[2]) / 100 for r in samples}
    tv = 0.5 * sum(abs(TRUTH.get(t, 0) - frequencies.get(t, 0)) for t in set(TRUTH) | set(frequencies))
    assert f"total variation <b>{tv:.3f}</b>" in view.samples_panel.summary.text()
    # the CSV is the table
    view.export_csv(tmp_path / "samples.csv")
    with open(tmp_path / "samples.csv", encoding="utf-8", newline="") as handle:
        exported = list(csv.DictReader(handle))
    assert [int(r["count"]) for r in exported if r["kind"] == ""] == counts


def test_a_date_model_says_how_often_sampling_writes_an_impossible_date(qtbot, view):
    state = view.view_state
    state.model = "date-transformer"
    assert state.text == "4 Nov 1988"  # the lesson sentence is not a date: the date example replaces it
    state.temperature = 1.5
    state.n = 100
    qtbot.waitUntil(lambda: settled(view) and view.sample_loop.request.model == "date-transformer"
                    and view.sample_loop.request.temperature == 1.5, timeout=60000)
    rows = [r for r in sample_rows(view) if not r[0]]

    def is_date(text):
        try:
            time.strptime(text, "%Y-%m-%d")
        except ValueError:
            return False
        return len(text) == 10

    invalid = sum(int(r[2]) for r in rows if not is_date(r[1])) / 100
    assert invalid > 0.3  # T = 1.5 writes many (docs/decoding.md: 86 % at 10,000 samples)
    assert f"Invalid dates: <b>{100 * invalid:.1f} %</b>" in view.samples_panel.summary.text()
    assert all(r[5] == ("yes" if is_date(r[1]) else "no") for r in rows)
    assert view.samples_panel.table.isColumnHidden(6)  # no grammar for dates
    # the bars: 15 characters, drawn whole, the first step after ⟨s⟩
    assert not view.stages_panel.other and len(view.stages_panel.rows) == 15


def test_send_gives_the_entropy_view_the_frequencies_as_p_and_the_grammar_as_q(qtbot, view, make_view,
                                                                             shared_state):
    from engine.distribution_parser import parse_distribution

    entropy = make_view("entropy", size=None)
    shared_state.register_receiver(entropy)
    view.hide()
    view.show()  # as when the user comes back to it: the button names the receiver now registered
    assert view.samples_panel.send_button.text() == "Send to Entropy && KL"
    table = view.table
    with qtbot.waitSignal(shared_state.navigate_requested, timeout=5000):
        qtbot.mouseClick(view.samples_panel.send_button, Qt.MouseButton.LeftButton)
    p = parse_distribution(entropy.inputs.p_edit.toPlainText())
    q = parse_distribution(entropy.inputs.q_edit.toPlainText())
    frequencies = dict(zip(p.labels, p.probabilities))
    for row in table.samples:
        if row.text in TRUTH:
            assert frequencies[row.text] == pytest.approx(row.count / table.n)
    invalid = sum(row.count for row in table.samples if row.text not in TRUTH) / table.n
    assert frequencies["(invalid outputs)"] == pytest.approx(invalid)
    assert dict(zip(q.labels, q.probabilities)) == pytest.approx({**TRUTH, "(invalid outputs)": 0.0})


def test_a_double_clicked_row_gives_the_bars_of_that_output(qtbot, view, zh_en):
    """The beam's best ("Jane will visit …", not greedy's path): its third step follows "Jane will"."""
    table = view.samples_panel.table
    assert table.item(1, 0).text() == "beam 1"
    view.view_state.tab = "samples"
    qtbot.waitUntil(table.isVisible)
    rect = table.visualItemRect(table.item(1, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # (a double click follows a press)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.view_state.tab == "distribution"
    view.view_state.step = 3
    qtbot.waitUntil(lambda: settled(view) and view.loop.request.output != (), timeout=60000)
    panel = view.stages_panel
    stoi = zh_en.target_tokenizer.stoi
    want = oracle(zh_en, TEXT, [stoi["Jane"], stoi["will"]], 1.0, 0, 1.0, 0.0)
    kept, _ = drawn(panel, 5)
    np.testing.assert_allclose(kept[:-1], want[panel.rows], atol=1e-6)
    assert "⟨s⟩ Jane will (step 3 of 7 of the output “Jane will visit Africa in September”)" in panel.heading.text()
    assert panel.greedy_button.isVisible()
    qtbot.mouseClick(panel.greedy_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: settled(view) and view.loop.request.output == (), timeout=60000)
    assert "⟨s⟩ Jane is (step 3 of 9 of the greedy output" in panel.heading.text()
    assert not panel.greedy_button.isVisible()


def test_large_text_draws_as_many_rows_as_the_plots_hold_and_the_buttons_whole(qtbot, view, zh_en):
    """At 18 pt in a short view the token names would overlap: fewer rows, each at least a line of
    the names' font apart in pixels, "other" the rest of the oracle's probability; taller again,
    the twelve tokens and "other" come back.  Export beside the tabs is whole (Qt bounds a tab
    widget's corner to the tab bar's height), the Sample buttons whole in the settings' rows, and
    every tab name whole."""
    from PySide6.QtCore import QPointF, QRect
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    panel = view.stages_panel
    rest_of = lambda want, rows: want[np.setdiff1d(np.arange(want.size), rows)].sum()  # noqa: E731
    font = QApplication.font()
    try:
        large = QApplication.font()
        large.setPointSize(18)
        QApplication.setFont(large)
        view.resize(1272, 480)
        box = panel.plots[0].getPlotItem().getViewBox()
        axis = panel.plots[0].getPlotItem().getAxis("left")
        qtbot.waitUntil(lambda: axis.style["tickFont"].pointSize() == 18, timeout=5000)  # the zoom reached the plots
        line = QFontMetrics(axis.style["tickFont"]).lineSpacing()

        def row_pixels():
            return abs(box.mapViewToScene(QPointF(0, 1)).y() - box.mapViewToScene(QPointF(0, 0)).y())

        qtbot.waitUntil(lambda: row_pixels() >= line, timeout=5000)  # once laid out at 18 pt: names apart
        assert 1 <= len(panel.rows) < 12 and panel.other  # at the least the likeliest token and "other"
        want = oracle(zh_en, TEXT, [], 1.0, 0, 1.0, 0.0)  # step 1, nothing but the special tokens cut
        kept, _ = drawn(panel, 1)
        np.testing.assert_allclose(kept[:-1], want[panel.rows], atol=1e-6)
        assert kept[-1] == pytest.approx(rest_of(want, panel.rows), abs=1e-6)
        # at 18 pt a 1280×680 window gives the view 1272×607 (test_layout_fit); 480 is less than
        # the view needs, which squeezes its rows to their least
        view.resize(1272, 600)
        options = view.controls.options
        qtbot.waitUntil(lambda: options.height() >= options.layout().heightForWidth(options.width()), timeout=5000)
        corner = view.tabs.cornerWidget()
        button = view.export_button
        assert QRect(button.mapTo(corner, button.rect().topLeft()), button.size()).intersected(
            corner.rect()).size() == button.size() and button.height() >= button.sizeHint().height()
        # the Sample buttons follow the settings: whole inside the settings' rows, and the tab bar
        # beside Export shows both tab names without scroll arrows
        for button in view.controls.sample_buttons.values():
            assert options.rect().contains(QRect(button.mapTo(options, button.rect().topLeft()), button.size()))
            assert button.width() >= button.sizeHint().width()
        bar = view.tabs.tabBar()
        assert all(bar.rect().contains(bar.tabRect(i)) for i in range(bar.count()))
        assert all(bar.tabRect(i).width() >= bar.tabSizeHint(i).width() for i in range(bar.count()))
    finally:
        QApplication.setFont(font)
    view.resize(1400, 900)
    qtbot.waitUntil(lambda: len(panel.rows) == 12, timeout=5000)
    kept, _ = drawn(panel, 1)
    assert kept[-1] == pytest.approx(rest_of(want, panel.rows), abs=1e-6)
    # the number beside (or inside) each bar is the oracle's probability, readable where it is drawn
    from PySide6.QtGui import QColor

    shown = [*want[panel.rows], rest_of(want, panel.rows)]
    bar = QColor(panel.kept_bars[1].opts["brush"])
    for label, p in zip(panel.values[1], shown):
        assert label.isVisible() == (p >= 0.005) and (p < 0.005 or label.text() == f"{p:.2f}")
        if label.isVisible() and label.pos().x() < p - 1e-6:  # drawn on the bar's end
            assert abs(label.brush().color().lightnessF() - bar.lightnessF()) >= 0.4


@pytest.mark.parametrize("language, height", [pytest.param("en", 595, marks=pytest.mark.slow), ("zh", 580)])
def test_at_22_pt_the_bars_tab_shows_other_and_the_notes_without_scrolling(qtbot, make_view, language, height):
    """On a 1280×680 window at 22 pt (the view's page: 1272×595 in English, 1272×580 in Chinese,
    tests/app/test_layout_fit.py) the bars' tab does not scroll: the "other" row and the notes under
    the bars are on screen, each note one line per quantity, none of its text cut.  The token axis
    names at least three tokens and "other" (in Chinese it named one before the sampler's settings
    folded behind their button), a line of its font apart; the settings open from that button
    with every text whole."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    from app import i18n
    from app.widgets.scrolling_page import ScrollingPage
    from tests.app.test_layout_fit import text_layout_problems

    font = QApplication.font()
    large = QApplication.font()
    large.setPointSize(22)
    i18n.install(language)
    QApplication.setFont(large)
    page = None
    try:
        view = make_view("decoding", size=None, until=None)
        view.add_explanation()
        view.explanation_box.set_compact(True)  # as in the window at 22 pt
        page = ScrollingPage(view)
        page.resize(1272, height)
        page.show()
        qtbot.waitExposed(page)
        qtbot.waitUntil(lambda: settled(view), timeout=60000)
        panel, bars_page = view.stages_panel, view.tabs.page_area(0)
        axis = panel.plots[0].getPlotItem().getAxis("left")
        qtbot.waitUntil(lambda: axis.style["tickFont"].pointSize() == 22, timeout=5000)
        qtbot.waitUntil(lambda: not bars_page.needs_scrolling(), timeout=5000)
        assert not page.needs_scrolling()
        assert panel.other and panel.labels[-1] == QApplication.translate("StagesPanel", "other {0}").format(
            356 - len(panel.rows))
        # the "other" row's centre and each note lie inside the tab's visible area
        seen = bars_page.viewport()
        box = panel.plots[0].getPlotItem().getViewBox()
        other = box.mapViewToScene(QPointF(0, len(panel.labels) - 1))
        centre = panel.plots[0].mapTo(seen, panel.plots[0].mapFromScene(other))
        assert seen.rect().contains(centre)
        for note in panel.notes:
            lines = note.text().split("\n")
            metrics = QFontMetrics(note.font())
            assert len(lines) == 2 and all(metrics.horizontalAdvance(line) <= note.width() for line in lines)
            assert note.height() >= note.heightForWidth(note.width())
            top_left = note.mapTo(seen, note.rect().topLeft())
            assert seen.rect().contains(top_left) and seen.rect().contains(top_left + note.rect().bottomRight())
        assert "100.0 %" in panel.notes[0].text().split("\n")[0]  # the model's column keeps everything
        # the tick labels drawn beside the rows: three tokens or more, then "other", none on another
        ticks = [text for _, text in axis._tickLevels[0]]
        assert ticks == panel.labels and len(ticks) >= 4, ticks
        row = abs(box.mapViewToScene(QPointF(0, 1)).y() - box.mapViewToScene(QPointF(0, 0)).y())
        assert row >= QFontMetrics(axis.style["tickFont"]).lineSpacing()
        # the settings are behind their button, not lost: its popup holds the sliders and the
        # Sample buttons, every text whole
        controls, settings = view.controls, view.controls.settings_button
        assert settings.isVisible() and not view.isAncestorOf(controls.options)
        settings.click()
        qtbot.waitUntil(settings.popup.isVisible)
        assert controls.temperature.isVisible() and all(b.isVisible() for b in controls.sample_buttons.values())
        assert not text_layout_problems(settings.popup, settings.popup)
        settings.popup.hide()
        # top-k one more than the token rows at step 2 cuts part of "other" (its likeliest token
        # keeps, the rest goes grey): a number of a row with a cut part is written inside the kept
        # bar's end, not on the grey bar after it
        view.view_state.step = 2
        qtbot.waitUntil(lambda: settled(view) and "2" in panel.heading.text(), timeout=60000)
        view.view_state.top_k = len(panel.rows) + 1
        qtbot.waitUntil(lambda: settled(view) and not panel.stages[3].kept.all(), timeout=60000)
        partly_cut = 0
        for column in range(len(panel.plots)):
            kept, cut = drawn(panel, column)
            for row in np.flatnonzero((kept >= 0.005) & (cut > 0)):
                label = panel.values[column][row]
                partly_cut += 1
                bar_pixels = kept[row] * panel.plots[column].getPlotItem().getViewBox().width()
                # (beside the bar only where the kept bar is narrower than the number)
                assert not label.isVisible() or label.pos().x() < kept[row] or bar_pixels < label.boundingRect().width()
        assert partly_cut > 0
    finally:
        if page is not None:
            page.takeWidget()  # the view is make_view's to close
            page.close()
        QApplication.setFont(font)
        i18n.install("en")
