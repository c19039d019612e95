"""Beam search: the issue's prefix-table cases (checked against Hugging Face's implementation),
exhaustive search on a tiny model, greedy equivalence and the normalisations."""
import itertools
import math

import numpy as np
import pytest
import torch

from engine.decoding import Candidate, beam_search, greedy_search, mask_tokens, suppress_tokens

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


# ---- the whole trace against a beam search written out here (no engine.decoding helper) -------

def reference_beam(step, bos, eos, width, max_length, divisor):
    """The module docstring's rule, one prefix at a time and in plain Python lists.

    Returns (hypotheses, trace, stopped): hypotheses as (tokens, log P, score, finished), best
    first; trace[s] as (parent tokens, token, token log p, log P, score, rank, status, considered)
    in rank order."""
    live = [((), 0.0)]
    done, trace, stopped = [], [], "max_length reached"
    for length in range(1, max_length + 1):
        candidates = []  # (log P, beam order, token, parent tokens, token log p)
        for order, (tokens, logp) in enumerate(live):
            row = [float(x) for x in np.asarray(step([[bos, *tokens]]), dtype=float)[0]]
            for token, token_lp in enumerate(row):
                if token_lp != -math.inf:
                    candidates.append((logp + token_lp, order, token, tokens, token_lp))
        candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
        new_live, rows = [], []
        for rank, (logp, _, token, tokens, token_lp) in enumerate(candidates):
            status = "pruned"
            if rank < 2 * width and len(new_live) < width:
                if token != eos:
                    status = "kept"
                    new_live.append((tokens + (token,), logp))
                elif rank < width:
                    status = "finished"
                    done.append((tokens + (token,), logp, logp / divisor(length), True))
            rows.append((tokens, token, token_lp, logp, logp / divisor(length), rank, status, rank < 2 * width))
        trace.append(rows)
        done = sorted(done, key=lambda h: -h[2])[:width]
        live = new_live
        if len(done) >= width:
            stopped = "enough finished hypotheses"
            break
        if not live:
            stopped = "no live beams"
            break
    if len(done) < width:
        done += [(tokens, logp, logp / divisor(len(tokens)), False) for tokens, logp in live]
        done = sorted(done, key=lambda h: -h[2])[:width]
    return done, trace, stopped


DIVISORS = {"none": lambda n, a: 1.0, "power": lambda n, a: n ** a, "gnmt": lambda n, a: ((5 + n) / 6) ** a}


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("width,max_length,penalty,alpha", [
    (1, 5, "none", 0.7), (2, 4, "power", 0.7), (3, 5, "gnmt", 1.0), (2, 6, "power", -1.0), (4, 3, "power", 2.0),
])
def test_every_trace_candidate_equals_the_rule_written_out(seed, width, max_length, penalty, alpha):
    step = tiny_model(seed, 5)
    r = beam_search(step, bos_id=0, eos_id=1, beam_width=width, max_length=max_length, length_penalty=penalty,
                    alpha=alpha)
    hyps, trace, stopped = reference_beam(step, 0, 1, width, max_length, lambda n: DIVISORS[penalty](n, alpha))
    assert r.stopped_because == stopped and r.steps_run == len(trace) == len(r.trace)
    assert (r.beam_width, r.length_penalty, r.alpha, r.max_length) == (width, penalty, alpha, max_length)
    assert [(h.tokens, h.finished) for h in r.hypotheses] == [(h[0], h[3]) for h in hyps]
    assert [h.logprob for h in r.hypotheses] == pytest.approx([h[1] for h in hyps], abs=1e-12)
    assert [h.score for h in r.hypotheses] == pytest.approx([h[2] for h in hyps], abs=1e-12)
    for h in r.hypotheses:
        assert tuple(r.prefix(h.node_id)) == h.tokens
    node_ids = [c.node_id for s in r.trace for c in s]
    assert node_ids == list(range(1, len(node_ids) + 1))  # the CSV's node column: creation order from 1
    for s, (ours, theirs) in enumerate(zip(r.trace, trace), start=1):
        assert len(ours) == len(theirs)
        for c, (parent, token, token_lp, logp, score, rank, status, considered) in zip(ours, theirs):
            assert tuple(r.prefix(c.parent)) == parent if c.parent else parent == ()
            assert (c.step, c.token, c.rank, c.status, c.considered) == (s, token, rank, status, considered)
            assert (c.token_logprob, c.logprob, c.score) == pytest.approx((token_lp, logp, score), abs=1e-12)
            assert r.nodes[c.node_id] == c  # made when read: equal, not the same object


