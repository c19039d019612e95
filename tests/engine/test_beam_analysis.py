"""engine.beam_analysis: the numbers behind the beam-search view.

Oracles: the prefix-table example of the beam-search issue (probabilities worked out by hand),
scipy for entropy, and the model's own methods (beam, score, next_token_distribution,
attention) called directly."""
import math

import numpy as np
import pytest
from scipy.stats import entropy as scipy_entropy

from engine.beam_analysis import (analyse_beam, decide, error_analysis, finished_so_far,
                                  inspect_node, node_sequence, scored_sequence, teacher_forced_logprobs)
from engine.decoding import beam_search, normalization_divisor

# ---- the prefix-table model of the issue ----------------------------------------------------
VOCAB = ["<pad>", "<s>", "</s>", "nice", "dog", "car", "woman", "guy", "has", "runs", "is", "drives"]
ID = {w: i for i, w in enumerate(VOCAB)}
BOS, EOS = ID["<s>"], ID["</s>"]
TABLE = {
    "<s>": {"nice": .5, "dog": .4, "car": .1},
    "nice": {"woman": .4, "</s>": .35, "guy": .25},
    "dog": {"has": .9, "runs": .1},
    "car": {"is": .3, "drives": .7},
}


def table_step(prefixes):
    rows = np.full((len(prefixes), len(VOCAB)), -np.inf)
    for r, prefix in enumerate(prefixes):
        for word, p in TABLE.get(VOCAB[prefix[-1]], {"</s>": 1.0}).items():
            rows[r, ID[word]] = math.log(p)
    return rows


def table_sequence(words, penalty="none", alpha=1.0):
    ids = [ID[w] for w in words]
    lps = teacher_forced_logprobs(table_step, BOS, ids)
    return scored_sequence(" ".join(words), ids, words, lps, penalty, alpha, EOS)


def table_best(beam_width, penalty="none", alpha=1.0):
    result = beam_search(table_step, bos_id=BOS, eos_id=EOS, beam_width=beam_width, max_length=4,
                         length_penalty=penalty, alpha=alpha)
    h = result.best
    return table_sequence([VOCAB[t] for t in h.tokens], penalty, alpha), result


def test_teacher_forced_logprobs_follow_the_table():
    seq = table_sequence(["dog", "has", "</s>"])
    assert seq.token_logprobs == pytest.approx([math.log(.4), math.log(.9), 0.0])
    assert seq.logprob == pytest.approx(math.log(.36))
    assert seq.length == 3 and seq.finished


@pytest.mark.parametrize("penalty,alpha", [("none", 1.0), ("power", 0.7), ("gnmt", 0.6)])
def test_search_is_to_blame_when_the_model_prefers_the_expected_output(penalty, alpha):
    # B=1 follows "nice" (0.5) and ends with "nice woman </s>" (P=0.2); the model gives
    # "dog has </s>" P=0.36, same length: the search missed a better output.
    best, _ = table_best(1, penalty, alpha)
    assert best.tokens == ("nice", "woman", "</s>")
    assert best.logprob == pytest.approx(math.log(.2))
    expected = table_sequence(["dog", "has", "</s>"], penalty, alpha)
    analysis = error_analysis(expected, best, penalty, beam_width=1)
    assert analysis.verdict == "search"
    assert analysis.raw_verdict == "search"
    assert "search is to blame" in analysis.sentence
    # A wider beam finds it, and then both agree.
    best2, _ = table_best(2, penalty, alpha)
    assert error_analysis(expected, best2, penalty, beam_width=2).verdict == "agree"


def test_model_is_to_blame_when_it_prefers_the_beam_output():
    best, _ = table_best(2)
    assert best.tokens == ("dog", "has", "</s>")
    expected = table_sequence(["car", "drives", "</s>"])  # P = 0.07 < 0.36
    analysis = error_analysis(expected, best, "none", beam_width=2)
    assert analysis.verdict == "model"
    assert analysis.compared == "logprob"
    assert "model is to blame" in analysis.sentence


def test_verdict_uses_the_normalised_score_and_reports_when_raw_disagrees():
    # Constructed: the expected output is longer and less probable, but its normalised score is
    # higher: the search (which ranks finished outputs by score) is to blame.
    best = scored_sequence("ab", [5, 2], ["a", "</s>"], [-0.5, -0.5], "power", 1.0, 2)  # score -0.5
    expected = scored_sequence("abcd", [5, 6, 7, 2], list("abc") + ["</s>"], [-0.3] * 4, "power", 1.0, 2)
    assert expected.logprob < best.logprob and expected.score > best.score
    verdict, raw, compared = decide(expected, best, "power")
    assert (verdict, raw, compared) == ("search", "model", "score")
    assert "normalisation decides" in error_analysis(expected, best, "power", 3).sentence


def test_scored_sequence_formula_adds_up():
    seq = scored_sequence("x", [5, 6, 2], ["a", "b", "</s>"], [-0.1, -0.2, -0.3], "gnmt", 0.6, 2)
    assert seq.logprob == pytest.approx(-0.6)
    assert seq.divisor == pytest.approx(((5 + 3) / 6) ** 0.6)
    assert seq.score == pytest.approx(-0.6 / seq.divisor)


