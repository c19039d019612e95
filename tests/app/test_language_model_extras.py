"""The language-model view's model tabs and its text-file corpus, driven like a user and checked
against independent computations: nltk.lm (MLE, Laplace, Lidstone) fitted here for perplexity
against n and the zero-count moment, counts of the padded n-grams made here by hand for the
Good-Turing table (scipy's linregress for its line), nltk's MLE for the naive back-off's sum and
for what a sample may contain."""
import csv
import math
from collections import Counter

import numpy as np
import pytest
from nltk.lm import MLE, Laplace, Lidstone
from nltk.lm.preprocessing import padded_everygram_pipeline
from nltk.util import ngrams, pad_sequence
from PySide6.QtWidgets import QFileDialog
from scipy.stats import linregress
from test_language_model_view import pasted_view

from app.views.language_model import LanguageModelView
from app.views.language_model.view import MODEL_TABS
from engine.ngram import file_corpus

#: five lines: the view trains on the first four and holds out the last (fewer than ten lines);
#: "a dog" never occurs in training, so MLE gives the held-out sentence probability 0
TRAIN = ["the cat sat on the mat", "the dog sat on the log", "a cat saw the dog", "the dog saw a cat on the mat"]
HELDOUT = ["a dog sat on the mat"]
PASTED = "\n".join(TRAIN + HELDOUT)


def nltk_model(kind, order, train=TRAIN, delta=None):
    lm = {"mle": MLE, "add-one": Laplace}[kind](order) if delta is None else Lidstone(delta, order)
    lm.fit(*padded_everygram_pipeline(order, [line.split() for line in train]))
    return lm


def nltk_scores(lm, order, tokens):
    padded = ["<s>"] * (order - 1) + list(tokens) + ["</s>"]
    return [lm.score(padded[i], padded[i - order + 1:i]) for i in range(order - 1, len(padded))]


def nltk_perplexity(lm, order, lines):
    p = np.array([s for line in lines for s in nltk_scores(lm, order, line.split())])
    return math.inf if np.any(p == 0) else float(2 ** -np.mean(np.log2(p)))


def chip_probabilities(strip):
    return [float(chip.text().split("\n")[1].replace("−", "-")) for chip in strip.chips if not chip.isHidden()]


def plotted(item):
    """(x, y) of a plot item as lists (pyqtgraph keeps None for no points)."""
    return tuple([] if a is None else list(a) for a in item.getOriginalDataset())


@pytest.fixture
def view(qtbot, bridge, shared_state):
    # the model tabs' report is computed while one of them is open
    v = pasted_view(qtbot, bridge, shared_state, PASTED, tab="orders")
    qtbot.waitUntil(lambda: not v.busy and v.model is not None and v.model_loop.request.kwargs["corpus"] == "pasted",
                    timeout=30000)
    return v


def settle(qtbot, view, **fields):
    """Set the fields and wait for the answers of them: the sentence's, and the model tabs' when
    one is open (they are computed only then)."""
    for name, value in fields.items():
        setattr(view.view_state, name, value)
    loops = [view.loop] + ([view.model_loop] if view.view_state.tab in MODEL_TABS else [])

    def answered():
        return all(loop.request is not None and all(loop.request.kwargs.get(k, v) == v for k, v in fields.items())
                   for loop in loops)

    qtbot.waitUntil(lambda: not view.busy and answered(), timeout=30000)


def read_csv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.parametrize("estimator, delta", [("add-one", None), ("add-delta", 0.05), ("mle", None)])
def test_perplexity_against_n_matches_nltk_on_both_texts(qtbot, view, tmp_path, estimator, delta):
    settle(qtbot, view, estimator=estimator, **({} if delta is None else {"delta": delta}), tab="orders")
    panel = view.orders_panel
    kind = "mle" if estimator == "mle" else "add-one"
    for key, lines in (("train", TRAIN), ("heldout", HELDOUT)):
        expected = [nltk_perplexity(nltk_model(kind, n, delta=delta), n, lines) for n in range(1, 6)]
        x, y = plotted(panel.lines[key])
        finite = [(n, pp) for n, pp in zip(range(1, 6), expected) if not math.isinf(pp)]
        assert x == [n for n, _ in finite]
        assert y == pytest.approx([pp for _, pp in finite], rel=1e-9)
        endless_x, endless_y = plotted(panel.infinite_markers[key])
        assert [round(n) for n in endless_x] == [n for n, pp in zip(range(1, 6), expected) if math.isinf(pp)]
        assert all(value > max(y, default=0) for value in endless_y)  # drawn at the top, above every number
    if estimator == "mle":  # the held-out sentence has an unseen bigram: ∞ from n = 2, said so in the note
        assert not panel.note.isHidden() and "∞" in panel.note.text()
    else:
        train = [nltk_perplexity(nltk_model(kind, n, delta=delta), n, TRAIN) for n in range(1, 6)]
        assert train[1] < train[0]  # more context fits the training text better
    rows = read_csv(view.export_csv(tmp_path / "orders.csv"))
    assert [float(r["heldout_perplexity"]) for r in rows] == pytest.approx(
        [nltk_perplexity(nltk_model(kind, n, delta=delta), n, HELDOUT) for n in range(1, 6)], rel=1e-9)


