"""The lecture panel: an ordered list of scenes the lecturer steps through in class.

The lecturer captures the current view as a scene (its inputs, settings and a one-line
caption), reorders and renames scenes, saves the lecture, and in class steps with PageDown /
PageUp (what presentation clickers send).  The panel holds the list; the main window captures
and applies scenes.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption
from PySide6.QtWidgets import (QDockWidget, QListView, QListWidget, QListWidgetItem, QPushButton, QStyle,
                               QStyledItemDelegate, QStyleOptionViewItem, QVBoxLayout, QWidget)

from app.session import Scene
from app.widgets.dock_title import DockTitleBar
from app.widgets.flow_layout import flow_row


#: what the item views' style takes as a line break within an item's text
LINE_BREAK = "\u2028"


def lines_fitted(text: str, font: QFont, width: int) -> str:
    """`text` wrapped to `width` px as the list wraps it (between words; Chinese between
    characters), one line per LINE_BREAK, a line still too wide (one word wider than the list)
    elided with "…".  Such a word widened its item past the list, cut mid-word under a
    horizontal scroll bar ("Attention playgroun" at 22 pt)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    metrics = QFontMetrics(font)
    lines = []
    layout.beginLayout()
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        piece = text[line.textStart():line.textStart() + line.textLength()].strip()
        if metrics.horizontalAdvance(piece) > width:
            piece = metrics.elidedText(piece, Qt.TextElideMode.ElideRight, width)
        lines.append(piece)
    layout.endLayout()
    return LINE_BREAK.join(lines)


class SceneNameDelegate(QStyledItemDelegate):
    """Draws a scene's caption wrapped to the list's width, a word too wide for it elided (the
    item's tooltip says the whole caption); editing shows the whole caption."""

    def __init__(self, view: QListView):
        super().__init__(view)
        self.view = view

    def text_width(self, rect: QRect) -> int:
        """The width the style lays an item's text out in: the item less its text margins."""
        margin = self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.view) + 1
        return max(1, rect.width() - 2 * margin)

    def initStyleOption(self, option, index) -> None:  # noqa: N802 - Qt's name
        super().initStyleOption(option, index)
        if option.rect.isValid() and option.text:
            option.text = lines_fitted(option.text, option.font, self.text_width(option.rect))

    def sizeHint(self, option, index):  # noqa: N802 - Qt's name
        # the list asks without a width (each caption would be one line): the viewport's is the item's
        fitted = QStyleOptionViewItem(option)
        fitted.rect = QRect(0, 0, self.view.viewport().width(), 1 << 16)
        return super().sizeHint(fitted, index).boundedTo(fitted.rect.size())


