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
raise :class:`DistributionError`.

For two normal distributions N1 = N(mu1, sigma1^2) and N2 = N(mu2, sigma2^2):

    KL(N1||N2) = ln(sigma2/sigma1) + (sigma1^2 + (mu1 - mu2)^2) / (2 sigma2^2) - 1/2   nats

A Huffman code gives outcome i a codeword of length l_i with H(P) <= sum p_i l_i < H(P) + 1
(bits); a fixed-length code needs ceil(log2 n) bits for every outcome.

Reading what a student types (the formats, the counts-or-probabilities rule, text mode) lives
in :mod:`engine.distribution_parser`; its public names are re-exported here.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass

import numpy as np

from engine.distribution_parser import (
    MAX_OUTCOMES,
    SUM_TOLERANCE,
    Distribution,
    DistributionError,
    SumError,
    format_distribution,
    format_sum,
    parse_distribution,
    quote,
    read_only_array,
    refuse_too_many,
    text_distribution,
)

__all__ = [
    "MAX_OUTCOMES", "UNITS", "DistributionError", "SumError", "Distribution",
    "parse_distribution", "text_distribution", "format_distribution", "align",
    "entropy", "cross_entropy", "kl_divergence", "js_divergence", "surprisal",
    "huffman_code", "fixed_length_code", "gaussian_kl", "gaussian_kl_numeric",
    "gaussian_density", "Analysis", "CodeReport", "analyse", "GaussianReport", "gaussian_report",
]

#: the unit of information for each logarithm base
UNITS = {"bits": 2.0, "nats": math.e, "hartleys": 10.0}


# ---- the measures --------------------------------------------------------------------------

def _unit_base(unit: str) -> float:
    """The logarithm base of a unit name ("bits", "nats", "hartleys")."""
    if unit not in UNITS:
        raise DistributionError(f"Unknown unit {unit!r}: choose bits, nats or hartleys.")
    return UNITS[unit]


def _log_base(base) -> float:
    try:
        b = float(base)
    except (TypeError, ValueError):
        raise DistributionError(f"The logarithm base must be a number, not {base!r}.") from None
    if not (math.isfinite(b) and b > 0 and b != 1):
        raise DistributionError(
            f"The logarithm base must be a positive number other than 1 (2: bits, e: nats, "
            f"10: hartleys), not {base!r}.")
    return math.log(b)


def _fmt(x: float) -> str:
    return f"{x:.6g}"


def _probabilities(p, name: str = "P") -> np.ndarray:
    """A validated 1-D float64 copy of p, divided by its sum (which must be 1 within 1e-6)."""
    if isinstance(p, Distribution):
        return np.array(p.probabilities, dtype=np.float64)
    if isinstance(p, str):
        raise DistributionError(f"{name} is text: read it with parse_distribution first.")
    try:
        a = np.array(p, dtype=np.float64)
    except (TypeError, ValueError):
        raise DistributionError(f"{name} must be a list of numbers.") from None
    if a.ndim != 1:
        raise DistributionError(f"{name} must be a flat list of probabilities (got shape {a.shape}).")
    if a.size == 0:
        raise DistributionError(f"{name} is empty: it needs at least one outcome.")
    if a.size > MAX_OUTCOMES:
        refuse_too_many(a.size, "outcomes")
    if not np.all(np.isfinite(a)):
        raise DistributionError(f"{name} contains NaN or infinity: every probability must be a real number.")
    if np.any(a < 0):
        raise DistributionError(f"{name} has a negative probability ({_fmt(float(a.min()))}).")
    total = math.fsum(a)
    if abs(total - 1.0) > SUM_TOLERANCE:
        raise SumError(f"{name}'s probabilities add up to {format_sum(total)}, not 1.", total)
    return a / total


def _pair(p, q) -> tuple[np.ndarray, np.ndarray]:
    if isinstance(p, Distribution) and isinstance(q, Distribution):
        p, q = align(p, q)
    a, b = _probabilities(p, "P"), _probabilities(q, "Q")
    if a.size != b.size:
        raise DistributionError(
            f"P has {a.size} outcomes but Q has {b.size}: they must be over the same outcomes.")
    return a, b


