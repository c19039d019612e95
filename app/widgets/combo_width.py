"""Combo boxes wide enough for their Chinese items.

QComboBox sizes itself from each item's bounding rectangle, which for CJK text with full-width
punctuation is narrower than the advance the text is drawn with: "交叉注意力（解码器 → 编码器）" got a
field 5 px narrower than its text at 11 pt and 16 px at 22 pt, and lost its last character.  The
difference is added to the combo's minimum width (the English items need nothing added)."""
from __future__ import annotations

from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QWidget


def missing_width(combo: QComboBox) -> int:
    """How much wider than QComboBox's own size hint its widest item is drawn."""
    metrics = QFontMetrics(combo.font())
    return max((metrics.horizontalAdvance(combo.itemText(i)) - metrics.boundingRect(combo.itemText(i)).width()
                for i in range(combo.count())), default=0)


def widen_combos(root: QWidget) -> None:
    """Give every combo box under `root` the width its items are drawn with (again after a zoom)."""
    for combo in root.findChildren(QComboBox):
        combo.setMinimumWidth(0)
        extra = missing_width(combo)
        if extra > 0:
            combo.setMinimumWidth(combo.sizeHint().width() + extra)
