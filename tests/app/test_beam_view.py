"""The beam-search view, compared with the engine called directly.

What the user sees is read back from the widgets: the tree's node items (status, visibility),
the n-best table's cells, the labels, the bars and the heatmap."""
import csv
import math

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from scipy.stats import entropy as scipy_entropy

from app.widgets.tokens import display_token

MODEL = "date-transformer"
TEXT = "4 Nov 1988"


@pytest.fixture(scope="module")
def model():
    from engine import load_model

    return load_model(MODEL, device="cpu")


def settled(view) -> bool:
    """The search on screen is the one the controls ask for, and nothing is pending."""
    a = view.original
    return (a is not None and not view._debounce.isActive() and view.bridge.idle
            and a.model == view.model_name and a.text == view.input.text().strip()
            and a.beam_width == view.beam_spin.value() and a.length_penalty == view.length_penalty
            and math.isclose(a.alpha, round(view.alpha_spin.value(), 4))
            and view.inspection is not None)


def wait_settled(qtbot, view):
    qtbot.waitUntil(lambda: settled(view), timeout=30000)


@pytest.fixture
def view(qtbot, bridge, shared_state):
    from app.views.beam import BeamView

    v = BeamView(bridge, shared_state)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    v.model_box.setCurrentIndex(v.model_box.findData(MODEL))
    wait_settled(qtbot, v)
    return v


def considered(trace):
    return {c.node_id: c for step in trace for c in step if c.considered}


def assert_tree_matches(view, direct, vocab):
    expected = considered(direct.trace)
    items = view.tree.node_items
    assert set(items) == set(expected)
    for node_id, c in expected.items():
        item = items[node_id]
        assert (item.step, item.status, item.token) == (c.step, c.status, display_token(vocab[c.token]))
        assert item.logprob == pytest.approx(c.logprob, abs=1e-5)
        assert item.isVisible()
    for step in range(1, direct.steps_run + 1):
        kept = [it for it in items.values() if it.step == step and it.status == "kept"]
        assert len(kept) <= direct.beam_width


@pytest.mark.parametrize("width_sequence", [(3, 10, 1)])
def test_changing_b_redraws_the_engine_trace(qtbot, view, model, width_sequence):
    vocab = model.target_tokenizer.itos
    for b in width_sequence:
        view.beam_spin.setValue(b)
        wait_settled(qtbot, view)
        direct = model.beam(TEXT, beam_width=b, length_penalty="power", alpha=0.7)
        assert view.tree.analysis is view.original
        assert_tree_matches(view, direct, vocab)
        assert view.tree.visible_steps() == list(range(1, direct.steps_run + 1))
        assert len(view.tree.header_items) == direct.steps_run + 1


def test_typing_and_normalisation_controls_are_live(qtbot, view, model):
    view.input.clear()
    qtbot.keyClicks(view.input, "Friday 26, March 2021")
    view.penalty_box.setCurrentIndex(view.penalty_box.findData("gnmt"))
    view.alpha_spin.setValue(1.0)
    wait_settled(qtbot, view)
    direct = model.beam("Friday 26, March 2021", beam_width=5, length_penalty="gnmt", alpha=1.0)
    assert_tree_matches(view, direct, model.target_tokenizer.itos)
    assert view.original.best.text == "2021-03-26"
    # The formula of the best hypothesis, with its numbers filled in.
    best = direct.hypotheses[0]
    text = view.formula_label.text()
    length = len(best.tokens)
    assert f"((5 + {length}) / 6)" in text
    assert f"{best.logprob:.3f}".replace("-", "−") in text
    assert f"{((5 + length) / 6) ** 1.0:.3f}" in text
    assert f"{best.score:.3f}".replace("-", "−") in text
    view.penalty_box.setCurrentIndex(view.penalty_box.findData("none"))
    wait_settled(qtbot, view)
    assert "no length normalisation" in view.formula_label.text()
    assert not view.alpha_spin.isEnabled()


