"""The lesson's BLEU examples, with the note each one teaches."""
from __future__ import annotations

from dataclasses import dataclass

LOWER_REFERENCES = ("the cat is on the mat", "there is a cat on the mat")
CAPITAL_REFERENCES = ("The cat is on the mat", "There is a cat on the mat")


@dataclass(frozen=True)
class Preset:
    name: str
    candidate: str
    references: tuple[str, ...]
    lowercase: bool
    note: str


PRESETS = (
    Preset("Clipping: “the the the the the the the”", "the the the the the the the", LOWER_REFERENCES, False,
           "“the” occurs 7 times in the candidate but at most 2 times in any one reference, so it is "
           "clipped to 2: unigram precision 2/7. sacrebleu's default sentence BLEU is 7.8098498423."),
    Preset("Case: the same against capitalised references", "the the the the the the the", CAPITAL_REFERENCES,
           False,
           "BLEU compares words exactly: “The” is not “the”, so only the “the” of “on the mat” matches "
           "(1/7). Tick “lowercase” (sacrebleu's lowercase=True) to get 2/7 again."),
    Preset("Bigrams: “The cat the cat on the mat”", "The cat the cat on the mat", CAPITAL_REFERENCES, True,
           "Lowercased, the bigram precision is 4/6: “the cat” occurs twice but is clipped to 1, "
           "“cat the” matches nothing. The course notes print this candidate as “…on the cat”; that "
           "sentence gives 3/6 (a third “the cat” the clip cannot count). The sentence here is the "
           "correct one."),
    Preset("Bigrams as printed in the course notes (“…on the cat”)", "The cat the cat on the cat",
           CAPITAL_REFERENCES, True,
           "The course notes' misprint: with “…on the cat” the bigram precision is 3/6, not 4/6, "
           "because “the cat” now occurs three times and is still clipped to 1."),
)
