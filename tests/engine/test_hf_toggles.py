"""engine.hf.toggles: what the attention view draws with a word-piece toggle on (hide special
tokens, merge word pieces, both), against the toggles' definitions written as loops here, for
word groups and special tokens anywhere; and the layer's arrays written into reused memory."""
import numpy as np
import pytest

from engine.hf import toggles
from engine.hf.model import HFAttentionResult
from engine.hf.transforms import word_groups


def softmax_rows(shape, seed=0):
    logits = np.random.default_rng(seed).normal(size=shape) * 2
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)).astype(np.float32)


def encoder_result(stack, special, word_ids):
    """An encoder's result of len(special) tokens, one label per word group."""
    n = len(special)
    tokens = tuple(f"t{i}" for i in range(n))
    words = tuple(f"w{g}" for g in range(len(word_groups(word_ids))))
    return HFAttentionResult(
        source_text="", source_tokens=tokens, target_tokens=(), output_tokens=(), output_text="",
        output_probabilities=np.zeros(0), top_probabilities=np.zeros(0), encoder_self=stack, decoder_self=None,
        cross=None, unknown_characters=(), teacher_forced=False, architecture="bert",
        source_special=tuple(special), source_word_ids=tuple(word_ids), source_words=words)


def random_text(rng, n, specials_at, max_pieces):
    """(special flags, word ids) of n tokens: special tokens at `specials_at` (word id None),
    the others in words of 1..max_pieces pieces."""
    special = [i in specials_at for i in range(n)]
    word_ids, word, left = [], -1, 0
    for i in range(n):
        if special[i]:
            word_ids.append(None)
            left = 0
            continue
        if left == 0:
            word, left = word + 1, int(rng.integers(1, max_pieces + 1))
        word_ids.append(word)
        left -= 1
    return special, word_ids


def in_a_thread_of_its_own(body):
    """Run body() in a new thread, as in the app's background worker: its pools are that
    thread's alone (fresh here); a failure is raised in the test's thread."""
    import threading

    failures = []

    def run():
        try:
            body()
        except BaseException as exc:  # noqa: BLE001 - raised again below
            failures.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


def defined(a, special, word_ids, merge, hide):
    """The toggles on one head [Q, K], as loops: hide drops special rows and columns and divides
    each row by the mass left on it (0 when none is left); merge sums a word's columns and
    averages its rows (a special token a word of its own)."""
    positions = [i for i in range(len(special)) if not (hide and special[i])]
    out = np.zeros((len(positions), len(positions)))
    for r, i in enumerate(positions):
        left = sum(float(a[i, j]) for j in positions)
        for c, j in enumerate(positions):
            out[r, c] = (float(a[i, j]) / left if left > 0 else 0.0) if hide else float(a[i, j])
    if not merge:
        return out
    groups = []  # runs of one word id among the kept positions
    for r, i in enumerate(positions):
        if groups and word_ids[i] is not None and word_ids[positions[groups[-1][-1]]] == word_ids[i]:
            groups[-1].append(r)
        else:
            groups.append([r])
    return np.array([[sum(out[i, j] for i in q for j in k) / len(q) for k in groups] for q in groups])


@pytest.mark.parametrize("specials_at, max_pieces", [
    ((0, 29), 3),  # [CLS] … [SEP]: the kept rows and columns are one range
    ((0, 12, 13, 29), 3),  # a [SEP] [CLS] between two sentences: the kept ones gathered
    ((0, 29), 1),  # every word one piece: nothing to merge, the rows are the words
])
def test_shown_layer_is_the_toggles_definition_for_every_combination(specials_at, max_pieces):
    rng = np.random.default_rng(len(specials_at) + max_pieces)
    n = 30
    special, word_ids = random_text(rng, n, specials_at, max_pieces)
    stack = softmax_rows((2, 4, n, n), seed=7)
    stack[1, 2, 5, :] = 0.0
    stack[1, 2, 5, list(specials_at)] = 1.0 / len(specials_at)  # all its weight on special tokens
    result = encoder_result(stack, special, word_ids)
    tokens = result.source_tokens
    for merge, hide in ((True, False), (False, True), (True, True)):
        shown = toggles.shown_layer(result, "encoder_self", 1, tokens, tokens, merge, hide)
        expected = np.stack([defined(stack[1, h], special, word_ids, merge, hide) for h in range(4)])
        assert shown.heads.shape == expected.shape and shown.heads.dtype == np.float32
        assert shown.heads.flags.c_contiguous
        np.testing.assert_allclose(shown.heads, expected, atol=2e-7, rtol=0, err_msg=f"merge {merge}, hide {hide}")
        np.testing.assert_array_equal(shown.mean, shown.heads.mean(axis=0))
        if merge:
            kept_words = [word_groups(word_ids).index(g) for g in word_groups(word_ids)
                          if not (hide and special[g[0]])]
            assert list(shown.rows) == [result.source_words[g] for g in kept_words] == list(shown.cols)
        else:
            assert list(shown.rows) == [t for t, s in zip(tokens, special) if not s]
    np.testing.assert_array_equal(result.encoder_self, stack)  # the result itself is never written


