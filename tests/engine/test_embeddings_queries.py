"""engine.embeddings queries against gensim's KeyedVectors (the oracle): the same words in
the same order and cosines within 1e-6, on random vectors and on the shipped models'
embedding matrices; PCA against numpy's SVD and eigh computed here."""
from __future__ import annotations

import itertools

import numpy as np
import pytest
from gensim.models import KeyedVectors

from engine.embeddings import queries
from engine.embeddings.analogy_test import TOTAL, evaluate_analogies
from engine.embeddings.errors import EmbeddingQueryError
from engine.embeddings.pca import pca
from engine.embeddings.shipped import model_embeddings
from engine.embeddings.vectors import Embeddings
from tests.engine.embeddings_fixtures import planted_analogies, random_keyed_vectors

TOLERANCE = 1e-6
# gensim 4.4's most_similar_cosmul calls its own deprecated init_sims
pytestmark = pytest.mark.filterwarnings("ignore:Call to deprecated `init_sims`:DeprecationWarning")


def as_embeddings(kv: KeyedVectors, name="test") -> Embeddings:
    return Embeddings.from_arrays(kv.index_to_key, kv.vectors, name)


def as_keyed_vectors(emb: Embeddings) -> KeyedVectors:
    kv = KeyedVectors(emb.dimension)
    kv.add_vectors(list(emb.words), np.asarray(emb.vectors))
    return kv


def assert_same_answers(ours, theirs):
    assert [w for w, _ in ours] == [w for w, _ in theirs]
    np.testing.assert_allclose([s for _, s in ours], [s for _, s in theirs], atol=TOLERANCE, rtol=TOLERANCE)


@pytest.fixture(scope="module")
def random_pair():
    kv = random_keyed_vectors(n=3000, dim=40, seed=11)
    return kv, as_embeddings(kv)


@pytest.mark.parametrize("k, restrict_vocab", [(1, None), (10, None), (60, None), (10, 700)])
def test_neighbours_equal_most_similar(random_pair, k, restrict_vocab):
    kv, emb = random_pair
    for word in ["king", "北京", "w5", "w2500", "w699"]:
        ours = queries.neighbours(emb, word, k, restrict_vocab)
        assert_same_answers(ours.pairs(), kv.most_similar(word, topn=k, restrict_vocab=restrict_vocab))
        assert ours.norm == pytest.approx(float(np.linalg.norm(kv[word])), rel=1e-6)


@pytest.mark.parametrize("restrict_vocab", [None, 500])
def test_3cosadd_analogies_equal_most_similar(random_pair, restrict_vocab):
    kv, emb = random_pair
    for a, b, c in [("man", "woman", "king"), ("w1", "w2", "w3"), ("king", "king", "queen"), ("w10", "w499", "e")]:
        ours = queries.analogy(emb, a, b, c, k=15, method="add", restrict_vocab=restrict_vocab)
        theirs = kv.most_similar(positive=[b, c], negative=[a], topn=15, restrict_vocab=restrict_vocab)
        assert_same_answers(ours.pairs(), theirs)
        assert not {a, b, c} & {w for w, _ in ours.pairs()}


def test_3cosmul_analogies_equal_most_similar_cosmul(random_pair):
    kv, emb = random_pair
    for a, b, c in [("man", "woman", "king"), ("w1", "w2", "w3"), ("U.S.", "1990", "-3")]:
        ours = queries.analogy(emb, a, b, c, k=12, method="mul")
        assert_same_answers(ours.pairs(), kv.most_similar_cosmul(positive=[b, c], negative=[a], topn=12))


def test_3cosmul_restricted_equals_gensim_on_the_first_words_alone(random_pair):
    """gensim 4.4's most_similar_cosmul ignores restrict_vocab: the oracle is gensim on a
    KeyedVectors holding only the first 400 words."""
    kv, emb = random_pair
    first = KeyedVectors(kv.vector_size)
    first.add_vectors(kv.index_to_key[:400], kv.vectors[:400])
    ours = queries.analogy(emb, "man", "woman", "king", k=10, method="mul", restrict_vocab=400)
    assert_same_answers(ours.pairs(), first.most_similar_cosmul(positive=["woman", "king"], negative=["man"], topn=10))


def test_an_analogy_carries_its_arithmetic(random_pair):
    """score = (cos(x,b) − cos(x,a) + cos(x,c)) / ‖ê_b − ê_a + ê_c‖, each term gensim's cosine."""
    kv, emb = random_pair
    result = queries.analogy(emb, "man", "woman", "king", k=5)
    unit = {w: kv[w] / np.linalg.norm(kv[w].astype(np.float64)) for w in ("man", "woman", "king")}
    assert result.query_norm == pytest.approx(np.linalg.norm(unit["woman"] - unit["man"] + unit["king"]), rel=1e-6)
    assert result.norms == pytest.approx([np.linalg.norm(kv[w].astype(np.float64)) for w in ("man", "woman", "king")])
    for candidate in result.candidates:
        cos_a, cos_b, cos_c = (float(kv.similarity(candidate.word, w)) for w in ("man", "woman", "king"))
        assert candidate.cosines == pytest.approx((cos_a, cos_b, cos_c), abs=TOLERANCE)
        assert candidate.score == pytest.approx((cos_b - cos_a + cos_c) / result.query_norm, abs=TOLERANCE)
    mul = queries.analogy(emb, "man", "woman", "king", k=5, method="mul")
    for candidate in mul.candidates:
        s_a, s_b, s_c = ((1 + c) / 2 for c in candidate.cosines)
        assert candidate.score == pytest.approx(s_b * s_c / (s_a + 1e-6), rel=1e-5)


