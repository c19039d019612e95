"""engine.logit_transforms at its edges, against Hugging Face's warpers and values worked out by
hand: what the mutation run of logit_transforms.py found untested (docs/testing.md,
"engine/logit_transforms.py"): each setting's accepted and refused boundary values with the
message a user reads, the defaults of min_tokens_to_keep, min_tokens_to_keep given through
SamplingSettings, top-p's cut exactly at 1 − p, several rows at temperature 0, temperature 2,
one repeated token, no sequence at all, and logits that are only tied in float32."""
import math

import numpy as np
import pytest
import torch

from engine import logit_transforms as lt
from engine.logit_transforms import SamplingSettings, transform_logits, transform_stages

hf = pytest.importorskip("transformers.generation.logits_process")


def kept(logits: torch.Tensor) -> list:
    return torch.isfinite(logits).tolist()


# --- SamplingSettings: every boundary, accepted or refused word for word -----------------------

@pytest.mark.parametrize("field, value", [
    ("temperature", 0.0), ("temperature", 5e-324), ("temperature", 1e308),
    ("top_k", 0), ("top_k", 1), ("top_p", 0.0), ("top_p", 1.0), ("min_p", 0.0), ("min_p", 1.0),
    ("repetition_penalty", 5e-324), ("repetition_penalty", 1e308), ("min_tokens_to_keep", 1)])
def test_settings_accept_each_boundary_value(field, value):
    assert getattr(SamplingSettings(**{field: value}), field) == value


NEXT_UP_FROM_1 = 1.0000000000000002  # math.nextafter(1, 2): the first float past 1

REFUSED = [
    ("temperature", -1e-300, "the temperature must be 0 or more, not -1e-300"),
    ("temperature", math.inf, "the temperature must be 0 or more, not inf"),
    ("temperature", math.nan, "the temperature must be 0 or more, not nan"),
    ("top_k", -1, "top-k must be a whole number, 0 (off) or more, not -1"),
    ("top_k", 2.0, "top-k must be a whole number, 0 (off) or more, not 2.0"),
    ("top_k", True, "top-k must be a whole number, 0 (off) or more, not True"),
    ("top_p", -1e-300, "top-p must lie between 0 and 1, not -1e-300"),
    ("top_p", NEXT_UP_FROM_1, "top-p must lie between 0 and 1, not 1.0000000000000002"),
    ("top_p", math.nan, "top-p must lie between 0 and 1, not nan"),
    ("min_p", -1e-300, "min-p must lie between 0 and 1, not -1e-300"),
    ("min_p", NEXT_UP_FROM_1, "min-p must lie between 0 and 1, not 1.0000000000000002"),
    ("min_p", 1.5, "min-p must lie between 0 and 1, not 1.5"),
    ("min_p", math.nan, "min-p must lie between 0 and 1, not nan"),
    ("repetition_penalty", 0.0, "the repetition penalty must be more than 0, not 0.0"),
    ("repetition_penalty", -2.0, "the repetition penalty must be more than 0, not -2.0"),
    ("repetition_penalty", math.inf, "the repetition penalty must be more than 0, not inf"),
    ("repetition_penalty", math.nan, "the repetition penalty must be more than 0, not nan"),
    ("min_tokens_to_keep", 0, "min_tokens_to_keep must be 1 or more, not 0"),
    ("min_tokens_to_keep", 2.0, "min_tokens_to_keep must be 1 or more, not 2.0"),
    ("min_tokens_to_keep", True, "min_tokens_to_keep must be 1 or more, not True"),
]


@pytest.mark.parametrize("field, value, message", REFUSED)
def test_settings_refuse_each_value_past_a_boundary_with_its_message(field, value, message):
    # The engine gives these refusals no message code: the CLI prints the ValueError's text
    # (engine/__main__.py), so the text is what a user reads and what is compared here.
    with pytest.raises(ValueError) as refused:
        SamplingSettings(**{field: value})
    assert str(refused.value) == message


# --- the defaults of min_tokens_to_keep: 1, as Hugging Face's warpers --------------------------

