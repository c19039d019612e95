"""Opening a text file in the language-model view: the bar follows the whole load (read, then the
counting of each order, …) with the stage named, and Cancel during the counting leaves the
previous corpus on screen and the view working.  The file is small (about 60 000 tokens): blocks
of 1 000 tokens make its counting take many steps."""
import contextlib
import threading

import pytest
from PySide6.QtWidgets import QFileDialog
from test_language_model_view import pasted_view

from engine.ngram import counts, lesson
from engine.ngram import model as model_module

PASTED = "the cat sat on the mat\nthe dog sat on the log\na cat saw the dog"  # trains on its first two lines
LINES = [f"w{i % 7} w{i % 11} w{i % 13} w{(i * 5) % 17} w{i % 5}" for i in range(12_000)]


@pytest.fixture
def view(qtbot, bridge, shared_state, tmp_path, monkeypatch):
    monkeypatch.setattr(model_module, "BLOCK_TOKENS", 1000)
    v = pasted_view(qtbot, bridge, shared_state, PASTED)
    v.view_state.order = 3
    qtbot.waitUntil(lambda: not v.busy and v.report is not None, timeout=30000)
    path = tmp_path / "lines.txt"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    yield v
    lesson.forget_file(str(path))


def test_the_bar_advances_through_the_counting_of_each_order(qtbot, view):
    seen = []  # (the stage's text, the bar's value) at each change of the bar
    view.file_bar.progress.valueChanged.connect(lambda value: seen.append((view.file_bar.info.text(), value)))
    view.controls.open_button.click()
    qtbot.waitUntil(lambda: not view.file_loop.busy and view.view_state.corpus == "file", timeout=30000)
    for k in (1, 2, 3):
        values = [value for text, value in seen if f"counting {k}-grams" in text]
        assert len(set(values)) >= 5 and values == sorted(values) and values[-1] == 1000, (k, values)
    texts = [text for text, _ in seen]
    assert texts.index("lines.txt: counting 1-grams…") > max(i for i, t in enumerate(texts) if t.startswith("Reading"))
    assert any("held-out" in text for text in texts)
    assert "60,000 tokens" in view.file_bar.info.text() and not view.file_bar.progress.isVisible()


def test_cancel_while_counting_keeps_the_previous_corpus_and_the_view_works(qtbot, view, monkeypatch):
    """The worker is held at its first block of 2-grams until Cancel is pressed, so the click
    lands in the counting (not after it), and a sentence typed meanwhile is still answered."""
    with held_counting(monkeypatch) as released:
        cancel_while_held(qtbot, view, released)


@contextlib.contextmanager
def held_counting(monkeypatch):
    """The worker waits at its first block of 2-grams until the event yielded is set (on the way
    out at the latest: a failed assertion must not leave it waiting)."""
    released = threading.Event()
    context_rows = counts._context_rows

    def held(*args):
        released.wait(20)
        return context_rows(*args)

    monkeypatch.setattr(counts, "_context_rows", held)
    try:
        yield released
    finally:
        released.set()


def cancel_while_held(qtbot, view, released):
    view.controls.open_button.click()
    qtbot.waitUntil(lambda: "counting 2-grams" in view.file_bar.info.text(), timeout=30000)
    view.view_state.sentence = "the cat saw the mat"  # the previous corpus still answers while the file counts
    qtbot.waitUntil(lambda: not view.loop.busy and view.loop.request.args[0] == "the cat saw the mat",
                    timeout=30000)
    assert view.report.train_tokens == 12 and view.loop.request.kwargs["corpus"] == "pasted"
    view.file_bar.cancel_button.click()
    released.set()
    qtbot.waitUntil(lambda: not view.file_loop.busy, timeout=30000)
    assert "cancelled" in view.file_bar.info.text() and not view.file_bar.progress.isVisible()
    assert view.view_state.corpus == "pasted"
    view.view_state.sentence = "the dog sat"
    qtbot.waitUntil(lambda: not view.loop.busy and view.loop.request.args[0] == "the dog sat", timeout=30000)
    assert view.report.train_tokens == 12 and not view.stale


def test_every_stage_is_named_in_chinese(qapp):
    from app import i18n
    from app.views.language_model.file_bar import FileBar
    from engine.ngram import progress

    i18n.install("zh")
    try:
        bar = FileBar()
        bar.start("语料.txt")
        names = {stage: bar.stage_text(progress.Step(stage, 1, 2, order=3)) for stage in progress.STAGES}
        bar.deleteLater()
    finally:
        i18n.install("en")
    assert names[progress.COUNT] == "语料.txt：正在统计 3 元组…" and names[progress.READ] == "正在读取 语料.txt…"
    assert all("语料.txt" in text and any("\u4e00" <= c <= "\u9fff" for c in text.replace("语料", ""))
               for text in names.values()), names


def loaded(qtbot, view):
    """The fixture's file opened at n = 3 and its first report drawn."""
    view.controls.open_button.click()
    qtbot.waitUntil(lambda: view.view_state.corpus == "file" and not view.busy and view.report is not None
                    and view.loop.request.kwargs["corpus"] == "file", timeout=30000)


def test_a_lower_n_after_a_file_load_is_made_from_the_counts_without_counting_again(qtbot, view, monkeypatch):
    loaded(qtbot, view)
    counted = []
    count_blocks = model_module.count_blocks
    monkeypatch.setattr(model_module, "count_blocks", lambda *a, **k: counted.append(a[1]) or count_blocks(*a, **k))
    view.view_state.order = 2
    qtbot.waitUntil(lambda: not view.busy and view.loop.request.kwargs["order"] == 2, timeout=30000)
    assert counted == [] and view.report.score.contexts[0] == ("<s>",) and not view.stale
    assert "60,000 tokens" in view.file_bar.info.text() and not view.file_bar.progress.isVisible()


def test_a_higher_n_after_a_file_load_counts_with_the_bar_and_cancel_brings_the_old_n_back(qtbot, view, monkeypatch):
    """n 3 -> 4 counts the file again (nothing kept holds its 4-grams): the bar names the stage,
    the sentence waits instead of counting without a bar, the window answers meanwhile, and
    Cancel puts n back to 3 with its model, drawn again."""
    loaded(qtbot, view)
    with held_counting(monkeypatch):
        view.view_state.order = 4
        qtbot.waitUntil(lambda: "counting 2-grams" in view.file_bar.info.text()
                        and view.file_bar.progress.isVisible(), timeout=30000)
        assert view.file_bar.cancel_button.isVisible() and "Making the model" in view.message.text()
        assert view.loop.request.kwargs["order"] == 3  # the sentence was not sent at n = 4
        view.view_state.tab = "continuations"  # the window answers while the worker counts
        qtbot.waitUntil(lambda: view.tabs.currentWidget() is view.continuations_panel, timeout=5000)
        view.file_bar.cancel_button.click()
    qtbot.waitUntil(lambda: view.view_state.order == 3 and not view.busy, timeout=30000)
    assert view.loop.request.kwargs["order"] == 3 and not view.stale and not view.file_bar.progress.isVisible()
    assert "Cancelled" in view.file_bar.info.text()