def test_doesnt_match_equals_gensim_with_its_ranking(random_pair):
    kv, emb = random_pair
    for words in [["king", "queen", "man", "woman"], ["w1", "w2", "w3", "w4", "w5", "北京"], ["e", "-3"]]:
        ours = queries.doesnt_match(emb, words)
        assert ours.odd_one == kv.doesnt_match(words)
        theirs = [(w, float(s)) for s, w in kv.rank_by_centrality(words)]
        assert_same_answers(list(ours.ranking), theirs)


def test_similarity_matrix_equals_gensims_similarity(random_pair):
    kv, emb = random_pair
    words = ["king", "queen", "man", "w9", "naïve"]
    result = queries.similarity_matrix(emb, words)
    for (i, a), (j, b) in itertools.product(enumerate(words), repeat=2):
        assert result.cosines[i, j] == pytest.approx(float(kv.similarity(a, b)), abs=TOLERANCE)


def test_one_hot_selection_is_the_matrix_product_that_picks_column_j(random_pair):
    kv, emb = random_pair
    result = queries.one_hot_selection(emb, "queen")
    j = kv.key_to_index["queen"]
    assert result.index == j and result.one_hot.shape == (len(kv),)
    assert result.one_hot[j] == 1 and np.count_nonzero(result.one_hot) == 1
    np.testing.assert_array_equal(result.column, kv.vectors[j])


def test_unknown_words_and_bad_arguments_are_refused(random_pair):
    _kv, emb = random_pair
    with pytest.raises(EmbeddingQueryError) as caught:
        queries.neighbours(emb, "nonexistent")
    assert caught.value.code == "unknown_word" and caught.value.word == "nonexistent"
    for call, code in [(lambda: queries.neighbours(emb, "king", 0), "bad_k"),
                       (lambda: queries.analogy(emb, "a", "b", "c", method="pair"), "unknown_method"),
                       (lambda: queries.neighbours(emb, "king", restrict_vocab=0), "bad_restrict_vocab"),
                       (lambda: queries.doesnt_match(emb, ["king"]), "too_few_words")]:
        with pytest.raises(EmbeddingQueryError) as caught:
            call()
        assert caught.value.code == code


@pytest.mark.parametrize("case_insensitive, dummy4unknown, restrict_vocab",
                         [(True, False, 300000), (False, False, 300000), (True, True, 300000), (True, False, 70)])
def test_analogy_test_set_scores_equal_evaluate_word_analogies(tmp_path, case_insensitive, dummy4unknown,
                                                              restrict_vocab):
    kv, path = planted_analogies(tmp_path)
    emb = as_embeddings(kv)
    theirs_score, theirs = kv.evaluate_word_analogies(str(path), restrict_vocab=restrict_vocab,
                                                      case_insensitive=case_insensitive, dummy4unknown=dummy4unknown)
    ours = evaluate_analogies(emb, path, restrict_vocab=restrict_vocab, case_insensitive=case_insensitive,
                              dummy4unknown=dummy4unknown, batch=7)
    assert [s.name for s in ours.sections] == [s["section"] for s in theirs]
    for section, reference in zip(ours.sections, theirs):
        assert [(q.a, q.b, q.c, q.expected) for q in section.correct] == reference["correct"]
        assert [(q.a, q.b, q.c, q.expected) for q in section.incorrect] == reference["incorrect"]
    assert ours.accuracy == pytest.approx(theirs_score)
    assert ours.sections[-1].name == TOTAL
    if restrict_vocab > len(kv):  # some right, some wrong: the comparison can tell them apart
        assert 0 < ours.accuracy < 1
    assert ours.skipped_lines == (138,)  # "m1 f1 m2": three words


def test_analogy_lines_before_any_section_are_refused(tmp_path):
    path = tmp_path / "q.txt"
    path.write_text("a b c d\n: s\n", encoding="utf-8")
    kv = random_keyed_vectors(n=20, dim=4)
    with pytest.raises(EmbeddingQueryError) as caught:
        evaluate_analogies(as_embeddings(kv), path)
    assert caught.value.code == "analogy_no_section" and caught.value.line == 1


@pytest.mark.parametrize("model, side", [("zh-en-toy", "source"), ("zh-en-toy", "target"),
                                         ("date-transformer", "source"), ("date-rnn-attention", "target")])
