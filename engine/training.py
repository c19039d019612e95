"""Training the shipped translators from scratch (dates, and the toy Chinese -> English task).

Optimiser: Adam (betas 0.9/0.98, as in the Transformer paper) with a one-cycle schedule
instead of the paper's inverse-square-root one: a linear warm-up over the first 5% of the
run, then cosine decay to 1% of the peak.  The run's progress is the larger of
steps-done/steps-planned and elapsed/--max-minutes, so a time-limited run still anneals fully.
Regularisation: dropout (in the models), label smoothing 0.1, gradient clipping at norm 1.
Every epoch draws fresh examples (the generator is effectively unlimited); exact match on a
fixed held-out draw (split "validation") is printed after each epoch; an output counts as right
when the task says so (for zh-en: any valid rendering).
"""
from __future__ import annotations

import math
import platform
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import torch
from torch import nn

if TYPE_CHECKING:  # the annotation only: any tokenizer with a pad_id (characters or words)
    from engine.tokenizer import CharTokenizer

from engine.device import choose_device
from engine.inference import Seq2SeqModel
from engine.models.checkpoint import build_model, save_checkpoint
from engine.tasks import Task, get_task
from engine.word_tokenizer import tokenizer_kind

#: the sizes both Transformer recipes share (the dates and zh-en lessons use the same network)
SMALL_TRANSFORMER = dict(d_model=128, n_heads=4, n_encoder_layers=2, n_decoder_layers=2, d_ff=256, dropout=0.1)


def recipe(task: str, architecture: str, hyperparameters: dict, peak_lr: float = 2e-3, batch_size: int = 128) -> dict:
    """How one shipped model is trained: its task, architecture, sizes and optimiser settings."""
    return {"task": task, "architecture": architecture, "hyperparameters": hyperparameters, "peak_lr": peak_lr,
            "batch_size": batch_size}


MODEL_RECIPES = {
    "date-transformer": recipe("dates", "transformer",
                               dict(SMALL_TRANSFORMER, max_source_length=40, max_target_length=16)),
    "date-rnn-attention": recipe("dates", "rnn-attention",
                                 dict(embedding_dim=32, encoder_hidden=64, decoder_hidden=128, attention_hidden=64,
                                      dropout=0.1, max_source_length=40, max_target_length=16), peak_lr=3e-3),
    # Word-level, so sequences are short (<= 7 source words, <= 16 target tokens with </s>).
    "zh-en-toy": recipe("zh-en", "transformer", dict(SMALL_TRANSFORMER, max_source_length=16, max_target_length=24)),
}


def model_config(name: str, architecture: str, task: Task, hyperparameters: dict, n_params: int, source, target) -> dict:
    """What config.json says about a model before training adds its record and metrics."""
    config = {
        "name": name,
        "architecture": architecture,
        "task": task.name,
        "task_description": task.description,
        "hyperparameters": hyperparameters,
        "parameters": n_params,
        "source_vocab": source.chars,
        "target_vocab": target.chars,
    }
    for side, tokenizer in (("source", source), ("target", target)):
        if tokenizer_kind(tokenizer) != "char":  # the date models' configs stay as they were
            config[f"{side}_tokenizer"] = tokenizer_kind(tokenizer)
    if task.examples:
        config["examples"] = list(task.examples)
    return config


def make_batch(examples, source, target, device, task: Task | None = None):
    """`task` defaults to the dates task.  -> source ids (B, S), decoder input (B, T) starting with <s>, decoder target (B, T)."""
    task = task or get_task("dates")
    src = [source.encode(task.source_text(e)).ids for e in examples]
    tgt = [target.encode(task.target_text(e)).ids + [target.eos_id] for e in examples]
    s_len, t_len = max(map(len, src)), max(map(len, tgt))
    src_t = torch.zeros((len(src), s_len), dtype=torch.long)
    tgt_in = torch.zeros((len(tgt), t_len), dtype=torch.long)
    tgt_out = torch.zeros((len(tgt), t_len), dtype=torch.long)
    for i, (s, t) in enumerate(zip(src, tgt)):
        src_t[i, : len(s)] = torch.tensor(s)
        tgt_in[i, : len(t)] = torch.tensor([target.bos_id] + t[:-1])
        tgt_out[i, : len(t)] = torch.tensor(t)
    return src_t.to(device), tgt_in.to(device), tgt_out.to(device)


LABEL_SMOOTHING = 0.1


def make_loss_function(target: CharTokenizer) -> nn.Module:
    """Token-level cross-entropy with label smoothing; <pad> targets do not count, so the loss of
    a padded batch is the mean over its real target tokens."""
    return nn.CrossEntropyLoss(ignore_index=target.pad_id, label_smoothing=LABEL_SMOOTHING)


def batch_loss(module: nn.Module, loss_fn: nn.Module, src, tgt_in, tgt_out) -> torch.Tensor:
    """The training objective of one batch from :func:`make_batch` (what each step minimises)."""
    logits, _ = module(src, tgt_in)
    return loss_fn(logits.reshape(-1, logits.size(-1)), tgt_out.reshape(-1))


def one_cycle_lr(progress: float, peak: float, warmup: float = 0.05, floor: float = 0.01) -> float:
    if progress < warmup:
        return peak * max(progress / warmup, 1e-3)
    t = min(1.0, (progress - warmup) / (1 - warmup))
    return peak * (floor + (1 - floor) * 0.5 * (1 + math.cos(math.pi * t)))


