"""Hugging Face folders in the app, driven like a user: File ▸ Open model folder… (or
--model-path), type, toggle; what the views DRAW is compared with transformers' own outputs
(output_attentions=True, generate) and with numpy written here."""
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("transformers", reason="the optional [hf] extra (transformers) is not installed")
pytest.importorskip("tokenizers", reason="the optional [hf] extra (tokenizers) is not installed")

import torch  # noqa: E402
import transformers  # noqa: E402
from PySide6.QtWidgets import QApplication, QFileDialog  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from hf_tiny import CORPUS, minilm_folder, minilm_transformers, tiny_gpt2, tiny_t5  # noqa: E402

# every test opens a Hugging Face folder in a window (transformers models): 5-18 s each
pytestmark = pytest.mark.slow

ATOL = 1e-5
# "tokenization" and "unaffable" are split into word pieces by MiniLM's BERT tokenizer
TEXT = "Tokenization of unaffable words"
#: the words the tiny models' tokenizer was trained on: a text of them in another order than the
#: corpus's gives predictions that change from token to token
CORPUS_WORDS = " ".join(CORPUS).split()


@pytest.fixture(scope="module")
def minilm_reference():
    return minilm_transformers()


def reference_stack(minilm_reference, text) -> tuple[list[str], np.ndarray, list]:
    """(tokens, attention [layer, head, query, key], word ids) straight from transformers."""
    tok, model = minilm_reference
    enc = tok(text, return_tensors="pt")
    with torch.no_grad():
        out = model(**enc, output_attentions=True, return_dict=True)
    stack = torch.stack([a[0] for a in out.attentions]).numpy()
    return tok.convert_ids_to_tokens(enc.input_ids[0]), stack, enc.word_ids()


def wait_loaded(qtbot, window):
    qtbot.waitUntil(lambda: not window.state.model_folders.loading, timeout=60000)


def open_from_menu(qtbot, window, monkeypatch, folder):
    """File ▸ Open model folder…, the dialog answered with `folder`."""
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(folder)))
    window.model_folder_menu.open_action.trigger()
    wait_loaded(qtbot, window)


def type_text(qtbot, view, text):
    view.controls.input.clear()
    qtbot.keyClicks(view.controls.input, text)
    qtbot.waitUntil(lambda: view.result is not None and view.result.source_text == text and not view.busy,
                    timeout=30000)


def set_text(qtbot, view, text):
    """Put a (long) text in the input at once and wait for its result."""
    view.controls.input.setText(text)
    qtbot.waitUntil(lambda: view.result is not None and view.result.source_text == text and not view.busy,
                    timeout=60000)


def drawn(view) -> np.ndarray:
    """The image data in the heatmap's plot item: what is on screen."""
    return np.asarray(view.heatmap.image.image)


def ticks(view, side) -> list[str]:
    return [label for _, label in view.heatmap.plot.getAxis(side)._tickLevels[0]]


def toggle(qtbot, view, check, on=True):
    """Click a word-piece toggle and wait for the picture it asks for, not for `updated`: the
    layers computed ahead after a pause (their timer can fire in pytest-qt's processEvents after
    the fixture) emit it with their answer while the toggled layer is still being computed
    (view.heatmap_pending), and a test that waited for it read the previous, unmerged matrix."""
    check.setChecked(on)
    qtbot.waitUntil(lambda: not view.busy and not view.heatmap_pending, timeout=30000)


def select(qtbot, view, layer, head):
    """Choose a layer and a head (None: the mean) in the selectors, as a user does."""
    controls = view.controls
    controls.layer_box.setCurrentIndex(layer)
    controls.head_box.setCurrentIndex(controls.head_box.findData(head) if head is not None
                                      else controls.head_box.count() - 1)
    qtbot.waitUntil(lambda: (view.layer, view.head) == (layer, head), timeout=5000)


@pytest.fixture
def minilm_view(qtbot, main_window, monkeypatch):
    open_from_menu(qtbot, main_window, monkeypatch, minilm_folder())
    view = main_window.current_view()
    assert view.view_id == "attention"
    assert view.controls.model_box.currentData() == str(minilm_folder().resolve())
    type_text(qtbot, view, TEXT)
    return view


# ---- numpy written here: the toggles' definitions ------------------------------------------------

def numpy_hide(matrix, special):
    keep = [i for i, s in enumerate(special) if not s]
    out = matrix[np.ix_(keep, keep)].astype(np.float64)
    return out / out.sum(axis=1, keepdims=True)


def numpy_merge(matrix, word_ids):
    """Columns of a word summed, rows averaged; a special token (word id None) alone."""
    groups = []
    for i, w in enumerate(word_ids):
        if groups and w is not None and word_ids[groups[-1][-1]] == w:
            groups[-1].append(i)
        else:
            groups.append([i])
    out = np.zeros((len(groups), len(groups)))
    for a, rows in enumerate(groups):
        for b, cols in enumerate(groups):
            out[a, b] = sum(matrix[i, j] for i in rows for j in cols) / len(rows)
    return out, groups


# ---- attention -----------------------------------------------------------------------------