def test_n_best_table_matches_the_engine(qtbot, view, model):
    view.beam_spin.setValue(4)
    wait_settled(qtbot, view)
    direct = model.beam(TEXT, beam_width=4, length_penalty="power", alpha=0.7)
    tgt = model.target_tokenizer
    table = view.nbest_table
    assert table.rowCount() == len(direct.hypotheses) == 4
    for r, h in enumerate(direct.hypotheses):
        cells = [table.item(r, c).text() for c in range(table.columnCount())]
        assert cells[1] == tgt.decode(h.tokens)
        assert cells[2] == str(len(h.tokens))
        assert cells[3] == f"{h.logprob:.3f}".replace("-", "−")
        assert cells[4] == f"{h.score:.3f}".replace("-", "−")
        assert cells[5] == ("✓" if h.finished else "cut")
    # Selecting a row prints that hypothesis' arithmetic and draws its path.
    table.selectRow(2)
    assert "Hypothesis #3" in view.formula_label.text()
    last = direct.hypotheses[2].node_id
    assert last in view.tree.path_nodes and view.tree.node_items[last].on_path
    # Greedy beside the beam output.
    assert tgt.decode(direct.hypotheses[0].tokens) in view.output_label.text()
    assert model.translate(TEXT) in view.output_label.text().split("Greedy")[1]


def test_stepping_reveals_exactly_one_more_column(qtbot, view):
    total = view.original.result.steps_run
    view.first_button.click()
    assert view.revealed_steps == 0 and view.tree.visible_steps() == []
    assert view.tree.root_item.isVisible()
    for n in range(1, total + 1):
        qtbot.keyClick(view.tree, Qt.Key.Key_Right)
        assert view.revealed_steps == n
        assert view.tree.visible_steps() == list(range(1, n + 1))
        visible = {i for i, it in view.tree.node_items.items() if it.isVisible()}
        assert visible == {i for i, it in view.tree.node_items.items() if it.step <= n}
        assert [s for s, h in view.tree.header_items.items() if h.isVisible()] == list(range(n + 1))
    qtbot.keyClick(view.tree, Qt.Key.Key_Right)  # nothing more to reveal
    assert view.revealed_steps == total
    qtbot.keyClick(view.tree, Qt.Key.Key_Left)
    assert view.tree.visible_steps() == list(range(1, total))
    # During the step-through the table holds what has finished so far.
    view.set_revealed_steps(1)
    assert view.nbest_table.rowCount() == sum(c.status == "finished" for c in view.original.result.trace[0])
    view.back_button.click()
    assert view.revealed_steps == 0


def test_space_plays_to_the_end(qtbot, view):
    view._play_timer.setInterval(5)
    view.set_revealed_steps(0)
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)
    assert view.playing
    qtbot.waitUntil(lambda: not view.playing, timeout=10000)
    assert view.revealed_steps == view.original.result.steps_run
    assert view.nbest_table.rowCount() == len(view.original.hypotheses)
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)  # at the end, play starts over
    assert view.playing and view.revealed_steps <= 1
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)
    assert not view.playing


def test_pruned_toggle_and_all_candidates(qtbot, view):
    view.pruned_check.setChecked(False)
    items = view.tree.node_items.values()
    assert any(it.status == "pruned" for it in items)
    for it in items:
        assert it.isVisible() == (it.status != "pruned")
    view.pruned_check.setChecked(True)
    assert all(it.isVisible() for it in view.tree.node_items.values())
    view.all_check.setChecked(True)
    trace = view.original.result.trace
    assert set(view.tree.node_items) == {c.node_id for s in trace for c in s}
    assert any(not it.considered for it in view.tree.node_items.values())


def test_clicking_a_node_inspects_its_prefix(qtbot, view, model):
    from engine.beam_analysis import inspect_node

    best = view.original.hypotheses[0]
    # the node of the third token of the best hypothesis
    path = []
    n = best.node_id
    while n:
        path.append(n)
        n = view.original.result.nodes[n].parent
    node_id = path[::-1][2]
    item = view.tree.node_items[node_id]
    view.tree.centerOn(item)
    pos = view.tree.mapFromScene(item.sceneBoundingRect().center())
    qtbot.mouseClick(view.tree.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(pos.x(), pos.y()))
    prefix = tuple(view.original.result.prefix(node_id))
    qtbot.waitUntil(lambda: view.inspection is not None and view.inspection.prefix_ids == prefix, timeout=30000)
    assert view.tree.selected_node == node_id and item.selected_node
    probs = model.next_token_distribution(TEXT, list(prefix))
    top = np.sort(probs)[::-1][: view.TOP_K]
    np.testing.assert_allclose(view.bars.opts["height"], top, atol=1e-5)
    h = scipy_entropy(probs, base=2)
    assert f"{h:.3f}" in view.entropy_label.text()
    direct = inspect_node(model, TEXT, prefix)
    np.testing.assert_allclose(view.heatmap.matrix, direct.cross[-1].mean(axis=0), atol=1e-5)
    assert view.heatmap.matrix.shape == (len(prefix) + 1, len(TEXT))
    assert "Node (as if the output ended here)" in view.formula_label.text()