class LecturePanel(QDockWidget):
    #: the user asks for the current view to be added as a scene
    capture_requested = Signal()
    #: a scene is to be shown (double click, or stepping)
    scene_requested = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("lecture_panel")
        self.scenes: list[Scene] = []
        self.current = -1
        self.list = QListWidget()
        self.list.setDragDropMode(QListWidget.DragDropMode.InternalMove)
        self.list.setWordWrap(True)  # a long caption takes two lines rather than widening the panel
        # never wider than the list: wrapped, a word too wide elided (SceneNameDelegate)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)  # the items re-wrap when the panel's width changes
        self.list.setItemDelegate(SceneNameDelegate(self.list))
        self.list.model().rowsMoved.connect(self._rows_moved)
        self.list.itemChanged.connect(self._caption_edited)
        self.list.itemDoubleClicked.connect(lambda item: self.go_to(self.list.row(item)))
        self.capture_button = QPushButton()
        self.up_button = QPushButton()
        self.down_button = QPushButton()
        self.remove_button = QPushButton()
        self.retranslate()
        # Qt's own title bar keeps the text size the panel was built at (see DockTitleBar)
        self.setTitleBarWidget(DockTitleBar(self))
        self.capture_button.clicked.connect(self.capture_requested)
        self.up_button.clicked.connect(lambda: self.move(self.list.currentRow(), -1))
        self.down_button.clicked.connect(lambda: self.move(self.list.currentRow(), +1))
        self.remove_button.clicked.connect(lambda: self.remove(self.list.currentRow()))
        # the buttons wrap: in one row they made the panel a third of a 1280 px window at 22 pt
        buttons = flow_row(self.capture_button, self.up_button, self.down_button, self.remove_button)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        self.setWidget(body)

    #: the widest a scene's caption makes the panel, in ems; longer captions wrap
    CAPTION_EMS = 12
    #: the most of the window the panel takes when it opens or the text size changes: at 22 pt a
    #: 1280 px window then leaves a view 1,060 px or more (at 30 % the attention view's output row
    #: and the positional view's controls needed more and the page scrolled sideways)
    WINDOW_SHARE = 0.16

    def preferred_width(self) -> int:
        """As wide as the widest button and the captions (up to CAPTION_EMS ems) need: the
        buttons in one row made the panel half of a 1280 px window at 22 pt."""
        metrics = self.list.fontMetrics()
        captions = max((metrics.horizontalAdvance(scene.caption) for scene in self.scenes), default=0)
        captions = min(captions, metrics.horizontalAdvance("M") * self.CAPTION_EMS)
        buttons = max(button.sizeHint().width() for button in
                      (self.capture_button, self.up_button, self.down_button, self.remove_button))
        frame = 2 * self.list.frameWidth() + self.list.verticalScrollBar().sizeHint().width()
        margins = self.widget().layout().contentsMargins()
        return max(captions + frame, buttons) + margins.left() + margins.right() + 4

    def fit_width(self) -> None:
        """The preferred width, at most WINDOW_SHARE of the window (never less than the panel's
        minimum: its widest button)."""
        window = self.parentWidget()
        if hasattr(window, "resizeDocks") and not self.isFloating() and self.isVisible():
            width = min(self.preferred_width(), int(window.width() * self.WINDOW_SHARE))
            window.resizeDocks([self], [width], Qt.Orientation.Horizontal)
            # resizeDocks only records the width: the window's layout applied it at its next
            # relayout, which after a text-size change had already run, so the panel kept the
            # width of the size before (back from 22 to 11 pt it stayed 204 px where 194 were
            # asked, and every view beside it was narrower than in a window opened at 11 pt)
            window.layout().invalidate()
            window.layout().activate()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.fit_width()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            # the width chosen at the old text size: once the buttons have their new size hints
            QTimer.singleShot(0, self, self.fit_width)

    def retranslate(self) -> None:
        """The panel's texts in the current language (the main window calls this on a switch)."""
        self.setWindowTitle(self.tr("Lecture"))
        # "Add current view" was the panel's widest button: 278 px at 22 pt (the menu says it whole)
        self.capture_button.setText(self.tr("Add scene"))
        self.capture_button.setToolTip(self.tr("Add the current view to the lecture as a scene (Ctrl+Shift+A)"))
        self.up_button.setText(self.tr("Up"))
        self.down_button.setText(self.tr("Down"))
        self.remove_button.setText(self.tr("Remove"))
        if self.scenes:
            self._refill()

    # ---- the list ------------------------------------------------------------------------------
    def set_scenes(self, scenes: list[Scene]) -> None:
        self.scenes = list(scenes)
        self.current = -1
        self._refill()

    def add(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self._refill()
        self.list.setCurrentRow(len(self.scenes) - 1)

    def move(self, row: int, step: int) -> None:
        target = row + step
        if 0 <= row < len(self.scenes) and 0 <= target < len(self.scenes):
            self.scenes[row], self.scenes[target] = self.scenes[target], self.scenes[row]
            self._refill()
            self.list.setCurrentRow(target)

    def remove(self, row: int) -> None:
        if 0 <= row < len(self.scenes):
            del self.scenes[row]
            self.current = min(self.current, len(self.scenes) - 1)
            self._refill()

    def _refill(self) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for number, scene in enumerate(self.scenes, start=1):
            item = QListWidgetItem(scene.caption)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
            # the whole caption: the list may elide a word of it
            item.setToolTip(self.tr("Scene {0}: {1}").format(number, scene.caption))
            item.setData(Qt.ItemDataRole.UserRole, number - 1)
            self.list.addItem(item)
        self.list.blockSignals(False)
        self._mark_current()
        # as wide as the captions now listed: a panel fitted to its first scene stayed 127 px with
        # three, and became 194 px only at the next text-size change
        self.fit_width()

    def _caption_edited(self, item: QListWidgetItem) -> None:
        row = self.list.row(item)
        if 0 <= row < len(self.scenes):
            self.scenes[row].caption = item.text()

    def _rows_moved(self, *_):
        """A drag in the list: the items carry their scene's old position."""
        order = [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]
        self.scenes = [self.scenes[i] for i in order]
        self._refill()

    # ---- stepping ------------------------------------------------------------------------------
    def go_to(self, row: int) -> bool:
        if not 0 <= row < len(self.scenes):
            return False
        self.current = row
        self._mark_current()
        self.scene_requested.emit(self.scenes[row])
        return True

    def next(self) -> bool:
        return self.go_to(self.current + 1)

    def previous(self) -> bool:
        """The scene before the one presented; before any is presented, the one before the
        selected scene (the last added): a lecturer who has just added scenes and presses PageUp
        expects to step back from there, not nothing."""
        anchor = self.current if self.current >= 0 else self.list.currentRow()
        return self.go_to(anchor - 1) if anchor > 0 else False

    def _mark_current(self) -> None:
        for row in range(self.list.count()):
            font = self.list.item(row).font()
            font.setBold(row == self.current)
            self.list.item(row).setFont(font)
        if 0 <= self.current < self.list.count():
            self.list.setCurrentRow(self.current)
