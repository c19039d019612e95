"""The language-model view driven like a user, checked against nltk.lm fitted here on the same
pasted text (MLE, Laplace, Lidstone) and against a δ scan done here with nltk's Lidstone."""
import csv
import math

import numpy as np
import pytest
from nltk.lm import MLE, Laplace, Lidstone
from nltk.lm.preprocessing import padded_everygram_pipeline

from app.views.language_model import LanguageModelView

#: five lines: the view trains on the first four and holds out the last (fewer than ten lines)
TRAIN = ["the cat sat on the mat", "the dog sat on the log", "a cat saw the dog",
         "the dog saw a cat on the mat"]
HELDOUT = ["the cat sat on the log"]
PASTED = "\n".join(TRAIN + HELDOUT)


def nltk_model(kind, order, delta=None):
    model = {"mle": MLE, "add-one": Laplace}.get(kind)
    lm = model(order) if model else Lidstone(delta, order)
    train, vocab = padded_everygram_pipeline(order, [line.split() for line in TRAIN])
    lm.fit(train, vocab)
    return lm


def nltk_scores(lm, order, tokens):
    padded = ["<s>"] * (order - 1) + list(tokens) + ["</s>"]
    return [lm.score(padded[i], padded[i - order + 1:i]) for i in range(order - 1, len(padded))]


def shown_probability(chip) -> float:
    return float(chip.text().split("\n")[1].replace("−", "-"))


def shown_number(label) -> float:
    text = label.text().rsplit("=", 1)[1].split()[0].replace("−", "-")
    return math.inf if text == "∞" else float(text)


def pasted_view(qtbot, bridge, shared_state, pasted: str, tab: str | None = None):
    """The view shown at 1280×680 on `pasted` as its corpus (`tab` opened first)."""
    v = LanguageModelView(bridge, shared_state)
    qtbot.addWidget(v)
    v.resize(1280, 680)
    v.show()
    v.view_state.pasted = pasted
    v.view_state.corpus = "pasted"
    if tab is not None:
        v.view_state.tab = tab
    return v


@pytest.fixture
def view(qtbot, bridge, shared_state):
    v = pasted_view(qtbot, bridge, shared_state, PASTED)
    qtbot.waitUntil(lambda: not v.busy and v.report is not None
                    and v.loop.request.kwargs["corpus"] == "pasted", timeout=30000)
    return v


def type_sentence(qtbot, view, sentence):
    view.controls.sentence.clear()
    qtbot.keyClicks(view.controls.sentence, sentence)
    qtbot.waitUntil(lambda: not view.busy and view.loop.request.args[0] == sentence, timeout=10000)


@pytest.mark.parametrize("estimator, order, delta", [("mle", 2, None), ("add-one", 2, None), ("add-one", 3, None),
                                                     ("add-delta", 2, 0.3)])
def test_typed_sentence_strip_and_perplexity_match_nltk(qtbot, view, estimator, order, delta):
    view.view_state.order = order
    view.view_state.estimator = estimator
    if delta is not None:
        view.view_state.delta = delta
    sentence = "the cat saw the log"
    type_sentence(qtbot, view, sentence)
    lm = nltk_model(estimator, order, delta)
    expected = nltk_scores(lm, order, sentence.split())
    chips = [chip for chip in view.sentence_panel.chips if not chip.isHidden()]
    assert [chip.text().split("\n")[0] for chip in chips] == sentence.split() + ["⟨/s⟩"]
    for chip, p in zip(chips, expected):
        assert shown_probability(chip) == pytest.approx(p, rel=1e-3, abs=1e-12)
    padded = ["<s>"] * (order - 1) + sentence.split() + ["</s>"]
    ngrams = [tuple(padded[i - order + 1:i + 1]) for i in range(order - 1, len(padded))]
    assert shown_number(view.sentence_panel.perplexity_label) == pytest.approx(lm.perplexity(ngrams), rel=1e-4)


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_unseen_bigram_under_mle_is_zero_and_perplexity_infinite(qtbot, view):
    view.view_state.estimator = "mle"
    type_sentence(qtbot, view, "the mat sat")  # "mat sat" never occurs in training
    chips = view.sentence_panel.chips
    assert shown_probability(chips[2]) == 0
    assert view.sentence_panel.perplexity_label.text().endswith("∞")
    tip = chips[2].toolTip()
    assert "c(h w) / c(h) = 0 / 2" in tip  # "mat" ends two training sentences: c(mat ·) = 2


