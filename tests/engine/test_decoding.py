"""Beam search: the issue's prefix-table cases (checked against Hugging Face's implementation),
exhaustive search on a tiny model, greedy equivalence and the normalisations."""
import itertools
import math

import numpy as np
import pytest
import torch

from engine.decoding import beam_search, greedy_search, mask_tokens, suppress_tokens

VOCAB = ["<s>", "</s>", "nice", "dog", "car", "woman", "guy", "has", "runs", "is", "drives"]
IDX = {w: i for i, w in enumerate(VOCAB)}
TABLE = {
    (): {"nice": 0.5, "dog": 0.4, "car": 0.1},
    ("nice",): {"woman": 0.4, "</s>": 0.35, "guy": 0.25},
    ("dog",): {"has": 0.9, "runs": 0.1},
    ("car",): {"is": 0.3, "drives": 0.7},
}


def prefix_table_step(prefixes):
    out = np.full((len(prefixes), len(VOCAB)), -np.inf)
    for row, prefix in enumerate(prefixes):
        for word, p in TABLE.get(tuple(VOCAB[i] for i in prefix[1:]), {"</s>": 1.0}).items():
            out[row, IDX[word]] = math.log(p)
    return out


def words(tokens):
    return " ".join(VOCAB[t] for t in tokens)


def run(**kw):
    return beam_search(prefix_table_step, bos_id=0, eos_id=1, max_length=4, **kw)


def test_greedy_on_the_prefix_table():
    assert words(greedy_search(prefix_table_step, bos_id=0, eos_id=1, max_length=4).tokens) == "nice woman </s>"


def test_power_alpha_one():
    r = run(beam_width=2, length_penalty="power", alpha=1.0)
    assert [words(h.tokens) for h in r.hypotheses] == ["dog has </s>", "nice woman </s>"]
    assert [round(h.score, 6) for h in r.hypotheses] == [-0.340550, -0.536479]


def test_alpha_zero_is_the_raw_sum():
    r = run(beam_width=2, length_penalty="power", alpha=0.0)
    assert [round(h.score, 6) for h in r.hypotheses] == [-1.021651, -1.609438]
    assert [round(h.logprob, 6) for h in r.hypotheses] == [-1.021651, -1.609438]


def test_alpha_minus_two_discards_nice_eos_ranked_third():
    r = run(beam_width=2, length_penalty="power", alpha=-2.0)
    assert words(r.best.tokens) == "dog has </s>"
    assert round(r.best.score, 6) == -9.194861
    step2 = r.trace[1]
    nice_eos = next(c for c in step2 if c.token == IDX["</s>"])
    assert nice_eos.rank == 2 and nice_eos.status == "pruned"
    assert all(words(h.tokens) != "nice </s>" for h in r.hypotheses)


def test_trace_statuses_and_parents():
    r = run(beam_width=2, alpha=1.0)
    step1 = {VOCAB[c.token]: c for c in r.trace[0]}
    assert step1["nice"].status == step1["dog"].status == "kept"
    assert step1["car"].status == "pruned"
    assert all(c.parent == 0 for c in r.trace[0])
    for step in r.trace:
        assert sum(c.status == "kept" for c in step) <= 2
        for c in step:
            assert c.logprob == pytest.approx((r.nodes[c.parent].logprob if c.parent else 0.0) + c.token_logprob)
    assert r.stopped_because == "enough finished hypotheses"
    assert r.prefix(r.best.node_id) == list(r.best.tokens)


def test_torch_tensors_are_accepted():
    r = beam_search(lambda p: torch.tensor(prefix_table_step(p)), bos_id=0, eos_id=1, beam_width=2, max_length=4,
                    alpha=1.0)
    assert words(r.best.tokens) == "dog has </s>"


