"""The playground view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "PlaygroundExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "PlaygroundExplanation",
    "Scaled dot-product attention by hand: each query is compared with every key by a dot product, "
    "the scores are divided by √d_k and turned into weights by softmax, and the output is the "
    "weighted average of the values. Without the scaling, the dot products grow with d_k and the "
    "softmax saturates: one weight near 1, the gradients near 0. The slider t scales the scores by "
    "f = d_k^(−t/2): t = 1 is the Transformer's 1/√d_k, t = 0 leaves them unscaled.")
FORMULA = QT_TRANSLATE_NOOP(
    "PlaygroundExplanation",
    "scores = f · Q Kᵀ,  f = d_k^(−t/2)  (t = 1: f = 1/√d_k)\n"
    "weights = softmax(scores)   (row by row)\n"
    "output = weights · V")
