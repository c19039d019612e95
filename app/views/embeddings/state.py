"""The Embeddings view's state: the source of the vectors, each panel's words and the open tab
(Qt-free)."""
from __future__ import annotations

from dataclasses import dataclass

from app.view_state import ViewState

#: the tabs, by name (the field keeps the name, so a new tab does not shift old files)
TABS = ("neighbours", "analogy", "test", "odd", "matrix", "one_hot", "map", "learn")
FILE_FORMATS = ("glove", "word2vec", "word2vec-binary", "fasttext")


@dataclass
class EmbeddingsState(ViewState):
    #: engine.embeddings.lesson: "trained:<name>", "model:<model>:<side>" or "file:<format>:<path>"
    source: str = "trained:word2vec-en"
    #: nearest neighbours of `word`, k of them (k also bounds the analogy's candidates)
    word: str = "January"
    k: int = 10
    #: neighbours, analogies and the test set compare with the first N words only (gensim's
    #: restrict_vocab: the most frequent in a file); 0 for all of them
    restrict_vocab: int = 0
    #: a : b :: c : ?
    analogy_a: str = "visit"
    analogy_b: str = "visited"
    analogy_c: str = "buy"
    #: "add" (3CosAdd, gensim's most_similar) or "mul" (3CosMul, most_similar_cosmul)
    method: str = "add"
    #: an analogy test set (the Google format) and how it is answered ("add" as gensim, or "mul")
    test_file: str = ""
    test_method: str = "add"
    #: which word doesn't belong
    odd_words: str = "January March July Paris"
    #: the similarity matrix's words
    matrix_words: str = "January February March Paris London Tokyo visit buy"
    #: e_j = E·o_j of this word
    one_hot_word: str = "January"
    #: the 2-D map: "pca" or "tsne", of the first `map_count` words (and `map_list`, coloured)
    map_method: str = "pca"
    map_count: int = 400
    map_list: str = ""
    #: watch word2vec learn: the corpus language and the words whose neighbours are followed
    learn_language: str = "en"
    learn_words: str = "January Paris"
    tab: str = "neighbours"

    @classmethod
    def accepts(cls, name: str, value) -> bool:
        if name == "tab":
            return value in TABS
        if name in ("method", "test_method"):
            return value in ("add", "mul")
        if name == "map_method":
            return value in ("pca", "tsne")
        if name == "learn_language":
            return value in ("en", "zh")
        if name == "k":
            return 1 <= value <= 100
        if name == "restrict_vocab":
            return value >= 0
        if name == "map_count":
            return 2 <= value <= 5000
        return True
