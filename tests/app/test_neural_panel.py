"""The Language model view's "Neural models" tab: the comparison table shows the numbers the
engine computes, the sentence table the LSTM's and the trigram's probabilities, and the gate
heatmaps the step-by-step LSTM of the typed sentence, recomputed here with torch from the
shipped model's weights."""
import csv

import numpy as np
import pytest
import torch

from engine.neural_lm import load_lm
from engine.neural_lm.comparison import compare_models, kneser_ney

SENTENCE = "Jane visited the United States last week ."


def gates_by_hand(sentence: str) -> dict:
    """f, i, o and c of every step, with torch in float64 from nn.LSTM's weights (rows i, f, g, o)."""
    lm = load_lm("lstm-lm")
    lstm, v = lm.network.lstm, lm.vocabulary
    ids = [v.bos_id] + [v.id(t) for t in sentence.split()]
    x = lm.network.embedding.weight.detach().double()[ids]
    w_ih, w_hh = lstm.weight_ih_l0.detach().double(), lstm.weight_hh_l0.detach().double()
    b = (lstm.bias_ih_l0 + lstm.bias_hh_l0).detach().double()
    h = c = torch.zeros(lstm.hidden_size, dtype=torch.float64)
    rows = {"input": [], "forget": [], "output": [], "cell": []}
    for t in range(len(ids)):
        i, f, g, o = (w_ih @ x[t] + w_hh @ h + b).chunk(4)
        i, f, g, o = torch.sigmoid(i), torch.sigmoid(f), torch.tanh(g), torch.sigmoid(o)
        c = f * c + i * g
        h = o * torch.tanh(c)
        for name, value in (("input", i), ("forget", f), ("output", o), ("cell", c)):
            rows[name].append(value.numpy())
    return {name: np.array(values) for name, values in rows.items()}


def shown(table, row, column) -> str:
    return table.item(row, column).text()


def number(text: str) -> float:
    return float(text.replace("−", "-").replace("+", "").replace(",", ""))


# the first table: the 100k-word corpus, three n-gram fits and the floor (seconds, once per run)
pytestmark = pytest.mark.slow


@pytest.fixture
def view(make_view, qtbot):
    v = make_view("language_model", size=(1280, 720))
    v.view_state.sentence = SENTENCE
    v.view_state.tab = "neural"
    qtbot.waitUntil(lambda: v.neural_panel.report is not None and not v.neural_loop.busy, timeout=120_000)
    return v


def test_the_table_shows_the_engines_comparison(view):
    comparison = compare_models()
    table = view.neural_panel.table
    assert table.rowCount() == len(comparison.rows) == 6
    for r, row in enumerate(comparison.rows):
        assert number(shown(table, r, 1)) == pytest.approx(row.perplexity, rel=1e-4)
        assert number(shown(table, r, 2)) == pytest.approx(row.cross_entropy, rel=1e-4)
        assert number(shown(table, r, 3)) == pytest.approx(row.bits_above_floor, abs=1e-3)
    assert "LSTM" in shown(table, 4, 0) and "MLP" in shown(table, 3, 0)
    floor = number(shown(table, 5, 1))
    assert all(number(shown(table, r, 1)) >= floor for r in range(5))


def test_the_gate_heatmaps_show_the_step_cell_of_the_typed_sentence(view, qtbot):
    expected = gates_by_hand(SENTENCE)
    for name, heatmap in view.neural_panel.heatmaps.items():
        assert heatmap.row_labels == ["<s>", *SENTENCE.split()]
        assert heatmap.matrix.shape == expected[name].shape
        assert np.abs(heatmap.matrix - expected[name]).max() < 1e-6
    cell = view.neural_panel.heatmaps["cell"]
    m = np.abs(expected["cell"]).max()
    assert cell.image.levels == pytest.approx([-m, m], rel=1e-6)
    # a new sentence redraws them
    view.view_state.sentence = "They will miss Paris ."
    qtbot.waitUntil(lambda: view.neural_panel.heatmaps["forget"].matrix.shape[0] == 6, timeout=20_000)
    assert np.abs(view.neural_panel.heatmaps["forget"].matrix - gates_by_hand("They will miss Paris .")["forget"]).max() < 1e-6


def test_the_sentence_table_and_the_csv_hold_both_models_probabilities(view, tmp_path):
    words = SENTENCE.split()
    lstm = load_lm("lstm-lm").sentence(words).probabilities
    trigram = kneser_ney(100_000, 0, 3).sentence(words).probabilities
    table = view.neural_panel.sentence_table
    assert table.rowCount() == len(words) + 1
    for r in range(table.rowCount()):
        assert number(shown(table, r, 1)) == pytest.approx(trigram[r], rel=1e-3)
        assert number(shown(table, r, 2)) == pytest.approx(lstm[r], rel=1e-3)
    path = view.export_csv(tmp_path / "neural.csv")
    with open(path, encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    tokens = [row for row in rows if row["row"] == "token"]
    # the worker's torch thread count may differ from this thread's: float32 sums round differently
    assert [float(row["p_lstm"]) for row in tokens] == pytest.approx(lstm.tolist(), rel=1e-6)
    assert [row["name"] for row in rows if row["row"] == "model"][-1] == "floor"
    widget, caption = view.picture()
    assert widget is view.neural_panel and SENTENCE in caption
