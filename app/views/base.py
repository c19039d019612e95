"""The one request loop every view runs on.

A view says how to build a request from its controls and how to render a result; the loop does
the rest, the same way in every view:

    edit ─▶ schedule() ─debounce─▶ build() ─▶ bridge.submit(channel, request)
                                     │ raises InputProblem: message shown, older answers dropped
    result ◀─ bridge (stale ones already dropped there, the only place) ─▶ render(result)
                                     │ error result: message shown, last good picture kept, greyed

    class MyView(View):  # in app/views/my/view.py: its view_id is "my"
        TITLE = QT_TRANSLATE_NOOP("MyView", "My lesson")
        State = MyState  # app/views/my/state.py: every user choice; the base makes self.view_state
        def __init__(self, bridge, state, parent=None):
            super().__init__(bridge, state, parent)
            ...build panels, put self.message in the layout, set self.content...
            bind_widgets(self.view_state, text=self.controls.input)   # app/binding.py
            self.loop = self.request_loop("my", build=self.build_request, render=self.render)
            self.view_state.watch(self.loop.schedule)  # any change of the state: a new request
            self.loop.schedule()

build() reads the view's state, never its widgets.  render(result) draws an engine Result: its
`value` and the `request` that produced it, so a picture's labels come from the inputs of that
picture, never from inputs typed since (the view keeps no inputs aside).

A view with a second, independent computation (the beam view's node inspection, the entropy
view's Gaussians) makes a second loop on its own channel.  Work on a result already drawn that
uses no model (the attention overview's tiles) goes on a loop made with `background=True`: it
runs on the bridge's second worker thread, and the bridge drops its superseded answers as any
other (the view keeps no id of its own).
"""
from __future__ import annotations

from importlib import import_module
from typing import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QWidget

from app import style
from app.engine_text import engine_message
from engine.jobs import Request
from app.widgets.message_line import MessageLine  # noqa: F401 - views import it from here