def test_tooltip_gives_the_counts_behind_the_probability(qtbot, view):
    view.view_state.estimator = "add-one"
    type_sentence(qtbot, view, "the cat")
    bigrams = [pair for line in TRAIN for pair in zip(line.split(), line.split()[1:] + ["</s>"])]
    together, after = bigrams.count(("the", "cat")), sum(first == "the" for first, _ in bigrams)
    assert (together, after) == (1, 7)
    assert "c(h w) / c(h) = 1 / 7" in view.sentence_panel.chips[1].toolTip()


def test_delta_curve_minimum_equals_an_independent_scan(qtbot, view):
    type_sentence(qtbot, view, "the cat")
    view.view_state.tab = "delta"  # the view draws the open tab
    deltas = np.logspace(-4, 1, 41)
    heldout = HELDOUT[0].split()
    scan = [2 ** -np.mean(np.log2(nltk_scores(nltk_model("add-delta", 2, d), 2, heldout))) for d in deltas]
    best = int(np.argmin(scan))
    x, y = view.delta_panel.minimum_marker.getOriginalDataset()
    assert x[0] == pytest.approx(deltas[best], rel=1e-9)
    assert y[0] == pytest.approx(scan[best], rel=1e-9)
    view.delta_panel.best_button.click()
    qtbot.waitUntil(lambda: not view.busy and view.loop.request.kwargs["estimator"] == "add-delta", timeout=10000)
    assert view.view_state.delta == pytest.approx(deltas[best], rel=1e-3)


def test_continuations_table_sums_and_csv(qtbot, view, tmp_path):
    view.view_state.estimator = "add-one"
    type_sentence(qtbot, view, "the")
    view.view_state.tab = "continuations"
    table = view.continuations_panel.table
    lm = nltk_model("add-one", 2)
    first = table.item(0, 0).text()
    assert float(table.item(0, 3).text()) == pytest.approx(lm.score(first, ["the"]), rel=1e-3)
    assert float(table.item(0, 2).text()) == pytest.approx(MLE_score("the", first), rel=1e-3)
    path = view.export_csv(tmp_path / "c.csv")
    with open(path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert rows[0]["token"] == first and float(rows[0]["probability"]) == pytest.approx(lm.score(first, ["the"]))


def MLE_score(context, word):  # noqa: N802 - nltk's model name
    return nltk_model("mle", 2).score(word, [context])


def textbook_add_one(order, tokens):
    """Add-one under the textbook's conventions, counted here: n − 1 <s> and one </s> around each
    training line, only the words and </s> predicted; outcomes = the words, <unk> and </s>."""
    from collections import Counter

    grams, contexts = Counter(), Counter()
    for line in TRAIN:
        padded = ["<s>"] * (order - 1) + line.split() + ["</s>"]
        for i in range(order - 1, len(padded)):
            grams[tuple(padded[i - order + 1:i + 1])] += 1
            contexts[tuple(padded[i - order + 1:i])] += 1
    known = {w for line in TRAIN for w in line.split()}
    outcomes = len(known) + 2
    padded = ["<s>"] * (order - 1) + [w if w in known else "<unk>" for w in tokens] + ["</s>"]
    return [(grams[tuple(padded[i - order + 1:i + 1])] + 1) / (contexts[tuple(padded[i - order + 1:i])] + outcomes)
            for i in range(order - 1, len(padded))]


def test_the_textbook_conventions_are_offered_and_said(qtbot, view):
    assert "n − 1 ⟨/s⟩" in view.sentence_panel.conventions.text()  # nltk's, by default
    view.view_state.order = 3
    view.view_state.estimator = "add-one"
    box = view.controls.conventions_box
    box.setCurrentIndex(box.findData("textbook"))  # as a user picks it
    sentence = "the cat saw a zebra"
    type_sentence(qtbot, view, sentence)
    qtbot.waitUntil(lambda: view.loop.request.kwargs["conventions"] == "textbook" and not view.busy, timeout=10000)
    expected = textbook_add_one(3, sentence.split())
    chips = [chip for chip in view.sentence_panel.chips if not chip.isHidden()]
    assert [shown_probability(chip) for chip in chips] == pytest.approx(expected, rel=1e-3)
    nltk_laplace = nltk_scores(nltk_model("add-one", 3), 3, sentence.split())
    assert not np.allclose(expected, nltk_laplace, rtol=1e-2)  # the option changes what is shown
    assert "one ⟨/s⟩" in view.sentence_panel.conventions.text() and "<unk>" in view.sentence_panel.conventions.text()