def test_send_distribution_to_entropy_view(qtbot, view, shared_state):
    with qtbot.waitSignal(shared_state.distribution_sent, timeout=5000) as blocker:
        view.send_distribution()
    sent = blocker.args[0]
    assert len(sent.labels) == len(sent.probabilities) == len(view.original.vocab)
    assert sum(sent.probabilities) == pytest.approx(1.0)
    assert "⟨s⟩" in sent.title


def test_forcing_a_token_reruns_from_the_forced_prefix(qtbot, view):
    qtbot.waitUntil(lambda: view.inspection is not None and view.inspection.prefix_ids == (), timeout=30000)
    # Force the second most probable first token (not the one the search followed).
    second = view.force_box.itemData(1)
    view.force_box.setCurrentIndex(1)
    view.force_button.click()
    qtbot.waitUntil(lambda: view.whatif is not None, timeout=30000)
    w = view.whatif
    assert w.forced_prefix == (second,)
    assert all(h.token_ids[0] == second for h in w.hypotheses)
    assert "original" in view.whatif_label.text() and "forced" in view.whatif_label.text()
    assert view.original.best.text in view.whatif_label.text() and w.best.text in view.whatif_label.text()
    # Typing an expected output re-runs the same search: the what-if stays beside it.
    view.expected_input.setText("1988-11-04")
    qtbot.waitUntil(lambda: settled(view) and view.original.error is not None, timeout=30000)
    assert view.whatif is w and view.whatif_tree_check.isEnabled()
    view.whatif_tree_check.setChecked(True)
    assert view.tree.analysis is w
    first_step = [it for it in view.tree.node_items.values() if it.step == 1]
    assert len(first_step) == 1 and first_step[0].forced and first_step[0].status == "kept"
    # Forcing again from a node of the what-if tree extends its prefix.
    qtbot.waitUntil(lambda: view.inspection is not None and view.bridge.idle, timeout=30000)
    node = first_step[0].node_id
    view.select_node(node)
    qtbot.waitUntil(lambda: view.inspection.prefix_ids == (second,), timeout=30000)
    token = view.force_box.itemData(0)
    view.force_token(token)
    qtbot.waitUntil(lambda: view.whatif.forced_prefix == (second, token), timeout=30000)
    assert all(h.token_ids[:2] == (second, token) for h in view.whatif.hypotheses)


def test_error_analysis_with_the_real_model(qtbot, view):
    qtbot.keyClicks(view.expected_input, "1988-11-04")
    wait_settled(qtbot, view)
    qtbot.waitUntil(lambda: view.original.error is not None, timeout=30000)
    assert view.verdict == "agree"
    assert "Agree" in view.verdict_label.text()
    view.expected_input.setText("1989-11-04")
    qtbot.waitUntil(lambda: settled(view) and view.original.error.expected.text == "1989-11-04", timeout=30000)
    assert view.verdict == "model"
    assert "model is to blame" in view.verdict_label.text()
    e = view.original.error
    assert view.error_table.item(0, 0).text() == "1989-11-04"
    assert view.error_table.item(0, 2).text() == f"{e.expected.logprob:.3f}".replace("-", "−")
    assert view.error_table.item(1, 4).text() == f"{e.best.score:.3f}".replace("-", "−")


def test_errors_keep_the_last_good_tree(qtbot, view):
    before = set(view.tree.node_items)
    view.input.setText("1" * 100)
    qtbot.waitUntil(lambda: "at most" in view.message.text(), timeout=30000)
    assert set(view.tree.node_items) == before and view.original.text == TEXT


def test_exports(qtbot, view, tmp_path):
    png, svg, table = tmp_path / "t.png", tmp_path / "t.svg", tmp_path / "t.csv"
    view.export_png(png)
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 200
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 3
    view.export_svg(svg)
    assert "<svg" in svg.read_text(encoding="utf-8")
    view.export_csv(table)
    with table.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) - 1 == sum(len(s) for s in view.original.result.trace)


