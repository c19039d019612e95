"""Word embeddings: load vectors (the shipped models' embedding matrices, GloVe / word2vec /
fastText files), ask them questions with their arithmetic, project them.  No Qt, no torch
except to read a shipped model.

    from engine.embeddings import load_embeddings, model_embeddings, neighbours, analogy
    emb = load_embeddings("glove.6B.300d.txt", "glove")      # cached: the second open maps it
    analogy(emb, "man", "woman", "king", k=5).pairs()        # man : woman :: king : ?

Modules: ``vectors`` (Embeddings), ``loader`` and ``text_parser`` (files), ``cache``,
``queries`` (neighbours, analogy, doesnt_match, similarity_matrix, one_hot_selection),
``analogy_test`` (Google analogy files), ``pca``, ``shipped`` (the models' matrices),
``cli`` (``python -m engine embeddings``), ``lesson`` (the Embeddings view's questions, by source
key) and ``watch`` (word2vec trained with snapshots of its neighbours).
"""
# numpy only: torch is imported by model_embeddings when it reads a model
from engine.embeddings.analogy_test import evaluate_analogies
from engine.embeddings.errors import EmbeddingFileError, EmbeddingQueryError, LoadCancelled
from engine.embeddings.loader import FORMATS, load_embeddings
from engine.embeddings.pca import pca
from engine.embeddings.queries import analogy, doesnt_match, neighbours, one_hot_selection, similarity_matrix
from engine.embeddings.shipped import model_embeddings, trained_embeddings
from engine.embeddings.vectors import Embeddings

__all__ = ["Embeddings", "EmbeddingFileError", "EmbeddingQueryError", "FORMATS", "LoadCancelled", "analogy",
           "doesnt_match", "evaluate_analogies", "load_embeddings", "model_embeddings", "neighbours",
           "one_hot_selection", "pca", "similarity_matrix", "trained_embeddings"]
