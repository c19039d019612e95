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

