"""Settings that fold behind a button at large text and open from it as a popup.

At 22 pt on a 1280×680 window the beam-search view's settings (B, the length normalisation,
α) took a row of their own above the tree and its switches another, and with the input, the
step bar, the legend and the outcome the tree kept 38 % of the window (issue 23 asks 40 %) or
the page scrolled (Chinese).  From FOLD_FROM_POINTS those widgets leave their places and the
button (which the view puts on a row that has room) opens them under itself as a popup: the
same widgets, so their bindings and tests still reach them.

Keyboard: Space or Enter on the button opens the popup with the focus on its first control, Tab
moves between its controls, Esc (or a click outside) closes it and gives the focus back to the
button.  A button that takes no focus in its place (the beam view's step and zoom buttons, which
leave the keys to the tree) takes it from Tab while it is in the popup, so that the keyboard
reaches it there (a container of controls, such as a row, stays out of the Tab chain).  Below
FOLD_FROM_POINTS the widgets are in their places and the button is hidden.

`row=True` puts the widgets side by side in the popup (a few buttons), not one under the other.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtWidgets import QAbstractButton, QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from app import style

#: from this text size the widgets fold (at 18 pt the beam view fits with its settings in view:
#: its tree keeps 45 % of a 1280×680 window in both languages; at 22 pt it does not)
FOLD_FROM_POINTS = 20.0


def _put_back(layout, index: int, widget: QWidget) -> None:
    """`widget` at `index` of `layout` (a QBoxLayout, or app.widgets.flow_layout.FlowLayout)."""
    insert = getattr(layout, "insert_widget", None) or layout.insertWidget
    insert(index, widget)


class SettingsPopupButton(QPushButton):
    """Shown while `widgets` are folded into its popup; a click opens the popup under the
    button.  Each widget must sit directly in its parent widget's layout (a QBoxLayout or a
    FlowLayout), where it goes back when the text gets smaller.  Call `fit_to_text()` after
    the widgets are in their places and after each zoom."""

    def __init__(self, widgets: Sequence[QWidget], text: str, tooltip: str,
                 fold_from: float = FOLD_FROM_POINTS, parent: QWidget | None = None, row: bool = False):
        super().__init__(text, parent)
        self.widgets = tuple(widgets)
        self.fold_from = fold_from
        self.setToolTip(tooltip)
        self.popup = QFrame(self, Qt.WindowType.Popup)
        self.popup.setFrameShape(QFrame.Shape.StyledPanel)
        self.popup.installEventFilter(self)
        # the style's margins around the widgets, one under the other (or side by side)
        (QHBoxLayout if row else QVBoxLayout)(self.popup)
        #: (layout, index) each widget goes back to, recorded when it folds
        self._homes: list[tuple[object, int]] = []
        #: the focus policy each widget had in its place (restored when it goes back)
        self._policies: list[Qt.FocusPolicy] = []
        self.clicked.connect(self.open_popup)
        self.hide()

    def folded(self) -> bool:
        return bool(self._homes)

    def fit_to_text(self) -> None:
        """Fold the widgets from `fold_from` points, put them back below."""
        fold = style.point_size() >= self.fold_from
        if fold == self.folded():
            return
        self.popup.hide()
        if fold:
            self._homes = [(w.parentWidget().layout(), w.parentWidget().layout().indexOf(w)) for w in self.widgets]
            self._policies = [w.focusPolicy() for w in self.widgets]
            for widget, (layout, _) in zip(self.widgets, self._homes):
                layout.removeWidget(widget)
                self.popup.layout().addWidget(widget)
                if isinstance(widget, QAbstractButton) and widget.focusPolicy() == Qt.FocusPolicy.NoFocus:
                    widget.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click still leaves the focus where it is
        else:
            # ascending indices: each widget goes back where it was, those before it already back
            for widget, (layout, index) in sorted(zip(self.widgets, self._homes), key=lambda pair: pair[1][1]):
                self.popup.layout().removeWidget(widget)
                _put_back(layout, index, widget)
            for widget, policy in zip(self.widgets, self._policies):
                widget.setFocusPolicy(policy)
            self._homes = []
        for widget in self.widgets:
            widget.show()
        self.setVisible(fold)

    def open_popup(self) -> None:
        """The widgets under the button (above it where the screen has no room below), as wide
        as the widest on one line or the screen, with the focus on the first control."""
        if not self.folded():
            return
        screen = (self.screen() or self.window().screen()).availableGeometry()
        popup = self.popup
        popup.layout().activate()
        width = min(max(popup.sizeHint().width(), popup.minimumSizeHint().width()), screen.width())
        # the frame's and the layout's margins included; a row that wraps grows taller
        height = popup.heightForWidth(width) if popup.hasHeightForWidth() else popup.sizeHint().height()
        height = min(max(height, popup.minimumSizeHint().height()), screen.height())
        below = self.mapToGlobal(QPoint(0, self.height()))
        top = below.y() if below.y() + height <= screen.bottom() + 1 else self.mapToGlobal(QPoint(0, 0)).y() - height
        left = min(max(below.x(), screen.left()), screen.right() + 1 - width)
        popup.setGeometry(QRect(left, max(top, screen.top()), width, height))
        popup.show()
        popup.setFocus()
        popup.focusNextChild()

    def eventFilter(self, watched, event):
        if watched is self.popup and event.type() == QEvent.Type.Hide and self.isVisible():
            self.setFocus(Qt.FocusReason.PopupFocusReason)
        return super().eventFilter(watched, event)
