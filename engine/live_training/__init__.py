"""Live training: a trainer a view can drive step by step (start, pause, resume, single step,
reset, seed, settings applied at the next step) that streams metrics and probe snapshots.

* :mod:`engine.live_training.experiments` — what can be trained live (task x architecture) and
  the presets (``lecture``: the view's default; ``tiny``: for tests).
* :mod:`engine.live_training.trainer` — :class:`Trainer`, synchronous and deterministic.
* :mod:`engine.live_training.events` — the frozen events it emits (numpy only).
* :mod:`engine.live_training.control` — the command loop and :class:`TrainerProcess` (the trainer
  in its own process, what the GUI uses) / :class:`TrainerThread` (for comparison).
* :mod:`engine.live_training.cli` — ``python -m engine train MODEL --preset P --max-seconds S``.
"""
