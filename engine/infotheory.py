"""Entropy, cross-entropy, KL and Jensen-Shannon divergence, Huffman codes, Gaussian KL.

For discrete distributions P = (p_1..p_n) and Q = (q_1..q_n) over the same outcomes, in a
logarithm of base b (2: bits, e: nats, 10: hartleys):

    H(P)      = -sum_i p_i log p_i                 entropy: the average surprise of P
    H(P, Q)   = -sum_i p_i log q_i                 cross-entropy: surprise of a model Q on data from P
    KL(P||Q)  =  sum_i p_i log(p_i / q_i)          = H(P, Q) - H(P) >= 0
    JS(P, Q)  =  KL(P||M)/2 + KL(Q||M)/2,  M = (P + Q)/2      symmetric, at most 1 bit

with 0 log 0 = 0 and p log(p/0) = inf for p > 0: a model that gives probability 0 to an
outcome that happens pays an infinite price.  The functions agree with ``scipy.stats.entropy``
and ``scipy.special.rel_entr`` (scipy is only a test dependency), but unlike scipy they check
their input: negative, NaN or infinite values, or values that do not add up to 1 (within 1e-6),
raise :class:`engine.distribution_parser.DistributionError`.  ``row_entropies`` gives H of every
row of a matrix at once (attention rows), for the views' per-row and per-head numbers.

For two normal distributions N1 = N(mu1, sigma1^2) and N2 = N(mu2, sigma2^2):

    KL(N1||N2) = ln(sigma2/sigma1) + (sigma1^2 + (mu1 - mu2)^2) / (2 sigma2^2) - 1/2   nats

A Huffman code gives outcome i a codeword of length l_i with H(P) <= sum p_i l_i < H(P) + 1
(bits); a fixed-length code needs ceil(log2 n) bits for every outcome.

Pure numpy: importing this module does not import torch.  Reading what a student types lives in
:mod:`engine.distribution_parser`; everything the Entropy & KL view shows for one edit is
computed by :mod:`engine.entropy_analysis`.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import replace

import numpy as np

from engine.distribution_parser import (
    MAX_OUTCOMES,
    SUM_TOLERANCE,
    Distribution,
    DistributionError,
    SumError,
    format_sum,
    quote,
    read_only_array,
    refuse_too_many,
)
from engine.messages import Message, counted


# Names that lived here before the parser moved to engine.distribution_parser and the view's
# payload to engine.entropy_analysis stay importable from here: the README promised
# `from engine.infotheory import parse_distribution` kept stable, and notebooks use it (issue 22).
from engine.distribution_parser import format_distribution, parse_distribution, text_distribution

#: moved to engine.entropy_analysis, which imports this module: loaded on first use (__getattr__)
MOVED_TO_ENTROPY_ANALYSIS = ("Analysis", "CodeReport", "analyse", "GaussianReport", "gaussian_report")

__all__ = [
    "UNITS", "entropy", "row_entropies", "cross_entropy", "kl_divergence", "kl_terms", "js_divergence",
    "surprisal", "align", "huffman_code", "fixed_length_code", "gaussian_parameters", "gaussian_kl",
    "gaussian_kl_numeric", "gaussian_density",
    # re-exported (see above)
    "MAX_OUTCOMES", "Distribution", "DistributionError", "SumError", "parse_distribution", "text_distribution",
    "format_distribution", *MOVED_TO_ENTROPY_ANALYSIS,
]


def __getattr__(name: str):
    if name in MOVED_TO_ENTROPY_ANALYSIS:
        from engine import entropy_analysis

        return getattr(entropy_analysis, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: the unit of information for each logarithm base
UNITS = {"bits": 2.0, "nats": math.e, "hartleys": 10.0}


# ---- the measures --------------------------------------------------------------------------

def _log_base(base) -> float:
    try:
        b = float(base)
    except (TypeError, ValueError):
        raise DistributionError("log_base_not_number", base=repr(base)) from None
    if not (math.isfinite(b) and b > 0 and b != 1):
        raise DistributionError("log_base_invalid", base=repr(base))
    return math.log(b)


def _fmt(x: float) -> str:
    return f"{x:.6g}"


def _probabilities(p, name: str = "P") -> np.ndarray:
    """A validated 1-D float64 copy of p, divided by its sum (which must be 1 within 1e-6)."""
    if isinstance(p, Distribution):  # already checked, float64: a writable copy
        return np.array(p.probabilities)
    if isinstance(p, str):
        raise DistributionError("distribution_is_text", name=name)
    try:
        a = np.array(p, dtype=np.float64)
    except (TypeError, ValueError):
        raise DistributionError("distribution_not_numbers", name=name) from None
    if a.ndim != 1:
        raise DistributionError("distribution_not_flat", name=name, shape=str(a.shape))
    if a.size == 0:
        raise DistributionError("distribution_empty", name=name)
    if a.size > MAX_OUTCOMES:
        refuse_too_many(a.size, "outcomes")
    if not np.all(np.isfinite(a)):
        raise DistributionError("distribution_not_finite", name=name)
    if np.any(a < 0):
        raise DistributionError("negative_probability", name=name, value=_fmt(float(a.min())))
    total = math.fsum(a)
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise SumError("named_sum_not_one", total, name=name, total=format_sum(total))
    return a / total


def _pair(p, q) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(p, Distribution) and isinstance(q, Distribution):
        p, q = align(p, q)
    a, b = _probabilities(p), _probabilities(q, "Q")  # (P is the default name)
    if a.size != b.size:
        raise DistributionError("sizes_differ_outcomes", p=counted(a.size, "outcome"), q=b.size)
    return a, b


def _xlogx(p: np.ndarray) -> np.ndarray:
    # log only where p > 0 (0 log 0 = 0), without gathering and scattering the positive
    # entries: several times faster on a 512-token, 72-head attention stack
    return p * np.log(p, out=np.zeros_like(p), where=p > 0)


def _xlogy(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """p log q with 0 log q = 0 (also for q = 0) and p log 0 = -inf for p > 0."""
    out = np.zeros_like(p)
    pos = p > 0
    with np.errstate(divide="ignore"):
        out[pos] = p[pos] * np.log(q[pos])
    return out


def _rel_entr(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    """p log(p/q) elementwise: 0 where p = 0, inf where q = 0 < p."""
    out = np.zeros_like(p)
    pos = p > 0
    zero_q = pos & (q == 0)
    both = pos & (q > 0)
    # p/q overflows to inf when q is tiny (1 / 1e-310); the difference of logs does not.  It
    # never divides by 0 (q > 0 here) nor underflows to 0 (p >= 5e-324 and q <= 1, or q = m >=
    # p/2 for JS); underflow to a subnormal is ignored by numpy's default.
    with np.errstate(over="ignore"):
        ratio = p[both] / q[both]
        logs = np.log(ratio)
        bad = ~np.isfinite(logs)
        logs[bad] = np.log(p[both][bad]) - np.log(q[both][bad])
    out[both] = p[both] * logs
    out[zero_q] = np.inf
    return out


def surprisal(p, base=2) -> np.ndarray:
    """-log p for each outcome (inf where p = 0): how surprised you are when it happens."""
    a = _probabilities(p)
    out = np.full_like(a, np.inf)
    pos = a > 0
    out[pos] = -np.log(a[pos]) / _log_base(base)
    return out + 0.0


def entropy(p, base=2) -> float:
    """H(P) = -sum p log p."""
    a = _probabilities(p)
    return float(-np.sum(_xlogx(a)) / _log_base(base)) + 0.0


def row_entropies(matrix, base=2) -> np.ndarray:
    """H(row) = -sum_j m_j log m_j for every row (the last axis) of `matrix`, at once.

    Shape (..., n) -> (...): one attention map (queries x keys) gives one entropy per query; a
    stack (layer, head, query, key) gives one per layer, head and query.  Rows are taken as
    they are, not divided by their sum: attention rows come from a float32 softmax and add up
    to 1 only within its rounding, and a query row whose keys are all masked is all zeros
    (entropy 0).  Negative, NaN or infinite entries raise DistributionError.
    """
    try:
        m = np.asarray(matrix, dtype=np.float64)
    except (TypeError, ValueError):
        raise DistributionError("matrix_not_numbers") from None
    if m.ndim == 0:
        raise DistributionError("matrix_is_scalar")
    if not np.all(np.isfinite(m)):
        raise DistributionError("matrix_probabilities_not_finite")
    if np.any(m < 0):
        raise DistributionError("matrix_negative", value=_fmt(float(m.min())))
    return -_xlogx(m).sum(axis=-1) / _log_base(base) + 0.0


def cross_entropy(p, q, base=2) -> float:
    """H(P, Q) = -sum p log q; inf when some q = 0 < p."""
    a, b = _pair(p, q)
    return float(-np.sum(_xlogy(a, b)) / _log_base(base)) + 0.0


def kl_divergence(p, q, base=2) -> float:
    """KL(P||Q) = sum p log(p/q) >= 0; inf when some q = 0 < p."""
    a, b = _pair(p, q)
    return float(np.sum(_rel_entr(a, b)) / _log_base(base)) + 0.0


def kl_terms(p, q, base=2) -> np.ndarray:
    """p_i log(p_i / q_i) for each outcome: the terms KL(P||Q) adds up (inf where q_i = 0 < p_i)."""
    a, b = _pair(p, q)
    return _rel_entr(a, b) / _log_base(base) + 0.0


def js_divergence(p, q, base=2) -> float:
    """JS(P, Q) = KL(P||M)/2 + KL(Q||M)/2 with M = (P+Q)/2; always finite (at most 1 bit)."""
    a, b = _pair(p, q)
    m = (a + b) / 2
    value = 0.5 * np.sum(_rel_entr(a, m)) + 0.5 * np.sum(_rel_entr(b, m))
    # clamp rounding below 0 in nats, then convert: a base below 1 flips the sign as for KL
    return max(float(value), 0.0) / _log_base(base) + 0.0


# ---- codes ---------------------------------------------------------------------------------

def huffman_code(probabilities) -> list:
    """Binary Huffman codewords ("0"/"1" strings), one per outcome in the input order.

    Outcomes with probability 0 never occur and get no codeword (None).  When only one outcome
    has a positive probability it needs no bits: its codeword is "" (length 0).  Ties are
    broken by the order of the outcomes, so the result is deterministic.
    """
    a = _probabilities(probabilities)
    positive = [i for i in range(a.size) if a[i] > 0]
    codes: list = [None] * a.size
    if len(positive) == 1:
        codes[positive[0]] = ""
        return codes
    # heap of (probability, tie-breaker, node); a node is a leaf index or a pair of nodes
    heap = [(float(a[i]), k, i) for k, i in enumerate(positive)]
    heapq.heapify(heap)
    counter = len(heap)
    while len(heap) > 1:
        p0, _, n0 = heapq.heappop(heap)
        p1, _, n1 = heapq.heappop(heap)
        heapq.heappush(heap, (p0 + p1, counter, (n0, n1)))
        counter += 1
    stack = [(heap[0][2], "")]
    while stack:  # iterative: a skewed distribution makes a very deep tree
        node, prefix = stack.pop()
        if isinstance(node, tuple):
            stack.append((node[1], prefix + "1"))
            stack.append((node[0], prefix + "0"))
        else:
            codes[node] = prefix
    return codes


def fixed_length_code(n: int) -> list[str]:
    """The fixed-length binary code for n outcomes: ceil(log2 n) bits each (0 bits for n = 1)."""
    bits = (int(n) - 1).bit_length()
    return [format(i, f"0{bits}b") if bits else "" for i in range(int(n))]


# ---- Gaussians -----------------------------------------------------------------------------

def gaussian_parameters(mu1, sigma1, mu2, sigma2) -> tuple[float, float, float, float]:
    """(mu1, sigma1, mu2, sigma2) as floats, checked: finite, standard deviations above 0."""
    out = []
    for name, value in (("μ1", mu1), ("σ1", sigma1), ("μ2", mu2), ("σ2", sigma2)):
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise DistributionError("parameter_not_number", name=name, value=repr(value)) from None
        if not math.isfinite(v):
            raise DistributionError("parameter_not_finite", name=name, value=repr(value))
        if name.startswith("σ") and v <= 0:
            raise DistributionError("sigma_not_positive", name=name, value=repr(value))
        out.append(v)
    return tuple(out)  # type: ignore[return-value]


def gaussian_kl(mu1, sigma1, mu2, sigma2, base=math.e) -> float:
    """KL(N(mu1, sigma1²) || N(mu2, sigma2²)) from the closed form (nats unless `base` says)."""
    m1, s1, m2, s2 = gaussian_parameters(mu1, sigma1, mu2, sigma2)
    # numpy float64 so that extreme ratios overflow to inf (errstate) instead of raising, and
    # ln(s2/s1) as a difference of logs, which is finite even when s1/s2 under- or overflows
    with np.errstate(all="ignore"):
        ratio = np.float64(s1) / s2
        gap = (np.float64(m1) - m2) / s2
        nats = math.log(s2) - math.log(s1) + 0.5 * (ratio * ratio + gap * gap) - 0.5
    return float(max(nats, 0.0)) / _log_base(base)


def gaussian_density(x, mu, sigma) -> np.ndarray:
    """The normal density N(mu, sigma²) at x."""
    m, s, _, _ = gaussian_parameters(mu, sigma, mu, sigma)  # one Gaussian: checked as both
    z = (np.asarray(x, dtype=np.float64) - m) / s
    return np.exp(-0.5 * z * z) / (s * math.sqrt(2 * math.pi))


def _log_density(x: np.ndarray, mu: float, sigma: float) -> np.ndarray:
    z = (x - mu) / sigma
    return -0.5 * z * z - math.log(sigma * math.sqrt(2 * math.pi))


def gaussian_kl_numeric(mu1, sigma1, mu2, sigma2, base=math.e, points: int = 4001) -> float:
    """KL(N1||N2) by Simpson's rule on mu1 ± 12 sigma1 (where all but ~1e-32 of N1's mass lies),
    integrating p(x) (log p(x) - log q(x)) with log-densities, so no log of 0 is ever taken."""
    m1, s1, m2, s2 = gaussian_parameters(mu1, sigma1, mu2, sigma2)
    points = max(int(points), 3) | 1  # Simpson needs an odd number of points
    x = np.linspace(m1 - 12 * s1, m1 + 12 * s1, points)
    with np.errstate(all="ignore"):
        log_p = _log_density(x, m1, s1)
        f = np.exp(log_p) * (log_p - _log_density(x, m2, s2))
    h = (x[-1] - x[0]) / (points - 1)
    weights = np.ones(points)
    weights[1:-1:2] = 4
    weights[2:-1:2] = 2
    return float(h / 3 * np.dot(weights, f)) / _log_base(base)

# ---- two distributions over the same outcomes ----------------------------------------------

def align(p: Distribution, q: Distribution, union: bool = False) -> tuple[Distribution, Distribution]:
    """P and Q over the same outcomes in P's order.  Labelled distributions are matched by
    label (Q reordered); with ``union`` (text mode) outcomes missing on one side get
    probability 0 there.  Different outcomes raise DistributionError."""
    if union:
        labels = list(p.labels) + [label for label in q.labels if label not in set(p.labels)]
        return _reindex(p, labels), _reindex(q, labels)
    if p.labelled and q.labelled:
        if set(p.labels) != set(q.labels):
            only_p = [label for label in p.labels if label not in set(q.labels)]
            only_q = [label for label in q.labels if label not in set(p.labels)]
            code = "both_lack_outcomes" if only_p and only_q else "q_lacks_outcomes" if only_p else "p_lacks_outcomes"
            raise DistributionError(code, only_p=_names(only_p), only_q=_names(only_q))
        return p, _reindex(q, list(p.labels))
    if len(p) != len(q):
        raise DistributionError("sizes_differ", p=counted(len(p), "outcome"), q=len(q))
    # the unlabelled side takes the other's names and stays unlabelled (its names were not typed)
    if q.labelled and not p.labelled:
        p = replace(p, labels=q.labels)
    elif p.labelled and not q.labelled:
        q = replace(q, labels=p.labels)
    return p, q


def _names(labels: list[str]) -> str:
    shown = ", ".join(quote(label) for label in labels[:5])
    return Message("names_and_more", names=shown, more=len(labels) - 5) if len(labels) > 5 else shown


def _reindex(d: Distribution, labels: list[str]) -> Distribution:
    index = {label: i for i, label in enumerate(d.labels)}
    values = np.array([d.probabilities[index[label]] if label in index else 0.0 for label in labels])
    return Distribution(tuple(labels), read_only_array(values), d.normalized, d.kind, d.total, d.labelled)