def eos_only_step(prefixes):
    """Every prefix ends now: </s> has probability 1, every other token 0."""
    rows = np.full((len(prefixes), 4), -np.inf)
    rows[:, 1] = 0.0
    return rows


def test_a_search_whose_beams_all_end_stops_with_no_live_beams():
    r = beam_search(eos_only_step, bos_id=0, eos_id=1, beam_width=3, max_length=5, length_penalty="none")
    assert r.stopped_because == "no live beams" and r.steps_run == 1
    assert [(h.tokens, h.logprob, h.finished) for h in r.hypotheses] == [((1,), 0.0, True)]
    hyps, trace, stopped = reference_beam(eos_only_step, 0, 1, 3, 5, lambda n: 1.0)
    assert stopped == "no live beams" and len(trace) == 1


def test_a_search_cut_at_max_length_keeps_its_live_beams_unfinished():
    never_ends = lambda prefixes: np.log(np.tile([0.0, 0.0, 0.75, 0.25], (len(prefixes), 1)))  # noqa: E731
    with np.errstate(divide="ignore"):
        r = beam_search(never_ends, bos_id=0, eos_id=1, beam_width=2, max_length=3, length_penalty="power",
                        alpha=1.0)
    assert r.stopped_because == "max_length reached" and r.steps_run == 3
    assert [h.tokens for h in r.hypotheses] == [(2, 2, 2), (2, 2, 3)]
    assert [h.finished for h in r.hypotheses] == [False, False]
    assert [h.score for h in r.hypotheses] == pytest.approx([3 * math.log(0.75) / 3,
                                                              (2 * math.log(0.75) + math.log(0.25)) / 3])


def test_forced_tokens_are_rank_zero_candidates_with_their_model_numbers():
    r = run(beam_width=2, length_penalty="power", alpha=0.5, prefix=[IDX["nice"], IDX["guy"]])
    first, second = r.trace[0], r.trace[1]
    assert len(first) == len(second) == 1
    for c, step, token, p, cumulative in ((first[0], 1, "nice", 0.5, 0.5), (second[0], 2, "guy", 0.25, 0.125)):
        assert (c.step, VOCAB[c.token], c.rank, c.status, c.considered) == (step, token, 0, "kept", True)
        assert c.token_logprob == pytest.approx(math.log(p)) and c.logprob == pytest.approx(math.log(cumulative))
        assert c.score == pytest.approx(math.log(cumulative) / step ** 0.5)
    assert (first[0].node_id, first[0].parent, second[0].node_id, second[0].parent) == (1, 0, 2, 1)
    assert [words(h.tokens) for h in r.hypotheses] == ["nice guy </s>"]  # the table's only continuation
    assert r.best.logprob == pytest.approx(math.log(0.125)) and r.best.finished
    assert r.trace[2][0].parent == 2 and r.stopped_because == "no live beams"


def test_a_forced_prefix_ending_in_eos_is_the_only_hypothesis():
    r = run(beam_width=3, length_penalty="power", alpha=1.0, prefix=[IDX["nice"], IDX["</s>"], IDX["dog"]])
    assert r.stopped_because == "forced prefix ends with EOS" and r.steps_run == 2
    assert [(words(h.tokens), h.finished, h.node_id) for h in r.hypotheses] == [("nice </s>", True, 2)]
    assert r.best.logprob == pytest.approx(math.log(0.5 * 0.35))
    assert r.best.score == pytest.approx(math.log(0.5 * 0.35) / 2)
    assert r.trace[1][0].status == "finished"


def test_a_forced_prefix_longer_than_max_length_is_cut_there():
    r = beam_search(prefix_table_step, bos_id=0, eos_id=1, beam_width=2, max_length=1, length_penalty="none",
                    prefix=[IDX["car"], IDX["drives"]])
    assert r.steps_run == 1 and r.stopped_because == "max_length reached"
    assert [(words(h.tokens), h.finished) for h in r.hypotheses] == [("car", False)]
    assert r.best.logprob == pytest.approx(math.log(0.1))


