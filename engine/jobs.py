"""Requests the worker runs and the Result it returns: plain frozen dataclasses.

Each request has ``run(context) -> value``; values hold numpy arrays and Python numbers,
never tensors, so the GUI never touches torch.
"""
from __future__ import annotations

import functools
import threading
from dataclasses import dataclass, field
from typing import Any

from engine.tokenizer import InputError


@dataclass(frozen=True)
class Result:
    request_id: int
    channel: str
    request: Any
    value: Any = None
    error: str | None = None  # one line a user can read
    error_type: str | None = None  # the exception's class name
    error_code: str | None = None  # engine.messages code of the error (None: a bug, not coded)
    error_args: dict | None = field(default=None, hash=False)  # its arguments (values may be Messages)
    queued_ms: float = 0.0
    elapsed_ms: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None


class EngineContext:
    """State owned by the worker thread: the device and the loaded models."""

    def __init__(self, device: str = "auto"):
        self.requested_device = device
        self._device = None
        self._models: dict[str, Any] = {}
        self._owner = None

    @property
    def device(self):
        if self._device is None:
            from engine.device import choose_device

            self._device = choose_device(self.requested_device)
        return self._device

    def model(self, name: str):
        """The loaded model `name`, loading it on first use (raises ModelLoadError)."""
        self._check_thread()
        if name not in self._models:
            from engine.inference import load_model

            self._models[name] = load_model(name, device=str(self.device))
        return self._models[name]

    def _check_thread(self):
        # Models are owned by one thread; using them elsewhere is a bug, caught early.
        me = threading.current_thread()
        if self._owner is None:
            self._owner = me
        elif self._owner is not me:
            raise RuntimeError("engine models are used outside the worker thread that owns them")


# ---- requests ------------------------------------------------------------------------------

class Request:
    """What every request the worker runs has: `run(context) -> value`, and `model_label`, the
    model it runs on as the app's status bar names it (None: it uses no model).  The app reads
    the label from here, never from whichever field a request happens to have: a Hugging Face
    request names its model by folder, not by a `model` field."""

    @property
    def model_label(self) -> str | None:
        return None

    def run(self, ctx: EngineContext):
        raise NotImplementedError


class ShippedModelRequest(Request):
    """A request on a shipped model (assets/models), named by its `model` field."""

    @property
    def model_label(self) -> str | None:
        return self.model


class FolderModelRequest(Request):
    """A request on a Hugging Face model folder (`path` field), named as its selector names it."""

    @property
    def model_label(self) -> str | None:
        return _folder_label(self.path)


@dataclass(frozen=True)
class DeviceRequest(Request):
    """Which device the worker uses; the value is (device string, description)."""

    def run(self, ctx: EngineContext):
        from engine.device import describe_device

        return str(ctx.device), describe_device(ctx.device)


@dataclass(frozen=True)
class AttentionRequest(ShippedModelRequest):
    """The value is an engine.inference.AttentionResult."""

    model: str
    text: str
    target: str | None = None

    def run(self, ctx: EngineContext):
        model = ctx.model(self.model)
        if self.target is not None:
            # The model API scores such a target with ⟨unk⟩ in place of the characters (its own
            # probabilities); in the view a typed target that silently changed would mislead.
            unknown = model.target_tokenizer.encode(self.target.strip()).unknown
            if unknown:
                names = ", ".join(repr(ch) for ch in unknown)
                words = hasattr(model.target_tokenizer, "segment")  # a word model's unknowns are words
                raise InputError("target_unknown_words" if words else "target_unknown_characters",
                                 **{"words" if words else "characters": names})
        result = model.attention(self.text, target=self.target)
        if self.target is not None:
            return result
        from dataclasses import replace

        from engine.domain import attention_domain

        return replace(result, domain=attention_domain(model, result))


@dataclass(frozen=True)
class CallRequest(Request):
    """Run a pure engine function (positional encodings, information theory) in the worker,
    so even cheap calculations never run on the GUI thread.  `fn` must be a plain function."""

    fn: Any
    args: tuple = ()
    kwargs: dict = field(default_factory=dict, hash=False)

    def run(self, ctx: EngineContext):
        return self.fn(*self.args, **self.kwargs)


@dataclass(frozen=True, eq=False)
class OverviewRequest(Request):
    """The overview grid of one result's attention kind: its tiles and mean row entropies
    (engine.attention_overview.summarise), with the word-piece toggles of a Hugging Face result
    applied to the whole stack first (engine.hf.toggles).  The value is an OverviewSummary.
    Uses no model: the app runs it off the model's worker thread (app/bridge.py, background)."""

    result: Any
    kind: str
    merge_words: bool = False
    hide_specials: bool = False

    def run(self, ctx: EngineContext):
        from engine.attention_overview import summarise

        stack = getattr(self.result, self.kind)
        if self.merge_words or self.hide_specials:
            from engine.hf.toggles import shown_stack

            return summarise(shown_stack(self.result, self.kind, stack, self.merge_words, self.hide_specials))
        # a Hugging Face result's means over heads came with it from the worker
        return summarise(stack, means=getattr(self.result, "head_means", {}).get(self.kind))


