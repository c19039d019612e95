"""The Entropy & KL view, driven like a user: type P and Q, switch units, press buttons; what
it shows is compared with scipy (an independent computation)."""
import csv
import math

import numpy as np
import pyqtgraph as pg
import pytest
import scipy.spatial.distance
import scipy.special
import scipy.stats
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette

from app import style
from app.state import SentDistribution
from app.style import format_number
from app.views.entropy import EntropyView
from engine.jobs import CallRequest

TIMEOUT = 5000


@pytest.fixture
def view(make_view):
    return make_view("entropy")


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
        view.inputs.q_edit.clear()
        view.inputs.p_edit.clear()
        type_text(qtbot, view.inputs.p_edit, p_text)
        if q_text:
            type_text(qtbot, view.inputs.q_edit, q_text)
    qtbot.waitUntil(lambda: view.bridge.idle and not view.loop.busy, timeout=TIMEOUT)


def shown(view, key):
    return view.distributions_tab.value_labels[key].text()


def bits(x):
    """x in bits as the view should write it: 6 significant digits, "1 bit" but "2 bits"."""
    number = format_number(x)
    return f"{number} {'bit' if number == '1' else 'bits'}"


def messages(view):
    """The visible message lines of the input column: {"P": text under P, "Q": under Q, None: under both}."""
    lines = {"P": view.inputs.p_message, "Q": view.inputs.q_message, None: view.inputs.message}
    return {side: line.text() for side, line in lines.items() if line.isVisible()}


def greyed(view):
    """What is drawn as out of date, read from the drawing: text colours, bar opacity, table text."""
    d, c, g = view.distributions_tab, view.codes_tab, view.gaussians_tab

    def grey(label):
        return label.palette().color(QPalette.ColorRole.WindowText) == style.STALE

    def faded(chart):
        return chart.first.opts["brush"].color().alpha() < 255

    def grey_rows(model):
        return model.data(model.index(0, 1), Qt.ItemDataRole.ForegroundRole) is not None

    return {"numbers": grey(d.value_labels["H(P)"]) and grey(d.value_labels["JS(P,Q)"]),
            "bars": faded(d.chart) and faded(c.code_chart),
            "table": grey_rows(d.table_model), "code table": grey_rows(c.code_model),
            "gaussians": grey(g.gaussian_labels["KL(N₁‖N₂) closed"]) or g.curve1.opts["pen"].color().alpha() < 255}


def test_initial_preset_is_computed(view):
    a = view.analysis
    assert a.labels[0] == "sunny" and len(a.labels) == 8
    p = np.array([1, 1, 4, 4, 10, 10, 35, 35]) / 100
    assert shown(view, "H(P)") == bits(scipy.stats.entropy(p, base=2))
    assert shown(view, "KL(P‖Q)") == bits(scipy.stats.entropy(p, np.full(8, 1 / 8), base=2))
    assert messages(view) == {}
    assert not view.stale


def test_typing_p_and_q_updates_numbers_bars_and_table(qtbot, view):
    type_into(qtbot, view, "0.5 0.25 0.25", "0.25, 0.25; 0.5")
    p, q = np.array([0.5, 0.25, 0.25]), np.array([0.25, 0.25, 0.5])
    assert shown(view, "H(P)") == bits(scipy.stats.entropy(p, base=2))
    assert shown(view, "H(Q)") == bits(scipy.stats.entropy(q, base=2))
    assert shown(view, "H(P,Q)") == bits(scipy.stats.entropy(p, base=2) + scipy.stats.entropy(p, q, base=2))
    assert shown(view, "KL(P‖Q)") == bits(np.sum(scipy.special.rel_entr(p, q)) / math.log(2))
    assert shown(view, "KL(Q‖P)") == bits(np.sum(scipy.special.rel_entr(q, p)) / math.log(2))
    # the bars are P and Q
    chart = view.distributions_tab.chart
    np.testing.assert_allclose(chart.heights(0), p)
    np.testing.assert_allclose(chart.heights(1), q)
    assert chart.second.isVisible()
    # the per-outcome table
    model = view.distributions_tab.table_model
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
    assert not view.distributions_tab.chart.second.isVisible()
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), [0.8, 0.1, 0.05, 0.05])
    assert view.distributions_tab.table_model.text(0, 2) == "—"
    assert "4 outcomes · percentages" in view.inputs.p_note.text()