def test_finished_so_far_replays_the_finished_list():
    result = beam_search(table_step, bos_id=BOS, eos_id=EOS, beam_width=2, max_length=4, length_penalty="none")
    assert finished_so_far(result, 0) == []
    final = finished_so_far(result, result.steps_run)
    assert [c.node_id for c in final] == [h.node_id for h in result.hypotheses]


# ---- a real model ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def model():
    from engine import load_model

    return load_model("date-transformer", device="cpu")


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_analysis_matches_the_model_called_directly(model):
    a = analyse_beam(model, "4 Nov 1988", beam_width=5, length_penalty="power", alpha=0.7, expected="1988-11-04")
    direct = model.beam("4 Nov 1988", beam_width=5, length_penalty="power", alpha=0.7)
    assert a.result.trace == direct.trace
    assert [(h.token_ids, h.logprob, h.score) for h in a.hypotheses] == [
        (h.tokens, h.logprob, h.score) for h in direct.hypotheses]
    tgt = model.target_tokenizer
    assert [h.text for h in a.hypotheses] == [tgt.decode(h.tokens) for h in direct.hypotheses]
    assert a.best.text == "1988-11-04"
    for h in a.hypotheses:  # the per-token numbers add up to the hypothesis' log P and score
        assert math.fsum(h.token_logprobs) == pytest.approx(h.logprob, abs=1e-9)
        assert h.logprob / normalization_divisor(h.length, "power", 0.7) == pytest.approx(h.score)
    assert a.greedy.text == model.translate("4 Nov 1988")
    assert a.error.verdict == "agree"
    assert a.error.expected.logprob == pytest.approx(model.score("4 Nov 1988", "1988-11-04"), abs=1e-4)
    assert a.source_tokens == tuple("4 Nov 1988")


@pytest.mark.slow  # long searches
def test_wrong_expected_output_is_blamed_on_the_model(model):
    # A decent model is confident of 1988-11-04; 1989-11-04 is merely possible.
    a = analyse_beam(model, "4 Nov 1988", beam_width=5, expected="1989-11-04")
    assert a.error.verdict == "model"
    assert a.error.expected.score < a.best.score


@pytest.mark.slow  # long searches
def test_expected_output_too_long_is_reported_but_the_search_runs(model):
    a = analyse_beam(model, "4 Nov 1988", beam_width=2, expected="1" * 40)
    assert a.error is None and "at most" in a.expected_error
    assert a.best.text == "1988-11-04"


@pytest.mark.slow  # long searches
def test_forced_prefix_starts_every_hypothesis(model):
    forced = tuple(model.target_ids("2021", add_eos=False))
    a = analyse_beam(model, "4 Nov 1988", beam_width=3, prefix=forced)
    assert a.forced_prefix == forced
    for h in a.hypotheses:
        assert h.token_ids[: len(forced)] == forced
    for step, token in enumerate(forced):
        (cand,) = a.result.trace[step]
        assert (cand.token, cand.status, cand.rank) == (token, "kept", 0)


def test_inspect_node_matches_the_model(model):
    text = "Friday 26, March 2021"
    prefix = model.target_ids("2021-0", add_eos=False)
    n = inspect_node(model, text, prefix)
    assert n.probabilities.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(n.probabilities, model.next_token_distribution(text, prefix), atol=1e-6)
    assert n.entropy_bits == pytest.approx(scipy_entropy(n.probabilities, base=2))
    layers, heads, queries, keys = n.cross.shape
    assert queries == len(prefix) + 1 and keys == len(text)
    np.testing.assert_allclose(n.cross.sum(-1), 1.0, atol=1e-5)
    # Teacher forcing "2021-0" feeds the same decoder inputs: <s> 2 0 2 1 - 0.
    att = model.attention(text, target="2021-0")
    np.testing.assert_allclose(n.cross, att.cross, atol=1e-5)
    assert n.query_tokens == ("<s>",) + tuple("2021-0")
    assert n.top(1)[0][1] == "3"  # "2021-03": March


@pytest.mark.slow  # long searches
def test_requests_run_in_a_context(model):
    from engine.jobs import BeamRequest, NodeRequest

    class Ctx:
        def model(self, name):
            assert name == "date-transformer"
            return model

    a = BeamRequest("date-transformer", "4 Nov 1988", beam_width=2, expected="1988-11-04").run(Ctx())
    assert a.beam_width == 2 and a.error.verdict == "agree"
    n = NodeRequest("date-transformer", "4 Nov 1988", prefix=(), node_id=0).run(Ctx())
    assert n.prefix_ids == () and n.cross.shape[2] == 1


@pytest.mark.slow  # over 1 s on an idle machine (docs/testing.md: the quick loop)
def test_only_outputs_that_reached_the_maximum_length_say_they_were_cut(model):
    a = analyse_beam(model, "4 Nov 1988", beam_width=2, max_length=4)  # too short for a date + </s>
    assert a.result.stopped_because == "max_length reached"
    for h in (*a.hypotheses, a.greedy):
        assert (h.length, h.finished, h.cut_at_max_length) == (4, False, True)
    full = analyse_beam(model, "4 Nov 1988", beam_width=2)
    assert full.best.finished and not full.best.cut_at_max_length
    for step in full.result.trace[:5]:  # intermediate nodes ("1988-" and shorter) simply go on
        for cand in step:
            seq = node_sequence(full, cand.node_id)
            assert seq.length == cand.step < full.max_length
            assert seq.cut_at_max_length is False
