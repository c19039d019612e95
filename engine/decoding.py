"""Greedy and beam search over any next-token model, with a full trace of the search.

``step_fn(prefixes)`` takes a list of token-id lists, each starting with BOS, and returns
next-token log-probabilities of shape (len(prefixes), vocab_size) as a numpy array or a torch
tensor.  Beam search calls it once per step with every live beam.

Beam search follows Hugging Face transformers' ``early_stopping=True`` semantics:

* the length of a hypothesis counts generated tokens, EOS included, BOS excluded;
* at each step the 2B best candidates by cumulative log-probability are considered;
* a candidate ending in EOS becomes a finished hypothesis only if it ranks within the top B
  of them; it is scored with the length normalisation
      "none":  score = log P
      "power": score = log P / length^alpha
      "gnmt":  score = log P / ((5 + length) / 6)^alpha      (Wu et al., 2016)
  and the B best finished hypotheses are kept;
* the B best non-finished candidates by raw cumulative log-probability stay alive;
* the search stops once B hypotheses are finished, or after ``max_length`` generated tokens,
  when the beams still alive are scored as they are (they count, unfinished).

Candidates with probability 0 (log-probability -inf) are never considered: that is how tokens
a model must never write are kept out of every search (:func:`suppress_tokens`,
:func:`mask_tokens`; engine.inference.Seq2SeqModel.step_function applies them to ⟨pad⟩, ⟨s⟩
and ⟨unk⟩).  Greedy search is :func:`greedy_search_batch` with one row.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

LENGTH_PENALTIES = ("none", "power", "gnmt")


def _as_numpy(logprobs, n_rows: int) -> np.ndarray:
    if hasattr(logprobs, "detach"):  # torch tensor, possibly on a GPU
        logprobs = logprobs.detach().to("cpu").double().numpy()
    arr = np.asarray(logprobs, dtype=np.float64)
    if arr.ndim != 2 or arr.shape[0] != n_rows:
        raise ValueError(f"step_fn must return shape ({n_rows}, vocab_size), got {arr.shape}")
    return arr


def _unknown_length_penalty(length_penalty) -> ValueError:
    return ValueError(f"unknown length_penalty {length_penalty!r}; choose one of {', '.join(LENGTH_PENALTIES)}")


def normalized_score(logprob: float, length: int, length_penalty: str = "power", alpha: float = 0.7) -> float:
    """The score a hypothesis of `length` generated tokens (EOS included) is ranked by:
    logprob / :func:`normalization_divisor`."""
    return float(logprob) / normalization_divisor(length, length_penalty, alpha)


def normalization_divisor(length: int, length_penalty: str = "power", alpha: float = 0.7) -> float:
    """score = logprob / divisor, with divisor 1 ("none"), length^alpha ("power") or
    ((5 + length) / 6)^alpha ("gnmt")."""
    if length_penalty == "none":
        return 1.0
    if length_penalty == "power":
        return float(length ** alpha)
    if length_penalty == "gnmt":
        return float(((5.0 + length) / 6.0) ** alpha)
    raise _unknown_length_penalty(length_penalty)


@dataclass(frozen=True)
class GreedyResult:
    tokens: tuple[int, ...]  # without BOS, with EOS when it was produced
    logprob: float
    token_logprobs: tuple[float, ...]
    finished: bool


def greedy_search(step_fn, *, bos_id: int, eos_id: int, max_length: int) -> GreedyResult:
    """Pick the most probable next token until EOS or `max_length` generated tokens."""
    return greedy_search_batch(step_fn, batch_size=1, bos_id=bos_id, eos_id=eos_id, max_length=max_length)[0]


def greedy_search_batch(step_fn, *, batch_size: int, bos_id: int, eos_id: int,
                        max_length: int) -> list[GreedyResult]:
    """Greedy search of `batch_size` sequences at once, one step_fn call per step for all.

    Row i of every call continues sequence i (e.g. the translation of input i), and all rows
    have the same length, so the model runs one rectangular batch: a row that has produced
    EOS is continued with EOS and its output ignored.  Each sequence ends at its own EOS, or
    after `max_length` generated tokens.  Ties go to the lowest token id (numpy's argmax).
    A row whose every token has probability 0 raises ValueError: there is nothing to pick.
    """
    if max_length < 1:
        raise ValueError("max_length must be at least 1")
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    prefixes = [[bos_id] for _ in range(batch_size)]
    token_logprobs: list[list[float]] = [[] for _ in range(batch_size)]
    done = [False] * batch_size
    for _ in range(max_length):
        rows = _as_numpy(step_fn(prefixes), batch_size)
        best = rows.argmax(axis=1)
        for i, prefix in enumerate(prefixes):
            if done[i]:
                prefix.append(eos_id)
                continue
            token = int(best[i])
            if not np.isfinite(rows[i, token]):
                raise ValueError(f"step_fn gives every token of row {i} probability 0: greedy search has nothing "
                                 f"to pick")
            prefix.append(token)
            token_logprobs[i].append(float(rows[i, token]))
            done[i] = token == eos_id
        if all(done):
            break
    results = []
    for prefix, lps in zip(prefixes, token_logprobs):
        tokens = tuple(prefix[1: 1 + len(lps)])
        results.append(GreedyResult(tokens, math.fsum(lps), tuple(lps), tokens[-1] == eos_id))
    return results


def mask_tokens(logprobs, token_ids):
    """A copy of `logprobs` (a torch tensor of the same dtype, or a float64 numpy array, shape
    (rows, vocab)) with the columns `token_ids` set to -inf: probability 0, so no search ever picks them.  The other columns are left
    as they are (not renormalised), so a sequence of allowed tokens keeps the log P the model
    gives it, the same number teacher forcing computes."""
    ids = list(token_ids)
    out = logprobs.clone() if hasattr(logprobs, "clone") else np.array(logprobs, dtype=np.float64)
    if ids:
        out[:, ids] = -math.inf
    return out


def suppress_tokens(step_fn, token_ids):
    """`step_fn` whose log-probabilities are passed through :func:`mask_tokens`: a search run
    with it never generates `token_ids` (as generation libraries' ``suppress_tokens``)."""
    ids = tuple(int(t) for t in token_ids)

    def step(prefixes):
        return mask_tokens(step_fn(prefixes), ids)

    return step


@dataclass(frozen=True)
class Candidate:
    """One expansion of a live beam at one step of the search."""

    node_id: int  # unique in the trace; the root (BOS) is node 0
    parent: int  # node_id of the beam it extends
    step: int  # 1-based: the position of `token` among the generated tokens
    token: int
    token_logprob: float
    logprob: float  # cumulative, the token included
    score: float  # the normalised score it would have if the hypothesis ended here
    rank: int  # 0-based rank among this step's candidates by cumulative log-probability
    status: str  # "kept" (stays alive), "finished" (EOS within the top B) or "pruned"
    considered: bool  # among the 2B best candidates the rule looks at


@dataclass(frozen=True)
class Hypothesis:
    tokens: tuple[int, ...]  # without BOS; ends with EOS when finished
    logprob: float
    score: float
    finished: bool
    node_id: int  # the trace node of its last token


@dataclass(frozen=True)
class BeamResult:
    hypotheses: tuple[Hypothesis, ...]  # best score first
    trace: tuple[tuple[Candidate, ...], ...]  # trace[s-1]: every candidate of step s
    beam_width: int
    length_penalty: str
    alpha: float
    max_length: int
    steps_run: int
    stopped_because: str  # "enough finished hypotheses" or "max_length reached" or "no live beams"
    nodes: dict = field(default_factory=dict, compare=False, repr=False)  # node_id -> Candidate

    @property
    def best(self) -> Hypothesis:
        return self.hypotheses[0]

    def path(self, node_id: int) -> list[Candidate]:
        """The candidates from BOS's first child down to `node_id` (BOS, node 0, excluded)."""
        out = []
        while node_id:
            cand = self.nodes[node_id]
            out.append(cand)
            node_id = cand.parent
        return out[::-1]

    def prefix(self, node_id: int) -> list[int]:
        """Token ids from BOS's first child down to `node_id` (BOS itself excluded)."""
        return [cand.token for cand in self.path(node_id)]


def beam_search(
    step_fn,
    *,
    bos_id: int,
    eos_id: int,
    beam_width: int,
    max_length: int,
    length_penalty: str = "power",
    alpha: float = 0.7,
    prefix: list[int] | tuple[int, ...] = (),
) -> BeamResult:
    """Beam search (see the module docstring for the exact rules).

    `prefix` forces the first generated tokens (after BOS): the search starts from there; its
    log-probability counts in every hypothesis, and forced tokens appear in the trace as
    kept candidates of rank 0.
    """
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    if max_length < 1:
        raise ValueError("max_length must be at least 1")
    if length_penalty not in LENGTH_PENALTIES:
        raise _unknown_length_penalty(length_penalty)
    if not math.isfinite(alpha):
        raise ValueError("alpha must be a finite number")

    nodes: dict[int, Candidate] = {}
    trace: list[tuple[Candidate, ...]] = []
    next_id = 1

    # A live beam: (token ids including BOS, cumulative logprob, node_id)
    live: list[tuple[list[int], float, int]] = [([bos_id], 0.0, 0)]
    finished: list[Hypothesis] = []
    stopped = "max_length reached"

    # Forced prefix: walk it one token at a time, recording the probability the model gives it.
    for token in prefix:
        if len(live[0][0]) - 1 >= max_length:
            break
        seq, logp, parent = live[0]
        row = _as_numpy(step_fn([seq]), 1)[0]
        token_lp = float(row[token])
        new_logp = logp + token_lp
        step = len(seq)
        cand = Candidate(next_id, parent, step, int(token), token_lp, new_logp,
                         normalized_score(new_logp, step, length_penalty, alpha), 0,
                         "finished" if token == eos_id else "kept", True)
        nodes[next_id] = cand
        trace.append((cand,))
        next_id += 1
        if token == eos_id:
            finished.append(Hypothesis(tuple(seq[1:] + [token]), new_logp, cand.score, True, cand.node_id))
            live = []
            stopped = "forced prefix ends with EOS"
            break
        live = [(seq + [int(token)], new_logp, cand.node_id)]

    # (Never entered with B finished hypotheses: the loop breaks as soon as there are B.)
    while live and len(live[0][0]) - 1 < max_length:
        step = len(live[0][0])  # tokens generated after this step (BOS excluded)
        rows = _as_numpy(step_fn([seq for seq, _, _ in live]), len(live))
        cumulative = np.array([lp for _, lp, _ in live])[:, None] + rows  # (live, V)
        flat = cumulative.ravel()
        finite = np.flatnonzero(np.isfinite(flat))
        # Stable sort, so ties keep (beam, token) order and the search is deterministic.
        order = finite[np.argsort(-flat[finite], kind="stable")]
        vocab = rows.shape[1]

        step_candidates = []
        new_live = []
        for rank, flat_index in enumerate(order):
            beam_index, token = divmod(int(flat_index), vocab)
            seq, _, parent = live[beam_index]
            new_logp = float(flat[flat_index])
            score = normalized_score(new_logp, step, length_penalty, alpha)
            considered = rank < 2 * beam_width
            status = "pruned"
            if considered and len(new_live) < beam_width:
                if token == eos_id:
                    if rank < beam_width:
                        status = "finished"
                else:
                    status = "kept"
            cand = Candidate(next_id, parent, step, token, float(rows[beam_index, token]), new_logp, score,
                             rank, status, considered)
            nodes[next_id] = cand
            next_id += 1
            step_candidates.append(cand)
            if status == "kept":
                new_live.append((seq + [token], new_logp, cand.node_id))
            elif status == "finished":
                finished.append(Hypothesis(tuple(seq[1:] + [token]), new_logp, score, True, cand.node_id))
        trace.append(tuple(step_candidates))
        # Keep the B best finished hypotheses (by normalised score).
        finished.sort(key=lambda h: -h.score)
        del finished[beam_width:]
        live = new_live
        if len(finished) >= beam_width:
            stopped = "enough finished hypotheses"
            break
    else:
        if not live and stopped == "max_length reached":
            stopped = "no live beams"

    if len(finished) < beam_width:
        # Out of length: the live beams count as they are, unfinished.
        for seq, logp, node_id in live:
            length = len(seq) - 1
            finished.append(Hypothesis(tuple(seq[1:]), logp, normalized_score(logp, length, length_penalty, alpha),
                                       False, node_id))
        finished.sort(key=lambda h: -h.score)
        del finished[beam_width:]

    return BeamResult(
        hypotheses=tuple(finished),
        trace=tuple(trace),
        beam_width=beam_width,
        length_penalty=length_penalty,
        alpha=float(alpha),
        max_length=max_length,
        steps_run=len(trace),
        stopped_because=stopped,
        nodes=nodes,
    )
