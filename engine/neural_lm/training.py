"""``python -m engine train mlp-lm|lstm-lm``: training on the built-in English corpus.

The training text is exactly the n-gram models' (engine.ngram.corpora.built_in_corpus("en",
words, seed): the grammar's "train" stream), the held-out text too (its "validation" stream), so
the comparison table holds models of the same data.  Adam with a linear warm-up (5%) and cosine
decay to 1% of the peak; the run's progress is the larger of epochs done / epochs planned and
elapsed / --max-seconds, so a time-limited run still anneals fully (as engine/training.py).
Cross-entropy on every predicted token (the words and </s>); dropout; gradient norm clipped at 1.
"""
from __future__ import annotations

import json
import math
import os
import platform
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from engine.neural_lm.lm import CONFIG_FILE, WEIGHTS_FILE, load_folder
from engine.neural_lm.networks import build_network
from engine.neural_lm.vocabulary import padded_batch, sentence_ids, vocabulary_of, windows
from engine.ngram.corpora import built_in_corpus

#: the shipped sizes: small enough to train in a few minutes on two shared CPU cores
RECIPES = {
    "mlp-lm": dict(hyperparameters=dict(context=2, embedding_dim=32, hidden=128, dropout=0.1),
                   peak_lr=3e-3, batch_size=256, epochs=12),
    "lstm-lm": dict(hyperparameters=dict(embedding_dim=48, hidden=96, dropout=0.1),
                    peak_lr=5e-3, batch_size=64, epochs=12),
}
DEFAULT_WORDS = 100_000


def learning_rate(progress: float, peak: float, warmup: float = 0.05) -> float:
    """Linear warm-up to ``peak`` over the first ``warmup`` of the run, then cosine to peak/100."""
    if progress < warmup:
        return peak * progress / warmup
    t = min(1.0, (progress - warmup) / (1 - warmup))
    return peak * (0.01 + 0.99 * 0.5 * (1 + math.cos(math.pi * t)))


def _batches(kind: str, sentences, vocabulary, hyperparameters, batch_size: int, rng: np.random.Generator):
    """(inputs, targets) tensors of one epoch, shuffled."""
    if kind == "mlp-lm":
        pairs = [windows(s, vocabulary, hyperparameters["context"]) for s in sentences]
        contexts = np.concatenate([c for c, _ in pairs])
        targets = np.concatenate([t for _, t in pairs])
        order = rng.permutation(len(targets))
        for start in range(0, len(order), batch_size):
            rows = order[start:start + batch_size]
            yield torch.from_numpy(contexts[rows]), torch.from_numpy(targets[rows])
        return
    order = rng.permutation(len(sentences))
    for start in range(0, len(order), batch_size):
        inputs, targets = padded_batch([sentences[i] for i in order[start:start + batch_size]], vocabulary)
        yield torch.from_numpy(inputs), torch.from_numpy(targets)


@dataclass(frozen=True)
class TrainReport:
    folder: Path
    heldout_perplexity: float
    train_seconds: float
    epochs: float


def train_lm(kind: str, out, *, seed: int = 0, words: int = DEFAULT_WORDS, max_seconds: float | None = None,
             epochs: int | None = None, threads: int | None = 1, command: str = "", log=print) -> TrainReport:
    """Trains ``kind`` ("mlp-lm" or "lstm-lm") and writes model.safetensors + config.json to ``out``."""
    from safetensors.torch import save_file

    if kind not in RECIPES:
        raise ValueError(f"unknown neural language model {kind!r}; one of {', '.join(RECIPES)}")
    recipe = RECIPES[kind]
    epochs = epochs or recipe["epochs"]
    if threads:
        torch.set_num_threads(threads)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    train, heldout = built_in_corpus("en", words, seed)
    vocabulary = vocabulary_of(train)
    hyperparameters = dict(recipe["hyperparameters"], vocabulary_size=len(vocabulary),
                           outcomes=vocabulary.outcome_count)
    network = build_network(kind, hyperparameters)
    optimiser = torch.optim.Adam(network.parameters(), lr=recipe["peak_lr"])
    sentences = sentence_ids(train, vocabulary)
    steps_per_epoch = math.ceil((train.token_count + train.sentence_count if kind == "mlp-lm" else len(sentences))
                                / recipe["batch_size"])
    start, step, progress = time.perf_counter(), 0, 0.0
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=-100)
    epoch = 0
    while progress < 1.0:
        network.train()
        total = count = 0.0
        for inputs, targets in _batches(kind, sentences, vocabulary, hyperparameters, recipe["batch_size"], rng):
            elapsed = time.perf_counter() - start
            progress = max(step / (epochs * steps_per_epoch), elapsed / max_seconds if max_seconds else 0.0)
            if progress >= 1.0:
                break
            for group in optimiser.param_groups:
                group["lr"] = learning_rate(progress, recipe["peak_lr"])
            logits = network(inputs)
            loss = loss_fn(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(network.parameters(), 1.0)
            optimiser.step()
            step += 1
            total += loss.item() * len(inputs)
            count += len(inputs)
        if not count:
            break
        epoch += 1
        log(f"epoch {epoch}: train loss {total / count / math.log(2):.4f} bits/token, "
            f"{time.perf_counter() - start:.0f} s")
    seconds = time.perf_counter() - start
    network.eval()
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    save_file({k: v.detach().contiguous() for k, v in network.state_dict().items()}, str(folder / WEIGHTS_FILE))
    config = {"name": kind, "architecture": kind, "hyperparameters": hyperparameters,
              "parameters": sum(p.numel() for p in network.parameters()),
              "vocabulary": list(vocabulary.tokens),
              "corpus": {"kind": "en", "words": words, "seed": seed, "train_tokens": train.token_count,
                         "train_sentences": train.sentence_count, "conventions": "textbook",
                         "predicted": "every word and one </s> per sentence; <s> is context only"},
              "training": {"peak_lr": recipe["peak_lr"], "batch_size": recipe["batch_size"], "steps": step,
                           "epochs": round(step / steps_per_epoch, 3), "seconds": round(seconds, 1),
                           "max_seconds": max_seconds, "torch_threads": torch.get_num_threads(),
                           "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
                           "cpu_count": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
                           "torch": torch.__version__},
              "command": command}
    (folder / CONFIG_FILE).write_text(json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
    evaluation = load_folder(folder).evaluate(heldout)
    config["heldout"] = {"tokens": evaluation.tokens, "sentences": evaluation.sentences,
                         "unknown": evaluation.unknown, "cross_entropy": evaluation.cross_entropy,
                         "perplexity": evaluation.perplexity}
    (folder / CONFIG_FILE).write_text(json.dumps(config, ensure_ascii=False, indent=1), encoding="utf-8")
    log(f"held-out perplexity {evaluation.perplexity:.4f} ({evaluation.cross_entropy:.4f} bits/token)")
    return TrainReport(folder, evaluation.perplexity, seconds, step / steps_per_epoch)
