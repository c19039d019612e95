"""Combo boxes wide enough for their Chinese items.

QComboBox sizes itself from each item's bounding rectangle, which for CJK text with full-width
punctuation is narrower than the advance the text is drawn with: "交叉注意力（解码器 → 编码器）" got a
field 5 px narrower than its text at 11 pt and 16 px at 22 pt, and lost its last character.  The
difference is added to the combo's minimum width (the English items need nothing added)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QStyleOptionComboBox, QWidget


def missing_width(combo: QComboBox) -> int:
    """How much wider than QComboBox's own size hint its widest item is drawn."""
    metrics = QFontMetrics(combo.font())
    return max((metrics.horizontalAdvance(combo.itemText(i)) - metrics.boundingRect(combo.itemText(i)).width()
                for i in range(combo.count())), default=0)


def widen_combos(root: QWidget) -> None:
    """Give every combo box under `root` the width its items are drawn with (again after a zoom)."""
    for combo in root.findChildren(QComboBox):
        # a font change clears QComboBox's cached size hint but not its cached minimum size hint,
        # and a layout takes the larger: a combo first measured at 22 pt (a view built at 22 pt by
        # a language switch, or a window opened at the remembered 22 pt) kept its 22 pt width back
        # at 11 pt, and Attention's selectors took a third line.  A style change clears both.
        QApplication.sendEvent(combo, QEvent(QEvent.Type.StyleChange))
        combo.setMinimumWidth(0)
        if isinstance(combo, CurrentTextCombo):
            continue  # it measures its text's advance itself
        extra = missing_width(combo)
        if extra > 0:
            combo.setMinimumWidth(combo.sizeHint().width() + extra)


class CurrentTextCombo(QComboBox):
    """A combo box as wide as the item it shows, not its widest item.

    QComboBox asks for the width of its longest item whatever is chosen: the training view's
    run choice was 850 px wide at 22 pt for "dates: RNN with attention" (its longest item,
    "lists of dates: Transformer without positional encoding", set the width) and took a line
    of its own in a 1280 px window.  Here the box asks for the chosen item's advance (what the
    text is drawn with, so CJK punctuation is counted whole) and the style's frame and arrow;
    a row that wraps (FlowLayout) moves it to the next line when a longer item is chosen.  The
    list that opens is as wide as its longest item."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.currentIndexChanged.connect(self.updateGeometry)

    def _for_text(self, hint: QSize) -> QSize:
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        metrics = QFontMetrics(self.font())
        text = QSize(metrics.horizontalAdvance(self.currentText()), metrics.height())
        if not self.itemIcon(self.currentIndex()).isNull():
            text.setWidth(text.width() + self.iconSize().width() + 4)
        size = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, text, self)
        return QSize(size.width(), hint.height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self._for_text(super().sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self._for_text(super().minimumSizeHint())

    def showPopup(self) -> None:  # noqa: N802
        metrics = QFontMetrics(self.font())
        widest = max((metrics.horizontalAdvance(self.itemText(i)) for i in range(self.count())), default=0)
        self.view().setMinimumWidth(widest + 4 * metrics.averageCharWidth())
        super().showPopup()