ONE_TOP = torch.tensor([[4.0, 3.0, 2.0, 1.0, 0.0],
                        [0.0, 1.0, 2.0, 3.0, 4.0]])  # one most probable token per row


def test_each_cut_keeps_one_token_by_default_as_hugging_faces_warpers():
    only_top = [[True, False, False, False, False], [False, False, False, False, True]]
    assert kept(lt.top_k(ONE_TOP, 1)) == only_top
    assert kept(lt.top_p(ONE_TOP, 0.0)) == only_top
    assert kept(lt.min_p(ONE_TOP, 1.0)) == only_top
    for ours, theirs in ((lt.top_k(ONE_TOP, 1), hf.TopKLogitsWarper(1)),
                         (lt.top_p(ONE_TOP, 0.0), hf.TopPLogitsWarper(0.0)),
                         (lt.min_p(ONE_TOP, 1.0), hf.MinPLogitsWarper(1.0))):
        assert torch.equal(ours, theirs(None, ONE_TOP.clone()))


@pytest.mark.parametrize("settings, warper", [
    (SamplingSettings(top_k=1, min_tokens_to_keep=3), hf.TopKLogitsWarper(1, min_tokens_to_keep=3)),
    (SamplingSettings(top_p=0.0, min_tokens_to_keep=3), hf.TopPLogitsWarper(0.0, min_tokens_to_keep=3)),
    (SamplingSettings(min_p=1.0, min_tokens_to_keep=3), hf.MinPLogitsWarper(1.0, min_tokens_to_keep=3)),
])
def test_min_tokens_to_keep_of_the_settings_reaches_each_cut(settings, warper):
    three_best = [[True, True, True, False, False], [False, False, True, True, True]]
    assert kept(transform_logits(ONE_TOP, settings)) == three_best
    assert torch.equal(transform_logits(ONE_TOP, settings), warper(None, ONE_TOP.clone()))
    assert transform_stages(ONE_TOP[0], settings)[-1].kept.tolist() == three_best[0]


# --- top-p and min-p exactly at their borders ---------------------------------------------------

FOUR_EQUAL = torch.zeros(1, 4)  # probabilities 1/4 each, exact in float32, cumulative 1/4 .. 1


@pytest.mark.parametrize("p, n_kept", [(0.75, 3), (0.5, 2), (0.25, 1), (0.7500001, 4), (0.7499999, 3)])
def test_top_p_cuts_a_token_whose_cumulative_share_is_exactly_1_minus_p(p, n_kept):
    """The kept set is the smallest top set whose mass reaches p: at p = 3/4 three tokens of 1/4
    (the cumulative share from below of the cut one is 1/4 = 1 − p, cut by ``<=``)."""
    ours = lt.top_p(FOUR_EQUAL, p)
    assert torch.isfinite(ours).sum().item() == n_kept
    assert torch.equal(ours, hf.TopPLogitsWarper(p)(None, FOUR_EQUAL.clone()))


def test_top_p_one_is_off_and_keeps_a_token_of_probability_zero():
    """generate adds no TopPLogitsWarper at top_p = 1 (its rule: top_p < 1.0), so a token whose
    probability underflows to 0 in float32 keeps its finite logit."""
    logits = torch.tensor([[0.0, -200.0, 1.0]])
    assert torch.softmax(logits, -1)[0, 1].item() == 0.0
    assert torch.equal(lt.top_p(logits, 1.0), logits)
    assert torch.equal(transform_logits(logits, SamplingSettings(top_p=1.0)), logits)
    assert transform_stages(logits[0], SamplingSettings())[4].kept.tolist() == [True, True, True]


def test_min_p_keeps_a_token_exactly_at_min_p_times_the_top():
    # 1/4 each: every token's probability is exactly 1.0 × the top one, so none is below it
    assert kept(lt.min_p(FOUR_EQUAL, 1.0)) == [[True] * 4]
    # 1/2, 1/4, 1/4 would need inexact exponentials; two levels of ties give exact halves instead:
    # [0, 0, -inf, -inf] -> 1/2, 1/2, 0, 0
    logits = torch.tensor([[0.0, 0.0, -math.inf, -math.inf]])
    assert kept(lt.min_p(logits, 1.0)) == [[True, True, False, False]]
    assert torch.equal(lt.min_p(FOUR_EQUAL, 1.0), hf.MinPLogitsWarper(1.0)(None, FOUR_EQUAL.clone()))


