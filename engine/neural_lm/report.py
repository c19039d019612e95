"""What the Language model view's "Neural models" tab shows, as one pure function its worker
runs: the comparison table (engine.neural_lm.comparison, computed once per process and cached)
and, for the typed sentence, each token's probability under the trigram and the LSTM and the
LSTM's gates and memory cell at every step (the step-by-step cell, engine.neural_lm.lstm_cell,
on the shipped model's weights).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.neural_lm.comparison import Comparison, compare_models, kneser_ney
from engine.ngram.tokens import ENGLISH, tokenise

#: the LSTM's quantities shown as heatmaps, in the notes' order
GATES = ("forget", "input", "output", "cell")


@dataclass(frozen=True)
class NeuralReport:
    comparison: Comparison
    read: tuple[str, ...]  # what the LSTM reads at each step: <s> and the words (unknown -> <unk>)
    predicted: tuple[str, ...]  # what each step predicts: the words and </s>
    lstm: np.ndarray  # P of each predicted token under the LSTM
    trigram: np.ndarray  # … under the trigram (Kneser-Ney)
    gates: dict  # name in GATES -> (steps, units) float32

    def gate(self, name: str) -> np.ndarray:
        return self.gates[name]


def neural_report(sentence: str, words: int = 100_000, seed: int = 0) -> NeuralReport:
    """The table for the built-in English corpus, and the sentence under the shipped LSTM."""
    from engine.neural_lm.lm import load_lm

    tokens = tokenise(sentence, ENGLISH)
    lstm = load_lm("lstm-lm")
    read, trace = lstm.trace(tokens)
    score = lstm.sentence(tokens)
    gates = {name: np.ascontiguousarray(getattr(trace, name), dtype=np.float32) for name in GATES}
    return NeuralReport(compare_models(words, seed), read, score.model_tokens, score.probabilities,
                        kneser_ney(words, seed, 3).sentence(tokens).probabilities, gates)
