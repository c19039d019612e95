"""A Hugging Face checkpoint loaded from a local folder, with the attention the views draw.

Loading is offline and safe: ``local_files_only=True``, safetensors weights only,
``trust_remote_code=False``, and ``attn_implementation="eager"`` so every layer returns its
attention weights.  Three kinds of model are opened:

* "encoder" (BERT-like): ``encoder_self`` over the input's tokens;
* "decoder" (GPT-2-like): ``decoder_self`` over the input's tokens (causal), and what the model
  predicts after each position;
* "encoder-decoder" (T5/Marian-like): ``encoder_self``, then ``decoder_self`` and ``cross`` over
  the model's greedy output (or a given target, teacher-forced), as for the shipped models.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import torch
from torch.overrides import TorchFunctionMode

from engine.device import choose_device
from engine.hf.buffers import StackBuffers
from engine.hf.folder import HF_INSTALL_HINT, FolderInfo, check_model_folder, hf_available, model_name
from engine.hf.transforms import (hide_and_renormalise, merge_to_words, sink_mass, word_groups,
                                  word_ids_from_pieces)
from engine.inference import AttentionResult
from engine.messages import Message
from engine.models.files import ModelLoadError
from engine.tokenizer import InputError
from engine.token_units import WORD_PIECES, piece_unit

# the kinds are words a user reads ("Loaded … (encoder)"): Messages, equal to the plain words
ENCODER, DECODER, ENCODER_DECODER = (Message("kind_encoder"), Message("kind_decoder"),
                                     Message("kind_encoder_decoder"))
KINDS = (ENCODER, DECODER, ENCODER_DECODER)
DEFAULT_MAX_NEW_TOKENS = 40


@dataclass(frozen=True)
class HFModelInfo:
    """What the app shows about a loaded folder (model selectors, recent-models menu)."""

    name: str
    path: str
    kind: str  # "encoder", "decoder" or "encoder-decoder"
    model_type: str  # config.json's model_type, e.g. "bert"
    architecture: str  # the class transformers built, e.g. "BertModel"
    layers: int
    heads: int
    parameters: int
    vocab_size: int
    max_tokens: int | None  # the longest input the model reads (None: no fixed limit)
    device: str
    can_generate: bool


@dataclass(frozen=True)
class _Tokens:
    ids: tuple[int, ...]
    tokens: tuple[str, ...]
    special: tuple[bool, ...]
    word_ids: tuple[int | None, ...]
    words: tuple[str, ...]  # one label per word_groups(word_ids) group
    unknown: tuple[str, ...]


@dataclass(frozen=True)
class HFAttentionResult(AttentionResult):
    """An AttentionResult (same arrays and labels, [layer, head, query, key] float32) plus what
    word-piece models need.  Sides: "source" labels encoder_self and the keys of cross;
    "target" labels decoder_self and the queries of cross.  For decoder-only models the
    input's tokens are the target side and ``source_tokens`` is empty.

    ``*_special``: True where the token is a special token ([CLS], [SEP], </s>, <pad>...).
    ``*_word_ids``: the word each token belongs to (None for special tokens);
    ``*_words``: one label per word group (engine.hf.transforms.word_groups)."""

    model_kind: str = ENCODER
    source_unit: str = WORD_PIECES
    target_unit: str = WORD_PIECES
    source_ids: tuple[int, ...] = ()
    target_ids: tuple[int, ...] = ()
    source_special: tuple[bool, ...] = ()
    target_special: tuple[bool, ...] = ()
    source_word_ids: tuple = ()
    target_word_ids: tuple = ()
    source_words: tuple[str, ...] = ()
    target_words: tuple[str, ...] = ()
    #: per attention kind ("encoder_self", …): [layer, query, key] float32, each layer's mean over
    #: its heads, and [layer, head] float32 sink masses (`sink_mass`).  Computed in the worker with
    #: the forward pass (`HFModel`), so that the app's GUI thread draws them instead of reducing a
    #: 12 × 512 × 512 layer per keystroke; a result made without them computes them when asked.
    head_means: dict = field(default_factory=dict)
    sink_masses: dict = field(default_factory=dict)

    _SIDES = {"encoder_self": ("source", "source"), "decoder_self": ("target", "target"),
              "cross": ("target", "source")}

    def sides(self, kind: str) -> tuple[str, str]:
        """(query side, key side) of an attention kind."""
        return self._SIDES[kind]

    def word_groups(self, side: str) -> list[tuple[int, ...]]:
        return word_groups(getattr(self, f"{side}_word_ids"))

    def sink_keys(self, side: str) -> np.ndarray:
        """Boolean mask of the attention-sink positions: special tokens and the first token."""
        return _sink_keys(getattr(self, f"{side}_special"))

    def _stack(self, kind: str, layer: int | None = None, head: int | None = None) -> np.ndarray:
        """The whole [L, H, Q, K] stack, one layer's [H, Q, K], or one head's [Q, K]."""
        stack = getattr(self, kind)
        if stack is None:
            raise ValueError(f"this model has no {kind} attention")
        if layer is None:
            return stack
        return stack[layer] if head is None else stack[layer, head]

    def merged_to_words(self, kind: str, layer: int | None = None, head: int | None = None) -> np.ndarray:
        """Word pieces merged (columns summed, rows averaged), for the stack or one layer/head
        (one heatmap is about 1/72 of the work of a 6 x 12 stack)."""
        q, k = self.sides(kind)
        return merge_to_words(self._stack(kind, layer, head), self.word_groups(q), self.word_groups(k))

    def without_specials(self, kind: str, layer: int | None = None, head: int | None = None) -> np.ndarray:
        """Special-token rows and columns removed and rows renormalised (stack or one layer/head)."""
        q, k = self.sides(kind)
        return hide_and_renormalise(self._stack(kind, layer, head), getattr(self, f"{q}_special"),
                                    getattr(self, f"{k}_special"))

    def sink_mass(self, kind: str) -> np.ndarray:
        """[layer, head]: mean attention mass on special tokens and the first token."""
        mass = self.sink_masses.get(kind)
        return sink_mass(self._stack(kind), self.sink_keys(self.sides(kind)[1])) if mass is None else mass

    def mean_over_heads(self, kind: str, layer: int) -> np.ndarray:
        """[query, key]: layer `layer`'s mean over heads (the worker's, when it computed it)."""
        means = self.head_means.get(kind)
        return super().mean_over_heads(kind, layer) if means is None else means[layer]


def classify(info: FolderInfo) -> str:
    """The kind of model a folder holds, from config.json; ModelLoadError when unsupported."""
    from transformers.models.auto import modeling_auto as auto

    model_type, archs = info.model_type, info.architectures
    named = f"{archs[0] if archs else model_type} (model_type {model_type!r})"
    if info.config.get("is_encoder_decoder"):
        if model_type in auto.MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES:
            return ENCODER_DECODER
    elif any(a.endswith(("LMHeadModel", "ForCausalLM")) for a in archs) \
            and model_type in auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES:
        return DECODER
    elif model_type in auto.MODEL_FOR_MASKED_LM_MAPPING_NAMES:
        return ENCODER
    elif model_type in auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES:
        return DECODER
    raise ModelLoadError(info.path, Message("unsupported_architecture", architecture=named))


@contextmanager
def _quiet_transformers():
    """No progress bars or warnings on stderr while loading (the CLI prints one error line)."""
    from transformers.utils import logging as hf_logging

    verbosity = hf_logging.get_verbosity()
    bars = hf_logging.is_progress_bar_enabled()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        hf_logging.set_verbosity(verbosity)
        if bars:
            hf_logging.enable_progress_bar()


def load_hf_model(path, device: str = "auto", progress=None) -> "HFModel":
    """Load tokenizer and model from a local folder.  `progress(fraction, message)` is called
    at each stage (from the calling thread).  Raises ModelLoadError, DeviceError."""
    def report(fraction, message):
        if progress is not None:
            progress(fraction, message)

    report(0.0, Message("stage_checking_folder"))
    if not hf_available():
        raise ModelLoadError(Path(path), HF_INSTALL_HINT)
    info = check_model_folder(path)
    kind = classify(info)
    dev = choose_device(device)
    import transformers

    auto_class = {ENCODER: transformers.AutoModel, DECODER: transformers.AutoModelForCausalLM,
                  ENCODER_DECODER: transformers.AutoModelForSeq2SeqLM}[kind]
    with _quiet_transformers():
        # transformers raises many types (OSError, ValueError, safetensors errors, KeyError for
        # unknown configs...): at this boundary each becomes the one documented error type.
        try:
            report(0.1, Message("stage_reading_tokenizer"))
            tokenizer = transformers.AutoTokenizer.from_pretrained(info.path, local_files_only=True,
                                                                   trust_remote_code=False)
            report(0.3, Message("stage_reading_weights", loader=auto_class.__name__))
            module = auto_class.from_pretrained(info.path, local_files_only=True, trust_remote_code=False,
                                                use_safetensors=True, attn_implementation="eager",
                                                dtype=torch.float32)
        except Exception as exc:  # noqa: BLE001 - converted, with its message, to ModelLoadError
            raise ModelLoadError(info.path, Message("transformers_failed", detail=_first_line(exc))) from exc
    report(0.8, Message("stage_moving", device=str(dev)))
    module.to(dev).eval()
    model = HFModel(info, kind, tokenizer, module, dev)
    report(0.9, Message("stage_checking_attention"))
    model.check_attention()
    report(1.0, Message("stage_ready"))
    return model


#: bytes of probabilities per softmax in `predictions`: a few rows of the vocabulary at a time,
#: small enough to stay in the core's cache for the max that follows
_SOFTMAX_BLOCK_BYTES = 256 * 1024


def predictions(logits: torch.Tensor, chosen: torch.Tensor | None = None):
    """The softmax over the vocabulary at each position of (T, V) logits, reduced as it goes:
    (each position's top probability (T,) float32, its token id (T,) int64, and, if `chosen`
    (T,) ids is given, each position's probability of its chosen id, else None), on the
    logits' device.

    Why not torch.softmax(logits).max(-1): at 512 tokens and GPT-2's 50 257-token vocabulary the
    probabilities are a 100 MB array, mapped fresh on every request (the app returns blocks over
    128 KiB to the system: app/malloc_policy.py), written, and read back from memory for the max.
    Here a few rows at a time are written into one small buffer and reduced while in the cache.
    Each row's softmax is torch's own kernel over that row, as it is over the whole matrix, so
    the numbers are the same (ties: the first maximal id, as torch.max)."""
    rows, vocab = logits.shape
    step = max(1, _SOFTMAX_BLOCK_BYTES // (4 * vocab))
    device = logits.device
    probs = torch.empty(min(step, rows), vocab, dtype=torch.float32, device=device)
    top = torch.empty(rows, dtype=torch.float32, device=device)
    ids = torch.empty(rows, dtype=torch.long, device=device)
    picked = None if chosen is None else torch.empty(rows, dtype=torch.float32, device=device)
    for start in range(0, rows, step):
        block = logits[start:start + step]
        n = block.shape[0]
        torch.softmax(block.float(), dim=-1, out=probs[:n])
        torch.max(probs[:n], dim=-1, out=(top[start:start + n], ids[start:start + n]))
        if picked is not None:
            picked[start:start + n] = probs[torch.arange(n, device=device), chosen[start:start + n]]
    return top, ids, picked


_SOFTMAXES = (torch.nn.functional.softmax, torch.softmax, torch.Tensor.softmax)
#: the smallest layer of attention weights _AttentionInto captures.  The mode costs a Python call
#: per torch call of the forward pass (GPT-2 small's shape at 16 tokens: ~4 ms on 100 ms, ~0.3 ms
#: a layer) and saves ~0.4 ms per MB of weights (page faults, unmapping, the copy: 65 ms for
#: 12 layers of 12.6 MB at 512 tokens); 2 MiB, some 200 tokens at 12 heads, leaves a margin.
_CAPTURE_LAYER_BYTES = 2 << 20


class _AttentionInto(TorchFunctionMode):
    """While an encoder's or a decoder's forward pass runs on this thread: each softmax that
    makes one layer's attention weights — a float32 (1, heads, T, T) input over its last axis,
    the shape of one layer of `stack` — writes them into the next layer of `stack` (a pooled
    [layer, head, T, T] array) instead of a fresh array, and returns that layer.

    Why: each layer's 12 × 512 × 512 weights were a fresh 12.6 MB array (mapped anew on every
    request under the app's malloc policy, app/malloc_policy.py: page faults while the model
    writes it, unmapping when the output is freed), then copied into the pooled stack; measured
    at GPT-2 small's shape and 512 tokens, freeing the output took 26-33 ms of the worker's
    CPU with them and 8-15 ms without, and the copy 10 ms.  The values are the same softmax's
    (torch's kernel into `out=`); a model whose returned weights are not these tensors (another
    attention function, a transform after the softmax) is copied as before (HFModel._attention_stack).
    Encoder-decoder models are not captured (their three kinds interleave in one pass).
    A TorchFunctionMode is per thread: another thread's torch calls are not seen."""

    def __init__(self, stack: np.ndarray | None):
        super().__init__()
        self.stack = None if stack is None else torch.from_numpy(stack)
        self.written = 0

    def __enter__(self):
        # nothing to capture into: no mode, so the forward pass pays no Python call per torch call
        return super().__enter__() if self.stack is not None else self

    def __exit__(self, *exc):
        return super().__exit__(*exc) if self.stack is not None else None

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if func in _SOFTMAXES and self.written < len(self.stack) and self._layer_softmax(args, kwargs):
            layer = self.stack[self.written].unsqueeze(0)
            self.written += 1
            return torch.softmax(args[0], dim=-1, out=layer)
        return func(*args, **kwargs)

    def _layer_softmax(self, args, kwargs) -> bool:
        """A softmax of one layer's float32 attention scores over the keys, in float32.
        (torch.nn.functional.softmax hands the mode its defaults too: _stacklevel, dtype=None.)"""
        if len(args) > 2 or set(kwargs) - {"dim", "dtype", "_stacklevel"} or not isinstance(args[0], torch.Tensor):
            return False
        scores = args[0]
        dim = kwargs.get("dim", args[1] if len(args) == 2 else None)
        return (dim in (-1, scores.ndim - 1) and kwargs.get("dtype") in (None, torch.float32)
                and scores.dtype == torch.float32 and scores.device.type == "cpu"
                and scores.shape == (1, *self.stack.shape[1:]))


