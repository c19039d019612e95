"""The main window: the view names above (or, where they would need two rows, in a list at the right
of the menu bar), one view at a time, a status bar."""
from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QFont, QFontMetrics, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QComboBox, QFrame, QHBoxLayout, QLabel, QListView,
                               QListWidget, QListWidgetItem, QMainWindow, QMenu, QMessageBox, QSizePolicy,
                               QStackedWidget, QToolButton, QVBoxLayout, QWidget)

import html
import time

from app import gc_guard, i18n, style
from app.bridge import EngineBridge
from app.engine_text import engine_message
from app.export import ExportButton
from app.lecture_panel import LecturePanel
from app.model_folder_menu import ModelFolderMenu
from app.session_controller import SessionController
from app.screen_dialog import ScrollingMessage
from app.settings import settings
from app.shortcut_guard import ShortcutGuard
from app.state import SharedState
from app.views import view_classes
from app.widgets.combo_width import widen_combos
from app.widgets.scrolling_page import ScrollingPage
from engine.jobs import DeviceRequest
from engine.version import version


DEFAULT_TEXT_SIZE = 11
#: the most of the window's height the row of view names may take before they fold into a list
NAMES_ROW_SHARE = 0.05
#: a deferred window that is never painted (hidden, offscreen) builds its views after this long
DEFERRED_BUILD_MS = 300
#: after a language switch, when the replaced views' deferred deletions have run: one full collection
#: (about 0.2 s of the GUI thread, once per switch)
LANGUAGE_SWITCH_COLLECT_MS = 500


def view_shortcut(number: int) -> str:
    """The keys of the `number`-th view (1-based): Ctrl+1 … Ctrl+9, then Alt+1, Alt+2 …"""
    return f"Ctrl+{number}" if number <= 9 else f"Alt+{number - 9}"


