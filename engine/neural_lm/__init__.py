"""Neural language models on the grammar's English corpus (no Qt): a Bengio-style MLP
(embeddings of the n−1 previous words -> tanh hidden layer -> softmax) and an LSTM
(embedding -> LSTM -> softmax), with the same tokens, padding and unknown word as
engine.ngram's textbook convention, so their perplexities sit in one table with the n-grams'
and the grammar's true floor (engine.ngram.floor).

    from engine.neural_lm import load_lm
    lstm = load_lm("lstm-lm")
    lstm.sentence("Jane visited the United States last week .".split()).probabilities

Predicted tokens: every word of a sentence and one ``</s>``; ``<s>`` is context only (never
predicted).  A word the training text never had is ``<unk>``.  See docs/language-model.md.
"""
from engine.neural_lm.lm import NeuralLm, load_lm, shipped_names

__all__ = ["NeuralLm", "load_lm", "shipped_names"]
