"""The Entropy & KL view, driven like a user: type P and Q, switch units, press buttons; what
it shows is compared with scipy (an independent computation)."""
import csv
import math

import numpy as np
import pytest
import scipy.special
import scipy.stats
from PySide6.QtCore import Qt

from app.state import SentDistribution
from app.views.entropy import EntropyView
from app.widgets.numbers import format_number

TIMEOUT = 5000


@pytest.fixture
def view(qtbot, bridge, shared_state):
    v = EntropyView(bridge, shared_state)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    qtbot.waitUntil(v.ready, timeout=TIMEOUT)
    return v


def type_text(qtbot, edit, text):
    """Type like a user; characters QTest cannot synthesise (beyond ASCII) are inserted as an
    input method would."""
    for ch in text:
        if ord(ch) < 128:
            qtbot.keyClicks(edit, ch)
        else:
            edit.insertPlainText(ch)


def type_into(qtbot, view, p_text, q_text=""):
    """Clear both fields and type P and Q; wait for the rendered result of exactly this input."""
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        view.q_edit.clear()
        view.p_edit.clear()
        type_text(qtbot, view.p_edit, p_text)
        if q_text:
            type_text(qtbot, view.q_edit, q_text)
    qtbot.waitUntil(lambda: view.bridge.idle and not view._timer.isActive(), timeout=TIMEOUT)


def shown(view, key):
    return view.value_labels[key].text()


def bits(x):
    return f"{format_number(x)} bits"


def test_initial_preset_is_computed(view):
    a = view.analysis
    assert a.labels[0] == "sunny" and len(a.labels) == 8
    p = np.array([1, 1, 4, 4, 10, 10, 35, 35]) / 100
    assert shown(view, "H(P)") == bits(scipy.stats.entropy(p, base=2))
    assert shown(view, "KL(P‖Q)") == bits(scipy.stats.entropy(p, np.full(8, 1 / 8), base=2))
    assert view.error_label.isHidden()


def test_typing_p_and_q_updates_numbers_bars_and_table(qtbot, view):
    type_into(qtbot, view, "0.5 0.25 0.25", "0.25, 0.25; 0.5")
    p, q = np.array([0.5, 0.25, 0.25]), np.array([0.25, 0.25, 0.5])
    assert shown(view, "H(P)") == bits(scipy.stats.entropy(p, base=2))
    assert shown(view, "H(Q)") == bits(scipy.stats.entropy(q, base=2))
    assert shown(view, "H(P,Q)") == bits(scipy.stats.entropy(p, base=2) + scipy.stats.entropy(p, q, base=2))
    assert shown(view, "KL(P‖Q)") == bits(np.sum(scipy.special.rel_entr(p, q)) / math.log(2))
    assert shown(view, "KL(Q‖P)") == bits(np.sum(scipy.special.rel_entr(q, p)) / math.log(2))
    # the bars are P and Q
    np.testing.assert_allclose(view.chart.heights(0), p)
    np.testing.assert_allclose(view.chart.heights(1), q)
    assert view.chart.second.isVisible()
    # the per-outcome table
    model = view.table_model
    assert model.rowCount() == 3
    terms = scipy.special.rel_entr(p, q) / math.log(2)
    for row in range(3):
        assert model.text(row, 0) == f"x{row + 1}"
        assert model.text(row, 1) == format_number(p[row])
        assert model.text(row, 2) == format_number(q[row])
        assert model.text(row, 3) == format_number(-math.log2(p[row]))
        assert model.text(row, 4) == format_number(-math.log2(q[row]))
        assert model.text(row, 5) == format_number(terms[row])


def test_p_alone(qtbot, view):
    type_into(qtbot, view, "80% 10% 5% 5%")
    assert shown(view, "H(P)") == bits(scipy.stats.entropy([0.8, 0.1, 0.05, 0.05], base=2))
    assert shown(view, "KL(P‖Q)") == "—"
    assert not view.chart.second.isVisible()
    np.testing.assert_allclose(view.chart.heights(0), [0.8, 0.1, 0.05, 0.05])
    assert view.table_model.text(0, 2) == "—"
    assert "4 outcomes · percentages" in view.p_note.text()


def test_bad_input_shows_the_message_and_keeps_the_last_result(qtbot, view):
    type_into(qtbot, view, "0.5 0.5", "0.9 0.1")
    good = {key: label.text() for key, label in view.value_labels.items()}
    heights = view.chart.heights(0).copy(), view.chart.heights(1).copy()
    cell = view.table_model.text(0, 5)
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        qtbot.keyClicks(view.p_edit, " abc")
    qtbot.waitUntil(lambda: view.error_text is not None, timeout=TIMEOUT)
    assert view.error_label.isVisible()
    assert "P: “abc” is not a number" in view.error_label.text()
    assert {key: label.text() for key, label in view.value_labels.items()} == good
    np.testing.assert_array_equal(view.chart.heights(0), heights[0])
    np.testing.assert_array_equal(view.chart.heights(1), heights[1])
    assert view.table_model.text(0, 5) == cell
    assert view.p_edit.toPlainText() == "0.5 0.5 abc"  # what was typed stays
    # fixing the input clears the message
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        for _ in range(4):
            qtbot.keyClick(view.p_edit, Qt.Key.Key_Backspace)
    qtbot.waitUntil(lambda: view.error_text is None, timeout=TIMEOUT)
    assert view.error_label.isHidden()


