"""The lesson's BLEU examples, with the note each one teaches."""
from __future__ import annotations

from dataclasses import dataclass



def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the marker pyside6-lupdate reads
    """Qt's marker for a text translated where it is shown, without importing Qt: the view's
    state (state.py) takes its defaults from the first preset and stays Qt-free."""
    return text

LOWER_REFERENCES = ("the cat is on the mat", "there is a cat on the mat")
CAPITAL_REFERENCES = ("The cat is on the mat", "There is a cat on the mat")


@dataclass(frozen=True)
class Preset:
    name: str
    candidate: str
    references: tuple[str, ...]
    lowercase: bool
    note: str  # name and note: English source text, translated where shown (context BleuPresets)


PRESETS = (
    Preset(QT_TRANSLATE_NOOP("BleuPresets", "Clipping: “the the the the the the the”"),
           "the the the the the the the", LOWER_REFERENCES, False,
           QT_TRANSLATE_NOOP("BleuPresets",
                             "“the” occurs 7 times in the candidate but at most 2 times in any one reference, "
                             "so it is clipped to 2: unigram precision 2/7. sacrebleu's default sentence BLEU "
                             "is 7.81.")),
    Preset(QT_TRANSLATE_NOOP("BleuPresets", "Case: the same against capitalised references"),
           "the the the the the the the", CAPITAL_REFERENCES, False,
           QT_TRANSLATE_NOOP("BleuPresets",
                             "BLEU compares words exactly: “The” is not “the”, so only the “the” of “on the "
                             "mat” matches (1/7). Tick “lowercase” (sacrebleu's lowercase=True) to get 2/7 again.")),
    Preset(QT_TRANSLATE_NOOP("BleuPresets", "Bigrams: “The cat the cat on the mat”"),
           "The cat the cat on the mat", CAPITAL_REFERENCES, True,
           QT_TRANSLATE_NOOP("BleuPresets",
                             "Lowercased, the bigram precision is 4/6: “the cat” occurs twice but is clipped to 1, "
                             "“cat the” matches nothing. The course notes print this candidate as “…on the "
                             "cat”; that sentence gives 3/6 (a third “the cat” the clip cannot count). The sentence "
                             "here is the correct one.")),
    Preset(QT_TRANSLATE_NOOP("BleuPresets", "Bigrams as printed in the course notes (“…on the cat”)"),
           "The cat the cat on the cat", CAPITAL_REFERENCES, True,
           QT_TRANSLATE_NOOP("BleuPresets",
                             "The course notes' misprint: with “…on the cat” the bigram precision is 3/6, not "
                             "4/6, because “the cat” now occurs three times and is still clipped to 1.")),
)
