"""What ArrayTableModel answers for each role of each cell, written out by hand: its data() reads
the roles from module constants and keeps each cell's text once formatted (for speed: a table's
delegate asks eight roles of every cell at each paint and column fit), and none of that may change
what a table shows."""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QBrush

from app import style
from app.widgets.array_table import ArrayTableModel

R = Qt.ItemDataRole
LEFT = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def cell(model, row, column, role):
    return model.data(model.index(row, column), role)


def test_each_role_of_each_cell(qtbot):
    model = ArrayTableModel()
    model.set_columns(["word", "cosine", "code"], [["queen", "prince"], [0.5, 0.25], ["0101", "11"]],
                      highlight=[1], monospace=[2])
    assert [[cell(model, r, c, R.DisplayRole) for c in range(3)] for r in range(2)] == \
        [["queen", "0.5", "0101"], ["prince", "0.25", "11"]]
    assert model.data(model.index(1, 1)) == "0.25"  # the default role is the text
    assert [[cell(model, r, c, R.TextAlignmentRole) for c in range(3)] for r in range(2)] == \
        [[LEFT, RIGHT, LEFT], [LEFT, RIGHT, LEFT]]
    assert [cell(model, 0, c, R.FontRole) is None for c in range(3)] == [True, True, False]
    assert cell(model, 0, 2, R.FontRole).fixedPitch() or cell(model, 0, 2, R.FontRole).family()
    assert [cell(model, r, 0, R.BackgroundRole) is None for r in range(2)] == [True, False]
    background = cell(model, 1, 2, R.BackgroundRole)
    assert isinstance(background, QBrush) and background.color() == ArrayTableModel.HIGHLIGHT
    for role in (R.ToolTipRole, R.DecorationRole, R.CheckStateRole, R.SizeHintRole, R.EditRole, R.UserRole):
        assert cell(model, 0, 0, role) is None, role
    assert cell(model, 0, 0, R.ForegroundRole) is None
    model.set_stale(True)
    foreground = cell(model, 1, 1, R.ForegroundRole)
    assert isinstance(foreground, QBrush) and foreground.color() == style.STALE
    assert model.data(QModelIndex(), R.DisplayRole) is None
    assert model.data(QModelIndex(), R.TextAlignmentRole) is None


def test_new_values_of_the_same_shape_are_shown_not_the_texts_of_the_old(qtbot):
    model = ArrayTableModel()
    model.set_columns(["rank", "cosine"], [[1, 2], [0.5, 0.25]])
    assert [cell(model, r, 1, R.DisplayRole) for r in range(2)] == ["0.5", "0.25"]  # formatted, kept
    model.set_columns(["rank", "cosine"], [[1, 2], [0.125, "n/a"]])
    assert [cell(model, r, 1, R.DisplayRole) for r in range(2)] == ["0.125", "n/a"]
    assert [cell(model, r, 1, R.TextAlignmentRole) for r in range(2)] == [RIGHT, LEFT]
    assert model.text(0, 1) == "0.125" and model.raw(0, 1) == 0.125