@pytest.mark.parametrize("make", [
    lambda a: torch.tensor(a, dtype=torch.float32),
    lambda a: torch.tensor(a, dtype=torch.bfloat16),  # numpy has no bfloat16: converted via float64
    lambda a: torch.tensor(a, requires_grad=True),  # numpy refuses a tensor that requires grad
])
def test_tensors_of_any_float_type_and_with_grad_are_accepted(make):
    rows = np.log(np.array([[0.1, 0.2, 0.3, 0.4]]))
    expected = np.asarray(make(rows).detach().double().numpy(), dtype=np.float64)
    g = greedy_search(lambda p: make(np.repeat(rows, len(p), axis=0)), bos_id=0, eos_id=3, max_length=2)
    assert g.tokens == (3,) and g.logprob == expected[0, 3]


@pytest.mark.parametrize("returned,message", [
    (np.zeros((3, 4)), r"step_fn must return shape \(2, vocab_size\), got \(3, 4\)"),
    (np.zeros(2), r"step_fn must return shape \(2, vocab_size\), got \(2,\)"),
    (np.zeros((2, 1, 4)), r"step_fn must return shape \(2, vocab_size\), got \(2, 1, 4\)"),
])
def test_a_step_function_of_the_wrong_shape_is_named(returned, message):
    with pytest.raises(ValueError, match=message):
        greedy_search_batch_of(lambda p: returned, 2)


def greedy_search_batch_of(step, batch_size):
    from engine.decoding import greedy_search_batch

    return greedy_search_batch(step, batch_size=batch_size, bos_id=0, eos_id=1, max_length=2)


def test_argument_limits_and_their_messages():
    from engine.decoding import greedy_search_batch, normalization_divisor, normalized_score

    with pytest.raises(ValueError, match="^max_length must be at least 1$"):
        greedy_search(prefix_table_step, bos_id=0, eos_id=1, max_length=0)
    with pytest.raises(ValueError, match="^batch_size must be at least 1$"):
        greedy_search_batch(prefix_table_step, batch_size=0, bos_id=0, eos_id=1, max_length=3)
    assert words(greedy_search(prefix_table_step, bos_id=0, eos_id=1, max_length=1).tokens) == "nice"
    with pytest.raises(ValueError, match="^beam_width must be at least 1$"):
        run(beam_width=0)
    with pytest.raises(ValueError, match="^max_length must be at least 1$"):
        beam_search(prefix_table_step, bos_id=0, eos_id=1, beam_width=2, max_length=0)
    assert words(beam_search(prefix_table_step, bos_id=0, eos_id=1, beam_width=1, max_length=1,
                             length_penalty="none").best.tokens) == "nice"
    for alpha in (math.nan, math.inf, -math.inf):
        with pytest.raises(ValueError, match="^alpha must be a finite number$"):
            run(beam_width=2, alpha=alpha)
    unknown = r"^unknown length_penalty 'cubic'; choose one of none, power, gnmt$"
    for call in (lambda: run(beam_width=2, length_penalty="cubic"), lambda: normalized_score(-1.0, 2, "cubic"),
                 lambda: normalization_divisor(2, "cubic")):
        with pytest.raises(ValueError, match=unknown):
            call()


def test_nothing_to_pick_names_the_row():
    def second_row_empty(prefixes):
        rows = np.log(np.full((len(prefixes), 3), 1 / 3))
        rows[1] = -np.inf
        return rows

    with pytest.raises(ValueError, match=r"^step_fn gives every token of row 1 probability 0: greedy search has "
                                         r"nothing to pick$"):
        greedy_search_batch_of(second_row_empty, 2)


@pytest.mark.parametrize("penalty,alpha,length,expected", [
    ("none", 0.7, 4, 1.0), ("power", 0.5, 4, 2.0), ("power", 2.0, 3, 9.0), ("gnmt", 1.0, 7, 2.0),
    ("gnmt", 2.0, 1, 1.0), ("gnmt", 0.5, 19, 2.0),
])
def test_divisors_and_scores_by_hand(penalty, alpha, length, expected):
    from engine.decoding import normalization_divisor, normalized_score

    assert normalization_divisor(length, penalty, alpha) == expected
    assert normalized_score(-3.0, length, penalty, alpha) == -3.0 / expected


def test_default_normalisation_is_power_0_7():
    from engine.decoding import normalization_divisor, normalized_score

    assert normalization_divisor(3) == 3 ** 0.7 and normalized_score(-2.0, 3) == -2.0 / 3 ** 0.7
    r = beam_search(prefix_table_step, bos_id=0, eos_id=1, beam_width=2, max_length=4)
    assert (r.length_penalty, r.alpha) == ("power", 0.7)
    assert r.best.score == pytest.approx(r.best.logprob / len(r.best.tokens) ** 0.7)


