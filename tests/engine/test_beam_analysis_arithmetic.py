"""engine.beam_analysis on a tiny table model, every number recomputed by the test's own arithmetic.

The table model is a deterministic random next-token distribution per prefix over a 7-token
vocabulary (<pad> <s> </s> <unk> a b c), so these tests need no trained model and run in
milliseconds (they are the mutation run's oracle for this module).  Nothing here calls
engine.decoding's scoring helpers: log P is summed from the table, the length normalisations
are written out, the verdict rule is the lesson's.
"""
import math

import numpy as np
import pytest
import scipy.stats
# Imported at collection: analyse_beam imports torch lazily, and each of mutmut's forked workers
# would otherwise pay for the import.
import torch

from engine.beam_analysis import (analyse_beam, decide, error_analysis, finished_so_far, inspect_node,
                                  node_sequence, scored_sequence, teacher_forced_logprobs)
from engine.tokenizer import CharTokenizer, InputError

TARGET = CharTokenizer(list("abc"))
SOURCE = CharTokenizer(list("0123456789 "))


def divisor(length, penalty, alpha):
    return {"none": 1.0, "power": length ** alpha, "gnmt": ((5 + length) / 6) ** alpha}[penalty]


class TableModel:
    """The duck type analyse_beam needs: a name, tokenizers, prepare() and step_function()."""

    name = "table"
    device = "cpu"
    never_generated = ()  # the table may produce any token

    def __init__(self, seed, max_target_length=5):
        self.seed = seed
        self.max_target_length = max_target_length
        self.target_tokenizer = TARGET
        self.source_tokenizer = SOURCE

    def log_probs(self, prefix):
        rng = np.random.default_rng([self.seed, *prefix])
        logits = rng.normal(size=len(TARGET)) * 1.5
        logits[TARGET.bos_id] = -np.inf  # never generate <s>
        return logits - np.logaddexp.reduce(logits[np.isfinite(logits)])

    def prepare(self, text):
        if not text.strip():
            from engine.tokenizer import InputError
            raise InputError("the input is empty")
        self.state = object()  # what the model's later calls must be handed back
        return SOURCE.encode(text.strip()), self.state

    def step_function(self, state, suppress=True, rows=1):
        assert state is self.state
        masked = {True: self.never_generated, False: ()}[suppress]  # a bool, as the protocol says

        def step(prefixes):
            rows = np.array([self.log_probs(p) for p in prefixes])
            rows[:, list(masked)] = -np.inf
            return rows

        return step

    def cross(self, length):
        """A made-up (1 layer, 1 head, T, 4 source) attention that differs per query row."""
        rows = np.arange(1.0, 1 + 4 * length).reshape(length, 4)
        return rows / rows.sum(-1, keepdims=True)

    def decode_prefixes(self, state, prefixes):
        """Logits whose softmax is the table row after each prefix of the (1, T) input."""
        assert state is self.state and prefixes.dtype == torch.int64
        assert prefixes.device == torch.device(self.device)  # built where the model runs
        seq = prefixes[0].tolist()
        logits = [np.where(np.isfinite(r := self.log_probs(seq[: t + 1])), r, -1e30) + 3.0 for t in range(len(seq))]
        return torch.tensor(np.array([logits])), {"cross": [torch.tensor(self.cross(len(seq)))[None, None]]}


def walk(model, ids):
    """log p of each token of `ids` after <s>, read from the table."""
    prefix, out = [TARGET.bos_id], []
    for t in ids:
        out.append(float(model.log_probs(prefix)[t]))
        prefix.append(t)
    return out


def text_of(ids):
    chars = []
    for i in ids:
        if i == TARGET.eos_id:
            break
        if i >= 4:
            chars.append(TARGET.itos[i])
        elif i == TARGET.unk_id:
            chars.append("<unk>")
    return "".join(chars)


CASES = [(seed, penalty, alpha) for seed in range(4) for penalty, alpha in
         (("none", 0.7), ("power", 0.7), ("power", 1.5), ("gnmt", 1.0))]