@pytest.mark.parametrize("p_text, q_text, message", [
    ("", "", "P: Nothing to read yet"),
    ("0.5 -0.5", "", "P: “-0.5” is negative"),
    ("0 0", "", "P: All values are 0"),
    ("0.5 nan", "", "P: “nan” is not a finite number"),
    ("0.5 0.5", "0.2 0.3 0.5", "P has 2 outcomes but Q has 3"),
    ("a: 0.5, b: 0.5", "a: 0.5, c: 0.5", "P and Q must name the same outcomes: Q has no “b”; P has no “c”"),
])
def test_error_messages_are_shown(qtbot, view, p_text, q_text, message):
    type_into(qtbot, view, p_text, q_text)
    assert message in view.error_label.text()
    assert view.analysis is not None  # the last good result is still there
    assert view.normalise_button.isHidden()


def test_sum_error_offers_normalise(qtbot, view):
    type_into(qtbot, view, "0.5 0.4")
    assert "add up to 0.9, not 1" in view.error_label.text()
    assert view.normalise_button.isVisible()
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        qtbot.mouseClick(view.normalise_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.error_text is None, timeout=TIMEOUT)
    assert view.normalise_box.isChecked()
    assert "normalised: they added up to 0.9" in view.p_note.text()
    np.testing.assert_allclose(view.chart.heights(0), [5 / 9, 4 / 9])
    assert view.p_edit.toPlainText() == "0.5 0.4"


def test_counts_are_normalised_and_the_view_says_so(qtbot, view):
    type_into(qtbot, view, "8 1 0.5 0.5")
    assert "counts (total 10), normalised" in view.p_note.text()
    np.testing.assert_allclose(view.chart.heights(0), [0.8, 0.1, 0.05, 0.05])


def test_infinite_kl_names_the_outcome(qtbot, view):
    type_into(qtbot, view, "sunny: 0.8, cloudy: 0.1, rain: 0.1", "sunny: 0.5, cloudy: 0.5, rain: 0")
    assert shown(view, "KL(P‖Q)") == "∞ bits"
    assert shown(view, "H(P,Q)") == "∞ bits"
    assert shown(view, "KL(Q‖P)") != "∞ bits"
    text = view.infinity_label.text()
    assert "KL(P‖Q) = ∞" in text and "q(rain) = 0" in text and "p(rain) = 0.1" in text
    assert view.table_model.text(2, 5) == "∞"
    assert 2 in view.table_model._highlight


def test_units(qtbot, view):
    type_into(qtbot, view, "0.25 0.25 0.25 0.25")
    view.unit_combo.setCurrentIndex(view.unit_combo.findData("nats"))
    qtbot.waitUntil(lambda: view.analysis.unit == "nats", timeout=TIMEOUT)
    assert shown(view, "H(P)") == f"{format_number(math.log(4))} nats"
    assert view.table_model.headers()[3] == "−ln p"
    view.unit_combo.setCurrentIndex(view.unit_combo.findData("hartleys"))
    qtbot.waitUntil(lambda: view.analysis.unit == "hartleys", timeout=TIMEOUT)
    assert shown(view, "H(P)") == f"{format_number(math.log10(4))} hartleys"


def test_text_mode(qtbot, view):
    view.mode_combo.setCurrentIndex(view.mode_combo.findData("char"))
    type_into(qtbot, view, "aab", "abc")
    assert view.analysis.labels == ("a", "b", "c")
    np.testing.assert_allclose(view.chart.heights(0), [2 / 3, 1 / 3, 0])
    assert shown(view, "KL(Q‖P)") == "∞ bits"
    assert "3 characters, 2 different" in view.p_note.text()
    assert "probability 0 for the other text’s 1 extra outcome(s)" in view.p_note.text()


def test_sent_distribution_becomes_p(qtbot, view, shared_state):
    sent = SentDistribution("next token after “4 Nov”", ("1", " ", ",", "<eos>"), (0.5, 0.25, 0.125, 0.125))
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        shared_state.send_distribution(sent)
    qtbot.waitUntil(lambda: view.analysis.labels == sent.labels, timeout=TIMEOUT)
    np.testing.assert_allclose(view.chart.heights(0), sent.probabilities)
    assert view.q_edit.toPlainText() == ""
    assert shown(view, "H(P)") == bits(1.75)
    assert "sent from: next token" in view.p_note.text()
    view.p_edit.undo()  # the typed text comes back
    assert "sunny" in view.p_edit.toPlainText()