def test_bad_input_shows_the_message_and_keeps_the_last_result(qtbot, view):
    type_into(qtbot, view, "0.5 0.5", "0.9 0.1")
    tab = view.distributions_tab
    good = {key: label.text() for key, label in tab.value_labels.items()}
    heights = tab.chart.heights(0).copy(), tab.chart.heights(1).copy()
    cell = tab.table_model.text(0, 5)
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        qtbot.keyClicks(view.inputs.p_edit, " abc")
    qtbot.waitUntil(lambda: view.loop.error is not None, timeout=TIMEOUT)
    # under P's box, not Q's
    assert list(messages(view)) == ["P"]
    assert "P: “abc” is not a number" in messages(view)["P"]
    assert {key: label.text() for key, label in tab.value_labels.items()} == good
    np.testing.assert_array_equal(tab.chart.heights(0), heights[0])
    np.testing.assert_array_equal(tab.chart.heights(1), heights[1])
    assert tab.table_model.text(0, 5) == cell
    assert view.inputs.p_edit.toPlainText() == "0.5 0.5 abc"  # what was typed stays
    # the numbers, bars and tables on screen are greyed as out of date; the Gaussians are not
    assert view.stale and greyed(view) == {"numbers": True, "bars": True, "table": True, "code table": True,
                                           "gaussians": False}
    # fixing the input clears the message
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        for _ in range(4):
            qtbot.keyClick(view.inputs.p_edit, Qt.Key.Key_Backspace)
    qtbot.waitUntil(lambda: view.loop.error is None, timeout=TIMEOUT)
    assert messages(view) == {}
    assert not view.stale and not any(greyed(view).values())


@pytest.mark.parametrize("p_text, q_text, side, message", [
    ("", "", "P", "P: Nothing to read yet"),
    ("0.5 -0.5", "", "P", "P: “-0.5” is negative"),
    ("0 0", "", "P", "P: All values are 0"),
    ("0.5 nan", "", "P", "P: “nan” is not a finite number"),
    ("0.5 0.5", "0.5 abc", "Q", "Q: “abc” is not a number"),
    ("0.5 0.5", "0 0", "Q", "Q: All values are 0"),
    ("0.5 0.5", "0.2 0.3 0.5", None, "P has 2 outcomes but Q has 3"),
    ("a: 0.5, b: 0.5", "a: 0.5, c: 0.5", None,
     "P and Q must name the same outcomes: Q has no “b”; P has no “c”"),
])
def test_error_messages_are_shown_under_the_box_they_are_about(qtbot, view, p_text, q_text, side, message):
    """A message about P under P's box, about Q under Q's box, about both under both."""
    type_into(qtbot, view, p_text, q_text)
    shown_messages = messages(view)
    assert list(shown_messages) == [side]
    assert message in shown_messages[side]
    assert view.analysis is not None  # the last good result is still there
    assert view.inputs.p_normalise.isHidden() and view.inputs.q_normalise.isHidden()


def values_typed(text):
    """The numbers in a box, read in the test: labels dropped, separators of any kind."""
    return [float(entry.split(":")[-1]) for entry in text.replace("\n", " ").replace(",", " ").split()
            if not entry.endswith(":")]


def press_normalise(qtbot, view, side, message):
    """The sum error is shown under box `side` with its own Normalise button (none under the
    other box); press it and wait until the rewritten box is computed."""
    buttons = {"P": view.inputs.p_normalise, "Q": view.inputs.q_normalise}
    assert list(messages(view)) == [side]
    assert message in messages(view)[side]
    assert [button.isVisible() for button in buttons.values()] == [s == side for s in buttons]
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        qtbot.mouseClick(buttons[side], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.loop.error is None and not view.loop.busy, timeout=TIMEOUT)
    assert not view.normalise_box.isChecked()  # the global setting is not touched
    assert not any(button.isVisible() for button in buttons.values())


def test_normalise_under_p_rewrites_p_only_as_one_undoable_edit(qtbot, view):
    type_into(qtbot, view, "0.5 0.4", "0.3 0.7")
    press_normalise(qtbot, view, "P", "add up to 0.9, not 1")
    np.testing.assert_allclose(values_typed(view.inputs.p_edit.toPlainText()), [5 / 9, 4 / 9], atol=1e-6)
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), [5 / 9, 4 / 9], atol=1e-6)
    assert view.inputs.q_edit.toPlainText() == "0.3 0.7"
    view.inputs.p_edit.undo()  # one step back to what was typed
    assert view.inputs.p_edit.toPlainText() == "0.5 0.4"


def test_normalise_under_q_rewrites_q_and_keeps_its_labels(qtbot, view):
    type_into(qtbot, view, "a: 0.5, b: 0.5", "a: 1/4, b: 1/4")
    press_normalise(qtbot, view, "Q", "add up to 0.5, not 1")
    assert view.inputs.p_edit.toPlainText() == "a: 0.5, b: 0.5"
    q_text = view.inputs.q_edit.toPlainText()
    assert "a:" in q_text and "b:" in q_text
    np.testing.assert_allclose(values_typed(q_text), [0.5, 0.5])
    assert shown(view, "KL(P‖Q)") == "0 bits"
    view.inputs.q_edit.undo()
    assert view.inputs.q_edit.toPlainText() == "a: 1/4, b: 1/4"


