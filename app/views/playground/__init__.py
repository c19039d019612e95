"""The attention playground: attention as a soft lookup, worked out number by number."""
from app.views.playground.view import PlaygroundView

__all__ = ["PlaygroundView"]
