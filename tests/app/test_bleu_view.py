"""The BLEU view driven like a user, checked against sacrebleu and counts written here."""
import csv

import pytest
import sacrebleu
from PySide6.QtGui import QImage

from app.views.bleu.presets import PRESETS


@pytest.fixture
def view(make_view):
    return make_view("bleu", size=(1280, 680))


def settle(qtbot, view):
    qtbot.waitUntil(lambda: not view.busy, timeout=10000)


def type_pair(qtbot, view, candidate, references):
    view.controls.references.setPlainText("\n".join(references))
    view.controls.candidate.clear()
    qtbot.keyClicks(view.controls.candidate, candidate)
    qtbot.waitUntil(lambda: not view.busy and view.report.candidate == candidate
                    and view.report.references == tuple(references), timeout=10000)


def choose_preset(qtbot, view, index):
    view.controls.preset_actions[index].trigger()
    preset = PRESETS[index]
    qtbot.waitUntil(lambda: not view.busy and view.report.candidate == preset.candidate, timeout=10000)


def precision_cell(view, n):
    return view.scores.precision_table.item(n - 1, 1).text()


def shown_score(view):
    return view.scores.score_label.text().split("=")[1].strip()


def test_lesson_unigram_clipping_2_of_7_and_default_score(qtbot, view):
    choose_preset(qtbot, view, 0)
    assert precision_cell(view, 1) == "2/7 = 28.57 %"
    assert view.ngrams.tabs.tabText(0) == "n = 1:  2/7"
    table = view.ngrams.tables[0]
    assert [table.item(0, c).text() for c in range(4)] == ["the", "7", "2", "2"]
    assert shown_score(view) == "7.81"  # sacrebleu: 7.8098498423, two decimals as the precisions
    assert "2/7" in view.preset_note.text() and view.preset_note.isVisible()


def test_lesson_bigram_4_of_6_and_the_misprint_3_of_6(qtbot, view):
    choose_preset(qtbot, view, 2)
    assert precision_cell(view, 2) == "4/6 = 66.67 %"
    assert "…on the cat" in view.preset_note.text() and "3/6" in view.preset_note.text()
    choose_preset(qtbot, view, 3)
    assert precision_cell(view, 2) == "3/6 = 50.00 %"


def test_lowercase_toggles_the_capitalised_preset(qtbot, view):
    choose_preset(qtbot, view, 1)
    assert precision_cell(view, 1) == "1/7 = 14.29 %"
    with qtbot.waitSignal(view.updated, timeout=10000):
        view.controls.lowercase_check.setChecked(True)
    settle(qtbot, view)
    assert precision_cell(view, 1) == "2/7 = 28.57 %"


PAIRS = [
    ("the cat sat on the mat", ["the cat is on the mat", "a cat sat on a mat"]),
    ("Hello, world! It is 3.14 today.", ["Hello world, it is 3.14 today.", "hi world"]),
    ("a b c d e", ["a b x d e f g"]),
]


@pytest.mark.parametrize("candidate,references", PAIRS)
def test_score_equals_sacrebleu_for_every_smoothing(qtbot, view, candidate, references):
    type_pair(qtbot, view, candidate, references)
    box = view.controls.smoothing_box
    for index in range(box.count()):
        box.setCurrentIndex(index)
        settle(qtbot, view)
        qtbot.waitUntil(lambda: view.report.result.smoothing == box.currentData(), timeout=10000)
        expected = sacrebleu.sentence_bleu(candidate, references, smooth_method=box.currentData()).score
        assert shown_score(view) == f"{expected:.2f}"
        # the comparison table shows every method's score too
        rows = {view.scores.comparison_table.item(r, 0).text().split()[0]: view.scores.comparison_table.item(
            r, view.scores.comparison_table.columnCount() - 1).text() for r in range(4)}
        for method in ("none", "floor", "add-k", "exp"):
            want = sacrebleu.sentence_bleu(candidate, references, smooth_method=method).score
            assert rows[method] == f"{want:.2f}"


