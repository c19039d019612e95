"""Save and load models as model.safetensors + config.json (never pickle)."""
from __future__ import annotations

import json
from pathlib import Path

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from engine.messages import Message
from engine.models.files import CONFIG_FILE, WEIGHTS_FILE, ModelLoadError, read_config  # noqa: F401
from engine.models.rnn_attention import DateRNNAttention, RNNAttentionConfig, RNNConfig
from engine.models.rnn_plain import DateRNNNoAttention
from engine.models.transformer import DateTransformer, TransformerConfig
from engine.word_tokenizer import make_tokenizer

ARCHITECTURES = {
    "transformer": (DateTransformer, TransformerConfig),
    "rnn-attention": (DateRNNAttention, RNNAttentionConfig),
    "rnn-no-attention": (DateRNNNoAttention, RNNConfig),
}


def build_model(architecture: str, hyperparameters: dict) -> torch.nn.Module:
    try:
        model_cls, config_cls = ARCHITECTURES[architecture]
    except KeyError:
        raise ValueError(f"unknown architecture {architecture!r}") from None
    return model_cls(config_cls(**hyperparameters))


def save_checkpoint(directory, model: torch.nn.Module, config: dict) -> Path:
    """Write the weights (contiguous CPU tensors) and the config dict to `directory`."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    tensors = {k: v.detach().to("cpu").contiguous() for k, v in model.state_dict().items()}
    save_file(tensors, str(directory / WEIGHTS_FILE))
    (directory / CONFIG_FILE).write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return directory


def load_checkpoint(directory, device="cpu"):
    """-> (model in eval mode on `device`, config dict, source tokenizer, target tokenizer)."""
    directory = Path(directory)
    config = read_config(directory)
    weights = directory / WEIGHTS_FILE
    if not weights.is_file():
        raise ModelLoadError(weights, Message("weights_missing"))
    try:
        model = build_model(config["architecture"], config["hyperparameters"])
    except (TypeError, ValueError) as exc:
        raise ModelLoadError(directory / CONFIG_FILE, Message("hyperparameters_invalid", detail=str(exc))) from exc
    try:
        state = load_file(str(weights), device="cpu")
    except (SafetensorError, OSError, ValueError, RuntimeError) as exc:
        raise ModelLoadError(weights, Message("weights_unreadable", detail=str(exc))) from exc
    try:
        model.load_state_dict(state, strict=True)
    except RuntimeError as exc:
        first = str(exc).strip().splitlines()
        raise ModelLoadError(weights, Message("weights_do_not_fit", detail=first[0] if first else str(exc))) from exc
    for name, tensor in state.items():
        if tensor.is_floating_point() and not torch.isfinite(tensor).all():
            raise ModelLoadError(weights, Message("weights_not_finite", tensor=repr(name)))
    try:
        source = make_tokenizer(config.get("source_tokenizer"), config["source_vocab"])
        target = make_tokenizer(config.get("target_tokenizer"), config["target_vocab"])
    except (TypeError, ValueError) as exc:
        raise ModelLoadError(directory / CONFIG_FILE, Message("vocabulary_unreadable", detail=str(exc))) from exc
    model.to(device).eval()
    return model, config, source, target
