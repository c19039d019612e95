"""Issue 22 in the views: what the attention and beam views *say* around their numbers.

* domain honesty: every input of the issue's point 1 is flagged on screen (the output strip, the
  n-best rows, the tree's leaves, the warning line), and in-domain inputs are not; whether an output
  is a real date is decided here by the standard library (datetime), not by engine.domain;
* the explanation names the attention kind on screen and gives the formula of the model's code;
* a word model's tokens are written as words and counted as words, a date model's as characters.
"""
import html
import re

import pytest

from engine.word_tokenizer import join_english
from tests.app.conftest import is_real_date as real_date, settled

DATE_MODEL = "date-transformer"
WORD_MODEL = "zh-en-toy"
#: the issue's point 1: inputs unlike the training data, and what the screen must name for each
DATE_INPUTS = {"12/25/1999": None, "hello world": "no number", "31/02/2021": None,
               "14 juillet 1789": "1789", "2000-01-01": None}
WORD_INPUTS = {"非洲九月访问简": "grammar", "简九月要访问火星": "火星", "简和汤姆九月访问非洲": "汤姆"}
IN_DOMAIN = {DATE_MODEL: "4 Nov 1988", WORD_MODEL: "简九月要访问非洲"}


def plain(rich: str) -> str:
    """Rich text as read: tags dropped, every run of spaces (and no-break spaces) one space."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", rich)).split())


def show(qtbot, view, model, text, current=lambda v: v.result):
    """Put `model` and `text` in the view's state and wait for their result."""
    view.view_state.model = model
    view.view_state.text = text
    qtbot.waitUntil(lambda: settled(view) and current(view) is not None
                    and getattr(current(view), "source_text", getattr(current(view), "text", None)) == text
                    and view.model_name == model, timeout=30000)
    return current(view)


@pytest.fixture
def attention(make_view):
    return make_view("attention", until=None)


@pytest.fixture
def beam(make_view):
    return make_view("beam", until=None)


def test_attention_view_flags_every_date_input_of_the_issue_and_no_in_domain_one(qtbot, attention):
    for text, named in DATE_INPUTS.items():
        r = show(qtbot, attention, DATE_MODEL, text)
        strip, warning = plain(attention.output.text()), attention.message.text()
        assert "Do not trust this output" in warning, (text, r.output_text)
        if named:
            assert named in warning
        # the strip marks exactly the outputs that name no day
        assert ("✗ not a real date" in strip) == (not real_date(r.output_text)), (text, r.output_text)
    r = show(qtbot, attention, DATE_MODEL, IN_DOMAIN[DATE_MODEL])
    assert real_date(r.output_text) and attention.message.text() == ""
    assert "not a real date" not in plain(attention.output.text())


def probability_colours_shown(strip) -> set[str]:
    """The colours of the probabilities under the output tokens, as the strip's rich text has them."""
    return set(re.findall(r"color:(#[0-9a-fA-F]{6}); padding:0 4px'>[0-9.]+<", strip.text()))


def test_confidence_colours_only_on_outputs_the_checks_pass(qtbot, attention):
    """Label smoothing holds every token near 0.92, so 1999-25-12 was as green as a right date:
    a flagged output's probabilities are written in the plain text colour, an unflagged one's
    in the confidence colours (green for ≥ 0.9)."""
    from app import style

    green = style.theme().probability_colours[0].lower()
    r = show(qtbot, attention, DATE_MODEL, "12/25/1999")
    assert r.domain.flagged and min(r.output_probabilities) >= 0.9  # the confident nonsense of the issue
    shown = {c.lower() for c in probability_colours_shown(attention.output)}
    assert shown == {attention.output.palette().windowText().color().name().lower()}, shown
    show(qtbot, attention, DATE_MODEL, IN_DOMAIN[DATE_MODEL])
    assert {c.lower() for c in probability_colours_shown(attention.output)} == {green}


