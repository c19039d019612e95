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

import bisect
import math
from collections.abc import Mapping, Sequence
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


STATUSES = ("pruned", "kept", "finished")  # Candidate.status, by its code in StepTrace
PRUNED, KEPT, FINISHED = range(3)


class StepTrace(Sequence):
    """Every candidate of one step of :func:`beam_search`, in rank order, stored as columns.

    A step of a B-beam search over a vocabulary of V tokens has B·V candidates (128,000 for
    B = 64 and a 2,000-word vocabulary); as Python objects they took 45 MB per search, and
    building them kept the worker thread busy in the interpreter for about a second.  Here
    they are numpy arrays, and a :class:`Candidate` is made when one is read, equal to the one
    the search would have stored.  The considered candidates are the first
    ``considered_count`` (ranks 0 .. 2B-1): :meth:`considered` reads only those."""

    #: the per-candidate columns, in rank order
    COLUMNS = ("parents", "tokens", "token_logprobs", "logprobs", "scores", "status_codes")
    __slots__ = ("first_id", "step", "considered_count") + COLUMNS

    def __init__(self, first_id: int, step: int, considered_count: int, parents, tokens, token_logprobs,
                 logprobs, scores, status_codes):
        self.first_id = int(first_id)  # node ids are consecutive in rank order
        self.step = int(step)
        self.considered_count = int(considered_count)
        self.parents = np.asarray(parents, dtype=np.int64)
        self.tokens = np.asarray(tokens, dtype=np.int64)
        self.token_logprobs = np.asarray(token_logprobs, dtype=np.float64)
        self.logprobs = np.asarray(logprobs, dtype=np.float64)
        self.scores = np.asarray(scores, dtype=np.float64)
        self.status_codes = np.asarray(status_codes, dtype=np.int8)
        for name in self.COLUMNS:  # a result is read by the GUI while the next is computed
            getattr(self, name).flags.writeable = False

    def __len__(self) -> int:
        return len(self.tokens)

    def _candidate(self, rank: int) -> Candidate:
        return Candidate(self.first_id + rank, int(self.parents[rank]), self.step, int(self.tokens[rank]),
                         float(self.token_logprobs[rank]), float(self.logprobs[rank]), float(self.scores[rank]),
                         rank, STATUSES[self.status_codes[rank]], rank < self.considered_count)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._candidate(rank) for rank in range(len(self))[index])
        return self._candidate(range(len(self))[index])  # negative indices and IndexError as a tuple's

    def __iter__(self):
        return (self._candidate(rank) for rank in range(len(self)))

    def considered(self) -> tuple[Candidate, ...]:
        """The candidates the rule looked at (the first ``considered_count``)."""
        return self[: self.considered_count]

    def __eq__(self, other):
        if isinstance(other, StepTrace):
            return (self.first_id, self.step, self.considered_count) == (other.first_id, other.step,
                                                                           other.considered_count) and all(
                np.array_equal(getattr(self, name), getattr(other, name)) for name in self.COLUMNS)
        if isinstance(other, tuple):
            return len(other) == len(self) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.first_id, self.step, self.considered_count, self.tokens.tobytes(),
                     self.logprobs.tobytes()))

    def __repr__(self) -> str:
        return f"StepTrace(step={self.step}, {len(self)} candidates, {self.considered_count} considered)"


def considered_in(step) -> tuple:
    """The considered candidates of one step of a trace: a StepTrace's first ones, or those
    marked considered in a tuple of Candidates (Hugging Face searches record only those)."""
    if isinstance(step, StepTrace):
        return step.considered()
    return tuple(c for c in step if c.considered)


class TraceNodes(Mapping):
    """node_id -> Candidate over a trace of StepTraces (node ids run on from step to step)."""

    def __init__(self, trace):
        self._trace = trace
        self._starts = [step.first_id for step in trace]

    def _locate(self, node_id):
        if isinstance(node_id, (int, np.integer)) and not isinstance(node_id, bool):
            at = bisect.bisect_right(self._starts, node_id) - 1
            if at >= 0:
                rank = int(node_id) - self._starts[at]
                if rank < len(self._trace[at]):
                    return self._trace[at], rank
        return None

    def __getitem__(self, node_id) -> Candidate:
        found = self._locate(node_id)
        if found is None:
            raise KeyError(node_id)
        step, rank = found
        return step[rank]

    def __contains__(self, node_id) -> bool:
        return self._locate(node_id) is not None

    def __iter__(self):
        for step in self._trace:
            yield from range(step.first_id, step.first_id + len(step))

    def __len__(self) -> int:
        return sum(len(step) for step in self._trace)


@dataclass(frozen=True)
class BeamResult:
    hypotheses: tuple[Hypothesis, ...]  # best score first
    trace: tuple  # trace[s-1]: every candidate of step s (a StepTrace, or a tuple of Candidates)
    beam_width: int
    length_penalty: str
    alpha: float
    max_length: int
    steps_run: int
    stopped_because: str  # "enough finished hypotheses" or "max_length reached" or "no live beams"
    nodes: Mapping = field(default_factory=dict, compare=False, repr=False)  # node_id -> Candidate

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

    trace: list[StepTrace] = []
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
        score = normalized_score(new_logp, step, length_penalty, alpha)
        ends = token == eos_id
        trace.append(StepTrace(next_id, step, 1, [parent], [int(token)], [token_lp], [new_logp], [score],
                               [FINISHED if ends else KEPT]))
        if ends:
            finished.append(Hypothesis(tuple(seq[1:] + [token]), new_logp, score, True, next_id))
            live = []
            stopped = "forced prefix ends with EOS"
            break
        live = [(seq + [int(token)], new_logp, next_id)]
        next_id += 1

    # (Never entered with B finished hypotheses: the loop breaks as soon as there are B.)
    while live and len(live[0][0]) - 1 < max_length:
        step = len(live[0][0])  # tokens generated after this step (BOS excluded)
        rows = _as_numpy(step_fn([seq for seq, _, _ in live]), len(live))
        cumulative = np.array([lp for _, lp, _ in live])[:, None] + rows  # (live, V)
        flat = cumulative.ravel()
        finite = np.flatnonzero(np.isfinite(flat))
        # Stable sort, so ties keep (beam, token) order and the search is deterministic.
        order = finite[np.argsort(-flat[finite], kind="stable")]
        beams, tokens = np.divmod(order, rows.shape[1])
        logprobs = flat[order]
        scores = logprobs / normalization_divisor(step, length_penalty, alpha)
        statuses = np.full(len(order), PRUNED)  # (StepTrace keeps them as one byte each)
        considered_count = min(2 * beam_width, len(order))

        # Only the considered candidates can stay alive or finish, and only while fewer than B
        # stay alive: the rest of the step is pruned without looking at it one by one.
        new_live = []
        for rank in range(considered_count):
            if len(new_live) >= beam_width:
                break
            seq, _, _ = live[beams[rank]]
            token = int(tokens[rank])
            if token != eos_id:
                statuses[rank] = KEPT
                new_live.append((seq + [token], float(logprobs[rank]), next_id + rank))
            elif rank < beam_width:
                statuses[rank] = FINISHED
                finished.append(Hypothesis(tuple(seq[1:] + [token]), float(logprobs[rank]), float(scores[rank]),
                                           True, next_id + rank))
        parents = np.array([node_id for _, _, node_id in live])[beams]
        trace.append(StepTrace(next_id, step, considered_count, parents, tokens, rows[beams, tokens], logprobs,
                               scores, statuses))
        next_id += len(order)
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
        nodes=TraceNodes(trace),
    )
