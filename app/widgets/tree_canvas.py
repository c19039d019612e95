"""A zoomable canvas for a drawing bigger than the screen (a search tree): wheel and buttons
zoom, dragging pans, and an automatic view that fits the drawing without shrinking its text
below a readable size.  What to keep in sight when the drawing does not fit is the subclass's
choice (`frame()`).  Knows nothing about what is drawn."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPainterPath
from PySide6.QtWidgets import QFrame, QGraphicsScene, QGraphicsView

from app import style


def curved_edge(start: QPointF, end: QPointF) -> QPainterPath:
    """A horizontal S-curve from `start` to `end` (tree edges drawn left to right)."""
    return s_curve(start.x(), start.y(), end.x(), end.y())


def s_curve(x0: float, y0: float, x1: float, y1: float) -> QPainterPath:
    """The S-curve from (x0, y0) to (x1, y1), made from plain numbers: a third of the time of
    QPointF arithmetic, which counted when a tree's first paint made 500-1,000 of them."""
    path = QPainterPath()
    path.moveTo(x0, y0)
    dx = (x1 - x0) / 2
    path.cubicTo(x0 + dx, y0, x1 - dx, y1, x1, y1)
    return path


class TreeCanvas(QGraphicsView):
    """Zoom with the wheel (about the point under the mouse), +/− or `zoom()` (about the view's
    centre); pan by dragging; `fit()` (key 0) fits the drawing at a readable size.

    What is framed and scrolled over is `content_rect()` (the subclass sets it with
    `set_content_rect`: e.g. the part revealed so far); the scene rect is that plus half a
    viewport on every side, united with the part about to be shown, so any point of the content
    can sit at the view's centre (a zoom keeps the centre where it was) and framing can put a
    small drawing at the left of the view instead of Qt centring it in an empty canvas.

    fit_mode: "auto" (the automatic view: `frame()` after every change), "fit" (the Fit button:
    like "auto", scaled to the content drawn so far) or None (the user's own zoom or pan, kept).
    user_scale: the scale of the user's last zoom (None: none since Fit or a new text size); the
    automatic view frames at it, so a new drawing (a new input) is framed afresh without undoing
    the size the user chose to read it at."""

    #: the scale factor after a zoom (tests, status)
    zoomed = Signal(float)

    MAX_FIT_SCALE = 1.4
    #: no text of the drawing is framed smaller on screen than this fraction of the application's
    #: text size (the user's choice of what they can read): below it the view scrolls instead
    READABLE_FRACTION = 0.8
    MIN_SCALE, MAX_SCALE = 0.05, 8.0

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        # zoom() keeps its own anchor (the centre, or the point under the mouse for the wheel)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        # the padded scene is always larger than the view: bars shown always keep the viewport's
        # size fixed (appearing bars resized it, which re-framed it, which moved the bars …)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setBackgroundBrush(style.plot_background())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.fit_mode: str | None = "auto"
        self.user_scale: float | None = None
        self._content = QRectF()

    # ---- what is framed ------------------------------------------------------------------------
    def content_rect(self) -> QRectF:
        return QRectF(self._content)

    def set_content_rect(self, rect: QRectF) -> None:
        centre = self.mapToScene(self.viewport().rect().center())
        self._content = QRectF(rect)
        self._pad_scene(centre)  # what is shown stays (the automatic view then frames it anew)

    def _pad_scene(self, centre: QPointF | None = None) -> None:
        """The scene rect for the current scale, with room to put `centre` (a scene point) at the
        viewport's centre."""
        scale = self.scale_factor()
        half_w = self.viewport().width() / scale / 2
        half_h = self.viewport().height() / scale / 2
        rect = self._content.adjusted(-half_w, -half_h, half_w, half_h)
        if centre is not None:
            rect = rect.united(QRectF(centre.x() - half_w, centre.y() - half_h, 2 * half_w, 2 * half_h))
        self.setSceneRect(rect)

    def scale_factor(self) -> float:
        return self.transform().m11()

    def smallest_font(self) -> QFont:
        """The smallest font the drawing uses (the subclass's; default: the application's)."""
        return style.font()

    def readable_scale(self) -> float:
        """The smallest scale at which the drawing's smallest text is READABLE_FRACTION of the
        application's text size on screen."""
        return (self.READABLE_FRACTION * QFontMetricsF(style.font()).height()
                / QFontMetricsF(self.smallest_font()).height())

    def fitting_scale(self, rect: QRectF) -> float:
        """The scale that shows `rect` whole, between the readable scale and MAX_FIT_SCALE."""
        vw, vh = self.viewport().width(), self.viewport().height()
        if rect.isEmpty() or vw < 10 or vh < 10:
            return self.scale_factor()
        fits = min(vw / rect.width(), vh / rect.height(), self.MAX_FIT_SCALE)
        return max(fits, self.readable_scale())

    def framing_scale(self, rect: QRectF) -> float:
        """The automatic view's scale: the user's zoom, else the one that fits `rect` readably."""
        return self.user_scale if self.user_scale is not None else self.fitting_scale(rect)

    def visible_scene_rect(self) -> QRectF:
        """The part of the scene the viewport shows now (tests, framing)."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def show_at(self, scale: float, left: float, top: float) -> None:
        """Scale to `scale` and scroll so that the scene point (left, top) is the viewport's top left."""
        self.resetTransform()
        self.scale(scale, scale)
        centre = QPointF(left + self.viewport().width() / scale / 2, top + self.viewport().height() / scale / 2)
        self._pad_scene(centre)
        self.centerOn(centre)
        self.zoomed.emit(scale)

    def frame(self) -> None:
        """The automatic view (the subclass decides what to keep in sight); default: the content
        at its fitting scale, from its top left."""
        rect = self.content_rect()
        self.show_at(self.framing_scale(rect), rect.left(), rect.top())

    def fit(self) -> None:
        """The Fit button and key 0: the content drawn so far, as large as fits, never below the
        readable scale (then it scrolls)."""
        self.fit_mode = "fit"
        self.user_scale = None
        self.frame()

    def auto_view(self) -> None:
        """Re-apply the automatic view after the drawing or the widget changed (not a user's zoom)."""
        if self.fit_mode is not None:
            self.frame()
        else:
            self._pad_scene(self.mapToScene(self.viewport().rect().center()))

    def zoom(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom by `factor` keeping the scene point under `anchor` (viewport coordinates; None:
        the viewport's centre) where it is."""
        old = self.scale_factor()
        new = min(max(old * factor, self.MIN_SCALE), self.MAX_SCALE)
        centre = QPointF(self.viewport().rect().center())
        anchor = centre if anchor is None else QPointF(anchor)
        fixed = self.mapToScene(anchor.toPoint())
        self.fit_mode = None
        self.user_scale = new
        self.resetTransform()
        self.scale(new, new)
        target = QPointF(fixed) + (centre - anchor) / new
        self._pad_scene(target)
        self.centerOn(target)
        self.zoomed.emit(new)

    def wheelEvent(self, event):
        delta = event.angleDelta().y()
        if delta:
            self.zoom(1.15 if delta > 0 else 1 / 1.15, event.position())
        event.accept()

    def mouseMoveEvent(self, event):
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.fit_mode = None  # the user pans: keep their view
        super().mouseMoveEvent(event)

    def resizeEvent(self, event):
        centre = self.mapToScene(self.viewport().rect().center())
        super().resizeEvent(event)
        if self.fit_mode is not None:
            self.frame()
        else:  # the user's view: the same scene point stays in the middle
            self._pad_scene(centre)
            self.centerOn(centre)

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
