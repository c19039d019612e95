"""ResultTable.fit_columns measures the cells itself (Qt's resizeColumnsToContents asks the
delegate for every cell: eight Python data() calls each) and must give Qt's widths; the
TableBesideLayout gives the table its columns' width up to its share of the row."""
from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from app.widgets.array_table import ArrayTableModel
from app.widgets.result_table import ResultTable
from app.widgets.table_beside import TABLE_SHARE, table_beside, table_width


def random_cell(rng: random.Random):
    kind = rng.random()
    if kind < 0.3:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyzWMil九月访问 ") for _ in range(rng.randint(1, 14)))
    if kind < 0.6:
        return rng.uniform(-2, 2) * 10 ** rng.randint(-8, 6)
    return rng.randint(-100000, 100000)


@pytest.mark.parametrize("seed", range(4))
def test_fit_columns_gives_qts_widths(qtbot, original_app_font, seed):
    """Random tables (words, CJK, numbers of every size, a monospace column, 0-12 rows) at 9-22 pt:
    each column's width equals the one Qt's resizeColumnsToContents gives, the last one too."""
    rng = random.Random(seed)
    for _ in range(40):
        font = QApplication.font()
        font.setPointSize(rng.choice([9, 11, 14, 16, 18, 22]))
        QApplication.setFont(font)
        model = ArrayTableModel()
        table = ResultTable(model)
        qtbot.addWidget(table)
        table.resize(rng.choice([300, 700, 1200]), 400)
        table.show()
        rows, columns = rng.randint(0, 12), rng.randint(1, 7)
        headers = [rng.choice(["rank", "word x", "cos(x, " + "".join(rng.choice("abcWMil") for _ in range(
            rng.randint(0, 9))) + ")", "cos(x,\nvisited)", "得分"]) for _ in range(columns)]
        model.set_columns(headers, [[random_cell(rng) for _ in range(rows)] for _ in range(columns)],
                          monospace={0} if rng.random() < 0.3 else (), digits=rng.choice([4, 6]))
        table.resizeColumnsToContents()
        qts = [table.horizontalHeader().sectionSize(c) for c in range(columns)]
        for c in range(columns):
            table.horizontalHeader().resizeSection(c, rng.randint(20, 300))
        table.fit_columns()
        assert [table.horizontalHeader().sectionSize(c) for c in range(columns)] == qts, (headers, font.pointSize())


@pytest.fixture
def original_app_font():
    font = QApplication.font()
    yield font
    QApplication.setFont(font)


def test_the_table_beside_a_picture_takes_its_columns_width_up_to_its_share(qtbot):
    """Room enough: the table is exactly as wide as its columns (and frame), the picture gets the
    rest; a table wider than TABLE_SHARE of the row keeps that share and scrolls; an answer with
    narrower columns leaves the table as wide as it was (the picture does not jump as one types),
    until the row is resized."""
    model = ArrayTableModel()
    table = ResultTable(model)
    picture = QLabel("picture")
    row = table_beside(table, picture)
    qtbot.addWidget(row)
    row.resize(1000, 300)
    row.show()
    qtbot.waitExposed(row)

    def show(widths):
        model.set_columns([f"c{i}" for i in range(len(widths))], [["x" * w] for w in widths])
        table.fit_columns()
        qtbot.waitUntil(lambda: table.width() == min(table_width(table), int(TABLE_SHARE * (1000 - spacing)))
                        or table.width() >= table_width(table), timeout=3000)

    spacing = row.layout().spacing()
    show([5, 5])
    needed = table_width(table)
    assert table.width() == needed and picture.width() == 1000 - needed - spacing
    assert picture.x() == needed + spacing
    show([60, 60, 60])  # far wider than 70 % of the row
    qtbot.waitUntil(lambda: table.width() == int(TABLE_SHARE * (1000 - spacing)), timeout=3000)
    assert table.horizontalScrollBar().isVisible() or table_width(table) > table.width()
    show([5, 8])
    qtbot.wait(50)
    assert table.width() == int(TABLE_SHARE * (1000 - spacing))  # grown, not shrunk back
    row.resize(900, 300)
    qtbot.waitUntil(lambda: table.width() == table_width(table), timeout=3000)
    assert table.width() < 200
