"""The Embeddings view: E·o_j, cosine neighbours, analogies with their arithmetic, a 2-D map and
word2vec learning, on the shipped models' embeddings, word2vec/GloVe trained here or the
user's file."""
from app.views.embeddings.view import EmbeddingsView

__all__ = ["EmbeddingsView"]
