"""The live trainer: one optimisation step at a time, deterministic, reporting as it goes.

A caller (the command loop of engine.live_training.control, a test, a notebook) calls
:meth:`Trainer.advance` for every step; it emits a :class:`StepMetrics` after each step and a
:class:`Snapshot` (held-out loss and exact match, accuracy against input length, the probe's
attention, entropy and greedy output) every ``eval_every`` steps and before the first.

Same seed -> same curves on the CPU, however the steps are spread over time: the batches come
from the task's seeded stream, dropout draws from a random state the trainer keeps to itself
(restored around each step, so evaluations, other code or a pause in between change nothing),
and the learning rate depends on the step, never on the clock: the rate set in :class:`Settings`
times :meth:`Preset.rate_factor` (a linear warm-up over ``warmup_steps``, then 1, or an inverse
square-root decay from ``decay_after`` on).  Settings changed with
:meth:`Trainer.update_settings` apply from the next step on.

Optimiser: Adam (betas 0.9/0.98) as in engine.training.  Label smoothing, clipping and the
teacher-forcing ratio are settings.  A ratio below 1 uses two-pass scheduled sampling
(Mihaylova & Martins, 2019): a first pass without gradients predicts every position from the
right prefix; each decoder input after ⟨s⟩ is then, with probability 1 - ratio, replaced by the
model's own prediction for that position, and the second pass learns from the mixture.  (For
the RNN this is an approximation of sequential scheduled sampling: each replaced token was
predicted from the right history, not from an already mixed one.)
"""
from __future__ import annotations

import collections
import functools
import platform
import shlex
import sys
import time
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path

import torch
import torch.nn.functional as F

from engine.device import choose_device
from engine.inference import Seq2SeqModel
from engine.infotheory import row_entropies
from engine.live_training.events import LengthPoint, ProbeSnapshot, Snapshot, StepMetrics
from engine.live_training.experiments import Experiment, Settings
from engine.models.checkpoint import build_model, save_checkpoint
from engine.tasks import get_task
from engine.training import make_batch, model_config

#: steps over which steps/s is measured
SPEED_WINDOW = 10


