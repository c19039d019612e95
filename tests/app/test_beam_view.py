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
from tests.app.conftest import is_real_date

MODEL = "date-transformer"
TEXT = "4 Nov 1988"


@pytest.fixture(scope="module")
def model():
    from engine import load_model

    return load_model(MODEL, device="cpu")


def settled(view) -> bool:
    """The search on screen is the one the controls ask for, and nothing is pending."""
    a, controls = view.original, view.controls
    return (a is not None and not view.busy and view.bridge.idle
            and a.model == view.model_name and a.text == controls.input.text().strip()
            and a.beam_width == controls.beam_spin.value() and a.length_penalty == controls.length_penalty
            and math.isclose(a.alpha, round(controls.alpha_spin.value(), 4))
            and view.inspection is not None)


def wait_settled(qtbot, view):
    qtbot.waitUntil(lambda: settled(view), timeout=30000)


@pytest.fixture
def view(qtbot, make_view):
    v = make_view("beam", until=None)  # the model is chosen before the first search counts
    v.controls.model_box.setCurrentIndex(v.controls.model_box.findData(MODEL))
    wait_settled(qtbot, v)
    return v


def written(tokenizer, ids):
    """An output as every place of the view writes it: the tokens before </s>, special ones visible
    (tokenizer.decode drops <pad> and writes "<unk>")."""
    ids = list(ids)
    if tokenizer.eos_id in ids:
        ids = ids[: ids.index(tokenizer.eos_id)]
    return "".join(display_token(tokenizer.itos[i]) for i in ids)


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
        view.controls.beam_spin.setValue(b)
        wait_settled(qtbot, view)
        direct = model.beam(TEXT, beam_width=b, length_penalty="power", alpha=0.7)
        assert view.tree.analysis is view.original
        assert_tree_matches(view, direct, vocab)
        assert view.tree.visible_steps() == list(range(1, direct.steps_run + 1))
        assert len(view.tree.header_items) == direct.steps_run + 1


def test_typing_and_normalisation_controls_are_live(qtbot, view, model):
    controls = view.controls
    controls.input.clear()
    qtbot.keyClicks(controls.input, "Friday 26, March 2021")
    controls.penalty_box.setCurrentIndex(controls.penalty_box.findData("gnmt"))
    controls.alpha_spin.setValue(1.0)
    wait_settled(qtbot, view)
    direct = model.beam("Friday 26, March 2021", beam_width=5, length_penalty="gnmt", alpha=1.0)
    assert_tree_matches(view, direct, model.target_tokenizer.itos)
    assert view.original.best.text == "2021-03-26"
    # The formula of the best hypothesis, with its numbers filled in.
    best = direct.hypotheses[0]
    text = view.nbest.formula_label.text()
    length = len(best.tokens)
    assert f"((5 + {length}) / 6)" in text
    assert f"{best.logprob:.3f}".replace("-", "−") in text
    assert f"{((5 + length) / 6) ** 1.0:.3f}" in text
    assert f"{best.score:.3f}".replace("-", "−") in text
    controls.penalty_box.setCurrentIndex(controls.penalty_box.findData("none"))
    wait_settled(qtbot, view)
    assert "no length normalisation" in view.nbest.formula_label.text()
    assert not controls.alpha_spin.isEnabled()


