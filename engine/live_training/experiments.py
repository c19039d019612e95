"""What can be trained live: a task crossed with an architecture, and the presets.

Experiment names are ``<task prefix>-<architecture>``: ``date-rnn-attention`` (the lesson's
model and the view's default), ``date-rnn`` (the same encoder-decoder without attention),
``date-transformer``, ``date-transformer-no-pe`` (no positional encoding in the encoder), and the
same four for ``zh-en-…`` (the toy grammar) and ``date-list-…`` (1-4 dates per input, where the
input length varies from 6 to about 130 characters).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.training import MODEL_RECIPES, SMALL_TRANSFORMER

_RNN_SIZES = {k: v for k, v in MODEL_RECIPES["date-rnn-attention"]["hyperparameters"].items()
              if k not in ("max_source_length", "max_target_length")}
_RNN_PLAIN_SIZES = {k: v for k, v in _RNN_SIZES.items() if k != "attention_hidden"}


@dataclass(frozen=True)
class LectureTuning:
    """What the lecture preset sets for one architecture, beside the preset's own defaults."""

    settings: dict  # fields of Settings
    warmup_steps: int = 20
    decay_after: int | None = None  # see Preset.decay_after
    #: hyper-parameters that differ from the architecture's sizes in the lecture preset only
    hyperparameters: dict = field(default_factory=dict)


#: the lecture preset's settings for the RNNs.  Batch 32 at 1e-2 rather than 128 at 3e-3: the
#: RNN's step is a Python loop over the output characters, so a batch of 32 costs about 0.45 of
#: a batch of 128 while the alignment needs about as many steps (halving the probe's attention
#: entropy took 120-170 steps over seeds 0-3 instead of 310 at 128 / 3e-3), which brings it
#: inside the lecture's 15 s (docs/training.md, "Measured").  From step 240, after the targets,
#: the rate falls as 1/sqrt(step): at a constant 1e-2 the attention model on lists of dates
#: spiked between steps 400 and 480 (25/25 long lists right at 400, 7/25 at 456 in one run; max
#: gradient norm 1.7 there), with the decay it stayed smooth (25/25 at 480, max norm 0.1).
_RNN_LECTURE = LectureTuning(dict(learning_rate=1e-2, batch_size=32), decay_after=240)
#: the Transformers' lecture tuning.  At a constant 2e-3 with dropout 0.1 the date Transformer
#: needed 480 steps for 95 % held-out exact match (137 s on the 2-core CPU, over the lecture's
#: 120 s).  Dropout only slows learning here (every batch is fresh data, nothing to overfit):
#: without it, 360 steps, and each step costs 15 % less.  The paper's warm-up and inverse
#: square-root decay (100 steps up to 4e-3, 2.6e-3 by step 240, 2e-3 by 400) reaches higher
#: accuracy sooner: 95 % at steps 360 / 280 / 280 over seeds 0 / 1 / 2, about 80 s
#: (docs/training.md, "Measured").  A constant 4e-3 after 20 steps was unstable (73 % at 1,000).
_TRANSFORMER_LECTURE = LectureTuning(dict(learning_rate=4e-3), warmup_steps=100, decay_after=100,
                                     hyperparameters=dict(dropout=0.0))

#: architecture -> (checkpoint architecture name, hyper-parameters, the lecture preset's tuning
#: for it: both models of a with/without comparison get the same)
ARCHITECTURES = {
    "rnn-attention": ("rnn-attention", _RNN_SIZES, _RNN_LECTURE),
    "rnn": ("rnn-no-attention", _RNN_PLAIN_SIZES, _RNN_LECTURE),
    "transformer": ("transformer", SMALL_TRANSFORMER, _TRANSFORMER_LECTURE),
    "transformer-no-pe": ("transformer", dict(SMALL_TRANSFORMER, encoder_positions=False), _TRANSFORMER_LECTURE),
}

#: the tiny preset's sizes (tests): a few seconds for a few hundred steps on one thread
TINY_SIZES = {
    "rnn-attention": dict(embedding_dim=16, encoder_hidden=16, decoder_hidden=32, attention_hidden=16),
    "rnn": dict(embedding_dim=16, encoder_hidden=16, decoder_hidden=32),
    "transformer": dict(d_model=32, n_heads=2, n_encoder_layers=1, n_decoder_layers=1, d_ff=64),
    "transformer-no-pe": dict(d_model=32, n_heads=2, n_encoder_layers=1, n_decoder_layers=1, d_ff=64),
}


@dataclass(frozen=True)
class TaskSetup:
    task: str
    max_source_length: int
    max_target_length: int
    #: the fixed input whose attention, entropy and greedy output every snapshot shows
    probe: str
    #: width of the input-length bins of the accuracy-vs-length points (tokens)
    length_bin: int
    #: the lecture preset's steps between snapshots for this task, when not the preset's own
    eval_every: int | None = None


