"""The Embeddings view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

# the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "EmbeddingsExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "EmbeddingsExplanation",
    "A one-hot vector o_j says which word it is and nothing more: every two words are equally far "
    "apart. An embedding matrix E gives each word j a dense vector e_j = E·o_j (column j of E) "
    "learned from text, by a language model, word2vec (skip-gram with negative sampling) or GloVe, "
    "so that words used alike point alike: their cosine similarity is high. Differences of "
    "embeddings carry meaning, so an analogy a : b :: c : ? is answered by the word nearest to "
    "e_b − e_a + e_c.")
FORMULA = QT_TRANSLATE_NOOP(
    "EmbeddingsExplanation",
    "e_j = E·o_j     cos(u, v) = u·v / (‖u‖ ‖v‖)\n"
    "a : b :: c : ?  →  argmax_x cos(e_x, ê_b − ê_a + ê_c)  (3CosAdd, a, b and c excluded)")