def shortened(text: str, limit: int = 60) -> str:
    """`text` on one line, cut after its last whole word within `limit` characters, with "…"
    (a lecture scene's name)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    if text[limit - 1] != " " and " " in head:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip() + " …"

class InputProblem(Exception):
    """Raised by a view's build(): the controls do not make a request (empty or bad input).

    `error=False` for a prompt rather than a mistake ("Type a date…")."""

    def __init__(self, message: str, error: bool = True):
        super().__init__(message)
        self.message = message
        self.error = error

    @classmethod
    def no_models(cls) -> "InputProblem":
        """The problem of every view that needs a model when assets/models holds none."""
        return cls(QCoreApplication.translate("InputProblem", "No models found in assets/models. Train one with "
                                              "'python -m engine train date-transformer'."))


def model_label(request) -> str | None:
    """The model `request` runs on, as the status bar names it (engine.jobs.Request.model_label;
    None for a request that uses no model, or that is not an engine request type)."""
    return request.model_label if isinstance(request, Request) else None


def shows(loop: str, doc: str) -> property:
    """A read-only property: the value the view's loop attribute `loop` last rendered (None
    before the first), e.g. `report = shows("loop", "The BLEUReport on screen.")`."""
    return property(lambda view: getattr(view, loop).value, doc=doc)


class RequestLoop(QObject):
    """Debounce → build → submit on `channel` → render or show the error (see the module doc).

    build() -> request, or raises InputProblem.
    render(result) draws a successful engine Result (result.value, made by result.request); an
    exception there is shown, not raised.
    `message`: where this loop's messages go (default: the view's message line).
    `invalidates`: channels whose answers no longer fit once this loop submits (a new search
    makes the old search's node inspections meaningless).
    `background`: the requests use no model and add to a picture another loop drew (the
    attention overview's tiles): they run on the bridge's background worker, the view is
    `ready()` without them, and a theme change does not redraw them (the view draws them again
    with the picture they belong to).  A name instead of True: on a background worker of that
    name's own (EngineBridge.submit)."""

    #: an error result or an input problem: True; a good result: False
    stale_changed = Signal(bool)

    def __init__(self, view: "View", channel: str, build: Callable, render: Callable,
                 debounce_ms: int, message: MessageLine | None = None, invalidates=(), background: bool | str = False):
        super().__init__(view)
        self.view = view
        self.channel = channel
        self.build = build
        self.render = render
        self.message = message if message is not None else view.message
        self.invalidates = tuple(invalidates)
        self.background = background
        self.result = None  # the last Result rendered (its value and its request)
        self.error: str | None = None  # the error shown, if any
        #: what this loop shows on its message line: an error or a prompt ("Type a sentence…")
        self.shown: str | None = None
        self.waiting = False  # a request is out and its answer not yet drawn
        self.asked = None  # ...that request (None when not waiting): asking the same again can wait
        #: a restored scene's inputs are in, and no result of them is drawn yet
        self.restored = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.submit)
        view.bridge.subscribe(channel, self._on_result)

    @property
    def busy(self) -> bool:
        """A change is waiting for the debounce timer or the engine."""
        return self._timer.isActive() or self.waiting

    def schedule(self, *_) -> None:
        """An edit: submit once edits have paused for the debounce interval."""
        self._timer.start()

    def submit(self, build: Callable | None = None) -> int | None:
        """Build and send the request now; returns its id (None when nothing was sent).
        `build`: what makes this one request instead of the loop's build() (a click that starts
        work, such as inspecting a node: its request carries everything its answer is drawn with)."""
        self._timer.stop()
        try:
            request = (build or self.build)()
        except InputProblem as problem:
            self.view.invalidate(self.channel)  # an older answer must not replace the message
            self._show(problem.message, problem.error)
            return None
        model = model_label(request)
        if model is not None and self.view.state.model_states.get(model) != "ready":
            self.view.state.set_model_state(model, "loading")
            if self.value is None:
                self.message.show_message(self.tr("Loading model {0}…").format(model), error=False)
        for channel in self.invalidates:
            self.view.invalidate(channel)
        submit = self.view.bridge.submit
        request_id = (submit(self.channel, request, background=self.background) if self.background
                      else submit(self.channel, request))
        self.waiting = request_id is not None
        self.asked = request if self.waiting else None
        return request_id

    def _on_result(self, result) -> None:
        self.waiting, self.asked = False, None
        model = model_label(result.request)
        if not result.ok:
            if result.error_type == "ModelLoadError" and model is not None:
                self.view.state.set_model_state(model, "error")
                text = self.tr("Model {0} could not be loaded: {1}").format(model, engine_message(result))
            else:
                text = engine_message(result)  # from its code: the engine writes English
            self._show(text, True)
            return
        if model is not None:
            self.view.state.set_model_state(model, "ready")
        self.error = self.shown = None
        self.restored = False
        if not self._other_loop_speaks():
            self.message.clear_message()  # before render(), which may add a note of its own
        try:
            self.render(result)
        except Exception as exc:  # a drawing bug must not take the app down
            self._show(self.tr("Could not draw the result: {0}").format(exc), True)
            return
        self.result = result
        self.stale_changed.emit(False)
        self.view.updated.emit()

    @property
    def value(self):
        """The value of the last result rendered (None before the first)."""
        return None if self.result is None else self.result.value

    @property
    def request(self):
        """The request whose result is on screen (None before the first)."""
        return None if self.result is None else self.result.request

    def redraw(self) -> None:
        """Render the last result again (the theme or colour map changed); nothing is submitted."""
        if self.result is None or self.background:
            return
        try:
            self.render(self.result)
        except Exception as exc:  # a drawing bug must not take the app down
            self._show(self.tr("Could not draw the result: {0}").format(exc), True)

    def _other_loop_speaks(self) -> bool:
        """Another loop shows an error on this loop's message line, or this loop is a background
        one and a foreground loop shows a prompt there: an answer of this loop must not wipe it
        (the language model's model-tab report, a background loop, cleared "Type a sentence…" of
        its sentence loop; found by the soak).  A foreground answer still clears a background
        loop's prompt, which its next answer would repeat if it were still true."""
        return any(loop is not self and loop.message is self.message
                   and (loop.error or (self.background and not loop.background and loop.shown))
                   for loop in self.view.loops)

    def _show(self, text: str, error: bool) -> None:
        self.error = text if error else None
        self.shown = text
        if error and self.restored and self.result is not None:
            # the picture on screen is of inputs from before the scene: not "the last valid input"
            self.result = None
            self.view.blank(self)
        if self.value is not None and error:
            text = self.tr("{0}  (The picture shows the last valid input.)").format(text)
        self.message.show_message(text, error)
        self.stale_changed.emit(True)
        self.view.updated.emit()


class ResultsPanel(QWidget):
    """A panel (a tab) with a loop of its own: its `results` widget is greyed while that loop
    shows an error (name the panel in the loop's `greys`)."""

    results: QWidget

    def set_stale(self, stale: bool) -> None:
        style.set_greyed(self.results, stale)

    @property
    def stale(self) -> bool:
        return style.is_greyed(self.results)


class View(QWidget):
    """Base of every view: the bridge, the shared state, the request loops, the message line,
    greying of out-of-date content, exports and the zoom.

    Subclasses set `TITLE`, `self.content` (the widget greyed while an error is
    shown; default: nothing is greyed), and build their loops with `request_loop()`.  `updated`
    is emitted after every render and every message, so tests (and --screenshot) can wait for
    what the user sees."""

    #: the view's name in the registry, sessions and --view: its package's name, app/views/<view_id>/
    view_id = ""
    #: the navigation title in English, marked QT_TRANSLATE_NOOP("<ClassName>", …); title() translates it
    TITLE = ""
    #: kinds of payload other views may send here (see SharedState.send), e.g. ("distribution",)
    accepts: tuple[str, ...] = ()
    #: milliseconds a burst of edits must settle before a request goes out
    DEBOUNCE_MS = 20
    #: the class of the view's state (app/views/<view_id>/state.py): every user choice, Qt-free
    State = None
    # (text, formula), each marked QT_TRANSLATE_NOOP("<ClassName>", …): the explanation of a small
    # view without an explanation.py (None: the package's explanation.py holds it).  A plain
    # comment: lupdate would copy a "#:" one into the .ts as a note for translators.
    EXPLANATION: tuple[str, str] | None = None
    # True once a language switch has replaced the view (MainWindow._replace_views): it waits for
    # its deferred deletion and no longer restyles itself
    retired = False

    updated = Signal()

    def __init_subclass__(cls, **kwargs):
        # the id is the package's name, so that the registry line and the package cannot disagree
        super().__init_subclass__(**kwargs)
        package = cls.__module__.split(".")
        if "view_id" not in cls.__dict__ and package[:2] == ["app", "views"] and len(package) > 2:
            cls.view_id = package[2]

    def __init__(self, bridge, state, parent=None):
        super().__init__(parent)
        self.bridge = bridge
        self.state = state
        self.loops: list[RequestLoop] = []
        self.message = MessageLine()
        self.content: QWidget | None = None
        self.explanation_box = None  # add_explanation()
        #: every user choice of the view (an instance of `State`): the single source of truth
        self.view_state = self.State() if self.State is not None else None

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate(cls.__name__, cls.TITLE)

    # ---- the explanation -----------------------------------------------------------------------
    @classmethod
    def explanation(cls) -> tuple[str, str]:
        """(a few sentences on the concept, its formula) in the interface language: the class's
        EXPLANATION, or TEXT and FORMULA of the `explanation.py` module in the view's package."""
        if cls.EXPLANATION is not None:
            context, (text, formula) = cls.__name__, cls.EXPLANATION
        else:
            module = import_module(cls.__module__.rsplit(".", 1)[0] + ".explanation")
            context, text, formula = module.CONTEXT, module.TEXT, module.FORMULA
        return QCoreApplication.translate(context, text), QCoreApplication.translate(context, formula)

    def add_explanation(self) -> None:
        """Put the collapsible explanation at the top of the view (the main window does this for
        every view it shows; idempotent)."""
        if self.explanation_box is not None or self.layout() is None:
            return
        from app.widgets.explanation import ExplanationBox

        self.explanation_box = ExplanationBox(*self.explanation())
        self.layout().insertWidget(0, self.explanation_box)
        self.keep_plot_height()

    def request_loop(self, channel: str, build: Callable, render: Callable, debounce_ms: int | None = None,
                     message: MessageLine | None = None, invalidates=(), greys=None,
                     background: bool | str = False) -> RequestLoop:
        """A loop on `channel` (see RequestLoop).  `greys`: the panels whose `set_stale(bool)` follows
        this loop's errors (e.g. the tabs it draws into); None: the view's `content`."""
        loop = RequestLoop(self, channel, build, render, self.DEBOUNCE_MS if debounce_ms is None else debounce_ms,
                           message, invalidates, background)
        for panel in ((self,) if greys is None else greys):
            loop.stale_changed.connect(panel.set_stale)
        self.loops.append(loop)
        return loop

    @property
    def busy(self) -> bool:
        return any(loop.busy for loop in self.loops)

    def ready(self) -> bool:
        """True once every loop has drawn a result (for --screenshot and tests); background loops
        only add to a picture, and `busy` covers what they still compute."""
        return all(loop.value is not None for loop in self.loops if not loop.background)

    def invalidate(self, channel: str) -> None:
        """The answer in flight on `channel` is no longer wanted: the bridge will not deliver it,
        so the loop on that channel stops waiting for it (else it would stay busy for ever)."""
        self.bridge.invalidate(channel)
        for loop in self.loops:
            if loop.channel == channel:
                loop.waiting, loop.asked = False, None

    # ---- out-of-date content ---------------------------------------------------------------
    def set_stale(self, stale: bool) -> None:
        """Grey what `stale_widgets()` names (default: `content`) while the input it shows is no
        longer the input typed (an error is shown)."""
        for widget in self.stale_widgets():
            style.set_greyed(widget, stale)

    def blank(self, loop: RequestLoop) -> None:
        """`loop`'s picture belongs to no input of a restored scene (its own input failed): cover
        it entirely until the loop draws again (its next result un-greys what it greyed)."""
        for widget in self.stale_widgets():
            style.set_greyed(widget, True, blank=True)

    def stale_widgets(self) -> list[QWidget]:
        """The widgets showing results, greyed while they are out of date."""
        return [self.content] if self.content is not None else []

    @property
    def stale(self) -> bool:
        return any(style.is_greyed(widget) for widget in self.stale_widgets())

    # ---- layout -------------------------------------------------------------------------------
    def main_plot(self) -> QWidget:
        """The picture the view is about (a lecturer's screen must give it room: at least 40 % of
        the window, tests/app/test_layout_fit.py).  Views override; default: `content`."""
        return self.content or self

    def shut_down(self) -> None:
        """The view goes away (the window closes, or the views are rebuilt in another language):
        end what it started outside the bridge (the training view's trainer processes)."""

    # ---- routing between views ---------------------------------------------------------------
    def receive(self, kind: str, payload) -> None:
        """A payload of a kind listed in `accepts`, sent by another view."""
        raise NotImplementedError(f"{type(self).__name__} accepts nothing")

    # ---- presentation mode -----------------------------------------------------------------------
    def secondary_panels(self) -> list[QWidget]:
        """Panels hidden in presentation mode (what the lecturer does not need on the big screen)."""
        return []

    def set_presenting(self, on: bool) -> None:
        """Hide or show the secondary panels and the explanation ("What this view shows": the
        lecturer says it; on a projector its row is better given to the picture)."""
        for panel in self.secondary_panels():
            panel.setVisible(not on)
        if self.explanation_box is not None:
            self.explanation_box.set_presenting(on)

    # ---- the main input (--text, --model, scene captions) ------------------------------------------
    def main_input(self) -> QWidget | None:
        """The QLineEdit / QPlainTextEdit holding the view's main input, if it has one."""
        return None

    def model_selector(self):
        """The QComboBox choosing the view's model (item data: the model name), if it has one."""
        return None

    def set_main_text(self, text: str) -> bool:
        widget = self.main_input()
        if widget is None:
            return False
        if hasattr(widget, "setPlainText"):
            widget.setPlainText(text)
        else:
            widget.setText(text)
        return True

    def scene_caption(self) -> str:
        """A short description of what is shown (the main input), for a lecture scene."""
        widget = self.main_input()
        if widget is None:
            return ""
        return shortened(widget.toPlainText() if hasattr(widget, "toPlainText") else widget.text())

    # ---- the view's state (sessions, lecture scenes, --print-state) ------------------------------
    def apply_state(self, state) -> None:
        """Take every field of `state` (a `State` read from a file or a scene): the bindings show
        it, the view's watchers redraw and ask for what it needs.  Views with choices that only
        mean something once a result is drawn (the beam view's revealed steps) extend this."""
        for loop in self.loops:
            loop.restored = True
        self.view_state.assign(state)

    # ---- exports -----------------------------------------------------------------------------
    def export_basename(self) -> str:
        return self.view_id or "attention-lab"

    def picture(self) -> tuple[QWidget, str]:
        """(the widget a picture export shows, its caption line).  Views override."""
        return (self.content or self), self.title()

    def export_png(self, path):
        from app.export import export_png

        widget, caption = self.picture()
        return export_png(widget, path, caption)

    def export_svg(self, path):
        from app.export import export_svg

        widget, caption = self.picture()
        return export_svg(widget, path, caption)

    def export_csv(self, path):
        raise ValueError(self.tr("This view has no data to export as CSV."))

    # ---- theme and colour map ------------------------------------------------------------------
    def apply_theme(self) -> None:
        """The theme or colour map changed (View menu): `style.restyle` has given the plots and
        labels their new colours; the plots' text and what each result drew in colours of its
        own (table cells, tree, captions) are drawn again."""
        self.apply_zoom()
        for loop in self.loops:
            loop.redraw()

    # ---- zoom --------------------------------------------------------------------------------
    def event(self, event) -> bool:
        # A zoom reaches a top-level view as ApplicationFontChange (in event(), not changeEvent())
        # and a view inside the window as FontChange (its font follows the application's).  While
        # the window is being deleted (main.tear_down) children may already be gone: no restyling.
        # A view replaced by a language switch still gets the window's font changes until its
        # deferred deletion runs; its children's signals are blocked, and a restyle then hung for
        # good (Entropy's tabs: QTabWidget.removeTab waits for its blocked stack's signal).
        if event.type() in (QEvent.Type.ApplicationFontChange, QEvent.Type.FontChange) and not self.retired:
            app = QApplication.instance()
            if app is not None and not app.property("tearing_down"):
                self.apply_zoom()
        return super().event(event)

    def apply_zoom(self) -> None:
        """The application font changed (View ▸ Larger text): rescale what does not follow it by
        itself.  Views with plots extend this to restyle their pyqtgraph items."""
        style.rescale_fonts(self)
        self.keep_plot_height()

    #: the least height of the main plot, in lines of text at the current size
    PLOT_LINES = 10

    def keep_plot_height(self) -> None:
        """Below PLOT_LINES lines of text the view scrolls in its page rather than squeezing its
        picture (at 22 pt on 1280×720 the attention heatmap was 130 px tall, its ticks on top of
        each other)."""
        plot = self.main_plot()
        if plot is not None and plot is not self:
            plot.setMinimumHeight(self.PLOT_LINES * QFontMetrics(QApplication.font()).lineSpacing())
