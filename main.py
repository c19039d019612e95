"""Start Attention Lab: python main.py [--device auto|cpu|cuda|mps] [--view ID] [--lang en|zh] [--screenshot PNG].

`python main.py --help` lists the options; the view ids come from the registry (app/views/__init__.py)."""
from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ.setdefault("QT_API", "pyside6")


def build_parser():
    from engine.version import version

    p = argparse.ArgumentParser(prog="attention-lab", description="Attention Lab: see sequence models run.")
    p.add_argument("--version", action="version", version=f"attention-lab {version()}")
    p.add_argument("--device", default="auto", choices=("auto", "cpu", "cuda", "mps"),
                   help="where the models run (auto: CUDA, then Apple MPS, else CPU)")
    p.add_argument("--threads", type=int, default=1,
                   help="torch CPU threads for the models (default 1: lowest latency for these small models)")
    from app.views import view_ids

    p.add_argument("--view", default=None, choices=view_ids(),
                   help="open this view first: " + ", ".join(view_ids()))
    p.add_argument("--screenshot", metavar="PNG", default=None,
                   help="render the window once the view has content, save it as PNG and exit")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds --screenshot waits for content")
    p.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1600x1000 (default: last size)")
    p.add_argument("--text", default=None, help="the view's main input (a date, a sentence, P…)")
    p.add_argument("--model", default=None, help="the model the view uses (see python -m engine models)")
    p.add_argument("--model-path", metavar="DIR", default=None,
                   help="open a Hugging Face model folder (safetensors weights; needs the [hf] extra) and show it")
    p.add_argument("--session", metavar="FILE", default=None,
                   help="open a saved session, or a lecture file (with --scene)")
    p.add_argument("--scene", type=int, default=None, metavar="N", help="show scene N (from 1) of the lecture --session")
    p.add_argument("--print-state", action="store_true",
                   help="print the views' states of --session FILE (a session or a lecture, any version) as JSON "
                        "and exit, without a window")
    p.add_argument("--lang", default=None, choices=("en", "zh"),
                   help="interface language: English or Simplified Chinese (default: the last choice, "
                        "else the system locale); remembered for the next start")
    p.add_argument("--startup-report", action="store_true",
                   help="print when the window was shown and when the first result was drawn (Unix times), "
                        "then exit (benchmarks/startup.py)")
    return p


class StartError(Exception):
    """A command-line problem: printed as one line, exit status 2."""


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise StartError(f"--size expects WIDTHxHEIGHT, e.g. 1600x1000, not {text!r}") from None
    if not (200 <= width <= 10000 and 200 <= height <= 10000):
        raise StartError(f"--size {text}: width and height must be between 200 and 10000 pixels")
    return width, height


def check_options(args) -> None:
    """What can be checked before the window exists (a bad option then costs no window)."""
    from app.session import SessionError, load_session
    from engine.models.registry import list_models

    if args.scene is not None and not args.session:
        raise StartError("--scene needs --session LECTURE.json")
    if args.model_path:
        check_model_path(args.model_path)
    if args.model:
        names = [m.name for m in list_models()]
        if args.model not in names:
            raise StartError(f"--model: no model named {args.model!r} (available: {', '.join(names) or 'none'})")
    if args.session:
        if args.scene is not None:
            lecture_scenes(args)
        else:
            try:
                load_session(args.session)
            except SessionError as exc:
                raise StartError(f"--session: {exc}") from None


def lecture_scenes(args) -> list:
    """The scenes of --session LECTURE.json, checked to have scene --scene.  Raises StartError."""
    from app.session import SessionError, load_lecture

    try:
        scenes = load_lecture(args.session)
    except SessionError as exc:
        raise StartError(f"--session: {exc}") from None
    if not 1 <= args.scene <= len(scenes):
        raise StartError(f"--scene {args.scene}: the lecture has {len(scenes)} scenes")
    return scenes


def check_model_path(folder) -> None:
    """--model-path: the [hf] extra is installed and the folder holds what loading needs."""
    from engine.hf.folder import HF_INSTALL_HINT, check_model_folder, hf_available
    from engine.models.files import ModelLoadError

    if not hf_available():
        raise StartError(f"--model-path: {HF_INSTALL_HINT}")
    try:
        check_model_folder(folder)
    except ModelLoadError as exc:
        raise StartError(f"--model-path: {exc}") from None


def apply_options(window, args) -> None:
    """--session / --scene, then --model and --text on the view shown.  Raises StartError."""
    from app.session import SessionError

    if args.scene is not None and not args.session:
        raise StartError("--scene needs --session LECTURE.json")
    if args.session:
        if args.scene is not None:
            window.lecture_panel.set_scenes(lecture_scenes(args))
            window.lecture_panel.go_to(args.scene - 1)
        else:
            try:
                window.sessions.open(args.session)
            except SessionError as exc:
                raise StartError(f"--session: {exc}") from None
        if args.view:
            window.show_view(args.view)
    if args.model_path and not args.view and not args.session:
        window.show_view("attention")  # where a loaded folder is shown; --text goes there too
    view = window.current_view()
    if args.model:
        box = view.model_selector()
        if box is None:
            raise StartError(f"--model: the {view.view_id} view has no model to choose")
        index = box.findData(args.model)
        if index < 0:
            names = ", ".join(box.itemData(i) for i in range(box.count())) or "none"
            raise StartError(f"--model: no model named {args.model!r} (available: {names})")
        box.setCurrentIndex(index)
    if args.text is not None and not view.set_main_text(args.text):
        raise StartError(f"--text: the {view.view_id} view has no text input")
    if args.model_path:  # loads in the worker; the view switches to it when it is ready
        window.model_folder_menu.open(args.model_path)


