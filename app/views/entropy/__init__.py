"""Entropy & KL: entropy, cross-entropy, KL and JS divergence, code lengths, two Gaussians."""
from app.views.entropy.view import EntropyView

__all__ = ["EntropyView"]
