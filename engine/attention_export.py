"""Attention arrays out of the command line: a subset of layers and heads, and the .npz writer.

`python -m engine attention … --npz FILE` writes, with numpy's own .npz layout (a zip of .npy
files, deflated, as `numpy.savez_compressed` writes it, so `numpy.load(FILE)` reads it):

* `<kind>/layer<L>` — float32, shape (heads, queries, keys): the attention of layer L (its index
  in the model, also with `--layers`), one matrix per selected head, in the order of `heads`.
  Kinds: `encoder_self`, `decoder_self`, `cross` (only those the model has).
* `heads` — int64, the head indices along the first axis of every `<kind>/layer<L>` array.
* `tokens_source` — the keys of `encoder_self` and `cross` (empty for decoder-only models);
  `tokens_target` — the queries of `decoder_self` and `cross`; `tokens_output` — what each
  decoder position produced.  Unicode string arrays (no pickle needed).
* `model` — the model's name (0-d string array).

Arrays are handed to engine/npz_writer.py one layer at a time (at most a few layers' heads and
compressed bytes in memory at once, besides the result), so a 12 x 12-head model at 512 tokens
never builds one giant object the way JSON does; that writer compresses them on several threads.
"""
from __future__ import annotations

import numpy as np

from engine.npz_writer import NpzWriter

KINDS = ("encoder_self", "decoder_self", "cross")


def parse_indices(text: str | None) -> tuple[int, ...] | None:
    """"0,2,5-7" -> (0, 2, 5, 6, 7); None (the option not given) -> None, meaning all."""
    if text is None:
        return None
    indices: list[int] = []
    for part in text.split(","):
        part = part.strip()
        try:
            if "-" in part:
                first, last = (int(p) for p in part.split("-", 1))
                if last < first:
                    raise ValueError
                indices.extend(range(first, last + 1))
            else:
                indices.append(int(part))
        except ValueError:
            raise ValueError(f"not a list of indices: {text!r} (write e.g. 0,2,5-7)") from None
    if any(i < 0 for i in indices):
        raise ValueError(f"indices count from 0: {text!r}")
    return tuple(dict.fromkeys(indices))  # order kept, repeats dropped


def _checked(chosen: tuple[int, ...] | None, count: int, what: str, kind: str) -> tuple[int, ...]:
    if chosen is None:
        return tuple(range(count))
    too_big = [i for i in chosen if i >= count]
    if too_big:
        raise ValueError(f"{what} {too_big[0]} does not exist: {kind} has {count} {what}s (0–{count - 1})")
    return chosen


def selected_layers(stack: np.ndarray, kind: str, layers, heads):
    """Yield (layer index, that layer's selected heads as an (H', Q, K) float32 array), one
    layer at a time (a view when every head is selected)."""
    layer_ids = _checked(layers, stack.shape[0], "layer", kind)
    head_ids = _checked(heads, stack.shape[1], "head", kind)
    every_head = head_ids == tuple(range(stack.shape[1]))
    for layer in layer_ids:
        chosen = stack[layer] if every_head else stack[layer][list(head_ids)]
        yield layer, np.asarray(chosen, dtype=np.float32)


def present_kinds(result) -> list[str]:
    return [kind for kind in KINDS if getattr(result, kind, None) is not None]


def subset(result, kind: str, layers=None, heads=None) -> np.ndarray:
    """The [layer, head, query, key] stack of `kind` restricted to the chosen layers and heads."""
    stack = getattr(result, kind)
    if layers is None and heads is None:
        return stack
    return np.stack([a for _, a in selected_layers(stack, kind, layers, heads)])


def _string_array(items) -> np.ndarray:
    return np.array(list(items), dtype=str)


def write_npz(path, result, model_name: str, layers=None, heads=None) -> list[str]:
    """Write the .npz described in the module docstring; return the array names written."""
    kinds = present_kinds(result)
    for kind in kinds:  # refuse a bad selection before creating the file
        stack = getattr(result, kind)
        _checked(layers, stack.shape[0], "layer", kind)
        _checked(heads, stack.shape[1], "head", kind)
    head_ids = _checked(heads, getattr(result, kinds[0]).shape[1], "head", kinds[0])
    names: list[str] = []
    with NpzWriter(path) as archive:
        def put(name: str, array: np.ndarray) -> None:
            archive.add(name, array)
            names.append(name)

        for kind in kinds:
            for layer, array in selected_layers(getattr(result, kind), kind, layers, heads):
                put(f"{kind}/layer{layer}", array)
        put("heads", np.array(head_ids, dtype=np.int64))
        put("tokens_source", _string_array(result.source_tokens))
        put("tokens_target", _string_array(result.target_tokens))
        put("tokens_output", _string_array(result.output_tokens))
        put("model", np.array(model_name, dtype=str))
    return names