def print_state(args) -> int:
    """--print-state: the states in --session FILE as JSON on stdout (field names and values), what
    this version does not use on stderr; no window, no Qt application (nothing is translated)."""
    import json

    from app.session import SessionError, state_report

    if not args.session:
        print("attention-lab: --print-state needs --session FILE", file=sys.stderr)
        return 2
    try:
        report, problems = state_report(args.session)
    except SessionError as exc:
        print(f"attention-lab: --session: {exc}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"attention-lab: not used: {problem}", file=sys.stderr)
    print(json.dumps(report, ensure_ascii=False, indent=1))
    return 0


def main(argv=None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.print_state:
        return print_state(args)
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from app.settings import APPLICATION, ORGANISATION

    app.setApplicationName(APPLICATION)
    app.setOrganizationName(ORGANISATION)
    from PySide6.QtGui import QIcon

    from assets import asset_path

    app.setWindowIcon(QIcon(str(asset_path("icons", "attention-lab.svg"))))
    font = QFont(app.font())
    font.setPointSize(max(font.pointSize(), 11))  # legible on a projector by default
    app.setFont(font)

    from app import i18n
    from app.main_window import MainWindow

    try:
        size = parse_size(args.size) if args.size else None
        check_options(args)
        i18n.install(i18n.startup_language(args.lang))
    except (StartError, i18n.LanguageError) as exc:
        print(f"attention-lab: {exc}", file=sys.stderr)
        return 2
    # a slide (--screenshot) shows exactly what the options say, not the last session.  The
    # window shows first; the views (pyqtgraph) and the engine (torch) follow once it is painted.
    window = MainWindow(device=args.device, initial_view=args.view, threads=max(1, args.threads),
                        restore_session=not (args.screenshot or args.session), deferred=True)
    if size:
        window.resize(*size)
    status = {"code": 0}

    def when_views_ready():
        try:
            apply_options(window, args)
        except StartError as exc:
            print(f"attention-lab: {exc}", file=sys.stderr)
            status["code"] = 2
            window.close()
            app.quit()
            return
        if args.startup_report:
            print(f"window_shown {window.first_paint_at or time.time():.6f}", flush=True)
            QTimer.singleShot(0, first_result)
        elif args.screenshot:
            clock.start()
            QTimer.singleShot(200, poll)

    def first_result():
        view = window.current_view()
        if view.ready() and not view.busy:
            print(f"first_result {time.time():.6f}", flush=True)
            window.close()
            app.quit()
        else:
            QTimer.singleShot(5, first_result)

    clock = QElapsedTimer()

    def poll():
        view = window.current_view()
        # the result for the options, not an earlier one (nor one before --model-path loaded)
        # (or, for a restored scene whose input fails, its message over no picture)
        shown = view.ready() or any(loop.error and loop.value is None for loop in view.loops)
        done = shown and not view.busy and not window.state.model_folders.loading
        if done or clock.elapsed() > args.timeout * 1000:
            status["code"] = 0 if done else 3
            # the result just drawn has changed texts whose layout requests are still queued:
            # grabbed now, wrapped labels and the output strip were cut or drawn over each other
            for _ in range(3):
                app.processEvents()
            window.slide_image().save(args.screenshot)
            window.close()
            app.quit()
        else:
            QTimer.singleShot(100, poll)

    window.views_ready.connect(when_views_ready)
    window.show()
    code = app.exec()
    tear_down(app, window)
    return status["code"] or code


def tear_down(app, window) -> None:
    """Delete the window and its pyqtgraph items now, while Python is whole.

    Left to the interpreter's exit, Qt destroyed graphics widgets after Python had begun
    finalising, and their Python overrides (pyqtgraph's changeEvent, called from
    QGraphicsWidget::setGeometry during the teardown) crashed the process with SIGSEGV in about
    half of the runs of `--view beam --screenshot`."""
    import gc

    import shiboken6

    app.setProperty("tearing_down", True)  # views stop restyling themselves (app/views/base.py)
    window.close()  # stops the worker if the window is still open (idempotent)
    if shiboken6.isValid(window):
        from PySide6.QtCore import QObject

        # no slot may run on half-deleted panels (a tab widget announces a new current tab as
        # its pages go, and a slot would then touch a table already deleted)
        for child in window.findChildren(QObject):
            child.blockSignals(True)
        shiboken6.delete(window)
    app.processEvents()
    gc.collect()


def exit_now(code: int) -> None:
    """End the process once main() has returned: everything is saved by then (settings synced
    when the window closed, the worker joined, the window deleted).  The interpreter's own
    finalisation of torch and Qt took 3 s after the window closed, 9 s on a loaded machine,
    and a lecturer would see a process that does not end; os._exit skips it."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run() -> None:
    """The `attention-lab` command (pyproject's gui-scripts): the same start and end as
    `python main.py`, including the quick exit."""
    exit_now(main())


if __name__ == "__main__":
    run()