@pytest.mark.parametrize("penalty,alpha,expected", [
    ("none", 0.7, lambda lp, n: lp),
    ("power", 0.7, lambda lp, n: lp / n ** 0.7),
    ("power", 1.3, lambda lp, n: lp / n ** 1.3),
    ("gnmt", 0.6, lambda lp, n: lp / ((5 + n) / 6) ** 0.6),
])
def test_scores_follow_the_chosen_normalisation_exactly(penalty, alpha, expected):
    r = run(beam_width=3, length_penalty=penalty, alpha=alpha)
    for h in r.hypotheses:
        assert h.score == pytest.approx(expected(h.logprob, len(h.tokens)), abs=1e-12)
    for step in r.trace:
        for c in step:
            assert c.score == pytest.approx(expected(c.logprob, c.step), abs=1e-12)


def tiny_model(seed, vocab=5, eos=1):
    """A deterministic random next-token model over `vocab` tokens that depends on the prefix."""
    def step(prefixes):
        rows = []
        for prefix in prefixes:
            rng = np.random.default_rng([seed, *prefix])
            logits = rng.normal(size=vocab) * 2
            logits[0] = -np.inf  # never generate BOS
            rows.append(logits - np.logaddexp.reduce(logits[1:]))
        return np.array(rows)
    return step


def exhaustive_best(step, tokens, max_length, penalty, alpha, bos=0, eos=1):
    """The best output made of `tokens` (every sequence tried), scored with `step`'s log-probs."""
    best = None
    for length in range(1, max_length + 1):
        for seq in itertools.product(tokens, repeat=length):
            if eos in seq[:-1]:
                continue
            if seq[-1] != eos and length != max_length:
                continue  # unfinished sequences count only at max_length, as in the search
            lp = sum(step([[bos, *seq[:i]]])[0][seq[i]] for i in range(length))
            # The normalisations written out here, not taken from engine.decoding.
            divisor = {"none": 1.0, "power": length ** alpha, "gnmt": ((5 + length) / 6) ** alpha}[penalty]
            score = lp / divisor
            if best is None or score > best[0] + 1e-12:
                best = (score, seq)
    return best


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("penalty,alpha", [("none", 0.0), ("power", 0.7), ("gnmt", 1.0)])
def test_a_beam_as_wide_as_the_search_space_finds_the_exhaustive_optimum(seed, penalty, alpha):
    vocab, max_length = 5, 4
    step = tiny_model(seed, vocab)
    width = (vocab - 1) ** max_length  # every sequence fits in the beam
    r = beam_search(step, bos_id=0, eos_id=1, beam_width=width, max_length=max_length, length_penalty=penalty,
                    alpha=alpha)
    score, seq = exhaustive_best(step, range(1, vocab), max_length, penalty, alpha)
    assert r.best.tokens == seq
    assert r.best.score == pytest.approx(score, abs=1e-9)


@pytest.mark.parametrize("seed", range(5))
def test_width_one_equals_greedy(seed):
    step = tiny_model(seed, 6)
    g = greedy_search(step, bos_id=0, eos_id=1, max_length=6)
    b = beam_search(step, bos_id=0, eos_id=1, beam_width=1, max_length=6, length_penalty="none")
    # A width-1 beam ends only by EOS at rank 0 or max_length: the greedy path either way.
    assert b.best.tokens == g.tokens
    assert b.best.logprob == pytest.approx(g.logprob)


def test_forced_prefix_starts_the_search_there():
    r = run(beam_width=2, alpha=1.0, prefix=[IDX["car"]])
    assert all(h.tokens[0] == IDX["car"] for h in r.hypotheses)
    assert words(r.best.tokens) == "car drives </s>"
    assert r.best.logprob == pytest.approx(math.log(0.1 * 0.7))


def test_bad_arguments():
    with pytest.raises(ValueError, match="length_penalty"):
        run(beam_width=2, length_penalty="cubic")
    with pytest.raises(ValueError, match="beam_width"):
        run(beam_width=0)