def _is_view_of(tensor: torch.Tensor, target: torch.Tensor) -> bool:
    """`tensor` is exactly `target`'s memory (same start, shape and strides)."""
    return (tensor.data_ptr() == target.data_ptr() and tensor.shape == target.shape
            and tensor.stride() == target.stride() and tensor.dtype == target.dtype)


def _unaliased(layers: list, target: torch.Tensor) -> list:
    """`layers`, with a clone of each one that lies in `target`'s memory but not at its own layer
    (a model that captured a softmax that was not its layer's attention): copying the layers in
    order would otherwise overwrite one before it is read."""
    start = target.data_ptr()
    end = start + target.numel() * target.element_size()
    return [w.clone() if w.device.type == "cpu" and start <= w.data_ptr() < end and not _is_view_of(w, target[i])
            else w for i, w in enumerate(layers)]


def _first_line(exc: Exception) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]


def _sink_keys(special) -> np.ndarray:
    """HFAttentionResult.sink_keys of a side whose special-token flags are `special`."""
    mask = np.array(special, dtype=bool)
    if mask.size:
        mask[0] = True
    return mask


class HFModel:
    """One loaded Hugging Face model on one device (used from one thread)."""

    def __init__(self, info: FolderInfo, kind: str, tokenizer, module, device: torch.device):
        self.path = info.path
        self.name = model_name(info.path)
        self.kind = kind
        self.model_type = info.model_type
        self.tokenizer = tokenizer
        self.module = module
        self.device = device
        config = module.config
        self.config = config
        self.architecture = type(module).__name__
        self._special_ids = frozenset(int(i) for i in tokenizer.all_special_ids)
        #: how its pieces are written as words (engine.token_units): ## continues, or Ġ/▁ starts
        self.unit = piece_unit(tokenizer.get_vocab())
        limits = [getattr(config, n, None) for n in ("max_position_embeddings", "n_positions")]
        limits = [int(n) for n in limits if isinstance(n, int) and n > 0]
        if not limits and 0 < getattr(tokenizer, "model_max_length", 0) < 1_000_000:
            limits = [int(tokenizer.model_max_length)]
        self.max_tokens = min(limits) if limits else None
        generation = getattr(module, "generation_config", None)
        eos = getattr(generation, "eos_token_id", None)
        if eos is None:
            eos = getattr(config, "eos_token_id", None)
        if eos is None:
            eos = tokenizer.eos_token_id
        self.eos_ids = tuple(eos) if isinstance(eos, (list, tuple)) else (() if eos is None else (int(eos),))
        self.decoder_start_id = getattr(config, "decoder_start_token_id", None)
        if self.decoder_start_id is None and generation is not None:
            self.decoder_start_id = getattr(generation, "decoder_start_token_id", None)
        self.layers = self.heads = 0
        self._buffers = StackBuffers()  # the results' attention stacks (engine/hf/buffers.py)
        self._mean_buffers = StackBuffers()  # their means over heads (a pool of their own: smaller)

    @property
    def eos_id(self) -> int | None:
        return self.eos_ids[0] if self.eos_ids else None

    @property
    def default_alpha(self) -> float:
        """generate's length_penalty for this model (its generation_config; 1.0 by default)."""
        value = getattr(getattr(self.module, "generation_config", None), "length_penalty", None)
        return 1.0 if value is None else float(value)

    @property
    def can_generate(self) -> bool:
        return self.kind != ENCODER

    @property
    def info(self) -> HFModelInfo:
        return HFModelInfo(
            name=self.name, path=str(self.path), kind=self.kind, model_type=self.model_type,
            architecture=self.architecture, layers=self.layers, heads=self.heads,
            parameters=sum(p.numel() for p in self.module.parameters()),
            vocab_size=int(self.module.get_input_embeddings().num_embeddings), max_tokens=self.max_tokens,
            device=str(self.device), can_generate=self.can_generate)

    @torch.inference_mode()
    def check_attention(self) -> None:
        """One short forward pass: the model must return one attention stack per layer."""
        probe = self.attention("a b", max_new_tokens=1)
        stack = probe.encoder_self if probe.encoder_self is not None else probe.decoder_self
        if stack is None or stack.ndim != 4 or stack.shape[0] == 0:
            raise ModelLoadError(self.path, Message("no_attention_weights", architecture=self.architecture))
        self.layers, self.heads = int(stack.shape[0]), int(stack.shape[1])

    # ---- tokens --------------------------------------------------------------------------
    def tokenize(self, text: str, target: bool = False) -> _Tokens:
        """The model's tokens of `text` with the special tokens its tokenizer adds.  Raises
        InputError for empty input or more tokens than the model reads."""
        if not text or not text.strip():
            raise InputError("input_empty", hint=Message("hint_text"))
        call = {"text_target": text} if target else {"text": text}
        try:
            enc = self.tokenizer(**call, add_special_tokens=True, return_offsets_mapping=True, verbose=False)
            offsets = enc.get("offset_mapping")
        except NotImplementedError:  # tokenizers without offsets (no Rust backend)
            enc, offsets = self.tokenizer(**call, add_special_tokens=True, verbose=False), None
        ids = [int(i) for i in enc["input_ids"]]
        if self.max_tokens is not None and len(ids) > self.max_tokens:
            raise InputError("input_too_long_tokens", length=len(ids), limit=self.max_tokens)
        return self._labelled(ids, enc, offsets, text)

    def _labelled(self, ids, enc=None, offsets=None, text="") -> _Tokens:
        tokens = [str(t) for t in self.tokenizer.convert_ids_to_tokens(ids)]
        special = [i in self._special_ids for i in ids]
        try:
            word_ids = list(enc.word_ids()) if enc is not None else None
        except (ValueError, AttributeError):  # a tokenizer that cannot map tokens to words
            word_ids = None
        if word_ids is None or len(word_ids) != len(ids):
            word_ids = word_ids_from_pieces(tokens, special)
        word_ids = [None if s else w for w, s in zip(word_ids, special)]
        words = tuple(self.tokenizer.convert_tokens_to_string([tokens[p] for p in group]).strip() or tokens[group[0]]
                      for group in word_groups(word_ids))
        unk = self.tokenizer.unk_token_id
        unknown = []
        if unk is not None and offsets is not None:
            for i, (start, end) in zip(ids, offsets):
                if i == unk and text[start:end] not in unknown:
                    unknown.append(text[start:end])
        return _Tokens(tuple(ids), tuple(tokens), tuple(special), tuple(word_ids), words, tuple(unknown))

    def _tensor(self, ids) -> torch.Tensor:
        return torch.tensor([list(ids)], dtype=torch.long, device=self.device)

    def prompt_ids(self, text: str) -> list[int]:
        """The ids generation starts from: the source (encoder-decoder) or the prompt."""
        ids = list(self.tokenize(text).ids)
        if self.kind == ENCODER:
            raise InputError("encoder_only", model=self.name)
        if self.kind == ENCODER_DECODER and self.decoder_start_id is None:
            raise InputError("no_decoder_start_generate", model=self.name)
        return ids

    # ---- attention -------------------------------------------------------------------------
    @torch.inference_mode()
    def attention(self, text: str, target: str | None = None,
                  max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS) -> HFAttentionResult:
        """One forward pass with attention weights.  Encoder-decoder: over the greedy output
        (at most `max_new_tokens` tokens) or over `target`, teacher-forced."""
        if target is not None and self.kind != ENCODER_DECODER:
            raise InputError("target_needs_encoder_decoder")
        if self.kind == ENCODER:
            return self._encoder_attention(text)
        if self.kind == DECODER:
            return self._decoder_attention(text)
        return self._seq2seq_attention(text, target, max_new_tokens)

    def _common(self, text, source: _Tokens | None, target: _Tokens | None, **arrays) -> HFAttentionResult:
        empty = _Tokens((), (), (), (), (), ())
        source = source or empty
        target = target or empty
        # each kind: (stack, means) from _attention_stack, or None for a kind the model lacks
        stacks = {kind: arrays.pop(kind) or (None, None) for kind in ("encoder_self", "decoder_self", "cross")}
        special = {"source": source.special, "target": target.special}
        sinks = {kind: sink_mass(stack, _sink_keys(special[HFAttentionResult._SIDES[kind][1]]))
                 for kind, (stack, _) in stacks.items() if stack is not None}
        return HFAttentionResult(
            source_text=text, source_tokens=source.tokens, source_unit=self.unit, target_unit=self.unit,
            unknown_characters=source.unknown or target.unknown, architecture=self.architecture,
            model_kind=self.kind, source_ids=source.ids, target_ids=target.ids,
            source_special=source.special, target_special=target.special,
            source_word_ids=source.word_ids, target_word_ids=target.word_ids,
            source_words=source.words, target_words=target.words,
            head_means={kind: means for kind, (stack, means) in stacks.items() if stack is not None},
            sink_masses=sinks, **{kind: stack for kind, (stack, _) in stacks.items()}, **arrays)

    def _single_stack_forward(self, ids: torch.Tensor):
        """An encoder's or decoder's forward pass over `ids` with attention -> (the model's output,
        the pooled [layer, head, T, T] array its attention weights were written into, or None)."""
        stack = self._pooled_stack(ids.shape[1])
        with _AttentionInto(stack):
            out = self.module(input_ids=ids, attention_mask=torch.ones_like(ids), output_attentions=True,
                              return_dict=True)
        return out, stack

    def _encoder_attention(self, text: str) -> HFAttentionResult:
        source = self.tokenize(text)
        out, stack = self._single_stack_forward(self._tensor(source.ids))
        return self._common(text, source, None, target_tokens=(), output_tokens=(), output_text="",
                            output_probabilities=np.zeros(0), top_probabilities=np.zeros(0),
                            encoder_self=self._attention_stack(out.attentions, stack), decoder_self=None,
                            cross=None, teacher_forced=False)

    def _decoder_attention(self, text: str) -> HFAttentionResult:
        prompt = self.tokenize(text)
        out, stack = self._single_stack_forward(self._tensor(prompt.ids))
        top, predicted, _ = predictions(out.logits[0])  # what comes after each position
        predicted_ids = predicted.tolist()
        top = top.cpu().numpy().astype(np.float64)
        return self._common(text, None, prompt, target_tokens=prompt.tokens,
                            output_tokens=tuple(self.tokenizer.convert_ids_to_tokens(predicted_ids)),
                            output_text=self.tokenizer.decode(predicted_ids[-1:]),
                            output_probabilities=top, top_probabilities=top.copy(),
                            encoder_self=None, decoder_self=self._attention_stack(out.attentions, stack), cross=None,
                            teacher_forced=True)

    def _seq2seq_attention(self, text: str, target: str | None, max_new_tokens: int) -> HFAttentionResult:
        source = self.tokenize(text)
        if self.decoder_start_id is None:
            raise InputError("no_decoder_start_decode", model=self.name)
        if target is None:
            out_ids = self.greedy_ids(text, max_new_tokens=max_new_tokens, source_ids=source.ids)
        else:
            out_ids = list(self.tokenize(target, target=True).ids)
        decoder_in = [int(self.decoder_start_id)] + out_ids[:-1]
        src = self._tensor(source.ids)
        out = self.module(input_ids=src, attention_mask=torch.ones_like(src), decoder_input_ids=self._tensor(decoder_in),
                          output_attentions=True, return_dict=True)
        top, _, chosen = predictions(out.logits[0], torch.tensor(out_ids, device=self.device))
        decoder_tokens = self._labelled(decoder_in)
        return self._common(
            text, source, decoder_tokens, target_tokens=decoder_tokens.tokens,
            output_tokens=tuple(self.tokenizer.convert_ids_to_tokens(out_ids)),
            output_text=self.tokenizer.decode(out_ids, skip_special_tokens=True),
            output_probabilities=chosen.cpu().numpy().astype(np.float64),
            top_probabilities=top.cpu().numpy().astype(np.float64),
            encoder_self=self._attention_stack(out.encoder_attentions), decoder_self=self._attention_stack(out.decoder_attentions),
            cross=self._attention_stack(out.cross_attentions), teacher_forced=target is not None)

    def _pooled_stack(self, tokens: int) -> np.ndarray | None:
        """A pooled [layer, head, T, T] array for the attention of a forward pass over `tokens`
        tokens on the CPU to be written into (_AttentionInto), or None where that does not pay:
        before check_attention has counted the layers and heads, on another device, and for
        layers under _CAPTURE_LAYER_BYTES."""
        if not self.layers or self.device.type != "cpu" or self.heads * tokens * tokens * 4 < _CAPTURE_LAYER_BYTES:
            return None
        return self._buffers.array((self.layers, self.heads, tokens, tokens))

    def _attention_stack(self, layers, stack: np.ndarray | None = None) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Per-layer (1, H, Q, K) tensors -> (float32 numpy [layer, head, query, key] in a pooled
        buffer (engine/hf/buffers.py), and [layer, query, key] each layer's mean over heads, into a
        buffer of the second pool), or (None, None) without attention.

        `stack`: the pooled array the forward pass wrote its attention weights into
        (_AttentionInto); a layer found there is not copied, any other is copied once (from any
        device, any float dtype) and its mean taken from the copy just written (still in the
        cache)."""
        if not layers or any(a is None for a in layers):
            return None, None
        shape = (len(layers), *layers[0].shape[1:])
        if stack is None or stack.shape != shape:
            stack = self._buffers.array(shape)
        means = self._mean_buffers.array((len(layers), *layers[0].shape[2:]))
        target, target_means = torch.from_numpy(stack), torch.from_numpy(means)
        layers = _unaliased([weights[0] for weights in layers], target)
        for index, weights in enumerate(layers):
            if not _is_view_of(weights, target[index]):
                target[index].copy_(weights)
            torch.mean(target[index], dim=0, out=target_means[index])
        return stack, means

    # ---- generation ------------------------------------------------------------------------
    def decoder(self, text: str, source_ids=None):
        """A KVCacheDecoder for `text` (the prompt, or the source to translate)."""
        from engine.hf.kv_cache import KVCacheDecoder

        return KVCacheDecoder(self, source_ids if source_ids is not None else self.prompt_ids(text))

    @torch.inference_mode()
    def greedy_ids(self, text: str, max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS, source_ids=None) -> list[int]:
        """Greedy generation on the key/value cache: the generated ids, ending with EOS when
        the model produced it within `max_new_tokens`."""
        if max_new_tokens < 1:
            raise ValueError("max_new_tokens must be at least 1")
        decoder = self.decoder(text, source_ids)
        logp = decoder.start(1)
        out: list[int] = []
        while True:
            token = int(logp[0].argmax())
            out.append(token)
            if token in self.eos_ids or len(out) >= max_new_tokens:
                return out
            logp = decoder.extend([0], [token])

    def generate_text(self, text: str, max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS) -> str:
        return self.tokenizer.decode(self.greedy_ids(text, max_new_tokens), skip_special_tokens=True)

    def beam(self, text: str, beam_width: int = 5, alpha: float = 1.0,
             max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS):
        """Beam search with Hugging Face generate's rules (engine.hf.beam) -> HFBeamResult."""
        from engine.hf.beam import hf_beam_search

        return hf_beam_search(self, text, beam_width=beam_width, alpha=alpha, max_new_tokens=max_new_tokens)
