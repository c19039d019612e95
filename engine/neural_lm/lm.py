"""A trained neural language model loaded from its folder (model.safetensors + config.json):
next-token distributions, sentence scores and held-out perplexity in the n-gram models' terms
(engine.ngram.model's SentenceScore and Evaluation), and the LSTM's gates for a sentence.

The shipped models live in assets/lm/<name>/ (``python -m engine train mlp-lm|lstm-lm``).
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import numpy as np
import torch

from assets import asset_path
from engine.neural_lm.lstm_cell import LstmTrace, lstm_steps, weights_of
from engine.neural_lm.networks import build_network
from engine.neural_lm.vocabulary import padded_batch, sentence_ids, vocabulary_from_tokens, windows
from engine.ngram.model import Evaluation, SentenceScore, cross_entropy_of, perplexity_of
from engine.ngram.tokens import Corpus
from engine.ngram.vocabulary import TEXTBOOK

WEIGHTS_FILE, CONFIG_FILE = "model.safetensors", "config.json"
SHIPPED_DIR = asset_path("lm")
BATCH = 512


def shipped_names(folder=None) -> list[str]:
    folder = Path(folder or SHIPPED_DIR)
    return sorted(p.name for p in folder.iterdir() if (p / CONFIG_FILE).is_file()) if folder.is_dir() else []


def log_softmax(logits: torch.Tensor) -> np.ndarray:
    """float64 log-probabilities (the last axis sums to 1 to rounding)."""
    return torch.log_softmax(logits.double(), dim=-1).numpy()


class NeuralLm:
    def __init__(self, network, config: dict):
        self.network = network.eval()
        self.config = config
        self.kind = config["architecture"]
        self.name = config["name"]
        self.vocabulary = vocabulary_from_tokens(config["vocabulary"])
        self.context = config["hyperparameters"].get("context")  # the MLP's n−1; None: the whole prefix

    @property
    def outcomes(self) -> tuple[str, ...]:
        return self.vocabulary.tokens[:self.vocabulary.outcome_count]

    # ---- log-probabilities of batches ------------------------------------------------------
    @torch.inference_mode()
    def _sentence_log_probabilities(self, sentences: list[np.ndarray]) -> list[np.ndarray]:
        """Each sentence's log P of every outcome at each predicted position ((m+1, outcomes))."""
        out = []
        for start in range(0, len(sentences), BATCH):
            chunk = sentences[start:start + BATCH]
            if self.context is not None:
                grams = [windows(s, self.vocabulary, self.context)[0] for s in chunk]
                logp = log_softmax(self.network(torch.from_numpy(np.concatenate(grams))))
                out.extend(np.split(logp, np.cumsum([len(g) for g in grams])[:-1]))
            else:
                inputs, _ = padded_batch(chunk, self.vocabulary)
                logp = log_softmax(self.network(torch.from_numpy(inputs)))
                out.extend(logp[row, :len(s) + 1] for row, s in enumerate(chunk))
        return out

    def distribution(self, context=()) -> np.ndarray:
        """P(w | the tokens of context) for every outcome (``outcomes``), float64."""
        words = self.vocabulary.ids(list(context))
        return np.exp(self._sentence_log_probabilities([words])[0][len(words)])

    def sentence(self, tokens) -> SentenceScore:
        """P of each token and of the final </s> given the tokens before it."""
        tokens = list(tokens)
        words = self.vocabulary.ids(tokens)
        logp = self._sentence_log_probabilities([words])[0]
        targets = np.concatenate([words, [self.vocabulary.eos_id]])
        names = self.vocabulary.tokens
        # what each prediction is conditioned on: the MLP's n−1 tokens (<s>-padded), the LSTM's prefix
        history = [self.vocabulary.bos_id] * (self.context or 1) + list(words)
        contexts = tuple(tuple(names[i] for i in (history[t:t + self.context] if self.context else history[:t + 1]))
                         for t in range(len(targets)))
        return SentenceScore(tuple(tokens) + (TEXTBOOK.eos,), tuple(names[i] for i in targets),
                             np.exp(logp[np.arange(len(targets)), targets]), contexts)

    def corpus_probabilities(self, corpus: Corpus) -> tuple[np.ndarray, int]:
        """P of every predicted token of every sentence, and the number of unknown tokens."""
        sentences = sentence_ids(corpus, self.vocabulary)
        logps = self._sentence_log_probabilities(sentences)
        p = [np.exp(lp[np.arange(len(s) + 1), np.concatenate([s, [self.vocabulary.eos_id]])])
             for s, lp in zip(sentences, logps)]
        unknown = sum(int(np.count_nonzero(s == self.vocabulary.unk_id)) for s in sentences)
        return (np.concatenate(p) if p else np.zeros(0)), unknown

    def evaluate(self, corpus: Corpus) -> Evaluation:
        p, unknown = self.corpus_probabilities(corpus)
        return Evaluation(len(p), corpus.sentence_count, unknown, cross_entropy_of(p), perplexity_of(p),
                          int(np.count_nonzero(p <= 0)))

    # ---- the LSTM's gates ------------------------------------------------------------------
    def lstm_inputs(self, tokens) -> tuple[tuple[str, ...], np.ndarray]:
        """The tokens the LSTM reads for a sentence (<s> and its words, as the model sees them)
        and their embeddings (T, E), float64."""
        ids = np.concatenate([[self.vocabulary.bos_id], self.vocabulary.ids(list(tokens))])
        embedding = self.network.embedding.weight.detach().double().numpy()
        return tuple(self.vocabulary.tokens[i] for i in ids), embedding[ids]

    def trace(self, tokens) -> tuple[tuple[str, ...], LstmTrace]:
        """The step-by-step LSTM (engine.neural_lm.lstm_cell) over <s> and the sentence's words."""
        if self.kind != "lstm-lm":
            raise ValueError(f"{self.name} is not an LSTM: it has no gates")
        read, inputs = self.lstm_inputs(tokens)
        return read, lstm_steps(weights_of(self.network.lstm), inputs)


def load_folder(folder) -> NeuralLm:
    from safetensors.torch import load_file

    folder = Path(folder)
    config = json.loads((folder / CONFIG_FILE).read_text(encoding="utf-8"))
    network = build_network(config["architecture"], config["hyperparameters"])
    network.load_state_dict(load_file(str(folder / WEIGHTS_FILE)))
    return NeuralLm(network, config)


@lru_cache(maxsize=4)
def load_lm(name: str) -> NeuralLm:
    """A shipped model by name ("mlp-lm", "lstm-lm") or a folder written by ``train``."""
    folder = Path(name) if Path(name).is_dir() else SHIPPED_DIR / name
    if not (folder / CONFIG_FILE).is_file():
        raise ValueError(f"no neural language model {name!r}; shipped: {', '.join(shipped_names()) or 'none'}")
    return load_folder(folder)