@dataclass(frozen=True, eq=False)
class ShownLayerRequest(Request):
    """One layer of a Hugging Face result's attention kind with the word-piece toggles applied,
    its mean over heads and its labels (engine.hf.toggles.shown_layer -> ShownLayer): what the
    attention view's heatmap draws while a toggle is on.  Uses no model: the app runs it on the
    bridge's background worker, so the GUI thread only draws the finished arrays."""

    result: Any
    kind: str
    layer: int
    rows: tuple
    cols: tuple
    merge_words: bool = False
    hide_specials: bool = False

    def run(self, ctx: EngineContext):
        from engine.hf.toggles import shown_layer

        return shown_layer(self.result, self.kind, self.layer, self.rows, self.cols, self.merge_words,
                           self.hide_specials)


@dataclass(frozen=True)
class BeamRequest(ShippedModelRequest):
    """Beam search, greedy search and error analysis of one input; the value is an
    engine.beam_analysis.BeamAnalysis.  `prefix` forces the first generated tokens (ids)."""

    model: str
    text: str
    beam_width: int = 5
    length_penalty: str = "power"
    alpha: float = 0.7
    prefix: tuple = ()
    expected: str | None = None
    max_length: int | None = None

    def run(self, ctx: EngineContext):
        from engine.beam_analysis import analyse_beam

        return analyse_beam(ctx.model(self.model), self.text, beam_width=self.beam_width,
                            length_penalty=self.length_penalty, alpha=self.alpha, prefix=self.prefix,
                            expected=self.expected, max_length=self.max_length)


@dataclass(frozen=True)
class NodeRequest(ShippedModelRequest):
    """The next-token distribution and cross-attention after one prefix of the search; the
    value is an engine.beam_analysis.NodeInspection."""

    model: str
    text: str
    prefix: tuple = ()
    node_id: int | None = None  # echoed back for the view: which tree node asked

    def run(self, ctx: EngineContext):
        from engine.beam_analysis import inspect_node

        return inspect_node(ctx.model(self.model), self.text, self.prefix)


# ---- Hugging Face model folders (engine.hf; the optional [hf] extra) -------------------------

@functools.lru_cache(maxsize=64)
def _folder_label(path) -> str:
    """FolderModelRequest.model_label: asked twice per keystroke (request sent, result shown),
    and resolving the path reads the file system each time."""
    from pathlib import Path

    from engine.hf.folder import model_name

    return model_name(Path(hf_model_key(path)))


def hf_model_key(path) -> str:
    """The name a loaded folder is kept under in the worker: its absolute path."""
    from pathlib import Path

    return str(Path(path).expanduser().resolve())


def _hf_model(ctx: EngineContext, path, progress=None):
    """The model loaded from folder `path`, loading it on first use (raises ModelLoadError)."""
    ctx._check_thread()
    key = hf_model_key(path)
    if key not in ctx._models:
        from engine.hf.model import load_hf_model

        ctx._models[key] = load_hf_model(key, device=str(ctx.device), progress=progress)
    return ctx._models[key]


@dataclass(frozen=True)
class LoadModelPathRequest(FolderModelRequest):
    """Load a Hugging Face model folder into the worker; the value is an
    engine.hf.HFModelInfo.  `progress(fraction, message)` is called from the worker thread at
    each loading stage (the app's bridge forwards it to the GUI thread)."""

    path: str
    progress: Any = field(default=None, compare=False, hash=False)

    def run(self, ctx: EngineContext):
        return _hf_model(ctx, self.path, self.progress).info


@dataclass(frozen=True)
class HFAttentionRequest(FolderModelRequest):
    """Attention of one input on a loaded (or first-loaded) folder; the value is an
    engine.hf.HFAttentionResult.  `target` teacher-forces encoder-decoder models."""

    path: str
    text: str
    target: str | None = None
    max_new_tokens: int = 40

    def run(self, ctx: EngineContext):
        return _hf_model(ctx, self.path).attention(self.text, target=self.target, max_new_tokens=self.max_new_tokens)


@dataclass(frozen=True)
class HFBeamRequest(FolderModelRequest):
    """Beam search (generate's rules) on a decoder or encoder-decoder folder; the value is an
    engine.hf.HFBeamResult."""

    path: str
    text: str
    beam_width: int = 5
    alpha: float = 1.0
    max_new_tokens: int = 40

    def run(self, ctx: EngineContext):
        return _hf_model(ctx, self.path).beam(self.text, beam_width=self.beam_width, alpha=self.alpha,
                                              max_new_tokens=self.max_new_tokens)