def test_the_normalise_sums_setting_still_normalises_every_box(qtbot, view):
    type_into(qtbot, view, "0.5 0.4")
    view.normalise_box.setChecked(True)
    qtbot.waitUntil(lambda: view.loop.error is None and not view.loop.busy, timeout=TIMEOUT)
    assert "normalised: they added up to 0.9" in view.inputs.p_note.text()
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), [5 / 9, 4 / 9])
    assert view.inputs.p_edit.toPlainText() == "0.5 0.4"


def test_counts_are_normalised_and_the_view_says_so(qtbot, view):
    type_into(qtbot, view, "8 1 0.5 0.5")
    assert "counts (total 10), normalised" in view.inputs.p_note.text()
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), [0.8, 0.1, 0.05, 0.05])


def test_infinite_kl_names_the_outcome(qtbot, view):
    type_into(qtbot, view, "sunny: 0.8, cloudy: 0.1, rain: 0.1", "sunny: 0.5, cloudy: 0.5, rain: 0")
    assert shown(view, "KL(P‖Q)") == "∞ bits"
    assert shown(view, "H(P,Q)") == "∞ bits"
    assert shown(view, "KL(Q‖P)") != "∞ bits"
    text = view.distributions_tab.infinity_label.text()
    assert "KL(P‖Q) = ∞" in text and "q(rain) = 0" in text and "p(rain) = 0.1" in text
    assert view.distributions_tab.table_model.text(2, 5) == "∞"
    assert 2 in view.distributions_tab.table_model._highlight


def number_in(label_text):
    """The number at the start of a label such as "0.123456 bits" (with a real minus sign)."""
    return float(label_text.split()[0].replace("−", "-"))


@pytest.mark.parametrize("unit, log_base", [("bits", 2), ("nats", math.e)])
def test_asymmetric_kl_js_and_cross_entropy_match_scipy(qtbot, view, unit, log_base):
    """An example where KL(P‖Q) and KL(Q‖P) differ, so a swapped direction would show."""
    view.unit_combo.setCurrentIndex(view.unit_combo.findData(unit))
    type_into(qtbot, view, "0.9 0.05 0.05", "0.2 0.4 0.4")
    qtbot.waitUntil(lambda: view.analysis.unit == unit, timeout=TIMEOUT)
    p, q = np.array([0.9, 0.05, 0.05]), np.array([0.2, 0.4, 0.4])
    expected = {
        "KL(P‖Q)": np.sum(scipy.special.rel_entr(p, q)) / math.log(log_base),
        "KL(Q‖P)": scipy.stats.entropy(q, p, base=log_base),
        "JS(P,Q)": scipy.spatial.distance.jensenshannon(p, q, base=log_base) ** 2,
        "H(Q,P)": scipy.stats.entropy(q, base=log_base) + scipy.stats.entropy(q, p, base=log_base),
    }
    # the example really is asymmetric: the two directions differ by more than 10%
    assert abs(expected["KL(P‖Q)"] - expected["KL(Q‖P)"]) > 0.1 * expected["KL(Q‖P)"]
    for key, value in expected.items():
        text = shown(view, key)
        assert text.endswith(f" {unit}"), text
        assert number_in(text) == pytest.approx(value, rel=1e-5), key


def test_units(qtbot, view):
    type_into(qtbot, view, "0.25 0.25 0.25 0.25")
    view.unit_combo.setCurrentIndex(view.unit_combo.findData("nats"))
    qtbot.waitUntil(lambda: view.analysis.unit == "nats", timeout=TIMEOUT)
    assert shown(view, "H(P)") == f"{format_number(math.log(4))} nats"
    assert view.distributions_tab.table_model.headers()[3] == "−ln p"
    view.unit_combo.setCurrentIndex(view.unit_combo.findData("hartleys"))
    qtbot.waitUntil(lambda: view.analysis.unit == "hartleys", timeout=TIMEOUT)
    assert shown(view, "H(P)") == f"{format_number(math.log10(4))} hartleys"


def test_js_bound_is_given_in_the_unit_shown(qtbot, view):
    """JS(P,Q) ≤ log_b 2: 1 bit, ln 2 nats, log₁₀ 2 hartleys."""
    type_into(qtbot, view, "0.5 0.5", "0.9 0.1")
    meaning = view.distributions_tab.meaning_labels["JS(P,Q)"]
    assert meaning.text().endswith("at most 1 bit")
    for unit, bound in (("nats", f"ln 2 ≈ {math.log(2):.3g} nats"),
                        ("hartleys", f"log₁₀ 2 ≈ {math.log10(2):.3g} hartleys")):
        view.unit_combo.setCurrentIndex(view.unit_combo.findData(unit))
        qtbot.waitUntil(lambda u=unit: view.analysis.unit == u, timeout=TIMEOUT)
        assert meaning.text().endswith(f"at most {bound}"), meaning.text()
        assert "1 bit" not in meaning.text()