def test_minilm_heatmap_draws_transformers_attention_for_every_layer_and_some_heads(qtbot, minilm_view,
                                                                                  minilm_reference):
    view = minilm_view
    tokens, reference, _ = reference_stack(minilm_reference, TEXT)
    assert any(t.startswith("##") for t in tokens)  # word pieces, shown as such
    assert ticks(view, "bottom") == tokens and ticks(view, "left") == tokens
    kinds = view.controls.kind_box
    offered = [kinds.itemData(i) for i in range(kinds.count()) if kinds.model().item(i).isEnabled()]
    assert offered == ["encoder_self"]
    assert view.kind == "encoder_self" and view.controls.layer_box.count() == 6
    for layer, head in [(0, 0), (2, 7), (5, 11), (3, None)]:
        select(qtbot, view, layer, head)
        expected = reference[layer].mean(axis=0) if head is None else reference[layer, head]
        np.testing.assert_allclose(drawn(view), expected, atol=ATOL, rtol=0, err_msg=f"{layer}, {head}")
    # the overview: one tile per head and layer mean, small matrices drawn as they are; computed
    # only while its tab is shown, even for a short input
    assert view.overview_pending
    with qtbot.waitSignal(view.overview_updated, timeout=60000):
        view.side.setCurrentWidget(view.overview)
    assert len(view.overview.tiles) == 6 * 13
    np.testing.assert_allclose(view.overview.tiles[(4, 2)].image, reference[4, 2], atol=ATOL, rtol=0)
    # an encoder alone writes no output: the teacher-forcing box (with its date placeholder) is
    # hidden, and a shipped translation model offers it again
    assert not view.controls.teacher_row.isVisibleTo(view)
    # nor has an opened folder examples to type: no Examples button either
    assert not view.controls.examples_button.isVisibleTo(view)
    box = view.controls.model_box
    box.setCurrentIndex(box.findData("date-transformer"))
    qtbot.waitUntil(lambda: view.controls.teacher_row.isVisibleTo(view), timeout=5000)
    assert view.controls.teacher_check.isVisibleTo(view) and view.controls.teacher_input.isVisibleTo(view)
    assert view.controls.examples_button.isVisibleTo(view) and view.controls.examples_button.menu().actions()


def test_another_model_opens_on_its_own_last_layer(qtbot, main_window, monkeypatch, minilm_reference):
    """Layer 1 · head 2 chosen on the 2-layer date model is no choice for 6-layer MiniLM (it
    opened on layer 2 of 6): a model opens on its last layer, mean over heads."""
    view = main_window.view("attention")
    main_window.show_view("attention")
    qtbot.waitUntil(lambda: view.result is not None and not view.busy, timeout=30000)
    select(qtbot, view, 0, 1)
    open_from_menu(qtbot, main_window, monkeypatch, minilm_folder())
    type_text(qtbot, view, TEXT)
    assert (view.layer, view.head) == (5, None)
    assert view.controls.layer_box.currentText() == "Layer 6"
    _, reference, _ = reference_stack(minilm_reference, TEXT)
    np.testing.assert_allclose(drawn(view), reference[5].mean(axis=0), atol=ATOL, rtol=0)
    # a choice made on MiniLM stays while typing, and going back opens the date model on its last
    select(qtbot, view, 2, 7)
    type_text(qtbot, view, TEXT + " again")
    assert (view.layer, view.head) == (2, 7)
    view.controls.model_box.setCurrentIndex(view.controls.model_box.findData("date-transformer"))
    type_text(qtbot, view, "4 Nov 1988")
    assert (view.layer, view.head) == (1, None) and view.controls.layer_box.currentText() == "Layer 2"


def test_merge_word_pieces_sums_columns_and_averages_rows(qtbot, minilm_view, minilm_reference, monkeypatch):
    """…computed off the GUI thread (the background worker hands the view the finished layer)."""
    import threading

    import engine.hf.toggles as toggles

    view = minilm_view
    tokens, reference, word_ids = reference_stack(minilm_reference, TEXT)
    select(qtbot, view, 1, 4)
    threads = []
    transform = toggles.shown_stack

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread())
        return transform(*args, **kwargs)

    monkeypatch.setattr(toggles, "shown_stack", recorded)
    toggle(qtbot, view, view.word_pieces.merge_check)
    assert threads and threading.main_thread() not in threads
    expected, groups = numpy_merge(reference[1, 4], word_ids)
    np.testing.assert_allclose(drawn(view), expected, atol=ATOL, rtol=0)
    np.testing.assert_allclose(drawn(view).sum(axis=1), 1.0, atol=1e-5)
    assert ticks(view, "bottom") == ["[CLS]", "tokenization", "of", "unaffable", "words", "[SEP]"]
    assert len(groups) == 6
    # with the toggle on, another layer and a new text are merged in the background too: the
    # picture waits for them (view.busy) and then shows them, never the unmerged matrix
    select(qtbot, view, 3, None)
    qtbot.waitUntil(lambda: not view.busy and not view.heatmap_pending, timeout=30000)
    np.testing.assert_allclose(drawn(view), np.mean([numpy_merge(reference[3, h], word_ids)[0] for h in range(12)],
                                                    axis=0), atol=ATOL, rtol=0)
    text = "Unaffable tokenization"
    type_text(qtbot, view, text)
    assert not view.heatmap_pending
    _, reference, word_ids = reference_stack(minilm_reference, text)
    np.testing.assert_allclose(drawn(view), np.mean([numpy_merge(reference[3, h], word_ids)[0] for h in range(12)],
                                                    axis=0), atol=ATOL, rtol=0)


