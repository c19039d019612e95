"""A zoomable canvas for a drawing bigger than the screen (a search tree): wheel and buttons
zoom, dragging pans, and an automatic view that fits the drawing without shrinking its text
below a readable size.  What to keep in sight when the drawing does not fit is the subclass's
choice (`follow()`).  Knows nothing about what is drawn."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView

from app import style


def curved_edge(start: QPointF, end: QPointF) -> QPainterPath:
    """A horizontal S-curve from `start` to `end` (tree edges drawn left to right)."""
    path = QPainterPath(start)
    dx = (end.x() - start.x()) / 2
    path.cubicTo(start + QPointF(dx, 0), end - QPointF(dx, 0), end)
    return path


class TreeCanvas(QGraphicsView):
    """Zoom with the wheel, +/− or `zoom()`; pan by dragging; `fit()` shows everything, key 0 too.

    fit_mode: "readable" (the automatic view: fit, but never below MIN_READABLE_SCALE),
    "all" (the Fit button: everything, however small) or None (the user's own zoom or pan, kept)."""

    #: the scale factor after a zoom (tests, status)
    zoomed = Signal(float)

    MAX_FIT_SCALE = 1.4
    MIN_READABLE_SCALE = 0.8
    MIN_SCALE, MAX_SCALE = 0.05, 8.0

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(style.plot_background())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.fit_mode: str | None = "readable"

    def follow(self) -> None:
        """The drawing does not fit at the chosen scale: scroll to what matters (default: its start)."""
        rect = self.scene().sceneRect()
        self.centerOn(rect.left() + self.viewport().width() / self.transform().m11() / 2, rect.center().y())

    def fit(self, readable: bool = False) -> None:
        """Zoom to the whole drawing; `readable` never shrinks below MIN_READABLE_SCALE."""
        rect = self.scene().sceneRect()
        if rect.isEmpty() or self.viewport().width() < 10:
            return
        vw, vh = self.viewport().width(), self.viewport().height()
        scale = min(vw / rect.width(), vh / rect.height(), self.MAX_FIT_SCALE)
        if readable:
            scale = max(scale, self.MIN_READABLE_SCALE)
        self.resetTransform()
        self.scale(scale, scale)
        self.fit_mode = "readable" if readable else "all"
        if rect.width() * scale <= vw and rect.height() * scale <= vh:
            self.centerOn(rect.center())
        else:
            self.follow()
        self.zoomed.emit(self.transform().m11())

    def auto_view(self) -> None:
        """Re-apply the automatic view after the drawing or the widget changed (not a user's zoom)."""
        if self.fit_mode == "readable":
            self.fit(readable=True)
        elif self.fit_mode == "all":
            self.fit()

    def toggle_fit(self) -> None:
        """The Fit button: the whole drawing, or back to the readable automatic view."""
        self.fit(readable=self.fit_mode == "all")

    def zoom(self, factor: float) -> None:
        scale = self.transform().m11() * factor
        if self.MIN_SCALE <= scale <= self.MAX_SCALE:
            self.scale(factor, factor)
        self.fit_mode = None
        self.zoomed.emit(self.transform().m11())

    def wheelEvent(self, event):
        delta = event.angleDelta().y()
        if delta:
            self.zoom(1.15 if delta > 0 else 1 / 1.15)
        event.accept()

    def mouseMoveEvent(self, event):
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.fit_mode = None  # the user pans: keep their view
        super().mouseMoveEvent(event)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self.auto_view()

    def keyPressEvent(self, event):
        if event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)
        elif event.key() == Qt.Key.Key_Minus:
            self.zoom(1 / 1.25)
        elif event.key() == Qt.Key.Key_0:
            self.fit()
        else:
            super().keyPressEvent(event)

    def drawn_rect(self, margin: float = 16) -> QRectF:
        """The part of the scene with visible items (hidden ones, e.g. steps not yet revealed, left out)."""
        rect = QRectF()
        for item in self.scene().items():
            if item.isVisible():
                rect = rect.united(item.sceneBoundingRect())
        return rect.adjusted(-margin, -margin, margin, margin)

    def whole_picture(self) -> QGraphicsView:
        """An unshown view of everything drawn, at 1:1 and without scroll bars, for a picture
        export (the canvas itself shows only what fits on the screen)."""
        rect = self.drawn_rect()
        view = QGraphicsView(self.scene())
        view.setFrameShape(QFrame.Shape.NoFrame)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setRenderHints(self.renderHints())
        view.setBackgroundBrush(self.backgroundBrush())
        view.setSceneRect(rect)
        view.resize(max(1, round(rect.width())), max(1, round(rect.height())))
        return view

    def sizeHint(self) -> QSize:
        return QSize(800, 500)
