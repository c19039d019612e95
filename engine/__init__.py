"""Attention Lab's engine: models, decoding and exact calculations.  No Qt in here.

The stable public API:

    from engine import load_model, ModelLoadError, InputError, list_models
    from engine.decoding import greedy_search, beam_search
    from engine.positional import sinusoidal_encoding, relative_shift_matrix
    from engine.distribution_parser import parse_distribution
    from engine.infotheory import entropy, row_entropies, kl_divergence

Names are imported lazily (PEP 562), so that importing a light module such as
engine.positional or engine.worker does not import torch: the app shows its window first and
lets the worker thread import torch.
"""
from importlib import import_module

_EXPORTS = {
    "AttentionResult": "engine.inference",
    "Seq2SeqModel": "engine.inference",
    "load_model": "engine.inference",
    "DeviceError": "engine.device",
    "choose_device": "engine.device",
    "describe_device": "engine.device",
    "ModelLoadError": "engine.models.files",
    "list_models": "engine.models.registry",
    "InputError": "engine.tokenizer",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'engine' has no attribute {name!r}")
