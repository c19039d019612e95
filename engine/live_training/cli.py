"""``python -m engine train EXPERIMENT --preset P (--max-seconds S | --max-steps N) --out DIR``.

The headless run goes through the same path as the view: a :class:`TrainerProcess` receives
"start" with the limit, streams its events (printed here, one line per snapshot) and "save".
The limit counts the trainer's own time from the start command (steps and evaluations), not
the child's start-up (importing torch, building the tokenizers).  Last line:
``validation_exact_match=…`` as for the other training runs.
"""
from __future__ import annotations

from pathlib import Path


def add_options(parser) -> None:
    """The options `train` gains for live training (--max-seconds works without a preset too)."""
    parser.add_argument("--max-seconds", type=float, default=None,
                        help="stop after this much training time (with --preset: the trainer's own time)")
    # no `choices`: naming the presets here would import torch for every command; get_experiment checks
    parser.add_argument("--preset", default=None,
                        help="lecture (the view's default) or tiny (tests): train with the live trainer (the "
                             "view's code path); MODEL is then an experiment "
                             "such as date-rnn-attention, date-rnn, date-transformer-no-pe or date-list-rnn; "
                             "--epochs and --samples do not apply")
    parser.add_argument("--max-steps", type=int, default=None, help="with --preset: stop after this many steps")


def max_minutes(args) -> float | None:
    """--max-minutes or --max-seconds (not both) as minutes, for engine.training.train."""
    if args.max_seconds is not None and args.max_minutes is not None:
        raise ValueError("give --max-seconds or --max-minutes, not both")
    return args.max_minutes if args.max_seconds is None else args.max_seconds / 60


def train_live(args, command: str, log=print) -> None:
    from engine.live_training.control import TrainerProcess, TrainerSpec
    from engine.live_training.events import Snapshot
    from engine.live_training.experiments import get_experiment

    get_experiment(args.model, args.preset)  # an unknown name fails here, before a process starts
    if args.max_seconds is None and args.max_steps is None:
        raise ValueError("--preset needs --max-seconds or --max-steps")
    if args.max_minutes is not None:
        raise ValueError("with --preset, give --max-seconds instead of --max-minutes")
    out = Path(args.out or Path("runs") / args.model)
    trainer = TrainerProcess(TrainerSpec(args.model, args.preset, args.seed, args.device,
                                         args.threads if args.threads else 1))
    last = []

    def show(event):
        if isinstance(event, Snapshot):
            last[:] = [event]
            probe = event.probe
            entropy = "" if probe.mean_entropy_bits is None else f", probe entropy {probe.mean_entropy_bits:.3f} bits"
            log(f"step {event.step} ({event.wall_s:.1f} s): held-out loss {event.heldout_loss:.4f}, "
                f"exact match {event.heldout_exact_match:.4f}{entropy}, probe -> {probe.output_text!r}")

    try:
        trainer.wait_for("ready", timeout=300)
        changes = {k: v for k, v in (("batch_size", args.batch_size), ("learning_rate", args.lr)) if v is not None}
        if changes:
            trainer.update_settings(**changes)
        trainer.start(max_seconds=args.max_seconds, max_steps=args.max_steps)
        # a time limit can be overrun by the evaluation in progress; a step limit has no time bound
        limit = args.max_seconds * 3 + 600 if args.max_seconds is not None else 7 * 24 * 3600
        trainer.wait_for("finished", timeout=limit, on_event=show)
        trainer.save(out, command)
        trainer.wait_for("saved", timeout=120, on_event=show)
    finally:
        trainer.close()
    log(f"saved {out}")
    print(f"validation_exact_match={last[0].heldout_exact_match:.4f}" if last else "validation_exact_match=nan")