def test_shipped_embeddings_answer_as_gensim_does(model, side):
    emb = model_embeddings(model, side)
    kv = as_keyed_vectors(emb)
    for word in emb.words:
        assert_same_answers(queries.neighbours(emb, word, 8).pairs(), kv.most_similar(word, topn=8))
    rng = np.random.default_rng(0)
    for _ in range(20):
        a, b, c = (emb.words[i] for i in rng.choice(len(emb), 3, replace=False))
        assert_same_answers(queries.analogy(emb, a, b, c, 6).pairs(),
                            kv.most_similar(positive=[b, c], negative=[a], topn=6))
        assert_same_answers(queries.analogy(emb, a, b, c, 6, method="mul").pairs(),
                            kv.most_similar_cosmul(positive=[b, c], negative=[a], topn=6))
        words = [emb.words[i] for i in rng.choice(len(emb), 5, replace=False)]
        assert queries.doesnt_match(emb, words).odd_one == kv.doesnt_match(words)


def test_the_shipped_matrices_are_the_models_own_rows_without_the_special_tokens():
    from safetensors.numpy import load_file

    from engine.models.registry import resolve

    emb = model_embeddings("zh-en-toy", "target")
    weights = load_file(str(resolve("zh-en-toy") / "model.safetensors"))["target_embedding.weight"]
    assert len(emb) == weights.shape[0] - 4 == 352
    np.testing.assert_array_equal(emb.vectors, weights[4:])
    assert "January" in emb and "<pad>" not in emb
    assert len(model_embeddings("zh-en-toy", "source")) == 288


def test_pca_equals_numpys_svd_up_to_the_sign_it_fixes():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((60, 9)) @ rng.standard_normal((9, 9)) + 3.0
    result = pca(x, k=3)
    centred = x - x.mean(axis=0)
    u, s, vt = np.linalg.svd(centred, full_matrices=False)
    for i in range(3):
        sign = np.sign(result.components[i] @ vt[i])
        np.testing.assert_allclose(result.components[i], sign * vt[i], atol=1e-10)
        np.testing.assert_allclose(result.coordinates[:, i], sign * u[:, i] * s[i], atol=1e-9)
        assert result.components[i][np.argmax(np.abs(result.components[i]))] > 0
    eigenvalues = np.sort(np.linalg.eigvalsh(np.cov(x, rowvar=False)))[::-1]
    np.testing.assert_allclose(result.explained_variance, eigenvalues[:3], rtol=1e-9)
    np.testing.assert_allclose(result.explained_variance_ratio, eigenvalues[:3] / eigenvalues.sum(), rtol=1e-9)
    np.testing.assert_allclose(result.coordinates, centred @ result.components.T, atol=1e-9)


def test_pca_gives_the_same_picture_whatever_the_row_order():
    rng = np.random.default_rng(4)
    x = rng.standard_normal((40, 6))
    order = rng.permutation(40)
    np.testing.assert_allclose(pca(x[order]).coordinates, pca(x).coordinates[order], atol=1e-9)


@pytest.mark.parametrize("source", ["zh-en-toy target", "word2vec-en", "glove-en"])
def test_analogy_test_set_on_shipped_vectors_equals_evaluate_word_analogies(tmp_path, source):
    """Questions from the grammar's own words (months, weekdays, pronoun forms), on a shipped
    model's matrix and on the word2vec and GloVe vectors trained here."""
    from engine.embeddings.shipped import trained_embeddings

    emb = model_embeddings("zh-en-toy", "target") if source == "zh-en-toy target" else trained_embeddings(source)
    months = ["January", "February", "March", "April", "May", "June"]
    days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    lines = [": month-day"] + [f"{months[i]} {days[i]} {months[j]} {days[j]}"
                                for i, j in itertools.permutations(range(6), 2)]
    lines += [": month-next"] + [f"{months[i]} {months[i + 1]} {months[j]} {months[j + 1]}"
                                 for i, j in itertools.permutations(range(5), 2)]
    path = tmp_path / "grammar-questions.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    kv = as_keyed_vectors(emb)
    theirs_score, theirs = kv.evaluate_word_analogies(str(path))
    ours = evaluate_analogies(emb, path)
    assert ours.unknown == 0 and ours.questions == 30 + 20
    for section, reference in zip(ours.sections, theirs):
        assert section.name == reference["section"]
        assert [(q.a, q.b, q.c, q.expected) for q in section.correct] == reference["correct"]
        assert [(q.a, q.b, q.c, q.expected) for q in section.incorrect] == reference["incorrect"]
    assert ours.accuracy == pytest.approx(theirs_score)


def test_a_zero_vector_is_never_an_answer_and_cannot_be_asked():
    vectors = np.array([[1, 0], [0, 0], [0.8, 0.6], [-1, 0.1]], dtype=np.float32)
    emb = Embeddings.from_arrays(["a", "zero", "b", "c"], vectors, "tiny")
    assert [w for w, _ in queries.neighbours(emb, "a", 10).pairs()] == ["b", "c"]
    with pytest.raises(EmbeddingQueryError) as caught:
        queries.neighbours(emb, "zero")
    assert caught.value.code == "zero_vector"