def test_attention_view_flags_the_word_model_inputs_with_its_cross_attention(qtbot, attention):
    attention.view_state.kind = "cross"
    for text, named in WORD_INPUTS.items():
        show(qtbot, attention, WORD_MODEL, text)
        warning = attention.message.text()
        assert "Do not trust this output" in warning and named in warning, (text, warning)
    # Tom is read but left out of the translation: said as "dropped", from the model's cross-attention
    assert "汤姆: dropped" in attention.message.text()
    # and the rule is in the explanation of the word model's cross-attention
    attention.add_explanation()
    assert "less than 0.3" in attention.explanation_box.text and "dropped" in attention.explanation_box.text
    show(qtbot, attention, WORD_MODEL, IN_DOMAIN[WORD_MODEL])
    assert attention.message.text() == ""


def test_beam_view_marks_invalid_dates_in_rows_and_leaves_and_warns(qtbot, beam):
    a = show(qtbot, beam, DATE_MODEL, "31/02/2021", current=lambda v: v.original)
    table = beam.nbest.table
    for row, h in enumerate(a.hypotheses):
        text = "".join(t for t in h.tokens if t != "</s>")
        assert table.item(row, 1).text().endswith("✗ not a real date") == (not real_date(text))
    assert not real_date(a.best.text) and "✗ not a real date" in table.item(0, 1).text()
    leaf = beam.tree.node_items[a.best.node_id]
    assert "✗" in leaf.second_line and "✓" not in leaf.second_line
    assert "names no day" in leaf.toolTip()
    assert "Do not trust this output" in plain(beam.output_label.text())
    a = show(qtbot, beam, DATE_MODEL, IN_DOMAIN[DATE_MODEL], current=lambda v: v.original)
    assert real_date(a.best.text) and "✗" not in beam.tree.node_items[a.best.node_id].second_line
    assert "Do not trust" not in plain(beam.output_label.text())


def beam_output(beam_width: int, text: str) -> str:
    """The beam's output as the outcome line writes it (where greedy agrees, for both at once)."""
    return rf"Beam \(B={beam_width}\)( and greedy agree)?: {re.escape(text)}"


def test_beam_view_writes_and_counts_a_word_models_tokens_as_words(qtbot, beam, shared_state):
    a = show(qtbot, beam, WORD_MODEL, IN_DOMAIN[WORD_MODEL], current=lambda v: v.original)
    words = [t for t in a.best.tokens if t != "</s>"]
    sentence = join_english(words)  # the word tokenizer's own rule: single spaces
    assert sentence == a.best.text and " " in sentence
    assert re.search(beam_output(a.beam_width, sentence), plain(beam.output_label.text()))
    assert beam.nbest.table.item(0, 1).text() == sentence
    formula = plain(beam.nbest.formula_label.text())
    assert f"{sentence} ⟨/s⟩" in formula
    assert f"L = {len(words) + 1} tokens after ⟨s⟩ ({len(words)} words + ⟨/s⟩)" in formula
    assert "character" not in formula
    # the node title and the caption a Send carries: the prefix of the best output, as words
    node = a.result.path(a.best.node_id)[2]  # after three words
    beam.select_node(node.node_id)
    qtbot.waitUntil(lambda: beam.bridge.idle and beam.inspection is not None
                    and beam.inspection.prefix_ids == beam.shown.node_prefix(node.node_id), timeout=30000)
    prefix = " ".join(words[:3])
    assert beam.node_panel.title.text() == f"After ⟨s⟩ {prefix}: what comes next?"
    sent = []
    shared_state.send = lambda kind, payload: sent.append(payload) or True
    assert beam.send_distribution()
    assert sent[0].title.startswith(f"Next token after ⟨s⟩ {prefix} (")


def test_beam_view_counts_a_date_models_tokens_as_characters(qtbot, beam):
    a = show(qtbot, beam, DATE_MODEL, IN_DOMAIN[DATE_MODEL], current=lambda v: v.original)
    formula = plain(beam.nbest.formula_label.text())
    assert f"{a.best.text}⟨/s⟩" in formula
    assert f"({len(a.best.text)} characters + ⟨/s⟩)" in formula
    assert re.search(beam_output(a.beam_width, a.best.text + " "), plain(beam.output_label.text()))
    node = a.result.path(a.best.node_id)[2]  # after three characters, written side by side
    beam.select_node(node.node_id)
    qtbot.waitUntil(lambda: beam.bridge.idle and beam.inspection is not None
                    and beam.inspection.prefix_ids == beam.shown.node_prefix(node.node_id), timeout=30000)
    assert beam.node_panel.title.text() == f"After ⟨s⟩ {a.best.text[:3]}: what comes next?"


