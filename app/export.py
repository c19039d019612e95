"""Exports shared by every view: PNG (pyqtgraph's ImageExporter, 2x), SVG (QSvgGenerator:
pyqtgraph's SVGExporter fails on current Qt, pyqtgraph issues #3485/#3495) and CSV."""
from __future__ import annotations

import csv
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPoint, QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QGraphicsView, QMenu, QMessageBox, QToolButton, QWidget


def export_png(plot_item, path, scale: float = 2.0) -> Path:
    """Render a pyqtgraph PlotItem (or any GraphicsItem in a scene) at `scale` times its size."""
    import pyqtgraph.exporters as exporters

    exporter = exporters.ImageExporter(plot_item)
    width = int(round(plot_item.boundingRect().width() * scale))
    exporter.parameters()["width"] = max(width, 2)
    exporter.export(str(path))
    return Path(path)


@contextmanager
def svg_painter(path, width: float, height: float, title: str = "Attention Lab"):
    """A QPainter drawing into an SVG file of width x height (QSvgGenerator), ended on exit."""
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(int(width), int(height)))
    generator.setViewBox(QRectF(0, 0, width, height))
    generator.setTitle(title)
    painter = QPainter()
    if not painter.begin(generator):
        raise OSError(f"cannot write SVG to {path}")
    try:
        yield painter
    finally:
        painter.end()


def export_svg(widget: QWidget, path, title: str = "Attention Lab") -> Path:
    """Draw `widget` into an SVG file through QSvgGenerator."""
    with svg_painter(path, widget.width(), widget.height(), title) as painter:
        if isinstance(widget, QGraphicsView):
            # QGraphicsView.render(painter) draws the visible scene into the whole target
            widget.render(painter)
        else:
            # QWidget.render has no (QPainter) overload in PySide6 without the offset
            widget.render(painter, QPoint(0, 0))
    return Path(path)


def export_csv(path, matrix, row_labels=None, column_labels=None, corner: str = "") -> Path:
    """A matrix with optional row and column labels; values with full float precision."""
    matrix = np.atleast_2d(np.asarray(matrix))
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if column_labels is not None:
            writer.writerow(([corner] if row_labels is not None else []) + list(column_labels))
        for i, row in enumerate(matrix):
            cells = [repr(float(v)) for v in row]
            writer.writerow(([row_labels[i]] if row_labels is not None else []) + cells)
    return Path(path)


class ExportButton(QToolButton):
    """An "Export" button with PNG / SVG / CSV entries.  Each callback gets the chosen path;
    errors are shown in a message box, never raised."""

    def __init__(self, parent=None, *, png=None, svg=None, csv=None, basename: str = "attention-lab"):
        super().__init__(parent)
        self.setText(self.tr("Export"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.basename = basename
        menu = QMenu(self)
        for label, suffix, callback in (("PNG image (2×)…", "png", png), ("SVG drawing…", "svg", svg),
                                        ("CSV data…", "csv", csv)):
            if callback is not None:
                action = menu.addAction(self.tr(label))
                action.triggered.connect(lambda _=False, s=suffix, cb=callback: self._ask(s, cb))
        self.setMenu(menu)

    def _ask(self, suffix, callback):
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export"), f"{self.basename}.{suffix}",
                                              f"{suffix.upper()} (*.{suffix})")
        if not path:
            return
        try:
            callback(path)
        except Exception as exc:  # a failed export must never take the app down
            QMessageBox.warning(self, self.tr("Export failed"), str(exc))