def test_restrict_vocab_beyond_the_vocabulary_means_all_of_it(random_pair):
    _kv, emb = random_pair
    assert queries.neighbours(emb, "king", 5, restrict_vocab=10**9).pairs() == queries.neighbours(emb, "king", 5).pairs()


def test_a_test_set_reports_progress_per_section_and_stops_when_cancelled(tmp_path):
    kv, path = planted_analogies(tmp_path)
    emb = as_embeddings(kv)
    fractions = []
    score = evaluate_analogies(emb, path, batch=50, progress=fractions.append)
    # 132 + 2 + 210 questions answered (one has an unknown word): batches of at most 50 per section
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len(fractions) == 3 + 1 + 5
    # the sections count their questions with an unknown word; the total counts them all
    assert [s.unknown for s in score.sections] == [0, 1, 0, 1] and score.unknown == 1
    polls = []

    def cancel_after_two():
        polls.append(True)
        return len(polls) > 2

    with pytest.raises(EmbeddingQueryError) as caught:
        evaluate_analogies(emb, path, batch=50, cancelled=cancel_after_two)
    assert caught.value.code == "analogy_test_cancelled"


def test_the_built_in_test_set_of_verb_forms_scores_as_gensim_scores_it_from_a_file(tmp_path):
    from engine.embeddings.analogy_test import grammar_analogy_lines
    from engine.embeddings.shipped import trained_embeddings

    emb = trained_embeddings("word2vec-en")
    lines = grammar_analogy_lines()
    path = tmp_path / "verbs.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    theirs_score, theirs = as_keyed_vectors(emb).evaluate_word_analogies(str(path))
    ours = evaluate_analogies(emb, lines)
    assert [s.name for s in ours.sections] == [s["section"] for s in theirs] == [
        "past tense", "third person -s", "-ing form", TOTAL]
    for section, reference in zip(ours.sections, theirs):
        assert [(q.a, q.b, q.c, q.expected) for q in section.correct] == reference["correct"]
        assert [(q.a, q.b, q.c, q.expected) for q in section.incorrect] == reference["incorrect"]
    assert ours.accuracy == pytest.approx(theirs_score) and 0 < ours.accuracy < 1
    assert "VISIT VISITED BUY BOUGHT".split() in [[q.a, q.b, q.c, q.expected] for q in ours.sections[0].correct
                                                  + ours.sections[0].incorrect]



def test_pca_of_two_numbers_by_hand():
    """Two 1-D points 0 and 0.5: centred ∓0.25, one component (+1), variance 0.125 / (2 − 1);
    a total variance below 1 still gives the ratio 1."""
    result = pca([[0.0], [0.5]])
    np.testing.assert_array_equal(result.components, [[1.0]])
    np.testing.assert_allclose(result.coordinates, [[-0.25], [0.25]], rtol=1e-15)
    np.testing.assert_array_equal(result.mean, [0.25])
    np.testing.assert_allclose(result.explained_variance, [0.125], rtol=1e-15)
    np.testing.assert_allclose(result.explained_variance_ratio, [1.0], rtol=1e-15)


def test_pca_defaults_to_two_components_and_keeps_at_most_the_data_allows():
    rng = np.random.default_rng(8)
    assert pca(rng.standard_normal((7, 5))).coordinates.shape == (7, 2)
    # k beyond the dimension, and beyond the number of words
    assert pca(rng.standard_normal((7, 3)), k=10).components.shape == (3, 3)
    assert pca(rng.standard_normal((4, 6)), k=10).coordinates.shape == (4, 4)


def test_pca_of_identical_vectors_has_no_variance_to_share():
    result = pca(np.full((3, 4), 0.5))
    np.testing.assert_array_equal(result.coordinates, np.zeros((3, 2)))
    np.testing.assert_array_equal(result.explained_variance, [0.0, 0.0])
    np.testing.assert_array_equal(result.explained_variance_ratio, [0.0, 0.0])


def test_pca_computes_in_double_precision_from_float32_vectors():
    x = np.array([[1, 2, 0], [3, 1, 1], [0, 0, 5], [2, 2, 2]], dtype=np.float32)
    result = pca(x, k=2)
    assert result.coordinates.dtype == result.components.dtype == np.float64
    centred = x.astype(np.float64) - x.astype(np.float64).mean(axis=0)
    np.testing.assert_allclose(result.coordinates, centred @ result.components.T, atol=1e-13)


@pytest.mark.parametrize("vectors, shape", [([1.0, 2.0, 3.0], "(3,)"), ([[1.0, 2.0]], "(1, 2)"),
                                            (np.zeros((2, 2, 2)), "(2, 2, 2)")])
def test_pca_refuses_fewer_than_two_vectors_or_a_wrong_shape(vectors, shape):
    with pytest.raises(ValueError) as caught:
        pca(vectors)
    assert str(caught.value) == f"PCA needs at least two vectors in a 2-D array, got shape {shape}"