def test_teacher_forcing_refusal_names_words_for_the_word_model(qtbot, attention):
    show(qtbot, attention, WORD_MODEL, IN_DOMAIN[WORD_MODEL])
    attention.view_state.teacher_forcing = True
    attention.view_state.target = "Jane visits Mars"
    qtbot.waitUntil(lambda: settled(attention) and "never writes" in attention.message.text(), timeout=30000)
    assert "words this model never writes: 'Mars'" in attention.message.text()


@pytest.mark.parametrize("model,kinds,expected", [
    ("date-rnn-attention", ("cross",), {"cross": ("vᵀ · tanh(W [s⟨t−1⟩; a⟨t′⟩] + b)", "the additive (Bahdanau) attention")}),
    (DATE_MODEL, ("encoder_self", "decoder_self", "cross"),
     {"encoder_self": ("softmax(Q Kᵀ / √d_k) V", "encoder self-attention"),
      "decoder_self": ("softmax(Q Kᵀ / √d_k + M) V", "decoder masked self-attention"),
      "cross": ("softmax(Q Kᵀ / √d_k) V,  Q from the decoder", "cross-attention (decoder → encoder)")}),
])
def test_explanation_gives_the_models_formula_and_names_the_kind(qtbot, attention, model, kinds, expected):
    attention.add_explanation()
    show(qtbot, attention, model, IN_DOMAIN[DATE_MODEL])
    for kind in kinds:
        attention.view_state.kind = kind
        box = attention.explanation_box
        formula, name = expected[kind]
        assert formula in box.formula and f"On screen: {name}" in box.text
        assert " ".join(formula.split()) in plain(box.body.text())
        if model == "date-rnn-attention":
            assert "softmax(Q" not in box.formula and "cancels in the softmax" in box.text
        else:
            assert "tanh" not in box.formula


@pytest.fixture
def chinese(qapp):
    from app import i18n

    i18n.install("zh")
    yield
    i18n.install("en")


def test_the_chinese_interface_says_the_same(qtbot, chinese, beam):
    """The marks, the warning, the unit and the vocabulary's name in Chinese: 词表 for the word
    model's words (it said 字母表, alphabet), 词 for its tokens."""
    a = show(qtbot, beam, DATE_MODEL, "31/02/2021", current=lambda v: v.original)
    assert not real_date(a.best.text)
    assert beam.nbest.table.item(0, 1).text().endswith("✗ 不是真实的日期")
    assert "⚠ 不要相信这个输出" in plain(beam.output_label.text())
    assert f"{len(a.best.text)} 个字符 + ⟨/s⟩" in plain(beam.nbest.formula_label.text())
    a = show(qtbot, beam, WORD_MODEL, "简九月要访问火星", current=lambda v: v.original)
    assert "不在模型的词表中" in beam.message.text() and "火星" in beam.message.text()
    words = len([t for t in a.best.tokens if t != "</s>"])
    assert f"{words} 个词 + ⟨/s⟩" in plain(beam.nbest.formula_label.text())


@pytest.mark.parametrize("architecture,kind,formula,not_said", [
    ("GPT2LMHeadModel", "decoder_self", "softmax(Q Kᵀ / √d_k + M) V", "⟨s⟩ y₁"),  # a prompt's tokens
    ("BertModel", "encoder_self", "softmax(Q Kᵀ / √d_k) V", "tanh"),
    ("T5ForConditionalGeneration", "cross", "softmax(Q Kᵀ + B) V", "/ √d_k) V"),  # T5 does not scale
    ("MarianMTModel", "cross", "softmax(Q Kᵀ / √d_k) V,  Q from the decoder", "tanh"),
])
def test_hugging_face_models_get_the_formula_of_their_attention(qapp, architecture, kind, formula, not_said):
    """transformers' eager attention: BERT, GPT-2 and Marian divide QKᵀ by √d_k (scaling the query
    or the scores), T5 does not and adds a relative-position bias."""
    from app.views.attention.explanation import explanation_for

    text, shown = explanation_for(architecture, kind, word_model=False, hugging_face=True)
    assert formula in shown and not_said not in shown + text
