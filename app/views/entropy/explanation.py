"""The entropy view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "EntropyExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "EntropyExplanation",
    "Entropy measures how uncertain a distribution is: a lower bound on the average number of bits "
    "per outcome of any code, which the best code (Huffman's) comes within 1 bit of: for 80/10/5/5 "
    "it needs 1.3 bits where H = 1.022. Cross-entropy is the ideal average length when the code is "
    "built for Q but the outcomes follow P; the extra length is the KL divergence (relative "
    "entropy), which is never negative and is 0 only when P = Q. Training a model with the "
    "cross-entropy loss makes its Q approach the data's P.")
FORMULA = QT_TRANSLATE_NOOP(
    "EntropyExplanation",
    "H(P) = −Σ p(x) log p(x)\n"
    "H(P, Q) = −Σ p(x) log q(x)\n"
    "D_KL(P ‖ Q) = Σ p(x) log (p(x) / q(x)) = H(P, Q) − H(P)")
