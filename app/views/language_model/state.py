"""The language-model view's state: the corpus, the model (n, estimator, δ, D), the typed
sentence and the open tab (Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState

#: the tabs, by name (the field keeps the name, so a new tab does not shift old files)
TABS = ("sentence", "continuations", "delta", "orders", "good-turing", "zero-count", "generate", "neural")


@dataclass
class LanguageModelState(ViewState):
    #: "en", "zh-words", "zh-chars", "dates" (built in, engine.ngram.corpora), "pasted" or "file"
    corpus: str = "en"
    #: training words of a built-in corpus (its held-out part is a tenth, at least 1,000)
    words: int = 10_000
    #: the training text when corpus is "pasted": one sentence per line, whitespace-separated words
    pasted: str = ""
    #: the text file read as the corpus when corpus is "file" (engine.ngram.file_corpus)
    file: str = ""
    order: int = 2
    #: engine.ngram.lesson.ESTIMATORS: "mle", "add-one", "add-delta", "good-turing", "katz",
    #: "backoff", "interpolation", "kneser-ney"
    estimator: str = "add-one"
    #: add-δ's δ
    delta: float = 0.1
    #: Kneser-Ney's absolute discount D
    discount: float = 0.75
    #: "nltk" (nltk.lm's padding and <UNK>: the CLI contract) or "textbook" (engine.ngram.vocabulary)
    conventions: str = "nltk"
    sentence: str = "Jane visits Africa in September ."
    #: the seed of the Generate tab's samples ("Generate again" takes the next)
    sample_seed: int = 0
    tab: str = "sentence"

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        if name == "tab":
            return value in TABS
        if name == "order":
            return 1 <= value <= 5
        if name == "conventions":
            return value in ("nltk", "textbook")
        return True

    def options(self) -> dict:
        """The keyword arguments of engine.ngram.lesson.sentence_report (the sentence aside)."""
        return {"corpus": self.corpus, "words": self.words, "pasted": self.pasted, "order": self.order,
                "estimator": self.estimator, "delta": self.delta, "discount": self.discount, "file": self.file,
                "conventions": self.conventions}