def test_sent_float32_softmax_loads_cleanly(qtbot, view, shared_state):
    logits = np.linspace(-3, 3, 60).astype(np.float32)
    probabilities = np.exp(logits) / np.exp(logits).sum()
    probabilities[0] += np.float32(3e-6)  # float32 rounding: adds up to 1 only within ~1e-6
    labels = tuple(f"t{i}" for i in range(59)) + ("⟨/s⟩",)
    shared_state.send_distribution(SentDistribution("softmax", labels, tuple(float(p) for p in probabilities)))
    qtbot.waitUntil(lambda: view.analysis.labels == labels, timeout=TIMEOUT)
    assert view.error_text is None
    np.testing.assert_allclose(view.chart.heights(0), probabilities, rtol=1e-5)


def test_presets(qtbot, view):
    for key, entropy_bits in (("two", 1.0), ("four", 2.0), ("skewed", 1.0219280948873621)):
        view.load_preset(key)
        qtbot.waitUntil(lambda: view.analysis.q is None and shown(view, "H(P)") == bits(entropy_bits),
                        timeout=TIMEOUT)
    assert [a.text() for a in view.preset_button.menu().actions()] == list(view.preset_titles().values())


def test_code_panel(qtbot, view):
    type_into(qtbot, view, "0.4 0.2 0.2 0.1 0.1")
    code = view.analysis.code
    assert code.average_huffman == pytest.approx(2.2)
    model = view.code_model
    lengths = [model.raw(row, 4) for row in range(5)]
    assert sum(p * length for p, length in zip([0.4, 0.2, 0.2, 0.1, 0.1], lengths)) == pytest.approx(2.2)
    assert [len(model.raw(row, 3)) for row in range(5)] == lengths
    assert all(model.raw(row, 5) == format(row, "03b") for row in range(5))
    summary = view.code_summary.text()
    assert "2.12193" in summary and "2.2" in summary and "✓" in summary
    assert "⌈log₂ 5⌉ = 3 bits" in summary
    np.testing.assert_allclose(view.code_chart.heights(1), lengths)


def test_gaussian_panel(qtbot, view):
    view.tabs.setCurrentIndex(2)
    assert not view.inputs.isVisible()
    view.unit_combo.setCurrentIndex(view.unit_combo.findData("nats"))
    qtbot.waitUntil(lambda: view.gaussian.unit == "nats", timeout=TIMEOUT)
    assert view.gaussian_labels["KL(N₁‖N₂) closed"].text() == "0.5 nats"
    view.mu2.setValue(0.0)
    view.sigma2.setValue(2.0)
    qtbot.waitUntil(lambda: view.gaussian_labels["KL(N₁‖N₂) closed"].text() == "0.318147 nats",
                    timeout=TIMEOUT)
    assert view.gaussian_labels["KL(N₁‖N₂) numeric"].text() == "0.318147 nats"
    reverse = math.log(0.5) + (4 + 0) / 2 - 0.5
    assert view.gaussian_labels["KL(N₂‖N₁) closed"].text() == f"{format_number(reverse)} nats"
    x, y = view.curve2.getData()
    assert y.max() == pytest.approx(1 / (2 * math.sqrt(2 * math.pi)), rel=1e-3)


def test_garbage_never_crashes(qtbot, view):
    for text in ["1/0", "“", "\"a\"", "a:", ":", "%", "1e999", "0x10", "½", "--1", "a: 1, a: 2", "1/2/3"]:
        type_into(qtbot, view, text)
        assert view.error_text, text
        assert view.analysis is not None


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def test_exports(qtbot, view, tmp_path):
    type_into(qtbot, view, "a: 0.5, b: 0.5", "a: 0.25, b: 0.75")
    view.export_csv(tmp_path / "table.csv")
    rows = read_csv(tmp_path / "table.csv")
    assert rows[0][0] == "outcome" and rows[1][0] == "a"
    assert float(rows[1][5]) == pytest.approx(0.5 * math.log2(0.5 / 0.25))
    view.tabs.setCurrentIndex(1)
    view.export_csv(tmp_path / "codes.csv")
    rows = read_csv(tmp_path / "codes.csv")
    assert rows[1][3] in ("0", "1")
    view.tabs.setCurrentIndex(0)
    view.export_png(tmp_path / "panel.png")
    view.export_svg(tmp_path / "panel.svg")
    assert (tmp_path / "panel.png").stat().st_size > 10_000
    assert "<svg" in (tmp_path / "panel.svg").read_text(encoding="utf-8")


def test_registered():
    from app.views import view_classes

    assert EntropyView in view_classes()
    assert EntropyView.view_id == "entropy" and EntropyView.title() == "Entropy & KL"
