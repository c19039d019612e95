"""Start Attention Lab: python main.py [--device auto|cpu|cuda|mps] [--view ID] [--screenshot PNG].

`python main.py --help` lists the options; the view ids come from the registry (app/views/__init__.py)."""
from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
os.environ.setdefault("QT_API", "pyside6")


def build_parser():
    p = argparse.ArgumentParser(prog="attention-lab", description="Attention Lab: see sequence models run.")
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
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Attention Lab")
    app.setOrganizationName("AttentionLab")
    from pathlib import Path

    from PySide6.QtGui import QIcon

    app.setWindowIcon(QIcon(str(Path(__file__).resolve().parent / "assets" / "icons" / "attention-lab.svg")))
    font = QFont(app.font())
    font.setPointSize(max(font.pointSize(), 11))  # legible on a projector by default
    app.setFont(font)

    from app.main_window import MainWindow

    window = MainWindow(device=args.device, initial_view=args.view, threads=max(1, args.threads))
    if args.size:
        try:
            width, height = (int(v) for v in args.size.lower().split("x"))
            window.resize(width, height)
        except ValueError:
            print(f"--size expects WIDTHxHEIGHT, e.g. 1600x1000, not {args.size!r}", file=sys.stderr)
            return 2
    window.show()
    status = {"code": 0}
    if args.screenshot:
        clock = QElapsedTimer()
        clock.start()

        def poll():
            view = window.current_view()
            if view.ready() or clock.elapsed() > args.timeout * 1000:
                status["code"] = 0 if view.ready() else 3
                window.grab().save(args.screenshot)
                window.close()
                app.quit()
            else:
                QTimer.singleShot(100, poll)

        QTimer.singleShot(200, poll)
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

    window.close()  # stops the worker if the window is still open (idempotent)
    if shiboken6.isValid(window):
        shiboken6.delete(window)
    app.processEvents()
    gc.collect()


if __name__ == "__main__":
    sys.exit(main())
