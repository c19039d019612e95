"""The live attention view: type an input, watch every layer and head attend."""
from app.views.attention.view import AttentionView

__all__ = ["AttentionView"]
