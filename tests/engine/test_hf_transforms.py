"""engine.hf.transforms (merge word pieces, hide special tokens, sink mass) against numpy loops
written here, and the refusals that need no transformers."""
import numpy as np
import pytest

from engine.hf.transforms import (hide_and_renormalise, merge_to_words, sink_mass, word_groups,
                                  word_ids_from_pieces)


def softmax_rows(shape, seed=0):
    logits = np.random.default_rng(seed).normal(size=shape) * 2
    e = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)).astype(np.float32)


def test_word_groups_runs_and_specials_alone():
    assert word_groups([None, 0, 0, 1, 2, 2, 2, None, None]) == [(0,), (1, 2), (3,), (4, 5, 6), (7,), (8,)]
    assert word_groups([]) == []


@pytest.mark.parametrize("tokens,special,expected", [
    (["[CLS]", "token", "##ization", "is", "un", "##believ", "##able", "[SEP]"],
     [True, False, False, False, False, False, False, True], [None, 0, 0, 1, 2, 2, 2, None]),
    (["The", "Ġcat", "Ġsat", "on", "Ġthe", "Ġmat"], [False] * 6, [0, 1, 2, 2, 3, 4]),
    (["▁Hallo", "▁Wel", "t", "</s>"], [False, False, False, True], [0, 1, 1, None]),
])
def test_word_ids_from_piece_markers(tokens, special, expected):
    assert word_ids_from_pieces(tokens, special) == expected


@pytest.mark.parametrize("queries,keys", [
    ([(0,), (1, 2), (3, 4, 5)], [(0, 1), (2,), (3, 4), (5,)]),  # runs, as word_groups makes them
    ([(0, 5), (1, 2), (3, 4)], [(4, 0), (2,), (3, 1), (5,)]),  # any grouping
])
def test_merge_to_words_sums_columns_and_averages_rows(queries, keys):
    a = softmax_rows((2, 3, 6, 6))
    expected = np.zeros((2, 3, len(queries), len(keys)))
    for qi, q in enumerate(queries):
        for ki, k in enumerate(keys):
            total = 0.0
            for i in q:
                for j in k:
                    total += a[:, :, i, j]
            expected[:, :, qi, ki] = total / len(q)
    merged = merge_to_words(a, queries, keys)
    assert merged.dtype == np.float32 and merged.shape == expected.shape
    np.testing.assert_allclose(merged, expected, atol=1e-6)
    np.testing.assert_allclose(merged.sum(axis=-1), 1.0, atol=1e-5)  # rows still sum to one


def test_merge_to_words_rejects_groups_that_do_not_cover_every_position():
    with pytest.raises(ValueError, match="exactly once"):
        merge_to_words(np.eye(3), [(0,), (1,)], [(0,), (1,), (2,)])
    with pytest.raises(ValueError, match="exactly once"):
        merge_to_words(np.eye(3), [(0, 1), (1, 2)], [(0,), (1,), (2,)])


def test_hide_and_renormalise_drops_rows_and_columns_then_rescales():
    a = softmax_rows((2, 2, 5, 5), seed=1)
    hide = np.array([True, False, False, False, True])
    keep = [1, 2, 3]
    expected = np.zeros((2, 2, 3, 3))
    for l in range(2):
        for h in range(2):
            for qi, i in enumerate(keep):
                remaining = sum(a[l, h, i, j] for j in keep)
                for ki, j in enumerate(keep):
                    expected[l, h, qi, ki] = a[l, h, i, j] / remaining
    out = hide_and_renormalise(a, hide, hide)
    np.testing.assert_allclose(out, expected, rtol=1e-5)
    np.testing.assert_allclose(out.sum(axis=-1), 1.0, atol=1e-5)


def test_hide_and_renormalise_row_with_no_mass_left_is_zero():
    a = np.array([[1.0, 0.0, 0.0], [0.5, 0.25, 0.25], [0.2, 0.3, 0.5]])
    out = hide_and_renormalise(a, [False, False, False], [True, False, False])
    np.testing.assert_array_equal(out[0], [0.0, 0.0])
    np.testing.assert_allclose(out[1], [0.5, 0.5])
    np.testing.assert_allclose(out[2], [0.375, 0.625])
    with pytest.raises(ValueError, match="one entry per"):
        hide_and_renormalise(a, [True], [True, False, False])


def test_sink_mass_is_mean_over_queries_of_mass_on_sinks():
    a = softmax_rows((3, 4, 6, 6), seed=2)
    sinks = np.array([True, False, False, False, False, True])
    expected = np.array([[np.mean([a[l, h, i, 0] + a[l, h, i, 5] for i in range(6)]) for h in range(4)]
                         for l in range(3)])
    np.testing.assert_allclose(sink_mass(a, sinks), expected, rtol=1e-5)
    with pytest.raises(ValueError):
        sink_mass(a, sinks[:3])


def test_without_the_extra_loading_says_how_to_install_it(monkeypatch, tmp_path):
    import engine.hf.model as hf_model
    from engine import ModelLoadError

    monkeypatch.setattr(hf_model, "hf_available", lambda: False)
    with pytest.raises(ModelLoadError, match=r'pip install -e "\.\[hf\]"'):
        hf_model.load_hf_model(tmp_path)