class Trainer:
    def __init__(self, experiment: Experiment, *, seed: int = 0, device: str = "cpu", emit=None,
                 settings: Settings | None = None):
        self.experiment = experiment
        self.device = choose_device(device)
        self.emit = emit or (lambda event: None)
        self.task = get_task(experiment.setup.task)
        self.source, self.target = _tokenizers(self.task.name)
        self.reset(seed, settings)

    # ---- life cycle -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, settings: Settings | None = None) -> None:
        """A fresh model and optimiser from `seed` (default: the current one), step 0, no history."""
        self.seed = self.seed if seed is None else int(seed)
        self.settings = (settings or self.experiment.preset.settings).checked()
        self._pending: Settings | None = None
        hp = dict(self.experiment.hyperparameters, source_vocab_size=len(self.source),
                  target_vocab_size=len(self.target), pad_id=self.source.pad_id)
        outside = _rng_state(self.device)
        torch.manual_seed(self.seed)
        self.module = build_model(self.experiment.architecture, hp).to(self.device)
        self._rng = _rng_state(self.device)
        _set_rng_state(self.device, outside)
        self.optimizer = torch.optim.Adam(self.module.parameters(), lr=self.settings.learning_rate,
                                          betas=(0.9, 0.98), eps=1e-9)
        self._sampling = torch.Generator().manual_seed(self.seed)  # the teacher-forcing draws
        self.stream = self.task.stream(self.seed, "train")
        self.heldout = self.task.stream(self.seed, "validation").take(self.experiment.preset.heldout_size)
        n_params = sum(p.numel() for p in self.module.parameters())
        self.config = model_config(self.experiment.name, self.experiment.architecture, self.task, hp, n_params,
                                   self.source, self.target)
        self.model = Seq2SeqModel(self.experiment.name, self.module, self.config, self.source, self.target,
                                  self.device)
        self.step_count = 0
        self.wall_s = 0.0
        self.metrics: list[StepMetrics] = []
        self.snapshots: list[Snapshot] = []
        self._step_ends = collections.deque(maxlen=SPEED_WINDOW + 1)

    def update_settings(self, **changes) -> Settings:
        """Change settings (names of :class:`Settings`); they apply from the next step on."""
        new = replace(self._pending or self.settings, **changes).checked()
        self._pending = new
        return new

    def advance(self) -> StepMetrics:
        """One step, preceded by the step-0 snapshot and followed by one every eval_every steps."""
        if not self.snapshots:
            self.evaluate()
        metrics = self.step()
        if self.step_count % self.experiment.preset.eval_every == 0:
            self.evaluate()
        return metrics

    # ---- one optimisation step --------------------------------------------------------------
    def step(self) -> StepMetrics:
        start = time.perf_counter()
        if self._pending is not None:
            self.settings, self._pending = self._pending, None
        s = self.settings
        lr = s.learning_rate * self.experiment.preset.rate_factor(self.step_count + 1)
        for group in self.optimizer.param_groups:
            group["lr"] = lr
        src, tgt_in, tgt_out = make_batch(self.stream.take(s.batch_size), self.source, self.target, self.device,
                                          self.task)
        parameters = [p for p in self.module.parameters()]
        with self._own_rng():
            if s.teacher_forcing < 1:
                tgt_in = self._scheduled_inputs(src, tgt_in, s.teacher_forcing)
            self.module.train()
            logits, _ = self.module(src, tgt_in)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tgt_out.reshape(-1),
                                   ignore_index=self.target.pad_id, label_smoothing=s.label_smoothing)
            self.optimizer.zero_grad(set_to_none=True)
            loss.backward()
            before = float(torch.nn.utils.clip_grad_norm_(parameters, s.clip_norm if s.clip_norm > 0 else float("inf")))
            after = float(torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(p.grad)
                                                                for p in parameters if p.grad is not None])))
            self.optimizer.step()
        self.step_count += 1
        self.wall_s += time.perf_counter() - start
        self._step_ends.append(self.wall_s)
        span = self._step_ends[-1] - self._step_ends[0]
        speed = (len(self._step_ends) - 1) / span if span > 0 else float("nan")
        metrics = StepMetrics(self.step_count, self.wall_s, float(loss.detach()), lr, before, after, speed, s.batch_size)
        self.metrics.append(metrics)
        self.emit(metrics)
        return metrics

    def _scheduled_inputs(self, src, tgt_in, ratio: float):
        """Decoder inputs where each token after ⟨s⟩ is, with probability 1 - ratio, the model's
        own prediction for that position (from the right prefix; padding stays padding)."""
        self.module.eval()
        with torch.no_grad():
            logits, _ = self.module(src, tgt_in)
        never = torch.tensor(self.model.never_generated, device=logits.device)
        logits[..., never] = float("-inf")
        own = logits.argmax(-1)[:, :-1]  # the prediction for the input at position t + 1
        keep = torch.rand(own.shape, generator=self._sampling).to(own.device) < ratio
        real = tgt_in[:, 1:]
        mixed = tgt_in.clone()
        mixed[:, 1:] = torch.where(keep | (real == self.target.pad_id), real, own)
        return mixed

    @contextmanager
    def _own_rng(self):
        outside = _rng_state(self.device)
        _set_rng_state(self.device, self._rng)
        try:
            yield
        finally:
            self._rng = _rng_state(self.device)
            _set_rng_state(self.device, outside)

    # ---- held-out numbers and the probe -----------------------------------------------------
    def evaluate(self) -> Snapshot:
        start = time.perf_counter()
        self.module.eval()
        texts = [self.task.source_text(e) for e in self.heldout]
        outputs = self.model.translate_batch(texts)
        right = [self.task.is_correct(e, o) for e, o in zip(self.heldout, outputs)]
        snapshot = Snapshot(
            step=self.step_count,
            wall_s=0.0,
            heldout_loss=self._heldout_loss(),
            heldout_exact_match=sum(right) / len(right) if right else float("nan"),
            heldout_size=len(right),
            length_points=length_points([self.input_length(t) for t in texts], right,
                                        self.experiment.setup.length_bin),
            probe=self.probe(),
        )
        self.wall_s += time.perf_counter() - start
        snapshot = replace(snapshot, wall_s=self.wall_s)
        self.snapshots.append(snapshot)
        self.emit(snapshot)
        return snapshot

    def input_length(self, text: str) -> int:
        """The input's length in the model's tokens (characters, or words for zh-en), as it reads it."""
        return len(self.source.encode(text.strip(), max_length=self.model.max_source_length, truncate=True).ids)

    @torch.inference_mode()
    def _heldout_loss(self) -> float:
        src, tgt_in, tgt_out = make_batch(self.heldout, self.source, self.target, self.device, self.task)
        logits, _ = self.module(src, tgt_in)
        return float(F.cross_entropy(logits.reshape(-1, logits.size(-1)).float(), tgt_out.reshape(-1),
                                     ignore_index=self.target.pad_id))

    def probe(self) -> ProbeSnapshot:
        self.module.eval()
        result = self.model.attention(self.experiment.setup.probe)
        attention = None if result.cross is None else result.cross[-1].mean(axis=0)  # (T, S)
        return ProbeSnapshot(result.source_tokens, result.output_tokens, result.output_text,
                             result.output_probabilities, attention,
                             None if attention is None else float(row_entropies(attention).mean()))

    # ---- keeping the model ------------------------------------------------------------------
    def save(self, out, command: str | None = None) -> Path:
        """model.safetensors + config.json (the settings, the record of the run and its metrics),
        loadable by engine.load_model(out) and `python -m engine evaluate --model-path out`."""
        if not self.snapshots or self.snapshots[-1].step != self.step_count:
            self.evaluate()  # the metrics saved are those of the weights saved
        config = dict(self.config)
        config["training"] = {
            "command": command or " ".join(shlex.quote(a) for a in ["python", "-m", "engine", *sys.argv[1:]]),
            "trainer": "engine.live_training",
            "experiment": self.experiment.name,
            "preset": self.experiment.preset.name,
            "seed": self.seed,
            "steps": self.step_count,
            "settings": asdict(self.settings),
            "warmup_steps": self.experiment.preset.warmup_steps,
            "decay_after": self.experiment.preset.decay_after,
            "wall_time_s": round(self.wall_s, 2),
            "device": str(self.device),
            "threads": torch.get_num_threads(),
            "torch_version": torch.__version__,
            "python": platform.python_version(),
            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }
        last = self.snapshots[-1]
        config["metrics"] = {
            "validation_exact_match": last.heldout_exact_match,
            "validation_size": last.heldout_size,
            "validation_step": last.step,
            "heldout_loss": last.heldout_loss,
            "train_loss": self.metrics[-1].train_loss if self.metrics else None,
            "curves": {
                "step": [s.step for s in self.snapshots],
                "wall_s": [round(s.wall_s, 3) for s in self.snapshots],
                "heldout_exact_match": [s.heldout_exact_match for s in self.snapshots],
                "heldout_loss": [s.heldout_loss for s in self.snapshots],
                "probe_mean_entropy_bits": [s.probe.mean_entropy_bits for s in self.snapshots],
            },
        }
        self.module.eval()
        return save_checkpoint(out, self.module, config)


def length_points(lengths, right, width: int) -> tuple:
    """Exact match per input-length bin [k*width + 1, (k+1)*width], bins with no input left out."""
    tally = collections.defaultdict(lambda: [0, 0])
    for length, ok in zip(lengths, right):
        row = tally[(max(length, 1) - 1) // width]
        row[0] += bool(ok)
        row[1] += 1
    return tuple(LengthPoint(k * width + 1, (k + 1) * width, c, t) for k, (c, t) in sorted(tally.items()))


@functools.lru_cache(maxsize=None)
def _tokenizers(task: str):
    """A task's tokenizers, built once per process (the date alphabet formats thousands of dates;
    a reset or a second trainer need not do it again).  Tokenizers are never changed after."""
    return get_task(task).build_tokenizers()


def _rng_state(device: torch.device):
    cpu = torch.get_rng_state()
    return (cpu, torch.cuda.get_rng_state(device)) if device.type == "cuda" else (cpu, None)


def _set_rng_state(device: torch.device, state) -> None:
    torch.set_rng_state(state[0])
    if state[1] is not None:
        torch.cuda.set_rng_state(state[1], device)


