"""A loaded model with the operations the app, the CLI and notebooks use.

    model = engine.load_model("date-transformer")
    model.translate("Friday 26, March 2021")          # '2021-03-26'
    model.attention("4 Nov 1988").cross.shape         # (layers, heads, target, source)
    model.score("4 Nov 1988", "1988-11-04")           # teacher-forced log P(target + </s>)
    model.beam("4 Nov 1988", beam_width=5)            # engine.decoding.BeamResult

Decoding never writes ⟨pad⟩, ⟨s⟩ or ⟨unk⟩: ``step_function`` gives them log-probability -inf
(``never_generated``), so greedy search, beam search, batch translation and the what-if search
all skip them.  Teacher-forced numbers (``score``, ``attention`` with a target) are the model's
own, unmasked.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from engine.messages import Message
from engine.decoding import beam_search, greedy_search, greedy_search_batch, mask_tokens
from engine.device import choose_device
from engine.models.checkpoint import load_checkpoint
from engine.models.registry import resolve
from engine.tasks import TASKS
from engine.token_units import CHARACTERS, tokenizer_unit
from engine.tokenizer import NEVER_GENERATED, CharTokenizer, InputError


@dataclass(frozen=True)
class AttentionResult:
    """Everything one forward pass shows.  Arrays are float32 numpy, shape [layer, head, query, key].

    ``target_tokens`` label the decoder positions (queries of decoder_self and cross): "<s>"
    followed by the output without its final "</s>".  ``output_tokens`` are what each decoder
    position produced (or was forced to produce), ending with "</s>" when the output is complete.
    """

    source_text: str
    source_tokens: tuple[str, ...]
    target_tokens: tuple[str, ...]
    output_tokens: tuple[str, ...]
    output_text: str
    output_probabilities: np.ndarray  # P(output token t | prefix), shape (T,)
    top_probabilities: np.ndarray  # the model's own most likely token's probability per step
    encoder_self: np.ndarray | None
    decoder_self: np.ndarray | None
    cross: np.ndarray
    unknown_characters: tuple[str, ...]
    teacher_forced: bool
    architecture: str
    #: what one token is on each side (engine.token_units): the app writes and names them by it
    source_unit: str = CHARACTERS
    target_unit: str = CHARACTERS
    #: engine.domain.DomainReport of the model's own output (None when teacher-forced: the
    #: output is then the user's target, and for models whose task has no checks)
    domain: Any = None

    def matrix(self, kind: str, layer: int, head: int | None) -> np.ndarray:
        """One heatmap: head=None gives the mean over heads."""
        stack = getattr(self, kind)
        if stack is None:
            raise ValueError(f"this model has no {kind} attention")
        return self.mean_over_heads(kind, layer) if head is None else stack[layer, head]

    def mean_over_heads(self, kind: str, layer: int) -> np.ndarray:
        """[query, key]: the mean over heads of layer `layer` of `kind`."""
        return getattr(self, kind)[layer].mean(axis=0)


class ModelStep:
    """The step_fn engine.decoding's searches call, for one prepared source state.

    ``step(prefixes)`` runs one decoder pass over all prefixes (lists of ids starting with
    ⟨s⟩, of equal length) and returns next-token log-probabilities (rows, V) as a float32
    tensor, with the `suppressed` token ids at -inf.  `rows` is the number of inputs in the
    state: a one-input state is repeated for every prefix (the beams of one search); a batch
    state needs one prefix per input, in order (batch greedy translation).

    ``last_pass`` keeps the logits (rows, T, V) and attention of the latest call: after a greedy
    search it is the pass over ⟨s⟩ + the output but its last token, whose attention the view
    shows, so no extra decoder pass is needed for it.
    """

    def __init__(self, model: "Seq2SeqModel", state, suppressed: tuple[int, ...], rows: int = 1):
        self.model = model
        self.state = state
        self.suppressed = suppressed
        self.rows = rows
        self.last_pass = None

    @torch.inference_mode()
    def __call__(self, prefixes):
        batch = torch.tensor(prefixes, dtype=torch.long, device=self.model.device)
        if self.rows != 1 and batch.size(0) != self.rows:
            raise ValueError(f"this state holds {self.rows} inputs: give one prefix per input, not {batch.size(0)}")
        # a one-input state is expanded to the prefixes' rows; a batch state is used as it is
        decode = self.model.decode_prefixes if self.rows == 1 else self.model.module.decode_prefixes
        logits, attention = decode(self.state, batch)
        self.last_pass = logits, attention
        return mask_tokens(torch.log_softmax(logits[:, -1].float(), dim=-1), self.suppressed)


class Seq2SeqModel:
    """A trained translator (character- or word-level tokenizers) on one device
    (engine.models.protocol.TranslationModel)."""

    def __init__(self, name: str, module: torch.nn.Module, config: dict,
                 source_tokenizer: CharTokenizer, target_tokenizer: CharTokenizer, device: torch.device):
        self.name = name
        self.module = module
        self.config = config
        self.source_tokenizer = source_tokenizer
        self.target_tokenizer = target_tokenizer
        self.device = device
        hp = config["hyperparameters"]
        self.max_source_length = int(hp["max_source_length"])
        self.max_target_length = int(hp["max_target_length"])
        self.architecture = config["architecture"]
        #: target ids decoding never writes (⟨pad⟩, ⟨s⟩, ⟨unk⟩), in id order
        self.never_generated: tuple[int, ...] = tuple(sorted(target_tokenizer.stoi[t] for t in NEVER_GENERATED))
        self.task = config.get("task", "dates")  # engine.tasks: what the model translates
        task = TASKS.get(self.task)
        self.input_hint = task.input_hint if task else Message("hint_input")

    # ---- inputs -------------------------------------------------------------------------
    def encode_source(self, text: str):
        text = text.strip()
        if not text:
            raise InputError("input_empty", hint=self.input_hint)
        return self.source_tokenizer.encode(text, max_length=self.max_source_length)

    @torch.inference_mode()
    def prepare(self, text: str):
        """Encode the source once: -> (Encoded tokens, the model's prepared source state)."""
        encoded = self.encode_source(text)
        return encoded, self.module.prepare(torch.tensor([encoded.ids], dtype=torch.long, device=self.device))

    @torch.inference_mode()
    def prepare_batch(self, texts: list[str]):
        """The prepared state of many inputs at once (padded to the longest), for batch
        translation.  An input longer than the model reads is cut at its maximum; an empty one
        is read as one ⟨unk⟩."""
        src = self.source_tokenizer
        encoded = [src.encode(t.strip(), max_length=self.max_source_length, truncate=True).ids or [src.unk_id]
                   for t in texts]
        ids = torch.full((len(texts), max(len(e) for e in encoded)), src.pad_id, dtype=torch.long)
        for i, row in enumerate(encoded):
            ids[i, : len(row)] = torch.tensor(row)
        return self.module.prepare(ids.to(self.device))

    @torch.inference_mode()
    def decode_prefixes(self, state, prefixes: torch.Tensor):
        """One decoder pass over (B, T) prefixes starting with <s> (B = 1, or the state is
        expanded to B rows) -> (logits (B, T, V), {"cross": [...], ...} per layer).  The raw
        model: nothing is masked."""
        if prefixes.size(0) != 1:
            state = self.module.expand_state(state, prefixes.size(0))
        return self.module.decode_prefixes(state, prefixes)

    # ---- decoding -----------------------------------------------------------------------
    def step_function(self, state, suppress: bool = True, rows: int = 1) -> ModelStep:
        """step_fn for engine.decoding: all prefixes of a step in one decoder call.  With
        `suppress` (decoding) the never-generated tokens get log-probability -inf; without it
        (teacher-forced scoring of a given output) the distribution is the model's own."""
        return ModelStep(self, state, self.never_generated if suppress else (), rows)

    def greedy(self, text: str):
        """Greedy decoding of one input -> engine.decoding.GreedyResult."""
        _, state = self.prepare(text)
        tgt = self.target_tokenizer
        return greedy_search(self.step_function(state), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                             max_length=self.max_target_length)

    def translate(self, text: str) -> str:
        """Greedy translation of one input."""
        return self.target_tokenizer.decode(self.greedy(text).tokens)

    def translate_batch(self, texts: list[str]) -> list[str]:
        """Greedy translation of many inputs at once (for evaluation), one decoder call per step
        for all of them; the same search as translate (see prepare_batch for bad inputs)."""
        if not texts:
            return []
        tgt = self.target_tokenizer
        step = self.step_function(self.prepare_batch(texts), rows=len(texts))
        results = greedy_search_batch(step, batch_size=len(texts), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                      max_length=self.max_target_length)
        return [tgt.decode(r.tokens) for r in results]

    def beam(self, text: str, beam_width: int = 5, length_penalty: str = "power", alpha: float = 0.7,
             prefix: tuple[int, ...] | list[int] = (), max_length: int | None = None):
        _, state = self.prepare(text)
        tgt = self.target_tokenizer
        return beam_search(self.step_function(state), bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                           beam_width=beam_width, max_length=max_length or self.max_target_length,
                           length_penalty=length_penalty, alpha=alpha, prefix=prefix)

    def target_ids(self, target: str, add_eos: bool = True) -> list[int]:
        """Target text -> ids (+ </s>).  Raises InputError when the model could not write it
        (longer than its output limit), instead of scoring a shortened string."""
        tgt = self.target_tokenizer
        limit = self.max_target_length - 1
        ids = tgt.encode(target.strip()).ids  # length in tokens: characters, or words for word models
        if len(ids) > limit:
            unit = "words" if hasattr(tgt, "segment") else "characters"
            raise InputError(f"target_too_long_{unit}", length=len(ids), limit=limit)
        return ids + ([tgt.eos_id] if add_eos else [])

    @torch.inference_mode()
    def score(self, source: str, target: str) -> float:
        """Teacher-forced log P(target followed by </s> | source), natural log (unmasked)."""
        _, state = self.prepare(source)
        ids = self.target_ids(target)
        tgt = self.target_tokenizer
        target_in = torch.tensor([[tgt.bos_id] + ids[:-1]], dtype=torch.long, device=self.device)
        logits, _ = self.module.decode_prefixes(state, target_in)
        logp = torch.log_softmax(logits[0].float(), dim=-1)
        return float(logp[torch.arange(len(ids)), torch.tensor(ids, device=self.device)].sum())

    @torch.inference_mode()
    def next_token_distribution(self, source: str, prefix_ids: list[int]) -> np.ndarray:
        """The model's own P(next token | source, <s> + prefix) over the target vocabulary
        (unmasked: the never-generated tokens keep their probability)."""
        _, state = self.prepare(source)
        step = self.step_function(state, suppress=False)
        return np.exp(step([[self.target_tokenizer.bos_id] + list(prefix_ids)])[0].cpu().numpy().astype(np.float64))

    # ---- attention ----------------------------------------------------------------------
    @torch.inference_mode()
    def attention(self, text: str, target: str | None = None) -> AttentionResult:
        """Attention of one forward pass over the model's greedy output, or over `target`
        (teacher forcing) when given."""
        tgt = self.target_tokenizer
        encoded, state = self.prepare(text)
        if target is None:
            # The greedy search's last decoder pass (over <s> + all output but the final token)
            # is exactly the pass whose attention we show: no extra forward pass.
            step = self.step_function(state)
            out_ids = list(greedy_search(step, bos_id=tgt.bos_id, eos_id=tgt.eos_id,
                                         max_length=self.max_target_length).tokens)
            logits, attn = step.last_pass
        else:
            out_ids = self.target_ids(target)
            target_in = torch.tensor([[tgt.bos_id] + out_ids[:-1]], device=self.device)
            logits, attn = self.module.decode_prefixes(state, target_in)
        logp = torch.log_softmax(logits[0].float(), dim=-1)  # (T, V), the model's own
        chosen = logp[torch.arange(len(out_ids)), torch.tensor(out_ids, device=self.device)].exp()
        # what the model would write at each step: its most probable token it may generate
        top = mask_tokens(logp, self.never_generated).max(dim=-1).values.exp()

        def stack(kind):
            if kind == "encoder_self":
                layers = state.get("encoder_self")
            else:
                layers = attn.get(kind)
            if not layers:
                return None
            return torch.stack([w[0] for w in layers]).float().cpu().numpy()  # (L, H, Q, K)

        return AttentionResult(
            source_text=text.strip(),
            source_tokens=tuple(encoded.tokens),
            target_tokens=tuple(tgt.tokens([tgt.bos_id] + out_ids[:-1])),
            output_tokens=tuple(tgt.tokens(out_ids)),
            output_text=tgt.decode(out_ids),
            output_probabilities=chosen.cpu().numpy().astype(np.float64),
            top_probabilities=top.cpu().numpy().astype(np.float64),
            encoder_self=stack("encoder_self"),
            decoder_self=stack("decoder_self"),
            cross=stack("cross"),
            unknown_characters=encoded.unknown,
            teacher_forced=target is not None,
            architecture=self.architecture,
            source_unit=tokenizer_unit(self.source_tokenizer),
            target_unit=tokenizer_unit(tgt),
        )


def load_model(name: str, device: str = "auto") -> Seq2SeqModel:
    """Load a shipped model by name ("date-transformer") or from a folder path.

    Raises engine.ModelLoadError (missing/corrupt files) or engine.DeviceError."""
    dev = choose_device(device)
    folder = resolve(name)
    module, config, source, target = load_checkpoint(folder, dev)
    return Seq2SeqModel(config.get("name", folder.name), module, config, source, target, dev)
