"""The beam tree's edges (app/views/beam/edges.py): each an S-curve between its two ends, drawn
where it lies and only there, in its style's pen."""
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem


def test_an_s_curve_has_the_control_points_of_a_horizontal_s(qapp):
    from app.widgets.tree_canvas import s_curve

    path = s_curve(10.0, 20.0, 50.0, 80.0)
    points = [(path.elementAt(i).x, path.elementAt(i).y) for i in range(path.elementCount())]
    # written out: start, then half the width along the start's level, half back at the end's level
    assert points == [(10.0, 20.0), (30.0, 20.0), (30.0, 80.0), (50.0, 80.0)]
    assert path.elementAt(0).type == QPainterPath.ElementType.MoveToElement


def drawn(layer, size=(120, 120)) -> QImage:
    image = QImage(*size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = QRectF(0, 0, *size)
    layer.paint(painter, option)
    painter.end()
    return image


def test_each_shown_edge_is_drawn_through_its_middle_in_its_pen_and_a_hidden_one_is_not(qapp):
    from app.views.beam.edges import EdgeLayer

    layer = EdgeLayer({"other": QPen(QColor("#0000ff"), 3.0), "path": QPen(QColor("#ff0000"), 3.0)})
    layer.set_ends({1: (10.0, 20.0, 50.0, 80.0), 2: (60.0, 10.0, 100.0, 10.0)})
    layer.set_highlighted({2})
    image = drawn(layer)
    # an S-curve passes through the middle of its ends (its symmetry point)
    assert image.pixelColor(30, 50).blue() > 200 and image.pixelColor(30, 50).red() < 80
    assert image.pixelColor(80, 10).red() > 200 and image.pixelColor(80, 10).blue() < 80
    assert image.pixelColor(80, 60) == QColor("white")  # where no edge lies
    layer.set_hidden({1})
    assert drawn(layer).pixelColor(30, 50) == QColor("white")
    assert layer.shown() == {"other": [], "path": [2]}