def test_text_mode(qtbot, view):
    view.mode_combo.setCurrentIndex(view.mode_combo.findData("char"))
    type_into(qtbot, view, "aab", "abc")
    assert view.analysis.labels == ("a", "b", "c")
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), [2 / 3, 1 / 3, 0])
    assert shown(view, "KL(Q‖P)") == "∞ bits"
    assert "3 characters, 2 different" in view.inputs.p_note.text()
    assert "probability 0 for the other text’s 1 extra outcome" in view.inputs.p_note.text()
    assert "1 extra outcomes" not in view.inputs.p_note.text()


def send(qtbot, shared_state, view, sent):
    """Route a distribution as another view does: the state hands it to the view that accepts it."""
    shared_state.register_receiver(view)
    assert shared_state.receiver_title("distribution") == "Entropy & KL"
    with qtbot.waitSignal(shared_state.navigate_requested, timeout=TIMEOUT) as shown_view:
        assert shared_state.send("distribution", sent)
    assert shown_view.args == ["entropy"]


def test_sent_distribution_becomes_p(qtbot, view, shared_state):
    sent = SentDistribution("next token after “4 Nov”", ("1", " ", ",", "<eos>"), (0.5, 0.25, 0.125, 0.125))
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        send(qtbot, shared_state, view, sent)
    qtbot.waitUntil(lambda: view.analysis.labels == sent.labels, timeout=TIMEOUT)
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), sent.probabilities)
    assert view.inputs.q_edit.toPlainText() == ""
    assert shown(view, "H(P)") == bits(1.75)
    assert "sent from: next token" in view.inputs.p_note.text()
    view.inputs.p_edit.undo()  # the typed text comes back
    assert "sunny" in view.inputs.p_edit.toPlainText()


def test_the_sent_from_caption_goes_when_the_user_edits_p(qtbot, view, shared_state):
    """Issue 23: "sent from: next token after ⟨s⟩ …" stayed after the user typed their own P."""
    sent = SentDistribution("next token after ⟨s⟩", ("1", "2"), (0.5, 0.5))
    send(qtbot, shared_state, view, sent)
    qtbot.waitUntil(lambda: view.analysis is not None and view.analysis.labels == sent.labels
                    and "sent from" in view.inputs.p_note.text(), timeout=TIMEOUT)
    assert "sent from" in view.picture()[1]
    edit = view.inputs.p_edit
    edit.setFocus()
    edit.moveCursor(edit.textCursor().MoveOperation.End)
    with qtbot.waitSignal(view.updated, timeout=TIMEOUT):
        type_text(qtbot, edit, ", 3: 0")  # still a distribution, now the user's own
    qtbot.waitUntil(lambda: view.analysis.labels == ("1", "2", "3") and not view.busy, timeout=TIMEOUT)
    assert "sent from" not in view.inputs.p_note.text()
    assert "sent from" not in view.picture()[1]


def test_sent_float32_softmax_loads_cleanly(qtbot, view, shared_state):
    logits = np.linspace(-3, 3, 60).astype(np.float32)
    probabilities = np.exp(logits) / np.exp(logits).sum()
    probabilities[0] += np.float32(3e-6)  # float32 rounding: adds up to 1 only within ~1e-6
    labels = tuple(f"t{i}" for i in range(59)) + ("⟨/s⟩",)
    send(qtbot, shared_state, view, SentDistribution("softmax", labels, tuple(float(p) for p in probabilities)))
    qtbot.waitUntil(lambda: view.analysis.labels == labels, timeout=TIMEOUT)
    assert view.loop.error is None
    np.testing.assert_allclose(view.distributions_tab.chart.heights(0), probabilities, rtol=1e-5)


def test_a_bad_sent_distribution_is_reported_under_p_and_changes_nothing(qtbot, view, shared_state):
    before = view.inputs.texts()
    send(qtbot, shared_state, view, SentDistribution("broken", ("a", "b"), (1.0,)))
    assert "Could not load the distribution that was sent" in messages(view)["P"]
    assert view.inputs.texts() == before


def test_presets(qtbot, view):
    for key, entropy_bits in (("two", 1.0), ("four", 2.0), ("skewed", 1.0219280948873621)):
        view.load_preset(key)
        qtbot.waitUntil(lambda: view.analysis.q is None and shown(view, "H(P)") == bits(entropy_bits),
                        timeout=TIMEOUT)
        if key == "two":
            assert shown(view, "H(P)") == "1 bit"  # not "1 bits"
    assert [a.text() for a in view.preset_button.menu().actions()] == list(view.preset_titles().values())


