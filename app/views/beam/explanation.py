"""The beam view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "BeamExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "BeamExplanation",
    "Beam search keeps the B best partial outputs (beams) at every step instead of only the single "
    "best token (greedy search). Each beam is extended by every token, the candidates are ranked by "
    "their log-probability, and only the top B survive. Finished hypotheses are compared by their "
    "score; length normalisation divides by a power of the length so that short outputs are not "
    "favoured just for having fewer factors.")
FORMULA = QT_TRANSLATE_NOOP(
    "BeamExplanation",
    "log P(y₁…y_t | x) = Σₛ log p(yₛ | y₁…yₛ₋₁, x)\n"
    "score(y) = log P(y | x) / L^α   (L: length, α: length penalty)")
