"""Numbers the README states about a shipped model, read from the README and recomputed with the
model (the README once called the normalised scores "log P")."""
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_beam_of_the_lesson_sentence_gives_log_p_and_score():
    from engine import load_model

    text = " ".join(README.read_text(encoding="utf-8").split())
    stated = re.findall(r'"(Jane [^"]+)" \(log P (−\d\.\d+), score (−\d\.\d+)\)', text)
    assert len(stated) == 3, stated
    model = load_model("zh-en-toy", device="cpu")
    beam = model.beam("简九月要访问非洲", beam_width=5, length_penalty="power", alpha=0.7)
    tgt = model.target_tokenizer
    for (sentence, logprob, score), hypothesis in zip(stated, beam.hypotheses):
        assert tgt.decode(hypothesis.tokens) == sentence
        length = len(hypothesis.tokens)  # the words and </s>
        assert float(logprob.replace("−", "-")) == pytest.approx(hypothesis.logprob, abs=5e-4)
        assert float(score.replace("−", "-")) == pytest.approx(hypothesis.logprob / length ** 0.7, abs=5e-4)