TASK_SETUPS = {
    "date": TaskSetup("dates", 40, 16, "Friday 26, March 2021", 5),
    "zh-en": TaskSetup("zh-en", 16, 24, "简九月要访问非洲", 2),
    # Evaluating 200 lists (greedy search over up to 44 output characters, attention over up to
    # 130 input ones) costs as much as ~30 training steps: every 40 steps it took ~40 % of the
    # trainer's time, every 80 about a quarter, which leaves more steps for the two-minute comparison.
    "date-list": TaskSetup("date-lists", 130, 44, "4 Nov 1988 | 26 March 2021 | 15/10/1971", 20, eval_every=80),
}


@dataclass(frozen=True)
class Settings:
    """What the view's controls change; a change applies from the next step on."""

    learning_rate: float = 3e-3
    batch_size: int = 128
    label_smoothing: float = 0.1
    clip_norm: float = 1.0  # gradient clipping: the largest global norm a step may apply; 0 = no clipping
    #: the share of decoder inputs that are the right previous token (1.0: plain teacher forcing);
    #: the rest are the model's own previous prediction (two-pass scheduled sampling)
    teacher_forcing: float = 1.0

    def checked(self) -> "Settings":
        if not self.learning_rate > 0:
            raise ValueError("the learning rate must be positive")
        if not (isinstance(self.batch_size, int) and self.batch_size >= 1):
            raise ValueError("the batch size must be a whole number of at least 1")
        if not 0 <= self.label_smoothing < 1:
            raise ValueError("label smoothing must be in [0, 1)")
        if not self.clip_norm >= 0:
            raise ValueError("the clipping norm must be 0 (off) or positive")
        if not 0 <= self.teacher_forcing <= 1:
            raise ValueError("the teacher-forcing ratio must be in [0, 1]")
        return self


@dataclass(frozen=True)
class Preset:
    name: str
    settings: Settings = field(default_factory=Settings)
    warmup_steps: int = 20  # linear learning-rate warm-up to the setting
    #: None: the rate stays at the setting after the warm-up; a step k: from step k on the rate is
    #: the setting x sqrt(k / step) (with k = warmup_steps, the schedule of Vaswani et al. 2017).
    #: An inverse square root needs no last step, which a live run, trained until Pause, has not.
    decay_after: int | None = None
    #: steps between held-out evaluations and probe snapshots: the batched greedy search over the
    #: held-out set takes as long as several training steps, so more often slows the training
    eval_every: int = 40
    heldout_size: int = 200
    tiny: bool = False

    def rate_factor(self, step: int) -> float:
        """The share of the learning-rate setting that step `step` (1, 2, ...) uses."""
        decay = 1.0 if self.decay_after is None or step <= self.decay_after else (self.decay_after / step) ** 0.5
        return min(1.0, step / max(1, self.warmup_steps)) * decay


PRESETS = {
    # The view's default: the lesson's sizes and optimiser, held-out numbers every 40 steps.
    "lecture": Preset("lecture"),
    # For tests: small networks, a small held-out set.
    "tiny": Preset("tiny", Settings(learning_rate=1e-2, batch_size=32), warmup_steps=5, eval_every=20,
                   heldout_size=40, tiny=True),
}


@dataclass(frozen=True)
class Experiment:
    name: str
    setup: TaskSetup
    architecture: str  # the checkpoint's architecture name
    hyperparameters: dict
    preset: Preset


def experiment_names() -> list[str]:
    return [f"{prefix}-{arch}" for prefix in TASK_SETUPS for arch in ARCHITECTURES]


def get_experiment(name: str, preset: str = "lecture") -> Experiment:
    """`name` as in :func:`experiment_names`; the preset sets sizes and settings."""
    if preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r} (known: {', '.join(PRESETS)})")
    # the longest prefix first: "date-list-rnn" is not "date" + "list-rnn"
    for prefix in sorted(TASK_SETUPS, key=len, reverse=True):
        arch = name[len(prefix) + 1:] if name.startswith(prefix + "-") else None
        if arch in ARCHITECTURES:
            break
    else:
        raise ValueError(f"unknown experiment {name!r} (known: {', '.join(experiment_names())})")
    setup = TASK_SETUPS[prefix]
    architecture, sizes, lecture = ARCHITECTURES[arch]
    chosen = PRESETS[preset]
    hp = dict(sizes, **(TINY_SIZES[arch] if chosen.tiny else lecture.hyperparameters),
              max_source_length=setup.max_source_length, max_target_length=setup.max_target_length)
    if not chosen.tiny:
        chosen = replace(chosen, settings=replace(chosen.settings, **lecture.settings),
                         warmup_steps=lecture.warmup_steps, decay_after=lecture.decay_after,
                         eval_every=setup.eval_every or chosen.eval_every)
    return Experiment(name, setup, architecture, hp, chosen)