def test_an_answer_computed_ahead_before_a_toggle_leaves_the_view_busy_until_the_toggled_layer(
        qtbot, minilm_view, minilm_reference, monkeypatch):
    """The layers computed ahead in a pause were asked for before the click on "merge word
    pieces", so the toggles' worker answers them first, with `updated`, while the merged layer is
    still computed.  That order, forced here (the merged layer is held until the answer computed
    ahead is delivered), is what a test waiting for `updated` once met under load: then the view
    says busy and keeps the unmerged picture only as pending; whenever it says it is done the
    picture is the merged one (numpy here)."""
    import threading

    from PySide6.QtCore import QTimer

    import engine.hf.toggles as toggles

    view = minilm_view
    tokens, reference, word_ids = reference_stack(minilm_reference, TEXT)
    # the fixture's result computed ahead (nothing of it in flight any more)
    qtbot.waitUntil(lambda: view.toggled_layer_ready(False, True) and view.toggled_layer_ready(True, False),
                    timeout=10000)
    ahead_delivered = threading.Event()
    transform = toggles.shown_stack

    def held(result, kind, stack, merge, hide, empty=None):
        if merge:  # (the toggles' worker thread) the merged layer, after the answer computed ahead
            assert ahead_delivered.wait(30)
        return transform(result, kind, stack, merge, hide, empty)

    answered = view.ahead_loop.render

    def ahead_answered(answer):
        answered(answer)
        # once this delivery is over: the merged layer comes in a delivery of its own, as under load
        QTimer.singleShot(0, ahead_delivered.set)

    monkeypatch.setattr(toggles, "shown_stack", held)
    monkeypatch.setattr(view.ahead_loop, "render", ahead_answered)
    select(qtbot, view, 1, 4)
    view._compute_ahead()  # the pause's timer fires: "hide special tokens" on layer 2, computed ahead
    assert view.ahead_loop.waiting and not view.ahead_loop.asked.merge_words
    seen = []  # at each `updated` with the toggle on: (busy, toggled layer pending, drawn shape)

    def updated():
        if view.word_pieces.merge_check.isChecked():
            seen.append((view.busy, view.heatmap_pending, drawn(view).shape))

    view.updated.connect(updated)
    view.word_pieces.merge_check.setChecked(True)
    qtbot.waitUntil(lambda: not view.busy and not view.heatmap_pending, timeout=30000)
    n = len(tokens)
    assert ahead_delivered.is_set() and seen[0] == (True, True, (n, n))  # the order that met the old test
    assert all(busy or pending or shape == (6, 6) for busy, pending, shape in seen), seen
    np.testing.assert_allclose(drawn(view), numpy_merge(reference[1, 4], word_ids)[0], atol=ATOL, rtol=0)


def test_hide_special_tokens_renormalises_and_sinks_are_shown_per_head(qtbot, minilm_view, minilm_reference):
    view = minilm_view
    tokens, reference, word_ids = reference_stack(minilm_reference, TEXT)
    special = [t in ("[CLS]", "[SEP]") for t in tokens]
    select(qtbot, view, 5, 3)
    # sink mass: mean over queries of the weight on [CLS], [SEP] and the first token
    sinks = np.array([reference[5, h][:, [0, len(tokens) - 1]].sum(axis=1).mean() for h in range(12)])
    np.testing.assert_allclose(view.word_pieces.sinks, sinks, atol=ATOL)
    assert view.word_pieces.sink_label.text().endswith(" ".join(f"{100 * s:.0f}" for s in sinks))
    toggle(qtbot, view, view.word_pieces.hide_check)
    np.testing.assert_allclose(drawn(view), numpy_hide(reference[5, 3], special), atol=ATOL, rtol=0)
    assert ticks(view, "left") == [t for t, s in zip(tokens, special) if not s]
    # both: hide, then merge what is left
    toggle(qtbot, view, view.word_pieces.merge_check)
    kept_ids = [w for w, s in zip(word_ids, special) if not s]
    expected, _ = numpy_merge(numpy_hide(reference[5, 3], special), kept_ids)
    np.testing.assert_allclose(drawn(view), expected, atol=ATOL, rtol=0)
    assert ticks(view, "bottom") == ["tokenization", "of", "unaffable", "words"]


def test_a_pause_computes_the_toggles_ahead_so_a_click_draws_at_once(qtbot, minilm_view, minilm_reference):
    """After a pause on a result, the background worker has the layer shown with "hide special
    tokens" and with "merge word pieces" ready: each click draws without waiting for the worker,
    and what it draws is the toggle's definition (numpy here) of transformers' heads."""
    view = minilm_view
    tokens, reference, word_ids = reference_stack(minilm_reference, TEXT)
    special = [t in ("[CLS]", "[SEP]") for t in tokens]
    layer = view.layer
    qtbot.waitUntil(lambda: view.toggled_layer_ready(False, True) and view.toggled_layer_ready(True, False),
                    timeout=10000)
    assert not view.toggled_layer_ready(True, True)  # (both on: not computed ahead)
    view.word_pieces.hide_check.setChecked(True)
    assert not view.heatmap_pending and not view.shown_loop.waiting
    np.testing.assert_allclose(drawn(view), np.mean([numpy_hide(reference[layer, h], special) for h in range(12)],
                                                    axis=0), atol=ATOL, rtol=0)
    view.word_pieces.hide_check.setChecked(False)
    view.word_pieces.merge_check.setChecked(True)
    assert not view.heatmap_pending and not view.shown_loop.waiting
    np.testing.assert_allclose(drawn(view), np.mean([numpy_merge(reference[layer, h], word_ids)[0] for h in range(12)],
                                                    axis=0), atol=ATOL, rtol=0)