def _xlogx(p: np.ndarray) -> np.ndarray:
    out = np.zeros_like(p)
    pos = p > 0
    out[pos] = p[pos] * np.log(p[pos])
    return out


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
    with np.errstate(over="ignore", divide="ignore", under="ignore"):
        ratio = p[both] / q[both]
        logs = np.log(ratio)
        # p/q can overflow (or underflow) for extreme values; the difference of logs cannot
        bad = ~np.isfinite(logs) | (ratio == 0)
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


def row_entropies(rows, base=2) -> np.ndarray:
    """H of each row of a matrix whose rows are distributions (attention rows, next-token
    distributions): -sum_j p_ij log p_ij, with 0 log 0 = 0.  No sum check: float32 rows add up
    to 1 only within ~1e-6, and rows that were cut (a masked prefix) are still measured as given."""
    a = np.atleast_2d(np.asarray(rows, dtype=np.float64))
    return -np.sum(_xlogx(np.clip(a, 0.0, None)), axis=-1) / _log_base(base) + 0.0


def cross_entropy(p, q, base=2) -> float:
    """H(P, Q) = -sum p log q; inf when some q = 0 < p."""
    a, b = _pair(p, q)
    return float(-np.sum(_xlogy(a, b)) / _log_base(base)) + 0.0


def kl_divergence(p, q, base=2) -> float:
    """KL(P||Q) = sum p log(p/q) >= 0; inf when some q = 0 < p."""
    a, b = _pair(p, q)
    return float(np.sum(_rel_entr(a, b)) / _log_base(base)) + 0.0


def js_divergence(p, q, base=2) -> float:
    """JS(P, Q) = KL(P||M)/2 + KL(Q||M)/2 with M = (P+Q)/2; always finite (at most 1 bit)."""
    a, b = _pair(p, q)
    m = (a + b) / 2
    value = 0.5 * np.sum(_rel_entr(a, m)) + 0.5 * np.sum(_rel_entr(b, m))
    return max(float(value / _log_base(base)), 0.0)


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

def _gaussian_args(mu1, sigma1, mu2, sigma2) -> tuple[float, float, float, float]:
    out = []
    for name, value in (("μ1", mu1), ("σ1", sigma1), ("μ2", mu2), ("σ2", sigma2)):
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise DistributionError(f"{name} must be a number, not {value!r}.") from None
        if not math.isfinite(v):
            raise DistributionError(f"{name} must be a finite number, not {value!r}.")
        if name.startswith("σ") and v <= 0:
            raise DistributionError(f"{name} is a standard deviation: it must be above 0, not {value!r}.")
        out.append(v)
    return tuple(out)  # type: ignore[return-value]


def gaussian_kl(mu1, sigma1, mu2, sigma2, base=math.e) -> float:
    """KL(N(mu1, sigma1²) || N(mu2, sigma2²)) from the closed form (nats unless `base` says)."""
    m1, s1, m2, s2 = _gaussian_args(mu1, sigma1, mu2, sigma2)
    with np.errstate(all="ignore"):
        ratio = s1 / s2
        nats = -math.log(ratio) + 0.5 * (ratio * ratio + ((m1 - m2) / s2) ** 2) - 0.5
    return max(nats, 0.0) / _log_base(base)


def gaussian_density(x, mu, sigma) -> np.ndarray:
    """The normal density N(mu, sigma²) at x."""
    m, s, _, _ = _gaussian_args(mu, sigma, 0.0, 1.0)
    z = (np.asarray(x, dtype=np.float64) - m) / s
    return np.exp(-0.5 * z * z) / (s * math.sqrt(2 * math.pi))


def _log_density(x: np.ndarray, mu: float, sigma: float) -> np.ndarray:
    z = (x - mu) / sigma
    return -0.5 * z * z - math.log(sigma * math.sqrt(2 * math.pi))


def gaussian_kl_numeric(mu1, sigma1, mu2, sigma2, base=math.e, points: int = 4001) -> float:
    """KL(N1||N2) by Simpson's rule on mu1 ± 12 sigma1 (where all but ~1e-32 of N1's mass lies),
    integrating p(x) (log p(x) - log q(x)) with log-densities, so no log of 0 is ever taken."""
    m1, s1, m2, s2 = _gaussian_args(mu1, sigma1, mu2, sigma2)
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


