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
