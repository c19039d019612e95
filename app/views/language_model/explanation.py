"""The language-model view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "LanguageModelExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "LanguageModelExplanation",
    "An n-gram language model makes the Markov assumption: the probability of a word depends only "
    "on the n − 1 words before it, estimated by counting them in a corpus. A word never seen after "
    "its context gets probability 0 by counting alone (MLE); smoothing moves some probability to "
    "unseen words (add-one, add-δ, Good-Turing), back-off and interpolation use the shorter "
    "contexts. Perplexity measures how surprised the model is by a text: lower is better.")
FORMULA = QT_TRANSLATE_NOOP(
    "LanguageModelExplanation",
    "Markov assumption: P(w₁ … w_m) ≈ Π P(wᵢ | wᵢ₋ₙ₊₁ … wᵢ₋₁)     MLE: P(w | h) = c(h w) / c(h)\n"
    "cross-entropy H = −(1/N) Σ log₂ P(wᵢ | hᵢ) bits/token     perplexity PP = 2^H = (Π P(wᵢ | hᵢ))^(−1/N)")
