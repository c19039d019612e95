"""engine.embeddings.lesson and watch, the Embeddings view's questions: sources by key, the
E·o_j window, the map's words and categories, t-SNE's progress and cancel, and word2vec's
snapshots, each against values worked out here."""
from __future__ import annotations

import json

import numpy as np
import pytest
from safetensors.numpy import load_file

from assets import asset_path
from engine.embeddings import lesson
from engine.embeddings.errors import EmbeddingFileError, EmbeddingQueryError
from engine.embeddings.watch import watch_word2vec


@pytest.fixture(scope="module")
def word2vec_en():
    folder = asset_path("embeddings") / "word2vec-en"
    words = json.loads((folder / "config.json").read_text(encoding="utf-8"))["words"]
    return words, load_file(str(folder / "vectors.safetensors"))["vectors"]


def test_sources_are_the_shipped_vectors_and_models_and_refuse_an_unknown_key():
    keys = lesson.source_keys()
    assert {"trained:word2vec-en", "trained:glove-zh", "model:zh-en-toy:source", "model:zh-en-toy:target"} <= set(keys)
    with pytest.raises(EmbeddingQueryError) as refused:
        lesson.open_source("nowhere:at-all")
    assert refused.value.code == "unknown_source" and refused.value.message.code == "embedding_unknown_source"


def test_one_hot_window_holds_column_j_and_the_product(word2vec_en):
    words, vectors = word2vec_en
    for word in (words[0], "January", words[-1]):
        value = lesson.one_hot_answer("trained:word2vec-en", word).value
        j = words.index(word)
        assert value.index == j and value.ones == 1
        assert np.array_equal(value.column, vectors[j])
        assert value.window.shape == (32, lesson.ONE_HOT_WINDOW)
        assert value.start <= j < value.start + lesson.ONE_HOT_WINDOW
        assert np.array_equal(value.window, vectors[value.start:value.start + lesson.ONE_HOT_WINDOW].T)
        assert value.window_words == tuple(words[value.start:value.start + lesson.ONE_HOT_WINDOW])


def test_the_map_takes_the_first_words_and_the_listed_ones(word2vec_en):
    words, _ = word2vec_en
    plain = lesson.map_answer("trained:word2vec-en", "pca", 50).value
    assert plain.words == tuple(words[:50])
    categories = dict(zip(plain.words, plain.categories))
    assert {categories.get(w) for w in ("January", "Paris", "visit") if w in categories} <= {"month", "place", "verb"}
    listed = lesson.map_answer("trained:word2vec-en", "pca", 20, ("December", "Tokyo")).value
    assert listed.words[:20] == tuple(words[:20]) and set(listed.words[20:]) == {"December", "Tokyo"}
    assert {w for w, c in zip(listed.words, listed.categories) if c == "listed"} == {"December", "Tokyo"}
    with pytest.raises(EmbeddingQueryError) as refused:
        lesson.map_answer("trained:word2vec-en", "pca", 20, ("Decembre",))
    assert refused.value.arguments["word"] == "Decembre"


def test_grammar_categories_name_every_month_in_both_languages():
    categories = lesson.grammar_categories()
    english = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"]
    chinese = [f"{n}月" for n in ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")]
    assert all(categories[m] == "month" for m in english + chinese)
    assert categories["Jane"] == "name" and categories["非洲"] == "place" and categories["bought"] == "verb"
    assert "the" not in categories and "to" not in categories


def test_tsne_reports_progress_and_a_cancel_shows_no_half_map(word2vec_en):
    _, vectors = word2vec_en
    seen = []
    coordinates = lesson.tsne(vectors[:40].astype(np.float64), progress=seen.append)
    assert coordinates.shape == (40, 2) and np.isfinite(coordinates).all()
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) == 750 // 50
    calls = []
    with pytest.raises(EmbeddingQueryError) as cancelled:
        lesson.tsne(vectors[:40].astype(np.float64), cancelled=lambda: calls.append(1) or len(calls) > 2)
    assert cancelled.value.code == "map_cancelled" and len(calls) == 3


def test_a_cancelled_file_read_is_a_coded_refusal(tmp_path, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "v.txt"
    path.write_text("a 1.0 2.0\nb 3.0 4.0\n", encoding="utf-8")
    with pytest.raises(EmbeddingFileError) as refused:
        lesson.open_source(lesson.file_key(path, "glove"), cancelled=lambda: True)
    assert refused.value.code == "load_cancelled" and refused.value.message.code == "embedding_load_cancelled"


def test_word2vec_snapshots_follow_the_training_and_its_neighbours():
    """The snapshots come every `every` steps; their neighbours are those of the embedding at
    that step (the last one recomputed here from the trained vectors)."""
    from engine.embeddings.training import grammar_corpus, settings_for, train_word2vec, vocabulary
    from engine.embeddings.vectors import Embeddings

    snapshots = []
    last = watch_word2vec("en", 500, ("January",), k=3, every=10, report=snapshots.append)
    assert [s.step for s in snapshots] == list(range(0, last.steps, 10)) + ([last.steps] if last.steps % 10 else [])
    assert last.finished and not last.stopped and len(last.losses) == len(last.loss_steps) == len(snapshots) - 1
    corpus = grammar_corpus("en", 500, 0)
    trained = train_word2vec(corpus, settings_for("word2vec", seed=0))
    emb = Embeddings.from_arrays(vocabulary(corpus)[0], trained.vectors, "check")
    normed = emb.vectors / np.linalg.norm(emb.vectors, axis=1, keepdims=True)
    j = emb.index["January"]
    cosines = normed @ normed[j]
    cosines[j] = -np.inf
    best = np.argsort(-cosines)[:3]
    assert [w for w, _ in last.neighbours[0][1]] == [emb.words[i] for i in best]
    assert np.allclose([c for _, c in last.neighbours[0][1]], cosines[best], atol=1e-5)


def test_tsne_keeps_each_words_neighbourhood():
    """Six directions (cosine clusters) of 50 vectors each: in the map, nearly every point's
    nearest point is one of its own cluster (checked with scipy's distances, not openTSNE's)."""
    from scipy.spatial.distance import cdist

    rng = np.random.default_rng(4)
    centres = rng.standard_normal((6, 32))
    labels = np.repeat(np.arange(6), 50)
    vectors = centres[labels] + rng.standard_normal((300, 32)) * 0.35
    coordinates = lesson.tsne(vectors)
    distances = cdist(coordinates, coordinates)
    np.fill_diagonal(distances, np.inf)
    nearest = distances.argmin(axis=1)
    assert np.mean(labels[nearest] == labels) > 0.97