def test_first_passes_over_a_large_vocabulary_give_gensims_answers(random_pair, monkeypatch):
    """The int8 / float16 first passes (taken from 50,000 words on; here from 0): the same
    words, order and scores as gensim, query words excluded."""
    from engine.embeddings import half_scores, int8_scores

    monkeypatch.setattr(half_scores, "LEAST_ROWS", 0)
    monkeypatch.setattr(int8_scores, "LEAST_ROWS", 0)
    kv, emb = random_pair
    for word, k in [("king", 1), ("w7", 12)]:
        assert_same_answers(queries.neighbours(emb, word, k).pairs(), kv.most_similar(word, topn=k))
    ours = queries.analogy(emb, "man", "woman", "king", k=7, restrict_vocab=900)
    assert_same_answers(ours.pairs(), kv.most_similar(positive=["woman", "king"], negative=["man"], topn=7,
                                                      restrict_vocab=900))
    ours = queries.analogy(emb, "w1", "w2", "w3", k=9, method="mul")
    assert_same_answers(ours.pairs(), kv.most_similar_cosmul(positive=["w2", "w3"], negative=["w1"], topn=9))


def test_a_neighbour_query_records_what_it_searched(random_pair):
    kv, emb = random_pair
    result = queries.neighbours(emb, "queen", 3, restrict_vocab=50)
    assert (result.word, result.index, result.searched) == ("queen", kv.key_to_index["queen"], 50)
    assert result.norm == pytest.approx(float(np.linalg.norm(kv["queen"].astype(np.float64))), rel=1e-6)
    assert [c.index for c in result.candidates] == [kv.key_to_index[c.word] for c in result.candidates]
    assert all(c.index < 50 for c in result.candidates)
    assert queries.neighbours(emb, "queen", 3).searched == len(kv)
    # gensim's default topn
    assert len(queries.neighbours(emb, "queen").candidates) == 10
    assert len(queries.analogy(emb, "man", "woman", "king").candidates) == 10


@pytest.mark.parametrize("method", ["add", "mul"])
def test_an_analogy_records_its_words_rows_and_norms(random_pair, method):
    kv, emb = random_pair
    result = queries.analogy(emb, "man", "woman", "king", k=4, method=method, restrict_vocab=2000)
    assert result.words == ("man", "woman", "king") and result.method == method and result.searched == 2000
    assert result.indices == tuple(kv.key_to_index[w] for w in ("man", "woman", "king"))
    assert result.norms == pytest.approx([np.linalg.norm(kv[w].astype(np.float64)) for w in result.words], rel=1e-6)
    assert [c.index for c in result.candidates] == [kv.key_to_index[c.word] for c in result.candidates]
    for candidate in result.candidates:
        assert candidate.cosines == pytest.approx(
            [float(kv.similarity(candidate.word, w)) for w in result.words], abs=TOLERANCE)


def test_a_similarity_matrix_records_words_and_norms(random_pair):
    kv, emb = random_pair
    result = queries.similarity_matrix(emb, ["man", "北京"])
    assert result.words == ("man", "北京")
    np.testing.assert_allclose(result.norms, [np.linalg.norm(kv[w].astype(np.float64)) for w in result.words],
                               rtol=1e-6)


def test_doesnt_match_records_the_words_asked(random_pair):
    _kv, emb = random_pair
    result = queries.doesnt_match(emb, (w for w in ["king", "queen", "w3"]))
    assert result.words == ("king", "queen", "w3")
    assert sorted(w for w, _ in result.ranking) == ["king", "queen", "w3"]


def test_the_one_hot_vector_is_float32_and_names_its_word(random_pair):
    _kv, emb = random_pair
    result = queries.one_hot_selection(emb, "woman")
    assert result.word == "woman" and result.one_hot.dtype == np.float32 and result.column.dtype == np.float32


def test_each_query_refusal_word_for_word(random_pair):
    _kv, emb = random_pair
    for call, code, message in [
        (lambda: queries.neighbours(emb, "king", 0), "bad_k", "k must be at least 1, got 0"),
        (lambda: queries.analogy(emb, "man", "woman", "king", k=-2), "bad_k", "k must be at least 1, got -2"),
        (lambda: queries.analogy(emb, "man", "woman", "king", method="Mul"), "unknown_method",
         "unknown analogy method 'Mul' (add or mul)"),
        (lambda: queries.doesnt_match(emb, ["king"]), "too_few_words", "doesnt_match needs at least 2 words, got 1"),
        (lambda: queries.doesnt_match(emb, []), "too_few_words", "doesnt_match needs at least 2 words, got 0"),
        (lambda: queries.similarity_matrix(emb, []), "too_few_words",
         "a similarity matrix needs at least 1 words, got 0"),
        (lambda: queries.analogy(emb, "man", "nowhere", "king"), "unknown_word",
         "'nowhere' is not in the vocabulary of test"),
    ]:
        with pytest.raises(EmbeddingQueryError) as caught:
            call()
        assert (caught.value.code, str(caught.value)) == (code, message)
    # the app translates "a similarity matrix" by its own code
    with pytest.raises(EmbeddingQueryError) as caught:
        queries.similarity_matrix(emb, [])
    assert caught.value.what.code == "embedding_what_similarity_matrix"
    assert (caught.value.needed, caught.value.got) == (1, 0)