@pytest.mark.parametrize("seed,penalty,alpha", CASES)
def test_every_hypothesis_number_recomputed_from_the_table(seed, penalty, alpha):
    model = TableModel(seed)
    a = analyse_beam(model, "12 3", beam_width=3, length_penalty=penalty, alpha=alpha)
    assert a.source_tokens == tuple("12 3") and a.vocab == tuple(TARGET.itos)
    assert a.beam_width == 3 and a.length_penalty == penalty and a.alpha == alpha and a.max_length == 5
    assert a.bos_id == 1 and a.eos_id == 2 and a.model == "table" and a.text == "12 3"
    assert len(a.hypotheses) == 3
    for h in a.hypotheses:
        lps = walk(model, h.token_ids)
        assert h.token_logprobs == pytest.approx(lps, abs=1e-12)
        assert h.logprob == pytest.approx(sum(lps), abs=1e-12)
        assert h.length == len(h.token_ids)
        assert h.divisor == pytest.approx(divisor(h.length, penalty, alpha), rel=1e-12)
        assert h.score == pytest.approx(sum(lps) / divisor(h.length, penalty, alpha), abs=1e-12)
        assert h.finished == (h.token_ids[-1] == TARGET.eos_id)
        assert h.tokens == tuple(TARGET.itos[i] for i in h.token_ids)
        assert h.text == text_of(h.token_ids)
        assert h.node_id is not None and list(a.node_prefix(h.node_id)) == list(h.token_ids)
    scores = [h.score for h in a.hypotheses]
    assert scores == sorted(scores, reverse=True)
    assert a.best is a.hypotheses[0]
    assert a.token(4) == "a"
    assert (a.result.length_penalty, a.result.alpha) == (penalty, alpha)
    for step in a.result.trace:  # the search ranked by the chosen normalisation
        for c in step:
            assert c.score == pytest.approx(c.logprob / divisor(c.step, penalty, alpha), abs=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_greedy_is_the_argmax_walk(seed):
    model = TableModel(seed)
    a = analyse_beam(model, "1", beam_width=2, length_penalty="power", alpha=0.7)
    prefix, ids = [TARGET.bos_id], []
    for _ in range(5):
        token = int(np.argmax(model.log_probs(prefix)))
        ids.append(token)
        prefix.append(token)
        if token == TARGET.eos_id:
            break
    assert a.greedy.token_ids == tuple(ids) and a.greedy.text == text_of(ids)
    assert a.greedy.logprob == pytest.approx(sum(walk(model, ids)), abs=1e-12)
    assert a.greedy.score == pytest.approx(sum(walk(model, ids)) / len(ids) ** 0.7, abs=1e-12)
    assert a.greedy.node_id is None


@pytest.mark.parametrize("seed,penalty,alpha", CASES)
def test_error_analysis_follows_the_lessons_rule(seed, penalty, alpha):
    model = TableModel(seed)
    for expected in ("ab", "c", "ba", "cab", "a"):
        a = analyse_beam(model, "7", beam_width=2, length_penalty=penalty, alpha=alpha, expected=expected)
        ids = [TARGET.stoi[c] for c in expected] + [TARGET.eos_id]
        lp = sum(walk(model, ids))
        score = lp / divisor(len(ids), penalty, alpha)
        e, best = a.error.expected, a.best
        assert e.token_ids == tuple(ids) and e.logprob == pytest.approx(lp, abs=1e-12)
        assert e.score == pytest.approx(score, abs=1e-12) and e.finished and e.text == expected
        assert a.error.compared == ("logprob" if penalty == "none" else "score")
        if tuple(ids) == best.token_ids:
            want, raw = "agree", "agree"
        else:
            want = "search" if score > best.score else "model"
            raw = "search" if lp > best.logprob else "model"
        assert (a.error.verdict, a.error.raw_verdict) == (want, raw)
        sentence = a.error.sentence
        if want == "agree":
            assert "nothing to blame" in sentence
        else:
            shown_e, shown_b = (score, best.score) if penalty != "none" else (lp, best.logprob)
            assert f"{shown_e:.3f}" in sentence and f"{shown_b:.3f}" in sentence
            assert ("search is to blame" in sentence) == (want == "search")
            assert ("model is to blame" in sentence) == (want == "model")
            assert ("B=2" in sentence) == (want == "search")
            assert ("Raw log P alone would blame the" in sentence) == (raw != want)
            assert ("log P " in sentence.split("(Raw")[0]) == (penalty == "none")


def test_a_search_error_is_reported_when_a_wider_beam_finds_a_better_output():
    """Find a table where B=1 misses what B=8 finds: the verdict must blame the search."""
    for seed in range(200):
        model = TableModel(seed)
        narrow = analyse_beam(model, "1", beam_width=1, length_penalty="none")
        wide = analyse_beam(model, "1", beam_width=8, length_penalty="none")
        if wide.best.finished and wide.best.logprob > narrow.best.logprob + 1e-9:
            expected = text_of(wide.best.token_ids)
            if set(expected) <= set("abc") and expected:
                a = analyse_beam(model, "1", beam_width=1, length_penalty="none", expected=expected)
                assert a.error.verdict == "search" and a.error.raw_verdict == "search"
                assert "with B=1 did not find it" in a.error.sentence
                return
    pytest.fail("no table with a search error found")


def test_expected_output_problems_are_reported_not_raised():
    model = TableModel(0, max_target_length=4)
    a = analyse_beam(model, "1", beam_width=2, expected="abcab")
    assert a.error is None
    assert a.expected_error == "the expected output has 5 tokens; this model writes at most 3 before </s>"
    a = analyse_beam(model, "1", beam_width=2, expected="abc")  # 3 tokens + </s> = 4: fits exactly
    assert a.expected_error is None and a.error is not None
    a = analyse_beam(model, "1", beam_width=2, expected="a?")
    assert a.error.unknown_characters == ("?",) and a.error.expected.tokens == ("a", "<unk>", "</s>")
    for blank in ("", "   ", None):
        a = analyse_beam(model, "1", beam_width=2, expected=blank)
        assert a.error is None and a.expected_error is None


def test_forced_prefix_and_its_validation():
    model = TableModel(1)
    a = analyse_beam(model, "1", beam_width=2, prefix=[6, 4])
    assert a.forced_prefix == (6, 4)
    assert all(h.token_ids[:2] == (6, 4) for h in a.hypotheses)
    for bad in (-1, len(TARGET), 99):
        with pytest.raises(ValueError, match=f"forced token id {bad} is not in the target vocabulary"):
            analyse_beam(model, "1", prefix=[bad])
    analyse_beam(model, "1", prefix=[0])  # id 0 is in the vocabulary (the search may still start there)
    analyse_beam(model, "1", prefix=[len(TARGET) - 1])


@pytest.mark.parametrize("seed", range(3))
def test_every_tree_node_scored_as_if_the_output_ended_there(seed):
    model = TableModel(seed)
    a = analyse_beam(model, "1", beam_width=3, length_penalty="gnmt", alpha=0.8)
    for step in a.result.trace:
        for cand in step:
            seq = node_sequence(a, cand.node_id)
            ids = a.result.prefix(cand.node_id)
            lps = walk(model, ids)
            assert seq.token_ids == tuple(ids) and seq.node_id == cand.node_id
            assert seq.token_logprobs == pytest.approx(lps, abs=1e-12)
            assert seq.logprob == pytest.approx(sum(lps), abs=1e-12)
            assert seq.score == pytest.approx(sum(lps) / ((5 + len(ids)) / 6) ** 0.8, abs=1e-12)
            assert seq.text == text_of(ids) and seq.finished == (ids[-1] == TARGET.eos_id)


@pytest.mark.parametrize("seed", range(4))
def test_finished_so_far_is_the_n_best_table_after_each_step(seed):
    model = TableModel(seed, max_target_length=6)
    a = analyse_beam(model, "1", beam_width=3, length_penalty="power", alpha=1.0)
    for step in range(len(a.result.trace) + 1):
        done = [c for s in a.result.trace[:step] for c in s if c.status == "finished"]
        best = sorted(done, key=lambda c: c.score, reverse=True)[:3]
        assert [c.node_id for c in finished_so_far(a.result, step)] == [c.node_id for c in best]
    assert finished_so_far(a.result, 0) == []


@pytest.mark.parametrize("prefix", [(), (4,), (6, 5), (2, 4, 3)])
def test_inspect_node_shows_the_table_row_after_the_prefix(prefix):
    model = TableModel(5)
    n = inspect_node(model, " 12 ", prefix_ids=prefix)
    p = np.exp(model.log_probs([TARGET.bos_id, *prefix]))
    # The view's softmax runs on float32 logits (as a model gives them): 1e-6 is float32 rounding.
    np.testing.assert_allclose(n.probabilities, p, atol=1e-6)
    assert n.entropy_bits == pytest.approx(scipy.stats.entropy(p, base=2), abs=1e-6)
    assert n.prefix_ids == prefix and n.prefix_tokens == tuple(TARGET.itos[i] for i in prefix)
    assert n.query_tokens == ("<s>",) + n.prefix_tokens and n.labels == tuple(TARGET.itos)
    assert n.text == "12" and n.source_tokens == ("1", "2") and n.model == "table"
    assert n.cross.shape == (1, 1, len(prefix) + 1, 4)
    np.testing.assert_allclose(n.cross[0, 0], model.cross(len(prefix) + 1), atol=1e-7)
    order = sorted(range(len(p)), key=lambda i: (-p[i], i))[:3]
    assert n.top(3) == [(i, TARGET.itos[i], pytest.approx(p[i], abs=1e-6)) for i in order]


def test_teacher_forced_logprobs_reads_each_step_after_its_prefix():
    model = TableModel(2)
    step = model.step_function(model.prepare("1")[1])
    ids = [4, 5, 6, 2]
    assert teacher_forced_logprobs(step, 1, ids) == pytest.approx(walk(model, ids), abs=1e-12)
    torch_step = lambda prefixes: torch.tensor(step(prefixes))  # noqa: E731
    assert teacher_forced_logprobs(torch_step, 1, ids) == pytest.approx(walk(model, ids), abs=1e-12)
    assert len(teacher_forced_logprobs(step, 1, [])) == 0
    # float32 rows (a model's own precision) come back as float64 numbers equal to the rounded table
    float32_step = lambda prefixes: step(prefixes).astype(np.float32)  # noqa: E731
    got = teacher_forced_logprobs(float32_step, 1, ids)
    assert got.dtype == np.float64 and teacher_forced_logprobs(step, 1, []).dtype == np.float64
    np.testing.assert_array_equal(got, np.array(walk(model, ids), dtype=np.float32).astype(np.float64))


def test_scored_sequence_defaults_and_an_empty_output():
    s = scored_sequence("ab", [4, 5, 2], ["a", "b", "</s>"], [-0.5, -0.25, -1.0], "power", 2.0, 2)
    assert s.logprob == -1.75 and s.length == 3 and s.divisor == 9.0 and s.score == pytest.approx(-1.75 / 9)
    assert s.finished and s.node_id is None
    given = scored_sequence("ab", [4, 5], ["a", "b"], [-0.5, -0.25], "none", 0.7, 2, node_id=7, logprob=-3.0,
                            score=-4.0)
    assert (given.logprob, given.score, given.finished, given.node_id, given.divisor) == (-3.0, -4.0, False, 7, 1.0)
    empty = scored_sequence("", [], [], [], "power", 0.7, 2)
    assert empty.length == 0 and empty.divisor == 1.0 and empty.score == 0.0 and not empty.finished


def test_decide_and_sentences_by_hand():
    def seq(ids, lp, score):
        return scored_sequence("", ids, ["x"] * len(ids), [lp], "power", 1.0, 2, logprob=lp, score=score)

    best = seq([4, 2], -1.0, -0.5)
    assert decide(seq([4, 2], -9.0, -9.0), best, "power") == ("agree", "agree", "score")
    assert decide(seq([5, 2], -2.0, -0.4), best, "power") == ("search", "model", "score")
    assert decide(seq([5, 2], -0.9, -0.6), best, "none") == ("model", "search", "logprob")
    assert decide(seq([5, 2], -1.0, -0.5), best, "power") == ("model", "model", "score")  # a tie: not better
    e = error_analysis(seq([5, 2], -2.0, -0.4), best, "power", 4, ("?",))
    assert e.unknown_characters == ("?",)
    assert e.sentence == ("The model prefers the expected output (score -0.400 > -0.500) but beam search with B=4 "
                          "did not find it: the search is to blame. A wider beam may find it. (Raw log P alone "
                          "would blame the model: the length normalisation decides this case.)")
    e = error_analysis(seq([5, 2], -3.0, -1.5), best, "none", 4)
    assert e.sentence == ("The model gives the expected output a log P no higher than the beam's output "
                          "(-3.000 ≤ -1.000): the model is to blame. A wider beam will not fix this; the model "
                          "needs better training.")


class MaskedTableModel(TableModel):
    """Like the shipped models: the search's step function gives <pad>, <s> and <unk> probability 0;
    the unmasked one (suppress=False, teacher forcing) gives the table's own numbers."""

    never_generated = (TARGET.pad_id, TARGET.bos_id, TARGET.unk_id)


def running_sum(values):
    """Left-to-right float sum: the cumulative log P the search carries from step to step."""
    total = 0.0
    for v in values:
        total += v
    return total


def test_defaults_and_an_explicit_max_length():
    model = TableModel(0, max_target_length=4)
    a = analyse_beam(model, "1")
    assert (a.beam_width, a.length_penalty, a.alpha, a.max_length) == (5, "power", 0.7, 4)
    a = analyse_beam(model, "1", max_length=2, beam_width=3)
    assert a.max_length == a.result.max_length == 2
    assert all(h.length <= 2 for h in a.hypotheses) and a.greedy.length <= 2


def test_never_generated_tokens_can_be_neither_searched_nor_forced():
    model = MaskedTableModel(3)
    for token, label in ((0, "<pad>"), (1, "<s>"), (3, "<unk>")):
        with pytest.raises(InputError, match=f"^{label} is never generated: a what-if cannot force it$"):
            analyse_beam(model, "1", prefix=[4, token])
    a = analyse_beam(model, "1", beam_width=4, expected="a?")
    for step in a.result.trace:
        assert not {c.token for c in step} & {0, 1, 3}
    assert not {t for h in a.hypotheses for t in h.token_ids} & {0, 1, 3}
    # The expected output is scored with the unmasked table: its <unk> has a finite log p.
    ids = [4, 3, 2]
    assert a.error.expected.token_ids == tuple(ids)
    assert a.error.expected.token_logprobs == pytest.approx(walk(model, ids), abs=1e-12)
    assert math.isfinite(a.error.expected.logprob)
    n = inspect_node(model, "1", prefix_ids=[4])
    assert n.never_allowed == (0, 1, 3)
    assert [n.allowed(t) for t in range(len(TARGET))] == [False, False, True, False, True, True, True]
    assert n.allowed(np.int64(4)) and not n.allowed(np.int64(3))
    assert n.probabilities[3] > 0  # listed unmasked, marked instead


def test_a_full_width_beam_finds_the_best_output_of_all():
    """Every output of at most 3 tokens over the 6 generable tokens, scored here."""
    import itertools

    model = TableModel(4, max_target_length=3)
    tokens = [t for t in range(len(TARGET)) if t != TARGET.bos_id]
    for penalty, alpha in (("none", 0.7), ("power", 1.0), ("gnmt", 2.0)):
        a = analyse_beam(model, "1", beam_width=len(tokens) ** 3, length_penalty=penalty, alpha=alpha)
        best = None
        for length in (1, 2, 3):
            for seq in itertools.product(tokens, repeat=length):
                if TARGET.eos_id in seq[:-1] or (seq[-1] != TARGET.eos_id and length < 3):
                    continue
                score = sum(walk(model, seq)) / divisor(length, penalty, alpha)
                if best is None or score > best[0]:
                    best = (score, seq)
        assert a.best.token_ids == best[1] and a.best.score == pytest.approx(best[0], abs=1e-12)
        assert a.best.finished == (best[1][-1] == TARGET.eos_id)


@pytest.mark.parametrize("seed", range(4))
def test_outputs_cut_at_max_length_are_marked(seed):
    model = TableModel(seed, max_target_length=2)
    a = analyse_beam(model, "1", beam_width=3, length_penalty="none")
    for h in a.hypotheses + (a.greedy,):
        assert h.cut_at_max_length == (h.length == 2 and h.token_ids[-1] != TARGET.eos_id)
    assert any(h.cut_at_max_length for h in a.hypotheses)
    for step in a.result.trace:
        for cand in step:
            seq = node_sequence(a, cand.node_id)
            assert seq.cut_at_max_length == (cand.step == 2 and cand.token != TARGET.eos_id)


@pytest.mark.parametrize("seed", range(6))
def test_table_numbers_are_the_searchs_own_running_sums(seed):
    """The n-best table and the tree show log P exactly as the search accumulated it."""
    model = TableModel(seed, max_target_length=4)
    a = analyse_beam(model, "1", beam_width=4, length_penalty="power", alpha=0.9)
    for h in a.hypotheses:
        assert h.logprob == running_sum(walk(model, h.token_ids))
    for step in a.result.trace:
        for cand in step:
            ids = a.result.prefix(cand.node_id)
            assert node_sequence(a, cand.node_id).logprob == running_sum(walk(model, ids))


def test_sentences_name_the_beam_width_and_the_agreement():
    model = TableModel(0)
    a = analyse_beam(model, "1", beam_width=3, length_penalty="none")
    agree = analyse_beam(model, "1", beam_width=3, length_penalty="none", expected=text_of(a.best.token_ids))
    assert agree.error.verdict == "agree" and agree.error.raw_verdict == "agree"
    assert agree.error.sentence == "The beam search found the expected output: nothing to blame."
    assert agree.error.best is agree.best and agree.error.expected.token_ids == a.best.token_ids
    s = scored_sequence("", [4, 2], ["a", "</s>"], [-0.5, -0.5], "none", 1.0, 2)
    b = scored_sequence("", [5, 2], ["b", "</s>"], [-1.0, -1.0], "none", 1.0, 2)
    e = error_analysis(s, b, "none", 7)
    assert e.sentence == ("The model prefers the expected output (log P -1.000 > -2.000) but beam search with B=7 "
                          "did not find it: the search is to blame. A wider beam may find it.")
    assert e.expected is s and e.best is b and (e.verdict, e.raw_verdict, e.compared) == ("search", "search",
                                                                                           "logprob")


def test_unknown_input_characters_are_reported():
    a = analyse_beam(TableModel(1), " 1x2y ", beam_width=2)
    assert a.unknown_characters == ("x", "y") and a.source_tokens == ("1", "<unk>", "2", "<unk>")


def test_elapsed_time_is_measured_in_milliseconds(monkeypatch):
    import time

    ticks = iter([100.0, 100.25])
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    a = analyse_beam(TableModel(0), "1", beam_width=2)
    assert a.elapsed_ms == 250.0


def test_top_breaks_ties_by_lowest_token_id():
    from engine.beam_analysis import NodeInspection

    p = np.array([0.1] * 5 + [0.02] * 20 + [0.1] * 5 + [0.01] * 10)  # 100 tokens, sums to 1
    p = np.concatenate([p, np.full(60, 0.0)])
    n = NodeInspection(model="m", text="t", source_tokens=(), prefix_ids=(), prefix_tokens=(),
                       labels=tuple(f"t{i}" for i in range(len(p))), probabilities=p, entropy_bits=0.0,
                       never_allowed=(), cross=np.zeros((1, 1, 1, 1), np.float32), query_tokens=("<s>",))
    assert [i for i, _, _ in n.top(30)] == list(range(5)) + list(range(25, 30)) + list(range(5, 25))
    assert n.top(2) == [(0, "t0", 0.1), (1, "t1", 0.1)]


def test_scored_sequence_of_one_token_divides_by_its_length():
    s = scored_sequence("a", [4], ["a"], [-2.0], "power", 1.0, 2, max_length=1)
    assert (s.length, s.divisor, s.score, s.finished, s.cut_at_max_length) == (1, 1.0, -2.0, False, True)
    s = scored_sequence("", [2], ["</s>"], [-2.0], "gnmt", 1.0, 2, max_length=1)
    assert (s.divisor, s.finished, s.cut_at_max_length) == (1.0, True, False)
    s = scored_sequence("ab", [4, 5], ["a", "b"], [-2.0, -1.0], "gnmt", 1.0, 2, max_length=3)
    assert (s.divisor, s.score, s.cut_at_max_length) == (7 / 6, -3.0 / (7 / 6), False)


class MetaDeviceTableModel(TableModel):
    """A model 'on another device': torch's meta device holds shapes but no values, so the
    table answers for the prefix it was told to expect."""

    device = "meta"

    def decode_prefixes(self, state, prefixes):
        assert prefixes.device.type == "meta" and tuple(prefixes.shape) == (1, 1 + len(self.expected_prefix))
        self.device = "cpu"
        try:
            return super().decode_prefixes(state, torch.tensor([[TARGET.bos_id, *self.expected_prefix]]))
        finally:
            self.device = "meta"


def test_inspect_node_builds_the_decoder_input_on_the_models_device():
    model = MetaDeviceTableModel(2)
    model.expected_prefix = (4, 5)
    n = inspect_node(model, "1", prefix_ids=model.expected_prefix)
    np.testing.assert_allclose(n.probabilities, np.exp(model.log_probs([TARGET.bos_id, 4, 5])), atol=1e-6)