def test_n_best_table_matches_the_engine(qtbot, view, model):
    view.controls.beam_spin.setValue(4)
    wait_settled(qtbot, view)
    direct = model.beam(TEXT, beam_width=4, length_penalty="power", alpha=0.7)
    tgt = model.target_tokenizer
    table = view.nbest.table
    assert table.rowCount() == len(direct.hypotheses) == 4
    for r, h in enumerate(direct.hypotheses):
        cells = [table.item(r, c).text() for c in range(table.columnCount())]
        text = written(tgt, h.tokens)
        assert cells[1] == text + ("" if is_real_date(text) else "  ✗ not a real date")
        assert cells[2] == str(len(h.tokens))
        assert cells[3] == f"{h.logprob:.3f}".replace("-", "−")
        assert cells[4] == f"{h.score:.3f}".replace("-", "−")
        assert cells[5] == ("✓" if h.finished else "cut")
    # Selecting a row prints that hypothesis' arithmetic and draws its path.
    table.selectRow(2)
    assert "Hypothesis #3" in view.nbest.formula_label.text()
    last = direct.hypotheses[2].node_id
    assert last in view.tree.path_nodes and view.tree.node_items[last].on_path
    # Greedy beside the beam output (written once where the two agree).
    beam_output, greedy_output = written(tgt, direct.hypotheses[0].tokens), model.translate(TEXT)
    assert beam_output in view.output_label.text()
    if greedy_output == beam_output:
        assert "and greedy agree: " in view.output_label.text() and "Greedy:" not in view.output_label.text()
    else:
        assert greedy_output in view.output_label.text().split("Greedy:")[1]


def test_stepping_reveals_exactly_one_more_column(qtbot, view):
    total = view.original.result.steps_run
    view.step_bar.first_button.click()
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
    assert view.nbest.table.rowCount() == sum(c.status == "finished" for c in view.original.result.trace[0])
    view.step_bar.back_button.click()
    assert view.revealed_steps == 0


def test_space_plays_to_the_end(qtbot, view):
    view.step_bar.play_timer.setInterval(5)
    view.set_revealed_steps(0)
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)
    assert view.playing
    qtbot.waitUntil(lambda: not view.playing, timeout=10000)
    assert view.revealed_steps == view.original.result.steps_run
    assert view.nbest.table.rowCount() == len(view.original.hypotheses)
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)  # at the end, play starts over
    assert view.playing and view.revealed_steps <= 1
    qtbot.keyClick(view.tree, Qt.Key.Key_Space)
    assert not view.playing


def test_pruned_toggle_and_all_candidates(qtbot, view):
    view.controls.pruned_check.setChecked(False)
    items = view.tree.node_items.values()
    assert any(it.status == "pruned" for it in items)
    for it in items:
        assert it.isVisible() == (it.status != "pruned")
    view.controls.pruned_check.setChecked(True)
    assert all(it.isVisible() for it in view.tree.node_items.values())
    view.controls.all_check.setChecked(True)
    trace = view.original.result.trace
    assert set(view.tree.node_items) == {c.node_id for s in trace for c in s}
    assert any(not it.considered for it in view.tree.node_items.values())


def test_all_candidates_past_the_box_limit_keeps_the_considered_and_the_best_ranked(qtbot, view, monkeypatch):
    from app.views.beam import tree as tree_module

    trace = view.original.result.trace
    every = [c for s in trace for c in s]
    considered = {c.node_id for c in every if c.considered}
    others = sorted((c for c in every if not c.considered), key=lambda c: (c.rank, c.step))
    room = 5
    monkeypatch.setattr(tree_module, "MAX_BOXES", len(considered) + room)
    view.controls.all_check.setChecked(False)
    view.controls.all_check.setChecked(True)
    assert set(view.tree.node_items) == considered | {c.node_id for c in others[:room]}
    assert view.tree.candidates_left_out == len(others) - room
    # and the user is told: the step bar counts what is not drawn (after the zoom, not in the
    # step counter, whose width must not change)
    bar = view.step_bar
    assert bar.left_out_label.isVisible() and "not drawn" not in bar.step_label.text()
    assert bar.left_out_label.text() == f"{len(others) - room:,} least likely candidates not drawn"
    view.controls.all_check.setChecked(False)
    assert not bar.left_out_label.isVisible()


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
    np.testing.assert_allclose(view.node_panel.bars.opts["height"], top, atol=1e-5)
    h = scipy_entropy(probs, base=2)
    assert f"{h:.3f}" in view.node_panel.entropy_label.text()
    direct = inspect_node(model, TEXT, prefix)
    np.testing.assert_allclose(view.node_panel.heatmap.matrix, direct.cross[-1].mean(axis=0), atol=1e-5)
    assert view.node_panel.heatmap.matrix.shape == (len(prefix) + 1, len(TEXT))
    assert "Node (as if the output ended here)" in view.nbest.formula_label.text()