def test_code_panel(qtbot, view):
    type_into(qtbot, view, "0.4 0.2 0.2 0.1 0.1")
    code = view.analysis.code
    assert code.average_huffman == pytest.approx(2.2)
    model = view.codes_tab.code_model
    lengths = [model.raw(row, 4) for row in range(5)]
    assert sum(p * length for p, length in zip([0.4, 0.2, 0.2, 0.1, 0.1], lengths)) == pytest.approx(2.2)
    assert [len(model.raw(row, 3)) for row in range(5)] == lengths
    assert all(model.raw(row, 5) == format(row, "03b") for row in range(5))
    summary = view.codes_tab.code_summary.text()
    assert "2.12193" in summary and "2.2" in summary and "✓" in summary
    assert "⌈log₂ 5⌉ = 3 bits" in summary
    np.testing.assert_allclose(view.codes_tab.code_chart.heights(1), lengths)


def test_code_panel_says_1_bit(qtbot, view):
    type_into(qtbot, view, "0.5 0.5")
    summary = view.codes_tab.code_summary.text()
    assert "⌈log₂ 2⌉ = 1 bit per outcome" in summary and "1 bits" not in summary


def test_gaussian_panel(qtbot, view):
    tab = view.gaussians_tab
    view.tabs.setCurrentIndex(2)
    assert not view.inputs.isVisible()
    view.unit_combo.setCurrentIndex(view.unit_combo.findData("nats"))
    qtbot.waitUntil(lambda: view.gaussian.unit == "nats", timeout=TIMEOUT)
    assert tab.gaussian_labels["KL(N₁‖N₂) closed"].text() == "0.5 nats"
    tab.mu2.setValue(0.0)
    tab.sigma2.setValue(2.0)
    qtbot.waitUntil(lambda: tab.gaussian_labels["KL(N₁‖N₂) closed"].text() == "0.318147 nats",
                    timeout=TIMEOUT)
    assert tab.gaussian_labels["KL(N₁‖N₂) numeric"].text() == "0.318147 nats"
    reverse = math.log(0.5) + (4 + 0) / 2 - 0.5
    assert tab.gaussian_labels["KL(N₂‖N₁) closed"].text() == f"{format_number(reverse)} nats"
    x, y = tab.curve2.getData()
    assert y.max() == pytest.approx(1 / (2 * math.sqrt(2 * math.pi)), rel=1e-3)


def test_garbage_never_crashes(qtbot, view):
    for text in ["1/0", "“", "\"a\"", "a:", ":", "%", "1e999", "0x10", "½", "--1", "a: 1, a: 2", "1/2/3"]:
        type_into(qtbot, view, text)
        assert view.loop.error, text
        assert list(messages(view)) == ["P"], text
        assert view.analysis is not None