def test_batch_greedy_runs_each_row_as_its_own_greedy_search():
    from engine.decoding import greedy_search_batch

    models = [tiny_model(seed, 6) for seed in range(5)]
    calls = []

    def step(prefixes):  # row i is model i's sequence
        calls.append(len(prefixes))
        return np.concatenate([models[i]([p]) for i, p in enumerate(prefixes)])

    results = greedy_search_batch(step, batch_size=5, bos_id=0, eos_id=1, max_length=6)
    for model, result in zip(models, results):
        prefix, lps = [0], []
        for _ in range(6):  # the argmax loop, written out
            row = model([prefix])[0]
            prefix.append(int(np.argmax(row)))
            lps.append(row[prefix[-1]])
            if prefix[-1] == 1:
                break
        assert list(result.tokens) == prefix[1:]
        assert result.token_logprobs == pytest.approx(lps)
        assert result.finished == (prefix[-1] == 1)
    assert set(calls) == {5} and len(calls) == max(len(r.tokens) for r in results)


PAD, BOS, EOS, UNK = 0, 1, 2, 3
SPECIALS = (PAD, BOS, UNK)


# ---- never-generated tokens: ⟨pad⟩ 0, ⟨s⟩ 1, ⟨unk⟩ 3 masked (the model level: test_never_generated.py)

def specials_first_step(seed, vocab=6):
    """A random next-token model whose every row gives the specials most of the mass."""

    def step(prefixes):
        rows = []
        for prefix in prefixes:
            logits = np.random.default_rng([seed, *prefix]).normal(size=vocab)
            logits[list(SPECIALS)] += 8.0
            rows.append(logits - np.logaddexp.reduce(logits))
        return np.array(rows)

    return step


def test_the_raw_model_really_prefers_the_specials():
    step = specials_first_step(0)
    assert int(np.argmax(step([[BOS]])[0])) in SPECIALS
    assert greedy_search(step, bos_id=BOS, eos_id=EOS, max_length=4).tokens[0] in SPECIALS


def test_mask_tokens_sets_minus_infinity_and_leaves_the_rest():
    rows = np.log(np.array([[0.4, 0.3, 0.2, 0.1], [0.1, 0.2, 0.3, 0.4]]))
    masked = mask_tokens(rows, (0, 3))
    assert np.isneginf(masked[:, [0, 3]]).all()
    np.testing.assert_array_equal(masked[:, 1:3], rows[:, 1:3])  # not renormalised
    assert np.isfinite(rows).all()  # the input is not modified
    t = torch.tensor(rows)
    assert torch.isneginf(mask_tokens(t, [1])[:, 1]).all() and torch.isfinite(t).all()


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("penalty,alpha", [("none", 0.0), ("power", 0.7), ("gnmt", 1.0)])
def test_a_full_width_beam_finds_the_exhaustive_optimum_over_allowed_tokens(seed, penalty, alpha):
    raw = specials_first_step(seed)
    allowed = (EOS, 4, 5)
    max_length = 4
    r = beam_search(suppress_tokens(raw, SPECIALS), bos_id=BOS, eos_id=EOS, beam_width=len(allowed) ** max_length,
                    max_length=max_length, length_penalty=penalty, alpha=alpha)
    score, seq = exhaustive_best(raw, allowed, max_length, penalty, alpha, bos=BOS, eos=EOS)
    assert r.best.tokens == seq
    assert r.best.score == pytest.approx(score, abs=1e-9)
    for step in r.trace:
        assert not {c.token for c in step} & set(SPECIALS)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_with_suppressed_tokens_is_the_argmax_over_allowed_tokens(seed):
    raw = specials_first_step(seed)
    g = greedy_search(suppress_tokens(raw, SPECIALS), bos_id=BOS, eos_id=EOS, max_length=5)
    prefix = [BOS]
    for _ in range(5):
        row = raw([prefix])[0]
        token = max((EOS, 4, 5), key=lambda t: row[t])
        prefix.append(token)
        if token == EOS:
            break
    assert list(g.tokens) == prefix[1:]


def test_greedy_refuses_a_row_with_nothing_left_to_pick():
    def only_specials(prefixes):
        rows = np.full((len(prefixes), 6), -np.inf)
        rows[:, list(SPECIALS)] = np.log(1 / 3)
        return rows

    with pytest.raises(ValueError, match="nothing"):
        greedy_search(suppress_tokens(only_specials, SPECIALS), bos_id=BOS, eos_id=EOS, max_length=3)