def test_the_first_toggles_after_a_longer_text_find_their_memory_mapped(qtbot, minilm_view, minilm_reference,
                                                                        monkeypatch):
    """A toggle right after a result longer than any before found no free memory in the
    background worker, and page faults were most of its time: the view has the worker reserve it
    with the result, so the toggles that follow make no new buffer there; and they draw the
    toggles' definitions (numpy here) of transformers' heads."""
    import threading

    from engine.hf.buffers import StackBuffers

    made = []
    array = StackBuffers.array

    def recorded(self, shape):
        before = self.allocated
        out = array(self, shape)
        if self.allocated > before:
            made.append(threading.current_thread().name)
        return out

    monkeypatch.setattr(StackBuffers, "array", recorded)
    view = minilm_view
    text = " ".join([TEXT] * 20)  # 142 tokens: longer than the fixture's, past a multiple of 128
    select(qtbot, view, 4, 2)
    set_text(qtbot, view, text)
    qtbot.waitUntil(lambda: view.bridge.idle, timeout=30000)
    assert "toggles-worker" in made  # the reservation, with the result
    made.clear()
    tokens, reference, word_ids = reference_stack(minilm_reference, text)
    special = [t in ("[CLS]", "[SEP]") for t in tokens]
    view.word_pieces.merge_check.setChecked(True)
    qtbot.waitUntil(lambda: not view.busy and not view.heatmap_pending, timeout=30000)
    np.testing.assert_allclose(drawn(view), numpy_merge(reference[4, 2], word_ids)[0], atol=ATOL, rtol=0)
    view.word_pieces.hide_check.setChecked(True)
    qtbot.waitUntil(lambda: not view.busy and not view.heatmap_pending, timeout=30000)
    kept_ids = [w for w, s in zip(word_ids, special) if not s]
    np.testing.assert_allclose(drawn(view), numpy_merge(numpy_hide(reference[4, 2], special), kept_ids)[0],
                               atol=ATOL, rtol=0)
    assert "toggles-worker" not in made


def offered_kinds(view) -> list[str]:
    box = view.controls.kind_box
    return [box.itemData(i) for i in range(box.count()) if box.model().item(i).isEnabled()]


def test_decoder_only_and_encoder_decoder_folders_offer_their_kinds(qtbot, main_window, monkeypatch, tmp_path):
    """GPT-2: masked self-attention only; T5: all three kinds over its greedy output, each drawn
    as transformers computes it (the greedy output from generate, then one forward pass)."""
    view = main_window.view("attention")
    gpt2 = tiny_gpt2(tmp_path / "gpt2")
    open_from_menu(qtbot, main_window, monkeypatch, gpt2)
    type_text(qtbot, view, "the cat sat")
    assert offered_kinds(view) == ["decoder_self"] and view.kind == "decoder_self"
    tok = transformers.AutoTokenizer.from_pretrained(gpt2)
    ref = transformers.AutoModelForCausalLM.from_pretrained(gpt2, attn_implementation="eager").eval()
    enc = tok("the cat sat", return_tensors="pt")
    with torch.no_grad():
        attentions = ref(**enc, output_attentions=True).attentions
    select(qtbot, view, 1, 2)
    np.testing.assert_allclose(drawn(view), attentions[1][0, 2].numpy(), atol=ATOL, rtol=0)
    assert ticks(view, "bottom") == tok.convert_ids_to_tokens(enc.input_ids[0])
    assert view.heatmap.mask is not None and view.heatmap.mask[0, 1]  # the future is hatched

    t5 = tiny_t5(tmp_path / "t5")
    open_from_menu(qtbot, main_window, monkeypatch, t5)
    text = "attention is all you need"
    type_text(qtbot, view, text)
    assert offered_kinds(view) == ["encoder_self", "decoder_self", "cross"]
    assert view.kind == "decoder_self"  # the kind chosen for GPT-2 stays while the model has it
    view.controls.kind_box.setCurrentIndex(view.controls.kind_box.findData("cross"))
    qtbot.waitUntil(lambda: view.kind == "cross", timeout=5000)
    tok = transformers.AutoTokenizer.from_pretrained(t5)
    ref = transformers.AutoModelForSeq2SeqLM.from_pretrained(t5, attn_implementation="eager").eval()
    enc = tok(text, return_tensors="pt")
    greedy = ref.generate(**enc, num_beams=1, do_sample=False, max_new_tokens=40)[0, 1:].tolist()
    decoder_in = torch.tensor([[ref.config.decoder_start_token_id] + greedy[:-1]])
    with torch.no_grad():
        out = ref(**enc, decoder_input_ids=decoder_in, output_attentions=True)
    select(qtbot, view, 0, 1)
    np.testing.assert_allclose(drawn(view), out.cross_attentions[0][0, 1].numpy(), atol=ATOL, rtol=0)
    def shown(tokens):  # the app writes </s> as ⟨/s⟩ for every model (docs/attention.md)
        return ["⟨/s⟩" if t == "</s>" else t for t in tokens]

    assert ticks(view, "bottom") == shown(tok.convert_ids_to_tokens(enc.input_ids[0]))
    assert ticks(view, "left") == shown(tok.convert_ids_to_tokens(greedy))  # the token each step produces