def test_one_word_is_a_one_by_one_similarity_matrix(random_pair):
    _kv, emb = random_pair
    result = queries.similarity_matrix(emb, ["e"])
    assert result.cosines.shape == (1, 1) and result.cosines[0, 0] == pytest.approx(1.0, abs=1e-6)


def gensim_cosmul_evaluation(kv: KeyedVectors, lines, restrict_vocab: int, case_insensitive: bool):
    """gensim's evaluate_word_analogies loop (keyedvectors.py) with most_similar_cosmul in place
    of most_similar: [(section, correct, incorrect)] of spelled (a, b, c, expected)."""
    first = KeyedVectors(kv.vector_size)
    first.add_vectors(kv.index_to_key[:restrict_vocab], kv.vectors[:restrict_vocab])
    spell = str.upper if case_insensitive else str
    ok_vocab = {spell(k): first.get_index(k) for k in reversed(first.index_to_key)}
    sections = []
    for line in lines:
        if line.startswith(": "):
            sections.append((line.lstrip(": ").strip(), [], []))
            continue
        words = [spell(w) for w in line.split()]
        if len(words) != 4 or not all(w in ok_vocab for w in words):
            continue
        a, b, c, expected = words
        key = {w: first.index_to_key[ok_vocab[w]] for w in (a, b, c)}
        predicted = None
        for word, _ in first.most_similar_cosmul(positive=[key[b], key[c]], negative=[key[a]], topn=5):
            predicted = spell(word)
            if predicted in ok_vocab and predicted not in {a, b, c}:
                break
        sections[-1][1 if predicted == expected else 2].append(tuple(words))
    return sections


