"""The training view: a model learns live, with a second run to compare."""
from app.views.training.view import TrainingView

__all__ = ["TrainingView"]
