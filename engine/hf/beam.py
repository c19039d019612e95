"""Beam search on a Hugging Face model with the rules of ``generate(num_beams=B,
early_stopping=True, length_penalty=α)``, on the key/value cache, all beams in one call a step.

The returned sequences and scores are the ones ``generate`` returns (``sequences`` and
``sequences_scores`` with ``num_return_sequences=B``), bit for bit on the same device: the
arithmetic is done in float32 tensors in generate's order.  The rules, per step s (s tokens
generated, EOS included; the prompt or decoder start token not counted):

* every live beam b has a cumulative log-probability S_b (float32); at the first step the B
  beams are copies of the prompt, and all but the first start at S = -1e9 (so the first step
  picks distinct tokens from one beam);
* the 2B best (beam, token) pairs by S_b + log p(token) are the candidates (rank 0..2B-1);
* a candidate "hits a stop" if its token is EOS or s reaches ``max_new_tokens``;
* the B best candidates that do not hit a stop stay alive (if there are fewer, candidates that
  do are kept with 1e9 subtracted, as generate does);
* a candidate that hits a stop and ranks in the top B is offered to the finished pool with
  score = S / s^α; the pool keeps the B best scores;
* the search ends when the pool holds B hypotheses, or at ``max_new_tokens``.

Compared with engine.decoding's "power" penalty (score = log P / L^α with L the generated
tokens, EOS included): the formula and the length convention are the same.  The differences:
(1) at ``max_new_tokens`` generate turns the top B candidates of the last step into finished
hypotheses, where engine.decoding scores its surviving live beams as unfinished;
(2) arithmetic in float32 rather than float64; (3) the -1e9 starting scores and penalised
fill-ins above, which matter only when the vocabulary is smaller than 2B; (4) generate's
default α is 1.0, engine.decoding's 0.7.  ``length_penalty="none"`` is α = 0 here.

The trace records, per step, the 2B candidates the rule looks at (``considered=True``): the
rest of the vocabulary is never examined.  A candidate's status is "kept" (stays alive),
"finished" (entered the finished pool) or "pruned".
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import torch

from engine.decoding import BeamResult, Candidate, Hypothesis
from engine.token_units import WORD_PIECES

PENALTY = -1.0e9  # generate's stand-in for "impossible" (added, not -inf)


@dataclass(frozen=True)
class HFBeamResult:
    """A beam search on a Hugging Face model, ready for a view.  ``result.trace`` and
    ``result.hypotheses`` hold token ids of the generated part only; ``token_text`` names
    every id that appears in them."""

    model: str
    text: str
    prompt_ids: tuple[int, ...]
    prompt_tokens: tuple[str, ...]
    result: BeamResult
    texts: tuple[str, ...]  # decoded hypotheses, best first
    token_text: dict  # token id -> the tokenizer's piece, for every id in the trace
    eos_ids: tuple[int, ...]
    unit: str = WORD_PIECES  # how the pieces are written as words (engine.token_units)

    @property
    def best_text(self) -> str:
        return self.texts[0]


def hf_beam_search(model, text: str, *, beam_width: int = 5, alpha: float = 1.0,
                   max_new_tokens: int = 40) -> HFBeamResult:
    """Beam search from `text` (the prompt of a decoder, or the source of an encoder-decoder)."""
    prompt = model.prompt_ids(text)
    result = beam_search_on_cache(model.decoder(text, prompt), beam_width=beam_width, alpha=alpha,
                                  max_new_tokens=max_new_tokens, eos_ids=model.eos_ids)
    ids = sorted({c.token for step in result.trace for c in step} | {t for h in result.hypotheses for t in h.tokens})
    tok = model.tokenizer
    return HFBeamResult(
        model=model.name, text=text, prompt_ids=tuple(prompt),
        prompt_tokens=tuple(tok.convert_ids_to_tokens(prompt)), result=result,
        texts=tuple(tok.decode(list(h.tokens), skip_special_tokens=True) for h in result.hypotheses),
        token_text=dict(zip(ids, tok.convert_ids_to_tokens(ids))), eos_ids=tuple(model.eos_ids),
        unit=model.unit)


@torch.inference_mode()
def beam_search_on_cache(decoder, *, beam_width: int, alpha: float, max_new_tokens: int,
                         eos_ids=()) -> BeamResult:
    """The search itself (rules in the module docstring) on an engine.hf.KVCacheDecoder."""
    if beam_width < 1:
        raise ValueError("beam_width must be at least 1")
    if max_new_tokens < 1:
        raise ValueError("max_new_tokens must be at least 1")
    if not math.isfinite(alpha):
        raise ValueError("alpha must be a finite number")
    width, candidates = beam_width, max(2, 1 + len(eos_ids)) * beam_width
    device = decoder.device
    eos = torch.tensor(list(eos_ids), dtype=torch.long, device=device)
    top_b = torch.arange(candidates, device=device) < width

    running = torch.zeros((1, width), dtype=torch.float32, device=device)
    running[:, 1:] = PENALTY
    running_nodes = [0] * width
    running_tokens: list[list[int]] = [[] for _ in range(width)]
    pool = torch.full((1, width), PENALTY, dtype=torch.float32, device=device)
    pool_finished = torch.zeros((1, width), dtype=torch.bool, device=device)
    pool_entries: list = [None] * width  # Hypothesis per pool slot (None: empty)
    improvable = torch.ones((1, 1), dtype=torch.bool, device=device)

    nodes: dict[int, Candidate] = {}
    trace = []
    next_id = 1
    stopped = "max_length reached"
    logp = decoder.start(width)
    for step in range(1, max_new_tokens + 1):
        vocab = logp.size(-1)
        total = (logp[None] + running[:, :, None]).reshape(1, -1)
        top_scores, top_index = torch.topk(total, k=candidates)
        beam_of, token_of = top_index // vocab, top_index % vocab
        hits = torch.isin(token_of, eos) if eos.numel() else torch.zeros_like(token_of, dtype=torch.bool)
        if step >= max_new_tokens:
            hits = torch.ones_like(hits)

        # Who stays alive: the best that did not stop (stopped ones only as penalised fill-ins).
        alive_scores = top_scores + hits.to(torch.float32) * PENALTY
        alive_pick = torch.topk(alive_scores, k=width)[1]
        next_running = torch.take_along_dim(alive_scores, alive_pick, dim=1)

        # Who enters the finished pool: stopped candidates in the top B, scored S / s^alpha.
        offered = hits & top_b[None, :]
        offer_scores = top_scores / (step ** alpha)
        offer_scores = offer_scores + (torch.all(pool_finished, dim=-1, keepdim=True)).to(torch.float32) * PENALTY
        offer_scores = offer_scores + (~improvable).to(torch.float32) * PENALTY
        offer_scores = offer_scores + (~offered) * PENALTY
        merged = torch.cat((pool, offer_scores), dim=1)
        pool_pick = torch.topk(merged, k=width)[1]
        pool = torch.take_along_dim(merged, pool_pick, dim=1)
        pool_finished = torch.take_along_dim(torch.cat((pool_finished, offered), dim=1), pool_pick, dim=1)

        # The trace, and the bookkeeping of sequences (on the CPU, 2B entries a step).
        beams, tokens = beam_of[0].tolist(), token_of[0].tolist()
        scores_list, offer_list = top_scores[0].tolist(), (top_scores[0] / (step ** alpha)).tolist()
        token_logps = logp[beam_of[0], token_of[0]].tolist()
        alive_set, pool_set = alive_pick[0].tolist(), set(pool_pick[0].tolist())
        offered_list = offered[0].tolist()
        step_nodes = []
        for rank in range(candidates):
            if offered_list[rank] and width + rank in pool_set:
                status = "finished"
            elif rank in alive_set:  # (a stopped one only as generate's penalised fill-in)
                status = "kept"
            else:
                status = "pruned"
            cand = Candidate(next_id, running_nodes[beams[rank]], step, tokens[rank], token_logps[rank],
                             scores_list[rank], offer_list[rank], rank, status, True)
            nodes[next_id] = cand
            step_nodes.append(cand)
            next_id += 1
        trace.append(tuple(step_nodes))
        new_entries = []
        pool_scores = pool[0].tolist()  # the scores generate returns: read back, not recomputed
        for position, slot in enumerate(pool_pick[0].tolist()):
            if slot < width:
                new_entries.append(pool_entries[slot])
            elif offered_list[slot - width]:
                rank = slot - width
                seq = tuple(running_tokens[beams[rank]] + [tokens[rank]])
                new_entries.append(Hypothesis(seq, scores_list[rank], pool_scores[position],
                                              bool(eos.numel()) and tokens[rank] in eos_ids, step_nodes[rank].node_id))
            else:
                new_entries.append(None)
        pool_entries = new_entries
        running_tokens = [running_tokens[beams[r]] + [tokens[r]] for r in alive_set]
        running_nodes = [step_nodes[r].node_id for r in alive_set]
        running = next_running

        # generate's stopping test, in its order.
        worst = torch.where(pool_finished, torch.min(pool, dim=1, keepdim=True)[0], PENALTY)
        improvable = improvable & torch.any(running[:, :1] / (step ** alpha) > worst, dim=-1, keepdim=True)
        all_finished = bool(torch.all(pool_finished))
        if not bool(improvable.any()) or all_finished or bool(torch.all(hits)):
            stopped = "max_length reached" if step >= max_new_tokens else (
                "enough finished hypotheses" if all_finished else "no better hypothesis possible")
            break
        logp = decoder.extend(beam_of[0][alive_pick[0]], token_of[0][alive_pick[0]])

    hypotheses = tuple(h for h in pool_entries if h is not None)
    return BeamResult(hypotheses=hypotheses, trace=tuple(trace), beam_width=width, length_penalty="hf",
                      alpha=float(alpha), max_length=max_new_tokens, steps_run=len(trace),
                      stopped_because=stopped, nodes=nodes)