# --- temperature ---------------------------------------------------------------------------------

def test_temperature_two_halves_the_logits():
    logits = torch.tensor([[3.0, -1.0, 0.5, -math.inf]])
    assert lt.temperature(logits, 2.0).tolist() == [[1.5, -0.5, 0.25, -math.inf]]
    assert torch.equal(lt.temperature(logits, 2.0), hf.TemperatureLogitsWarper(2.0)(None, logits.clone()))


def test_temperature_one_changes_nothing():
    logits = torch.tensor([[3.0, -1.0, 0.5]])
    assert torch.equal(lt.temperature(logits, 1.0), logits)


def test_temperature_zero_keeps_each_rows_own_maximum():
    """Three rows whose maxima differ (and a tie in the last): each row keeps its own top token(s)
    with logit 0, everything else -inf."""
    logits = torch.tensor([[5.0, 1.0, 0.0, -2.0],
                           [0.0, 1.0, 2.0, 3.0],
                           [-1.0, -1.0, -3.0, -1.5]])
    inf = -math.inf
    assert lt.temperature(logits, 0.0).tolist() == [[0.0, inf, inf, inf],
                                                    [inf, inf, inf, 0.0],
                                                    [0.0, 0.0, inf, inf]]


# --- repetition penalty --------------------------------------------------------------------------

LOGITS_3 = torch.tensor([[2.0, -1.0, 0.5, 0.0]])


@pytest.mark.parametrize("previous, expected", [
    ([[0]], [[1.0, -1.0, 0.5, 0.0]]),          # one earlier token, positive: x / 2
    ([[1]], [[2.0, -2.0, 0.5, 0.0]]),          # negative: x * 2
    ([[1, 1, 1]], [[2.0, -2.0, 0.5, 0.0]]),    # a token repeated is penalised once
    ([[3, 2]], [[2.0, -1.0, 0.25, 0.0]]),      # 0 stays 0
])
def test_repetition_penalty_worked_by_hand(previous, expected):
    previous = torch.tensor(previous)
    ours = lt.repetition_penalty(LOGITS_3, previous, 2.0)
    assert ours.tolist() == expected
    assert torch.equal(ours, hf.RepetitionPenaltyLogitsProcessor(2.0)(previous, LOGITS_3.clone()))


def test_repetition_penalty_without_a_sequence_changes_nothing():
    settings = SamplingSettings(repetition_penalty=2.0)
    assert torch.equal(transform_logits(LOGITS_3, settings), LOGITS_3)  # previous: None
    assert torch.equal(transform_logits(LOGITS_3, settings, torch.zeros(1, 0, dtype=torch.long)), LOGITS_3)
    assert transform_stages(LOGITS_3[0], settings)[1].probabilities.tolist() == \
        transform_stages(LOGITS_3[0], settings)[0].probabilities.tolist()


# --- transform_stages reads logits as float32, as Hugging Face computes them -------------------

def test_stages_round_float64_logits_to_float32_first():
    """1 and 1 + 1e-9 are one float32 value: top-k = 1 keeps both, as TopKLogitsWarper does on
    the float32 logits; the probabilities are the softmax of the float32 logits."""
    logits = np.array([1.0, 1.0 + 1e-9, 0.0])
    stages = transform_stages(logits, SamplingSettings(top_k=1))
    as_float32 = torch.tensor(logits, dtype=torch.float32)[None]
    assert stages[3].kept.tolist() == [True, True, False]
    assert stages[3].kept.tolist() == kept(hf.TopKLogitsWarper(1)(None, as_float32.clone()))[0]
    e = math.e
    assert stages[0].probabilities.tolist() == pytest.approx([e / (2 * e + 1), e / (2 * e + 1), 1 / (2 * e + 1)],
                                                             rel=1e-15, abs=0)
    assert stages[3].probabilities.tolist() == [0.5, 0.5, 0.0]
