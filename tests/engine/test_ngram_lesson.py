"""engine.ngram.lesson: what the language-model view shows, and the caches that make a keystroke
only score (counts written by hand here, not by the engine)."""
import math

import pytest

from engine.ngram import lesson

PASTED = "\n".join(f"a b c{i % 3}" for i in range(12))  # 12 lines: lines 10 (index 9) is held out


def test_a_keystroke_reuses_the_fitted_model():
    lesson.kept_models.clear()
    lesson.sentence_report("a b", corpus="pasted", pasted=PASTED, estimator="mle")
    misses = lesson.kept_models.misses
    lesson.sentence_report("a b c0", corpus="pasted", pasted=PASTED, estimator="mle")
    assert lesson.kept_models.misses == misses  # only scored


def test_every_tenth_pasted_line_is_held_out_and_mle_counts_are_shown():
    report = lesson.sentence_report("a b c1", corpus="pasted", pasted=PASTED, estimator="mle", order=2)
    # training: the 11 lines other than index 9 ("a b c0"): c0 ×3, c1 ×4, c2 ×4
    assert report.train_tokens == 33 and report.heldout_tokens == 3 and not report.heldout_is_train
    assert list(report.score.probabilities) == pytest.approx([1.0, 1.0, 4 / 11, 1.0])
    assert report.evidence[2].counts[0] == 4 and report.evidence[2].context_counts[0] == 11
    assert report.score.perplexity == pytest.approx((4 / 11) ** (-1 / 4))


def test_one_pasted_line_is_its_own_held_out_text_and_unseen_words_make_mle_infinite():
    report = lesson.sentence_report("a z", corpus="pasted", pasted="a b", estimator="mle")
    assert report.heldout_is_train
    assert report.score.probabilities[1] == 0 and math.isinf(report.score.perplexity)


def test_unknown_settings_are_refused():
    with pytest.raises(ValueError, match="corpus"):
        lesson.sentence_report("a", corpus="nope")
    with pytest.raises(ValueError, match="estimator"):
        lesson.sentence_report("a", corpus="pasted", pasted="a b", estimator="nope")
    with pytest.raises(ValueError, match="no words"):
        lesson.sentence_report("a", corpus="pasted", pasted="  \n ")


def test_the_built_in_chinese_characters_are_a_corpus_of_the_view():
    from engine.data.zh_en import ZhEnStream

    report = lesson.sentence_report("简要访问非洲", corpus="zh-chars", words=2000, estimator="mle", order=2)
    # the training text counted here: whole grammar sentences, their characters, until 2,000
    stream, texts, taken = ZhEnStream(0, "train"), [], 0
    while taken < 2000:
        text = "".join(stream.draw().text.split())
        texts.append(text)
        taken += len(text)
    assert report.score.tokens == (*"简要访问非洲", "</s>") and report.train_tokens == taken
    first = sum(t.startswith("简") for t in texts) / len(texts)
    pair = sum(t.count("简要") for t in texts) / sum(t.count("简") for t in texts)
    assert list(report.score.probabilities[:2]) == pytest.approx([first, pair], rel=1e-12)
