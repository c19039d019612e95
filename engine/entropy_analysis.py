"""Everything the Entropy & KL view shows for one edit, computed in one call (plain numpy).

    from engine.entropy_analysis import analyse, gaussian_report

    a = analyse("0.5 0.25 0.25", "1/3 1/3 1/3", unit="bits")
    a.entropy_p, a.kl_pq, a.code.average_huffman                 # 1.5, 0.0849..., 1.5
    g = gaussian_report(0, 1, 1, 1)                               # g.kl_12 == 0.5 nats

``analyse`` reads P and Q as typed (:mod:`engine.distribution_parser`), matches their
outcomes and applies the measures of :mod:`engine.infotheory` in the chosen unit;
``gaussian_report`` gives both densities on one grid and KL both ways, closed form and
numerical.  The formulas are in engine.infotheory's docstring.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.distribution_parser import (
    Distribution,
    DistributionError,
    SumError,
    parse_distribution,
    read_only_array,
    text_distribution,
)
from engine.infotheory import (
    UNITS,
    align,
    cross_entropy,
    entropy,
    fixed_length_code,
    gaussian_density,
    gaussian_kl,
    gaussian_kl_numeric,
    gaussian_parameters,
    huffman_code,
    js_divergence,
    kl_divergence,
    kl_terms,
    surprisal,
)

__all__ = ["Analysis", "CodeReport", "analyse", "GaussianReport", "gaussian_report"]


def _unit_base(unit: str) -> float:
    """The logarithm base of a unit name ("bits", "nats", "hartleys")."""
    if unit not in UNITS:
        raise DistributionError("unknown_unit", unit=repr(unit))
    return UNITS[unit]


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
    # whole numbers, or float with nan; read_only_array stores them as float64 below
    lengths = np.array([len(c) if c is not None else np.nan for c in codes])
    used = p > 0
    fixed = fixed_length_code(p.size)
    fixed_bits = len(fixed[0])  # P has at least one outcome, so there is a codeword
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
        raise DistributionError("unknown_mode", mode=repr(mode))
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
        kl_terms=read_only_array(kl_terms(p, q, base)), code=_code_report(p, q),
    )


def _labelled_error(read, name: str) -> Distribution:
    try:
        return read()
    except SumError as exc:
        raise SumError("about_side", exc.total, side=name, detail=exc.message) from None
    except DistributionError as exc:
        raise DistributionError("about_side", side=name, detail=exc.message) from None



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
    m1, s1, m2, s2 = gaussian_parameters(mu1, sigma1, mu2, sigma2)
    lo, hi = min(m1 - 4 * s1, m2 - 4 * s2), max(m1 + 4 * s1, m2 + 4 * s2)
    x = np.linspace(lo, hi, max(int(points), 2))
    return GaussianReport(
        unit=unit, x=read_only_array(x), density_1=read_only_array(gaussian_density(x, m1, s1)),
        density_2=read_only_array(gaussian_density(x, m2, s2)),
        kl_12=gaussian_kl(m1, s1, m2, s2, base), kl_21=gaussian_kl(m2, s2, m1, s1, base),
        kl_12_numeric=gaussian_kl_numeric(m1, s1, m2, s2, base),
        kl_21_numeric=gaussian_kl_numeric(m2, s2, m1, s1, base),
    )