def two_level_step(prefixes):
    """60 tokens, every prefix alike: tokens 2-31 twice as probable as 32-59 and </s> (id 1): many
    exact ties of the cumulative log P, which must keep (beam, token) order."""
    p = np.array([0.0, 1.0] + [2.0] * 30 + [1.0] * 28)
    return np.tile(np.log(p / p.sum(), where=p > 0, out=np.full(60, -np.inf)), (len(prefixes), 1))


@pytest.mark.parametrize("width", [2, 7])
def test_ties_are_ranked_by_beam_then_token(width):
    r = beam_search(two_level_step, bos_id=0, eos_id=1, beam_width=width, max_length=3, length_penalty="none")
    hyps, trace, stopped = reference_beam(two_level_step, 0, 1, width, 3, lambda n: 1.0)
    assert [[(c.token, c.rank, c.status) for c in s] for s in r.trace] == \
        [[(row[1], row[5], row[6]) for row in s] for s in trace]
    assert [c.token for c in r.trace[0][:30]] == list(range(2, 32))
    assert [h.tokens for h in r.hypotheses] == [h[0] for h in hyps]


def test_greedy_search_asks_for_one_row_at_a_time():
    sizes = []

    def step(prefixes):
        sizes.append(len(prefixes))
        return prefix_table_step(prefixes)

    assert words(greedy_search(step, bos_id=0, eos_id=1, max_length=4).tokens) == "nice woman </s>"
    assert sizes == [1, 1, 1]


def test_a_finished_row_is_continued_with_eos_while_the_others_run():
    from engine.decoding import greedy_search_batch

    seen = []

    def step(prefixes):  # row 0 ends at once; row 1 after two tokens; row 2 never
        seen.append([list(p) for p in prefixes])
        rows = np.log(np.full((3, 4), 0.1))
        rows[0, 1] = rows[2, 3] = np.log(0.7)
        rows[1, 1 if len(prefixes[1]) == 3 else 2] = np.log(0.7)
        return rows

    results = greedy_search_batch(step, batch_size=3, bos_id=0, eos_id=1, max_length=4)
    assert [r.tokens for r in results] == [(1,), (2, 2, 1), (3, 3, 3, 3)]
    assert [r.finished for r in results] == [True, True, False]
    assert seen[-1] == [[0, 1, 1, 1], [0, 2, 2, 1], [0, 3, 3, 3]]
    assert [r.logprob for r in results] == pytest.approx([math.log(0.7), 3 * math.log(0.7), 4 * math.log(0.7)])


def test_mask_tokens_of_a_float32_array_or_a_list_is_a_float64_copy():
    rows = np.array([[-1.0, -2.0, -3.0]], dtype=np.float32)
    for given in (rows, rows.tolist()):
        masked = mask_tokens(given, [2])
        assert masked.dtype == np.float64
        np.testing.assert_array_equal(masked, [[-1.0, -2.0, -np.inf]])


def test_a_step_reads_like_the_tuple_of_its_candidates():
    """The trace stores a step's candidates as columns; reading it must behave as the tuple of
    Candidates it stands for (indexing, negative indices, slices, equality, membership)."""
    r = beam_search(tiny_model(3, 7), bos_id=0, eos_id=1, beam_width=2, max_length=4)
    step = r.trace[1]
    as_tuple = tuple(step)
    assert len(as_tuple) == len(step) == 2 * 6  # two live beams × six tokens that are not BOS
    assert step == as_tuple and as_tuple == step and step != as_tuple[:-1]
    assert step[-1] == as_tuple[-1] and step[2:5] == as_tuple[2:5] and step[::-3] == as_tuple[::-3]
    assert as_tuple[3] in step and list(reversed(step)) == list(reversed(as_tuple))
    with pytest.raises(IndexError):
        step[len(as_tuple)]
    assert [c.rank for c in as_tuple] == list(range(len(as_tuple)))
    assert [c.considered for c in as_tuple] == [rank < 4 for rank in range(len(as_tuple))]
    assert step.considered() == as_tuple[:4]
    # the same search run again gives an equal (not identical) trace, and an equal result
    again = beam_search(tiny_model(3, 7), bos_id=0, eos_id=1, beam_width=2, max_length=4)
    assert again.trace == r.trace and again == r and hash(again.trace[1]) == hash(step)
    assert again.trace[1] is not step and r.trace[0] != step


