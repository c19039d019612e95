"""The training view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "TrainingExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "TrainingExplanation",
    "A model learns here while you watch: each step takes a batch of examples, measures the loss "
    "(cross-entropy against the right next token, with label smoothing), follows its gradient "
    "(clipped to a largest norm) and moves the weights. Every few steps the model translates held-out "
    "inputs it never trained on, and the fixed probe input shows its attention: a blur at first, then "
    "the alignment. Run B beside run A answers \"what if there were no attention?\" or \"no positional "
    "encoding?\" with the same seed and settings.")
FORMULA = QT_TRANSLATE_NOOP(
    "TrainingExplanation",
    "loss = −Σ q(y) log P(y | x),  q = (1 − ε)·one-hot + ε/V   (ε: label smoothing)\n"
    "g ← g · min(1, c / ‖g‖)   (gradient clipping at norm c);   row entropy H = −Σ α log₂ α bits")
