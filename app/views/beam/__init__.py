"""Beam search, live: the search tree step by step, the n-best list, node inspection, what-if
forcing and the error analysis (search or model?)."""
from app.views.beam.view import BeamView

__all__ = ["BeamView"]
