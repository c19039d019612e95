"""The BLEU view's state: the candidate, the references and the scoring options (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState
from app.views.bleu.presets import PRESETS



@dataclass
class BleuState(ViewState):
    FORMAT1_VIEW = "bleu"
    candidate: str = PRESETS[0].candidate
    #: one reference per line, as typed (blank lines are skipped when scoring)
    references: str = "\n".join(PRESETS[0].references)
    #: sacrebleu's smoothing method: "exp", "none", "floor" or "add-k"
    smoothing: str = "exp"
    #: sacrebleu's tokenizer: "13a" or "none" (whitespace)
    tokenize: str = "13a"
    max_n: int = 4
    effective_order: bool = True
    lowercase: bool = False
    #: the open n-gram table: 0 for unigrams, 1 for bigrams, …
    ngram_tab: int = 0

    def reference_lines(self) -> list[str]:
        """The non-blank lines of the references."""
        return [line for line in self.references.splitlines() if line.strip()]

    def options(self) -> dict:
        """The keyword arguments of engine.bleu_report.bleu_report."""
        return {"max_n": self.max_n, "smoothing": self.smoothing, "tokenize": self.tokenize,
                "effective_order": self.effective_order, "lowercase": self.lowercase}
