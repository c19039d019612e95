"""The entropy view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "EntropyExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "EntropyExplanation",
    "Entropy measures how uncertain a distribution is: the average number of bits an optimal code "
    "needs per outcome. Cross-entropy is the average length when the code is built for Q but the "
    "outcomes follow P; the extra length is the KL divergence, which is never negative and is 0 only "
    "when P = Q. Training a model with the cross-entropy loss makes its Q approach the data's P.")
FORMULA = QT_TRANSLATE_NOOP(
    "EntropyExplanation",
    "H(P) = −Σ p(x) log p(x)\n"
    "H(P, Q) = −Σ p(x) log q(x)\n"
    "D_KL(P ‖ Q) = Σ p(x) log (p(x) / q(x)) = H(P, Q) − H(P)")
