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
__all__ = ["NeuralLm", "load_lm", "shipped_names"]


def __getattr__(name):
    # torch only when a model is wanted: the app imports engine.neural_lm.report (request types)
    # with its views, and the window must appear before torch is imported (the worker does that)
    if name in __all__:
        from engine.neural_lm import lm

        return getattr(lm, name)
    raise AttributeError(f"module 'engine.neural_lm' has no attribute {name!r}")