@pytest.mark.parametrize("case_insensitive, restrict_vocab", [(True, 300000), (False, 300000), (True, 70)])
def test_a_test_set_scored_by_3cosmul_equals_gensims_rule_with_most_similar_cosmul(tmp_path, case_insensitive,
                                                                                    restrict_vocab):
    kv, path = planted_analogies(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    ours = evaluate_analogies(as_embeddings(kv), path, restrict_vocab=restrict_vocab,
                              case_insensitive=case_insensitive, method="mul", batch=11)
    theirs = gensim_cosmul_evaluation(kv, lines, restrict_vocab, case_insensitive)
    assert [s.name for s in ours.sections[:-1]] == [name for name, _, _ in theirs]
    for section, (_name, correct, incorrect) in zip(ours.sections, theirs):
        assert [(q.a, q.b, q.c, q.expected) for q in section.correct] == correct
        assert [(q.a, q.b, q.c, q.expected) for q in section.incorrect] == incorrect
        assert all(q.predicted == q.expected for q in section.correct)
        assert all(q.predicted != q.expected for q in section.incorrect)
    if restrict_vocab > len(kv):
        assert 0 < ours.accuracy < 1


def other_spellings_first():
    """x : y :: z : answer where the other spellings X, Y, Z of the query words are nearer to
    ŷ − x̂ + ẑ than the answer (ranks 1-3 of the candidates; the answer is 4th)."""
    unit = [np.array(v) / np.linalg.norm(v) for v in ([1.0, 0.2, 0], [0.1, 1, 0.3], [0.2, 0.1, 1])]
    q = unit[1] - unit[0] + unit[2]
    words = ["x", "y", "z", "answer", "X", "Y", "Z", "far1", "far2", "far3"]
    vectors = [*unit, q + [0.3, -0.2, 0.25], q + [0.01, 0, 0], q + [0, 0.02, 0], q + [0, 0, 0.03],
               -q + [0.1, 0, 0], -q + [0, 0.2, 0], [5, -1, -1]]
    kv = KeyedVectors(3)
    kv.add_vectors(words, np.array(vectors, dtype=np.float32))
    return kv


@pytest.mark.parametrize("method", ["add", "mul"])
def test_other_spellings_of_the_query_words_are_passed_over(tmp_path, method):
    """Case-insensitive, X, Y and Z are x, y and z: the answer, 4th of the 5 candidates, is
    taken; case-sensitive, gensim's best (one of X, Y, Z) is the (wrong) answer. gensim's
    evaluate_word_analogies says so for 3CosAdd."""
    kv = other_spellings_first()
    path = tmp_path / "q.txt"
    path.write_text(": s\nx y z answer\n", encoding="utf-8")
    insensitive = evaluate_analogies(as_embeddings(kv), path, method=method)
    assert [(q.expected, q.predicted) for q in insensitive.sections[0].correct] == [("ANSWER", "ANSWER")]
    sensitive = evaluate_analogies(as_embeddings(kv), path, case_insensitive=False, method=method)
    best = (kv.most_similar if method == "add" else kv.most_similar_cosmul)(positive=["y", "z"], negative=["x"])
    assert sorted(w for w, _ in best[:3]) == ["X", "Y", "Z"] and best[3][0] == "answer"
    assert [(q.expected, q.predicted) for q in sensitive.sections[0].incorrect] == [("answer", best[0][0])]
    if method == "add":
        assert kv.evaluate_word_analogies(str(path))[0] == 1.0
        assert kv.evaluate_word_analogies(str(path), case_insensitive=False)[0] == 0.0


def test_a_vocabulary_of_fewer_words_than_candidates(tmp_path):
    """Four words (fewer than gensim's 5 candidates), one of them a zero vector, which is never
    an answer: only "d" is left to predict."""
    kv = KeyedVectors(2)
    kv.add_vectors(["a", "b", "c", "zero", "d"],
                   np.array([[1, 0], [0, 1], [1, 0.5], [0, 0], [-1, 1]], dtype=np.float32))
    path = tmp_path / "q.txt"
    path.write_text(": s\na b c d\nb a c zero\n", encoding="utf-8")
    for method in ("add", "mul"):
        score = evaluate_analogies(as_embeddings(kv), path, method=method, restrict_vocab=5)
        assert [(q.expected, q.predicted) for q in score.sections[0].correct] == [("D", "D")]
        assert [(q.expected, q.predicted) for q in score.sections[0].incorrect] == [("ZERO", "D")]
        # without "d" (the 5th word) the first question is unknown and the second has no
        # candidate left: no prediction, counted wrong
        score = evaluate_analogies(as_embeddings(kv), path, method=method, restrict_vocab=4)
        assert (score.unknown, score.sections[0].correct) == (1, ())
        assert [(q.expected, q.predicted) for q in score.sections[0].incorrect] == [("ZERO", None)]


def test_the_defaults_are_gensims():
    """restrict_vocab 300,000, case-insensitive, unknown words skipped: evaluate_word_analogies'."""
    import inspect

    ours = inspect.signature(evaluate_analogies).parameters
    theirs = inspect.signature(KeyedVectors.evaluate_word_analogies).parameters
    for name in ("restrict_vocab", "case_insensitive", "dummy4unknown"):
        assert ours[name].default == theirs[name].default
    assert ours["method"].default == "add"


def test_the_built_in_verb_sections_pair_each_base_with_its_form():
    from engine.embeddings.analogy_test import grammar_analogy_lines

    lines = grammar_analogy_lines()
    starts = [i for i, line in enumerate(lines) if line.startswith(": ")]
    assert [lines[i] for i in starts] == [": past tense", ": third person -s", ": -ing form"]
    past, third, ing = (lines[i + 1:j] for i, j in zip(starts, [*starts[1:], len(lines)]))
    # engine/data/zh_en.py's first verbs: visit, tour, go to (each form's first word)
    assert past[:2] == ["visit visited tour toured", "visit visited go went"]
    assert third[:2] == ["visit visits tour tours", "visit visits go goes"]
    assert ing[:2] == ["visit visiting tour touring", "visit visiting go going"]
    assert len(past) == len(third) == len(ing)


def test_lines_given_as_a_list_are_numbered_from_one(tmp_path):
    kv = other_spellings_first()
    score = evaluate_analogies(as_embeddings(kv), [": s", "x y z answer", "x y z", ": Xs and Ys ", "x y"])
    assert score.skipped_lines == (3, 5) and score.questions == 1
    # gensim's section names: ": " and spaces stripped, nothing else
    assert [s.name for s in score.sections] == ["s", "Xs and Ys", TOTAL]
    with pytest.raises(EmbeddingQueryError) as caught:
        evaluate_analogies(as_embeddings(kv), ["x y z answer", ": s"])
    assert (caught.value.code, caught.value.line, caught.value.path) == ("analogy_no_section", 1, "")


def test_the_test_sets_refusals_word_for_word(tmp_path):
    kv = other_spellings_first()
    path = tmp_path / "q.txt"
    path.write_text(": s\nx y z answer\n", encoding="utf-8")
    with pytest.raises(EmbeddingQueryError) as caught:
        evaluate_analogies(as_embeddings(kv), path, method="3cosadd")
    assert (caught.value.code, str(caught.value)) == ("unknown_method", "unknown analogy method '3cosadd' (add or mul)")
    path.write_text("x y z answer\n: s\n", encoding="utf-8")
    with pytest.raises(EmbeddingQueryError) as caught:
        evaluate_analogies(as_embeddings(kv), str(path))
    assert str(caught.value) == f"{path}, line 1: an analogy line before the first ': section' line"


def test_only_the_first_300000_words_count_by_default():
    """gensim's default restrict_vocab: a question with the 300,001st word is unknown."""
    words = [f"w{i}" for i in range(300_001)]
    vectors = np.random.default_rng(3).standard_normal((300_001, 2)).astype(np.float32)
    emb = Embeddings.from_arrays(words, vectors, "big")
    score = evaluate_analogies(emb, [": s", "w0 w1 w2 w3", "w0 w1 w2 w300000"])
    assert (score.questions, score.unknown) == (2, 1)


def test_a_query_word_just_past_restrict_vocab_is_not_excluded_from_it(random_pair):
    """The word at row 50 asked with restrict_vocab=50: all 50 rows are answers (gensim too)."""
    kv, emb = random_pair
    word = kv.index_to_key[50]
    ours = queries.neighbours(emb, word, 60, restrict_vocab=50)
    assert len(ours.candidates) == 50
    assert_same_answers(ours.pairs(), kv.most_similar(word, topn=60, restrict_vocab=50))


def record_calls(monkeypatch, module, used: list) -> None:
    """``module.candidates`` appends the module's name to ``used`` on each call."""
    real = module.candidates

    def recorded(*args):
        used.append(module.__name__)
        return real(*args)

    monkeypatch.setattr(module, "candidates", recorded)


@pytest.mark.parametrize("first_pass", ["int8", "float16"])
def test_a_zero_vector_is_never_an_answer_of_the_first_passes(monkeypatch, first_pass):
    from engine.embeddings import half_scores, int8_cosines, int8_scores

    monkeypatch.setattr(half_scores, "LEAST_ROWS", 0)
    monkeypatch.setattr(int8_scores, "LEAST_ROWS", 0)
    if first_pass == "float16":
        monkeypatch.setattr(int8_cosines, "applies", lambda *_: False)
    elif not int8_cosines.applies(Embeddings.from_arrays(["x"], [[1.0]], "x"), 1):
        pytest.skip("torch's int8 kernel is not known to be sound on this CPU")
    used = []
    for module in (int8_cosines, half_scores):
        record_calls(monkeypatch, module, used)
    vectors = np.array([[1, 0], [0, 0], [0.8, 0.6], [-1, 0.1], [0.6, -0.8]], dtype=np.float32)
    emb = Embeddings.from_arrays(["a", "zero", "b", "c", "d"], vectors, "tiny")
    assert [w for w, _ in queries.neighbours(emb, "a", 10).pairs()] == ["b", "d", "c"]
    assert [w for w, _ in queries.neighbours(emb, "a", 2).pairs()] == ["b", "d"]
    # the float16 pass only where the int8 kernel is not known to be sound
    assert set(used) == {"engine.embeddings." + ("int8_cosines" if first_pass == "int8" else "half_scores")}
    for method in ("add", "mul"):
        assert "zero" not in [c.word for c in queries.analogy(emb, "a", "b", "c", 10, method=method).candidates]


def test_words_past_restrict_vocab_never_take_a_candidates_place(tmp_path):
    """Five words past restrict_vocab=6 are nearer to b − a + c than the answer: they are not
    searched, so the answer is the first candidate (gensim agrees); were they searched, the 5
    candidates would all be words outside the vocabulary."""
    q = np.array([0.0, 1.0, 1.0])
    words = ["a", "b", "c", "answer", "p", "r", "o1", "o2", "o3", "o4", "o5"]
    vectors = [[1, 1, 0], [1, 2, 1], [0, 1, 1], q + [0.4, 0.1, -0.2], [-1, 0, 0], [0, 0, -1],
               *(q + [0.01 * i, 0, 0] for i in range(1, 6))]
    kv = KeyedVectors(3)
    kv.add_vectors(words, np.array(vectors, dtype=np.float32))
    path = tmp_path / "q.txt"
    path.write_text(": s\na b c answer\n", encoding="utf-8")
    assert kv.evaluate_word_analogies(str(path), restrict_vocab=6)[0] == 1.0
    for method in ("add", "mul"):
        score = evaluate_analogies(as_embeddings(kv), path, restrict_vocab=6, method=method)
        assert [(q.expected, q.predicted) for q in score.sections[0].correct] == [("ANSWER", "ANSWER")]


def test_a_vector_whose_norm_underflows_is_never_an_answer_nor_takes_a_place():
    """(1e-30, 1e-30): its float32 norm underflows to 0 while its products with a query do
    not, so its cosine is infinite; it must not be listed, and k words still are."""
    vectors = np.array([[1, 0], [1e-30, 1e-30], [0.8, 0.6], [-1, 0.1], [0.6, -0.8]], dtype=np.float32)
    emb = Embeddings.from_arrays(["a", "tiny", "b", "c", "d"], vectors, "tiny")
    assert emb.norms[1] == 0
    assert [w for w, _ in queries.neighbours(emb, "a", 2).pairs()] == ["b", "d"]
    assert [w for w, _ in queries.neighbours(emb, "b", 4).pairs()] == ["a", "d", "c"]


def test_ties_are_listed_in_vocabulary_order():
    """Equal cosines (20 identical vectors): the more frequent word (earlier row) first; numpy's
    default sort reorders ties among more than 16."""
    tied = np.tile([0.6, 0.8], (20, 1))
    far = np.column_stack([-np.ones(30), np.linspace(-1, 1, 30)])
    vectors = np.vstack([[1.0, 0.0], tied, far]).astype(np.float32)
    words = ["q"] + [f"t{i}" for i in range(20)] + [f"r{i}" for i in range(30)]
    emb = Embeddings.from_arrays(words, vectors, "ties")
    assert [w for w, _ in queries.neighbours(emb, "q", 25).pairs()][:20] == [f"t{i}" for i in range(20)]