class MainWindow(QMainWindow):
    #: the views exist (at once, or after the first paint when `deferred`)
    views_ready = Signal()

    def __init__(self, device: str = "auto", bridge: EngineBridge | None = None, initial_view: str | None = None,
                 threads: int | None = EngineBridge.DEFAULT_THREADS, restore_session: bool = False,
                 deferred: bool = False):
        """`restore_session`: put back what every view showed when the app was last closed.
        `deferred`: show the bare window first and build the views (pyqtgraph) and start the
        engine (torch) once it has been painted, so that it appears within a second of launch."""
        super().__init__()
        self.setWindowTitle(self.tr("Attention Lab"))
        self._load_look()  # before any widget is built, so that every one is built in it
        self.bridge = bridge or EngineBridge(device=device, parent=self, threads=threads, start_worker=not deferred)
        self.state = SharedState(self)
        self.views = []
        # time.time() of the window's first paint (benchmarks/startup.py)
        self.first_paint_at: float | None = None
        self._initial_view = initial_view
        self._restore_session = restore_session

        self.navigation = QListWidget()
        self.navigation.setObjectName("navigation")
        self.stack = QStackedWidget()
        self._presenting = False
        self.navigation.currentRowChanged.connect(self._show_row)
        self.navigation.setFlow(QListView.Flow.LeftToRight)
        self.navigation.setWrapping(True)
        self.navigation.setResizeMode(QListView.ResizeMode.Adjust)
        self.navigation.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.navigation.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.navigation.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        # where the names would need a second row (large text, a narrow window) they fold into
        # this list at the right of the menu bar: a second row took 45 px of a 1280×720
        # projector's height at 22 pt from every view, the whole row of names 95 px
        self.view_chooser = QComboBox()
        self.view_chooser.setObjectName("view_chooser")
        self.view_chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.view_chooser.currentIndexChanged.connect(self._on_chosen_view)
        self.navigation.currentRowChanged.connect(self._follow_navigation)
        self.view_chooser_label = QLabel()
        self.view_chooser_label.setBuddy(self.view_chooser)
        corner = QWidget()
        corner.setObjectName("view_chooser_corner")
        row = QHBoxLayout(corner)
        row.setContentsMargins(0, 0, 4, 0)
        # the views' own "What this view shows" lines fold with the names: one toggle here
        self.explain_button = QToolButton()
        self.explain_button.setObjectName("explain_button")
        self.explain_button.setCheckable(True)
        self.explain_button.setAutoRaise(True)
        self.explain_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.explain_button.setArrowType(Qt.ArrowType.RightArrow)
        self.explain_button.toggled.connect(self._explain_current_view)
        row.addWidget(self.explain_button)
        row.addSpacing(8)
        row.addWidget(self.view_chooser_label)
        row.addWidget(self.view_chooser)
        self.menuBar().setCornerWidget(corner, Qt.Corner.TopRightCorner)
        self._names_folded = False
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(4, 4, 4, 0)
        column.addWidget(self.navigation)
        column.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        # the names re-wrap when the central area narrows without the window resizing (the lecture
        # panel opening: at 22 pt three of the seven names were pushed out of sight)
        central.installEventFilter(self)
        self._fit_navigation()

        self._device_result = None
        self._last_inference_ms: float | None = None
        self.device_label = QLabel()
        self.model_label = QLabel()
        self.timing_label = QLabel()
        self._update_status_labels()
        for number, label in enumerate((self.device_label, self.model_label, self.timing_label)):
            if number:  # the items ran together ("…readyLast inference"): a rule between each two
                rule = QFrame()
                rule.setFrameShape(QFrame.Shape.VLine)
                rule.setObjectName("status_separator")
                self.statusBar().addPermanentWidget(rule)
            self.statusBar().addPermanentWidget(label)
        self.state.model_state_changed.connect(self._update_model_label)
        self.state.navigate_requested.connect(self.show_view)
        self.bridge.request_finished.connect(self._update_timing)
        self.bridge.subscribe("device", self._on_device)
        self.bridge.submit("device", DeviceRequest())
        self.sessions = SessionController(self)
        self.lecture_panel = LecturePanel(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.lecture_panel)
        self.lecture_panel.hide()
        self.lecture_panel.capture_requested.connect(self.capture_scene)
        self.lecture_panel.scene_requested.connect(self.sessions.apply_scene)
        self.sessions.recent_changed.connect(self._fill_recent)
        self.model_folder_menu = ModelFolderMenu(self)
        # the menu bar's menus and the window's actions in them, replaced when the language changes
        self._menus: list[QMenu] = []
        self._menu_actions: list[QAction] = []
        self._build_menus()
        self.shortcut_guard = ShortcutGuard(self, lambda: self._menu_actions)
        self._restore_geometry()
        if deferred:
            self.statusBar().showMessage(self.tr("Loading the views…"))
            # the views are built on the first paint, or after a moment if none comes (hidden)
            QTimer.singleShot(DEFERRED_BUILD_MS, self._start_views)
        else:
            self._start_views()

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.Paint and self.first_paint_at is None:
            self.first_paint_at = time.time()
            QTimer.singleShot(0, self._start_views)  # after this paint reaches the screen
        return super().event(event)

    def _start_views(self) -> None:
        """The views, their View-menu actions, then the last session (deferred: after the first paint)."""
        if self.views or self.bridge.closed:
            return
        self.bridge.start_worker()  # torch loads in its thread while the views are built
        size = self.size()  # restored or asked for (--size): adding the views must not change it
        self._build_views()
        if self.size() != size:
            self.resize(size)
        self._add_view_actions()
        self._restore_view(self._initial_view)
        if self._restore_session:
            self.sessions.restore_last()
        self.statusBar().clearMessage()
        self.views_ready.emit()

    # ---- the views ------------------------------------------------------------------------
    def _build_views(self) -> None:
        """One view per registry entry, in the stack and the navigation list."""
        classes = view_classes()  # imports pyqtgraph
        style.plot_defaults()
        for cls in classes:
            view = cls(self.bridge, self.state, self)
            view.add_explanation()
            view.set_presenting(self._presenting)
            self.views.append(view)
            self.state.register_receiver(view)
            page = ScrollingPage(view)  # scrolls only where the view needs more than the window has
            page.setObjectName("view_page")
            self.stack.addWidget(page)
            item = QListWidgetItem(cls.title())
            item.setData(Qt.ItemDataRole.UserRole, cls.view_id)
            self.navigation.addItem(item)
        self.view_chooser.blockSignals(True)
        self.view_chooser.clear()
        self.view_chooser.addItems([v.title() for v in self.views])
        self.view_chooser.setCurrentIndex(max(self.navigation.currentRow(), 0))
        self.view_chooser.blockSignals(False)
        self._fit_navigation()
        self._fit_corner()
        widen_combos(self.stack)
        # Tab moves on from a table to the next control (arrow keys move between its cells), so
        # that the keyboard alone reaches every input behind a table
        for table in self.stack.findChildren(QAbstractItemView):
            table.setTabKeyNavigation(False)
        if style.theme() is not style.LIGHT:  # some plots are built white; give them the theme
            self.restyle()

    # ---- language ---------------------------------------------------------------------------
    def set_language(self, language: str) -> None:
        """Switch the interface language now and remember it (View ▸ Language).

        The views are rebuilt in the new language and given back their inputs and settings
        (the session capture of app/session.py), so every string a view builds, including plot
        labels and texts made while rendering, is in the new language without each view keeping
        a list of what to retranslate.  The window's own menus and labels are retranslated here."""
        if language == i18n.current():
            i18n.remember(language)
            return
        states = self.sessions.capture()
        current = self.current_view().view_id if self.views else None
        i18n.install(language)
        i18n.remember(language)
        self._replace_views()
        self.sessions.apply(states, current)
        self._retranslate()
        # the replaced views were set aside from the cyclic collector with the window (app/gc_guard.py):
        # free them once their deferred deletions have run, or each switch would keep ten views
        QTimer.singleShot(LANGUAGE_SWITCH_COLLECT_MS, gc_guard.collect_all)

    def _replace_views(self) -> None:
        old, self.views = self.views, []
        self.state.clear_receivers()
        self.navigation.blockSignals(True)
        self.navigation.clear()
        for view in old:
            view.shut_down()
            view.retired = True  # no restyling either (app/views/base.py: View.event)
            for child in view.findChildren(QObject):  # no slot may run on a view being deleted
                child.blockSignals(True)
        while self.stack.count():  # each view's ScrollingPage, the view with it
            page = self.stack.widget(0)
            self.stack.removeWidget(page)
            page.hide()
            page.deleteLater()
        self._build_views()
        self.navigation.blockSignals(False)

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("Attention Lab"))
        self._update_status_labels()
        self.lecture_panel.retranslate()
        for menu in self._menus:  # with their submenus
            self.menuBar().removeAction(menu.menuAction())
            menu.deleteLater()
        for action in self._menu_actions:  # the items (children of the window, not of a menu)
            action.deleteLater()
        self._menus.clear()
        self._menu_actions.clear()
        self._build_menus()
        self.presentation_action.setChecked(self._presenting)

    # ---- navigation ----------------------------------------------------------------------
    def _fit_navigation(self):
        """The view names in a row above the view (wrapping onto a second row when they do not
        fit), sized for the current text size.  A list down the left side took 200 px of width
        from every view, 16 % of a 1280×720 projector."""
        metrics = QFontMetrics(QApplication.font())  # the widget's own metrics lag behind a zoom
        height = metrics.height() + 10
        widths = []
        for i in range(self.navigation.count()):
            item = self.navigation.item(i)
            width = metrics.horizontalAdvance(item.text()) + 2 * metrics.averageCharWidth() + 8
            item.setSizeHint(QSize(width, height))
            widths.append(width)
        available = max(self.centralWidget().width() - 8 if self.centralWidget() else self.width(), 1) - 8
        lines, used = 1, 0
        for width in widths:
            if used and used + width > available:
                lines, used = lines + 1, 0
            used += width
        frame = 2 * self.navigation.frameWidth()
        self.navigation.setFixedHeight(lines * height + frame + 2)
        # one row of names may take at most 1/20 of the window's height (at 14-18 pt on a 1280×720
        # projector the Chinese names fit one row, which took 40-45 px from every view)
        row_height = height + frame + 2
        self._names_folded = lines > 1 or row_height > NAMES_ROW_SHARE * max(self.height(), 1)
        self.navigation.setVisible(not self._presenting and not self._names_folded)
        self.menuBar().cornerWidget(Qt.Corner.TopRightCorner).setVisible(self._names_folded)
        for view in self.views:
            if view.explanation_box is not None:
                view.explanation_box.set_compact(self._names_folded)
        self._follow_explanation()

    def _fit_corner(self) -> None:
        """The menu bar lays out its corner (the list of views) anew: it does so only when it is
        resized or the corner is shown or hidden, and the views' names fill the list later (the
        window shows before its views are built): at 22 pt the list kept the width it had empty,
        149 px of the 335 its names need, and read "Attentior"."""
        bar = self.menuBar()
        QApplication.sendEvent(bar, QResizeEvent(bar.size(), bar.size()))

    def names_folded(self) -> bool:
        """The view names are in the menu bar's list (`view_chooser`), not in a row of their own."""
        return self._names_folded

    def _on_chosen_view(self, index: int) -> None:
        if index >= 0:
            self.navigation.setCurrentRow(index)

    def _explain_current_view(self, on: bool) -> None:
        if self.views and self.current_view().explanation_box is not None:
            self.current_view().explanation_box.set_expanded(on)
        self._follow_explanation()

    def _follow_explanation(self) -> None:
        """The window's toggle shows whether the current view's explanation is open."""
        box = self.current_view().explanation_box if self.views else None
        self.explain_button.blockSignals(True)
        self.explain_button.setChecked(box is not None and box.expanded)
        self.explain_button.blockSignals(False)
        self.explain_button.setArrowType(Qt.ArrowType.DownArrow if self.explain_button.isChecked()
                                         else Qt.ArrowType.RightArrow)

    def _follow_navigation(self, row: int) -> None:
        self._follow_explanation()
        if row >= 0 and row != self.view_chooser.currentIndex():
            self.view_chooser.blockSignals(True)
            self.view_chooser.setCurrentIndex(row)
            self.view_chooser.blockSignals(False)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if watched is self.centralWidget() and event.type() == QEvent.Type.Resize:
            self._fit_navigation()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit_navigation()
        self._update_model_label()  # its room is a share of the width

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
            field = self.views[row].main_input()
            if field is not None and field.isEnabled():  # Ctrl+2, then type: the lecturer's hands stay on the keys
                field.setFocus(Qt.FocusReason.OtherFocusReason)

    def current_view(self):
        return self.views[self.stack.currentIndex()]

    # ---- status bar ----------------------------------------------------------------------
    def _on_device(self, result) -> None:
        self._device_result = result
        self._update_status_labels()

    def _update_status_labels(self) -> None:
        result = self._device_result
        if result is None:
            self.device_label.setText(self.tr("Device: starting…"))
        elif result.ok:
            self.device_label.setText(self.tr("Device: {0}").format(engine_message(result.value[1])))
        else:
            self.device_label.setText(self.tr("Device error: {0}").format(engine_message(result)))
        self._update_model_label()
        if self._last_inference_ms is None:
            self.timing_label.setText(self.tr("Last inference: –"))
        else:
            self.timing_label.setText(self.tr("Last inference: {0:.1f} ms").format(self._last_inference_ms))

    def _update_model_label(self, *_):
        forms = self.model_status_texts()
        # at most a quarter of the window (every model used made it longer, and a scene's caption
        # shown beside it had no room left): the longest of the forms that fits, whole in the
        # tool tip; elided only if even the counts do not fit ("date-transformer: ready · zh-en…"
        # told a back row nothing at 16 pt on 1280×720)
        metrics = self.model_label.fontMetrics()
        room = max(self.width() // 4, metrics.horizontalAdvance("M" * 12))
        shown = next((form for form in forms if metrics.horizontalAdvance(form) <= room), forms[-1])
        self.model_label.setText(metrics.elidedText(shown, Qt.TextElideMode.ElideRight, room))
        self.model_label.setToolTip(forms[0])

    def model_status_texts(self) -> list[str]:
        """The models' states, longest form first: each model with its state; the models of one
        state together; the ready ones counted; all of them counted."""
        words = {"loading": self.tr("loading…"), "ready": self.tr("ready"), "error": self.tr("error")}
        states = sorted(self.state.model_states.items())
        if not states:
            return [self.tr("Models: none")]
        by_state: dict[str, list[str]] = {}
        for name, state in states:
            by_state.setdefault(state, []).append(name)

        def counted(names) -> str:
            return style.plural(len(names), self.tr("{0} model"), self.tr("{0} models"))

        def joined(name_of) -> str:
            return " · ".join(f"{name_of(state, names)}: {words.get(state, state)}" for state, names in by_state.items())

        return [" · ".join(f"{name}: {words.get(state, state)}" for name, state in states),
                joined(lambda state, names: ", ".join(names)),
                joined(lambda state, names: counted(names) if state == "ready" else ", ".join(names)),
                joined(lambda state, names: counted(names))]

    def _update_timing(self, channel: str, elapsed_ms: float) -> None:
        if channel != "device":
            self._last_inference_ms = elapsed_ms
            self._update_status_labels()

    # ---- sessions, lectures, export, presentation --------------------------------------------
    def open_session_dialog(self):
        self.sessions.open_dialog()

    def save_session_dialog(self):
        self.sessions.save_dialog()

    def open_lecture_dialog(self):
        self.sessions.open_lecture_dialog()

    def save_lecture_dialog(self):
        self.sessions.save_lecture_dialog()

    def capture_scene(self):
        self.lecture_panel.add(self.sessions.capture_scene())
        self.lecture_panel.show()

    def _fill_recent(self):
        self.recent_menu.clear()
        for path in self.sessions.recent():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.sessions.open_reporting(p))
        self.recent_menu.setEnabled(bool(self.sessions.recent()))

    def export_current(self):
        """The current view's Export menu (the same one its Export button opens)."""
        if not self.views:
            return
        button = self.current_view().findChild(ExportButton)
        if button is not None:
            button.showMenu()

    def copy_picture(self) -> bool:
        """The current view's picture (as exported, with its caption) onto the clipboard."""
        from app.export import picture_image

        try:
            widget, caption = self.current_view().picture()
            QApplication.clipboard().setImage(picture_image(widget, caption))
        except Exception as exc:  # nothing to copy yet: say so, never crash
            self.statusBar().showMessage(self.tr("Nothing to copy: {0}").format(exc), 5000)
            return False
        self.statusBar().showMessage(self.tr("Picture copied to the clipboard."), 3000)
        return True

    def slide_image(self):
        """The window as a slide (--screenshot): the content without the status bar, whose
        timings and "loading…" are about the machine, not the lesson."""
        bar = self.statusBar()
        shown = bar.isVisible()
        bar.hide()
        QApplication.processEvents()  # the content takes the status bar's room
        try:
            return self.grab()
        finally:
            bar.setVisible(shown)

    @property
    def presenting(self) -> bool:
        return self._presenting

    def toggle_presentation(self, on: bool | None = None) -> None:
        """Full screen without the menu bar and the navigation (every shortcut still works), the
        status bar, the Export buttons (Ctrl+E and Ctrl+Shift+C still work), the lecture panel
        (PageDown / PageUp still step), the views' explanations and their secondary panels."""
        was_presenting = self._presenting
        self._presenting = (not self._presenting) if on is None else bool(on)
        self.presentation_action.setChecked(self._presenting)
        self.menuBar().setVisible(not self._presenting)
        self.navigation.setVisible(not self._presenting and not self._names_folded)
        self.statusBar().setVisible(not self._presenting)
        for button in self.stack.findChildren(ExportButton):
            button.setVisible(not self._presenting)
        if self._presenting and not was_presenting:
            self._lecture_panel_was_visible = self.lecture_panel.isVisible()
            self.lecture_panel.hide()
        elif not self._presenting and was_presenting and getattr(self, "_lecture_panel_was_visible", False):
            self.lecture_panel.show()
        for view in self.views:
            view.set_presenting(self._presenting)
        if self._presenting:
            self._geometry_before = self.saveGeometry()
            self.showFullScreen()
        else:
            self.showNormal()
            if getattr(self, "_geometry_before", None) is not None:
                self.restoreGeometry(self._geometry_before)

    # ---- theme and colour map ----------------------------------------------------------------
    @staticmethod
    def _load_look() -> None:
        """The theme and colour map remembered from the last run (unknown values: the defaults)."""
        s = settings()
        try:
            style.set_theme(str(s.value("theme", "light")))
        except ValueError:
            style.set_theme("light")
        try:
            style.set_colour_map(str(s.value("colour_map", style.DEFAULT_COLOUR_MAP)))
        except ValueError:
            style.set_colour_map(style.DEFAULT_COLOUR_MAP)

    def set_theme(self, name: str) -> None:
        """Light or dark, for the widgets and every plot; remembered."""
        style.set_theme(name)
        self.restyle()
        settings().setValue("theme", name)
        self._check_look_actions()

    def set_colour_map(self, name: str) -> None:
        """The colour map of every heatmap (attention, overview, similarity…); remembered."""
        style.set_colour_map(name)
        self.restyle()
        settings().setValue("colour_map", name)
        self._check_look_actions()

    def restyle(self) -> None:
        style.restyle(self)
        for view in self.views:
            view.apply_theme()

    def _check_look_actions(self) -> None:
        for name, action in self.theme_actions.items():
            action.setChecked(name == style.theme().name)
        for name, action in self.colour_map_actions.items():
            action.setChecked(name == style.colour_map_name())

    def _add_look_menus(self, view_menu) -> None:
        theme_menu = view_menu.addMenu(self.tr("&Theme"))
        names = {"light": self.tr("&Light"), "dark": self.tr("&Dark")}
        self.theme_actions = self._choice_actions(theme_menu, names, self.set_theme)
        map_menu = view_menu.addMenu(self.tr("&Colour map"))
        names = {"viridis": self.tr("&Viridis (default)"), "cividis": self.tr("&Cividis (red–green safe)"),
                 "inferno": self.tr("&Inferno (high contrast)"), "grayscale": self.tr("&Grayscale (prints in black)")}
        self.colour_map_actions = self._choice_actions(map_menu, names, self.set_colour_map)
        self._check_look_actions()

    def _choice_actions(self, menu, names: dict[str, str], choose) -> dict[str, QAction]:
        group = QActionGroup(self)
        group.setExclusive(True)
        actions = {}
        for name, text in names.items():
            action = self._action(menu, text, lambda _=False, n=name: choose(n))
            action.setCheckable(True)
            group.addAction(action)
            actions[name] = action
        return actions

    # ---- menus ---------------------------------------------------------------------------
    def _action(self, menu, text: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self)
        self._menu_actions.append(action)  # deleted when the menus are rebuilt in another language
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        self.addAction(action)  # its shortcut works while the menu bar is hidden (presentation mode)
        return action

    def _build_menus(self):
        self.view_chooser_label.setText(self.tr("Showing:"))
        self.explain_button.setText(self.tr("What this view shows"))
        self.explain_button.setToolTip(self.tr("Show or hide a short explanation of the concept and its formula"))
        self.view_chooser.setToolTip(self.tr("The view shown (Ctrl+1 … Ctrl+9 and Alt+1 choose one)"))
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        self._menus.append(file_menu)
        self._action(file_menu, self.tr("Open session…"), self.open_session_dialog, QKeySequence.StandardKey.Open)
        self._action(file_menu, self.tr("Save session as…"), self.save_session_dialog, QKeySequence.StandardKey.Save)
        self.recent_menu = file_menu.addMenu(self.tr("Recent sessions"))
        self._fill_recent()
        file_menu.addSeparator()
        self.model_folder_menu.add_to(file_menu)
        self._menu_actions.append(self.model_folder_menu.open_action)
        file_menu.addSeparator()
        self._action(file_menu, self.tr("Export picture or data…"), self.export_current, "Ctrl+E")
        self._action(file_menu, self.tr("Copy picture"), self.copy_picture, "Ctrl+Shift+C")
        file_menu.addSeparator()
        self._action(file_menu, self.tr("Quit"), self.close, QKeySequence.StandardKey.Quit)

        view_menu = self.menuBar().addMenu(self.tr("&View"))
        self._menus.append(view_menu)
        self._action(view_menu, self.tr("Larger text"), lambda: self.set_text_size(self.text_size() + 1),
                     QKeySequence.StandardKey.ZoomIn)
        self._action(view_menu, self.tr("Smaller text"), lambda: self.set_text_size(self.text_size() - 1),
                     QKeySequence.StandardKey.ZoomOut)
        self._action(view_menu, self.tr("Normal text size"), lambda: self.set_text_size(DEFAULT_TEXT_SIZE), "Ctrl+0")
        self.presentation_action = self._action(view_menu, self.tr("Presentation mode"), self.toggle_presentation,
                                                "F11")
        self.presentation_action.setCheckable(True)
        language_menu = view_menu.addMenu(self.tr("Language"))
        self.language_actions = {}
        for code, name in i18n.LANGUAGES.items():
            action = self._action(language_menu, name, lambda _=False, c=code: self.set_language(c))
            action.setCheckable(True)
            action.setChecked(code == i18n.current())
            self.language_actions[code] = action
        self._add_look_menus(view_menu)
        view_menu.addSeparator()
        self.view_menu = view_menu
        self.view_actions = []
        self._add_view_actions()  # none until the views exist (deferred start)

        lecture_menu = self.menuBar().addMenu(self.tr("&Lecture"))
        self._menus.append(lecture_menu)
        self._action(lecture_menu, self.tr("Show lecture panel"), self.lecture_panel.show)
        self._action(lecture_menu, self.tr("Add current view as a scene"), self.capture_scene, "Ctrl+Shift+A")
        self._action(lecture_menu, self.tr("Next scene"), self.lecture_panel.next, QKeySequence(Qt.Key.Key_PageDown))
        self._action(lecture_menu, self.tr("Previous scene"), self.lecture_panel.previous,
                     QKeySequence(Qt.Key.Key_PageUp))
        lecture_menu.addSeparator()
        self._action(lecture_menu, self.tr("Open lecture…"), self.open_lecture_dialog)
        self._action(lecture_menu, self.tr("Save lecture as…"), self.save_lecture_dialog)

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        self._menus.append(help_menu)
        self._action(help_menu, self.tr("Keyboard shortcuts"), self._shortcuts, QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, self.tr("About Attention Lab"), self._about)

    def _add_view_actions(self) -> None:
        # Ctrl+1..9 jump between views: a lecturer switches without reaching for the mouse.  Views
        # after the ninth take Alt+1, Alt+2 … (Ctrl+0 is the normal text size).
        for number, view in enumerate(self.views, start=1):
            self.view_actions.append(self._action(
                self.view_menu, view.title().replace("&", "&&"),  # "&" would mark a mnemonic
                lambda _=False, vid=view.view_id: self.show_view(vid), view_shortcut(number)))

    def shortcut_list(self) -> list[tuple[str, str]]:
        """(keys, what they do) for every menu action with a shortcut."""
        rows = []
        for menu_action in self.menuBar().actions():
            for action in menu_action.menu().actions():
                keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                if keys:
                    rows.append((keys, action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")))
        return rows

    def view_keys(self) -> list[tuple[str, str]]:
        """(keys, what they do) inside the views: the keys that are not menu shortcuts."""
        return [
            (self.tr("Tab / Shift+Tab"), self.tr("Next / previous control (tables included)")),
            (self.tr("Space / Enter"), self.tr("Press the focused button or tick the focused box")),
            (self.tr("Arrow keys"), self.tr("Move a slider, spin box, list or table cell")),
            (self.tr("Alt+underlined letter"), self.tr("Open a menu")),
            (self.tr("Space"), self.tr("Beam search tree: play / pause")),
            (self.tr("← / →"), self.tr("Beam search tree: one step back / forward")),
            (self.tr("Home / End"), self.tr("Beam search tree: back to the start / the whole search")),
            (self.tr("+ / − / 0"), self.tr("Beam search tree: zoom in / out / fit")),
        ]

    def _shortcuts(self):
        rows = "".join(f"<tr><td><b>{html.escape(k)}</b></td><td>{html.escape(t)}</td></tr>"
                       for k, t in self.shortcut_list() + self.view_keys())
        # not modal-blocking: the dialog scrolls within the screen and the window keeps running
        self.shortcuts_dialog = ScrollingMessage(self, self.tr("Keyboard shortcuts"),
                                                 f"<table cellspacing='6'>{rows}</table>")
        self.shortcuts_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.shortcuts_dialog.open()

    def _about(self):
        QMessageBox.about(self, self.tr("About Attention Lab"), self.tr(
            "Attention Lab shows trained sequence models while they run: attention, beam search, "
            "positional encodings, information theory, BLEU and an attention playground. Every number "
            "comes from a real model or an exact calculation.") + "\n\n" + self.tr("Version {0}").format(version()))

    @staticmethod
    def text_size() -> int:
        return QApplication.font().pointSize()

    def set_text_size(self, points: int) -> None:
        points = max(8, min(28, points))
        font = QFont(QApplication.font())
        font.setPointSize(points)
        QApplication.setFont(font)
        self._fit_navigation()
        QTimer.singleShot(0, self, lambda: widen_combos(self.stack))  # once the combos have the new font
        # the model status was chosen for the old font: at 22 pt "…· zh-en-toy: re" ran off the bar
        QTimer.singleShot(0, self, self._update_model_label)
        settings().setValue("text_size", points)

    # ---- persistence ---------------------------------------------------------------------
    def _restore_geometry(self):
        s = settings()
        geometry = s.value("geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1400, 900)
        # never larger than the screen's work area: 1400×900 (or a size saved on a larger monitor)
        # put the status bar and the bottom of every view below a 1280×720 projector's edge
        area = self.screen().availableGeometry()
        if self.width() > area.width() or self.height() > area.height():
            self.resize(min(self.width(), area.width()), min(self.height(), area.height()))
            self.move(area.topLeft())
        size = s.value("text_size")
        if size is not None:
            try:
                self.set_text_size(int(size))
            except (TypeError, ValueError):
                pass

    def _restore_view(self, initial_view):
        s = settings()
        wanted = initial_view or s.value("last_view") or (self.views[0].view_id if self.views else "")
        self.navigation.setCurrentRow(0)
        self.show_view(str(wanted))

    def closeEvent(self, event):
        if self.bridge.closed:  # closed twice (e.g. by a test and its teardown)
            super().closeEvent(event)
            return
        s = settings()
        s.setValue("geometry", self.saveGeometry())
        if self.views:  # closed before the views were built: keep what was stored
            s.setValue("last_view", self.current_view().view_id)
            self.sessions.store_last()
        s.sync()
        for view in self.views:
            view.shut_down()
        self.bridge.shutdown()
        super().closeEvent(event)