def test_side_groups_are_word_groups_among_the_kept_positions():
    """First positions of transforms.word_groups's runs (a loop), renumbered among the kept
    positions, with their labels, for word ids with special tokens anywhere."""
    rng = np.random.default_rng(11)
    for trial in range(20):
        n = int(rng.integers(1, 40))
        specials_at = set(rng.choice(n, size=min(n, int(rng.integers(0, 4))), replace=False).tolist())
        special, word_ids = random_text(rng, n, specials_at, 4)
        result = encoder_result(np.zeros((1, 1, n, n), np.float32), special, word_ids)
        for hide in (False, True):
            starts, labels, keep = toggles.side_groups(result, "source", hide)
            kept = [i for i in range(n) if not (hide and special[i])]
            groups = [g for g in word_groups(word_ids) if not (hide and special[g[0]])]
            assert list(starts) == [kept.index(g[0]) for g in groups]
            all_groups = word_groups(word_ids)
            assert labels == [result.source_words[all_groups.index(g)] for g in groups]
            assert list(keep) == [not (hide and s) for s in special]


def test_a_toggled_layer_is_written_into_memory_a_dropped_one_used():
    """A fresh 12 MB array per toggle (one MiniLM layer at 512 tokens) cost the app's background
    worker tens of milliseconds of page faults: the next toggle writes into the memory of a
    layer nothing refers to any more, and never into one still held (the view's cache)."""
    n = 40
    special, word_ids = random_text(np.random.default_rng(2), n, (0, n - 1), 2)
    stack = softmax_rows((1, 12, n, n), seed=3)
    result = encoder_result(stack, special, word_ids)
    tokens = result.source_tokens

    def address(a):
        return a.__array_interface__["data"][0]

    def toggled_in_turn():
        held = toggles.shown_layer(result, "encoder_self", 0, tokens, tokens, False, True)
        kept_heads, kept_mean = held.heads.copy(), held.mean.copy()
        dropped = toggles.shown_layer(result, "encoder_self", 0, tokens, tokens, True, False)
        first = address(dropped.heads), address(dropped.mean)
        assert not np.shares_memory(held.heads, dropped.heads) and not np.shares_memory(held.mean, dropped.mean)
        del dropped
        # (a merge's arrays are smaller than the hidden layer's: any free buffer fits)
        both = toggles.shown_layer(result, "encoder_self", 0, tokens, tokens, True, True)
        assert (address(both.heads), address(both.mean)) == first  # the dropped layer's memory
        assert not np.shares_memory(held.heads, both.heads)
        np.testing.assert_array_equal(held.heads, kept_heads)  # the held one untouched
        np.testing.assert_array_equal(held.mean, kept_mean)
        expected = np.stack([defined(stack[0, h], special, word_ids, True, True) for h in range(12)])
        np.testing.assert_allclose(both.heads, expected, atol=2e-7, rtol=0)

    in_a_thread_of_its_own(toggled_in_turn)


def test_reserved_memory_serves_a_result_s_toggles_without_a_new_buffer():
    """The app's background worker reserves (maps) memory, a buffer at a time, with a longer
    result than any before: then its hide, merge and both layers (word pieces: a merge's
    intermediate too) make no new buffer, and a reserve for a shorter input makes none either."""
    n = 40
    special, word_ids = random_text(np.random.default_rng(4), n, (0, n - 1), 3)
    stack = softmax_rows((1, 12, n, n), seed=5)
    result = encoder_result(stack, special, word_ids)
    tokens = result.source_tokens

    def reserved_then_toggled():
        steps = [toggles.reserve((12, 64, 64), most=1) for _ in range(2 * toggles.SPARE_BUFFERS + 1)]
        assert steps == [1] * (2 * toggles.SPARE_BUFFERS) + [0]  # a fresh thread's pools, one at a time
        layers, means = toggles._buffers()
        made = layers.allocated, means.allocated
        held = [toggles.shown_layer(result, "encoder_self", 0, tokens, tokens, merge, hide)
                for merge, hide in ((False, True), (True, False), (True, True))]
        assert (layers.allocated, means.allocated) == made
        expected = np.stack([defined(stack[0, h], special, word_ids, True, True) for h in range(12)])
        np.testing.assert_allclose(held[2].heads, expected, atol=2e-7, rtol=0)
        del held
        assert toggles.reserve((12, 32, 32)) == 0

    in_a_thread_of_its_own(reserved_then_toggled)