class FakeReceiver:
    """A view that accepts distributions, as the Entropy view does (what SharedState routes to)."""

    view_id = "fake"
    accepts = ("distribution",)

    def __init__(self):
        self.received = []

    @staticmethod
    def title():
        return "Fake & Co"

    def receive(self, kind, payload):
        self.received.append((kind, payload))


def test_send_button_routes_the_distribution_through_shared_state(qtbot, view, model, shared_state):
    button = view.node_panel.send_button
    assert not button.isEnabled()  # nobody receives distributions yet
    receiver = FakeReceiver()
    shared_state.register_receiver(receiver)
    view.select_node(0)
    qtbot.waitUntil(lambda: view.bridge.idle and view.inspection is not None and button.isEnabled(), timeout=30000)
    assert button.text().replace("&&", "&") == "Send to Fake & Co"
    with qtbot.waitSignal(shared_state.navigate_requested, timeout=5000) as shown:
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert shown.args == ["fake"]
    [(kind, sent)] = receiver.received
    assert kind == "distribution"
    vocab = model.target_tokenizer.itos
    assert list(sent.labels) == [display_token(t) for t in vocab]
    np.testing.assert_allclose(sent.probabilities, model.next_token_distribution(TEXT, []), atol=1e-5)
    assert sum(sent.probabilities) == pytest.approx(1.0)
    assert "⟨s⟩" in sent.title


def test_intermediate_node_is_not_called_cut_and_s_is_not_a_character(qtbot, view):
    best = view.original.hypotheses[0]
    path = view.original.result.path(best.node_id)
    node = path[5]  # step 6 of "1988-11-04": the prefix "1988-1"
    view.select_node(node.node_id)
    text = view.nbest.formula_label.text()
    assert "1988-1" in text
    assert "maximum length" not in text and "cut" not in text
    assert "L = 6 tokens" in text and "6 characters" in text  # ⟨s⟩ is neither a token of L nor a character
    finished = view.nbest.formula_text(best, "Hypothesis #1", "power", 0.7, view.original.max_length,
                                         view.original.target_unit)
    assert "10 characters + ⟨/s⟩" in finished and "L = 11 tokens" in finished


def test_one_hypothesis_is_singular(qtbot, view):
    view.controls.beam_spin.setValue(1)
    wait_settled(qtbot, view)
    title = view.nbest.title.text()
    assert "(1 hypothesis," in title and "hypotheses" not in title
    view.controls.beam_spin.setValue(3)
    wait_settled(qtbot, view)
    assert "(3 hypotheses," in view.nbest.title.text()


def test_intermediate_node_panel_lists_tokens_the_engine_never_allows(qtbot, view):
    import dataclasses

    n = view.inspection
    ids = tuple(sorted(n.labels.index(t) for t in ("<pad>", "<s>", "<unk>")))
    assert tuple(sorted(n.never_allowed)) == ids  # the engine masks exactly these three
    view.node_panel.show_inspection(n, {}, None)
    assert "Never allowed" in view.node_panel.entropy_label.text()
    assert "⟨pad⟩, ⟨s⟩, ⟨?⟩" in view.node_panel.entropy_label.text()
    view.node_panel.show_inspection(dataclasses.replace(n, never_allowed=()), {}, None)
    assert "Never allowed" not in view.node_panel.entropy_label.text()


