"""The output strip (app/widgets/output_strip.py) at outputs longer than its width: what it shows
is read back from the label's own HTML laid out by Qt (QTextDocument), never from the strip's
measurements; the strip writes only the cells that fit, cut visibly, from the side asked for."""
import numpy as np
import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QColor, QTextCursor, QTextDocument, QTextOption, QTextTable
from PySide6.QtWidgets import QApplication

from app.widgets.output_strip import OutputStrip
from app.widgets.tokens import display_token
from test_view_kit import alone_in_a_window

ELLIPSIS = "…"


def laid_out(strip) -> QTextDocument:
    """The strip's HTML as its label lays it out: its font, no document margin, its width, and
    lines broken only where the text breaks them (a label that does not wrap; a document's default
    wraps at spaces, and would squeeze a table too wide into its width)."""
    document = QTextDocument()
    document.setDefaultFont(strip.font())
    document.setDocumentMargin(0)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.ManualWrap)
    document.setDefaultTextOption(option)
    document.setHtml(strip.text())
    document.setTextWidth(strip.contentsRect().width())
    return document


def table(document) -> QTextTable:
    tables = [frame for frame in document.rootFrame().childFrames() if isinstance(frame, QTextTable)]
    assert len(tables) == 1
    return tables[0]


def cell_text(cell) -> str:
    cursor = cell.firstCursorPosition()
    cursor.setPosition(cell.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
    return cursor.selectedText()


def shown_rows(strip) -> tuple[list[str], list[str]]:
    """The text of each cell of the strip's two rows, as written in its label."""
    document = laid_out(strip)  # (the table lives as long as its document)
    grid = table(document)
    return tuple([cell_text(grid.cellAt(row, column)) for column in range(grid.columns())] for row in (0, 1))


def cell_rect(strip, column: int = -1) -> QRectF:
    """Where the label draws its top row's cell `column` (the last by default), in the strip's
    coordinates (the label draws its document at the contents' left, centred vertically)."""
    document = laid_out(strip)
    grid = table(document)
    block = grid.cellAt(0, column % grid.columns()).firstCursorPosition().block()
    rect = document.documentLayout().blockBoundingRect(block)
    contents = strip.contentsRect()
    top = contents.top() + (contents.height() - document.size().height()) / 2
    return rect.translated(contents.left(), top)


def has_ink(strip, rect: QRectF) -> bool:
    """Some pixel of `rect` in the strip's picture differs from the strip's background."""
    image = strip.grab().toImage()
    ratio = image.devicePixelRatio()
    background = strip.palette().window().color()
    xs = range(int(rect.left() * ratio), int(rect.right() * ratio))
    ys = range(int(rect.top() * ratio), int(rect.bottom() * ratio))
    return any(QColor(image.pixel(x, y)) != background for x in xs for y in ys)


def random_tokens(count: int, seed: int = 5) -> list[str]:
    rng = np.random.default_rng(seed)
    pieces = list("abcdefghijkl") + ["Ġthe", "你好", "é", "W", "😀"]
    tokens = ["".join(rng.choice(pieces, size=n)) for n in rng.integers(1, 4, size=count)]
    tokens[:3] = ["[CLS]", "Ġthe", "你好"]
    return tokens


@pytest.fixture
def text_size(request, qtbot):
    """The application font at `request.param` points for the test, then back."""
    font = QApplication.font()
    zoomed = type(font)(font)
    zoomed.setPointSize(request.param)
    QApplication.setFont(zoomed)
    yield request.param
    QApplication.setFont(font)


@pytest.mark.parametrize("text_size", [11, 22], indirect=True)
@pytest.mark.parametrize("tail", [True, False], ids=["end", "start"])
def test_a_long_output_shows_what_fits_from_the_side_asked_with_the_cut_marked(qtbot, text_size, tail):
    """512 tokens: the cells written fit the strip's width as Qt lays them out (the last one
    whole), nearly fill it, are the last (tail) or first tokens in order, and the ellipsis cell on
    the side cut and the tooltip say how many are hidden; the mark stays after the tokens.  A
    wider window writes more (resizeEvent), and never more than the width holds (the 512-cell
    table costs ~40 ms of layout)."""
    tokens = random_tokens(512)
    probabilities = np.random.default_rng(6).random(512)
    strip = OutputStrip()
    window = alone_in_a_window(qtbot, strip, 1000, 200)
    strip.set_tokens(tokens, probabilities, caption="forced:", mark="✗ wrong", tail=tail)
    counts = []
    for width in (1000, 2400, 1200):
        window.resize(width, 200)
        qtbot.waitUntil(lambda: window.width() == width)
        QApplication.processEvents()
        top, bottom = shown_rows(strip)
        assert top[0] == "forced:" and top[-1] == "✗ wrong"
        cells = top[1:-1]
        if tail:
            assert cells[0] == ELLIPSIS
            shown = cells[1:]
            assert shown == [display_token(t) for t in tokens[-len(shown):]]
            assert bottom[2:2 + len(shown)] == [f"{p:.2f}" for p in probabilities[-len(shown):]]
            more = bottom[1]
        else:
            assert cells[-1] == ELLIPSIS
            shown = cells[:-1]
            assert shown == [display_token(t) for t in tokens[:len(shown)]]
            assert bottom[1:1 + len(shown)] == [f"{p:.2f}" for p in probabilities[:len(shown)]]
            more = bottom[1 + len(shown)]
        hidden = 512 - len(shown)
        assert more == f"{hidden} more" and f"{hidden} of the 512" in strip.toolTip()
        assert ("predictions" if tail else "output tokens") in strip.toolTip()
        document = laid_out(strip)
        room = strip.contentsRect().width()
        assert document.idealWidth() <= room, width  # nothing cut at the edge: the last cell is whole
        # two more tokens' cells would not fit (the strip does not leave a cell's room unused)
        one_cell = document.idealWidth() / (len(shown) + 3)
        assert document.idealWidth() + 2 * one_cell > room - 20, width
        counts.append(len(shown))
        assert 1 <= len(shown) < 100
    assert counts[0] < counts[2] < counts[1]  # wider shows more, narrower again fewer


def test_a_short_output_is_shown_whole_with_no_ellipsis_or_tooltip(qtbot):
    strip = OutputStrip()
    window = alone_in_a_window(qtbot, strip, 1000, 200)  # (held: qtbot keeps a weak one)
    strip.set_tokens(["Ġthe", "Ġcat", "Ġsat"], [0.5, 0.25, 0.95], caption="forced:", tail=True)
    top, bottom = shown_rows(strip)
    assert top == ["forced:", "Ġthe", "Ġcat", "Ġsat"] and bottom == ["", "0.50", "0.25", "0.95"]
    assert strip.toolTip() == "" and strip.hidden == 0


def test_a_long_output_is_measured_only_as_far_as_the_strip_is_wide(qtbot):
    """Writing the end of 20,000 tokens measures and writes about as many cells as fit, not all
    of them (a cell's width is a text measurement: all 512 of a 512-token prompt took 3-4 ms
    of CPU, 2026-12-02)."""
    strip = OutputStrip()
    window = alone_in_a_window(qtbot, strip, 1000, 200)  # (held: qtbot keeps a weak one)
    strip.set_tokens(random_tokens(20000), np.full(20000, 0.5), tail=True)
    assert 1 <= len(strip.shown) < 100
    assert strip.text().count("font-family:monospace") == len(strip.shown) + 1  # and the ellipsis
    # the cells fitting and those that would without the ellipsis (the minimum width counts the same)
    assert len(strip._widths) <= len(strip.shown) + 5


@pytest.mark.parametrize("text_size", [11, 22], indirect=True)
def test_the_last_cell_of_a_cut_tail_is_drawn_inside_the_strip(qtbot, text_size):
    """In pixels: the last token's cell lies inside the strip's visible part and is drawn."""
    tokens = random_tokens(300)
    strip = OutputStrip()
    window = alone_in_a_window(qtbot, strip, 1280, 680)
    strip.set_tokens(tokens, np.full(300, 0.5), caption="forced:", tail=True)
    QApplication.processEvents()
    assert shown_rows(strip)[0][-1] == display_token(tokens[-1])
    rect = cell_rect(strip)
    visible = strip.visibleRegion().boundingRect()
    assert visible.left() <= rect.left() and rect.right() <= visible.right() + 1, (rect, visible)
    assert has_ink(strip, rect)


def test_the_cells_a_cut_strip_shows_look_as_in_the_whole_strip(qtbot):
    """The cells written (up to the ellipsis) are drawn exactly as a strip with all 512 cells
    written draws them, in a window narrower and wider than the desktop."""
    tokens = random_tokens(512)
    probabilities = np.random.default_rng(5).random(512)
    cut, whole = OutputStrip(), OutputStrip()
    whole._fit = lambda: range(512)  # every cell written, cut at the edge as a label cuts text
    windows = [alone_in_a_window(qtbot, strip, 1000, 200) for strip in (cut, whole)]
    for strip in (cut, whole):
        strip.set_tokens(tokens, probabilities, caption="output:")
    for width in (1000, 3000):
        for window in windows:
            window.resize(width, 200)
        qtbot.waitUntil(lambda: all(w.width() == width for w in windows))
        QApplication.processEvents()
        assert cut.size() == whole.size() and cut.width() > width - 100
        assert 0 < len(cut.shown) < 512 and whole.text().count("font-family:monospace") == 512
        ellipsis = cell_rect(cut)
        assert shown_rows(cut)[0][-1] == ELLIPSIS
        seen = QRect(0, 0, int(ellipsis.left()) - 4, cut.height())  # up to the ellipsis cell's padding
        assert seen.width() > width / 2
        assert cut.grab(seen).toImage() == whole.grab(seen).toImage(), width