def test_a_larger_application_font_grows_plots_and_numbers(qtbot, view):
    from PySide6.QtWidgets import QApplication

    chart = view.distributions_tab.chart
    value = view.distributions_tab.value_labels["H(P)"]
    gaussian_axis = view.gaussians_tab.gaussian_plot.getPlotItem().getAxis("bottom")
    before = (chart.tick_font().pointSizeF(), value.font().pointSizeF(),
              gaussian_axis.style["tickFont"].pointSizeF(), chart.legend.opts["labelTextSize"],
              view.distributions_tab.table.verticalHeader().defaultSectionSize())
    original = QApplication.font()
    bigger = QApplication.font()
    bigger.setPointSizeF(max(original.pointSizeF(), 11) * 2)
    try:
        QApplication.setFont(bigger)
        qtbot.waitUntil(lambda: chart.tick_font().pointSizeF() > before[0], timeout=TIMEOUT)
        assert chart.tick_font().pointSizeF() == pytest.approx(2 * before[0])
        # the numbers grow with it: from 16 pt (the meanings folded) two a row at the text size,
        # below it a third larger
        from app.views.entropy.distributions_tab import VALUE_SCALE
        tab = view.distributions_tab
        scale = VALUE_SCALE if tab.meanings_toggle.isChecked() else 1.0
        assert value.font().pointSizeF() == pytest.approx(scale * bigger.pointSizeF())
        assert value.font().pointSizeF() > before[1]
        assert gaussian_axis.style["tickFont"].pointSizeF() == pytest.approx(2 * before[2])
        assert float(chart.legend.opts["labelTextSize"].rstrip("pt")) > float(before[3].rstrip("pt"))
        assert view.distributions_tab.table.verticalHeader().defaultSectionSize() > before[4]
        # restyling keeps probabilities as they are on the axis (no "×1000" SI scaling)
        assert chart.getPlotItem().getAxis("left").autoSIPrefixScale == 1.0
    finally:
        QApplication.setFont(original)


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
    view.tabs.setCurrentIndex(2)
    view.export_csv(tmp_path / "gaussians.csv")
    rows = read_csv(tmp_path / "gaussians.csv")
    assert rows[0] == ["x", "N1 density", "N2 density"]
    x, n1, n2 = (float(v) for v in rows[1])
    assert n1 == pytest.approx(scipy.stats.norm.pdf(x, 0, 1)) and n2 == pytest.approx(scipy.stats.norm.pdf(x, 1, 1))
    widget, caption = view.picture()
    assert widget is view.gaussians_tab and "N₁ = N(0, 1²)" in caption and caption.endswith("bits")
    view.tabs.setCurrentIndex(0)
    widget, caption = view.picture()
    assert widget is view.body
    assert "P: a 0.5, b 0.5" in caption and "Q: a 0.25, b 0.75" in caption and caption.endswith("bits")
    view.export_png(tmp_path / "panel.png")
    view.export_svg(tmp_path / "panel.svg")
    assert (tmp_path / "panel.png").stat().st_size > 10_000
    svg = (tmp_path / "panel.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "Q: a 0.25" in svg


def test_registered():
    from importlib import import_module

    from app.views import VIEWS

    module, name = dict(VIEWS)["entropy"].split(":")
    assert getattr(import_module(module), name) is EntropyView
    assert EntropyView.view_id == "entropy" and EntropyView.title() == "Entropy & KL"
    assert EntropyView.accepts == ("distribution",)


def test_a_gaussian_error_greys_the_gaussians_only(qtbot, view, monkeypatch):
    """The sliders cannot make a bad request, so the engine is made to fail as it would on one."""
    import engine.infotheory

    def failing_report(*args, **kwargs):
        raise engine.infotheory.DistributionError("sigma_not_positive", name="σ2", value="0")

    monkeypatch.setattr(view.gaussian_loop, "build",
                        lambda: CallRequest(failing_report, view.gaussians_tab.parameters(), {}))
    view.tabs.setCurrentIndex(2)
    good = view.gaussians_tab.gaussian_labels["KL(N₁‖N₂) closed"].text()
    view.gaussians_tab.mu2.setValue(2.0)
    qtbot.waitUntil(lambda: view.gaussian_loop.error is not None, timeout=TIMEOUT)
    assert "σ2 is a standard deviation: it must be above 0, not 0." in view.gaussians_tab.message.text()
    assert view.gaussians_tab.message.isVisible() and messages(view) == {}
    assert greyed(view) == {"numbers": False, "bars": False, "table": False, "code table": False, "gaussians": True}
    assert view.gaussians_tab.gaussian_labels["KL(N₁‖N₂) closed"].text() == good


@pytest.mark.parametrize("points", [11, 22])
def test_the_legend_never_covers_a_bar(qtbot, view, points):
    """The legend sits in the top corner; the tallest bars (here the last ones, under it) must
    stay clear of it at normal and at double text size."""
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    old = QApplication.font()
    try:
        font = QFont(old)
        font.setPointSizeF(points)
        QApplication.setFont(font)
        type_into(qtbot, view, "0.01 0.01 0.04 0.04 0.1 0.1 0.35 0.35", "")
        chart = view.distributions_tab.chart
        chart.resize(440, 200)
        qtbot.wait(50)
        box = chart.getPlotItem().getViewBox()
        legend = chart.legend.mapRectToScene(chart.legend.boundingRect())
        p = np.array([0.01, 0.01, 0.04, 0.04, 0.1, 0.1, 0.35, 0.35])
        for x, height in enumerate(p):  # each bar's top edge, in scene pixels, computed here
            top = box.mapViewToScene(pg.Point(x, height)).y()
            assert top > legend.bottom() or not (legend.left() - 20 < box.mapViewToScene(pg.Point(x, 0)).x() < legend.right() + 20)
    finally:
        QApplication.setFont(old)


def _colours_in(widget) -> set:
    image = widget.grab().toImage()
    return {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}


def test_a_restored_scene_with_an_invalid_p_draws_nothing(qtbot, view):
    """Issue 23: a lecture scene saved with an invalid P reopened with the previous picture (a
    uniform Q) drawn while its own Q box was empty.  A restored scene shows what its inputs say:
    the error, and no numbers or bars."""
    assert view.analysis is not None and view.analysis.has_q  # the rainy city against a uniform Q
    scene = type(view.view_state)()
    scene.p_text, scene.q_text = "sunny: lots", ""
    view.apply_state(scene)
    qtbot.waitUntil(lambda: view.loop.error is not None and not view.busy, timeout=TIMEOUT)
    qtbot.wait(20)
    assert view.inputs.q_edit.toPlainText() == ""
    assert view.analysis is None
    message = " ".join(line.text() for line in (view.inputs.message, view.inputs.p_message, view.inputs.q_message))
    assert "lots" in message or "P" in message
    assert "last valid input" not in message
    assert len(_colours_in(view.distributions_tab)) == 1, "the previous bars and numbers are still drawn"
    # the user's next valid P is drawn, uncovered
    type_into(qtbot, view, "a: 0.5, b: 0.5")
    assert view.analysis.labels == ("a", "b")
    assert len(_colours_in(view.distributions_tab)) > 1


def test_the_p_and_q_boxes_show_three_lines_at_22_pt(qtbot, make_view):
    """At 22 pt in what a 1280×680 window leaves the view (1272×580), each distribution box shows at
    least three lines of its text before it scrolls (its 90 px showed two), and both boxes lie
    inside the column's visible part."""
    from PySide6.QtCore import QPoint, QRect
    from PySide6.QtGui import QFont, QFontMetrics
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    font = QFont(app.font())
    font.setPointSizeF(22)
    app.setFont(font)  # the conftest puts the application's font back
    view = make_view("entropy", size=(1272, 580))
    view.apply_zoom()
    qtbot.waitUntil(lambda: view.inputs.p_edit.viewport().height() > 0, timeout=5000)
    qtbot.wait(50)  # the column's layout after the zoom
    column = view.inputs.parentWidget()  # the scroll area's viewport: what the column shows
    for edit in (view.inputs.p_edit, view.inputs.q_edit):
        line = QFontMetrics(edit.font()).lineSpacing()
        assert edit.viewport().height() >= 3 * line, f"{edit.viewport().height()} px for lines of {line} px"
        shown = QRect(edit.mapTo(column, QPoint(0, 0)), edit.size())
        assert column.rect().contains(shown), f"{shown} outside the column's {column.rect()}"


def laid_out_view(qtbot, make_view, language, points, size, explanation=False):
    """The view in `language` at `points` pt and `size` (what a window leaves it), laid out; the
    application's font and language are put back afterwards."""
    from PySide6.QtWidgets import QApplication

    from app import i18n
    from tests.app.test_layout_fit import settle

    font = QApplication.font()
    zoomed = QApplication.font()
    zoomed.setPointSize(points)
    i18n.install(language)
    QApplication.setFont(zoomed)
    try:
        view = make_view("entropy", size=size, until=None)
        if explanation:
            view.add_explanation()
        settle(qtbot, view)
        yield view
    finally:
        QApplication.setFont(font)
        i18n.install("en")


@pytest.fixture
def chinese_view_at_22_pt(qtbot, make_view):
    """The view in Chinese at 22 pt in what a 1280×680 window leaves it (1272×580), laid out."""
    yield from laid_out_view(qtbot, make_view, "zh", 22, (1272, 580))


def test_at_22_pt_in_chinese_every_number_is_in_view_without_scrolling(qtbot, chinese_view_at_22_pt):
    """At 22 pt in what a 1280×680 window leaves the view in Chinese (1272×580): the numbers'
    meanings are folded behind their toggle and the seven numbers stand in a column beside the
    bars, so every number and the H(P,Q) = H(P) + KL check are shown without scrolling the
    numbers (before, their
    meanings took two or three lines each and H(P,Q) was the last number in view); the toggle
    shows the meanings again, one number a row."""
    from PySide6.QtCore import QPoint, QRect

    view = chinese_view_at_22_pt
    tab = view.distributions_tab
    area = tab.numbers_area
    assert tab.meanings_toggle.isVisible() and not tab.meanings_toggle.isChecked()
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() == 0, timeout=5000)
    seen = area.viewport().rect()
    for label in (*tab.value_labels.values(), tab.identity_label):
        assert label.isVisible() and seen.contains(QRect(label.mapTo(area.viewport(), QPoint(0, 0)), label.size()))
    assert not any(label.isVisible() for label in tab.meaning_labels.values())
    tab.meanings_toggle.click()
    assert all(label.isVisible() for label in tab.meaning_labels.values())
    rows = {tab.grid.getItemPosition(tab.grid.indexOf(label))[0] for label in tab.value_labels.values()}
    assert len(rows) == len(tab.value_labels)  # one number a row again


