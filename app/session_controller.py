"""Sessions and lectures in the window: the dialogs, recent files, the last session at start,
and capturing / applying scenes.  The file format lives in app/session.py."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.engine_text import engine_message
from app.session import (Scene, SessionError, apply_state, capture_view, load_lecture, load_session, log,
                         read_state, save_lecture, save_session)
from app.settings import settings

MAX_RECENT = 8


class SessionController(QObject):
    #: the recent-files list changed
    recent_changed = Signal()

    def __init__(self, window):
        super().__init__(window)
        self.window = window

    # ---- state of the whole window -------------------------------------------------------------
    def capture(self) -> dict[str, dict]:
        return {view.view_id: capture_view(view) for view in self.window.views}

    def apply(self, views: dict[str, dict], current: str | None) -> list[str]:
        """Apply every view's state; all of it is read first, so a bad file changes nothing.
        -> what was not used (unknown views and fields, values of the wrong type), also reported
        in the status bar and the log."""
        known = {view.view_id: view for view in self.window.views}
        states, problems = {}, []
        for view_id, entry in views.items():
            if view_id not in known:
                problems.append(f"unknown view {view_id!r} skipped")
                continue
            if not isinstance(entry, dict):
                raise SessionError(QT_TRANSLATE_NOOP("EngineMessage", "the state of view {0} is not an object"),
                                   repr(view_id))
            states[view_id], found = read_state(known[view_id].State, entry)
            problems += found
        for view_id, state in states.items():
            apply_state(known[view_id], state)
        if current in known:
            self.window.show_view(current)
        self.report(problems)
        return problems

    def report(self, problems: list[str]) -> None:
        """Saved settings this version did not use: in the log, and briefly in the status bar."""
        for problem in problems:
            log.warning("session: %s", problem)
        if problems:
            self.window.statusBar().showMessage(
                self.tr("Some saved settings were not used: {0}").format("; ".join(problems)), 15000)

    # ---- files ----------------------------------------------------------------------------------
    def save(self, path) -> Path:
        path = save_session(path, self.capture(), self.window.current_view().view_id)
        self._remember(path)
        return path

    def open(self, path) -> None:
        """Raises SessionError; nothing changes then."""
        views, current = load_session(path)
        self.apply(views, current)
        self._remember(path)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open session"), self._folder(),
                                              self.tr("Attention Lab session (*.json)"))
        if path:
            self.open_reporting(path)

    def open_reporting(self, path) -> bool:
        try:
            self.open(path)
        except SessionError as exc:
            QMessageBox.warning(self.window, self.tr("Cannot open session"), engine_message(exc))
            return False
        return True

    def save_dialog(self) -> None:
        self._save_dialog(self.tr("Save session"), "session.json", self.tr("Attention Lab session (*.json)"),
                          self.save, self.tr("Cannot save session"))

    def _save_dialog(self, title: str, file_name: str, file_filter: str, save, failure_title: str) -> None:
        """Ask where to save (in the folder of the last file used), then `save(path)`; a file that
        cannot be written is reported under `failure_title`."""
        path, _ = QFileDialog.getSaveFileName(self.window, title, str(Path(self._folder()) / file_name), file_filter)
        if path:
            try:
                save(path)
            except OSError as exc:
                QMessageBox.warning(self.window, failure_title, str(exc))

    def _folder(self) -> str:
        recent = self.recent()
        return str(Path(recent[0]).parent) if recent else str(Path.home())

    # ---- recent files and the last session -------------------------------------------------------
    def recent(self) -> list[str]:
        value = settings().value("session/recent") or []
        return [str(v) for v in (value if isinstance(value, list) else [value])]

    def _remember(self, path) -> None:
        path = str(Path(path).resolve())
        recent = [path] + [p for p in self.recent() if p != path]
        settings().setValue("session/recent", recent[:MAX_RECENT])
        self.recent_changed.emit()

    def store_last(self) -> None:
        """At close: the whole state, restored at the next start."""
        settings().setValue("session/last", json.dumps(self.capture(), ensure_ascii=False))

    def restore_last(self) -> None:
        text = settings().value("session/last")
        if not text:
            return
        try:
            views = json.loads(str(text))
            if isinstance(views, dict):
                self.apply(views, None)
        except (ValueError, SessionError):
            settings().remove("session/last")  # a broken stored state must not break every start

    # ---- lectures -------------------------------------------------------------------------------
    def capture_scene(self) -> Scene:
        view = self.window.current_view()
        caption = view.title()
        main_input = view.scene_caption()
        if main_input:
            caption = f"{caption}: {main_input}"
        return Scene(view.view_id, caption, capture_view(view))

    def apply_scene(self, scene: Scene) -> None:
        known = {view.view_id: view for view in self.window.views}
        if scene.view not in known:
            QMessageBox.warning(self.window, self.tr("Cannot show scene"),
                                self.tr("This lecture needs a view that this version does not have: {0}")
                                .format(scene.view))
            return
        try:
            state, problems = read_state(known[scene.view].State, scene.state)
        except SessionError as exc:
            QMessageBox.warning(self.window, self.tr("Cannot show scene"), engine_message(str(exc)))
            return
        apply_state(known[scene.view], state)
        self.window.show_view(scene.view)
        self.window.statusBar().showMessage(scene.caption, 8000)
        self.report(problems)

    def open_lecture_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open lecture"), self._folder(),
                                              self.tr("Attention Lab lecture (*.json)"))
        if path:
            try:
                self.window.lecture_panel.set_scenes(load_lecture(path))
                self.window.lecture_panel.show()
            except SessionError as exc:
                QMessageBox.warning(self.window, self.tr("Cannot open lecture"), engine_message(exc))

    def save_lecture_dialog(self) -> None:
        self._save_dialog(self.tr("Save lecture"), "lecture.json", self.tr("Attention Lab lecture (*.json)"),
                          lambda path: save_lecture(path, self.window.lecture_panel.scenes),
                          self.tr("Cannot save lecture"))
