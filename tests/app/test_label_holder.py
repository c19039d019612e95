"""The decoding view's label holder: a new text of the same size relays out nothing above it; one
that needs more lines makes the holder (and the label) taller, so the text stays whole."""
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

from app import style
from app.views.decoding.label_holder import LabelHolder


class LayoutRequests(QObject):
    """Counts the layout requests `widget` receives."""

    def __init__(self, widget):
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_a_same_size_text_stops_at_the_holder_and_a_longer_one_grows_it(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    label = style.wrapped_label("kept 99.97 %\nH = 0.594 bits")
    holder = LabelHolder(label)
    layout = QVBoxLayout(window)
    layout.addWidget(holder)
    layout.addStretch(1)
    window.resize(300, 400)
    window.show()
    qtbot.waitExposed(window)
    line = QFontMetrics(label.font()).lineSpacing()
    qtbot.waitUntil(lambda: label.height() >= 2 * line)
    requests = LayoutRequests(window)
    QApplication.processEvents()  # what showing the window left
    requests.count = 0
    label.setText("kept 100.00 %\nH = 0.599 bits")  # the same two lines
    QApplication.processEvents()  # the label's request is a posted event: delivered here
    QApplication.processEvents()
    assert requests.count == 0 and label.text().startswith("kept 100.00")
    label.setText("kept 100.00 %\nH = 0.599 bits\na third line\nand a fourth")
    qtbot.waitUntil(lambda: label.height() >= 4 * line, timeout=2000)
    assert label.geometry() == holder.rect()
    assert requests.count > 0
