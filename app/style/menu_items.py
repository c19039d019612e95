"""Menu items wide enough for their text at every text size.

Fusion sizes a menu item for its text without the mnemonic's "&" and for a check column of
21 px, but paints it with a check column of 0.79 × the row's height and elides the text
measured with the "&": from 14 pt on, a Chinese item ("浅色(&L)") and from 22 pt an English one
lost their middle ("浅…)", "L…t").  `menu_item_size` adds both differences to Fusion's size."""
from __future__ import annotations

import math

from PySide6.QtCore import QSize
from PySide6.QtGui import QFontMetrics

#: the check column's width Fusion sizes an item for, and the share of the row's height it paints
SIZED_CHECK_COLUMN = 21
PAINTED_CHECK_COLUMN_PER_HEIGHT = 0.79


def has_mnemonic(text: str) -> bool:
    return "&" in text.split("\t")[0].replace("&&", "")


def menu_item_size(option, size: QSize) -> QSize:
    """Fusion's `size` of the menu item `option` (a QStyleOptionMenuItem), made as wide as its
    painting needs."""
    painted_column = math.ceil(size.height() * PAINTED_CHECK_COLUMN_PER_HEIGHT)
    extra = max(0, painted_column - max(option.maxIconWidth, SIZED_CHECK_COLUMN))
    if has_mnemonic(option.text):
        extra += QFontMetrics(option.font).horizontalAdvance("&")
    return QSize(size.width() + extra, size.height())