def test_perplexity_against_n_of_a_large_text_uses_its_first_sentences_and_says_so(qtbot, view, monkeypatch):
    from engine.ngram import model_report

    monkeypatch.setattr(model_report, "ORDER_CURVE_TRAIN_TOKENS", 12)  # the first two training lines
    model_report.order_curve.cache_clear()
    try:
        settle(qtbot, view, estimator="add-one", words=1_000, tab="orders")  # words: a setting the curve ignores
        expected = [nltk_perplexity(nltk_model("add-one", n, TRAIN[:2]), n, TRAIN[:2]) for n in range(1, 6)]
        assert plotted(view.orders_panel.lines["train"])[1] == pytest.approx(expected, rel=1e-9)
        assert "first 12" in view.orders_panel.note.text()
    finally:
        model_report.order_curve.cache_clear()


def hand_count_of_counts(order):
    """N_r of the order-n n-grams as nltk counts them: n − 1 ⟨s⟩ and ⟨/s⟩ on each side."""
    grams = Counter()
    for line in TRAIN:
        padded = list(pad_sequence(line.split(), order, pad_left=True, left_pad_symbol="<s>", pad_right=True,
                                   right_pad_symbol="</s>"))
        grams.update(ngrams(padded, order))
    return Counter(grams.values()), sum(grams.values())


@pytest.mark.parametrize("order", [2, 3])
def test_good_turing_table_matches_hand_counts(qtbot, view, tmp_path, order):
    settle(qtbot, view, order=order, estimator="good-turing", tab="good-turing")
    n_r, total = hand_count_of_counts(order)
    rs = sorted(n_r)
    table = view.good_turing_panel.table
    assert table.rowCount() == len(rs)
    assert [int(table.item(i, 0).text()) for i in range(len(rs))] == rs
    assert [int(table.item(i, 1).text()) for i in range(len(rs))] == [n_r[r] for r in rs]
    turing = [(r + 1) * n_r.get(r + 1, 0) / n_r[r] for r in rs]
    assert [float(table.item(i, 4).text()) for i in range(len(rs))] == pytest.approx(turing, rel=1e-3)
    neighbours = [0] + rs + [2 * rs[-1] - (rs[-2] if len(rs) > 1 else 0)]
    z = [n_r[r] / (0.5 * (neighbours[i + 2] - neighbours[i])) for i, r in enumerate(rs)]
    line = linregress(np.log(rs), np.log(z))
    rows = read_csv(view.export_csv(tmp_path / "gt.csv"))
    assert [float(row["Z_r"]) for row in rows] == pytest.approx(z, rel=1e-12)
    assert [float(row["S_r"]) for row in rows] == pytest.approx(np.exp(line.intercept + line.slope * np.log(rs)),
                                                                 rel=1e-9)
    assert float(rows[0]["P0_unseen_mass"]) == pytest.approx(n_r[1] / total, rel=1e-12)
    assert f"{n_r[1]:,} / {total:,}" in view.good_turing_panel.unseen_label.text()


