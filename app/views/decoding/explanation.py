"""The decoding view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "DecodingExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "DecodingExplanation",
    "A translation model gives, at every step, a probability for each possible next token. Greedy "
    "decoding and beam search look for the most probable output; sampling draws the next token at "
    "random with these probabilities, after temperature, top-k, top-p (nucleus) and min-p have "
    "reshaped them. The bars show one step's distribution after each transform (cut tokens grey). "
    "Sampling many outputs shows the model's whole distribution over sentences: for zh-en-toy it "
    "can be compared with the true probabilities of the grammar the model was trained on.")
FORMULA = QT_TRANSLATE_NOOP(
    "DecodingExplanation",
    "temperature: p_i = exp(z_i / T) / Σ_j exp(z_j / T)     top-k: keep the k largest     "
    "top-p: keep the smallest top set with Σ p ≥ p     min-p: keep p_i ≥ min-p · max p\n"
    "P(y | x) = Π_t P(y_t | y_<t, x)     TV = ½ Σ |p − q|     KL(p ‖ q) = Σ p log₂(p / q)")