@pytest.mark.slow  # a fresh interpreter imports the engine
def test_engine_hf_imports_without_loading_transformers():
    import subprocess
    import sys

    code = ("import sys, engine.hf.transforms, engine.hf.folder, engine.hf.model, engine.hf.beam; "
            "print('transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_merge_and_hide_of_a_long_stack_match_the_loops():
    """Runs of every length 1-4 in a random order, and hidden positions that are not one
    contiguous range (the gather path), against the definitions written as loops."""
    rng = np.random.default_rng(3)
    lengths = rng.permutation([1] * 20 + [2] * 6 + [3] * 3 + [4] * 2)
    n = int(lengths.sum())
    groups, start = [], 0
    for length in lengths:
        groups.append(tuple(range(start, start + length)))
        start += length
    a = softmax_rows((2, 3, n, n), seed=4)
    merged = merge_to_words(a, groups, groups)
    for l, h in [(0, 0), (1, 2)]:
        for qi, q in enumerate(groups[:12]):
            for ki, k in enumerate(groups):
                expected = sum(a[l, h, i, j] for i in q for j in k) / len(q)
                assert merged[l, h, qi, ki] == pytest.approx(expected, abs=1e-6)
    hidden = np.zeros(n, dtype=bool)
    hidden[[0, 5, 6, n - 1]] = True
    keep = [i for i in range(n) if not hidden[i]]
    out = hide_and_renormalise(a, hidden, hidden)
    assert out.shape == (2, 3, len(keep), len(keep))
    for qi, i in enumerate(keep[:10]):
        remaining = sum(a[1, 0, i, j] for j in keep)
        for ki, j in enumerate(keep):
            assert out[1, 0, qi, ki] == pytest.approx(a[1, 0, i, j] / remaining, rel=1e-5)


def test_shown_layer_request_applies_the_toggles_to_one_layer_with_its_mean_and_labels():
    """What the background worker hands the attention view for a toggled layer, against the
    toggles' definitions written as loops here (hide: drop and divide by the mass left; merge:
    sum a word's columns, average its rows), for hide, merge and both."""
    from engine.hf.model import HFAttentionResult
    from engine.jobs import ShownLayerRequest

    tokens = ("[CLS]", "token", "##ization", "is", "un", "##fair", "[SEP]")
    special = (True, False, False, False, False, False, True)
    word_ids = (None, 0, 0, 1, 2, 2, None)
    words = ("[CLS]", "tokenization", "is", "unfair", "[SEP]")
    stack = softmax_rows((2, 3, 7, 7), seed=5)
    result = HFAttentionResult(
        source_text="tokenization is unfair", source_tokens=tokens, target_tokens=(), output_tokens=(),
        output_text="", output_probabilities=np.zeros(0), top_probabilities=np.zeros(0), encoder_self=stack,
        decoder_self=None, cross=None, unknown_characters=(), teacher_forced=False, architecture="bert",
        source_special=special, source_word_ids=word_ids, source_words=words)

    def hide(a):
        keep = [i for i, s in enumerate(special) if not s]
        kept = a[np.ix_(keep, keep)].astype(np.float64)
        return kept / kept.sum(axis=1, keepdims=True)

    def merge(a, groups):
        return np.array([[sum(a[i, j] for i in q for j in k) / len(q) for k in groups] for q in groups])

    all_groups = [(0,), (1, 2), (3,), (4, 5), (6,)]
    kept_groups = [(0, 1), (2,), (3, 4)]  # positions among the kept ones
    cases = {(False, True): (hide, [t for t, s in zip(tokens, special) if not s]),
             (True, False): (lambda a: merge(a, all_groups), list(words)),
             (True, True): (lambda a: merge(hide(a), kept_groups), ["tokenization", "is", "unfair"])}
    for (merge_words, hide_specials), (transform, labels) in cases.items():
        shown = ShownLayerRequest(result, "encoder_self", 1, tokens, tokens, merge_words, hide_specials).run(None)
        expected = np.stack([transform(stack[1, h]) for h in range(3)])
        np.testing.assert_allclose(shown.heads, expected, atol=1e-6)
        np.testing.assert_allclose(shown.mean, expected.mean(axis=0), atol=1e-6)
        assert list(shown.rows) == labels and list(shown.cols) == labels
        assert shown.heads.dtype == np.float32 and shown.heads.flags.c_contiguous


@pytest.mark.parametrize("hidden_at", [[0, 40], [0, 5, 6, 40]])
def test_hide_then_merge_matches_the_loops(hidden_at):
    """Both toggles (hide, renormalise, then merge what is left), columns summed before the
    rows are renormalised: the definitions written as loops, hidden positions at the ends (the
    view's slices) and in the middle (a gather); a row with nothing left stays zero."""
    from engine.hf.transforms import hide_then_merge

    rng = np.random.default_rng(5)
    n = 41
    a = softmax_rows((2, 3, n, n), seed=6)
    a[0, 1, 7, :] = 0.0
    a[0, 1, 7, hidden_at] = 1.0 / len(hidden_at)  # all its weight on hidden keys
    hidden = np.zeros(n, dtype=bool)
    hidden[hidden_at] = True
    keep = [i for i in range(n) if not hidden[i]]
    lengths = rng.permutation([2] * 6 + [3] * 2 + [4] + [1] * (len(keep) - 22))
    groups, start = [], 0
    for length in lengths:
        groups.append(tuple(range(start, start + length)))
        start += length
    out = hide_then_merge(a, hidden, hidden, groups, groups)
    assert out.dtype == np.float32 and out.shape == (2, 3, len(groups), len(groups))
    for l, h in [(0, 1), (1, 2)]:
        for qi, q in enumerate(groups):
            for ki, k in enumerate(groups):
                total = 0.0
                for i in q:
                    row = keep[i]
                    remaining = sum(a[l, h, row, j] for j in keep)
                    if remaining > 0:
                        total += sum(a[l, h, row, keep[j]] for j in k) / remaining
                assert out[l, h, qi, ki] == pytest.approx(total / len(q), abs=1e-6)
