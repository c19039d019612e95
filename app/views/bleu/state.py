"""The BLEU view's state: the candidate, the references and the scoring options (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState, from_v1_widgets, v1_choice, v1_value
from app.views.bleu.presets import PRESETS

#: format 1's combo boxes, in their item order then (fixed: old files are read with these)
V1_SMOOTHING = ("exp", "none", "floor", "add-k")
V1_TOKENIZERS = ("13a", "none")


@dataclass
class BleuState(ViewState):
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

    @classmethod
    def from_v1(cls, widgets: dict, extra: dict, model_folder: str | None) -> dict:
        return from_v1_widgets(widgets, {
            "BleuControls0/QLineEdit0": ("candidate", v1_value),
            "BleuControls0/QPlainTextEdit0": ("references", v1_value),
            "BleuControls0/QComboBox0": ("smoothing", v1_choice(V1_SMOOTHING)),
            "BleuControls0/QComboBox1": ("tokenize", v1_choice(V1_TOKENIZERS)),
            "BleuControls0/QSpinBox0": ("max_n", v1_value),
            "BleuControls0/QCheckBox0": ("effective_order", v1_value),
            "BleuControls0/QCheckBox1": ("lowercase", v1_value),
            "QSplitter0/NgramPanel0/QTabWidget0": ("ngram_tab", v1_value),
        })