def test_the_zero_count_moment_and_its_rescue_match_nltk(qtbot, view, tmp_path):
    settle(qtbot, view, estimator="mle", order=2, tab="zero-count")
    panel = view.zero_count_panel
    assert panel.sentence == HELDOUT[0]
    tokens = HELDOUT[0].split()
    mle = nltk_scores(nltk_model("mle", 2), 2, tokens)
    laplace = nltk_scores(nltk_model("add-one", 2), 2, tokens)
    assert 0 in mle
    assert chip_probabilities(panel.mle_strip) == pytest.approx(mle, rel=1e-3, abs=1e-12)
    assert panel.mle_strip.perplexity_label.text().endswith("∞")
    assert chip_probabilities(panel.smoothed_strip) == pytest.approx(laplace, rel=1e-3)
    shown = float(panel.smoothed_strip.perplexity_label.text().rsplit("=", 1)[1])
    assert shown == pytest.approx(nltk_perplexity(nltk_model("add-one", 2), 2, HELDOUT), rel=1e-4)
    rows = read_csv(view.export_csv(tmp_path / "zero.csv"))
    assert [float(r["add-one_probability"]) for r in rows] == pytest.approx(laplace, rel=1e-12)
    panel.use_button.click()
    qtbot.waitUntil(lambda: not view.busy and view.loop.request.args[0] == HELDOUT[0], timeout=10000)
    assert view.controls.sentence.text() == HELDOUT[0] and view.view_state.tab == "sentence"
    assert chip_probabilities(view.sentence_panel) == pytest.approx(mle, rel=1e-3, abs=1e-12)


def test_generated_sentences_follow_seen_bigrams_are_seeded_and_clickable(qtbot, view, tmp_path):
    settle(qtbot, view, estimator="mle", order=2, tab="generate")
    lm = nltk_model("mle", 2)
    items = view.generate_panel.list
    first = [items.item(i).text() for i in range(items.count())]
    assert len(first) == 8
    for sentence in first:  # MLE draws only what it saw: every bigram, ⟨/s⟩ included, has P > 0 in nltk
        assert all(p > 0 for p in nltk_scores(lm, 2, sentence.split())), sentence
    view.generate_panel.again_button.click()
    qtbot.waitUntil(lambda: not view.busy and view.model.sample_seed == 1, timeout=10000)
    again = [items.item(i).text() for i in range(items.count())]
    assert again != first
    view.view_state.sample_seed = 0  # the same seed draws the same sentences
    qtbot.waitUntil(lambda: not view.busy and view.model.sample_seed == 0, timeout=10000)
    assert [items.item(i).text() for i in range(items.count())] == first
    rows = read_csv(view.export_csv(tmp_path / "samples.csv"))
    assert [r["sentence"] for r in rows] == first
    items.itemClicked.emit(items.item(2))
    qtbot.waitUntil(lambda: not view.busy and view.loop.request.args[0] == first[2], timeout=10000)
    assert view.controls.sentence.text() == first[2]


def test_naive_backoff_shows_its_sum_next_to_the_estimator(qtbot, view):
    settle(qtbot, view, estimator="backoff", order=2, sentence="the cat saw the")
    lm = nltk_model("mle", 2)
    total = sum(lm.score(w, ["the"]) if lm.counts[["the"]][w] > 0 else lm.score(w) for w in lm.vocab)
    assert total > 1
    label = view.controls.backoff_sum
    assert label.isVisible() and "≠ 1" in label.text()
    assert float(label.text().split("=")[1].split()[0]) == pytest.approx(total, rel=1e-4)
    settle(qtbot, view, estimator="add-one")
    assert not label.isVisible()


# ---- a text file as the corpus ------------------------------------------------------------
FILE_LINES = [f"{'the cat' if i % 3 else 'a dog'} sat on the {'mat' if i % 2 else 'log'}" for i in range(12)]


