"""The attention view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "AttentionExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "While it writes each output token, the decoder looks back at the input: every query (a row) "
    "gives each key (a column) a weight, and the weights of a row add up to 1. The output mixes the "
    "values with these weights. Sharp rows mean the model relies on one input token; flat rows "
    "(high entropy) mean it spreads its attention.")
FORMULA = QT_TRANSLATE_NOOP(
    "AttentionExplanation",
    "Attention(Q, K, V) = softmax(Q Kᵀ / √d_k) V\n"
    "row i: αᵢⱼ = exp(qᵢ·kⱼ/√d_k) / Σₗ exp(qᵢ·kₗ/√d_k),  Σⱼ αᵢⱼ = 1")
