"""The lecture panel's title bar follows View ▸ Larger text (issue 23: every label readable from
the back row).  Qt's own dock title keeps the font the panel was built with: after zooming from
11 to 22 pt "Lecture" was still drawn 8 px tall above 22 pt scene names, its buttons 10 px icons."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


@pytest.fixture
def zoomable_font(qtbot):
    font = QApplication.font()
    normal = QFont(font)
    normal.setPointSize(11)
    QApplication.setFont(normal)
    yield
    QApplication.setFont(font)


def ink_height(image: QImage) -> int:
    """Rows of `image` holding dark pixels (the text; the bar's background is light)."""
    image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    stride = image.bytesPerLine()
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), stride)[:, :image.width()]
    rows = np.flatnonzero((pixels < 100).any(axis=1))
    return 0 if rows.size == 0 else int(rows[-1] - rows[0] + 1)


@pytest.mark.parametrize("points", [16, 22])
def test_the_lecture_panels_title_and_buttons_follow_the_text_size(qtbot, zoomable_font, points):
    from app.lecture_panel import LecturePanel

    window = QMainWindow()
    window.setCentralWidget(QLabel("view"))
    panel = LecturePanel(window)  # built at 11 pt, as the main window builds it before the zoom
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
    qtbot.addWidget(window)
    window.resize(1280, 680)
    window.show()
    qtbot.waitExposed(window)

    bigger = QFont(QApplication.font())
    bigger.setPointSize(points)
    QApplication.setFont(bigger)
    metrics = QFontMetrics(bigger)
    # the title's ink as tall as the font draws "Lecture" (its L and t up to its baseline)
    expected = metrics.tightBoundingRect(panel.windowTitle()).height()
    bar = panel.titleBarWidget()
    assert bar is not None

    def title_ink() -> int:
        QApplication.processEvents()
        grabbed = panel.grab().toImage()
        top = bar.geometry()
        return ink_height(grabbed.copy(top.x(), top.y(), bar.title.geometry().right() + 1, top.height()))

    qtbot.waitUntil(lambda: abs(title_ink() - expected) <= 2, timeout=5000)
    # the whole title shown (once the panel has taken its width for the new size), and the close
    # button's icon most of a line of text tall
    qtbot.waitUntil(lambda: bar.title.width() >= metrics.horizontalAdvance(panel.windowTitle()), timeout=5000)
    assert bar.close_button.isVisible() and bar.close_button.iconSize().height() >= 0.7 * metrics.height()
    assert panel.rect().contains(bar.close_button.geometry().translated(bar.pos()))


def test_the_title_bars_buttons_close_and_float_the_panel(qtbot, zoomable_font):
    from app.lecture_panel import LecturePanel

    window = QMainWindow()
    window.setCentralWidget(QLabel("view"))
    panel = LecturePanel(window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    bar = panel.titleBarWidget()
    panel.setWindowTitle("课件")  # a language switch retitles the panel (retranslate)
    assert bar.title.text() == "课件"
    qtbot.mouseClick(bar.float_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.isFloating(), timeout=5000)
    qtbot.mouseClick(bar.float_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.isFloating(), timeout=5000)
    qtbot.mouseClick(bar.close_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.isVisible(), timeout=5000)