def open_file(qtbot, view, monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    view.controls.open_button.click()
    qtbot.waitUntil(lambda: not view.file_loop.busy, timeout=30000)


def test_a_utf8_file_becomes_the_corpus_and_scores_as_nltk_on_its_training_lines(qtbot, view, monkeypatch,
                                                                                  tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("\n".join(FILE_LINES) + "\n", encoding="utf-8")
    open_file(qtbot, view, monkeypatch, path)
    settle(qtbot, view, corpus="file", estimator="add-one", order=2, sentence="a dog sat on the mat", tab="sentence")
    assert view.loop.request.kwargs["file"] == str(path)
    train = [line for i, line in enumerate(FILE_LINES) if i % 10 != 9]  # every tenth line is held out
    expected = nltk_scores(nltk_model("add-one", 2, train), 2, "a dog sat on the mat".split())
    assert chip_probabilities(view.sentence_panel) == pytest.approx(expected, rel=1e-3)
    info = view.file_bar.info.text()
    assert "mine.txt" in info and "UTF-8" in info and f"{sum(len(l.split()) for l in FILE_LINES)} tokens" in info
    assert view.file_bar.isVisible() and not view.file_bar.progress.isVisible()


def test_a_gb18030_file_is_read_as_chinese_characters(qtbot, view, monkeypatch, tmp_path):
    lines = ["简九月要访问非洲", "他们要访问中国", "简要学习中文"]
    path = tmp_path / "中文.txt"
    path.write_bytes("\n".join(lines).encode("gb18030"))
    open_file(qtbot, view, monkeypatch, path)
    settle(qtbot, view, corpus="file", estimator="add-one", order=2, sentence="简要访问", tab="sentence")
    assert "GB18030" in view.file_bar.info.text()
    expected = nltk_scores(nltk_model("add-one", 2, [" ".join(line) for line in lines[:-1]]), 2, list("简要访问"))
    assert chip_probabilities(view.sentence_panel) == pytest.approx(expected, rel=1e-3)


@pytest.fixture
def chinese(qapp):
    from app import i18n

    i18n.install("zh")
    yield
    i18n.install("en")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_refused_file_says_why_in_the_interface_language_and_loses_nothing(qtbot, bridge, shared_state,
                                                                            monkeypatch, tmp_path, language):
    from app import i18n

    i18n.install(language)
    try:
        v = LanguageModelView(bridge, shared_state)
        qtbot.addWidget(v)
        v.show()
        qtbot.waitUntil(lambda: not v.busy and v.report is not None, timeout=30000)
        before = chip_probabilities(v.sentence_panel)
        path = tmp_path / "utf16.txt"
        path.write_bytes("the cat sat".encode("utf-16"))
        open_file(qtbot, v, monkeypatch, path)
        text = v.file_message.text()
        assert not v.file_bar.progress.isVisible() and not v.file_bar.cancel_button.isVisible()
        assert ("UTF-16" in text and "NUL" in text) and (("另存为" in text) if language == "zh" else ("save it" in text))
        monkeypatch.setattr(file_corpus, "MAX_FILE_BYTES", 1_000_000)
        big = tmp_path / "big.txt"
        big.write_text("the cat sat on the mat\n" * 50_000, encoding="utf-8")  # 1.15 MB
        open_file(qtbot, v, monkeypatch, big)
        assert "1.1 MB" in v.file_message.text() and "1 MB" in v.file_message.text()
        assert v.view_state.corpus == "en" and chip_probabilities(v.sentence_panel) == before
        assert not v.stale
    finally:
        i18n.install("en")


def test_cancel_stops_the_reading_and_keeps_the_corpus(qtbot, view, monkeypatch, tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("the cat sat on the mat\n" * 1_000_000, encoding="utf-8")  # 23 MB: 23 chunks of 1 MB
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    view.controls.open_button.click()
    assert view.file_bar.progress.isVisible() and view.file_bar.cancel_button.isVisible()
    view.file_bar.cancel_button.click()
    qtbot.waitUntil(lambda: not view.file_loop.busy, timeout=30000)
    assert "cancelled" in view.file_bar.info.text()
    assert view.view_state.corpus == "pasted" and not view.file_bar.progress.isVisible()


def test_a_restored_session_reads_its_file_again_and_a_missing_one_is_named(qtbot, view, tmp_path):
    path = tmp_path / "restored.txt"
    path.write_text("\n".join(FILE_LINES), encoding="utf-8")
    state = type(view.view_state)(corpus="file", file=str(path), pasted=PASTED, estimator="add-one", order=2,
                                  sentence="the cat sat", tab="sentence")
    view.apply_state(state)
    qtbot.waitUntil(lambda: not view.busy and view.loop.request.kwargs["file"] == str(path), timeout=30000)
    train = [line for i, line in enumerate(FILE_LINES) if i % 10 != 9]
    expected = nltk_scores(nltk_model("add-one", 2, train), 2, "the cat sat".split())
    assert chip_probabilities(view.sentence_panel) == pytest.approx(expected, rel=1e-3)
    view.view_state.file = str(tmp_path / "gone.txt")
    qtbot.waitUntil(lambda: not view.busy and view.loop.error is not None, timeout=30000)
    assert "cannot be read" in view.message.text() and view.stale
