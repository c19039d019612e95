"""Sentences of the views' explanations that state facts, checked against an independent
computation (issue 22, point 5: "depends mainly on distance", "the bits an optimal code needs")."""
import heapq
import math
import re

import numpy as np
import scipy.stats


def huffman_average_length(p):
    """Average code length of a Huffman code: the sum of the merged weights (each merge adds one
    bit to every outcome below it)."""
    heap = list(p)
    heapq.heapify(heap)
    total = 0.0
    while len(heap) > 1:
        merged = heapq.heappop(heap) + heapq.heappop(heap)
        total += merged
        heapq.heappush(heap, merged)
    return total


def test_entropy_is_called_a_lower_bound_with_the_numbers_of_its_example(qapp):
    from app.views.entropy import EntropyView

    text, _ = EntropyView.explanation()
    assert "lower bound" in text and "optimal code needs" not in text
    p = [0.8, 0.1, 0.05, 0.05]
    huffman = float(re.search(r"needs (\d+(?:\.\d+)?) bits", text).group(1))
    h = float(re.search(r"H = (\d+\.\d+)", text).group(1))
    assert huffman == round(huffman_average_length(p), 4) == 1.3
    assert h == round(scipy.stats.entropy(p, base=2), 3)
    assert h <= huffman < h + 1


def test_positional_similarity_is_said_to_depend_only_on_distance_and_it_does(qapp):
    from app.views.positional import PositionalView

    text, formula = PositionalView.explanation()
    assert "depends only on their distance" in text and "mainly" not in text
    assert "d_model" in formula and "/d)" not in formula
    d_model, positions = 64, 60
    pos = np.arange(positions)[:, None]
    i = np.arange(d_model // 2)[None, :]
    angle = pos / 10000 ** (2 * i / d_model)
    pe = np.empty((positions, d_model))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angle), np.cos(angle)
    similarity = pe @ pe.T
    for k in range(-positions + 1, positions):
        diagonal = np.diagonal(similarity, offset=k)
        assert np.ptp(diagonal) < 1e-9 * max(1.0, math.fabs(diagonal[0]))


def kl_gauss_nats(mu1, s1, mu2, s2):
    """KL(N(mu1, s1²) ‖ N(mu2, s2²)) in nats, the textbook closed form."""
    return math.log(s2 / s1) + (s1 ** 2 + (mu1 - mu2) ** 2) / (2 * s2 ** 2) - 0.5


def test_the_gaussian_note_says_when_kl_is_symmetric_and_the_numbers_agree(qtbot, bridge, shared_state):
    """The default Gaussians have equal σ: both directions are shown equal, (μ₁ − μ₂)²/(2σ²), as
    the note under them says (it once read "KL is not symmetric" right above two equal numbers)."""
    from PySide6.QtWidgets import QLabel

    from app.views.entropy import EntropyView

    view = EntropyView(bridge, shared_state)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitUntil(lambda: view.gaussian_loop.value is not None, timeout=10000)
    tab = view.gaussians_tab
    note = next(label.text() for label in tab.findChildren(QLabel) if "Simpson" in label.text())
    assert "with equal σ both directions are (μ₁ − μ₂)²/(2σ²)" in note
    mu1, s1, mu2, s2 = tab.parameters()
    assert s1 == s2
    shown = [tab.gaussian_labels[f"{key} closed"].text() for key in ("KL(N₁‖N₂)", "KL(N₂‖N₁)")]
    assert shown[0] == shown[1]
    expected = (mu1 - mu2) ** 2 / (2 * s1 ** 2)
    assert kl_gauss_nats(mu1, s1, mu2, s2) == kl_gauss_nats(mu2, s2, mu1, s1) == expected
    assert f"{expected / math.log(2):.4f}"[:5] in shown[0].replace(",", "") or f"{expected:.4f}"[:5] in shown[0]


def test_a_row_with_one_allowed_key_is_not_called_uniform_over_1_keys(qtbot):
    from app.views.attention.row_panel import RowPanel

    panel = RowPanel()
    qtbot.addWidget(panel)
    panel.show_row(0, np.array([1.0, 0.0, 0.0]), "<s>", ["<s>", "J", "a"], 1)
    shown = panel.entropy_label.text()
    assert "1 keys" not in shown and "one key" in shown
    assert "0.000" in shown or " 0 bits" in shown  # H([1, 0, 0]) = 0
    assert scipy.stats.entropy([1.0, 0.0, 0.0], base=2) == 0
    row = np.array([0.5, 0.25, 0.25])
    panel.show_row(2, row, "a", ["<s>", "J", "a"], 3)
    h, uniform = scipy.stats.entropy(row, base=2), math.log2(3)
    assert re.search(rf"{h:.3f}.*uniform over 3 keys: {uniform:.3f}", panel.entropy_label.text()), panel.entropy_label.text()


def test_an_empty_candidate_gets_bp_0_not_exp_of_a_division_by_0(qtbot):
    import sacrebleu

    from app.views.bleu.score_panel import ScorePanel
    from engine.bleu_report import bleu_report

    report = bleu_report("", ["a b c d e f"])
    oracle = sacrebleu.sentence_bleu("", ["a b c d e f"])
    assert report.result.brevity_penalty == 0 and oracle.bp == 0 and report.result.score == oracle.score == 0
    assert "/0" not in report.result.formula() and "BP = 0 (empty candidate)" in report.result.formula()
    panel = ScorePanel()
    qtbot.addWidget(panel)
    panel.show_report(report)
    shown = panel.lengths_label.text()
    assert "/0" not in shown and "BP = 0 (the candidate is empty)" in shown