def test_at_22_pt_in_chinese_the_bars_get_the_height_of_eight_lines(qtbot, chinese_view_at_22_pt):
    """At 22 pt in Chinese in 1272×580 the numbers stood above the bars and the table and the bars
    kept 180 px, their plot about three lines of text. With the meanings folded the numbers stand
    beside them and the bars and the per-outcome table take turns as tabs: the bars' widget is at
    least eight lines of text tall and their plot six; the table, a tab away, as tall; showing
    the meanings puts the numbers back above the bars and the table side by side."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QApplication

    tab = chinese_view_at_22_pt.distributions_tab
    line = QFontMetrics(QApplication.font()).lineSpacing()
    chart = tab.chart

    def bars_tall():  # (waitUntil retries while this fails, and says why at its timeout)
        assert chart.isVisible() and chart.height() >= 8 * line, f"the bars are {chart.height()} px"
    qtbot.waitUntil(bars_tall, timeout=5000)
    data_height = chart.getPlotItem().vb.height()
    assert data_height >= 6 * line, f"the bars' plot is {data_height} px, lines are {line} px"
    assert not tab.table.isVisible()
    tabs = tab.one_at_a_time
    tabs.setCurrentWidget(tab.table)
    qtbot.waitUntil(lambda: tab.table.isVisible(), timeout=5000)
    assert tab.table.height() >= 8 * line and not chart.isVisible()
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["条形图", "逐个结果"]

    tab.meanings_toggle.click()
    qtbot.waitUntil(lambda: chart.isVisible() and tab.table.isVisible(), timeout=5000)

    def corner(widget):
        return widget.mapTo(tab, widget.rect().topLeft())
    assert corner(chart).y() > corner(tab.numbers_area).y()  # below the numbers
    assert corner(chart).x() < corner(tab.table).x()  # beside the table


#: what a 1280×680 window (a 1280×720 projector's work area) leaves the view at 11 pt, measured in
#: the window (menu bar, view names and status bar; the view's "What this view shows" line is its own)
VIEW_AT_11_PT = {"en": (1272, 589), "zh": (1272, 582)}


@pytest.fixture(params=["en", "zh"])
def view_at_11_pt_on_a_projector(request, qtbot, make_view):
    """The view at 11 pt in what a 1280×680 window leaves it, in English or Chinese, laid out."""
    yield from laid_out_view(qtbot, make_view, request.param, 11, VIEW_AT_11_PT[request.param], explanation=True)


def test_at_11_pt_on_a_projector_the_bars_keep_the_plot_share(qtbot, view_at_11_pt_on_a_projector):
    """Issue 23: at 11 pt on 1280×680 the numbers with their meanings took the tab's upper half and
    the bars, beside the table, kept 449×180 px (9-10 % of the window).  Where the tab is less than
    MEANINGS_ROOM_LINES lines tall the meanings fold: the seven numbers stand four a row, the check
    of H(P,Q) = H(P) + KL beside the names of the bars' and the table's tabs, and the bars take the
    tab's width and the rest of its height: at least PLOT_SHARE of the window's area, every number
    and the check whole and in view.  The toggle shows the meanings again, the bars and the table
    side by side as before."""
    from PySide6.QtCore import QPoint, QRect

    from tests.app.test_layout_fit import PLOT_SHARE, text_layout_problems

    view = view_at_11_pt_on_a_projector
    tab = view.distributions_tab
    chart = tab.chart
    assert tab.meanings_toggle.isVisible() and not tab.meanings_toggle.isChecked()
    window_area = 1280 * 680

    def bars_have_their_share():  # (waitUntil retries while this fails, and says why at its timeout)
        share = chart.width() * chart.height() / window_area
        assert chart.isVisible() and share >= PLOT_SHARE, f"the bars are {chart.width()}×{chart.height()}: {share:.1%}"
    qtbot.waitUntil(bars_have_their_share, timeout=5000)
    rows = {tab.grid.getItemPosition(tab.grid.indexOf(label))[0] for label in tab.value_labels.values()}
    assert len(rows) == 2  # four a row
    area = tab.numbers_area
    assert area.verticalScrollBar().maximum() == 0
    seen = area.viewport().rect()
    for label in tab.value_labels.values():
        assert label.isVisible() and seen.contains(QRect(label.mapTo(area.viewport(), QPoint(0, 0)), label.size()))
    assert tab.identity_label.isVisible() and tab.one_at_a_time.isAncestorOf(tab.identity_label)
    assert not text_layout_problems(view, view)

    tab.meanings_toggle.click()
    qtbot.waitUntil(lambda: chart.isVisible() and tab.table.isVisible(), timeout=5000)
    assert all(label.isVisible() for label in tab.meaning_labels.values())
    rows = {tab.grid.getItemPosition(tab.grid.indexOf(label))[0] for label in tab.value_labels.values()}
    assert len(rows) == len(tab.value_labels)  # one number a row beside its meaning
    assert tab.grid.indexOf(tab.identity_label) >= 0  # the check under them


def test_the_meanings_are_shown_where_the_tab_has_room(qtbot, make_view):
    """At 11 pt in what a 1920×1040 window leaves the view the tab has room for the numbers with
    their meanings above the bars and the table, side by side (the fold is for short tabs)."""
    from PySide6.QtWidgets import QApplication

    font = QApplication.font()
    normal = QApplication.font()
    normal.setPointSize(11)
    QApplication.setFont(normal)
    try:
        view = make_view("entropy", size=(1912, 949))
        tab = view.distributions_tab
        qtbot.waitUntil(lambda: tab.chart.isVisible() and tab.table.isVisible(), timeout=5000)
        assert tab.meanings_toggle.isChecked()
        assert all(label.isVisible() for label in tab.meaning_labels.values())
    finally:
        QApplication.setFont(font)
