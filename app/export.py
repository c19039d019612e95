"""The one export path: a picture (PNG at 2×, or SVG) of a widget with a caption line, and CSV data.

PNG and SVG are drawn the same way — the widget paints itself into a QPainter (QWidget.render),
once onto a QImage and once into a QSvgGenerator — so the SVG lines up with the PNG and with the
screen.  (pyqtgraph's SVGExporter fails on current Qt, pyqtgraph issues #3485/#3495, and
QGraphicsView.render stretches the scene over the whole target, which misplaced heatmap cells.)
"""
from __future__ import annotations

import csv
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, QStandardPaths, Qt
from PySide6.QtGui import QFontMetrics, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QToolButton, QWidget

from app import style
from app.settings import settings
from engine.version import app_title

CAPTION_PADDING = 6


_CAPTION_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap


def _caption_height(caption: str | None, width: int) -> int:
    """The height of the caption wrapped to `width` (a long input wraps rather than being cut)."""
    if not caption:
        return 0
    box = QFontMetrics(style.font()).boundingRect(QRect(0, 0, max(width - 2 * CAPTION_PADDING, 50), 10_000),
                                                  int(_CAPTION_FLAGS), caption)
    return box.height() + 2 * CAPTION_PADDING


def paint_picture(painter: QPainter, widget: QWidget, caption: str | None) -> None:
    """Draw the caption line, then the widget below it, with `painter`."""
    width = widget.width()
    top = _caption_height(caption, width)
    painter.fillRect(QRectF(0, 0, width, widget.height() + top), style.plot_background())
    if caption:
        painter.setFont(style.font())
        painter.setPen(style.TEXT)
        painter.drawText(QRectF(CAPTION_PADDING, 0, width - 2 * CAPTION_PADDING, top), _CAPTION_FLAGS, caption)
    # QWidget.render, also for a QGraphicsView (pyqtgraph): the widget as it is on screen
    QWidget.render(widget, painter, QPoint(0, top))


def picture_size(widget: QWidget, caption: str | None) -> QSize:
    return QSize(widget.width(), widget.height() + _caption_height(caption, widget.width()))


def picture_image(widget: QWidget, caption: str | None = None, scale: float = 2.0) -> QImage:
    """The picture as an image at `scale` times the screen size (for PNG and the clipboard)."""
    size = picture_size(widget, caption)
    image = QImage(size * scale, QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(scale)
    # point-size fonts (the caption, zoomed labels) are sized by the device's resolution: the
    # widget's, for the image and the SVG alike, so both draw text at the size seen on screen
    dots_per_metre = round(widget.logicalDpiX() / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    image.fill(style.plot_background())
    image.setText("Software", app_title())  # a PNG tEXt chunk: which Attention Lab drew it
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_picture(painter, widget, caption)
    finally:
        painter.end()
    return image


def export_png(widget: QWidget, path, caption: str | None = None, scale: float = 2.0) -> Path:
    if not picture_image(widget, caption, scale).save(str(path), "PNG"):
        raise OSError(f"cannot write {path}")
    return Path(path)


def export_svg(widget: QWidget, path, caption: str | None = None) -> Path:
    size = picture_size(widget, caption)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(size)
    generator.setResolution(widget.logicalDpiX())  # as the image (picture_image): text the same size
    generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
    generator.setTitle(caption or "Attention Lab")
    generator.setDescription(f"Drawn by {app_title()}")  # the SVG's <desc>: which version drew it
    painter = QPainter()
    if not painter.begin(generator):
        raise OSError(f"cannot write SVG to {path}")
    try:
        paint_picture(painter, widget, caption)
    finally:
        painter.end()
    return Path(path)


def export_picture(widget: QWidget, path, caption: str | None = None) -> Path:
    """PNG or SVG by the file's suffix."""
    if Path(path).suffix.lower() == ".svg":
        return export_svg(widget, path, caption)
    return export_png(widget, path, caption)


def _cell(value) -> str:
    import numpy as np  # here, not at the top: the window shows before numpy is needed

    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    return repr(float(value))  # full precision


def write_csv(path, header, rows) -> Path:
    """A header row, then one row per item; floats keep full precision, None is an empty cell."""
    rows = list(rows)
    if not rows:
        raise ValueError("nothing to export yet")
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        if header is not None:
            writer.writerow(list(header))
        for row in rows:
            writer.writerow([_cell(v) for v in row])
    return Path(path)


def matrix_csv(path, matrix, row_labels=None, column_labels=None, corner: str = "") -> Path:
    """A matrix with optional row and column labels."""
    import numpy as np

    matrix = np.atleast_2d(np.asarray(matrix))
    header = None
    if column_labels is not None:
        header = ([corner] if row_labels is not None else []) + list(column_labels)
    rows = [([row_labels[i]] if row_labels is not None else []) + list(row) for i, row in enumerate(matrix)]
    return write_csv(path, header, rows)


# ---- the Export menu ----------------------------------------------------------------------------
def default_folder() -> str:
    """The folder the last export went to; else the user's pictures (or documents) folder."""
    remembered = settings().value("export/last_folder")
    if remembered and Path(str(remembered)).is_dir():
        return str(remembered)
    for location in (QStandardPaths.StandardLocation.PicturesLocation,
                     QStandardPaths.StandardLocation.DocumentsLocation,
                     QStandardPaths.StandardLocation.HomeLocation):
        folder = QStandardPaths.writableLocation(location)
        if folder and Path(folder).is_dir():
            return folder
    return str(Path.home())


def remember_folder(path) -> None:
    settings().setValue("export/last_folder", str(Path(path).resolve().parent))


class ExportButton(QToolButton):
    """The "Export" button every view has: picture (PNG 2× / SVG) and data (CSV).

    `view` provides export_png(path), export_svg(path), export_csv(path) and `export_basename`;
    errors are shown in a message box, never raised."""

    def __init__(self, view, parent=None):
        super().__init__(parent)
        self.view = view
        self.setText(self.tr("Export"))
        self.setToolTip(self.tr("Save the picture (PNG or SVG) or the numbers (CSV)"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self)
        for label, suffix in ((self.tr("PNG image (2×)…"), "png"), (self.tr("SVG drawing…"), "svg"),
                              (self.tr("CSV data…"), "csv")):
            action = menu.addAction(label)
            action.triggered.connect(lambda _=False, s=suffix: self.ask(s))
        self.setMenu(menu)

    def ask(self, suffix: str) -> None:
        start = str(Path(default_folder()) / f"{self.view.export_basename()}.{suffix}")
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export"), start, f"{suffix.upper()} (*.{suffix})")
        if path:
            self.save(path)

    def save(self, path) -> bool:
        """Write `path` (its suffix picks the format); True when it worked."""
        suffix = Path(path).suffix.lower()
        writer = {".png": self.view.export_png, ".svg": self.view.export_svg, ".csv": self.view.export_csv}.get(suffix)
        try:
            if writer is None:
                raise ValueError(self.tr("Unknown file type {0}: use .png, .svg or .csv").format(suffix or "''"))
            writer(path)
        except Exception as exc:  # a failed export must never take the app down
            QMessageBox.warning(self, self.tr("Export failed"), str(exc))
            return False
        remember_folder(path)
        return True
