"""The BLEU view's explanation (shown collapsible at the top of the view)."""
from PySide6.QtCore import QT_TRANSLATE_NOOP

#: the translation context of TEXT and FORMULA (View.explanation translates them)
CONTEXT = "BleuExplanation"
TEXT = QT_TRANSLATE_NOOP(
    "BleuExplanation",
    "BLEU compares a candidate translation with reference translations. For n = 1 to 4 it counts "
    "the candidate's n-grams that also occur in a reference (each clipped to the most times it occurs "
    "in one reference), takes the geometric mean of these precisions, and multiplies by a brevity "
    "penalty so that a very short candidate cannot score well.")
FORMULA = QT_TRANSLATE_NOOP(
    "BleuExplanation",
    "BLEU = BP · exp(Σₙ ¼ log pₙ)\n"
    "BP = 1 if c > r, else exp(1 − r/c)   (c: candidate length, r: reference length)")
