"""Loading a text file as the view does (engine.ngram.lesson.load_file_model): every stage reports
its progress, a cancel at any stage stops it and keeps nothing of the file, and the sentence that
follows finds the counts made.  The positions counted are worked out here from the lines."""
import pytest

from engine.ngram import file_corpus, lesson
from engine.ngram import model as model_module
from engine.ngram.progress import COUNT, ESTIMATOR, HELDOUT, READ, STATISTICS, Cancelled, Progress

LINES = [f"w{i % 7} w{i % 11} w{i % 13} w{(i * 5) % 17}" + " x" * (i % 4) for i in range(300)]
ORDER = 3


@pytest.fixture
def text_file(tmp_path, monkeypatch):
    monkeypatch.setattr(model_module, "BLOCK_TOKENS", 100)  # many blocks in a small file
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    yield str(path)
    lesson.forget_file(str(path))


def padded_positions(lines, order):
    """nltk's convention: n − 1 <s> and n − 1 </s> around each sentence, every position counted."""
    return sum(len(line.split()) + 2 * (order - 1) for line in lines)


def test_every_stage_reports_in_order_and_the_counting_reaches_every_position(text_file):
    steps = []
    load = lesson.load_file_model(text_file, order=ORDER, estimator="kneser-ney", progress=steps.append)
    assert not load.cancelled
    stages = [s.stage for s in steps]
    first = {stage: stages.index(stage) for stage in (READ, COUNT, STATISTICS, ESTIMATOR, HELDOUT)}
    assert first[READ] < first[COUNT] < first[STATISTICS] < first[ESTIMATOR] < first[HELDOUT]
    train = [line for i, line in enumerate(LINES) if i % 10 != 9]
    for k in range(1, ORDER + 1):
        done = [s.done for s in steps if s.stage == COUNT and s.order == k]
        assert len(done) > 3 and done == sorted(done)  # block by block, never backwards
        assert done[-1] == padded_positions(train, ORDER) and done[0] == 0
    held = [s for s in steps if s.stage == HELDOUT]
    assert held[-1].done == held[-1].total == sum(len(line.split()) for line in LINES[9::10])
    assert [s.order for s in steps if s.stage == COUNT] == sorted(s.order for s in steps if s.stage == COUNT)

    made = lesson.kept_counts.misses
    report = lesson.sentence_report("w1 w2 w3", corpus="file", file=load.path, order=ORDER, estimator="kneser-ney")
    assert lesson.kept_counts.misses == made and report.train_tokens == sum(len(line.split()) for line in train)


@pytest.mark.parametrize("stage", [COUNT, STATISTICS, HELDOUT])
def test_a_cancel_at_any_stage_keeps_nothing_of_the_file(text_file, stage):
    seen = []

    def report(step):
        seen.append(step)

    def cancel():  # set once the stage has begun (the second count order: mid-way through counting)
        return any(s.stage == stage and (stage != COUNT or s.order == 2) for s in seen)

    load = lesson.load_file_model(text_file, order=ORDER, progress=report, cancel=cancel)
    assert load.cancelled
    assert not any(s.stage == HELDOUT and s.done == s.total for s in seen)  # it stopped before the end
    assert not any(key[0] == load.path for key in file_corpus._kept)
    for kept in (lesson.kept_counts, lesson.kept_models, lesson.kept_curves):
        assert not any(load.path in key for key in kept._kept)


def test_a_fit_stops_with_cancelled_between_blocks():
    from engine.ngram import corpus_from_lines, fit

    counted = []

    def report(step):
        counted.append(step)

    with pytest.raises(Cancelled):
        fit(corpus_from_lines(LINES), 2, progress=Progress(report, lambda: len(counted) >= 2), )
    assert len(counted) == 2 and all(s.stage == COUNT for s in counted)
