"""The language-model view: n-gram models, smoothing and perplexity on a typed sentence."""
from app.views.language_model.view import LanguageModelView

__all__ = ["LanguageModelView"]
