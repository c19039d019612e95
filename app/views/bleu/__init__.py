"""The BLEU calculator: clipped n-gram precision and the brevity penalty, every number shown."""
from app.views.bleu.view import BleuView

__all__ = ["BleuView"]