def test_a_long_decoder_input_draws_its_heads_hatch_predictions_and_overview_as_transformers(
        qtbot, main_window, monkeypatch, tmp_path):
    """A GPT-2 folder over ~300 tokens (issue 27: the decoder path drew ~160 ms a keystroke more
    than an encoder's): each head drawn as transformers computes it, the future hatched by the
    mask's definition and kept for another head, the output strip holding the prediction after
    every token (transformers' argmax and its probability) though it writes only the cells its
    width can show, and the "All heads" captions the heads' mean row entropies (scipy)."""
    from scipy.stats import entropy

    from test_large_models import hatch_by_definition

    view = main_window.view("attention")
    gpt2 = tiny_gpt2(tmp_path / "gpt2", positions=512)
    open_from_menu(qtbot, main_window, monkeypatch, gpt2)
    text = " ".join(["the cat sat on the mat"] * 50)
    set_text(qtbot, view, text)
    tok = transformers.AutoTokenizer.from_pretrained(gpt2)
    ref = transformers.AutoModelForCausalLM.from_pretrained(gpt2, attn_implementation="eager").eval()
    enc = tok(text, return_tensors="pt")
    with torch.no_grad():
        out = ref(**enc, output_attentions=True)
    reference = torch.stack([a[0] for a in out.attentions]).numpy()
    n = reference.shape[-1]
    assert n > 200
    mask = np.triu(np.ones((n, n), dtype=bool), k=1)
    select(qtbot, view, 1, 2)
    np.testing.assert_allclose(drawn(view), reference[1, 2], atol=ATOL, rtol=0)
    np.testing.assert_array_equal(view.heatmap.mask_overlay.image, hatch_by_definition(mask))
    hatch = view.heatmap.mask_overlay.image
    select(qtbot, view, 0, 3)
    np.testing.assert_allclose(drawn(view), reference[0, 3], atol=ATOL, rtol=0)
    assert view.heatmap.mask_overlay.image is hatch  # the same mask: not hatched again

    probabilities = torch.softmax(out.logits[0].double(), dim=-1)
    top, predicted = probabilities.max(dim=-1)
    assert view.output.tokens == tok.convert_ids_to_tokens(predicted.tolist())
    np.testing.assert_allclose(view.output.probabilities, top.numpy(), atol=1e-5)
    written = view.output.text().count("font-family:monospace")
    assert 0 < written < n  # only what its width can show (tests/app/test_output_strip.py: the same pixels)

    with qtbot.waitSignal(view.overview_updated, timeout=60000):
        view.side.setCurrentWidget(view.overview)
    for layer, head in [(0, 0), (1, 3)]:
        bits = entropy(reference[layer, head].astype(np.float64), base=2, axis=1).mean()
        assert f"H={bits:.2f} bits" in view.overview.captions[(layer, head)]


@pytest.mark.parametrize("points, language", [(11, "en"), (22, "zh")])
def test_a_long_decoder_input_ends_its_output_strip_with_the_real_next_token(
        qtbot, main_window, monkeypatch, tmp_path, points, language):
    """GPT-2 over ~270 tokens in a 1280×680 window: the strip cannot hold a prediction per token,
    so it shows the last ones, ending with the prediction after the last token (transformers'
    argmax there: what the model would write next), drawn whole inside the strip; an ellipsis
    cell before them and the tooltip (in the window's language) say how many are hidden.  A
    short input is shown whole, with neither."""
    from app import i18n
    from app.widgets.tokens import display_token
    from test_output_strip import ELLIPSIS, cell_rect, has_ink, shown_rows

    window = main_window
    try:
        window.set_language(language)
        window.set_text_size(points)
        window.resize(1280, 680)
        qtbot.waitUntil(lambda: (window.width(), window.height()) == (1280, 680), timeout=5000)
        window.show_view("attention")
        view = window.view("attention")
        gpt2 = tiny_gpt2(tmp_path / "gpt2", positions=512)
        open_from_menu(qtbot, window, monkeypatch, gpt2)
        tok = transformers.AutoTokenizer.from_pretrained(gpt2)
        ref = transformers.AutoModelForCausalLM.from_pretrained(gpt2).eval()
        text = " ".join(reversed(CORPUS_WORDS)) + " " + " ".join(CORPUS_WORDS * 4)
        set_text(qtbot, view, text)
        with torch.no_grad():
            logits = ref(**tok(text, return_tensors="pt")).logits[0].double()
        top, predicted = torch.softmax(logits, dim=-1).max(dim=-1)
        expected = [display_token(t) for t in tok.convert_ids_to_tokens(predicted.tolist())]
        n = len(expected)
        assert n > 200
        qtbot.waitUntil(lambda: view.output.isVisible() and view.output.width() > 0, timeout=5000)
        QApplication.processEvents()
        strip = view.output
        (caption, ellipsis, *shown), (_, more, *probabilities) = shown_rows(strip)
        hidden = n - len(shown)
        assert ellipsis == ELLIPSIS and 3 <= len(shown) < 60
        assert shown == expected[-len(shown):]  # in order, the real next token last
        assert probabilities == [f"{p:.2f}" for p in top[-len(shown):].tolist()]
        rect = cell_rect(strip)
        visible = strip.visibleRegion().boundingRect()
        assert visible.left() <= rect.left() and rect.right() <= visible.right() + 1, (rect, visible)
        assert strip.mapTo(window, visible.topRight()).x() < window.width()
        assert has_ink(strip, rect)
        assert str(hidden) in more and f"{hidden}" in strip.toolTip() and f"{n}" in strip.toolTip()
        assert ("预测" in strip.toolTip()) == (language == "zh") and ("个" in more) == (language == "zh")

        set_text(qtbot, view, "the cat sat")
        top_row, _ = shown_rows(strip)
        assert ELLIPSIS not in top_row and strip.toolTip() == ""
        assert top_row[1:] == [display_token(t) for t in view.result.output_tokens]
    finally:
        i18n.install("en")  # the window closes next: no need to rebuild its views in English
        i18n.remember("en")
        window.resize(1400, 900)  # the geometry saved at close must not fill the screen for later tests


