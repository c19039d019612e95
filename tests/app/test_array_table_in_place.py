"""ArrayTableModel.set_columns with the rows and columns it already has changes its cells in
place (no model reset, whose delayed relayout repainted a table twice per keystroke), and what
the table shows is still exactly what was given."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.array_table import ArrayTableModel


def shown(model):
    return ([model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())],
            [[model.data(model.index(r, c)) for c in range(model.columnCount())] for r in range(model.rowCount())])


def test_the_same_shape_changes_cells_in_place_and_a_new_shape_resets(qtbot):
    model = ArrayTableModel()
    resets, changes, header_changes = [], [], []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda top, bottom, roles: changes.append((top.row(), top.column(), bottom.row(), bottom.column())))
    model.headerDataChanged.connect(lambda orientation, first, last: header_changes.append((first, last)))

    model.set_columns(["word", "cos(x, king)"], [["queen", "prince"], [0.5, 0.25]])
    assert len(resets) == 1
    model.set_columns(["word", "cos(x, man)"], [["woman", "boy"], [0.75, 0.125]])
    assert len(resets) == 1 and changes == [(0, 0, 1, 1)] and header_changes == [(0, 1)]
    assert shown(model) == (["word", "cos(x, man)"], [["woman", "0.75"], ["boy", "0.125"]])

    model.set_columns(["word", "cos(x, man)"], [["woman"], [0.75]])  # fewer rows: a reset
    assert len(resets) == 2
    assert shown(model) == (["word", "cos(x, man)"], [["woman", "0.75"]])