def test_forcing_a_token_reruns_from_the_forced_prefix(qtbot, view):
    qtbot.waitUntil(lambda: view.inspection is not None and view.inspection.prefix_ids == (), timeout=30000)
    # Force the second most probable first token (not the one the search followed).
    whatif_panel = view.whatif_panel
    second = whatif_panel.force_box.itemData(1)
    whatif_panel.force_box.setCurrentIndex(1)
    whatif_panel.force_button.click()
    qtbot.waitUntil(lambda: view.whatif is not None, timeout=30000)
    w = view.whatif
    assert w.forced_prefix == (second,)
    assert all(h.token_ids[0] == second for h in w.hypotheses)
    label = whatif_panel.label.text()
    assert "original" in label and "forced" in label
    assert view.original.best.text in label and w.best.text in label
    # Typing an expected output re-runs the same search: the what-if stays beside it.
    view.error_panel.expected_input.setText("1988-11-04")
    qtbot.waitUntil(lambda: settled(view) and view.original.error is not None, timeout=30000)
    assert view.whatif is w and whatif_panel.tree_check.isEnabled()
    whatif_panel.tree_check.setChecked(True)
    assert view.tree.analysis is w
    first_step = [it for it in view.tree.node_items.values() if it.step == 1]
    assert len(first_step) == 1 and first_step[0].forced and first_step[0].status == "kept"
    # Forcing again from a node of the what-if tree extends its prefix.
    qtbot.waitUntil(lambda: view.inspection is not None and view.bridge.idle, timeout=30000)
    node = first_step[0].node_id
    view.select_node(node)
    qtbot.waitUntil(lambda: view.inspection.prefix_ids == (second,), timeout=30000)
    token = whatif_panel.force_box.itemData(0)
    view.force_token(token)
    qtbot.waitUntil(lambda: view.whatif.forced_prefix == (second, token), timeout=30000)
    assert all(h.token_ids[:2] == (second, token) for h in view.whatif.hypotheses)


def test_error_analysis_with_the_real_model(qtbot, view):
    panel = view.error_panel
    qtbot.keyClicks(panel.expected_input, "1988-11-04")
    wait_settled(qtbot, view)
    qtbot.waitUntil(lambda: view.original.error is not None, timeout=30000)
    assert view.verdict == "agree"
    assert "Agree" in panel.verdict_label.text()
    panel.expected_input.setText("1989-11-04")
    qtbot.waitUntil(lambda: settled(view) and view.original.error.expected.text == "1989-11-04", timeout=30000)
    assert view.verdict == "model"
    assert "model is to blame" in panel.verdict_label.text()
    e = view.original.error
    # one column per output (y*, ŷ), one row per quantity (output, L, log P, divisor, score)
    assert panel.table.item(0, 0).text() == "1989-11-04"
    assert panel.table.item(2, 0).text() == f"{e.expected.logprob:.3f}".replace("-", "−")
    assert panel.table.item(4, 1).text() == f"{e.best.score:.3f}".replace("-", "−")
    # the verdict is drawn below the table, never over its rows
    view.tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: panel.table.isVisible() and panel.table.geometry().top() > 0, timeout=5000)
    assert panel.verdict_label.geometry().top() >= panel.table.geometry().bottom()
    rows = panel.table.verticalHeader()
    assert panel.table.viewport().height() >= rows.sectionPosition(1) + rows.sectionSize(1)  # both rows in full


def test_errors_keep_the_last_good_tree(qtbot, view):
    before = set(view.tree.node_items)
    view.controls.input.setText("1" * 100)
    qtbot.waitUntil(lambda: "at most" in view.message.text(), timeout=30000)
    assert set(view.tree.node_items) == before and view.original.text == TEXT


