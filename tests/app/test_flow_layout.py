"""app.widgets.flow_layout: the height it remembers per width follows its items' changes (a
longer text, a hidden item), compared with a flow layout built afresh on the same items."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel

from app.widgets.flow_layout import FlowLayout, flow_row


def fresh_height(texts, width: int) -> int:
    """The height a new flow layout (nothing remembered) needs for labels of `texts`."""
    row = flow_row(*[QLabel(t) for t in texts])  # held: the layout lives as long as its widget
    return row.layout().heightForWidth(width)


def test_remembered_heights_follow_text_and_visibility_changes(qtbot):
    texts = ["first", "second", "third", "fourth"]
    labels = [QLabel(t) for t in texts]
    row = flow_row(*labels)
    qtbot.addWidget(row)
    row.show()
    layout = row.layout()
    assert isinstance(layout, FlowLayout)
    width = 4 * labels[0].sizeHint().width()
    assert layout.heightForWidth(width) == fresh_height(texts, width)
    one_line = layout.heightForWidth(width)
    texts[0] = "a much longer first label " * 3  # wider than the row: the others move down
    labels[0].setText(texts[0])
    QApplication.processEvents()
    assert layout.heightForWidth(width) == fresh_height(texts, width) > one_line
    labels[0].hide()
    QApplication.processEvents()
    assert layout.heightForWidth(width) == fresh_height(texts[1:], width) == one_line


def test_filled_lines_share_the_room_left_among_the_items_that_grow(qtbot):
    """fill_lines: a line's leftover width goes to its expanding items in equal parts (the others
    keep their size hints); where the row is narrower the items wrap and a growing item alone on
    its line takes the whole line."""
    from PySide6.QtWidgets import QSizePolicy

    fixed = QLabel("fixed")
    growing = [QLabel("grows"), QLabel("grows too")]
    for label in growing:
        label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
    row = flow_row(fixed, *growing, spacing=8, fill_lines=True)
    qtbot.addWidget(row)
    hints = [w.sizeHint().width() for w in (fixed, *growing)]
    extra = 101  # odd: one item gets the pixel the equal shares leave over
    width = sum(hints) + 2 * 8 + extra
    row.resize(width, 200)
    row.show()
    qtbot.waitExposed(row)
    row.layout().setGeometry(row.rect())
    assert fixed.width() == hints[0]
    assert [g.width() - h for g, h in zip(growing, hints[1:])] == [extra // 2, extra - extra // 2]
    assert growing[1].geometry().right() == width - 1  # the line is filled to its end
    narrow = hints[0] + 8 + hints[1]  # the last item wraps onto a line of its own
    row.layout().setGeometry(row.rect().adjusted(0, 0, narrow - width, 0))
    assert growing[1].y() > fixed.y() and growing[1].width() == narrow
    assert growing[0].width() == hints[1]  # the line it shares with `fixed` has no room left