def fitting_step(plot, side, labels, indices) -> int:
    """The smallest k at which every k-th of `indices` (the multiples of k) labels, centred on
    their cells on screen and measured in the axis font, leave each other 3 px (bottom axis) or
    a line of text (left axis): worked out here from the screen positions."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QFont, QFontMetricsF

    metrics = QFontMetricsF(plot.getAxis(side).style["tickFont"] or QFont())

    def fits(step):
        shown = [i for i in indices if i % step == 0]
        if side == "bottom":
            at = [plot.vb.mapViewToScene(QPointF(i + 0.5, 0)).x() for i in shown]
            size = [max(metrics.horizontalAdvance(labels[i]), metrics.boundingRect(labels[i]).width()) for i in shown]
            return all(at[n] + size[n] / 2 + 3 <= at[n + 1] - size[n + 1] / 2 for n in range(len(shown) - 1))
        at = [plot.vb.mapViewToScene(QPointF(0, i + 0.5)).y() for i in shown]
        return all(abs(at[n + 1] - at[n]) >= metrics.height() for n in range(len(shown) - 1))

    return next(k for k in range(1, len(indices) + 1) if fits(k))


def test_long_inputs_label_every_kth_token_that_fits_and_zooming_brings_all_back(qtbot, minilm_view,
                                                                                minilm_reference):
    """The axes label every k-th token, k the smallest step at which the labels do not overlap
    (issue 23: MiniLM's word pieces ran together from 16 tokens); the drawn weights stay exact,
    the hover names any token, and zooming in labels more of them."""
    view = minilm_view
    text = " ".join([TEXT] * 40)
    set_text(qtbot, view, text)
    tokens, reference, _ = reference_stack(minilm_reference, text)
    assert len(tokens) > 200
    select(qtbot, view, 5, 3)
    np.testing.assert_allclose(drawn(view), reference[5, 3], atol=ATOL, rtol=0)
    plot = view.heatmap.plot
    everything = range(len(tokens))
    steps = {}
    for side in ("left", "bottom"):
        k = steps[side] = fitting_step(plot, side, tokens, everything)
        positions = [p for p, _ in plot.getAxis(side)._tickLevels[0]]
        assert k > 1 and ticks(view, side) == tokens[::k], side
        assert positions == [i + 0.5 for i in range(0, len(tokens), k)]
    # the hover readout names the exact token, labelled or not
    row, col = 1, 2 if len(tokens) % 2 else 3
    assert f"'{tokens[row]}' ({row})" in view.heatmap.describe_cell(row, col)
    assert f"'{tokens[col]}' ({col})" in view.heatmap.describe_cell(row, col)
    # zoomed in to 40 tokens: more of them are labelled, still without overlapping
    plot.setXRange(100, 140, padding=0)
    plot.setYRange(7, 47, padding=0)
    qtbot.waitUntil(lambda: view.heatmap.column_ticks.step < steps["bottom"], timeout=5000)
    for side, shown in (("bottom", range(100, 140)), ("left", range(7, 47))):
        k = fitting_step(plot, side, tokens, shown)
        assert k < steps[side] and ticks(view, side) == [tokens[i] for i in shown if i % k == 0], side
    # the row panel's key labels follow the same rule
    view.select_row(4)
    key_axis = view.row_panel.plot.getAxis("bottom")
    step = view.row_panel.key_ticks.step
    assert step > 1 and [t for _, t in key_axis._tickLevels[0]] == tokens[::step]


def test_overview_of_a_long_input_comes_from_the_background_worker_after_the_heatmap(qtbot, minilm_view,
                                                                                     minilm_reference):
    """A stack over INLINE_OVERVIEW_WEIGHTS gets its tiles and entropies off the GUI thread, and
    only while the "All heads" tab is shown; they are block means of transformers' weights, the
    captions their mean row entropies (scipy), and a toggle reaches the tiles too."""
    from scipy.stats import entropy

    from app.views.attention.view import INLINE_OVERVIEW_WEIGHTS

    view = minilm_view
    text = " ".join([TEXT] * 25)
    set_text(qtbot, view, text)
    tokens, reference, word_ids = reference_stack(minilm_reference, text)
    n = len(tokens)
    assert reference.size > INLINE_OVERVIEW_WEIGHTS and n > 128
    np.testing.assert_allclose(drawn(view), reference[5].mean(axis=0), atol=ATOL, rtol=0)
    assert view.side.currentWidget() is view.row_panel and view.overview_pending  # hidden: not computed
    with qtbot.waitSignal(view.overview_updated, timeout=60000):
        view.side.setCurrentWidget(view.overview)
    assert not view.overview_pending
    f = -(-n // 128)  # block side of the tiles
    tile = view.overview.tiles[(2, 5)].image
    assert tile.shape == (-(-n // f), -(-n // f))
    for r, c in [(0, 0), (17, 40), (tile.shape[0] - 1, tile.shape[1] - 1)]:
        block = reference[2, 5, r * f:(r + 1) * f, c * f:(c + 1) * f]
        assert tile[r, c] == pytest.approx(block.mean(), abs=1e-6)
    for (layer, head), matrix in [((2, 5), reference[2, 5]), ((3, None), reference[3].mean(axis=0))]:
        bits = np.mean([entropy(row.astype(np.float64), base=2) for row in matrix])
        assert f"H={bits:.2f} bits" in view.overview.captions[(layer, head)]
    # merging words: the tiles show the merged heads (102 words: drawn as they are)
    with qtbot.waitSignal(view.overview_updated, timeout=60000):
        view.word_pieces.merge_check.setChecked(True)
    merged, groups = numpy_merge(reference[1, 4], word_ids)
    assert len(groups) <= 128
    np.testing.assert_allclose(view.overview.tiles[(1, 4)].image, merged, atol=ATOL, rtol=0)
    # the heatmap's merged layer comes from the toggles' own worker: it may follow the tiles
    qtbot.waitUntil(lambda: not view.heatmap_pending, timeout=30000)
    np.testing.assert_allclose(drawn(view), np.mean([numpy_merge(reference[5, h], word_ids)[0] for h in range(12)],
                                                    axis=0), atol=ATOL, rtol=0)


def test_a_saved_session_reopens_its_model_folder_or_says_it_is_gone(qtbot, minilm_view, main_window,
                                                                     minilm_reference, tmp_path):
    import json

    from app.main_window import MainWindow

    folder = str(minilm_folder().resolve())
    path = main_window.sessions.save(tmp_path / "s.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["views"]["attention"]["fields"]["model"] == folder
    _, reference, _ = reference_stack(minilm_reference, TEXT)
    fresh = MainWindow(device="cpu")
    qtbot.addWidget(fresh)
    fresh.show()
    try:
        attention = fresh.view("attention")
        assert attention.controls.model_box.findData(folder) < 0  # not loaded in this window
        fresh.sessions.open(path)
        qtbot.waitUntil(lambda: attention.controls.model_box.currentData() == folder and attention.result is not None
                        and attention.result.source_text == TEXT and not attention.busy, timeout=60000)
        np.testing.assert_allclose(drawn(attention), reference[5].mean(axis=0), atol=ATOL, rtol=0)
        # the same session after the folder was moved away: said so, the selector keeps its model
        data["views"]["attention"]["fields"]["model"] = str(tmp_path / "moved-away")
        (tmp_path / "gone.json").write_text(json.dumps(data), encoding="utf-8")
        fresh.sessions.open(tmp_path / "gone.json")
        message = fresh.model_folder_menu.last_error
        assert str(tmp_path / "moved-away") in message and "no longer exists" in message
        assert attention.controls.model_box.currentData() == folder and not fresh.state.model_folders.loading
    finally:
        fresh.close()


def test_causal_hatch_of_long_inputs_stays_near_a_thousand_pixels_per_side():
    """A 300-token causal mask is hatched with 3 x 3 pixels per cell (1024 // 300), not 8 x 8."""
    from app.widgets.heatmap import hatch_overlay

    mask = np.triu(np.ones((300, 300), dtype=bool), k=1)
    overlay = hatch_overlay(mask)
    assert overlay.shape == (900, 900, 4)
    np.testing.assert_array_equal(overlay[..., 3], np.kron(mask, np.ones((3, 3))) * 255)
    y, x = np.indices((900, 900))
    np.testing.assert_array_equal(overlay[..., 0], np.where((x + y) % 8 < 2, 150, 60))


def test_overview_downsamples_long_inputs_to_block_means():
    from app.widgets.overview import AttentionOverview
    from engine.attention_overview import TILE_PIXELS, summarise

    rng = np.random.default_rng(0)
    stack = rng.random((2, 3, 300, 257)).astype(np.float32)
    overview = AttentionOverview()
    overview.show_summary(summarise(stack))
    tile = overview.tiles[(1, 2)].image
    f, g = 3, 3  # ceil(300 / 128), ceil(257 / 128)
    assert tile.shape == (100, 86) and max(tile.shape) <= TILE_PIXELS
    for r, c in [(0, 0), (57, 40), (99, 85)]:  # the last column holds 2 keys, not 3
        block = stack[1, 2, r * f:(r + 1) * f, c * g:(c + 1) * g]
        assert tile[r, c] == pytest.approx(block.mean(), abs=1e-6)
    np.testing.assert_allclose(overview.tiles[(0, None)].image[5, 5], stack[0, :, 15:18, 15:18].mean(), atol=1e-6)
    # the full-resolution tile stays in token units
    assert overview.tiles[(1, 2)].boundingRect().width() == 86
    overview.deleteLater()


# ---- loading -------------------------------------------------------------------------------

def test_folder_without_safetensors_is_refused_with_a_message(qtbot, main_window, monkeypatch, tmp_path):
    (tmp_path / "config.json").write_text('{"model_type": "bert"}')
    (tmp_path / "pytorch_model.bin").write_bytes(b"pickle")
    before = main_window.view("attention").controls.model_box.count()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a, **k: str(tmp_path)))
    main_window.model_folder_menu.open_action.trigger()
    box = main_window.model_folder_menu.error_box
    assert box is not None and box.isVisible()
    assert "model.safetensors is missing" in box.text() and "pytorch_model.bin" in box.text()
    assert main_window.view("attention").controls.model_box.count() == before
    box.close()


