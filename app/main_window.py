"""The main window: navigation on the left, one view at a time, a status bar."""
from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QMainWindow,
                               QMessageBox, QStackedWidget, QWidget)

from app.bridge import EngineBridge
from app.state import SharedState
from app.views import view_classes
from engine.jobs import DeviceRequest


def settings() -> QSettings:
    return QSettings("AttentionLab", "Attention Lab")


class MainWindow(QMainWindow):
    def __init__(self, device: str = "auto", bridge: EngineBridge | None = None, initial_view: str | None = None,
                 threads: int | None = EngineBridge.DEFAULT_THREADS):
        super().__init__()
        self.setWindowTitle("Attention Lab")
        self.bridge = bridge or EngineBridge(device=device, parent=self, threads=threads)
        self.state = SharedState(self)
        self.views = []

        self.navigation = QListWidget()
        self.navigation.setObjectName("navigation")
        self.stack = QStackedWidget()
        for cls in view_classes():
            view = cls(self.bridge, self.state, self)
            self.views.append(view)
            self.state.register_receiver(view)
            self.stack.addWidget(view)
            item = QListWidgetItem(cls.title())
            item.setData(Qt.ItemDataRole.UserRole, cls.view_id)
            self.navigation.addItem(item)
        self.navigation.currentRowChanged.connect(self._show_row)
        self._fit_navigation()
        central = QWidget()
        row = QHBoxLayout(central)
        row.setContentsMargins(4, 4, 4, 0)
        row.addWidget(self.navigation)
        row.addWidget(self.stack, 1)
        self.setCentralWidget(central)

        self.device_label = QLabel(self.tr("Device: starting…"))
        self.model_label = QLabel(self.tr("Models: loading…"))
        self.timing_label = QLabel(self.tr("Last inference: –"))
        for label in (self.device_label, self.model_label, self.timing_label):
            self.statusBar().addPermanentWidget(label)
        self.state.model_state_changed.connect(self._update_model_label)
        self.state.navigate_requested.connect(self.show_view)
        self.bridge.request_finished.connect(self._update_timing)
        self.bridge.subscribe("device", self._on_device)
        self.bridge.submit("device", DeviceRequest())
        self._build_menus()
        self._restore(initial_view)

    # ---- navigation ----------------------------------------------------------------------
    def _fit_navigation(self):
        """Wide enough for the longest view name at the current text size."""
        metrics = self.navigation.fontMetrics()
        widest = max((metrics.horizontalAdvance(self.navigation.item(i).text())
                      for i in range(self.navigation.count())), default=100)
        self.navigation.setFixedWidth(widest + 36)

    def view(self, view_id: str):
        for v in self.views:
            if v.view_id == view_id:
                return v
        raise KeyError(view_id)

    def show_view(self, view_id: str) -> None:
        for row, v in enumerate(self.views):
            if v.view_id == view_id:
                self.navigation.setCurrentRow(row)
                return

    def _show_row(self, row: int) -> None:
        if 0 <= row < len(self.views):
            self.stack.setCurrentIndex(row)

    def current_view(self):
        return self.views[self.stack.currentIndex()]

    # ---- status bar ----------------------------------------------------------------------
    def _on_device(self, result) -> None:
        if result.ok:
            self.device_label.setText(self.tr("Device: {0}").format(result.value[1]))
        else:
            self.device_label.setText(self.tr("Device error: {0}").format(result.error))

    def _update_model_label(self, *_):
        parts = [f"{name}: {state}" for name, state in sorted(self.state.model_states.items())]
        self.model_label.setText(" · ".join(parts) if parts else self.tr("Models: none"))

    def _update_timing(self, channel: str, elapsed_ms: float) -> None:
        if channel != "device":
            self.timing_label.setText(self.tr("Last inference: {0:.1f} ms").format(elapsed_ms))

    # ---- menus and text size -------------------------------------------------------------
    def _build_menus(self):
        view_menu = self.menuBar().addMenu(self.tr("&View"))
        bigger = QAction(self.tr("Larger text"), self)
        bigger.setShortcut(QKeySequence.StandardKey.ZoomIn)
        bigger.triggered.connect(lambda: self.set_text_size(self.text_size() + 1))
        smaller = QAction(self.tr("Smaller text"), self)
        smaller.setShortcut(QKeySequence.StandardKey.ZoomOut)
        smaller.triggered.connect(lambda: self.set_text_size(self.text_size() - 1))
        view_menu.addAction(bigger)
        view_menu.addAction(smaller)
        view_menu.addSeparator()
        # Ctrl+1..9 jump between views: a lecturer switches without reaching for the mouse.
        self.view_actions = []
        for number, view in enumerate(self.views[:9], start=1):
            action = QAction(view.title().replace("&", "&&"), self)  # "&" would mark a mnemonic
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.triggered.connect(lambda _=False, vid=view.view_id: self.show_view(vid))
            view_menu.addAction(action)
            self.view_actions.append(action)
        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        about = QAction(self.tr("About Attention Lab"), self)
        about.triggered.connect(self._about)
        help_menu.addAction(about)

    def _about(self):
        QMessageBox.about(self, self.tr("About Attention Lab"), self.tr(
            "Attention Lab shows trained sequence models while they run: attention, beam search, "
            "positional encodings and information theory. Every number comes from a real model "
            "or an exact calculation."))

    @staticmethod
    def text_size() -> int:
        return QApplication.font().pointSize()

    def set_text_size(self, points: int) -> None:
        points = max(8, min(28, points))
        font = QFont(QApplication.font())
        font.setPointSize(points)
        QApplication.setFont(font)
        self._fit_navigation()
        settings().setValue("text_size", points)

    # ---- persistence ---------------------------------------------------------------------
    def _restore(self, initial_view):
        s = settings()
        geometry = s.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 900)
        size = s.value("text_size")
        if size is not None:
            try:
                self.set_text_size(int(size))
            except (TypeError, ValueError):
                pass
        wanted = initial_view or s.value("last_view") or (self.views[0].view_id if self.views else "")
        self.navigation.setCurrentRow(0)
        self.show_view(str(wanted))

    def closeEvent(self, event):
        if self.bridge.closed:  # closed twice (e.g. by a test and its teardown)
            super().closeEvent(event)
            return
        s = settings()
        s.setValue("geometry", self.saveGeometry())
        if self.views:
            s.setValue("last_view", self.current_view().view_id)
        s.sync()
        self.bridge.shutdown()
        super().closeEvent(event)
