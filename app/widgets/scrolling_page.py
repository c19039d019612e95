"""Pages that scroll rather than push the window off the screen: a view in the main window, a
tab's page.

A QStackedWidget (the main window's views, a QTabWidget's pages) asks for the largest minimum
size of all its pages, hidden ones included, and a QMainWindow for that plus its menu,
navigation and status bar: one tab whose controls needed 470 px at 22 pt made the entropy view
633 px tall and the window 813 px on a 720 px projector, with the status bar and the bottom of
the plot off the screen.  A page shows its widget at the room it has, or at the widget's
minimum size with scroll bars when the room is smaller, so the stack's minimum no longer adds up
what the pages need.  The views are laid out to fit 1280×680 without scrolling at the text sizes
the lecture checklist lists (tests/app/test_layout_fit.py checks it); scrolling is what keeps
the window on the screen for whatever they have not been tried with (a long pasted text, a large
model, a larger text size).
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QAbstractScrollArea, QFrame, QScrollArea, QTabWidget, QWidget


class ScrollingPage(QScrollArea):
    """`widget` filling the page, scrolled when the page is smaller than its minimum size.

    Not QScrollArea's `widgetResizable`: for a widget with a height-for-width layout (any view
    with a wrapped label) that takes the layout's *preferred* height for the width as the least
    it may have, so a view that fitted its window at 11 pt scrolled there.  The page gives the
    widget the room it has, and no less than its minimum size, as a layout would."""

    def __init__(self, widget: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("scrolling_page")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(widget)
        widget.installEventFilter(self)  # its minimum changes with the text size and its content

    def needed(self, width: int | None = None) -> QSize:
        """The widget's minimum size; at `width` (default: the page's), its minimum height there,
        wrapped labels included (a minimum size hint counts them at their widest)."""
        widget = self.widget()
        least = widget.minimumSizeHint().expandedTo(widget.minimumSize())
        layout = widget.layout()
        if layout is not None and layout.hasHeightForWidth():
            width = max(self.maximumViewportSize().width() if width is None else width, least.width())
            least.setHeight(max(least.height(), layout.minimumHeightForWidth(width)))
        return least

    def needs_scrolling(self) -> bool:
        """The widget needs more room than the page has (a scroll bar is shown)."""
        needed, room = self.needed(), self.maximumViewportSize()
        return needed.width() > room.width() or needed.height() > room.height()

    def fit(self) -> None:
        widget = self.widget()
        if widget is None:
            return
        room = self.maximumViewportSize()
        needed = self.needed(room.width())
        width, height = room.width(), room.height()
        # a scroll bar in one direction takes room from the other
        if needed.height() > height:
            width -= self.verticalScrollBar().sizeHint().width()
        if needed.width() > width:
            height -= self.horizontalScrollBar().sizeHint().height()
            if needed.height() > height and needed.height() <= room.height():
                width -= self.verticalScrollBar().sizeHint().width()
        if needed.height() > height:
            # scrolling anyway: the widget at its preferred height, not squeezed to its minimum
            # (at 22 pt on 1280×720 the minimum left the attention heatmap 150 px tall)
            needed.setHeight(max(needed.height(), widget.sizeHint().height()))
        widget.resize(max(width, needed.width()), max(height, needed.height()))

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.fit()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit()
        return super().eventFilter(watched, event)


class ScrollingTabs(QTabWidget):
    """A QTabWidget whose pages scroll (each is put in a ScrollingPage); the page methods
    (`addTab`, `widget`, `currentWidget`, `setCurrentWidget`, `indexOf`) take and return the
    pages as added, not their scroll areas."""

    def addTab(self, page: QWidget, label: str) -> int:  # noqa: N802 - Qt's name
        return super().addTab(ScrollingPage(page), label)

    def widget(self, index: int) -> QWidget | None:
        area = super().widget(index)
        return area.widget() if isinstance(area, ScrollingPage) else area

    def currentWidget(self) -> QWidget | None:  # noqa: N802
        return self.widget(self.currentIndex())

    def indexOf(self, page: QWidget) -> int:  # noqa: N802
        for index in range(self.count()):
            if self.widget(index) is page:
                return index
        return -1

    def setCurrentWidget(self, page: QWidget) -> None:  # noqa: N802
        index = self.indexOf(page)
        if index >= 0:
            self.setCurrentIndex(index)

    def page_area(self, index: int) -> ScrollingPage:
        """The scroll area holding the page at `index`."""
        return super().widget(index)


def room_of(widget: QWidget) -> QSize:
    """The size `widget` is shown in: its scrolling page's viewport where it is a page's widget
    (the widget itself is larger where the page scrolls, and grows with what is arranged in it),
    else its own."""
    holder = widget.parentWidget()
    if holder is not None and isinstance(holder.parentWidget(), QAbstractScrollArea):
        return holder.size()
    return widget.size()
