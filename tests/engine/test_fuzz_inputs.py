"""Fuzzing every place the engine reads what a person typed (hypothesis).

Each input path may refuse an input only with its documented error type, never with anything
else (a TypeError, an IndexError, a traceback from the CLI):

=========================================  =========================================
input path                                 documented refusal
=========================================  =========================================
distribution text, text frequencies        engine.infotheory.DistributionError
typed dates (translate, attention)         engine.tokenizer.InputError
teacher-forcing targets (attention, score)  engine.tokenizer.InputError
beam expected output, forced prefix        reported in BeamAnalysis.expected_error / ValueError
positional parameters (analyse)            ValueError
python -m engine ... (main(argv))          exit status 2 with one "error:" line, or argparse's
                                           SystemExit(2); --help exits 0
=========================================  =========================================

Accepted inputs are checked too (a distribution adds up to 1, a translation is ISO-shaped
text of the target alphabet, shapes agree with the tokens).  Example counts are moderate so the
file runs in well under a minute; each test counts its cases and the module prints the totals
(run with -s to see them).
"""
import collections
import contextlib
import io
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import load_model
from engine.__main__ import main
from engine.beam_analysis import analyse_beam
from engine.distribution_parser import (DistributionError, format_distribution, parse_distribution,
                                        text_distribution)
from engine.positional import analyse
from engine.tokenizer import InputError

CASES = collections.Counter()
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
                database=None)


def fuzz(examples):
    return settings(FUZZ, max_examples=examples)
MODELS = {}


def model(name):
    """Loaded once per module (a hypothesis test may not use function-scoped fixtures)."""
    if name not in MODELS:
        MODELS[name] = load_model(name, device="cpu")
    return MODELS[name]


@pytest.fixture(scope="module", autouse=True)
def report_case_counts():
    yield
    total = sum(v for k, v in CASES.items() if not k.startswith("command lines ending"))
    print("\nfuzz cases run: " + ", ".join(f"{k} {v}" for k, v in sorted(CASES.items())) + f"; total {total}")


# Text that stresses parsers and tokenizers: any Unicode (emoji, scripts, combining marks),
# control characters, separators and digits, from empty up to 10,000 characters.
any_text = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8", categories=("Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "So", "Nd")),
            max_size=40),
    st.text(alphabet="0123456789 ,;:=%/.-+eE\"'\\\n\tabcxyz∞‰½", max_size=60),
    st.text(min_size=1, max_size=3).map(lambda s: s * (10_000 // len(s))),
    st.sampled_from(["", " ", "\x00", "🙂🙂🙂", "\u202e12/10/2021", "1/0", "nan", "-0.5 1.5", "1e309 1",
                     "a: 0.5, a: 0.5", "\"unterminated: 1", "½ ½", "0.1 " * 10_001]),
)

date_like = st.one_of(
    any_text,
    st.builds(lambda d, m, y, sep: f"{d}{sep}{m}{sep}{y}", st.integers(-5, 40), st.integers(-2, 14),
              st.integers(0, 99999), st.sampled_from(["/", ".", "-", " ", "年", ", "])),
)


# ---- distributions --------------------------------------------------------------------------

@given(text=any_text, normalize=st.booleans())
@fuzz(300)
def test_parse_distribution_accepts_a_distribution_or_raises_distribution_error(text, normalize):
    CASES["distribution text"] += 1
    try:
        d = parse_distribution(text, normalize=normalize)
    except DistributionError as exc:
        assert str(exc).strip()
        return
    p = np.asarray(d.probabilities)
    assert p.ndim == 1 and len(p) == len(d.labels) >= 1
    assert np.all(np.isfinite(p)) and np.all(p >= 0) and math.isclose(p.sum(), 1.0, abs_tol=1e-6)
    assert not p.flags.writeable


@given(text=any_text, unit=st.sampled_from(["char", "word", "sentence", ""]), ignore_case=st.booleans())
@fuzz(150)
def test_text_distribution_counts_or_raises_distribution_error(text, unit, ignore_case):
    CASES["text frequencies"] += 1
    try:
        d = text_distribution(text, unit=unit, ignore_case=ignore_case)
    except DistributionError:
        return
    counts = np.asarray(d.probabilities) * d.total
    np.testing.assert_allclose(counts, np.round(counts), atol=1e-6)  # relative frequencies of whole counts
    assert list(d.probabilities) == sorted(d.probabilities, reverse=True)
    if unit == "char":
        assert d.total == len(text.replace("\r\n", "\n"))


@given(labels=st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=8, unique=True),
       weights=st.lists(st.integers(1, 1000), min_size=8, max_size=8))
@fuzz(150)
def test_any_labelled_distribution_survives_format_then_parse(labels, weights):
    CASES["distribution round trip"] += 1
    values = np.array(weights[: len(labels)], dtype=np.float64)
    p = values / values.sum()
    try:
        back = parse_distribution(format_distribution(labels, p))
    except DistributionError as exc:
        # A label the parser cannot hold at all must be refused in words, not silently changed.
        assert str(exc).strip()
        return
    assert list(back.labels) == labels
    np.testing.assert_allclose(back.probabilities, p, rtol=1e-9)


# ---- typed dates and teacher forcing --------------------------------------------------------