# ---- one call per edit: everything the view shows ------------------------------------------

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
            parts = []
            if only_p:
                parts.append("Q has no " + _names(only_p))
            if only_q:
                parts.append("P has no " + _names(only_q))
            raise DistributionError(
                "P and Q must name the same outcomes: " + "; ".join(parts) + ".")
        return p, _reindex(q, list(p.labels))
    if len(p) != len(q):
        raise DistributionError(
            f"P has {len(p)} outcomes but Q has {len(q)}: they must have the same number of outcomes.")
    if q.labelled and not p.labelled:
        p = Distribution(q.labels, p.probabilities, p.normalized, p.kind, p.total, False)
    elif p.labelled and not q.labelled:
        q = Distribution(p.labels, q.probabilities, q.normalized, q.kind, q.total, False)
    return p, q


def _names(labels: list[str]) -> str:
    shown = ", ".join(quote(label) for label in labels[:5])
    return shown + (f" and {len(labels) - 5} more" if len(labels) > 5 else "")


def _reindex(d: Distribution, labels: list[str]) -> Distribution:
    index = {label: i for i, label in enumerate(d.labels)}
    values = np.array([d.probabilities[index[label]] if label in index else 0.0 for label in labels])
    return Distribution(tuple(labels), read_only_array(values), d.normalized, d.kind, d.total, d.labelled)


@dataclass(frozen=True, eq=False)
class CodeReport:
    """Code lengths for P (bits): Huffman next to the ideal -log2 p and a fixed-length code."""

    huffman: tuple  # codeword per outcome, None for p = 0
    huffman_lengths: np.ndarray  # nan where there is no codeword
    ideal_lengths: np.ndarray  # -log2 p (inf for p = 0)
    fixed: tuple
    fixed_bits: int
    entropy_bits: float
    average_huffman: float
    average_fixed: float
    #: average length on data from P of the Huffman code built for Q (inf if Q gives some
    #: outcome of P probability 0), and the cross-entropy H(P, Q) in bits it approaches
    average_q_code: float | None = None
    cross_entropy_bits: float | None = None


@dataclass(frozen=True, eq=False)
class Analysis:
    """Everything the Entropy & KL view shows, in the requested unit (codes: in bits)."""

    unit: str
    base: float
    labels: tuple
    p: np.ndarray
    q: np.ndarray | None
    p_source: Distribution  # P and Q as read, before their outcomes were matched
    q_source: Distribution | None
    entropy_p: float
    entropy_q: float | None
    cross_pq: float | None
    cross_qp: float | None
    kl_pq: float | None
    kl_qp: float | None
    js: float | None
    kl_pq_infinite: tuple  # outcomes where q = 0 < p (they make KL(P||Q) infinite)
    kl_qp_infinite: tuple  # outcomes where p = 0 < q
    surprisal_p: np.ndarray
    surprisal_q: np.ndarray | None
    kl_terms: np.ndarray | None  # p log(p/q) per outcome
    code: CodeReport

    @property
    def has_q(self) -> bool:
        return self.q is not None


def _read(text: str, mode: str, normalize: bool, ignore_case: bool) -> Distribution:
    if mode == "numbers":
        return parse_distribution(text, normalize=normalize)
    return text_distribution(text, unit=mode, ignore_case=ignore_case)


def _code_report(p: np.ndarray, q: np.ndarray | None) -> CodeReport:
    codes = huffman_code(p)
    lengths = np.array([len(c) if c is not None else np.nan for c in codes], dtype=np.float64)
    used = p > 0
    fixed = fixed_length_code(p.size)
    fixed_bits = len(fixed[0]) if fixed else 0
    average_q = cross = None
    if q is not None:
        q_codes = huffman_code(q)
        q_lengths = np.array([len(c) if c is not None else np.inf for c in q_codes])
        with np.errstate(invalid="ignore"):
            average_q = float(np.sum(np.where(used, p * q_lengths, 0.0)))
        cross = cross_entropy(p, q, base=2)
    return CodeReport(
        huffman=tuple(codes), huffman_lengths=read_only_array(lengths), ideal_lengths=read_only_array(surprisal(p, 2)),
        fixed=tuple(fixed), fixed_bits=fixed_bits, entropy_bits=entropy(p, 2),
        average_huffman=float(np.sum(p[used] * lengths[used])), average_fixed=float(fixed_bits),
        average_q_code=average_q, cross_entropy_bits=cross,
    )