def test_rnn_model_tree_matches_the_engine(qtbot, view):
    from engine import load_model

    name = "date-rnn-attention"
    if view.model_box.findData(name) < 0:
        pytest.skip("no RNN model shipped")
    view.model_box.setCurrentIndex(view.model_box.findData(name))
    wait_settled(qtbot, view)
    rnn = load_model(name, device="cpu")
    direct = rnn.beam(TEXT, beam_width=5, length_penalty="power", alpha=0.7)
    assert_tree_matches(view, direct, rnn.target_tokenizer.itos)
    assert view.inspection.cross.shape[:2] == (1, 1)
    assert view.heatmap.matrix.shape == (1, len(TEXT))


# ---- constructed cases: the prefix-table model of the issue ------------------------------------

class WordTokenizer:
    itos = ["<pad>", "<s>", "</s>", "<unk>", "nice", "dog", "car", "woman", "guy", "has", "runs", "is", "drives"]
    bos_id, eos_id = 1, 2

    def __len__(self):
        return len(self.itos)

    def encode(self, text, max_length=None, truncate=False):
        from engine.tokenizer import Encoded

        words = text.split()
        ids = [self.itos.index(w) if w in self.itos else 3 for w in words]
        return Encoded(ids, words, tuple(w for w in words if w not in self.itos))

    def tokens(self, ids):
        return [self.itos[int(i)] for i in ids]

    def decode(self, ids):
        out = []
        for i in ids:
            if int(i) == self.eos_id:
                break
            out.append(self.itos[int(i)])
        return " ".join(out)


TABLE = {"<s>": {"nice": .5, "dog": .4, "car": .1}, "nice": {"woman": .4, "</s>": .35, "guy": .25},
         "dog": {"has": .9, "runs": .1}, "car": {"is": .3, "drives": .7}}


class TableModel:
    """The issue's prefix table as a model analyse_beam can run."""

    name = "table"
    max_target_length = 4
    target_tokenizer = WordTokenizer()
    never_generated = ()  # the table gives no token it must not write any probability

    def prepare(self, text):
        return self.target_tokenizer.encode(text), None

    def step_function(self, state, suppress=True):
        itos = self.target_tokenizer.itos

        def step(prefixes):
            rows = np.full((len(prefixes), len(itos)), -np.inf)
            for r, prefix in enumerate(prefixes):
                for word, p in TABLE.get(itos[prefix[-1]], {"</s>": 1.0}).items():
                    rows[r, itos.index(word)] = math.log(p)
            return rows

        return step


class SilentBridge:
    """No engine: the constructed analyses are handed to the view directly."""

    idle = True

    def subscribe(self, channel, callback):
        pass

    def submit(self, channel, request):
        return 0


@pytest.fixture
def table_view(qtbot, shared_state):
    from app.views.beam import BeamView

    v = BeamView(SilentBridge(), shared_state)
    qtbot.addWidget(v)
    return v


@pytest.mark.parametrize("beam_width,expected,verdict,phrase", [
    (1, "dog has", "search", "search is to blame"),  # B=1 follows "nice" (0.5): nice woman, P=0.2 < 0.36
    (2, "car drives", "model", "model is to blame"),  # the model prefers dog has (0.36) to car drives (0.07)
    (2, "dog has", "agree", "Agree"),
])
def test_verdict_on_constructed_cases(qtbot, table_view, beam_width, expected, verdict, phrase):
    from engine.beam_analysis import analyse_beam

    a = analyse_beam(TableModel(), "a sentence", beam_width=beam_width, length_penalty="none", expected=expected)
    table_view.show_analysis(a)
    assert table_view.verdict == verdict
    assert phrase in table_view.verdict_label.text()
    assert table_view.error_table.item(0, 0).text() == expected
    assert table_view.error_table.item(0, 2).text() == f"{math.log({'dog has': .36, 'car drives': .07}[expected]):.3f}" \
        .replace("-", "−")
    # The tree shows the table's search, B kept at most per step.
    assert_tree_matches(table_view, a.result, WordTokenizer.itos)


def test_view_is_registered_after_attention():
    from app.views import view_classes
    from app.views.beam import BeamView

    ids = [cls.view_id for cls in view_classes()]
    assert ids.index("beam") == ids.index("attention") + 1
    assert BeamView.title() == "Beam search"
