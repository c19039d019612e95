"""A row of controls that wraps onto further lines when the window is narrow.

A row of labelled controls laid out with QHBoxLayout asks for the sum of its widgets' widths
as the window's minimum width (1468 px for the beam controls at 11 pt); a projector at
1280×720, or text ×2, then cuts the window off.  `FlowLayout` places its items left to right
and starts a new line where the next one would not fit, so the row asks only for its widest
item.  `flow_row` builds one, keeping each label beside the control it names.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLayout, QSizePolicy, QWidget, QWidgetItem


class FlowLayout(QLayout):
    """Items left to right, wrapping; each line as tall as its tallest item, items centred in it.

    `fill_lines`: the room left at the end of each line is shared among its items that expand
    horizontally (a row of labelled sliders keeps its sliders as long as the line, as a grid did,
    and still wraps where the window is narrow)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 8, line_spacing: int = 4,
                 fill_lines: bool = False):
        super().__init__(parent)
        self._items = []
        self._spacing = spacing
        self._line_spacing = line_spacing
        self._fill_lines = fill_lines
        #: width -> height, until the items change (`invalidate`): a relayout of the window asks
        #: the same widths many times (a label elsewhere in the view that changes its text
        #: re-laid out this row 20 times per keystroke, each placing every item)
        self._heights: dict[int, int] = {}
        self.setContentsMargins(0, 0, 0, 0)

    def item_spacing(self) -> int:
        """The gap between two items of a line."""
        return self._spacing

    # ---- QLayout's item list ----------------------------------------------------------------
    def addItem(self, item) -> None:
        self._items.append(item)
        self._heights.clear()

    def insert_widget(self, index: int, widget: QWidget) -> None:
        """`widget` placed before the item at `index` (QLayout's addWidget only appends)."""
        self.addChildWidget(widget)
        self._items.insert(index, QWidgetItem(widget))
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):
        self._heights.clear()
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # ---- sizes ---------------------------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        if width not in self._heights:
            self._heights[width] = self._arrange(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def invalidate(self) -> None:
        """An item was added, shown, hidden or changed its size hints (Qt calls this then)."""
        self._heights.clear()
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """Everything on one line."""
        visible = self._visible()
        margins = self.contentsMargins()
        width = sum(item.sizeHint().width() for item in visible) + self._spacing * max(0, len(visible) - 1)
        height = max((item.sizeHint().height() for item in visible), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        """The widest item (one per line at worst)."""
        margins = self.contentsMargins()
        width = max((item.minimumSize().width() for item in self._visible()), default=0)
        height = max((item.minimumSize().height() for item in self._visible()), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def _visible(self):
        return [item for item in self._items if not item.isEmpty()]

    @staticmethod
    def _height(item, width: int) -> int:
        """A wrapped label grows taller as it gets narrower."""
        if item.hasHeightForWidth():
            return max(item.heightForWidth(width), item.minimumSize().height())
        return max(item.sizeHint().height(), item.minimumSize().height())

    def _filled(self, line, room: int):
        """`line` with the room its items leave shared among those that expand horizontally."""
        used = sum(width for _, width in line) + self._spacing * (len(line) - 1)
        growing = [i for i, (item, _) in enumerate(line) if item.expandingDirections() & Qt.Orientation.Horizontal]
        if not growing or used >= room:
            return line
        share, rest = divmod(room - used, len(growing))
        filled = []
        for i, (item, width) in enumerate(line):
            if i in growing:
                width += share + (rest if i == growing[-1] else 0)
            filled.append((item, width))
        return filled

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place (or only measure) the items inside `rect`; returns the height they need."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        lines, line, line_width = [], [], 0
        for item in self._visible():
            width = min(item.sizeHint().width(), area.width())
            width = max(width, item.minimumSize().width())
            needed = width if not line else line_width + self._spacing + width
            if line and needed > area.width():
                lines.append(line)
                line, needed = [], width
            line.append((item, width))
            line_width = needed
        if line:
            lines.append(line)
        y = area.y()
        for number, line in enumerate(lines):
            height = max(self._height(item, width) for item, width in line)
            if move:
                x = area.x()
                if self._fill_lines:
                    line = self._filled(line, area.width())
                for item, width in line:
                    item_height = self._height(item, width)
                    item.setGeometry(QRect(QPoint(x, y + (height - item_height) // 2), QSize(width, item_height)))
                    x += width + self._spacing
            y += height + (self._line_spacing if number < len(lines) - 1 else 0)
        return y - area.y() + margins.top() + margins.bottom()


def _labelled(text: str, widget: QWidget, spacing: int = 4) -> QWidget:
    """`text` (a QLabel with `widget` as its buddy) and `widget` in one piece that a FlowLayout
    never splits."""
    piece = QWidget()
    row = QHBoxLayout(piece)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(spacing)
    caption = QLabel(text)
    caption.setBuddy(widget)
    row.addWidget(caption)
    row.addWidget(widget)
    piece.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
    return piece


def flow_row(*items, spacing: int = 8, fill_lines: bool = False) -> QWidget:
    """A widget holding `items` in a FlowLayout (to put inside another layout): like
    app.widgets.form.labelled_row, each item is a (label, widget) pair, kept together on one
    line, or a widget on its own.  `fill_lines`: see FlowLayout."""
    holder = QWidget()
    flow = FlowLayout(holder, spacing=spacing, fill_lines=fill_lines)
    for item in items:
        flow.addWidget(_labelled(*item) if isinstance(item, tuple) else item)
    holder.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    return holder
