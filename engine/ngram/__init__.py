"""N-gram language models (no Qt): counting with numpy, the smoothing estimators of the notes,
perplexity, sampling; corpora from the zh-en grammar, the date strings or a text file.

    from engine.ngram import corpus_from_lines, fit
    lm = fit(corpus_from_lines(open("train.txt", encoding="utf-8")), order=3, estimator="kneser-ney")
    lm.sentence("Jane visits Africa".split()).perplexity

See docs/language-model.md.
"""
from engine.ngram.estimators import ESTIMATORS, make_estimator
from engine.ngram.goodturing import count_of_counts
from engine.ngram.model import NgramModel, SentenceScore, cross_entropy_of, em_weights, fit, perplexity_of
from engine.ngram.tokens import TOKENISERS, Corpus, corpus_from_lines, corpus_from_sentences, tokenise
from engine.ngram.vocabulary import CONVENTIONS, NLTK, TEXTBOOK, Conventions

__all__ = ["CONVENTIONS", "Conventions", "Corpus", "ESTIMATORS", "NLTK", "NgramModel", "SentenceScore", "TEXTBOOK",
           "TOKENISERS", "corpus_from_lines", "corpus_from_sentences", "count_of_counts", "cross_entropy_of",
           "em_weights", "fit", "make_estimator", "perplexity_of", "tokenise"]