def test_unsupported_architecture_is_refused_by_the_worker_once_per_try(qtbot, main_window, tmp_path):
    """An image model passes the folder check (config, safetensors, tokenizer file) and is
    refused when the worker classifies it: one message per attempt, the GUI live meanwhile."""
    import json

    header = b"{}"
    (tmp_path / "model.safetensors").write_bytes(len(header).to_bytes(8, "little") + header)
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "vit", "architectures": ["ViTModel"]}))
    (tmp_path / "vocab.txt").write_text("[PAD]\n")
    menu = main_window.model_folder_menu
    failures = []
    main_window.state.model_folders.failed.connect(lambda path, message: failures.append(message))
    for attempt in (1, 2):
        assert menu.open(tmp_path) is not None  # accepted by the quick check: goes to the worker
        wait_loaded(qtbot, main_window)
        qtbot.waitUntil(lambda: len(failures) == attempt, timeout=30000)
        assert "unsupported architecture ViTModel" in menu.error_box.text()
        menu.error_box.close()
    qtbot.wait(100)
    assert len(failures) == 2


def test_without_transformers_the_menu_says_how_to_enable_it(qtbot, main_window, monkeypatch):
    import app.model_folder_menu as menu

    monkeypatch.setattr(menu, "hf_available", lambda: False)
    assert main_window.model_folder_menu.open_dialog() is None
    assert 'pip install -e ".[hf]"' in main_window.model_folder_menu.error_box.text()
    main_window.model_folder_menu.error_box.close()