def analyse(p_text: str, q_text: str = "", unit: str = "bits", mode: str = "numbers",
            normalize: bool = False, ignore_case: bool = False) -> Analysis:
    """Read P (and Q, when `q_text` is not blank) and compute everything the view shows.

    mode: "numbers" (parse_distribution), "char" or "word" (text_distribution; P and Q are then
    put over the union of their outcomes).  Errors raise DistributionError with "P: " or "Q: "
    in front of the message when it is about one of them."""
    base = _unit_base(unit)
    if mode not in ("numbers", "char", "word"):
        raise DistributionError(f"Unknown input mode {mode!r}: choose numbers, char or word.")
    p_dist = _labelled_error(lambda: _read(p_text, mode, normalize, ignore_case), "P")
    q_dist = None
    if isinstance(q_text, str) and q_text.strip():
        q_dist = _labelled_error(lambda: _read(q_text, mode, normalize, ignore_case), "Q")
    p_source, q_source = p_dist, q_dist  # as typed (before matching their outcomes)
    if q_dist is not None:
        p_dist, q_dist = align(p_dist, q_dist, union=mode != "numbers")
    p = np.array(p_dist.probabilities)
    labels = p_dist.labels
    if q_dist is None:
        return Analysis(
            unit=unit, base=base, labels=labels, p=read_only_array(p), q=None, p_source=p_source, q_source=None,
            entropy_p=entropy(p, base), entropy_q=None, cross_pq=None, cross_qp=None, kl_pq=None,
            kl_qp=None, js=None, kl_pq_infinite=(), kl_qp_infinite=(), surprisal_p=read_only_array(surprisal(p, base)),
            surprisal_q=None, kl_terms=None, code=_code_report(p, None),
        )
    q = np.array(q_dist.probabilities)
    return Analysis(
        unit=unit, base=base, labels=labels, p=read_only_array(p), q=read_only_array(q), p_source=p_source, q_source=q_source,
        entropy_p=entropy(p, base), entropy_q=entropy(q, base),
        cross_pq=cross_entropy(p, q, base), cross_qp=cross_entropy(q, p, base),
        kl_pq=kl_divergence(p, q, base), kl_qp=kl_divergence(q, p, base), js=js_divergence(p, q, base),
        kl_pq_infinite=tuple(labels[i] for i in np.flatnonzero((q == 0) & (p > 0))),
        kl_qp_infinite=tuple(labels[i] for i in np.flatnonzero((p == 0) & (q > 0))),
        surprisal_p=read_only_array(surprisal(p, base)), surprisal_q=read_only_array(surprisal(q, base)),
        kl_terms=read_only_array(_rel_entr(p, q) / _log_base(base)), code=_code_report(p, q),
    )


def _labelled_error(read, name: str) -> Distribution:
    try:
        return read()
    except SumError as exc:
        raise SumError(f"{name}: {exc}", exc.total) from None
    except DistributionError as exc:
        raise DistributionError(f"{name}: {exc}") from None


@dataclass(frozen=True, eq=False)
class GaussianReport:
    """Both densities on a shared grid and KL both ways, closed form and numerical."""

    unit: str
    x: np.ndarray
    density_1: np.ndarray
    density_2: np.ndarray
    kl_12: float
    kl_21: float
    kl_12_numeric: float
    kl_21_numeric: float


def gaussian_report(mu1, sigma1, mu2, sigma2, unit: str = "nats", points: int = 2001) -> GaussianReport:
    base = _unit_base(unit)
    m1, s1, m2, s2 = _gaussian_args(mu1, sigma1, mu2, sigma2)
    lo, hi = min(m1 - 4 * s1, m2 - 4 * s2), max(m1 + 4 * s1, m2 + 4 * s2)
    x = np.linspace(lo, hi, max(int(points), 2))
    return GaussianReport(
        unit=unit, x=read_only_array(x), density_1=read_only_array(gaussian_density(x, m1, s1)),
        density_2=read_only_array(gaussian_density(x, m2, s2)),
        kl_12=gaussian_kl(m1, s1, m2, s2, base), kl_21=gaussian_kl(m2, s2, m1, s1, base),
        kl_12_numeric=gaussian_kl_numeric(m1, s1, m2, s2, base),
        kl_21_numeric=gaussian_kl_numeric(m2, s2, m1, s1, base),
    )