@given(name=st.sampled_from(["date-transformer", "date-rnn-attention"]), text=date_like)
@fuzz(30)
@pytest.mark.slow  # hypothesis drives a model
def test_typed_dates_translate_or_raise_input_error(name, text):
    CASES["typed dates"] += 1
    m = model(name)
    try:
        r = m.attention(text)
    except InputError as exc:
        assert str(exc).strip()
        assert len(text.strip()) == 0 or len(text.strip()) > m.max_source_length
        return
    assert 0 < len(text.strip()) <= m.max_source_length
    assert len(r.source_tokens) == len(text.strip())
    assert set(r.output_text) <= set("0123456789-<unk>")
    assert r.cross.shape[-2:] == (len(r.target_tokens), len(r.source_tokens))
    assert np.all(np.isfinite(r.cross)) and np.allclose(r.cross.sum(-1), 1.0, atol=1e-4)
    assert m.translate(text) == r.output_text


@given(name=st.sampled_from(["date-transformer", "date-rnn-attention"]), target=any_text)
@fuzz(30)
@pytest.mark.slow  # hypothesis drives a model
def test_teacher_forcing_targets_are_scored_or_raise_input_error(name, target):
    CASES["teacher-forcing targets"] += 1
    m = model(name)
    try:
        r = m.attention("4 Nov 1988", target=target)
        logp = m.score("4 Nov 1988", target)
    except InputError as exc:
        assert "at most" in str(exc)
        assert len(target.strip()) > m.max_target_length - 1
        return
    assert r.teacher_forced and len(r.output_tokens) == len(target.strip()) + 1
    assert math.isfinite(logp) and logp <= 0
    assert logp == pytest.approx(float(np.log(r.output_probabilities).sum()), abs=1e-3)


@given(expected=st.one_of(st.none(), any_text), width=st.integers(1, 3),
       prefix=st.lists(st.integers(-3, 20), max_size=3))
@fuzz(15)
@pytest.mark.slow  # hypothesis drives beam searches of a model
def test_beam_expected_outputs_and_prefixes(expected, width, prefix):
    CASES["beam expected outputs"] += 1
    m = model("date-transformer")
    vocab = len(m.target_tokenizer)
    try:
        a = analyse_beam(m, "4 Nov 1988", beam_width=width, expected=expected, prefix=prefix)
    except ValueError as exc:  # InputError is a ValueError too
        never = getattr(m, "never_generated", ())
        assert any(not 0 <= t < vocab or t in never for t in prefix) and str(exc).strip()
        return
    assert all(0 <= t < vocab for t in prefix)
    if expected is None or not expected.strip():
        assert a.error is None and a.expected_error is None
    elif len(expected.strip()) + 1 > a.max_length:
        assert a.error is None and "at most" in a.expected_error
    else:
        assert a.expected_error is None and a.error.verdict in ("agree", "search", "model")
        assert a.error.expected.tokens[-1] == "</s>"


# ---- positional parameters ------------------------------------------------------------------

odd_numbers = st.one_of(st.integers(-10, 130), st.floats(allow_nan=True, allow_infinity=True),
                        st.sampled_from([True, None, "64", 2 ** 70, 1e308, -0.0, 7.5]))


@given(n=odd_numbers, d=odd_numbers, base=odd_numbers,
       variant=st.sampled_from(["paper", "tensor2tensor", "concatenated", "PAPER", "", None]),
       pos=odd_numbers, k=odd_numbers, similarity=st.sampled_from(["dot", "cosine", "cos", None]))
@fuzz(300)
def test_positional_parameters_give_an_analysis_or_a_value_error(n, d, base, variant, pos, k, similarity):
    CASES["positional parameters"] += 1
    try:
        a = analyse(n, d, base=base, variant=variant, pos=pos, k=k, similarity=similarity)
    except ValueError as exc:
        assert str(exc).strip()
        return
    assert a.encoding.shape == (n, d) and np.all(np.isfinite(a.encoding))
    assert a.shift_matrix.shape == (d, d) and a.max_abs_diff < 1e-6


# ---- the command line -----------------------------------------------------------------------

flag_values = st.one_of(st.text(max_size=12), st.integers(-3, 6).map(str), st.sampled_from(
    ["nan", "inf", "-1e9", "0", "date-transformer", "date-rnn-attention", "cuda", "mps", "auto", "/", "."]))
# --record is left out: it would write into the shipped model's config.json.
FLAGS = ["--model", "--device", "--beam", "--alpha", "--length-penalty", "--n-best", "--target", "--json",
         "--help", "--seed", "-h", "--"]


@st.composite
def command_lines(draw):
    """Half the time a well-formed start (so the commands really run), then random flags and text."""
    command = draw(st.sampled_from(["translate", "attention", "models", "evaluate", "nonsense", "--help", ""]))
    argv = [command] if command else []
    if command in ("translate", "attention", "evaluate") and draw(st.booleans()):
        argv += ["--model", draw(st.sampled_from(["date-transformer", "date-rnn-attention"])), "--device", "cpu"]
        if command == "translate" and draw(st.booleans()):
            argv += ["--beam", str(draw(st.integers(-1, 4)))]
    for _ in range(draw(st.integers(0, 4))):
        flag = draw(st.sampled_from(FLAGS))
        argv.append(flag)
        if flag not in ("--json", "--help", "-h", "--") and draw(st.booleans()):
            argv.append(draw(flag_values))
    argv += draw(st.lists(date_like, min_size=0, max_size=2))
    if command == "evaluate":
        argv += ["--n", str(draw(st.integers(-2, 3)))]  # never the default 5000 examples
    return argv


@given(argv=command_lines())
@fuzz(60)
def test_command_line_exits_cleanly_whatever_it_is_given(argv):
    CASES["command lines"] += 1
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse: usage errors exit 2, --help exits 0
            status = exc.code
    assert status in (0, 2), (argv, status, err.getvalue())
    assert "Traceback" not in err.getvalue()
    CASES[f"command lines ending {status}"] += 1
    if status == 2 and err.getvalue().startswith("error:"):
        assert err.getvalue().count("\n") == 1  # one line
