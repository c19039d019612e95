"""The view registry: the one list of views, in navigation order.

Each entry is (view id, "package:ViewClass").  The navigation list, the View menu with its
Ctrl+1…9 shortcuts, `main.py --view` and its help text all read this list, so adding a view is
its package under app/views/ plus one line here (see docs/architecture.md).  The classes are
imported on demand, so that reading the ids stays light (no Qt, no pyqtgraph).
"""
from __future__ import annotations

from importlib import import_module

VIEWS = (
    ("attention", "app.views.attention:AttentionView"),
    ("beam", "app.views.beam:BeamView"),
    ("positional", "app.views.positional:PositionalView"),
    ("entropy", "app.views.entropy:EntropyView"),
    ("bleu", "app.views.bleu:BleuView"),
    ("playground", "app.views.playground:PlaygroundView"),
    ("language_model", "app.views.language_model:LanguageModelView"),
    ("embeddings", "app.views.embeddings:EmbeddingsView"),
    ("decoding", "app.views.decoding:DecodingView"),
    ("training", "app.views.training:TrainingView"),
)


def view_ids() -> list[str]:
    return [view_id for view_id, _ in VIEWS]


def view_classes() -> list:
    from app.widgets import plot_menus

    plot_menus.install()  # before any view builds a plot (the tests build views without a window)
    classes = []
    for view_id, target in VIEWS:
        module, name = target.split(":")
        cls = getattr(import_module(module), name)
        if cls.view_id != view_id:
            raise RuntimeError(f"{target} has view_id {cls.view_id!r}, registered as {view_id!r}")
        classes.append(cls)
    return classes
