"""The positional view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "PositionalExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "PositionalExplanation",
    "Attention by itself ignores word order, so a Transformer adds a positional encoding to each "
    "token's embedding. The sinusoidal encoding gives every pair of dimensions a sine and a cosine of "
    "a different wavelength, from 2π up to 10000·2π: low dimensions change fast, high ones slowly. "
    "Moving by k positions is a rotation of each pair, so the similarity (dot product) of two "
    "positions depends only on their distance.")
FORMULA = QT_TRANSLATE_NOOP(
    "PositionalExplanation",
    "PE(pos, 2i) = sin(pos / 10000^(2i/d_model))\n"
    "PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model))")