def test_matched_tokens_are_highlighted(qtbot, view):
    type_pair(qtbot, view, "the cat the dog", ["the cat sat"])
    # unigrams: the (count 2, clip 1) -> first 'the' only; cat matched; dog not: positions 0, 1
    assert view.ngrams.matched == (0, 1)
    assert view.ngrams.candidate_line.text().count("#b7e4c7") == 2
    view.ngrams.tabs.setCurrentIndex(1)  # bigrams: only "the cat" matches -> tokens 0, 1
    assert view.ngrams.matched == (0, 1)
    view.ngrams.tabs.setCurrentIndex(2)  # trigrams: none
    assert view.ngrams.matched == ()
    assert view.ngrams.candidate_line.text().count("#b7e4c7") == 0


def test_exports_are_written_and_read_back(qtbot, view, tmp_path):
    choose_preset(qtbot, view, 0)
    with open(view.export_csv(tmp_path / "b.csv"), encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["n", "ngram", "count", "clip", "clipped"]
    assert rows[1] == ["1", "the", "7", "2", "2"]
    assert ["2", "the the", "6", "0", "0"] in rows
    image = QImage(str(view.export_png(tmp_path / "b.png")))
    assert image.width() >= 2 * view.content.width() - 2
    svg = view.export_svg(tmp_path / "b.svg").read_text()
    assert "<svg" in svg and "the the the" in svg


def test_no_reference_is_a_prompt_and_keeps_the_numbers(qtbot, view):
    choose_preset(qtbot, view, 0)
    view.controls.references.setPlainText("")
    qtbot.waitUntil(lambda: "reference" in view.message.text(), timeout=5000)
    assert shown_score(view) == "7.81"


def test_a_long_candidate_gets_one_line_rows_that_grow_with_the_text(qtbot, view):
    """A pasted paragraph gives hundreds of n-grams: the table's rows are one line each (measured
    once, not row by row at every show), every n-gram readable, and larger text makes them taller."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication, QHeaderView

    words = [f"w{i}" for i in range(360)]
    view.controls.references.setPlainText("w0 w1 w2")
    view.controls.candidate.setText(" ".join(words))
    qtbot.waitUntil(lambda: not view.busy and view.report.candidate == " ".join(words), timeout=10000)
    unigrams = view.ngrams.tables[0]
    assert unigrams.rowCount() == 360
    assert [unigrams.item(r, 0).text() for r in range(360)] == words
    rows = unigrams.verticalHeader()
    assert rows.sectionResizeMode(0) == QHeaderView.ResizeMode.Fixed

    def fits():
        line = QFontMetrics(unigrams.font()).height()
        return all(line <= unigrams.rowHeight(r) <= 2 * line for r in range(360))

    assert fits()
    # the candidate line shows the first 300 tokens (w0, w1, w2 matched), and its title says so
    line = view.ngrams.candidate_line.text()
    assert line.count("<span") == 300 and line.count("#b7e4c7") == 3
    assert "&nbsp;w299&nbsp;" in line and "&nbsp;w300&nbsp;" not in line and line.endswith("</span> …")
    assert view.ngrams.candidate_title.text() == ("Candidate: tokens in matched 1-grams in green (the first 300 of "
                                                  "360 tokens; the tables count them all)")
    before = unigrams.rowHeight(100)
    original = QApplication.font()
    bigger = QApplication.font()
    bigger.setPointSizeF(max(original.pointSizeF(), 11) * 2)
    try:
        QApplication.setFont(bigger)
        qtbot.waitUntil(lambda: unigrams.rowHeight(100) > before, timeout=10000)
        assert fits()
    finally:
        QApplication.setFont(original)
    # a short candidate: rows fit their own contents again
    view.controls.candidate.setText("w0 w1")
    qtbot.waitUntil(lambda: not view.busy and view.report.candidate == "w0 w1", timeout=10000)
    assert rows.sectionResizeMode(0) == QHeaderView.ResizeMode.ResizeToContents