def test_exports(qtbot, view, tmp_path):
    png, svg, table = tmp_path / "t.png", tmp_path / "t.svg", tmp_path / "t.csv"
    view.export_png(png)
    image = QImage(str(png))
    assert not image.isNull() and image.width() > 200
    colours = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 3
    # the whole tree at 2×, not only the part that fits on the screen
    assert image.width() >= 2 * int(view.tree.drawn_rect().width()) - 2 > 2 * view.tree.viewport().width()
    view.export_svg(svg)
    assert "<svg" in svg.read_text(encoding="utf-8")
    view.export_csv(table)
    with table.open(encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert len(rows) - 1 == sum(len(s) for s in view.original.result.trace)
    vocab = view.original.vocab
    by_id = {c.node_id: c for s in view.original.result.trace for c in s}
    for row in rows[1:]:
        c = by_id[int(row[0])]
        assert row[3] == display_token(vocab[c.token]) and float(row[5]) == c.logprob


@pytest.mark.slow  # a second model's full search
def test_rnn_model_tree_matches_the_engine(qtbot, view):
    from engine import load_model

    name = "date-rnn-attention"
    model_box = view.controls.model_box
    if model_box.findData(name) < 0:
        pytest.skip("no RNN model shipped")
    model_box.setCurrentIndex(model_box.findData(name))
    wait_settled(qtbot, view)
    rnn = load_model(name, device="cpu")
    direct = rnn.beam(TEXT, beam_width=5, length_penalty="power", alpha=0.7)
    assert_tree_matches(view, direct, rnn.target_tokenizer.itos)
    assert view.inspection.cross.shape[:2] == (1, 1)
    assert view.node_panel.heatmap.matrix.shape == (1, len(TEXT))
    # one additive attention, not "layer 1 / head 1"
    box = view.node_panel.attention_box
    assert [box.itemText(i) for i in range(box.count())] == ["additive attention"]


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
    #: next-word probabilities after each last word; any other word is followed by </s>
    table = TABLE
    never_generated = ()  # the table gives no token it must not write any probability

    def prepare(self, text):
        return self.target_tokenizer.encode(text), None

    def step_function(self, state, suppress=True):
        itos = self.target_tokenizer.itos

        def step(prefixes):
            rows = np.full((len(prefixes), len(itos)), -np.inf)
            for r, prefix in enumerate(prefixes):
                for word, p in self.table.get(itos[prefix[-1]], {"</s>": 1.0}).items():
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

    def invalidate(self, channel):
        pass


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
    assert phrase in table_view.error_panel.verdict_label.text()
    table = table_view.error_panel.table
    assert table.item(0, 0).text() == expected
    assert table.item(2, 0).text() == f"{math.log({'dog has': .36, 'car drives': .07}[expected]):.3f}" \
        .replace("-", "−")
    # The tree shows the table's search, B kept at most per step.
    assert_tree_matches(table_view, a.result, WordTokenizer.itos)


def test_view_is_registered_after_attention():
    from app.views import view_classes
    from app.views.beam import BeamView

    ids = [cls.view_id for cls in view_classes()]
    assert ids.index("beam") == ids.index("attention") + 1
    assert BeamView.title() == "Beam search"


class UnkModel(TableModel):
    """A model whose best output is the unknown token: how every place writes ⟨unk⟩."""

    name = "unk-table"
    table = {"<s>": {"<unk>": .6, "dog": .4}, "dog": {"has": 1.0}}


class LoopModel(TableModel):
    """Never writes </s>: every hypothesis is cut at the maximum length."""

    name = "loop"
    max_target_length = 3
    table = {word: {"nice": .6, "dog": .4} for word in ("<s>", "nice", "dog")}


def test_unknown_token_is_written_the_same_in_table_tree_tooltip_and_csv(qtbot, table_view, tmp_path):
    from engine.beam_analysis import analyse_beam

    a = analyse_beam(UnkModel(), "a sentence", beam_width=2, length_penalty="none")
    table_view.show_analysis(a)
    best = a.hypotheses[0]
    assert best.tokens[0] == "<unk>"
    shown = display_token("<unk>")
    assert table_view.nbest.table.item(0, 1).text() == shown
    first = table_view.tree.node_items[a.result.path(best.node_id)[0].node_id]
    assert first.token == shown
    assert f"Token '{shown}'" in first.toolTip()
    table_view.export_csv(tmp_path / "unk.csv")
    with (tmp_path / "unk.csv").open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {r["token"] for r in rows if r["step"] == "1"} >= {shown, "dog"}
    assert "<unk>" not in (tmp_path / "unk.csv").read_text(encoding="utf-8")


def test_only_a_hypothesis_cut_at_the_maximum_length_says_so(qtbot, table_view):
    from engine.beam_analysis import analyse_beam

    a = analyse_beam(LoopModel(), "a sentence", beam_width=2, length_penalty="none")
    table_view.show_analysis(a)
    assert not a.best.finished and a.best.length == a.max_length == 3
    assert table_view.nbest.table.item(0, 5).text() == "cut"
    assert "cut at the maximum length" in table_view.nbest.formula_label.text()


def test_larger_text_reaches_the_tree_and_the_node_panel(qtbot, view):
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    old = QFont(app.font())
    token_points = view.tree.token_font.pointSizeF()
    root_width = view.tree.root_item.width
    tick_points = view.node_panel.bars_plot.getAxis("bottom").style["tickFont"].pointSizeF()
    left_axis = view.node_panel.bars_plot.getAxis("left")
    left_tick_points = left_axis.style["tickFont"].pointSizeF()
    title_points = float(left_axis.labelStyle["font-size"][:-2])
    formula_points = view.nbest.formula_label.font().pointSizeF()
    cell_points = view.nbest.table.item(0, 1).font().pointSizeF()
    bigger = QFont(old)
    bigger.setPointSizeF(max(old.pointSizeF(), 11.0) * 2)
    try:
        app.setFont(bigger)
        qtbot.waitUntil(lambda: view.tree.token_font.pointSizeF() > 1.5 * token_points, timeout=5000)
        assert view.tree.root_item.width > root_width  # the boxes were rebuilt around the bigger text
        assert view.node_panel.bars_plot.getAxis("bottom").style["tickFont"].pointSizeF() > 1.5 * tick_points
        # the y axis of the next-token bars: its numbers and its title "P(next token)"
        assert left_axis.style["tickFont"].pointSizeF() > 1.5 * left_tick_points
        assert float(left_axis.labelStyle["font-size"][:-2]) > 1.5 * title_points
        assert left_axis.labelText == "P(next token)"
        assert view.nbest.formula_label.font().pointSizeF() > 1.5 * formula_points
        assert view.nbest.table.item(0, 1).font().pointSizeF() > 1.5 * cell_points
    finally:
        app.setFont(old)


def best_path(view):
    """The candidates of the best hypothesis, walked up from its last node in the test itself."""
    nodes, node_id, path = view.original.result.nodes, view.original.hypotheses[0].node_id, []
    while node_id:
        path.append(nodes[node_id])
        node_id = nodes[node_id].parent
    return path[::-1]


def test_a_session_keeps_the_revealed_step_and_the_inspected_node(qtbot, view):
    import json

    from app.views.beam.state import BeamState

    node = best_path(view)[3]
    view.set_revealed_steps(5)
    view.select_node(node.node_id)
    saved, problems = BeamState.from_saved(json.loads(json.dumps(view.view_state.saved())))
    assert problems == []
    assert saved.revealed_steps == 5 and saved.selected_prefix == tuple(c.token for c in best_path(view)[:4])
    view.set_revealed_steps(view.original.result.steps_run)
    view.select_node(0)
    assert view.view_state.revealed_steps is None and view.view_state.selected_prefix == ()
    view.apply_state(saved)
    assert view.revealed_steps == 5 and view.tree.visible_steps() == [1, 2, 3, 4, 5]
    qtbot.waitUntil(lambda: view.bridge.idle and view.inspection.prefix_ids == saved.selected_prefix,
                    timeout=30000)
    assert view.tree.selected_node == node.node_id
    # restored inputs start a new search: the step is applied to that search once it is drawn
    view.controls.beam_spin.setValue(3)
    later, _ = BeamState.from_saved(view.view_state.saved())
    later.revealed_steps, later.selected_prefix = 2, ()
    view.apply_state(later)
    wait_settled(qtbot, view)
    assert view.original.beam_width == 3 and view.revealed_steps == 2


def test_a_saved_session_restores_the_search_in_a_fresh_view(qtbot, view, bridge, shared_state):
    import json

    from app.session import apply_view, capture_view
    from app.views.beam import BeamView

    view.controls.input.setText("26/03/2021")
    view.controls.beam_spin.setValue(3)
    view.error_panel.expected_input.setText("2021-03-26")
    view.tabs.setCurrentIndex(1)
    wait_settled(qtbot, view)
    view.set_revealed_steps(4)
    saved = json.loads(json.dumps(capture_view(view)))

    fresh = BeamView(bridge, shared_state)
    qtbot.addWidget(fresh)
    fresh.controls.model_box.setCurrentIndex(fresh.controls.model_box.findData(MODEL))
    wait_settled(qtbot, fresh)
    apply_view(fresh, saved)
    wait_settled(qtbot, fresh)
    assert fresh.controls.input.text() == "26/03/2021" and fresh.controls.beam_spin.value() == 3
    assert fresh.error_panel.expected_input.text() == "2021-03-26" and fresh.tabs.currentIndex() == 1
    assert fresh.original.text == "26/03/2021" and fresh.original.beam_width == 3 and fresh.verdict == "agree"
    assert fresh.revealed_steps == 4


def test_a_what_if_stays_beside_the_same_search_and_goes_with_another(qtbot, table_view):
    """(A what-if still in flight when another search is drawn is withdrawn at the bridge:
    tests/app/test_one_latest.py.)"""
    from engine.beam_analysis import analyse_beam

    model, dog = TableModel(), WordTokenizer.itos.index("dog")
    table_view.show_analysis(analyse_beam(model, "a sentence", beam_width=2, length_penalty="none"))
    current = analyse_beam(model, "a sentence", beam_width=2, length_penalty="none", prefix=(dog,))
    table_view.render_whatif(current)
    assert table_view.whatif is current and "dog has" in table_view.whatif_panel.label.text()
    # an expected output only adds the error analysis: the same search, the what-if stays
    table_view.show_analysis(analyse_beam(model, "a sentence", beam_width=2, length_penalty="none",
                                          expected="dog has"))
    assert table_view.whatif is current
    table_view.show_analysis(analyse_beam(model, "a sentence", beam_width=1, length_penalty="none"))
    assert table_view.whatif is None and not table_view.whatif_panel.tree_check.isEnabled()


@pytest.mark.parametrize("width, height", [(330, 420), (600, 700)])  # the side column at 1280×680; wider
def test_next_token_labels_never_overlap_and_keep_the_most_probable(qtbot, width, height):
    """zh-en-toy's words under the node panel's bars ran into each other ("WeSingaporeSaturday",
    seen in a real window at 1280×720) and the most probable word, "Jane", was the one left out.
    Read back: each label's rectangle on screen from the axis' font and the bar's scene position."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFontMetricsF

    from app.views.beam.node import NodePanel
    from app.views.beam.state import BeamState
    from engine import load_model
    from engine.beam_analysis import inspect_node

    inspection = inspect_node(load_model("zh-en-toy", device="cpu"), "简九月要访问非洲", ())
    panel = NodePanel(BeamState())
    qtbot.addWidget(panel)
    panel.resize(width, height)
    panel.show()
    qtbot.waitExposed(panel)
    panel.show_inspection(inspection, {}, None)
    qtbot.wait(10)
    axis = panel.bars_plot.getAxis("bottom")
    vb = panel.bars_plot.getPlotItem().vb
    metrics = QFontMetricsF(axis.style["tickFont"])
    shown = axis._tickLevels[0]
    top = [label for _, label, _ in inspection.top(NodePanel.TOP_K)]
    assert shown and shown[0] == (0, top[0]), shown  # the most probable token is written
    spans = []
    for x, label in shown:
        centre = vb.mapViewToScene(QPointF(x, 0)).x()
        half = metrics.horizontalAdvance(label) / 2
        spans.append((centre - half, centre + half))
        assert vb.sceneBoundingRect().left() <= centre - half and centre + half <= vb.sceneBoundingRect().right()
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:])), spans
    if width == 600:
        assert len(shown) > len(top) // 2  # a wider column writes more of them
    # the numbers over the bars inside the plot ("0.96" lost its top under a fixed 1.08)
    plot_area = vb.sceneBoundingRect()
    for number in panel.bar_texts:
        assert plot_area.contains(number.sceneBoundingRect()), (number.toPlainText(), number.sceneBoundingRect())
