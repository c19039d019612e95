"""Positional encoding: why the Transformer's sinusoidal code looks as it does."""
from app.views.positional.view import PositionalView

__all__ = ["PositionalView"]
