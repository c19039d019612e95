"""File ▸ Open model folder… and File ▸ Recent models, with the loading shown in the status bar.

The window's `ModelFolders` (app/model_folder.py) does the loading in the worker; this object
asks for the folder, shows the stages ("reading the weights…") while the GUI stays live, shows
a refused folder in a message box (non-modal: the app keeps running), and once a folder is
loaded chooses it in the current view (or in the attention view when the current one has no
model selector that offers it).
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from app.engine_text import engine_message
from app.model_folder import recent_models
from engine.hf.folder import HF_INSTALL_HINT, hf_available


class ModelFolderMenu(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.folders = window.state.model_folders
        self.progress_label = QLabel("")
        self.progress_label.hide()
        window.statusBar().addWidget(self.progress_label)
        self.error_box: QMessageBox | None = None  # the last refusal shown (tests read it)
        self.last_error: str | None = None
        self._select_when_loaded: set[str] = set()
        self.folders.progress.connect(self._on_progress)
        self.folders.failed.connect(self._on_failed)
        self.folders.loaded.connect(self._on_loaded)
        self.folders.recent_changed.connect(self._fill_recent)

    def add_to(self, menu) -> None:
        self.open_action = QAction(self.tr("Open model folder…"), self.window)
        self.open_action.setShortcut(QKeySequence("Ctrl+Shift+O"))
        if not hf_available():
            self.open_action.setText(self.tr("Open model folder… (needs the [hf] extra)"))
            self.open_action.setToolTip(engine_message(HF_INSTALL_HINT))
            self.open_action.setStatusTip(engine_message(HF_INSTALL_HINT))
        self.open_action.triggered.connect(lambda: self.open_dialog())
        menu.addAction(self.open_action)
        self.recent_menu = menu.addMenu(self.tr("Recent models"))
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        paths = recent_models()
        for path in paths:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open(p))
        self.recent_menu.setEnabled(bool(paths))

    # ---- opening ------------------------------------------------------------------------------
    def open_dialog(self) -> str | None:
        """Ask for a folder (with a Hugging Face model saved in it) and load it."""
        if not hf_available():
            self._show_error(self.tr("Hugging Face models are not available"), engine_message(HF_INSTALL_HINT))
            return None
        start = recent_models()[0] if recent_models() else str(Path.home())
        folder = QFileDialog.getExistingDirectory(self.window, self.tr("Open a Hugging Face model folder"),
                                                  str(Path(start).parent))
        return self.open(folder) if folder else None

    def open(self, folder) -> str | None:
        """Load `folder` in the worker and choose it once loaded; returns its key (None: refused)."""
        key = self.folders.load(self.window.bridge, folder)
        if key is not None:
            self._select_when_loaded.add(key)
        return key

    def _on_progress(self, path: str, fraction: float, message: str) -> None:
        self.progress_label.setText(self.tr("Loading {0}: {1}… ({2:.0f}%)").format(Path(path).name, engine_message(message),
                                                                                   100 * fraction))
        self.progress_label.show()

    def _on_failed(self, path: str, message: str) -> None:
        self._select_when_loaded.discard(path)
        self.progress_label.hide()
        self._show_error(self.tr("Cannot open this model folder"), engine_message(message))

    def _show_error(self, title: str, message: str) -> None:
        self.last_error = message
        self.window.statusBar().showMessage(message, 10000)
        box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, self.window)
        box.open()  # window-modal but not blocking: the worker and the views carry on
        self.error_box = box

    def _on_loaded(self, info) -> None:
        self.progress_label.hide()
        self.window.statusBar().showMessage(
            self.tr("Loaded {0}: {1} {2}, {3} layers × {4} heads, on {5}").format(
                info.name, info.model_type, engine_message(info.kind), info.layers, info.heads, info.device), 8000)
        if info.path not in self._select_when_loaded:
            return
        self._select_when_loaded.discard(info.path)
        self.choose(info.path)

    def choose(self, path: str) -> None:
        """Show the loaded folder in the current view, or in the attention view."""
        for view in [self.window.current_view(), self.window.view("attention")]:
            box = view.model_selector()
            index = -1 if box is None else box.findData(path)
            if index >= 0:
                box.setCurrentIndex(index)
                self.window.show_view(view.view_id)
                return
