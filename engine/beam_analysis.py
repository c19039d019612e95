"""Everything the beam-search view shows, computed in one call, as plain Python and numpy.

    from engine import load_model
    from engine.beam_analysis import analyse_beam, inspect_node

    model = load_model("date-transformer")
    a = analyse_beam(model, "4 Nov 1988", beam_width=5, expected="1988-11-04")
    a.best.text, a.greedy.text, a.error.verdict             # '1988-11-04', '1988-11-04', 'agree'
    n = inspect_node(model, "4 Nov 1988", prefix_ids=a.result.prefix(node_id))
    n.probabilities, n.entropy_bits, n.cross.shape           # (V,), bits, (layer, head, len+1, source)

Scores.  Every hypothesis of ``L`` generated tokens (EOS counted, BOS not) has

    log P  = Σ_t log p(y_t | y_<t, x)                        (natural log)
    score  = log P / divisor(L)     with divisor  1 | L^α | ((5 + L) / 6)^α
                                    for length_penalty "none" | "power" | "gnmt".

The search ranks live beams by log P and finished hypotheses by score (see engine.decoding).

Error analysis (the lesson's rule).  With y* the expected output and ŷ the beam's best:
first, where the task knows every valid output (the zh-en grammar's renderings,
engine.valid_outputs), a finished ŷ that is one of them is a correct translation too: the
verdict is "also_correct" and nothing is blamed (the rule assumes ŷ is *worse* than y*).  Then,
if the model prefers y* (objective(y*) > objective(ŷ)), the model would have picked it had the
search found it: the *search* is to blame (a wider beam may help).  Otherwise the model
itself prefers something else: the *model* is to blame.  The objective is the one the search
optimises when it picks its answer: the normalised score (which equals log P when
length_penalty is "none").  The raw log-probability comparison is reported too, so that a
case where normalisation decides the verdict can be pointed out.

Never-generated tokens.  The search and greedy decoding run through the model's step function,
which gives ⟨pad⟩, ⟨s⟩ and ⟨unk⟩ log-probability -inf (engine.inference.Seq2SeqModel), so no
hypothesis, greedy output or what-if search contains them, and a what-if may not force them.
The expected output is scored with the model's own, unmasked distribution (teacher forcing),
and node inspection lists the unmasked distribution with those tokens marked ``never_allowed``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine.decoding import BeamResult, _as_numpy, beam_search, considered_in, greedy_search, normalization_divisor
from engine.infotheory import entropy
from engine.messages import Message
from engine.tokenizer import UNK, InputError
from engine.domain import DomainReport, check_output
from engine.token_units import CHARACTERS, join_tokens, tokenizer_unit
from engine.valid_outputs import is_valid_output

VERDICTS = ("agree", "also_correct", "search", "model")


# ---- plain results ---------------------------------------------------------------------

@dataclass(frozen=True)
class ScoredSequence:
    """One output with the numbers a student can check by hand."""

    text: str
    token_ids: tuple[int, ...]  # without BOS; ends with EOS when finished
    tokens: tuple[str, ...]
    token_logprobs: tuple[float, ...]  # log p(token | prefix), natural log
    logprob: float  # the sum of token_logprobs
    length: int  # generated tokens, EOS included
    divisor: float  # score = logprob / divisor
    score: float
    finished: bool
    node_id: int | None = None  # the trace node of its last token (beam hypotheses only)
    #: no EOS because the output reached the search's maximum length (an unfinished hypothesis);
    #: False for a finished output and for an intermediate node, which simply goes on
    cut_at_max_length: bool = False


@dataclass(frozen=True)
class ErrorAnalysis:
    expected: ScoredSequence
    best: ScoredSequence
    compared: str  # "score" (normalised) or "logprob" (when normalisation is off they are equal)
    verdict: str  # "agree", "also_correct", "search" or "model"
    raw_verdict: str  # the verdict a comparison of raw log-probabilities would give
    unknown_characters: tuple[str, ...]  # characters of the expected output outside the vocabulary
    sentence: str


@dataclass(frozen=True)
class ModelInput:
    """What a result is about: the model, the input text (stripped) and the source tokens it read."""

    model: str
    text: str
    source_tokens: tuple[str, ...]


@dataclass(frozen=True)
class BeamAnalysis(ModelInput):
    unknown_characters: tuple[str, ...]
    vocab: tuple[str, ...]  # target token strings by id
    bos_id: int
    eos_id: int
    beam_width: int
    length_penalty: str
    alpha: float
    max_length: int
    forced_prefix: tuple[int, ...]
    result: BeamResult  # the engine's own result, trace included (plain dataclasses)
    hypotheses: tuple[ScoredSequence, ...]  # result.hypotheses with texts and per-token numbers
    greedy: ScoredSequence
    error: ErrorAnalysis | None
    expected_error: str | None = None  # why the expected output could not be scored (the search still ran)
    elapsed_ms: float = 0.0
    target_unit: str = CHARACTERS  # what one output token is (engine.token_units)
    source_unit: str = CHARACTERS  # what one input token is
    #: outputs must name a calendar day (a date model): the view marks those that do not
    #: (engine.domain.is_calendar_date)
    dates: bool = False
    #: engine.domain.DomainReport of the best hypothesis (the input, and what the best output says of it)
    domain: DomainReport | None = None

    @property
    def best(self) -> ScoredSequence:
        return self.hypotheses[0]

    def token(self, token_id: int) -> str:
        return self.vocab[token_id]

    def node_prefix(self, node_id: int) -> tuple[int, ...]:
        return tuple(self.result.prefix(node_id))


@dataclass(frozen=True)
class NodeInspection(ModelInput):
    """What comes next after ``<s> + prefix_ids``."""

    prefix_ids: tuple[int, ...]
    prefix_tokens: tuple[str, ...]
    labels: tuple[str, ...]  # every target token, by id
    probabilities: np.ndarray  # (V,) float64, sums to 1: the model's own distribution, unmasked
    entropy_bits: float  # H of `probabilities`
    never_allowed: tuple[int, ...]  # token ids the search never generates (probability set to 0 there)
    cross: np.ndarray  # (layer, head, len(prefix) + 1, source) float32: rows are decoder queries
    query_tokens: tuple[str, ...]  # the decoder input of each query row: "<s>" then the prefix
    target_unit: str = CHARACTERS  # what one output token is (engine.token_units)

    def top(self, k: int) -> list[tuple[int, str, float]]:
        """(token id, label, probability) of the k most probable next tokens."""
        order = np.argsort(-self.probabilities, kind="stable")[:k]
        return [(int(i), self.labels[int(i)], float(self.probabilities[int(i)])) for i in order]

    def allowed(self, token_id: int) -> bool:
        """Whether the search may generate (or a what-if may force) this token."""
        return int(token_id) not in self.never_allowed


# ---- pure helpers --------------------------------------------------------------------------

def teacher_forced_logprobs(step_fn, bos_id: int, ids) -> np.ndarray:
    """log p(ids[t] | <s> + ids[:t]) for every t, through a step function of the model (the
    unmasked one, for a given output: an output the beam found gets exactly the numbers the
    beam computed, since masking leaves the other tokens' log-probabilities as they are)."""
    out = []
    prefix = [bos_id]
    for token in ids:
        out.append(_as_numpy(step_fn([prefix]), 1)[0, int(token)])
        prefix = prefix + [int(token)]
    return np.array(out)  # float64, also when empty


def scored_sequence(text: str, token_ids, tokens, token_logprobs, length_penalty: str, alpha: float,
                    eos_id: int, node_id: int | None = None, logprob: float | None = None,
                    score: float | None = None, max_length: int | None = None) -> ScoredSequence:
    """`logprob` and `score` default to the sum of `token_logprobs` and its normalisation; the
    beam's hypotheses pass the search's own numbers so that the table equals the engine's.
    `max_length`: the search's limit, to tell an output cut there from one that goes on.
    An empty output (length 0) gets divisor 1, so score = log P = 0."""
    token_ids = tuple(int(t) for t in token_ids)
    lps = tuple(float(x) for x in token_logprobs)
    if logprob is None:
        logprob = math.fsum(lps)
    length = len(token_ids)
    divisor = normalization_divisor(length, length_penalty, alpha) if length else 1.0
    if score is None:
        score = logprob / divisor
    finished = bool(token_ids) and token_ids[-1] == eos_id
    cut = not finished and max_length is not None and length >= max_length
    return ScoredSequence(text, token_ids, tuple(tokens), lps, float(logprob), length, divisor, float(score),
                          finished, node_id, cut)


def decide(expected: ScoredSequence, best: ScoredSequence, length_penalty: str,
           best_is_valid: bool = False) -> tuple[str, str, str]:
    """(verdict, raw_verdict, compared): the lesson's rule on the objective the search optimises,
    after the check that ŷ is not itself a valid output (`best_is_valid`, from the task)."""
    compared = "logprob" if length_penalty == "none" else "score"
    if expected.token_ids == best.token_ids:
        return "agree", "agree", compared
    if best_is_valid and best.finished:
        return "also_correct", "also_correct", compared
    verdict = "search" if expected.score > best.score else "model"
    raw = "search" if expected.logprob > best.logprob else "model"
    return verdict, raw, compared


def verdict_sentence(verdict: str, raw_verdict: str, expected: ScoredSequence, best: ScoredSequence,
                     compared: str, beam_width: int) -> str:
    """A plain-English sentence (the view writes its own, translatable one)."""
    what = "score" if compared == "score" else "log P"
    e = expected.score if compared == "score" else expected.logprob
    b = best.score if compared == "score" else best.logprob
    if verdict == "agree":
        return "The beam search found the expected output: nothing to blame."
    if verdict == "also_correct":
        return "ŷ is also a correct translation: no error."
    if verdict == "search":
        s = (f"The model prefers the expected output ({what} {e:.3f} > {b:.3f}) but beam search with B={beam_width} "
             f"did not find it: the search is to blame. A wider beam may find it.")
    else:
        s = (f"The model gives the expected output a {what} no higher than the beam's output ({e:.3f} ≤ {b:.3f}): "
             f"the model is to blame. A wider beam will not fix this; the model needs better training.")
    if raw_verdict != verdict:
        s += f" (Raw log P alone would blame the {raw_verdict}: the length normalisation decides this case.)"
    return s


def error_analysis(expected: ScoredSequence, best: ScoredSequence, length_penalty: str, beam_width: int,
                   unknown_characters: tuple[str, ...] = (), best_is_valid: bool = False) -> ErrorAnalysis:
    verdict, raw, compared = decide(expected, best, length_penalty, best_is_valid)
    return ErrorAnalysis(expected, best, compared, verdict, raw, tuple(unknown_characters),
                         verdict_sentence(verdict, raw, expected, best, compared, beam_width))


def hypothesis_token_logprobs(result: BeamResult, node_id: int) -> list[float]:
    return [cand.token_logprob for cand in result.path(node_id)]


def finished_so_far(result: BeamResult, step: int) -> list:
    """The search's list of finished hypotheses right after `step` (trace candidates, best score
    first, at most B): what the n-best table holds when the search is revealed up to `step`."""
    done = [c for s in result.trace[:step] for c in considered_in(s) if c.status == "finished"]
    done.sort(key=lambda c: -c.score)
    return done[: result.beam_width]


# ---- model calls ---------------------------------------------------------------------------

def analyse_beam(model, text: str, beam_width: int = 5, length_penalty: str = "power", alpha: float = 0.7,
                 prefix=(), expected: str | None = None, max_length: int | None = None) -> BeamAnalysis:
    """Beam search, greedy search and (when `expected` is given) the error analysis of one input."""
    import time

    import torch

    start = time.perf_counter()
    tgt = model.target_tokenizer
    prefix = tuple(int(t) for t in prefix)
    never = set(model.never_generated)
    for t in prefix:
        if not 0 <= t < len(tgt):
            raise ValueError(f"forced token id {t} is not in the target vocabulary")
        if t in never:
            raise InputError("never_generated", token=tgt.tokens([t])[0])
    max_length = int(max_length or model.max_target_length)
    with torch.inference_mode():
        encoded, state = model.prepare(text)
        step = model.step_function(state)
        result = beam_search(step, bos_id=tgt.bos_id, eos_id=tgt.eos_id, beam_width=int(beam_width),
                             max_length=max_length, length_penalty=length_penalty, alpha=float(alpha),
                             prefix=prefix)
        greedy = greedy_search(step, bos_id=tgt.bos_id, eos_id=tgt.eos_id, max_length=max_length)

        hyps = tuple(
            scored_sequence(tgt.decode(h.tokens), h.tokens, tgt.tokens(h.tokens),
                            hypothesis_token_logprobs(result, h.node_id), length_penalty, alpha, tgt.eos_id,
                            h.node_id, logprob=h.logprob, max_length=max_length)
            for h in result.hypotheses)
        greedy_seq = scored_sequence(tgt.decode(greedy.tokens), greedy.tokens, tgt.tokens(greedy.tokens),
                                     greedy.token_logprobs, length_penalty, alpha, tgt.eos_id, max_length=max_length)
        error, expected_error = None, None
        if expected is not None and expected.strip():
            enc = tgt.encode(expected.strip())
            ids = list(enc.ids) + [tgt.eos_id]
            if len(ids) > max_length:
                expected_error = Message("expected_too_long", length=len(ids) - 1, limit=max_length - 1)
            else:
                lps = teacher_forced_logprobs(model.step_function(state, suppress=False), tgt.bos_id, ids)
                exp_seq = scored_sequence(tgt.decode(ids), ids, tgt.tokens(ids), lps, length_penalty, alpha,
                                          tgt.eos_id)
                valid = is_valid_output(getattr(model, "task", None), text, hyps[0].text)
                error = error_analysis(exp_seq, hyps[0], length_penalty, int(beam_width), enc.unknown, valid)
        domain = _best_domain(model, text, encoded, state, hyps[0])

    return BeamAnalysis(
        model=model.name, text=text.strip(), source_tokens=tuple(encoded.tokens),
        unknown_characters=tuple(encoded.unknown), vocab=tuple(tgt.itos), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
        beam_width=int(beam_width), length_penalty=length_penalty, alpha=float(alpha), max_length=max_length,
        forced_prefix=prefix, result=result, hypotheses=hyps, greedy=greedy_seq, error=error,
        expected_error=expected_error, target_unit=tokenizer_unit(tgt),
        source_unit=tokenizer_unit(getattr(model, "source_tokenizer", None)), dates=getattr(model, "task", None) == "dates",
        domain=domain, elapsed_ms=(time.perf_counter() - start) * 1e3,
    )


def _best_domain(model, text: str, encoded, state, best: ScoredSequence) -> DomainReport:
    """engine.domain's report on the best hypothesis; for the word model one decoder pass over
    ⟨s⟩ + its tokens but the last gives the cross-attention its dropped/invented rule reads."""
    import torch

    task = getattr(model, "task", None)
    cross = None
    if task == "zh-en" and best.token_ids:
        tgt = model.target_tokenizer
        inputs = torch.tensor([[tgt.bos_id, *best.token_ids[:-1]]], device=model.device)
        _, attn = model.decode_prefixes(state, inputs)
        cross = torch.stack([w[0] for w in attn["cross"]]).float().cpu().numpy()
    return check_output(task, text.strip(), encoded.tokens, encoded.unknown, best.tokens, best.text, cross, UNK)


def inspect_node(model, text: str, prefix_ids=()) -> NodeInspection:
    """The next-token distribution after ``<s> + prefix_ids`` and the cross-attention of that
    decoder pass (one row per decoder input: <s>, then each prefix token; the last row is the
    query that predicts the next token)."""
    import torch

    tgt = model.target_tokenizer
    prefix_ids = tuple(int(t) for t in prefix_ids)
    with torch.inference_mode():
        encoded, state = model.prepare(text)
        batch = torch.tensor([[tgt.bos_id, *prefix_ids]], device=model.device)  # int64: Python ints
        logits, attn = model.decode_prefixes(state, batch)
        probs = torch.softmax(logits[0, -1].float().cpu().double(), dim=-1).numpy()  # MPS has no float64
        # (L, H, Q, S) float32, contiguous: stack makes a new tensor, and numpy() shares its memory.
        cross = torch.stack([w[0] for w in attn["cross"]]).float().cpu().numpy()
    return NodeInspection(
        model=model.name, text=text.strip(), prefix_ids=prefix_ids, prefix_tokens=tuple(tgt.tokens(prefix_ids)),
        labels=tuple(tgt.itos), probabilities=probs, entropy_bits=entropy(probs, base=2),
        never_allowed=tuple(model.never_generated),
        cross=cross,
        query_tokens=tuple(tgt.tokens([tgt.bos_id, *prefix_ids])), source_tokens=tuple(encoded.tokens),
        target_unit=tokenizer_unit(tgt),
    )


def node_sequence(analysis: BeamAnalysis, node_id: int) -> ScoredSequence:
    """The output that ends at trace node `node_id`, scored as if it ended there (the numbers of
    a tree node, in the form of a hypothesis)."""
    cand = analysis.result.nodes[node_id]
    ids = analysis.result.prefix(node_id)
    tokens = [analysis.vocab[i] for i in ids]
    text_ids = ids[: ids.index(analysis.eos_id)] if analysis.eos_id in ids else ids
    text = join_tokens((analysis.vocab[i] for i in text_ids if i not in (0, analysis.bos_id)), analysis.target_unit)
    return scored_sequence(text, ids, tokens, hypothesis_token_logprobs(analysis.result, node_id),
                           analysis.length_penalty, analysis.alpha, analysis.eos_id, node_id,
                           logprob=cand.logprob, max_length=analysis.max_length)


__all__ = ["ScoredSequence", "ErrorAnalysis", "BeamAnalysis", "NodeInspection", "analyse_beam", "inspect_node",
           "error_analysis", "decide", "teacher_forced_logprobs", "finished_so_far",
           "scored_sequence", "node_sequence", "VERDICTS"]
