"""A dock widget's title bar whose title and buttons follow the application's text size.

Qt's own title bar reads its font once, when the dock widget is built
(QApplication::font("QDockWidgetTitle")), and keeps it: after View ▸ Larger text to 22 pt the
lecture panel's title stayed at the starting size (about 9 pt, "Lecture" 8 px tall) above 22 pt
scene names, and its float and close buttons stayed 10 px icons.  This bar is made of ordinary
widgets, which take the application font like the rest of the window.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QStyle, QToolButton, QWidget


class DockTitleBar(QWidget):
    def __init__(self, dock: QDockWidget):
        super().__init__(dock)
        self.dock = dock
        self.title = QLabel(dock.windowTitle())
        # a drag on the title moves the panel and a double click floats it: QDockWidget does both
        # with the mouse events a label leaves unhandled (Qt's documentation of setTitleBarWidget)
        style = self.style()
        self.float_button = self._button(style.standardIcon(QStyle.StandardPixmap.SP_TitleBarNormalButton),
                                         "dock_float_button")
        self.close_button = self._button(style.standardIcon(QStyle.StandardPixmap.SP_TitleBarCloseButton),
                                         "dock_close_button")
        self.float_button.clicked.connect(lambda: dock.setFloating(not dock.isFloating()))
        self.close_button.clicked.connect(dock.close)
        dock.windowTitleChanged.connect(self.title.setText)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 2, 2)
        layout.setSpacing(2)
        layout.addWidget(self.title, 1)
        layout.addWidget(self.float_button)
        layout.addWidget(self.close_button)
        self._fit_icons()

    def _button(self, icon, name: str) -> QToolButton:
        button = QToolButton()
        button.setObjectName(name)
        button.setIcon(icon)
        button.setAutoRaise(True)
        return button

    def _fit_icons(self) -> None:
        # the icons a little smaller than a line of the text beside them, as Qt's are at 9 pt
        side = max(10, int(self.fontMetrics().height() * 0.75))
        for button in (self.float_button, self.close_button):
            button.setIconSize(QSize(side, side))

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_icons()