@dataclass
class TrainReport:
    out: Path
    epochs_run: int
    steps: int
    wall_time_s: float
    validation_exact_match: float
    losses: list


def exact_match(model: Seq2SeqModel, examples, task: Task) -> float:
    hits = 0
    for i in range(0, len(examples), 500):
        chunk = examples[i: i + 500]
        outputs = model.translate_batch([task.source_text(e) for e in chunk])
        hits += sum(task.is_correct(e, o) for o, e in zip(outputs, chunk))
    return hits / len(examples)


def train(model_name: str, *, device: str = "auto", epochs: int = 20, samples: int = 20000, seed: int = 0,
          max_minutes: float | None = None, out=None, batch_size: int | None = None, peak_lr: float | None = None,
          validation_size: int = 1000, threads: int | None = None, hyperparameters: dict | None = None,
          progress: bool = True, command: str | None = None, log=print) -> TrainReport:
    if model_name not in MODEL_RECIPES:
        raise ValueError(f"unknown model {model_name!r}; trainable: {', '.join(MODEL_RECIPES)}")
    if threads:
        torch.set_num_threads(threads)
    recipe = MODEL_RECIPES[model_name]
    task = get_task(recipe["task"])
    dev = choose_device(device)
    torch.manual_seed(seed)
    source, target = task.build_tokenizers()
    hp = dict(recipe["hyperparameters"], **(hyperparameters or {}))
    hp.update(source_vocab_size=len(source), target_vocab_size=len(target), pad_id=source.pad_id)
    module = build_model(recipe["architecture"], hp).to(dev)
    n_params = sum(p.numel() for p in module.parameters())
    batch_size = batch_size or recipe["batch_size"]
    peak_lr = peak_lr or recipe["peak_lr"]
    out = Path(out or Path("runs") / model_name)

    optimizer = torch.optim.Adam(module.parameters(), lr=peak_lr, betas=(0.9, 0.98), eps=1e-9)
    loss_fn = make_loss_function(target)
    steps_per_epoch = max(1, samples // batch_size)
    total_steps = steps_per_epoch * epochs
    budget_s = max_minutes * 60 if max_minutes else None
    stream = task.stream(seed, "train")
    validation = task.stream(seed, "validation").take(validation_size)
    config = model_config(model_name, recipe["architecture"], task, hp, n_params, source, target)
    evaluator = Seq2SeqModel(model_name, module, config, source, target, dev)

    log(f"training {model_name}: {n_params:,} parameters on {dev}, {steps_per_epoch} steps/epoch "
        f"x {epochs} epochs, batch {batch_size}, peak lr {peak_lr}")
    start = time.perf_counter()
    step, losses, val_em, epoch = 0, [], 0.0, 0
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=total_steps, unit="step", dynamic_ncols=True, file=sys.stderr)
    stop = False
    running = 0.0  # exponential moving average of the loss, for the progress bar
    for epoch in range(1, epochs + 1):
        module.train()
        for _ in range(steps_per_epoch):
            elapsed = time.perf_counter() - start
            frac = step / total_steps
            if budget_s:
                frac = max(frac, elapsed / budget_s)
            if frac >= 1.0:
                stop = True
                break
            for group in optimizer.param_groups:
                group["lr"] = one_cycle_lr(frac, peak_lr)
            src, tgt_in, tgt_out = make_batch(stream.take(batch_size), source, target, dev, task)
            loss = batch_loss(module, loss_fn, src, tgt_in, tgt_out)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            nn.utils.clip_grad_norm_(module.parameters(), 1.0)
            optimizer.step()
            step += 1
            running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
            losses.append(loss.item())
            if bar is not None:
                bar.update(1)
                # tqdm's own ETA counts planned steps; with --max-minutes the run may end sooner.
                eta = elapsed * (1 - frac) / frac if frac > 0 else float("nan")
                bar.set_postfix(epoch=epoch, loss=f"{running:.3f}", lr=f"{optimizer.param_groups[0]['lr']:.1e}",
                                samples_per_s=f"{step * batch_size / max(elapsed, 1e-9):.0f}",
                                eta=f"{eta / 60:.1f} min")
        module.eval()
        val_em = exact_match(evaluator, validation, task)
        msg = (f"epoch {epoch}: loss {running:.4f}, held-out exact match {val_em:.4f} "
               f"({validation_size} examples), {time.perf_counter() - start:.0f} s")
        (bar.write if bar is not None else log)(msg)
        config["training"] = _training_record(command, dev, seed, epoch, step, batch_size, samples, peak_lr,
                                              time.perf_counter() - start, max_minutes)
        config["metrics"] = {"validation_exact_match": val_em, "validation_size": validation_size}
        save_checkpoint(out, module, config)
        if stop:
            break
    if bar is not None:
        bar.close()
    wall = time.perf_counter() - start
    log(f"saved {out} after {wall:.0f} s")
    return TrainReport(out, epoch, step, wall, val_em, losses)


def _training_record(command, device, seed, epochs, steps, batch_size, samples, peak_lr, wall, max_minutes):
    return {
        "command": command or " ".join(shlex.quote(a) for a in ["python", "-m", "engine", *sys.argv[1:]]),
        "seed": seed,
        "epochs_run": epochs,
        "steps": steps,
        "batch_size": batch_size,
        "samples_per_epoch": samples,
        "peak_lr": peak_lr,
        "max_minutes": max_minutes,
        "wall_time_s": round(wall, 1),
        "device": str(device),
        "threads": torch.get_num_threads(),
        "torch_version": torch.__version__,
        "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }
