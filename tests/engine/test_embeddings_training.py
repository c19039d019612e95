"""engine.embeddings.training: the SGNS gradients against torch's autograd, the GloVe
co-occurrences against a count by hand, its loss against the formula written here, and the
lesson's point on the shipped vectors: the months drift together."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from engine.embeddings import neighbours
from engine.embeddings.shipped import trained_embeddings, trained_names
from engine.embeddings.training import (cooccurrences, glove_loss, grammar_corpus, settings_for, sgns_loss_and_gradients,
                                        skipgram_pairs, train_glove, train_word2vec, vocabulary)

ENGLISH_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December")
CHINESE_MONTHS = ("一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月")


def test_sgns_gradients_equal_autograd():
    rng = np.random.default_rng(0)
    v, u_pos, u_neg = rng.standard_normal((6, 5)), rng.standard_normal((6, 5)), rng.standard_normal((6, 3, 5))
    loss, grad_v, grad_pos, grad_neg = sgns_loss_and_gradients(v, u_pos, u_neg)
    tv, tp, tn = (torch.tensor(a, requires_grad=True) for a in (v, u_pos, u_neg))
    reference = -(torch.nn.functional.logsigmoid((tp * tv).sum(1))
                  + torch.nn.functional.logsigmoid(-(tn * tv[:, None, :]).sum(2)).sum(1)).mean()
    reference.backward()
    assert loss == pytest.approx(reference.item(), rel=1e-9)
    for ours, theirs in ((grad_v, tv), (grad_pos, tp), (grad_neg, tn)):
        np.testing.assert_allclose(ours, theirs.grad.numpy(), rtol=1e-9, atol=1e-12)


def test_skipgram_pairs_and_cooccurrences_equal_a_count_by_hand():
    encoded = [np.array([0, 1, 2, 1]), np.array([2, 0])]
    centres, contexts = skipgram_pairs(encoded, window=2)
    expected = []
    for ids in encoded:
        for a in range(len(ids)):
            for b in range(len(ids)):
                if a != b and abs(a - b) <= 2:
                    expected.append((int(ids[a]), int(ids[b])))
    assert sorted(zip(centres.tolist(), contexts.tolist())) == sorted(expected)
    x = cooccurrences(encoded, 3, window=2)
    by_hand = np.zeros((3, 3))
    for ids in encoded:
        for a in range(len(ids)):
            for b in range(len(ids)):
                if a != b and abs(a - b) <= 2:
                    by_hand[ids[a], ids[b]] += 1 / abs(a - b)
    np.testing.assert_allclose(x, by_hand)
    assert x[1, 1] == pytest.approx(1.0)  # "1 2 1": the same word two apart, counted from each side


def test_glove_loss_is_the_papers_formula():
    rng = np.random.default_rng(1)
    x = np.array([[0, 3, 0.5], [3, 0, 200], [0.5, 200, 0]])
    w, wc = rng.standard_normal((3, 2)), rng.standard_normal((3, 2))
    b, bc = rng.standard_normal(3), rng.standard_normal(3)
    total = 0.0
    for i in range(3):
        for j in range(3):
            if x[i, j] > 0:
                f = min(1.0, (x[i, j] / 100) ** 0.75)
                total += f * (w[i] @ wc[j] + b[i] + bc[j] - np.log(x[i, j])) ** 2
    assert glove_loss(w, wc, b, bc, x, 100, 0.75) == pytest.approx(total, rel=1e-12)


def test_vocabulary_lists_frequent_words_first():
    words, counts = vocabulary([["b", "a", "c"], ["a", "b"], ["a"]])
    assert words == ["a", "b", "c"] and counts.tolist() == [3, 2, 1]


def test_a_short_training_lowers_both_losses():
    corpus = grammar_corpus("en", 400, seed=3)
    w2v = train_word2vec(corpus, settings_for("word2vec", epochs=3, dimension=8))
    glove = train_glove(corpus, settings_for("glove", epochs=40, dimension=8))
    assert w2v.losses[-1] < w2v.losses[0] and glove.losses[-1] < glove.losses[0]
    assert w2v.vectors.shape == glove.vectors.shape == (len(vocabulary(corpus)[0]), 8)


def nearest_in(emb, words, group) -> float:
    """The share of ``words`` whose nearest neighbour is in ``group``."""
    return float(np.mean([neighbours(emb, w, 1).candidates[0].word in group for w in words]))


@pytest.mark.parametrize("name", ["word2vec-en", "glove-en"])
def test_the_shipped_english_vectors_put_the_months_together(name):
    """In English a month follows "in" ("in March"), so its nearest word is another month;
    chance: 11 months among 346 words, about 3 %."""
    assert name in trained_names()
    emb = trained_embeddings(name)
    assert all(m in emb for m in ENGLISH_MONTHS)
    assert nearest_in(emb, ENGLISH_MONTHS, ENGLISH_MONTHS) >= 0.75


@pytest.mark.parametrize("name", ["word2vec-zh", "glove-zh"])
def test_the_shipped_chinese_vectors_put_the_months_among_the_time_words(name):
    """In the Chinese sentences a month stands where any time word stands (简九月/明天/每年访问…),
    so its nearest word is a time word: a month, a weekday, 明天, 下周…; chance about 15 %."""
    from engine.data.zh_en import TIME_CLASSES

    time_words = {zh for expressions, _, _ in TIME_CLASSES.values() for zh, _ in expressions if zh}
    assert set(CHINESE_MONTHS) <= time_words
    emb = trained_embeddings(name)
    assert nearest_in(emb, CHINESE_MONTHS, time_words) >= 0.75