def test_nodes_finds_every_candidate_by_id_and_nothing_else():
    r = beam_search(tiny_model(4, 6), bos_id=0, eos_id=1, beam_width=3, max_length=4, prefix=[2])
    every = [c for s in r.trace for c in s]
    assert list(r.nodes) == [c.node_id for c in every] and len(r.nodes) == len(every)
    assert all(r.nodes[c.node_id] == c for c in every)
    for missing in (0, -1, len(every) + 1, 2.0, "1", True):
        assert missing not in r.nodes
        with pytest.raises(KeyError) as raised:
            r.nodes[missing]
        assert raised.value.args == (missing,)
    assert np.int64(1) in r.nodes and r.nodes[np.int64(1)].token == 2  # the forced token, node 1


def test_steps_differ_when_any_column_or_their_place_differs():
    from engine.decoding import StepTrace

    columns = dict(parents=[0, 0, 0], tokens=[2, 3, 4], token_logprobs=[-0.1, -1.0, -2.5],
                   logprobs=[-0.1, -1.0, -2.5], scores=[-0.1, -1.0, -2.5], status_codes=[1, 1, 0])
    step = StepTrace(1, 1, 2, **columns)
    assert step == StepTrace(1, 1, 2, **columns) and hash(step) == hash(StepTrace(1, 1, 2, **columns))
    # the same columns at another place in the trace, or with another number considered
    assert step != StepTrace(4, 1, 2, **columns) and step != StepTrace(1, 2, 2, **columns)
    assert step != StepTrace(1, 1, 3, **columns)
    for name, values in [("parents", [0, 0, 7]), ("tokens", [2, 3, 5]), ("token_logprobs", [-0.1, -1.0, -2.0]),
                         ("logprobs", [-0.1, -1.0, -2.0]), ("scores", [-0.1, -1.0, -2.0]),
                         ("status_codes", [1, 1, 2])]:
        assert step != StepTrace(1, 1, 2, **dict(columns, **{name: values})), name
    # against a tuple: equal only to its own candidates, in rank order
    assert step == tuple(step) and step != tuple(step)[::-1] and step != tuple(step)[:2]
    assert step.__eq__([*step]) is NotImplemented
    assert len({hash(s) for s in beam_search(tiny_model(5, 6), bos_id=0, eos_id=1, beam_width=2,
                                            max_length=4).trace}) > 1
    assert repr(step) == "StepTrace(step=1, 3 candidates, 2 considered)"


def test_considered_in_reads_a_tuple_step_by_its_marks():
    """Hugging Face searches record a step as a tuple of Candidates."""
    from engine.decoding import considered_in

    step = beam_search(tiny_model(6, 6), bos_id=0, eos_id=1, beam_width=2, max_length=3).trace[1]
    as_tuple = tuple(step)
    assert considered_in(as_tuple) == tuple(c for c in as_tuple if c.considered) == considered_in(step)
    assert len(considered_in(as_tuple)) == 4 and considered_in(()) == ()


def test_step_columns_are_read_only_float64_and_int64_whatever_they_are_given():
    """A result is read by the GUI thread while the worker computes the next: its columns cannot
    be written.  Candidates read float64 and int64 numbers (the search's own), and the status
    codes take one byte each (a B=64 step of the word model has 128,000 of them)."""
    from engine.decoding import StepTrace

    step = StepTrace(1, 1, 1, np.array([0, 0], np.int32), np.array([2, 3], np.int32),
                     np.array([-0.1, -2.3], np.float32), np.array([-0.1, -2.3], np.float32),
                     np.array([-0.1, -2.3], np.float32), np.array([1, 0], np.int64))
    dtypes = {name: getattr(step, name).dtype for name in
              ("parents", "tokens", "token_logprobs", "logprobs", "scores", "status_codes")}
    assert dtypes == {"parents": np.int64, "tokens": np.int64, "token_logprobs": np.float64,
                      "logprobs": np.float64, "scores": np.float64, "status_codes": np.int8}
    for name in dtypes:
        assert getattr(step, name).flags.writeable is False, name
        with pytest.raises(ValueError):
            getattr(step, name)[0] = 1
    assert step[1] == Candidate(2, 0, 1, 3, float(np.float32(-2.3)), float(np.float32(-2.3)),
                                float(np.float32(-2.3)), 1, "pruned", False)