def test_model_path_option_loads_the_folder_and_recent_models_remember_it(qtbot, main_window):
    import main

    args = main.build_parser().parse_args(["--model-path", str(minilm_folder())])
    main.check_options(args)
    main.apply_options(main_window, args)
    wait_loaded(qtbot, main_window)
    key = str(minilm_folder().resolve())
    assert main_window.view("attention").controls.model_box.currentData() == key
    assert main_window.model_folder_menu.recent_menu.actions()[0].text() == key
    # an encoder cannot generate: the beam view does not offer it
    assert main_window.view("beam").controls.model_box.findData(key) < 0
    with pytest.raises(main.StartError, match="config.json is missing"):
        main.check_options(main.build_parser().parse_args(["--model-path", str(Path(__file__).parent)]))


# ---- beam search ---------------------------------------------------------------------------

def test_beam_on_a_tiny_gpt2_folder_lists_generates_sequences(qtbot, main_window, monkeypatch, tmp_path):
    folder = tiny_gpt2(tmp_path / "tiny-gpt2")
    main_window.show_view("beam")
    view = main_window.current_view()
    open_from_menu(qtbot, main_window, monkeypatch, folder)
    assert main_window.current_view() is view and view.controls.model_box.currentData() == str(folder.resolve())
    width, alpha, text = 4, 0.8, "the cat sat"
    view.controls.beam_spin.setValue(width)
    view.controls.alpha_spin.setValue(alpha)
    view.controls.input.setText(text)
    qtbot.waitUntil(lambda: view.original is not None and view.original.text == text
                    and view.original.beam_width == width and not view.busy, timeout=60000)

    tok = transformers.AutoTokenizer.from_pretrained(folder)
    model = transformers.AutoModelForCausalLM.from_pretrained(folder, attn_implementation="eager").eval()
    enc = tok(text, return_tensors="pt")
    out = model.generate(**enc, num_beams=width, length_penalty=alpha, early_stopping=True,
                         num_return_sequences=width, output_scores=True, return_dict_in_generate=True,
                         max_new_tokens=40, do_sample=False, pad_token_id=0)
    expected = []
    for row in out.sequences[:, enc.input_ids.shape[1]:].tolist():
        expected.append(tuple(row[: row.index(1) + 1] if 1 in row else row))  # cut after </s> (id 1)
    assert [r.token_ids for r in view.nbest.rows] == expected
    np.testing.assert_allclose([r.score for r in view.nbest.rows], out.sequences_scores.numpy(), atol=ATOL, rtol=0)
    table = view.nbest.table
    shown = [table.item(i, 1).text() for i in range(table.rowCount())]
    # word pieces merged into words: GPT-2's byte-level pieces are one text in which Ġ is the space
    # (its random tiny vocabulary's other bytes are shown as pieces, not decoded to bytes)
    written = ["".join(t for t in tok.convert_ids_to_tokens(list(seq)) if t != "</s>").replace("Ġ", " ").strip()
               for seq in expected]
    assert shown == written
    # the formula card counts what comes before </s> in word pieces, not characters
    best = expected[0]
    finished = best[-1] == 1
    before = len(best) - finished
    pieces = f"{before} word piece" + ("" if before == 1 else "s")
    formula = view.nbest.formula_label.text()
    assert f"({pieces} + ⟨/s⟩)" in formula if finished else f"({pieces}, no ⟨/s⟩" in formula
    assert "character" not in formula
    assert not view.node_panel.isEnabled() and "shipped models" in view.node_panel.message.text()
